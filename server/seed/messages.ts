/**
 * Demo private messages: which broadcasters are robots (they answer by themselves unless
 * ROBOT_REPLIES=0), the members' Intimacy experience toward some broadcasters (a row also makes her
 * a contact), and two conversations for M1001. A2002 has no experience with M1001, so the demo
 * shows 16157 there; M1004 (no credit) has level 1 with A2001, so the demo can reach 10025.
 */
import type { Db } from '../storage/contract';

/** Online broadcasters that are not demo logins. */
export const ROBOT_ANCHORS: readonly string[] = ['A2007', 'A2019', 'A2024', 'A2033'];

/** [member, broadcaster, experience] (levels: 1 from 1, 2 from 100, 3 from 300; protocol/messages/messages.ts). */
export const DEMO_INTIMACY: readonly (readonly [string, string, number])[] = [
  ['M1001', 'A2001', 150],
  ['M1001', 'A2003', 40],
  ['M1001', 'A2005', 320],
  ['M1001', 'A2007', 20],
  ['M1001', 'A2008', 10],
  ['M1001', 'A2012', 60],
  ['M1001', 'A2019', 5],
  ['M1001', 'A2031', 2],
  ['M1002', 'A2001', 5],
  ['M1003', 'A2001', 10],
  ['M1003', 'A2002', 10],
  ['M1003', 'A2007', 5],
  ['M1004', 'A2001', 5],
  ['M1011', 'A2001', 5],
  ['M1005', 'A2001', 10],
  ['M1005', 'A2003', 10],
  ['M1005', 'A2007', 10],
  ['M1005', 'A2024', 5],
];

/** [member, broadcaster, from member?, text, minutes ago]. */
const DEMO_MESSAGES: readonly (readonly [string, string, boolean, string, number])[] = [
  ['M1001', 'A2003', true, 'Hi Valentina! I loved your show yesterday [img:4]', 180],
  ['M1001', 'A2003', false, 'Thank you James! It was fun. Will you come again on Friday?', 170],
  ['M1001', 'A2005', false, 'Hello James, I saw you follow me. Nice to meet you [img:3]', 45],
];

export async function seedMessages(tx: Db): Promise<void> {
  await tx.query('UPDATE anchors SET is_robot = true WHERE userid = ANY($1::text[])', [ROBOT_ANCHORS]);
  for (const [memberId, anchorId, experience] of DEMO_INTIMACY) {
    await tx.query(
      `INSERT INTO intimacy (member_id, anchor_id, experience) VALUES ($1, $2, $3)
       ON CONFLICT (member_id, anchor_id) DO NOTHING`,
      [memberId, anchorId, experience],
    );
  }
  for (const [index, [memberId, anchorId, fromMember, text, minutesAgo]] of DEMO_MESSAGES.entries()) {
    await tx.query(
      `INSERT INTO pm_conversations (member_id, anchor_id) VALUES ($1, $2) ON CONFLICT (member_id, anchor_id) DO NOTHING`,
      [memberId, anchorId],
    );
    const [row] = await tx.query<{ id: unknown }>(
      `INSERT INTO private_messages (member_id, anchor_id, from_member, content, msg_key, created_at)
       VALUES ($1, $2, $3, $4, $5, now() - $6::int * interval '1 minute')
       ON CONFLICT (msg_key) DO NOTHING RETURNING id`,
      [memberId, anchorId, fromMember, text, `seed:${index}`, minutesAgo],
    );
    if (!row) continue;
    // The same counters a send keeps (server/features/messages/messages-repository.ts).
    await tx.query(
      fromMember
        ? `UPDATE pm_conversations SET member_sent = member_sent + 1, member_run = member_run + 1, anchor_run = 0,
             anchor_unread = anchor_unread + 1, last_msg_id = $3, updated_at = now() - $4::int * interval '1 minute'
           WHERE member_id = $1 AND anchor_id = $2`
        : `UPDATE pm_conversations SET anchor_sent = anchor_sent + 1, anchor_run = anchor_run + 1, member_run = 0,
             member_unread = member_unread + 1, last_msg_id = $3, updated_at = now() - $4::int * interval '1 minute'
           WHERE member_id = $1 AND anchor_id = $2`,
      [memberId, anchorId, row.id, minutesAgo],
    );
  }
  // The conversation with A2003 has been read on both sides; A2005's message waits unread.
  await tx.query(
    `UPDATE private_messages SET is_read = true WHERE member_id = 'M1001' AND anchor_id = 'A2003'`,
  );
  await tx.query(
    `UPDATE pm_conversations SET anchor_unread = 0, member_unread = 0 WHERE member_id = 'M1001' AND anchor_id = 'A2003'`,
  );
}
