/** Every help page by path, and the two navigation lists (howitwork and the service introductions). */
import { FAQ } from './faq';
import { HOWITWORK } from './howitwork';
import { SERVICE_INTRO } from './service-intro';
import type { HelpDoc } from './types';

export type { FaqCategory, FaqItem, HelpBlock, HelpDoc, HelpSection } from './types';
export { FAQ, HOWITWORK, SERVICE_INTRO };

const byPath = new Map<string, HelpDoc>([...HOWITWORK, ...SERVICE_INTRO].map((doc) => [doc.path, doc]));

export const helpDoc = (path: string): HelpDoc | undefined => byPath.get(path.replace(/\/$/, ''));

/** The side navigation of /howitwork, FAQ included. */
export const HOWITWORK_NAV: readonly { path: string; title: string }[] = [
  ...HOWITWORK.slice(0, 1),
  { path: '/howitwork/faq/0', title: 'Help & FAQs' },
  ...HOWITWORK.slice(1),
].map(({ path, title }) => ({ path, title }));

export const SERVICE_NAV = SERVICE_INTRO.map(({ path, title }) => ({ path, title }));
