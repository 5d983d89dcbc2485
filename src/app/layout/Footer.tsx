/** Footer links, in the spec's order (spec 001 §2). */
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { careState } from '../../features/care/unread-state';
import { userState } from '../../state/user';
import { afterPaint } from '../after-paint';
import { afterFirstPaint } from '../first-paint';
import { menuBadge } from './badges';

// The region's legal entity (spec 000 §1), read from /index/getcorpid after first paint.
const LegalEntity = afterPaint(() =>
  import('../../features/partner-sites/LegalEntity').then((m) => m.LegalEntity),
);

const CARE_PATH = '/customer/list';

const PRIMARY = [
  { label: 'Discover', to: '/masterlist' },
  { label: 'Backpack', to: '/myhomeback' },
  { label: 'Messages', to: '/mymessage' },
];
const SECONDARY = [
  { label: 'Help & FAQs', to: '/howitwork/works' },
  { label: 'Terms and Policies', to: '/howitwork/policy' },
  { label: 'Customer Care', to: CARE_PATH },
  { label: 'About us', to: '/aboutus' },
];

export function Footer() {
  const { me } = useSnapshot(userState);
  // A broadcaster's workspace has no member pages to link to.
  const primary = me?.role === 'lady' ? [] : PRIMARY;
  const { unread: careUnread } = useSnapshot(careState);
  // Care's unread answers: a member's, followed from sign-in on.
  useEffect(() => {
    if (me?.role !== 'man') return;
    // Its calls and the socket's code load after the first paint, outside the first screen's JS.
    void afterFirstPaint.then(() => import('../../features/care/unread')).then((m) => m.followCareUnread());
  }, [me?.role]);
  const careBadge = menuBadge(careUnread);
  return (
    <footer className="footer">
      <nav aria-label="Footer" className="footer-inner">
        <ul className="footer-primary">
          {primary.map((l) => (
            <li key={l.to}>
              <Link to={l.to}>{l.label}</Link>
            </li>
          ))}
        </ul>
        <ul className="footer-secondary">
          {SECONDARY.map((l) => (
            <li key={l.to}>
              <Link to={l.to} data-testid={l.to === CARE_PATH ? 'footer-care' : undefined}>
                {l.label}
                {l.to === CARE_PATH && careBadge && (
                  <>
                    {' '}
                    <span className="badge" aria-hidden="true">
                      {careBadge}
                    </span>
                    <span className="visually-hidden">({careUnread} new answers)</span>
                  </>
                )}
              </Link>
            </li>
          ))}
        </ul>
        <p className="footer-note">© Glimmer</p>
        <LegalEntity />
      </nav>
    </footer>
  );
}
