/** Report a broadcaster: a reason from the short list and, if he likes, a few words (up to 500). */
import { useState } from 'react';
import {
  REPORT_TEXT_MAX,
  SAFETY_REASON_LABELS,
  SAFETY_REASONS,
  type SafetyReason,
  SafetyText,
} from '../../../protocol/safety/safety';
import { errorText } from '../../api/use-request';
import { Modal } from '../../app/popups/Modal';
import { showToast } from '../../state/ui';
import { sendReport } from './api';

export function ReportDialog({
  anchorId,
  name,
  onClose,
}: {
  anchorId: string;
  name: string;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<SafetyReason | ''>('');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const formId = `safety-report-${anchorId}`;

  const submit = async () => {
    if (!reason) {
      setError('Please choose a reason.');
      return;
    }
    setBusy(true);
    setError('');
    try {
      await sendReport(anchorId, reason, text.trim());
      showToast(SafetyText.reported, 'info');
      onClose();
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };

  return (
    <Modal
      title={`Report ${name}`}
      onClose={onClose}
      testId="safety-report-dialog"
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button
            type="submit"
            form={formId}
            className="btn btn-primary"
            disabled={busy}
            data-testid="safety-report-send"
          >
            {busy ? 'Sending…' : 'Send report'}
          </button>
        </>
      }
    >
      <form
        id={formId}
        className="safety-report"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p>Our team reads every report. She is not told who sent it.</p>
        <fieldset className="safety-reasons">
          <legend>Why are you reporting her?</legend>
          {SAFETY_REASONS.map((r) => (
            <label key={r} className="safety-reason">
              <input
                type="radio"
                name="reason"
                value={r}
                checked={reason === r}
                onChange={() => setReason(r)}
              />
              {SAFETY_REASON_LABELS[r]}
            </label>
          ))}
        </fieldset>
        <label className="safety-text">
          What happened (optional)
          <textarea
            value={text}
            rows={3}
            maxLength={REPORT_TEXT_MAX}
            onChange={(e) => setText(e.target.value)}
            data-testid="safety-report-text"
          />
          <span className="safety-count">
            {text.length}/{REPORT_TEXT_MAX}
          </span>
        </label>
        {error && (
          <p className="modal-note" role="alert">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
