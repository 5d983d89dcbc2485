/**
 * The demo operator: a member-type account the console signs in with (at /user/login). It holds
 * operator roles only where development tools are on (server/config.ts), never in production,
 * because its password is the published demo password.
 */
import type { Db } from '../storage/contract';
import { hashPassword } from '../storage/passwords';
import { ALL_PRIVILEGES, type MemberSeed } from './members';
import { insertMember } from './write';

export const DEMO_OPERATOR_ID = 'M9001';

const DEMO_OPERATOR: MemberSeed = {
  userid: DEMO_OPERATOR_ID,
  nickname: 'Care Team',
  creditHundredths: 0,
  poststamp: 0,
  chatmin: 0,
  isPaid: false,
  consumeLevel: 0,
  agreeProvision: true,
  guideMail: true,
  priv: ALL_PRIVILEGES,
};

export async function insertDemoOperator(tx: Db, hash: string): Promise<void> {
  await insertMember(tx, DEMO_OPERATOR, hash);
}

/** A database seeded before the operator existed gets him once (the check is one query a start). */
export async function seedDemoOperator(db: Db, password: string): Promise<void> {
  const [row] = await db.query('SELECT 1 FROM users WHERE userid = $1', [DEMO_OPERATOR_ID]);
  if (row) return;
  await insertDemoOperator(db, await hashPassword(password));
}
