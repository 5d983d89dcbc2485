/**
 * The member's guides and start-up windows, through the one pop-up rule (src/app/popups): the terms
 * overlay first for a member who has not agreed, then the first-visit guide in the same turn;
 * otherwise the new-guide banner (his first 3 days, the guide skipped on this device), the
 * returning-member window (getActivityTime), and on their pages the broadcast intro and the Say Hi
 * guide, each asking for the session's one turn. The install prompt asks from src/app/pwa.
 */
import { useLocation } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ADVERT_POP } from '../../../protocol/adverts/adverts';
import type { StartupPopKind } from '../../../protocol/guides/guides';
import { afterPaint, whenShown } from '../../app/after-paint';
import {
  dialogOpen,
  popupsHeld,
  requestStartupTurn,
  takeStartupTurn,
  whenNoDialogOpen,
  withdrawStartupTurn,
} from '../../app/popups/startup-pop';
import { sessionState } from '../../state/session';
import { userState } from '../../state/user';
import { getActivityTime } from './api';
import { type GuideKey, type GuideMark, guideMark, markGuide } from './guide-store';
import { countPageVisit, startSessionCalls } from './session-calls';
import './guides.css';

// The start-up pop-ups wait for the settle time anyway: their code loads after the first paint.
// The terms, the guide and its banner load when shown: a member meets them once.
const TermsOverlay = whenShown(() => import('./TermsOverlay').then((m) => m.TermsOverlay));
const GuideWizard = whenShown(() => import('./GuideWizard').then((m) => m.GuideWizard));
const NewGuideBanner = whenShown(() => import('./NewGuideBanner').then((m) => m.NewGuideBanner));
const AdPop = afterPaint(() => import('../adverts/AdPop').then((m) => m.AdPop));
const VoucherPop = afterPaint(() => import('../vouchers/VoucherPop').then((m) => m.VoucherPop));
const GiftPackagePop = afterPaint(() => import('../backpack/GiftPackagePop').then((m) => m.GiftPackagePop));

type Shown = 'terms' | 'guide' | 'newGuide' | 'returning' | 'broadcastIntro' | 'sayHiGuide' | null;

// The page each contextual guide opens on; their texts are in GuideNotice, loaded when one shows.
const CONTEXT: Record<'broadcastIntro' | 'sayHiGuide', { page: RegExp }> = {
  broadcastIntro: { page: /^\/live\/?$/ },
  sayHiGuide: { page: /^\/anchor\/[\w-]+\/?$/ },
};
const GuideNotice = whenShown(() => import('./GuideNotice').then((m) => m.GuideNotice));

/** Waits for no dialog, then for the turn; false when the page moved on meanwhile. */
async function askTurn(kind: StartupPopKind, gone: () => boolean): Promise<boolean> {
  // A page's own guide opens on that page (the room's intro in the room); the rest wait for a quiet moment.
  const held = kind in CONTEXT ? dialogOpen : popupsHeld;
  if (!(await whenNoDialogOpen(gone, held))) return false;
  return (await requestStartupTurn(kind)) && !gone();
}

export function Guides() {
  const { me } = useSnapshot(userState);
  const { status, offline } = useSnapshot(sessionState);
  const pathname = useLocation({ select: (l) => l.pathname });
  const [shown, setShown] = useState<Shown>(null);
  const member = me?.role === 'man' && status === 'signed-in' && !offline ? me : null;
  const userid = member?.userid ?? '';
  const mustAgree = member?.agree_provision === 0;

  // The speed test, the visit counter, tracking keys and the socket-error report run for any member.
  useEffect(() => (userid ? startSessionCalls(userid) : undefined), [userid]);

  // Spec 000 §9: the page-visit number in the session, +20 per page.
  useEffect(() => {
    if (pathname) countPageVisit();
  }, [pathname]);

  // The terms first, whatever the cookie says.
  useEffect(() => {
    if (!mustAgree) return;
    takeStartupTurn();
    setShown('terms');
  }, [mustAgree]);

  // Start-up: the new-guide banner and the returning-member window ask together.
  useEffect(() => {
    if (!userid || mustAgree) return;
    let gone = false;
    const isGone = () => gone;
    // The banner brings the tour back to a new member who skipped it.
    if (
      me?.firstLogin3Day === 1 &&
      guideMark(userid, 'welcome') === 'skipped' &&
      !guideMark(userid, 'newGuide')
    ) {
      void askTurn('newGuide', isGone).then((ok) => ok && setShown('newGuide'));
    }
    // It also records this visit, so it is asked even when nothing will be shown.
    void getActivityTime()
      .then(async (a) => {
        if (a.returning === 1 && (await askTurn('returning', isGone))) setShown('returning');
      })
      .catch(() => undefined);
    return () => {
      gone = true;
      withdrawStartupTurn('newGuide');
      withdrawStartupTurn('returning');
    };
  }, [userid, mustAgree, me?.firstLogin3Day]);

  // The contextual guides, once per device each, when their page opens.
  useEffect(() => {
    if (!userid || mustAgree) return;
    const kind = (Object.keys(CONTEXT) as (keyof typeof CONTEXT)[]).find((k) =>
      CONTEXT[k].page.test(pathname),
    );
    // Only for a member who met the first-visit guide on this device, once each.
    if (!kind || !guideMark(userid, 'welcome') || guideMark(userid, kind)) return;
    let gone = false;
    void askTurn(kind, () => gone).then((ok) => ok && setShown(kind));
    return () => {
      gone = true;
      // Its page closed: the turn stays for another pop-up.
      withdrawStartupTurn(kind);
    };
  }, [userid, mustAgree, pathname]);

  if (!member) return null;
  // The featured ad, the voucher pop and the new-user gift package's pop-up ask for the same start-up turn.
  if (shown === null && !mustAgree)
    return (
      <>
        <AdPop id={ADVERT_POP.featured} startup />
        <VoucherPop />
        <GiftPackagePop />
      </>
    );
  const done =
    (key: GuideKey, mark: GuideMark = 'done') =>
    () => {
      markGuide(member.userid, key, mark);
      setShown(null);
    };

  switch (shown) {
    case 'terms':
      return (
        <TermsOverlay
          onAccepted={() => {
            if (userState.me) userState.me.agree_provision = 1;
            setShown('guide');
          }}
        />
      );
    case 'guide':
      return <GuideWizard onFinish={done('welcome')} onSkip={done('welcome', 'skipped')} />;
    case 'newGuide':
      return <NewGuideBanner onTour={() => setShown('guide')} onClose={done('newGuide')} />;
    case 'returning':
      return <GuideNotice kind="returning" onClose={() => setShown(null)} />;
    case 'broadcastIntro':
    case 'sayHiGuide':
      return <GuideNotice kind={shown} onClose={done(shown)} />;
    default:
      return null;
  }
}
