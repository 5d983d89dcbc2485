/** The user menu: nickname and avatar; profile items (later releases) and Sign out. */
import { Link } from '@tanstack/react-router';
import { useCallback, useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { arrivesWith } from '../../features/placeholders/later';
import { showToast } from '../../state/ui';
import { userState } from '../../state/user';
import { afterPaint } from '../after-paint';
import { session } from '../session';
import { Avatar } from './Avatar';
import { ChevronDown } from './icons';
import { useDismiss } from './use-dismiss';

const PROFILE_ITEMS = ['Profile Completeness', 'Edit profile', 'Verify login email', 'Verify mobile number'];

// Its count follows realtime events: after first paint.
const BookingTipsMenuItem = afterPaint(() =>
  import('../../features/booking/TipsMenuItem').then((m) => m.BookingTipsMenuItem),
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
            {me.role === 'man' && <BookingTipsMenuItem onNavigate={close} />}
            {me.role === 'man' &&
              PROFILE_ITEMS.map((label) => (
                <li key={label}>
                  <button
                    type="button"
                    className="menu-item"
                    onClick={() => {
                      close();
                      showToast(`${label}: ${arrivesWith('release')}`, 'info');
                    }}
                  >
                    {label}
                  </button>
                </li>
              ))}
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
            {me.role === 'man' && (
              <li>
                <Link to="/mysetting" className="menu-item" onClick={close}>
                  Settings
                </Link>
              </li>
            )}
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
    </div>
  );
}
