/**
 * News and media (spec 002 §2): /newsandmedia lists the published pages, /newsandmedia/<slug> shows
 * one. The content is data the care team edits in the operator console; a page read once is shown
 * again offline, with when it was saved.
 */
import { Link, useLocation } from '@tanstack/react-router';
import { NEWS_SLUGS, type NewsSlug } from '../../../protocol/news/news';
import { useRequest } from '../../api/use-request';
import { dateTime } from '../../app/time/format';
import { getNewsList, getNewsPage } from './api';
import { Markup } from './Markup';
import './news.css';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { SavedNote } from '../../app/layout/SavedNote';

/** The copy read last time, shown because the news could not be reached; it loads afresh once online. */
function Stale({ savedAt, retry }: { savedAt: number | null; retry: () => void }) {
  if (savedAt === null) return null;
  return <SavedNote savedAt={savedAt} onRefresh={retry} />;
}

function Failed({ error, retry }: { error: string; retry: () => void }) {
  return <ErrorRetry message={error} onRetry={retry} />;
}

export function NewsIndexPage() {
  const [state, retry] = useRequest(getNewsList, 'news');
  return (
    <div className="page news-page">
      <h1 className="page-title">News and media</h1>
      <p className="muted">What is new on Glimmer, our promotions and special offers.</p>
      {state.status === 'loading' && (
        <p className="muted" role="status">
          Loading…
        </p>
      )}
      {state.status === 'error' && <Failed error={state.error} retry={retry} />}
      {state.status === 'ready' && (
        <>
          <Stale savedAt={state.data.savedAt} retry={retry} />
          {state.data.data.length === 0 ? (
            <div className="empty-state">There is no news at the moment.</div>
          ) : (
            <ul className="news-list" data-testid="news-list">
              {state.data.data.map((item) => (
                <li key={item.slug}>
                  <Link to={`/newsandmedia/${item.slug}`} className="card news-card">
                    <strong>{item.title}</strong>
                    {item.summary && <span className="muted">{item.summary}</span>}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

export function NewsArticlePage() {
  const { pathname } = useLocation();
  const slug = pathname.split('/').pop() as NewsSlug;
  const known = (NEWS_SLUGS as readonly string[]).includes(slug);
  const [state, retry] = useRequest(() => getNewsPage(slug), slug);
  return (
    <div className="page news-page">
      <p className="news-kicker">
        <Link to="/newsandmedia">News and media</Link>
      </p>
      {!known && <div className="empty-state">This news page could not be found.</div>}
      {known && state.status === 'loading' && (
        <p className="muted" role="status">
          Loading…
        </p>
      )}
      {known && state.status === 'error' && <Failed error={state.error} retry={retry} />}
      {known && state.status === 'ready' && (
        <article data-testid="news-article">
          <Stale savedAt={state.data.savedAt} retry={retry} />
          <h1 className="page-title">{state.data.data.title}</h1>
          <p className="muted news-date">Updated {dateTime(state.data.data.updated_at)}</p>
          {state.data.data.image_url && (
            <img className="news-image" src={state.data.data.image_url} alt="" loading="lazy" />
          )}
          <Markup body={state.data.data.body} />
        </article>
      )}
    </div>
  );
}
