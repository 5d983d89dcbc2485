/** Top header: logo, balances (members only), the notification bell and the user menu. */
import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { Pages } from '../../../protocol/paths';
import { sessionState } from '../../state/session';
import { userState } from '../../state/user';
import { Balances } from './Balances';
import { BrandMark } from './icons';
import { MainNav } from './MainNav';
import { NotificationBell } from './NotificationBell';
import { UserMenu } from './UserMenu';

export function Header() {
  const { me } = useSnapshot(userState);
  const { status } = useSnapshot(sessionState);
  // The cached profile renders the header while the session is still starting (and offline).
  const signedIn = me !== null && status !== 'visitor';
  const home = me?.role === 'lady' ? '/broadcaster' : '/home';

  return (
    // Invitation bubbles keep clear of it.
    <header className="header" data-keep-clear="">
      <div className="header-bar">
        <Link to={home} className="logo" aria-label="Glimmer home">
          <BrandMark />
          <span className="logo-word">Glimmer</span>
        </Link>
        {signedIn && me.role === 'man' && <Balances />}
        <div className="header-actions">
          {signedIn && <NotificationBell />}
          {signedIn && <UserMenu />}
          {status === 'visitor' && (
            <a className="btn btn-primary btn-small" href={Pages.memberLogin}>
              Sign in
            </a>
          )}
        </div>
      </div>
      {me?.role !== 'lady' && <MainNav />}
    </header>
  );
}
