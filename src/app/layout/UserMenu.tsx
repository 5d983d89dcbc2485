/** The user menu: nickname and avatar; his profile items and their dialogs; Sign out. */
import { Link } from '@tanstack/react-router';
import { useCallback, useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { memberPrivOf, userState } from '../../state/user';
import { afterPaint, whenShown } from '../after-paint';
import { session } from '../session';
import { Avatar } from './Avatar';
import { ChevronDown } from './icons';
import { useDismiss } from './use-dismiss';

// The booking tips item's count follows realtime events from the start: after first paint.
const BookingTipsMenuItem = afterPaint(() =>
  import('../../features/booking/TipsMenuItem').then((m) => m.BookingTipsMenuItem),
);
// The other items load when the menu is about to open (pointer, finger or keyboard on its button):
// his profile items and the dialogs they open (src/features/profile), his backpack with what is new
// in it, buying credits from anywhere, the app download, and the partner-site switcher (spec 002 §2).
const ProfileMenuItems = whenShown(() =>
  import('../../features/profile/ProfileMenu').then((m) => m.ProfileMenuItems),
);
const ProfileDialogs = whenShown(() =>
  import('../../features/profile/ProfileMenu').then((m) => m.ProfileDialogs),
);
const BackpackMenuItem = whenShown(() =>
  import('../../features/backpack/BackpackMenuItem').then((m) => m.BackpackMenuItem),
);
const AddCreditsMenuItem = whenShown(() =>
  import('../../features/payments/AddCreditsMenuItem').then((m) => m.AddCreditsMenuItem),
);
const AppDownloadItem = whenShown(() =>
  import('../../features/guides/AppDownloadItem').then((m) => m.AppDownloadItem),
);
const PartnerSitesMenu = whenShown(() =>
  import('../../features/partner-sites/PartnerSitesMenu').then((m) => m.PartnerSitesMenu),
);
const LATE_ITEMS = [
  ProfileMenuItems,
  ProfileDialogs,
  BackpackMenuItem,
  AddCreditsMenuItem,
  AppDownloadItem,
  PartnerSitesMenu,
];
const preloadItems = () => {
  for (const item of LATE_ITEMS) item.preload();
};

export function UserMenu() {
  const { me } = useSnapshot(userState);
  const [open, setOpen] = useState(false);
  // His profile dialogs outlive the menu that opens them; they load once it has been open.
  const [opened, setOpened] = useState(false);
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
        onPointerEnter={preloadItems}
        onTouchStart={preloadItems}
        onFocus={preloadItems}
        onClick={() => {
          preloadItems();
          setOpened(true);
          setOpen((o) => !o);
        }}
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
      {me.role === 'man' && opened && <ProfileDialogs />}
    </div>
  );
}
