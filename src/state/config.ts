/** The product configuration (/pman/config/api/getconfig): currency word and multiplier. */
import { proxy } from 'valtio';
import {
  DEFAULT_MONEY_MULTIPLIER,
  DEFAULT_MONEY_TYPE,
  type MoneyWords,
  moneyWords,
} from '../../protocol/money';
import type { AppConfig } from '../../protocol/types';

export const configState = proxy<{ config: AppConfig | null }>({ config: null });

export function currencyOf(config: Pick<AppConfig, 'money_type' | 'money_multiplier'> | null): {
  words: MoneyWords;
  multiplier: number;
} {
  return {
    words: moneyWords(config?.money_type || DEFAULT_MONEY_TYPE),
    multiplier: config?.money_multiplier || DEFAULT_MONEY_MULTIPLIER,
  };
}
