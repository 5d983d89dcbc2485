/** The Intimacy popup (spec 001 §1): the level with a broadcaster, progress to the next, the privileges. */
import { INTIMACY_PRIVILEGES, type UserAnchorInfo } from '../../../protocol/messages/messages';
import { useRequest } from '../../api/use-request';
import { Modal } from '../../app/popups/Modal';
import { getIntimacy } from './api';

export function progressOf(info: UserAnchorInfo): { percent: number; toNext: number | undefined } {
  const next = info.intimacy_level_list.find((l) => l.level === info.intimacy + 1);
  const current = info.intimacy_level_list.find((l) => l.level === info.intimacy);
  if (!next) return { percent: 100, toNext: undefined };
  const from = current?.min ?? 0;
  const percent = Math.max(
    0,
    Math.min(100, Math.round(((info.intimacy_experience - from) / (next.min - from)) * 100)),
  );
  return { percent, toNext: next.min - info.intimacy_experience };
}

export function IntimacyPopup({
  anchorId,
  name,
  onClose,
}: {
  anchorId: string;
  name: string;
  onClose(): void;
}) {
  const [state, retry] = useRequest(() => getIntimacy(anchorId), anchorId);
  return (
    <Modal
      title={`Intimacy with ${name}`}
      onClose={onClose}
      testId="intimacy-popup"
      actions={
        <button type="button" className="btn btn-primary" onClick={onClose}>
          Close
        </button>
      }
    >
      {state.status === 'loading' && <p>Loading…</p>}
      {state.status === 'error' && (
        <p role="alert">
          {state.error}{' '}
          <button type="button" className="btn btn-ghost btn-small" onClick={retry}>
            Retry
          </button>
        </p>
      )}
      {state.status === 'ready' && (
        <>
          <p className="pm-level">
            Intimacy Level <strong data-testid="intimacy-level">{state.data.intimacy}</strong>
          </p>
          <div
            className="pm-progress"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progressOf(state.data).percent}
            aria-label="Progress to the next level"
          >
            <span style={{ width: `${progressOf(state.data).percent}%` }} />
          </div>
          <p className="pm-note">
            Experience {state.data.intimacy_experience}
            {progressOf(state.data).toNext !== undefined &&
              ` · ${progressOf(state.data).toNext} to the next level`}
          </p>
          <ul className="pm-privileges">
            {INTIMACY_PRIVILEGES.map((p) => (
              <li key={p.level} className={p.level <= state.data.intimacy ? 'pm-have' : ''}>
                Level {p.level}: {p.text}
              </li>
            ))}
          </ul>
          <p className="pm-note">
            You gain intimacy from every moment you share with her: minutes in her broadcast, One-on-One and
            hang-outs, Live Chat, mail, gifts, a ticket to her show, a Say Hi she answers, and messages both
            ways. Her profile shows what each earns.
          </p>
        </>
      )}
    </Modal>
  );
}
