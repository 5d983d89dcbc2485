/**
 * The console's adverts (role `adverts`): every banner and ad pop-up, switched on or off, and edited
 * (title, alt text, link, one of the drawn creatives, scenes and pages). Saved as data: members see
 * a change on their next load, with no release.
 */
import { useEffect, useRef, useState } from 'react';
import {
  ADVERT_ALT_MAX,
  ADVERT_CREATIVES,
  ADVERT_PAGE,
  ADVERT_TITLE_MAX,
  ADVERT_URL_MAX,
  type OperatorAdvert,
} from '../../../protocol/adverts/adverts';
import { errorText, useRequest } from '../../api/use-request';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { dateTime } from '../../app/time/format';
import { type AdvertDraft, getOperatorAdverts, saveAdvert, setAdvertStatus } from '../adverts/api';
import '../care/care.css';

type Note = { ok: boolean; text: string } | undefined;

const draftOf = (a: OperatorAdvert): AdvertDraft => ({
  id: a.id,
  title: a.matters.title,
  alt: a.matters.alt,
  url_type: a.url_type,
  url: a.url,
  img: a.matters.img,
  scenes: a.scenes.join(', '),
  pages: a.pages.join(', '),
});

function Editor({ advert, onSaved }: { advert: OperatorAdvert; onSaved: () => void }) {
  const [draft, setDraft] = useState(() => draftOf(advert));
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>();
  const set = (patch: Partial<AdvertDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.scrollIntoView({ block: 'nearest' }), []);
  return (
    <form
      className="card care-form"
      aria-label={`Edit ${advert.id}`}
      data-testid="op-advert-editor"
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        setNote(undefined);
        saveAdvert(draft).then(
          () => {
            setBusy(false);
            setNote({ ok: true, text: 'Saved. Members see it on their next page load.' });
            onSaved();
          },
          (e: unknown) => {
            setBusy(false);
            setNote({ ok: false, text: errorText(e) });
          },
        );
      }}
    >
      <h2 ref={heading}>
        {advert.id} · {advert.kind === 'banner' ? 'banner' : 'pop-up'}
      </h2>
      <label className="care-field">
        Title
        <input
          value={draft.title}
          maxLength={ADVERT_TITLE_MAX}
          required
          onChange={(e) => set({ title: e.target.value })}
          data-testid="op-advert-title"
        />
      </label>
      <label className="care-field">
        Alternative text <span className="muted">(what a screen reader says)</span>
        <input
          value={draft.alt}
          maxLength={ADVERT_ALT_MAX}
          required
          onChange={(e) => set({ alt: e.target.value })}
        />
      </label>
      <label className="care-field">
        Link opens
        <select value={draft.url_type} onChange={(e) => set({ url_type: e.target.value === '2' ? 2 : 1 })}>
          <option value={1}>a page of Glimmer (a path such as /featuredlist)</option>
          <option value={2}>a page outside Glimmer (an https address)</option>
        </select>
      </label>
      <label className="care-field">
        Link <span className="muted">({'{anchor_id}'} is her id where the pop-up knows it)</span>
        <input
          value={draft.url}
          maxLength={ADVERT_URL_MAX}
          required
          onChange={(e) => set({ url: e.target.value })}
        />
      </label>
      <fieldset className="care-field op-advert-images">
        <legend>Image</legend>
        {ADVERT_CREATIVES.map((img) => (
          <label key={img} className="op-advert-image">
            <input
              type="radio"
              name={`img-${advert.id}`}
              value={img}
              checked={draft.img === img}
              onChange={() => set({ img })}
            />
            <img src={img} alt={img.split('/').pop()} width={120} height={40} />
          </label>
        ))}
      </fieldset>
      {advert.kind === 'banner' && (
        <>
          <label className="care-field">
            Scenes{' '}
            <span className="muted">(getBanner; {ADVERT_PAGE.anchor} is the broadcaster's profile)</span>
            <input
              value={draft.scenes}
              inputMode="numeric"
              onChange={(e) => set({ scenes: e.target.value })}
            />
          </label>
          <label className="care-field">
            Pages <span className="muted">(the carousel; {ADVERT_PAGE.home} is the member's home)</span>
            <input value={draft.pages} inputMode="numeric" onChange={(e) => set({ pages: e.target.value })} />
          </label>
        </>
      )}
      {note && (
        <p className={note.ok ? 'muted' : 'care-error'} role={note.ok ? 'status' : 'alert'}>
          {note.text}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy} data-testid="op-advert-save">
        {busy ? 'Saving…' : 'Save'}
      </button>
    </form>
  );
}

function Row({
  advert,
  editing,
  onEdit,
  onChanged,
}: {
  advert: OperatorAdvert;
  editing: boolean;
  onEdit: () => void;
  onChanged: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const on = advert.status === 1;
  return (
    <li className={`card op-row${editing ? ' active' : ''}`} data-testid="op-advert" data-advert={advert.id}>
      <img src={advert.matters.img} alt="" width={96} height={32} className="op-advert-thumb" />
      <strong>{advert.matters.title}</strong>
      <span className="muted">
        {advert.id} · {advert.kind === 'banner' ? 'banner' : 'pop-up'} · {on ? 'on' : 'off'} ·{' '}
        {dateTime(advert.updated_at)}
      </span>
      <button
        type="button"
        className="btn btn-secondary"
        aria-pressed={on}
        disabled={busy}
        data-testid="op-advert-switch"
        onClick={() => {
          setBusy(true);
          setError('');
          setAdvertStatus(advert.id, on ? 0 : 1).then(
            () => {
              setBusy(false);
              onChanged();
            },
            (e: unknown) => {
              setBusy(false);
              setError(errorText(e));
            },
          );
        }}
      >
        {on ? 'Switch off' : 'Switch on'}
      </button>
      <button type="button" className="btn btn-ghost" onClick={onEdit} data-testid="op-advert-edit">
        Edit
      </button>
      {error && (
        <p className="care-error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

export function AdvertsPanel() {
  // Reloading keeps the list (and the editor) on screen until the answer comes.
  const [state, reload] = useRequest(getOperatorAdverts, 'op-adverts');
  const [editing, setEditing] = useState<string | undefined>();
  if (state.status === 'loading') {
    return (
      <p className="muted" role="status">
        Loading…
      </p>
    );
  }
  if (state.status === 'error') return <ErrorRetry message={state.error} onRetry={reload} />;
  const list = state.data.list;
  const current = list.find((a) => a.id === editing);
  return (
    <section className="op-panel" aria-label="Adverts">
      <h2>Adverts</h2>
      <p className="muted">
        Banners show on the member's home carousel and the broadcaster's profile; pop-ups show once per
        member. Changes reach members on their next page load.
      </p>
      {list.length === 0 ? (
        <div className="empty-state">No advert yet.</div>
      ) : (
        <ul className="op-list" data-testid="op-adverts">
          {list.map((a) => (
            <Row
              key={a.id}
              advert={a}
              editing={a.id === editing}
              onEdit={() => setEditing(a.id)}
              onChanged={reload}
            />
          ))}
        </ul>
      )}
      {current && <Editor key={current.id} advert={current} onSaved={reload} />}
    </section>
  );
}
