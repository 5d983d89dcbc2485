/** The main navigation and its highlight rules (spec 002 §2 "Route guard"). */

export type NavKey = 'discover' | 'shows' | 'messages' | 'mail' | 'help' | 'news';

export interface NavItem {
  key: NavKey;
  label: string;
  to: string;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'discover', label: 'Discover', to: '/masterlist' },
  { key: 'shows', label: 'Shows', to: '/showorder' },
  { key: 'messages', label: 'Messages', to: '/mymessage' },
  { key: 'mail', label: 'Mail', to: '/inbox' },
  { key: 'help', label: 'Help', to: '/howitwork/works' },
  { key: 'news', label: 'News', to: '/newsandmedia' },
];

/** Path prefixes each item stands for; home and broadcaster profiles belong to Discover. */
const SECTIONS: readonly [NavKey, readonly string[]][] = [
  ['discover', ['/masterlist', '/home', '/anchor', '/featuredlist']],
  ['shows', ['/showorder', '/myticket']],
  ['messages', ['/mymessage']],
  ['mail', ['/inbox', '/outbox', '/compose', '/lletter', '/sendmail']],
  ['help', ['/howitwork', '/help']],
  ['news', ['/newsandmedia']],
];

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

export function activeNavItem(pathname: string): NavKey | null {
  for (const [key, prefixes] of SECTIONS) if (prefixes.some((p) => under(pathname, p))) return key;
  return null;
}
