/** A page whose feature arrives later: it says what will be here and which capability brings it. */
import { Link, useLocation } from '@tanstack/react-router';
import './placeholders.css';
import { arrivesWith, type LaterKey } from './later';

export interface PlaceholderProps {
  title: string;
  what: string;
  later: LaterKey;
}

/** The broadcaster a page was opened for (anchorid, anchor_id or id in the query). */
function broadcasterOf(search: Record<string, unknown>): string | null {
  const value = search.anchorid ?? search.anchor_id ?? search.id;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

export function PlaceholderPage({ title, what, later }: PlaceholderProps) {
  const search = useLocation({ select: (l) => l.search as Record<string, unknown> });
  const anchorId = broadcasterOf(search);
  return (
    <div className="page">
      <section className="placeholder card" data-testid="placeholder" aria-labelledby="placeholder-title">
        <div className="placeholder-glow" aria-hidden="true" />
        <p className="placeholder-kicker">Coming soon</p>
        <h1 id="placeholder-title" className="page-title">
          {title}
        </h1>
        <p className="placeholder-what">{what}</p>
        {anchorId && (
          <p className="placeholder-for">
            Opened for broadcaster <Link to={`/anchor/${anchorId}`}>{anchorId}</Link>.
          </p>
        )}
        <p className="placeholder-when">{arrivesWith(later)}</p>
        <Link to="/masterlist" className="btn btn-primary">
          Back to Discover
        </Link>
      </section>
    </div>
  );
}
