/** Amounts in the configured money word and multiplier, as every price on screen shows them. */
import { useSnapshot } from 'valtio';
import { moneyLabel } from '../../../protocol/money';
import { configState, currencyOf } from '../../state/config';

export function useMoneyLabelOf(): (credit: number) => string {
  const { config } = useSnapshot(configState);
  const { words, multiplier } = currencyOf(config);
  return (credit: number) => moneyLabel(credit, words, multiplier);
}
