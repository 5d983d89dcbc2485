/** The console's news (role `content`): every page, edited with a live preview, saved as data. */
import { useEffect, useRef, useState } from 'react';
import {
  NEWS_BODY_MAX,
  NEWS_MARKUP,
  NEWS_SUMMARY_MAX,
  NEWS_TITLE_MAX,
  type NewsPage,
} from '../../../protocol/news/news';
import { errorText, useRequest } from '../../api/use-request';
import { dateTime } from '../../app/time/format';
import { getAllNews, saveNews } from '../news/api';
import { Markup } from '../news/Markup';
import '../news/news.css';
import { ErrorRetry } from '../../app/layout/ErrorRetry';

function Editor({ page, onSaved }: { page: NewsPage; onSaved: () => void }) {
  const [draft, setDraft] = useState(page);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | undefined>();
  const set = (patch: Partial<NewsPage>) => setDraft((d) => ({ ...d, ...patch }));
  // Chosen from the list below it: brought into view once (on a phone the list is long).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.scrollIntoView({ block: 'nearest' }), []);
  return (
    <div className="op-news-edit">
      <form
        className="card care-form"
        aria-label={`Edit ${page.slug}`}
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
          setNote(undefined);
          saveNews(draft).then(
            () => {
              setBusy(false);
              setNote({ ok: true, text: 'Saved. Members see it now.' });
              onSaved();
            },
            (e: unknown) => {
              setBusy(false);
              setNote({ ok: false, text: errorText(e) });
            },
          );
        }}
      >
        <h2 ref={heading}>/newsandmedia/{page.slug}</h2>
        <label className="care-field">
          Title
          <input
            value={draft.title}
            maxLength={NEWS_TITLE_MAX}
            required
            onChange={(e) => set({ title: e.target.value })}
            data-testid="op-news-title"
          />
        </label>
        <label className="care-field">
          Summary
          <input
            value={draft.summary}
            maxLength={NEWS_SUMMARY_MAX}
            onChange={(e) => set({ summary: e.target.value })}
          />
        </label>
        <label className="care-field">
          Body <span className="muted">({NEWS_MARKUP})</span>
          <textarea
            value={draft.body}
            rows={12}
            maxLength={NEWS_BODY_MAX}
            required
            onChange={(e) => set({ body: e.target.value })}
            data-testid="op-news-body"
          />
        </label>
        <label className="care-field">
          Picture <span className="muted">(a path on this site, optional)</span>
          <input value={draft.image_url} onChange={(e) => set({ image_url: e.target.value })} />
        </label>
        <label className="op-check">
          <input
            type="checkbox"
            checked={draft.published}
            onChange={(e) => set({ published: e.target.checked })}
          />{' '}
          Published
        </label>
        {note && (
          <p className={note.ok ? 'muted' : 'care-error'} role={note.ok ? 'status' : 'alert'}>
            {note.text}
          </p>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="op-news-save">
          {busy ? 'Saving…' : 'Save'}
        </button>
      </form>
      <article className="card op-preview" aria-label="Preview">
        <p className="muted">Preview</p>
        <h1 className="page-title">{draft.title}</h1>
        <Markup body={draft.body} />
      </article>
    </div>
  );
}

export function NewsPanel() {
  const [version, setVersion] = useState(0);
  const [state, retry] = useRequest(getAllNews, `news:${version}`);
  const [slug, setSlug] = useState<string | undefined>();
  if (state.status === 'loading') return <p className="muted">Loading…</p>;
  if (state.status === 'error') {
    return <ErrorRetry message={state.error} onRetry={retry} />;
  }
  const pages = state.data.list;
  const current = pages.find((p) => p.slug === slug);
  return (
    <div className="op-panel">
      {current && (
        <Editor
          key={`${current.slug}:${current.updated_at}`}
          page={current}
          onSaved={() => setVersion((v) => v + 1)}
        />
      )}
      <ul className="op-list" data-testid="op-news-list">
        {pages.map((p) => (
          <li key={p.slug} className={`card op-row${p.slug === slug ? ' active' : ''}`}>
            <strong>{p.title}</strong>
            <span className="muted">
              {p.slug} · {p.published ? 'published' : 'hidden'} · {dateTime(p.updated_at)}
            </span>
            <button type="button" className="btn btn-secondary" onClick={() => setSlug(p.slug)}>
              Edit
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
