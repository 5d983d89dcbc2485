/** Footer links, in the spec's order (spec 001 §2). */
import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { userState } from '../../state/user';

const PRIMARY = [
  { label: 'Discover', to: '/masterlist' },
  { label: 'Backpack', to: '/myhomeback' },
  { label: 'Messages', to: '/mymessage' },
];
const SECONDARY = [
  { label: 'Help & FAQs', to: '/howitwork/works' },
  { label: 'Terms and Policies', to: '/howitwork/policy' },
  { label: 'Customer Care', to: '/customer/list' },
  { label: 'About us', to: '/aboutus' },
];

export function Footer() {
  const { me } = useSnapshot(userState);
  // A broadcaster's workspace has no member pages to link to.
  const primary = me?.role === 'lady' ? [] : PRIMARY;
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
              <Link to={l.to}>{l.label}</Link>
            </li>
          ))}
        </ul>
        <p className="footer-note">© Glimmer</p>
      </nav>
    </footer>
  );
}
