/** A titled list of broadcasters loaded in one call: skeletons, 'No data to show.', or an error with Retry. */
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import type { AnchorListData } from '../../../protocol/types';
import { useRequest } from '../../api/use-request';
import { listImage } from '../../app/images/loading';
import { memberPrivOf, userState } from '../../state/user';
import { AnchorCard, AnchorCardSkeleton } from './AnchorCard';
import { gridColumns } from './grid-columns';
import { skeletonKeys } from './skeleton-keys';

export interface AnchorSectionProps {
  id: string;
  title: string;
  subtitle?: string;
  testId: string;
  load: () => Promise<AnchorListData>;
  skeletons: number;
  layout: 'row' | 'grid';
  featured?: boolean;
  aside?: ReactNode;
}

export function AnchorSection({
  id,
  title,
  subtitle,
  testId,
  load,
  skeletons,
  layout,
  featured,
  aside,
}: AnchorSectionProps) {
  const [state, retry] = useRequest(load, id);
  const { me } = useSnapshot(userState);
  const priv = memberPrivOf(me);
  const headingId = `${id}-title`;
  // The page's first screen: a row whole (it starts the page), a grid's first row.
  const firstScreen = layout === 'row' ? skeletons : gridColumns();

  return (
    <section className="section" aria-labelledby={headingId}>
      <div className="section-head">
        <div>
          <h2 id={headingId}>{title}</h2>
          {subtitle && <p>{subtitle}</p>}
        </div>
        {aside}
      </div>
      {state.status === 'error' ? (
        <div className="error-state" role="alert">
          <p>{state.error}</p>
          <button type="button" className="btn btn-secondary btn-small" onClick={retry}>
            Retry
          </button>
        </div>
      ) : state.status === 'ready' && state.data.list.length === 0 ? (
        <p className="empty-state">No data to show.</p>
      ) : (
        <div className={`anchor-${layout}`} data-testid={testId} aria-busy={state.status === 'loading'}>
          {state.status === 'loading'
            ? skeletonKeys(skeletons).map((key) => <AnchorCardSkeleton key={key} featured={featured} />)
            : state.data.list.map((a, i) => (
                <AnchorCard
                  key={a.userid}
                  anchor={a}
                  priv={priv}
                  featured={featured}
                  image={listImage(i, firstScreen, featured)}
                />
              ))}
        </div>
      )}
    </section>
  );
}
