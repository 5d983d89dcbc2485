/** The main navigation with the spec's highlight rules. */
import { Link, useLocation } from '@tanstack/react-router';
import { MailBadge } from '../../features/mail/MailBadge';
import { UnreadBadge } from '../../features/messages/UnreadBadge';
import { activeNavItem, NAV_ITEMS } from './nav';

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
