/** The client configuration (the gift catalogue is server/features/gifts). */

import { SOCKET_PATH } from '../../../protocol/paths';
import { ADD_CREDIT_PAGE } from '../../../protocol/payments/payments';
import { MONEY_KEY_DEFAULTS } from '../../../protocol/profile/settings';
import type { AppConfig } from '../../../protocol/types';

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
