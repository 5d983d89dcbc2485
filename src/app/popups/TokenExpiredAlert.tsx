/**
 * The token-expiry alert box (spec 000 §2, §8): the token could not be renewed in the background,
 * so there is no logged-in user any more. OK goes to the login page and comes back here.
 */
import { useSnapshot } from 'valtio';
import { Messages } from '../../../protocol/errors';
import { uiState } from '../../state/ui';
import { loginUrl } from '../session/guard';
import { Modal } from './Modal';

const currentRoute = () => window.location.hash.replace(/^#/, '') || '/';

export function TokenExpiredAlert() {
  const { tokenExpired } = useSnapshot(uiState);
  if (!tokenExpired) return null;
  return (
    <Modal
      title="Session expired"
      role="alertdialog"
      testId="token-expired"
      actions={
        <a className="btn btn-primary" href={loginUrl(currentRoute())}>
          OK
        </a>
      }
    >
      <p>{Messages.authorizationExpired}</p>
    </Modal>
  );
}
