/**
 * Who a charge pays: every credit or stamp move names the broadcaster it is for (null when it is
 * for nobody: a refund, a stamp pack). A suspended broadcaster cannot be paid, whatever the call.
 */
import { ACCOUNT_STATUS_SUSPENDED } from '../../../protocol/constants';
import { Errno, Messages } from '../../../protocol/errors';
import { ApiError } from '../../core/errors';
import type { Db } from '../../storage/contract';
import { toInt } from '../../storage/rows';

/** Throws when `payee` is a suspended broadcaster; her row is share-locked until the transaction ends. */
export async function assertPayable(db: Db, payee: string | null, delta: number): Promise<void> {
  if (payee === null || delta >= 0) return;
  const [row] = await db.query<{ account_status: unknown }>(
    'SELECT account_status FROM anchors WHERE userid = $1 FOR SHARE',
    [payee],
  );
  if (row && toInt(row.account_status) === ACCOUNT_STATUS_SUSPENDED) {
    throw new ApiError(Errno.ACCOUNT_SUSPENDED, Messages.profileGone);
  }
}
