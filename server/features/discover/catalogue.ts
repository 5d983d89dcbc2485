/** The gift catalogue and the client configuration. */

import { fromHundredths } from '../../../protocol/money';
import { SOCKET_PATH } from '../../../protocol/paths';
import { ADD_CREDIT_PAGE } from '../../../protocol/payments/payments';
import { MONEY_KEY_DEFAULTS } from '../../../protocol/profile/settings';
import type { AppConfig, GiftListData } from '../../../protocol/types';
import type { Repositories } from '../../storage/contract';

/** Per-message price of a private message after the free ones (spec 002 §3, a money config key). */
export const SEND_PRIVATE_MESSAGE_CREDIT = MONEY_KEY_DEFAULTS.send_private_message_credit;

export interface MoneySettings {
  moneyType: string;
  moneyMultiplier: number;
}

export function appConfig(money: MoneySettings): AppConfig {
  return {
    money_type: money.moneyType,
    money_multiplier: money.moneyMultiplier,
    corp_key: '',
    addCreditPage: ADD_CREDIT_PAGE,
    loginPage: '/user/login',
    anchorLoginPage: '/broadcast/login',
    socket_url: SOCKET_PATH,
    familySites: [],
    send_private_message_credit: SEND_PRIVATE_MESSAGE_CREDIT,
  };
}

export class GiftService {
  constructor(private readonly repos: Repositories) {}

  async all(): Promise<GiftListData> {
    const gifts = await this.repos.gifts.all();
    return {
      list: gifts.map((g) => ({
        giftid: g.giftid,
        name: g.name,
        credit: fromHundredths(g.creditHundredths),
        small_imgurl: g.imgurl,
        new_user_num: g.newUserNum,
      })),
    };
  }
}
