/**
 * The broadcaster's shows in her workspace: publish a show, her calendar with tickets sold and the
 * start countdown (spec 000 §4 styles), cancel an upcoming show (every ticket is refunded). When one
 * of her shows is about to start (a toast on every section: show-start.ts) the list is read again,
 * and the show the toast's link names is brought into view.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { SHOW_LIMITS, SHOW_LIST_STEP } from '../../../../protocol/shows/shows';
import { errorText } from '../../../api/use-request';
import { Modal } from '../../../app/popups/Modal';
import { dateTime } from '../../../app/time/format';
import { When } from '../../../app/time/When';
import { cancelShow, createShow, getOwnShows, type LadyShowInfo } from '../api';
import { leftSec, listState, received, startCountdown } from '../rules';
import { usePrice } from '../ShowCard';
import { useNow } from '../use-now';
import { draftProblem, emptyDraft, type PublishDraft, secondsFromGmtField } from './publish';
import { showStartState } from './show-start';
import '../shows.css';

type Own = LadyShowInfo & { receivedAt: number };

export function LadyShowsPanel() {
  const [shows, setShows] = useState<Own[]>([]);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [error, setError] = useState('');
  const { heard, focus } = useSnapshot(showStartState);
  const [confirm, setConfirm] = useState<Own | null>(null);

  const load = useCallback(async () => {
    try {
      const list = await getOwnShows(0, SHOW_LIST_STEP);
      const at = Date.now();
      setShows(list.map((s) => ({ ...s, receivedAt: at })));
      setState('ready');
    } catch (e) {
      setError(errorText(e));
      setState('error');
    }
  }, []);

  // On mount, and again when a show's start notice is heard (its state has changed).
  useEffect(() => {
    void load();
  }, [load, heard]);

  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (!focus) return;
    const line = list.current?.querySelector<HTMLElement>(`[data-show-id="${CSS.escape(focus)}"]`);
    if (!line) return;
    line.scrollIntoView({ block: 'center' });
    line.focus({ preventScroll: true });
    showStartState.focus = '';
  }, [focus, shows]);

  return (
    <section className="card workspace-panel lady-shows" aria-labelledby="lady-shows-title">
      <header className="workspace-head">
        <h2 id="lady-shows-title">My shows</h2>
      </header>
      <PublishForm onPublished={load} />
      {state === 'loading' && shows.length === 0 && <p className="workspace-empty">Loading your shows…</p>}
      {state === 'error' && (
        <p className="workspace-empty" role="alert">
          {error}{' '}
          <button type="button" className="btn btn-ghost btn-small" onClick={() => void load()}>
            Retry
          </button>
        </p>
      )}
      {state === 'ready' && shows.length === 0 && (
        <p className="workspace-empty">You have not published a show yet.</p>
      )}
      {shows.length > 0 && (
        <ul className="lady-show-list" data-testid="lady-shows" ref={list}>
          {shows.map((show) => (
            <OwnShow key={show.live_show_id} show={show} onCancel={() => setConfirm(show)} />
          ))}
        </ul>
      )}
      {confirm && (
        <CancelDialog
          show={confirm}
          onDone={() => {
            setConfirm(null);
            void load();
          }}
        />
      )}
    </section>
  );
}

function OwnShow({ show, onCancel }: { show: Own; onCancel: () => void }) {
  const now = useNow();
  const live = received(show, show.receivedAt);
  const state = listState(live, now);
  const left = leftSec(live, now);
  const style = startCountdown(left);
  const price = usePrice(show.price);
  const upcoming = show.status === 1 && left > 0;
  return (
    <li
      className="lady-show"
      tabIndex={-1}
      data-testid="lady-show"
      data-show-id={show.live_show_id}
      data-status={show.status}
    >
      <img className="lady-show-cover" src={show.cover} alt="" width={64} height={48} loading="lazy" />
      <div className="lady-show-body">
        <strong>{show.show_title}</strong>
        <span className="workspace-sub">
          <When seconds={show.start_time} /> · {show.duration} min · {price}
        </span>
        <span className="workspace-sub" data-testid="lady-show-sold">
          {show.sold_num} of {show.ticket_num} tickets sold
          {show.refunded_num > 0 && ` · ${show.refunded_num} refunded`}
        </span>
        <span className="lady-show-state">
          {state.kind === 'cancelled' || state.kind === 'finished' ? (
            <span className={`show-badge show-badge-${state.kind}`}>
              {state.kind === 'cancelled' ? 'Cancelled' : 'Finished'}
            </span>
          ) : style.kind === 'countdown' ? (
            <span className="show-countdown" data-testid="lady-show-countdown">
              Starts in {style.text}
            </span>
          ) : style.kind === 'start' ? (
            <span className="show-countdown">start</span>
          ) : (
            <span className="show-badge show-badge-ongoing">Ongoing</span>
          )}
        </span>
      </div>
      {upcoming && (
        <button
          type="button"
          className="btn btn-ghost btn-small"
          data-testid="cancel-show"
          onClick={onCancel}
        >
          Cancel show
        </button>
      )}
    </li>
  );
}

function CancelDialog({ show, onDone }: { show: Own; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [result, setResult] = useState<number | null>(null);
  const go = async () => {
    setBusy(true);
    setError('');
    try {
      setResult((await cancelShow(show.live_show_id)).refunded_num);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title="Cancel this show?"
      testId="cancel-show-dialog"
      onClose={onDone}
      actions={
        result === null ? (
          <>
            <button type="button" className="btn btn-ghost" onClick={onDone}>
              Keep the show
            </button>
            <button
              type="button"
              className="btn btn-primary"
              data-testid="confirm-cancel-show"
              disabled={busy}
              aria-busy={busy}
              onClick={() => void go()}
            >
              Cancel show
            </button>
          </>
        ) : (
          <button type="button" className="btn btn-primary" onClick={onDone}>
            OK
          </button>
        )
      }
    >
      {result === null ? (
        <p>
          “{show.show_title}” on {dateTime(show.start_time)} will be cancelled and every ticket refunded (
          {show.sold_num} sold).
        </p>
      ) : (
        <p role="status" data-testid="cancel-show-result">
          The show is cancelled. {result} {result === 1 ? 'ticket was' : 'tickets were'} refunded.
        </p>
      )}
      {error && (
        <p className="ticket-message ticket-error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}

function PublishForm({ onPublished }: { onPublished: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<PublishDraft>(() => emptyDraft(Date.now()));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const set = <K extends keyof PublishDraft>(key: K, value: PublishDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const localId = useId();
  const startS = secondsFromGmtField(draft.start);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problem = draftProblem(draft, Date.now());
    setError(problem);
    setDone('');
    if (problem) return;
    setBusy(true);
    try {
      const answer = await createShow({
        show_title: draft.title.trim(),
        show_introduce: draft.introduce.trim(),
        start_time: secondsFromGmtField(draft.start),
        duration: draft.duration,
        price: draft.price.trim(),
        ticket_num: draft.tickets,
      });
      setDone(`Published “${answer.show_info.show_title}”.`);
      setDraft(emptyDraft(Date.now()));
      setOpen(false);
      await onPublished();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  if (!open) {
    return (
      <div className="publish-bar">
        <button
          type="button"
          className="btn btn-primary btn-small"
          data-testid="publish-show"
          onClick={() => setOpen(true)}
        >
          Publish a show
        </button>
        {done && (
          <span role="status" data-testid="publish-done">
            {done}
          </span>
        )}
      </div>
    );
  }
  return (
    <form className="publish-form" onSubmit={(e) => void submit(e)} data-testid="publish-form" noValidate>
      <label>
        Title
        <input
          value={draft.title}
          maxLength={SHOW_LIMITS.titleMax}
          onChange={(e) => set('title', e.target.value)}
          required
        />
      </label>
      <label>
        Description
        <textarea
          value={draft.introduce}
          maxLength={SHOW_LIMITS.introduceMax}
          rows={3}
          onChange={(e) => set('introduce', e.target.value)}
        />
      </label>
      <label>
        Start (GMT)
        <input
          type="datetime-local"
          value={draft.start}
          onChange={(e) => set('start', e.target.value)}
          aria-describedby={localId}
          required
        />
      </label>
      <span id={localId} className="publish-local" data-testid="publish-local-time">
        {Number.isFinite(startS) ? `Your time: ${dateTime(startS)}` : ''}
      </span>
      <div className="publish-row">
        <label>
          Duration (min)
          <input
            type="number"
            min={SHOW_LIMITS.durationMin}
            max={SHOW_LIMITS.durationMax}
            step={5}
            value={draft.duration}
            onChange={(e) => set('duration', Number(e.target.value))}
          />
        </label>
        <label>
          Price
          <input inputMode="decimal" value={draft.price} onChange={(e) => set('price', e.target.value)} />
        </label>
        <label>
          Tickets
          <input
            type="number"
            min={1}
            max={SHOW_LIMITS.capacityMax}
            value={draft.tickets}
            onChange={(e) => set('tickets', Number(e.target.value))}
          />
        </label>
      </div>
      {error && (
        <p className="ticket-message ticket-error" role="alert" data-testid="publish-error">
          {error}
        </p>
      )}
      <div className="publish-actions">
        <button type="button" className="btn btn-ghost btn-small" onClick={() => setOpen(false)}>
          Close
        </button>
        <button type="submit" className="btn btn-primary btn-small" disabled={busy} aria-busy={busy}>
          Publish
        </button>
      </div>
    </form>
  );
}
