/** The Say Hi pages, loaded as a chunk of their own (see src/app/routes.tsx). */
export {
  SayHiAboutPage,
  SayHiAllPage,
  SayHiDetailPage,
  SayHiWaitPage,
  SayHiWithDataPage,
} from './ListPages';
export { SayHiPreviewPage, SayHiSendPage, SayHiSuccessPage } from './SendPages';
