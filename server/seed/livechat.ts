/**
 * Live chat's demo data: free chat tickets (M1001 and M1003 hold one each, good with any
 * broadcaster), and Henry (M1008), the live-chat story's member: a paid member with no tickets or
 * vouchers, 1 chat minute and 1.00 credit, so his first minute takes the chat minute and the next
 * ones credits (tests/e2e/livechat.spec.ts changes nobody else's balances).
 */
import type { Db } from '../storage/contract';
import { ALL_PRIVILEGES, type MemberSeed } from './members';
import { insertMember, insertOpeningBalance } from './write';

export const LIVECHAT_MEMBER: MemberSeed = {
  userid: 'M1008',
  nickname: 'Henry',
  creditHundredths: 100,
  poststamp: 0,
  chatmin: 1,
  isPaid: true,
  consumeLevel: 1,
  agreeProvision: true,
  guideMail: false,
  priv: ALL_PRIVILEGES,
};

export const DEMO_CHAT_TICKETS = [
  { ticketId: 'T1001-1', userId: 'M1001', days: 14 },
  { ticketId: 'T1003-1', userId: 'M1003', days: 14 },
] as const;

export async function seedLiveChat(tx: Db, now: Date, passwordHash: string): Promise<void> {
  await insertMember(tx, LIVECHAT_MEMBER, passwordHash);
  await insertOpeningBalance(tx, LIVECHAT_MEMBER.userid, LIVECHAT_MEMBER.creditHundredths);
  for (const t of DEMO_CHAT_TICKETS) {
    await tx.query(
      `INSERT INTO livechat_tickets (ticket_id, user_id, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (ticket_id) DO NOTHING`,
      [t.ticketId, t.userId, new Date(now.getTime() + t.days * 86_400_000)],
    );
  }
}
