/** The complete-profile dialog: his completeness, what is missing, and Edit profile. */
import { useNavigate } from '@tanstack/react-router';
import { ProfileText } from '../../../protocol/profile/profile';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { Modal } from '../../app/popups/Modal';
import { CompletenessBar, MissingList } from './Completeness';
import { editProfilePath } from './paths';
import { useProfile } from './use-profile';
import './profile.css';

export function CompleteProfileDialog({ onClose }: { onClose: () => void }) {
  const { state, reload } = useProfile();
  const navigate = useNavigate();
  const edit = () => {
    onClose();
    void navigate({ to: editProfilePath(state.kind === 'ready' ? state.profile.step : undefined) });
  };
  return (
    <Modal
      title={ProfileText.completeTitle}
      onClose={onClose}
      testId="complete-profile-dialog"
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Later
          </button>
          <button
            type="button"
            className="btn btn-primary"
            onClick={edit}
            data-testid="complete-profile-edit"
          >
            Edit profile
          </button>
        </>
      }
    >
      {state.kind === 'loading' && <p role="status">Loading your profile…</p>}
      {state.kind === 'error' && <ErrorRetry message={state.message} onRetry={() => void reload()} />}
      {state.kind === 'ready' && (
        <div className="complete-dialog">
          <CompletenessBar value={state.profile.man_profile_val} />
          {state.profile.man_profile_val < 100 && <p>{ProfileText.completeDialog}</p>}
          <MissingList profile={state.profile} />
        </div>
      )}
    </Modal>
  );
}
