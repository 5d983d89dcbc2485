/**
 * 10002/10004 after one token renewal: the spec's login-timeout popup. Login opens the login page
 * in a new window; back here, Continue picks the session up again without losing the page.
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Messages } from '../../../protocol/errors';
import { Pages } from '../../../protocol/paths';
import { closeLoginTimeout, uiState } from '../../state/ui';
import { session } from '../session';
import { Modal } from './Modal';

export function LoginTimeoutPopup() {
  const { loginTimeout } = useSnapshot(uiState);
  const [checking, setChecking] = useState(false);
  const [stillOut, setStillOut] = useState(false);
  if (!loginTimeout) return null;

  const resume = async () => {
    setChecking(true);
    try {
      await session.reloadUser();
      setStillOut(false);
      closeLoginTimeout();
    } catch {
      setStillOut(true);
    } finally {
      setChecking(false);
    }
  };

  return (
    <Modal
      title="Login timed out"
      testId="login-timeout"
      onClose={closeLoginTimeout}
      actions={
        <>
          <a className="btn btn-primary" href={Pages.memberLogin} target="_blank" rel="noopener">
            Login
          </a>
          <button type="button" className="btn btn-secondary" onClick={resume} disabled={checking}>
            {checking ? 'Checking…' : 'Continue'}
          </button>
        </>
      }
    >
      <p>{Messages.loginTimeout}</p>
      {stillOut && (
        <p className="modal-note" role="alert">
          You are not logged in yet.
        </p>
      )}
    </Modal>
  );
}
