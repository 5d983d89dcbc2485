/** The main navigation with the spec's highlight rules. */
import { Link, useLocation } from '@tanstack/react-router';
import { afterPaint } from '../after-paint';
import { activeNavItem, NAV_ITEMS } from './nav';

// The badges follow realtime events: they load after first paint.
const UnreadBadge = afterPaint(() =>
  import('../../features/messages/UnreadBadge').then((m) => m.UnreadBadge),
);
const MailBadge = afterPaint(() => import('../../features/mail/MailBadge').then((m) => m.MailBadge));

export function MainNav() {
  const pathname = useLocation({ select: (l) => l.pathname });
  const active = activeNavItem(pathname);
  return (
    <nav className="main-nav" aria-label="Main">
      <ul>
        {NAV_ITEMS.map((item) => (
          <li key={item.key}>
            <Link
              to={item.to}
              className={item.key === active ? 'nav-link active' : 'nav-link'}
              aria-current={item.key === active ? 'page' : undefined}
              activeOptions={{ exact: true }}
            >
              {item.label}
              {item.key === 'messages' && <UnreadBadge />}
              {item.key === 'mail' && <MailBadge />}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
