/**
 * The user menu's profile items (spec 002 §2: Profile Completeness, Edit profile, Verify login
 * email, Verify mobile number) and the dialogs two of them open. The dialogs live in a host that
 * stays mounted beside the menu, so closing the menu does not close them.
 */
import { Link } from '@tanstack/react-router';
import { proxy, useSnapshot } from 'valtio';
import { whenShown } from '../../app/after-paint';
import { userState } from '../../state/user';
import { editProfilePath, ProfilePages } from './paths';

// The menu's dialogs load when opened: every page carries the menu, few open them.
const CompleteProfileDialog = whenShown(() =>
  import('./CompleteProfileDialog').then((m) => m.CompleteProfileDialog),
);
const EmailVerifyDialog = whenShown(() => import('./EmailVerify').then((m) => m.EmailVerifyDialog));

export const profileDialog = proxy<{ open: 'complete' | 'email' | null }>({ open: null });

export function ProfileMenuItems({ onNavigate }: { onNavigate: () => void }) {
  const { me } = useSnapshot(userState);
  if (me?.role !== 'man') return null;
  const open = (which: 'complete' | 'email') => {
    onNavigate();
    profileDialog.open = which;
  };
  return (
    <>
      <li>
        <button
          type="button"
          className="menu-item"
          onClick={() => open('complete')}
          data-testid="menu-completeness"
        >
          Profile Completeness
          {me.man_profile_val !== undefined && <span className="menu-item-note"> {me.man_profile_val}%</span>}
        </button>
      </li>
      <li>
        <Link
          to={editProfilePath(me.step)}
          className="menu-item"
          onClick={onNavigate}
          data-testid="menu-edit-profile"
        >
          Edit profile
        </Link>
      </li>
      <li>
        <button
          type="button"
          className="menu-item"
          onClick={() => open('email')}
          data-testid="menu-verify-email"
        >
          Verify login email
          {me.email_verified === 'Y' && <span className="menu-item-note"> ✓</span>}
        </button>
      </li>
      <li>
        <Link
          to={ProfilePages.verifyPhone}
          className="menu-item"
          onClick={onNavigate}
          data-testid="menu-verify-phone"
        >
          Verify mobile number
          {me.qpid_seal?.v_phone === 1 && <span className="menu-item-note"> ✓</span>}
        </Link>
      </li>
    </>
  );
}

export function ProfileDialogs() {
  const { open } = useSnapshot(profileDialog);
  const close = () => {
    profileDialog.open = null;
  };
  if (open === 'complete') return <CompleteProfileDialog onClose={close} />;
  if (open === 'email') return <EmailVerifyDialog onClose={close} />;
  return null;
}
