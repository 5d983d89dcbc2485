/** The price a bubble's Accept commits him to: a One-on-One invitation costs by the minute. */

import type { BubbleType } from '../../../protocol/realtime';
import { ONE_ON_ONE_CREDIT_PER_MINUTE } from '../../../protocol/realtime';

/** Credits a minute that accepting costs; null when accepting costs nothing by itself. */
export function acceptPricePerMinute(type: BubbleType): number | null {
  return type === 'askPrivate' || type === 'autoInvitePrivate' ? ONE_ON_ONE_CREDIT_PER_MINUTE : null;
}
