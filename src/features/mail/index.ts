/** The mail pages, loaded as one chunk by the route map. */
export { ComposePage, MailSentPage } from './ComposePage';
export { GreetingMailPage, InboxPage, OutboxPage } from './MailPages';
export { StampHistoriesPage, StampsPage } from './StampsPages';
