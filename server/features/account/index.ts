export { personalFilesEraser, personalRowsEraser } from './account-repository';
export { AccountService } from './account-service';
export type { AccountDeps, AccountSessions } from './deps';
export { type AccountFacts, type AccountFactsOf, accountFacts } from './facts';
export {
  MAIL_OUTBOX_CSS,
  MAIL_OUTBOX_STYLESHEET,
  readMailOutbox,
  registerMailOutbox,
  renderMailOutboxPage,
} from './mail-outbox-page';
export { accountRoutes } from './routes';
export { NEW_MEMBER_PRIV } from './signup';
