/** The user menu: nickname and avatar; his profile items and their dialogs; Sign out. */
import { Link } from '@tanstack/react-router';
import { useCallback, useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { memberPrivOf, userState } from '../../state/user';
import { afterPaint } from '../after-paint';
import { session } from '../session';
import { Avatar } from './Avatar';
import { ChevronDown } from './icons';
import { useDismiss } from './use-dismiss';

// Its count follows realtime events: after first paint.
// His profile items and the dialogs they open (src/features/profile).
const ProfileMenuItems = afterPaint(() =>
  import('../../features/profile/ProfileMenu').then((m) => m.ProfileMenuItems),
);
const ProfileDialogs = afterPaint(() =>
  import('../../features/profile/ProfileMenu').then((m) => m.ProfileDialogs),
);
const BookingTipsMenuItem = afterPaint(() =>
  import('../../features/booking/TipsMenuItem').then((m) => m.BookingTipsMenuItem),
);
// His backpack, with what is new in it.
const BackpackMenuItem = afterPaint(() =>
  import('../../features/backpack/BackpackMenuItem').then((m) => m.BackpackMenuItem),
);
// Buying credits from anywhere (the checkout opens as a popup, or in place on a phone).
const AddCreditsMenuItem = afterPaint(() =>
  import('../../features/payments/AddCreditsMenuItem').then((m) => m.AddCreditsMenuItem),
);
// The app download (the PWA's install offer) and, below, his account and the partner-site switcher.
const AppDownloadItem = afterPaint(() =>
  import('../../features/guides/AppDownloadItem').then((m) => m.AppDownloadItem),
);
// His account and the partner-site switcher (spec 002 §2), asked for when the menu opens.
const PartnerSitesMenu = afterPaint(() =>
  import('../../features/partner-sites/PartnerSitesMenu').then((m) => m.PartnerSitesMenu),
);

export function UserMenu() {
  const { me } = useSnapshot(userState);
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(root, open, close);
  if (!me) return null;

  const signOut = async () => {
    setSigningOut(true);
    await session.signOut();
  };

  return (
    <div className="popover-root" ref={root}>
      <button
        type="button"
        className="user-button"
        data-testid="user-menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        <Avatar src={me.photourl} name={me.nickname} size={32} />
        <span className="user-name">{me.nickname}</span>
        <ChevronDown />
      </button>
      {open && (
        <nav id={menuId} className="popover user-menu" aria-label="Account">
          <p className="user-menu-head">
            <strong>{me.nickname}</strong>
            <span>ID: {me.userid}</span>
          </p>
          <ul>
            {me.role === 'man' && <AddCreditsMenuItem onNavigate={close} />}
            {me.role === 'man' && <BookingTipsMenuItem onNavigate={close} />}
            {me.role === 'man' && <BackpackMenuItem onNavigate={close} />}
            {me.role === 'man' && <ProfileMenuItems onNavigate={close} />}
            {me.role === 'man' && (
              <li>
                <Link to="/oneononelist" className="menu-item" onClick={close}>
                  One-on-One
                </Link>
              </li>
            )}
            {me.role === 'man' && (
              <li>
                <Link to="/sayhilistindex/all" className="menu-item" onClick={close}>
                  Say Hi
                </Link>
              </li>
            )}
            {me.role === 'man' && memberPrivOf(me).call === 1 && (
              <li>
                <Link to="/callService" className="menu-item" onClick={close}>
                  Phone calls
                </Link>
              </li>
            )}
            {me.role === 'man' && (
              <li>
                <Link to="/mysetting" className="menu-item" onClick={close}>
                  Settings
                </Link>
              </li>
            )}
            {me.role === 'man' && (
              <li>
                <Link to="/account/security" className="menu-item" onClick={close}>
                  Account &amp; security
                </Link>
              </li>
            )}
            {me.role === 'man' && <AppDownloadItem onNavigate={close} />}
            {me.role === 'man' && <PartnerSitesMenu onNavigate={close} />}
            <li className="menu-separator">
              <button
                type="button"
                className="menu-item menu-item-danger"
                data-testid="sign-out"
                disabled={signingOut}
                onClick={signOut}
              >
                {signingOut ? 'Signing out…' : 'Sign out'}
              </button>
            </li>
          </ul>
        </nav>
      )}
      {me.role === 'man' && <ProfileDialogs />}
    </div>
  );
}
