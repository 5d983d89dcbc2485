/** The call-me pages, loaded as a chunk of their own (see routes.tsx). */
export { AddAuthorizationPage, AuthorizationDetailPage, AuthorizationStatusPage } from './DetailPages';
export { CallAuthorizationPage, CallMeListPage } from './ListPages';
