/**
 * The console's reports (role `trust`): members' open reports about broadcasters, newest first,
 * each marked handled with an optional note (src/features/safety holds the calls).
 */
import { useState } from 'react';
import { REPORT_NOTE_MAX, SAFETY_REASON_LABELS, type SafetyReport } from '../../../protocol/safety/safety';
import { errorText, useRequest } from '../../api/use-request';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { When } from '../../app/time/When';
import { getOpenReports, handleReport } from '../safety/api';

function Report({ report, onHandled }: { report: SafetyReport; onHandled: () => void }) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const titleId = `op-report-${report.report_id}`;
  return (
    <li className="card op-report" data-testid="op-report" aria-labelledby={titleId}>
      <h3 id={titleId} className="op-report-title">
        {SAFETY_REASON_LABELS[report.reason]}
      </h3>
      <p className="muted">
        {report.member_nickname} ({report.member_id}) about {report.anchor_nickname} ({report.anchor_id}) ·{' '}
        <When seconds={report.time} />
      </p>
      {report.text ? (
        <p className="op-report-text">{report.text}</p>
      ) : (
        <p className="muted">No text given.</p>
      )}
      <form
        className="op-report-form"
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
          setError('');
          handleReport(report.report_id, note.trim()).then(onHandled, (e: unknown) => {
            setBusy(false);
            setError(errorText(e));
          });
        }}
      >
        <label className="care-field">
          Note (optional)
          <input
            type="text"
            value={note}
            maxLength={REPORT_NOTE_MAX}
            onChange={(e) => setNote(e.target.value)}
            data-testid="op-report-note"
          />
        </label>
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="op-report-handle">
          {busy ? 'Saving…' : 'Mark handled'}
        </button>
        {error && (
          <p className="care-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </li>
  );
}

export function ReportsPanel() {
  const [version, setVersion] = useState(0);
  const [state, retry] = useRequest(getOpenReports, `reports:${version}`);
  return (
    <section className="op-panel" aria-label="Reports">
      <h2>Open reports</h2>
      {state.status === 'loading' && (
        <p className="muted" role="status">
          Loading…
        </p>
      )}
      {state.status === 'error' && <ErrorRetry message={state.error} onRetry={retry} />}
      {state.status === 'ready' && state.data.list.length === 0 && (
        <div className="empty-state" data-testid="op-reports-empty">
          No open reports. Members' reports about broadcasters appear here.
        </div>
      )}
      {state.status === 'ready' && state.data.list.length > 0 && (
        <ul className="op-list" data-testid="op-reports">
          {state.data.list.map((r) => (
            <Report key={r.report_id} report={r} onHandled={() => setVersion((v) => v + 1)} />
          ))}
        </ul>
      )}
    </section>
  );
}
