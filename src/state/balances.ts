/** Credits, post stamps and chat minutes shown in the header. */
import { proxy } from 'valtio';

export const balancesState = proxy({
  credit: 0,
  poststamp: 0,
  chatmin: 0,
  /** imShare/lackOfCreditNotice said the credit is running out; a credit notice above 1 clears it. */
  lowCredit: false,
});
