/**
 * The "More" menu on her profile and in a conversation: Block (after a confirmation that says what
 * it does) or Unblock, and Report. On the profile, while he blocks her, a notice says so with
 * Unblock. Loaded after the page has painted: nothing here is needed for its first screen.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { SafetyText } from '../../../protocol/safety/safety';
import { errorText } from '../../api/use-request';
import { useDismiss } from '../../app/layout/use-dismiss';
import { Modal } from '../../app/popups/Modal';
import { showToast } from '../../state/ui';
import { getSafetyStatus, setBlock } from './api';
import { ReportDialog } from './ReportDialog';
import './safety.css';

type Dialog = 'block' | 'report' | null;

export function SafetyMenu({
  anchorId,
  nickname,
  notice = false,
}: {
  anchorId: string;
  nickname: string;
  /** Show "You blocked her" with Unblock while he does (her profile). */
  notice?: boolean;
}) {
  const [blocked, setBlocked] = useState<boolean | null>(null);
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(root, open, close);
  const name = nickname || anchorId;

  useEffect(() => {
    let live = true;
    getSafetyStatus(anchorId).then(
      (s) => live && setBlocked(s.blocked === 1),
      // Unknown: the menu still offers Block; the server answers what is true.
      () => live && setBlocked(false),
    );
    return () => {
      live = false;
    };
  }, [anchorId]);

  const closeDialog = () => {
    setDialog(null);
    setError('');
    button.current?.focus();
  };

  const changeBlock = async (block: boolean) => {
    setBusy(true);
    setError('');
    try {
      await setBlock(anchorId, block);
      setBlocked(block);
      setDialog(null);
      showToast(block ? `You blocked ${name}.` : `You unblocked ${name}.`, 'info');
      button.current?.focus();
    } catch (e) {
      if (block) setError(errorText(e));
      else showToast(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const choose = (next: Dialog) => {
    setOpen(false);
    setDialog(next);
  };

  return (
    <div className="safety" data-testid="safety">
      {notice && blocked && (
        <div className="safety-notice" role="status" data-testid="safety-blocked-notice">
          <p>
            You blocked {name}. Her invitations and messages do not reach you, and she is hidden from your
            lists.
          </p>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            disabled={busy}
            onClick={() => void changeBlock(false)}
            data-testid="safety-unblock"
          >
            Unblock
          </button>
        </div>
      )}
      <div className="popover-root safety-more" ref={root}>
        <button
          ref={button}
          type="button"
          className="btn btn-ghost btn-small"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={`More about ${name}`}
          onClick={() => setOpen((o) => !o)}
          data-testid="safety-more"
        >
          More <span aria-hidden="true">⋯</span>
        </button>
        {open && (
          <ul id={menuId} className="popover safety-menu">
            <li>
              {blocked ? (
                <button
                  type="button"
                  className="menu-item"
                  disabled={busy}
                  onClick={() => {
                    setOpen(false);
                    void changeBlock(false);
                  }}
                  data-testid="safety-menu-unblock"
                >
                  Unblock {name}
                </button>
              ) : (
                <button
                  type="button"
                  className="menu-item menu-item-danger"
                  onClick={() => choose('block')}
                  data-testid="safety-menu-block"
                >
                  Block {name}
                </button>
              )}
            </li>
            <li>
              <button
                type="button"
                className="menu-item"
                onClick={() => choose('report')}
                data-testid="safety-menu-report"
              >
                Report {name}
              </button>
            </li>
          </ul>
        )}
      </div>
      {dialog === 'block' && (
        <Modal
          title={`Block ${name}?`}
          onClose={closeDialog}
          testId="safety-block-dialog"
          actions={
            <>
              <button type="button" className="btn btn-ghost" onClick={closeDialog} disabled={busy}>
                Cancel
              </button>
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => void changeBlock(true)}
                disabled={busy}
                data-testid="safety-block-confirm"
              >
                {busy ? 'Blocking…' : 'Block'}
              </button>
            </>
          }
        >
          <p>{SafetyText.blockExplains}</p>
          <p>You can unblock her any time from her profile or your settings.</p>
          {error && (
            <p className="modal-note" role="alert">
              {error}
            </p>
          )}
        </Modal>
      )}
      {dialog === 'report' && <ReportDialog anchorId={anchorId} name={name} onClose={closeDialog} />}
    </div>
  );
}
