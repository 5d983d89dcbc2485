/** Similar online broadcasters on her profile (spec 002 §2, §9): 4, from page type 18 (protocol/anchor-profile/around.ts). */
import {
  AroundTexts,
  RECOMMEND_PAGE_TYPE,
  SIMILAR_ONLINE_NUM,
} from '../../../../protocol/anchor-profile/around';
import { useRequest } from '../../../api/use-request';
import { ErrorRetry } from '../../../app/layout/ErrorRetry';
import { getPageRecommendAnchorList } from './api';
import { RecommendCard } from './RecommendCard';

export function SimilarOnline({ anchorId }: { anchorId: string }) {
  const [state, retry] = useRequest(
    async () =>
      (await getPageRecommendAnchorList(RECOMMEND_PAGE_TYPE.similar, anchorId)).list.slice(
        0,
        SIMILAR_ONLINE_NUM,
      ),
    anchorId,
  );
  return (
    <section className="card profile-panel" aria-labelledby="similar-title" data-testid="similar-online">
      <h2 id="similar-title">{AroundTexts.similarTitle}</h2>
      {state.status === 'error' ? (
        <ErrorRetry message={state.error} onRetry={retry} />
      ) : state.status === 'ready' && state.data.length === 0 ? (
        <p className="muted">{AroundTexts.similarEmpty}</p>
      ) : (
        <div className="rec-grid" aria-busy={state.status === 'loading'}>
          {state.status === 'loading'
            ? Array.from({ length: SIMILAR_ONLINE_NUM }, (_, i) => (
                <div key={i} className="rec-card rec-card-skeleton skeleton" aria-hidden="true" />
              ))
            : state.data.map((a) => <RecommendCard key={a.anchor_id} anchor={a} actions={false} />)}
        </div>
      )}
    </section>
  );
}
