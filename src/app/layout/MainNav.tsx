/**
 * The main navigation with the spec's highlight rules: a tab row under the header on wide screens,
 * a bottom tab bar of icons and labels on phones (shell.css).
 */
import { Link, useLocation } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { afterPaint } from '../after-paint';
import { ChatIcon, CompassIcon, HelpIcon, MailIcon, NewsIcon, TicketIcon } from './icons';
import { activeNavItem, NAV_ITEMS, type NavKey } from './nav';

// The badges follow realtime events: they load after first paint.
const UnreadBadge = afterPaint(() =>
  import('../../features/messages/UnreadBadge').then((m) => m.UnreadBadge),
);
const MailBadge = afterPaint(() => import('../../features/mail/MailBadge').then((m) => m.MailBadge));

const ICONS: Record<NavKey, ComponentType> = {
  discover: CompassIcon,
  shows: TicketIcon,
  messages: ChatIcon,
  mail: MailIcon,
  help: HelpIcon,
  news: NewsIcon,
};

export function MainNav() {
  const pathname = useLocation({ select: (l) => l.pathname });
  const active = activeNavItem(pathname);
  return (
    // Invitation bubbles keep clear of it (the bottom tab bar on phones).
    <nav className="main-nav" aria-label="Main" data-keep-clear="">
      <ul>
        {NAV_ITEMS.map((item) => {
          const Icon = ICONS[item.key];
          return (
            <li key={item.key}>
              <Link
                to={item.to}
                className={item.key === active ? 'nav-link active' : 'nav-link'}
                aria-current={item.key === active ? 'page' : undefined}
                activeOptions={{ exact: true }}
              >
                <span className="nav-icon">
                  <Icon />
                </span>
                <span className="nav-label">{item.label}</span>
                {item.key === 'messages' && <UnreadBadge />}
                {item.key === 'mail' && <MailBadge />}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
