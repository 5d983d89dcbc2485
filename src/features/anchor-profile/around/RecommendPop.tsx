/**
 * The recommendation pop (spec 002 §2 "recommend", §7 getADRecommendAnchor, §9 at most 6). It opens
 * on Discover once per browser session, a moment after the page settles, when the server says so
 * (needpop: a member with no contacts yet), and only if no other start-up pop-up had this session's
 * turn and no other dialog is open (src/app/popups/startup-pop.ts). Escape or Close ends it.
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  AroundTexts,
  RECOMMEND_POP_DELAY_MS,
  type RecommendedAnchor,
} from '../../../../protocol/anchor-profile/around';
import { whenShown } from '../../../app/after-paint';
import { Modal } from '../../../app/popups/Modal';
import { requestStartupTurn, startupPopShown, whenNoDialogOpen } from '../../../app/popups/startup-pop';
import { sessionState } from '../../../state/session';
import { userState } from '../../../state/user';
import { getADRecommendAnchor } from './api';

// Most members never get the pop: its cards (and the follow button) load when the server asks for it.
const RecommendCard = whenShown(() => import('./RecommendCard').then((m) => m.RecommendCard));

import './around.css';

export function RecommendPop() {
  const { me } = useSnapshot(userState);
  const { status, offline } = useSnapshot(sessionState);
  const [list, setList] = useState<RecommendedAnchor[] | null>(null);
  const memberId = me?.role === 'man' && status === 'signed-in' && !offline ? me.userid : '';

  useEffect(() => {
    if (!memberId || startupPopShown()) return;
    let gone = false;
    const timer = setTimeout(async () => {
      // The pop is a nicety: if it cannot load, Discover is simply shown without it.
      const answer = await getADRecommendAnchor(memberId).catch(() => null);
      if (gone || !answer || answer.needpop !== 1 || answer.list.length === 0) return;
      RecommendCard.preload();
      if (!(await whenNoDialogOpen(() => gone)) || !(await requestStartupTurn('recommend')) || gone) return;
      setList(answer.list);
    }, RECOMMEND_POP_DELAY_MS);
    return () => {
      gone = true;
      clearTimeout(timer);
    };
  }, [memberId]);

  if (!list) return null;
  const close = () => setList(null);
  return (
    <Modal
      title={AroundTexts.popTitle}
      testId="recommend-pop"
      onClose={close}
      actions={
        <button type="button" className="btn btn-secondary" onClick={close}>
          Close
        </button>
      }
    >
      <p>{AroundTexts.popIntro}</p>
      <ul className="rec-pop-list">
        {list.map((a) => (
          <li key={a.anchor_id}>
            <RecommendCard anchor={a} actions={false} onOpen={close} />
          </li>
        ))}
      </ul>
    </Modal>
  );
}
