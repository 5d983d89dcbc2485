/**
 * The broadcaster's Say Hi: the ones members sent her, newest open first, each answered once from
 * here. A new Say Hi (imLady/sayHiReceivedNotice) refreshes the list.
 */
import { useCallback, useEffect, useState } from 'react';
import {
  type LadySayHiItem,
  SAY_HI_GREETINGS,
  SAY_HI_RECEIVED_EVENT,
  SAY_HI_RESPONSE_MAX,
} from '../../../../protocol/sayhi/sayhi';
import { errorText } from '../../../api/use-request';
import { realtime } from '../../../realtime';
import { getLadySayHiList, respondSayHi } from '../api';
import '../sayhi.css';

function Answer({ item, onDone }: { item: LadySayHiItem; onDone: () => void }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await respondSayHi(item.sayid, text.trim());
      onDone();
    } catch (failure) {
      setError(errorText(failure));
      setBusy(false);
    }
  };
  return (
    <form
      className="lady-sayhi-answer"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim()) void send();
      }}
    >
      <label>
        <span className="visually-hidden">Your response to {item.man_nickname}</span>
        <textarea
          value={text}
          maxLength={SAY_HI_RESPONSE_MAX}
          rows={2}
          placeholder={`Answer ${item.man_nickname}`}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      <button type="submit" className="btn btn-primary btn-small" disabled={busy || !text.trim()}>
        Respond
      </button>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

export function LadySayHiPanel() {
  const [items, setItems] = useState<LadySayHiItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    getLadySayHiList().then(
      (data) => {
        setItems(data.list);
        setError(null);
      },
      (failure: unknown) => setError(errorText(failure)),
    );
  }, []);
  useEffect(() => {
    load();
    return realtime.on(SAY_HI_RECEIVED_EVENT, load);
  }, [load]);

  return (
    <section
      className="card workspace-panel lady-sayhi"
      aria-labelledby="lady-sayhi-title"
      data-testid="lady-sayhi"
    >
      <header className="workspace-head">
        <h2 id="lady-sayhi-title">Say Hi from members</h2>
      </header>
      {error && <p role="alert">{error}</p>}
      {!items && !error && <p role="status">Loading…</p>}
      {items?.length === 0 && <p className="muted">No Say Hi yet.</p>}
      {items && items.length > 0 && (
        <ul className="lady-sayhi-list">
          {items.map((item) => (
            <li key={item.sayid}>
              <p>
                <strong>{item.man_nickname}</strong> ({item.man_id}):{' '}
                <q>{SAY_HI_GREETINGS[item.greeting] ?? ''}</q>
              </p>
              {item.has_response ? <p className="muted">Answered</p> : <Answer item={item} onDone={load} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
