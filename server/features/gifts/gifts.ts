/**
 * The gift catalogue as the calls answer it (getAllGiftList, getGiftDetail): prices in credits,
 * pictures drawn locally, the limited gifts flagged (protocol/gifts). Read by the booking popup, the
 * backpack and the package pop-up; the features that give gifts read `find` and `mayGive`.
 */
import { type GiftDetail, GiftErrno, type GiftListData, GiftMessages } from '../../../protocol/gifts/gifts';
import { fromHundredths } from '../../../protocol/money';
import { ApiError } from '../../core/errors';
import type { CatalogueGift, GiftsRepository } from './gifts-repository';

export const giftDetail = (g: CatalogueGift): GiftDetail => ({
  giftid: g.giftid,
  name: g.name,
  small_imgurl: g.imgurl,
  credit: fromHundredths(g.creditHundredths),
  intimacy_level: g.intimacyLevel,
});

export class GiftService {
  constructor(private readonly gifts: GiftsRepository) {}

  async all(): Promise<GiftListData> {
    const gifts = await this.gifts.all();
    return { list: gifts.map((g) => ({ ...giftDetail(g), new_user_num: g.newUserNum })) };
  }

  /** One gift; GiftErrno.UNKNOWN_GIFT when the catalogue does not hold it. */
  async detail(giftid: string): Promise<GiftDetail> {
    return giftDetail(await this.find(giftid));
  }

  /** The gift, for a feature that gives or sells it; GiftErrno.UNKNOWN_GIFT when there is none. */
  async find(giftid: string): Promise<CatalogueGift> {
    const gift = await this.gifts.find(giftid);
    if (!gift) throw new ApiError(GiftErrno.UNKNOWN_GIFT, GiftMessages.unknownGift);
    return gift;
  }
}
