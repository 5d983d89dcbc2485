/**
 * Her call settings: which calls she takes (instant, scheduled), her scheduled-call timetable (whole
 * UTC hours), whether the call center adds a translator, and her private number, which only she and
 * the call center ever read.
 */
import { useEffect, useState } from 'react';
import type { CallTakes } from '../../../../protocol/call-service/call-me-extra';
import type { CallSettings } from '../../../../protocol/call-service/call-service';
import { errorText, useRequest } from '../../../api/use-request';
import { ErrorRetry } from '../../../app/layout/ErrorRetry';
import { getCallSettings, getCallTakes, saveCallSettings, saveCallTakes } from './api';
import { hourLabel, toggleHour } from './rules';

const HOURS = Array.from({ length: 24 }, (_, h) => h);

function Takes() {
  const [state, retry] = useRequest(getCallTakes, 'lady-call-takes');
  const [takes, setTakes] = useState<CallTakes | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (state.status === 'ready') setTakes(state.data);
  }, [state]);
  if (state.status === 'error') return <ErrorRetry message={state.error} onRetry={retry} />;
  if (!takes) return <p role="status">Loading…</p>;
  const change = async (next: CallTakes) => {
    setError('');
    setTakes(next);
    try {
      setTakes(await saveCallTakes(next));
    } catch (failure) {
      setTakes(takes);
      setError(errorText(failure));
    }
  };
  return (
    <fieldset className="lady-call-takes">
      <legend>Calls you take</legend>
      <label className="check">
        <input
          type="checkbox"
          checked={takes.call_instant === 1}
          onChange={(event) => void change({ ...takes, call_instant: event.target.checked ? 1 : 0 })}
        />{' '}
        Instant calls
      </label>
      <label className="check">
        <input
          type="checkbox"
          checked={takes.call_schedule === 1}
          onChange={(event) => void change({ ...takes, call_schedule: event.target.checked ? 1 : 0 })}
        />{' '}
        Scheduled calls
      </label>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function SettingsForm({ initial }: { initial: CallSettings }) {
  const [s, setS] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const save = async () => {
    setBusy(true);
    setNote(null);
    try {
      setS(await saveCallSettings(s));
      setNote({ ok: true, text: 'Your call settings are saved.' });
    } catch (failure) {
      setNote({ ok: false, text: errorText(failure) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="lady-call-settings"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <fieldset>
        <legend>Your private number</legend>
        <p className="muted">Only you and our call center see it; members never do.</p>
        <div className="lady-call-phone">
          <label className="field">
            <span>Country code</span>
            <input
              value={s.area_code}
              inputMode="tel"
              autoComplete="tel-country-code"
              onChange={(event) => setS({ ...s, area_code: event.target.value })}
            />
          </label>
          <label className="field">
            <span>Number</span>
            <input
              value={s.phone_no}
              inputMode="tel"
              autoComplete="tel-national"
              onChange={(event) => setS({ ...s, phone_no: event.target.value })}
            />
          </label>
        </div>
      </fieldset>
      <label className="check">
        <input
          type="checkbox"
          checked={s.need_translator === 1}
          onChange={(event) => setS({ ...s, need_translator: event.target.checked ? 1 : 0 })}
        />{' '}
        Add a translator to my calls
      </label>
      <fieldset>
        <legend>Hours you take scheduled calls (UTC)</legend>
        <div className="lady-call-hours">
          {HOURS.map((h) => (
            <label key={h} className="lady-call-hour">
              <input
                type="checkbox"
                checked={s.call_hours.includes(h)}
                onChange={() => setS({ ...s, call_hours: toggleHour(s.call_hours, h) })}
              />
              <span>{hourLabel(h)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <button type="submit" className="btn btn-primary btn-small" disabled={busy}>
        Save call settings
      </button>
      {note && (
        <p className={note.ok ? 'muted' : 'form-error'} role={note.ok ? 'status' : 'alert'}>
          {note.text}
        </p>
      )}
    </form>
  );
}

export function SettingsPanel() {
  const [state, retry] = useRequest(getCallSettings, 'lady-call-settings');
  return (
    <section className="card workspace-panel lady-calls" aria-labelledby="lady-call-settings-title">
      <header className="workspace-head">
        <h2 id="lady-call-settings-title">Call settings</h2>
      </header>
      <Takes />
      {state.status === 'loading' && <p role="status">Loading…</p>}
      {state.status === 'error' && <ErrorRetry message={state.error} onRetry={retry} />}
      {state.status === 'ready' && <SettingsForm initial={state.data} />}
    </section>
  );
}
