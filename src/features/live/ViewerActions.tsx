/**
 * Her actions on one member watching her room, behind a small menu: Mute (or Unmute), Remove,
 * Ban for this session, Ban for good. A ban asks first. What happened is said beside his name.
 */
import { useEffect, useRef, useState } from 'react';
import type { BanScope, ModerationAnswer } from '../../../protocol/live/room-moderation';
import { errorText } from '../../api/use-request';
import { Modal } from '../../app/popups/Modal';
import { banMember, muteMember, removeMember } from './moderation-api';
import './moderation.css';

const BAN_LABEL: Record<BanScope, string> = {
  session: 'Ban for this session',
  forever: 'Ban for good',
};
const BAN_WHAT: Record<BanScope, string> = {
  session: 'He leaves your room now and cannot come back until you end this broadcast.',
  forever:
    'He leaves your room now and cannot enter your rooms or open a live chat with you until you lift the ban.',
};

export function ViewerActions({
  userid,
  nickname,
  muted,
  onDone,
}: {
  userid: string;
  nickname: string;
  /** As her moderation last said; without it, what her own actions here answered. */
  muted?: boolean;
  /** Something changed: the list and her moderation are read again (the Muted tag says a mute). */
  onDone?: () => void;
}) {
  const [isMuted, setMuted] = useState(muted ?? false);
  useEffect(() => {
    if (muted !== undefined) setMuted(muted);
  }, [muted]);
  const menu = useRef<HTMLDetailsElement>(null);
  const [confirming, setConfirming] = useState<BanScope | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  async function run(done: string, work: () => Promise<ModerationAnswer>) {
    if (menu.current) menu.current.open = false;
    setBusy(true);
    setStatus('');
    try {
      const answer = await work();
      setMuted(answer.muted === 1);
      setStatus(done);
      onDone?.();
    } catch (error) {
      setStatus(errorText(error));
    }
    setBusy(false);
  }

  return (
    <div className="viewer-actions">
      {isMuted && <span className="viewer-tag">Muted</span>}
      <details
        ref={menu}
        className="viewer-menu"
        onKeyDown={(event) => {
          // Escape closes the menu and leaves focus on its toggle.
          if (event.key !== 'Escape' || !menu.current?.open) return;
          menu.current.open = false;
          menu.current.querySelector('summary')?.focus();
        }}
      >
        <summary className="btn btn-small btn-ghost" aria-label={`Moderate ${nickname}`}>
          Moderate
        </summary>
        <fieldset className="viewer-menu-items">
          <legend className="visually-hidden">Moderate {nickname}</legend>
          <button
            type="button"
            className="btn btn-small btn-ghost"
            disabled={busy}
            onClick={() => void run('', () => muteMember(userid, !isMuted))}
          >
            {isMuted ? 'Unmute' : 'Mute'}
          </button>
          <button
            type="button"
            className="btn btn-small btn-ghost"
            disabled={busy}
            onClick={() => void run('Removed', () => removeMember(userid))}
          >
            Remove
          </button>
          {(['session', 'forever'] as const).map((scope) => (
            <button
              key={scope}
              type="button"
              className="btn btn-small btn-ghost"
              disabled={busy}
              onClick={() => {
                if (menu.current) menu.current.open = false;
                setConfirming(scope);
              }}
            >
              {BAN_LABEL[scope]}
            </button>
          ))}
        </fieldset>
      </details>
      {status && (
        <span role="status" className="viewer-status">
          {status}
        </span>
      )}
      {confirming && (
        <Modal
          role="alertdialog"
          title={`${BAN_LABEL[confirming]}: ${nickname}?`}
          onClose={() => setConfirming(null)}
          testId="ban-confirm"
          actions={
            <>
              <button type="button" className="btn btn-ghost" onClick={() => setConfirming(null)}>
                Cancel
              </button>
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => {
                  const scope = confirming;
                  setConfirming(null);
                  void run(scope === 'forever' ? 'Banned for good' : 'Banned for this session', () =>
                    banMember(userid, scope),
                  );
                }}
              >
                Ban
              </button>
            </>
          }
        >
          <p>{BAN_WHAT[confirming]}</p>
        </Modal>
      )}
    </div>
  );
}
