/**
 * The demo members' backpacks: each (the operator's and the live-chat story member's too) holds the
 * new-user gift package already, its pop-up seen, so the demo and the tests open on their page
 * rather than on the pop-up; GIFT_PACKAGE_DEMO_MEMBER
 * gets it at his first sign-in, as a member who signs up does.
 */

import { GIFT_PACKAGE_VALID_DAYS } from '../../protocol/backpack/backpack';
import { backpackRepository } from '../features/backpack';
import type { Db } from '../storage/contract';

export const GIFT_PACKAGE_DEMO_MEMBER = 'M1010';

export async function seedBackpacks(tx: Db): Promise<void> {
  const backpack = backpackRepository(tx);
  const members = await tx.query<{ userid: string }>('SELECT userid FROM members ORDER BY userid');
  for (const { userid } of members) {
    if (userid === GIFT_PACKAGE_DEMO_MEMBER) continue;
    await backpack.grantPackage(userid, GIFT_PACKAGE_VALID_DAYS);
    await backpack.markPackageShown(userid);
  }
}
