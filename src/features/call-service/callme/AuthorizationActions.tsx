/**
 * What he does with one call-me authorization, on the list and on its detail page: accept or
 * decline her invitation (an accepted one says so in a pop-up, then the page reads again), revoke a
 * granted one or remove one that is over, each after a confirmation; revoke and remove end on the
 * status page (authformstatus).
 */
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { CALL_RESERVATION_HUNDREDTHS, type CallMeItem } from '../../../../protocol/call-service/call-service';
import { errorText } from '../../../api/use-request';
import { Modal } from '../../../app/popups/Modal';
import { acceptCallMe, declineCallMe, removeAuthorization, revokeAuthorization } from './api';
import { actionsFor, type CallMeAction } from './rules';

type Dialog = 'revoke' | 'remove' | 'accepted' | null;

interface DialogSpec {
  title: string;
  testId: string;
  body: string;
  /** A confirmation (Keep it, or this); without one the dialog only tells her answer (OK). */
  confirm?: { label: string; onConfirm: () => void };
}

const fee = (CALL_RESERVATION_HUNDREDTHS / 100).toFixed(2);

export function AuthorizationActions({ item, onChanged }: { item: CallMeItem; onChanged: () => void }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const name = item.anchor_info.anchor_nickname;

  const run = async (work: () => Promise<unknown>, after: () => void) => {
    setBusy(true);
    setError('');
    try {
      await work();
      after();
    } catch (failure) {
      setDialog(null);
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };
  const toStatus = (status: 'cancelsuccess' | 'removesuccess') =>
    void navigate({ to: '/authformstatus', search: { ref_no: item.ref_no, status } });

  const buttonOf: Record<CallMeAction, { label: string; tone: string; onClick: () => void }> = {
    accept: {
      label: 'Accept',
      tone: 'btn-primary',
      onClick: () =>
        void run(
          () => acceptCallMe(item.ref_no),
          () => setDialog('accepted'),
        ),
    },
    decline: {
      label: 'Decline',
      tone: 'btn-ghost',
      onClick: () => void run(() => declineCallMe(item.ref_no), onChanged),
    },
    revoke: { label: 'Cancel authorization', tone: 'btn-secondary', onClick: () => setDialog('revoke') },
    remove: { label: 'Remove', tone: 'btn-ghost', onClick: () => setDialog('remove') },
  };
  const buttons = actionsFor(item.status).map((action) => {
    const b = buttonOf[action];
    return (
      <button
        key={action}
        type="button"
        className={`btn btn-small ${b.tone}`}
        disabled={busy}
        onClick={b.onClick}
      >
        {b.label}
      </button>
    );
  });

  const afterAccepted = () => {
    setDialog(null);
    onChanged();
  };
  const dialogs: Record<Exclude<Dialog, null>, DialogSpec> = {
    accepted: {
      title: 'Authorization granted',
      testId: 'callme-accepted',
      body: `${name} may now call you through our call center, and your instant call requests to her carry no reservation fee.`,
    },
    revoke: {
      title: 'Cancel this authorization?',
      testId: 'callme-revoke-confirm',
      body: `${name} will no longer be able to call you, and your instant call requests to her will carry the ${fee}-credit reservation fee again.`,
      confirm: {
        label: 'Cancel authorization',
        onConfirm: () =>
          void run(
            () => revokeAuthorization(item.ref_no),
            () => toStatus('cancelsuccess'),
          ),
      },
    },
    remove: {
      title: 'Remove this authorization?',
      testId: 'callme-remove-confirm',
      body: `The authorization from ${name} leaves your list for good.`,
      confirm: {
        label: 'Remove',
        onConfirm: () =>
          void run(
            () => removeAuthorization(item.ref_no),
            () => toStatus('removesuccess'),
          ),
      },
    },
  };

  return (
    <div className="callme-actions">
      {buttons}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {dialog && (
        <ActionDialog
          spec={dialogs[dialog]}
          busy={busy}
          onClose={dialog === 'accepted' ? afterAccepted : () => setDialog(null)}
        />
      )}
    </div>
  );
}

function ActionDialog({ spec, busy, onClose }: { spec: DialogSpec; busy: boolean; onClose: () => void }) {
  const { confirm } = spec;
  return (
    <Modal
      title={spec.title}
      role={confirm ? 'alertdialog' : 'dialog'}
      testId={spec.testId}
      onClose={onClose}
      actions={
        confirm ? (
          <>
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              Keep it
            </button>
            <button type="button" className="btn btn-primary" disabled={busy} onClick={confirm.onConfirm}>
              {confirm.label}
            </button>
          </>
        ) : (
          <button type="button" className="btn btn-primary" onClick={onClose}>
            OK
          </button>
        )
      }
    >
      <p>{spec.body}</p>
    </Modal>
  );
}
