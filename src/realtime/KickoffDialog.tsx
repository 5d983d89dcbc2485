/** The kick-off dialog (spec 001 §4): the account signed in on another device; only signing in again leads on. */
import { useSnapshot } from 'valtio';
import { Messages } from '../../protocol/errors';
import { Pages } from '../../protocol/paths';
import { Modal } from '../app/popups/Modal';
import { kickoffState } from './kickoff-state';

export function KickoffDialog() {
  const { open, loginPage } = useSnapshot(kickoffState);
  if (!open) return null;
  return (
    <Modal
      title="Signed out"
      role="dialog"
      testId="kickoff-dialog"
      actions={
        <a className="btn btn-primary" href={loginPage || Pages.memberLogin}>
          Sign in again
        </a>
      }
    >
      <p>{Messages.kickoff}</p>
    </Modal>
  );
}
