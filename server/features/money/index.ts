export { chatminLedgerRepository } from './chatmin-ledger-repository';
export { creditOf, notifyCredit, ONE_MINUTE_HUNDREDTHS } from './credit';
export type { LedgerRepository } from './ledger-repository';
export { ledgerRepository } from './ledger-repository';
export { assertPayable } from './payee';
