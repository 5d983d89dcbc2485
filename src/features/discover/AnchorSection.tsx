/** A titled list of broadcasters loaded in one call: skeletons, 'No data to show.', or an error with Retry. */
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import type { AnchorCard as Anchor, AnchorListData } from '../../../protocol/types';
import { type RequestState, useRequest } from '../../api/use-request';
import { listImage } from '../../app/images/loading';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
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

export function AnchorSection({ load, id, ...view }: AnchorSectionProps) {
  // A failure shows ErrorRetry, which loads again by itself once the network is back.
  const [state, retry] = useRequest(load, id);
  return (
    <AnchorSectionView
      id={id}
      {...view}
      list={state.status === 'ready' ? state.data.list : undefined}
      state={state}
      retry={retry}
    />
  );
}

export interface AnchorSectionViewProps extends Omit<AnchorSectionProps, 'load'> {
  state: RequestState<unknown>;
  retry: () => void;
  /** What to show once ready (the loaded list, less what shows elsewhere); undefined: still loading. */
  list: readonly Anchor[] | undefined;
  /** The error is said once for the whole page instead. */
  quietError?: boolean;
}

export function AnchorSectionView({
  id,
  title,
  subtitle,
  testId,
  skeletons,
  layout,
  featured,
  aside,
  state,
  retry,
  list,
  quietError,
}: AnchorSectionViewProps) {
  const { me } = useSnapshot(userState);
  const priv = memberPrivOf(me);
  const headingId = `${id}-title`;
  // The page's first screen: a row whole (it starts the page), a grid's first row.
  const firstScreen = layout === 'row' ? skeletons : gridColumns();
  if (state.status === 'error' && quietError) return null;

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
        <ErrorRetry message={state.error} onRetry={retry} />
      ) : list && list.length === 0 ? (
        <p className="empty-state">No data to show.</p>
      ) : (
        <div className={`anchor-${layout}`} data-testid={testId} aria-busy={!list}>
          {!list
            ? skeletonKeys(skeletons).map((key) => <AnchorCardSkeleton key={key} featured={featured} />)
            : list.map((a, i) => (
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
