/** Which offer a page shows for her now, from the answers and the local records (rules.ts). */
import type { DiscountInfo, ForcePushPlace, HolidayPopStyle } from '../../../protocol/offers/offers';
import { type DiscountPopRecord, discountPopAllowed, type ForcePushRecord, forcePushAllowed } from './rules';

export type OfferKind = 'holiday' | 'birthday' | 'flowers';

export const PLACE_OF: Record<HolidayPopStyle, ForcePushPlace> = {
  anchor: 'anchor',
  room: 'live',
  livechat: 'chat',
};

/** The discount pop due on this page (the holiday first, then her birthday), if any. */
export function discountOffer(
  info: DiscountInfo,
  anchorId: string,
  style: HolidayPopStyle,
  record: DiscountPopRecord,
  now: number,
): { kind: 'holiday' | 'birthday'; id: string } | undefined {
  const holiday = `holiday:${info.holiday_key}`;
  if (info.holiday_show === 1 && discountPopAllowed(record, holiday, style, now))
    return { kind: 'holiday', id: holiday };
  const birthday = `birthday:${anchorId}`;
  if (info.birthday_off > 0 && discountPopAllowed(record, birthday, style, now))
    return { kind: 'birthday', id: birthday };
  return undefined;
}

/** Whether the flower force-push is due for her here (the server said yes, the record allows it). */
export function flowersDue(
  result: number,
  record: ForcePushRecord | null,
  anchorId: string,
  style: HolidayPopStyle,
  now: number,
) {
  return result === 1 && forcePushAllowed(record, anchorId, PLACE_OF[style], now);
}
