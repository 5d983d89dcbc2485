/**
 * The offer pop for a broadcaster (rules in protocol/offers/offers.ts), one component in the page's
 * style: 'anchor' (her profile) is a dialog that opens only when no dialog is open and this session's
 * pop-up turn is free (it takes it); 'room' and 'livechat' are cards docked in the page (those pages
 * hold pop-ups off the video), shown when no dialog such as a price confirmation is open. The
 * holiday or birthday discount shows first; the flower force-push at once on her profile, after its
 * delay in a room or chat (the chat's closing itself after 60 s). The holiday stylesheet loads
 * whenever her holiday shows.
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  type DiscountInfo,
  type HolidayPopStyle,
  holidayStylesheet,
  STARTUP_SETTLE_MS_FOR_OFFERS,
} from '../../../protocol/offers/offers';
import { Modal } from '../../app/popups/Modal';
import { claimStartupPop, whenNoDialogOpen } from '../../app/popups/startup-pop';
import { userState } from '../../state/user';
import { checkDiscount, checkStrengthenPush } from './api';
import { OfferBody, offerTitle, SendFlowersLink } from './OfferContent';
import { discountOffer, flowersDue, type OfferKind, PLACE_OF } from './pick';
import { discountPopShown, forcePushAutoClose, forcePushDelay, forcePushShown } from './rules';
import { readRecord, writeRecord } from './store';
import './offers.css';

/** Loads her holiday's stylesheet and marks the page with it while `key` is set. */
function useHolidayStyle(key: string) {
  useEffect(() => {
    if (!key) return;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = holidayStylesheet(key);
    link.dataset.holiday = key;
    document.head.append(link);
    document.documentElement.dataset.holiday = key;
    return () => {
      link.remove();
      if (document.documentElement.dataset.holiday === key) delete document.documentElement.dataset.holiday;
    };
  }, [key]);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A card docked in a room waits only for real dialogs (the page itself holds pop-ups off). */
const modalOpen = () => document.querySelector('dialog[open]') !== null;
async function whenNoModal(gone: () => boolean): Promise<boolean> {
  while (!gone()) {
    if (!modalOpen()) return true;
    await sleep(500);
  }
  return false;
}

export function OfferPop({
  anchorId,
  nickname = 'her',
  variant,
}: {
  anchorId: string;
  nickname?: string;
  variant: HolidayPopStyle;
}) {
  const { me } = useSnapshot(userState);
  const memberId = me?.role === 'man' ? me.userid : '';
  const [info, setInfo] = useState<DiscountInfo | null>(null);
  const [shown, setShown] = useState<OfferKind | null>(null);
  useHolidayStyle(info?.holiday_show === 1 ? info.holiday_key : '');

  useEffect(() => {
    if (!memberId) return;
    let gone = false;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const isGone = () => gone;
    const docked = variant !== 'anchor';
    const place = PLACE_OF[variant];
    void (async () => {
      // A nicety: when the checks fail the page shows without an offer.
      const [answer, push] = await Promise.all([
        checkDiscount(anchorId).catch(() => null),
        checkStrengthenPush(anchorId).catch(() => ({ result: 0 as const })),
      ]);
      if (gone || !answer) return;
      setInfo(answer);
      const discount = discountOffer(
        answer,
        anchorId,
        variant,
        readRecord('discountPop', memberId),
        Date.now(),
      );
      const flowers = flowersDue(
        push.result,
        readRecord('forcePush', memberId),
        anchorId,
        variant,
        Date.now(),
      );
      if (!docked) {
        if (!discount && !flowers) return;
        // Start-up pop-ups decide first; then one dialog at a time, one pop-up per session.
        await sleep(STARTUP_SETTLE_MS_FOR_OFFERS);
        if (gone || !(await whenNoDialogOpen(isGone)) || gone || !claimStartupPop()) return;
      } else if (discount && !(await whenNoModal(isGone))) return;
      if (discount) {
        writeRecord(
          'discountPop',
          memberId,
          discountPopShown(readRecord('discountPop', memberId), discount.id, variant, Date.now()),
        );
        setShown(discount.kind);
        if (!docked) return;
      }
      if (!flowers) return;
      if (!docked) {
        writeRecord(
          'forcePush',
          memberId,
          forcePushShown(readRecord('forcePush', memberId), anchorId, place, Date.now()),
        );
        setShown('flowers');
        return;
      }
      timers.push(
        setTimeout(async () => {
          if (!(await whenNoModal(isGone))) return;
          const record = readRecord('forcePush', memberId);
          if (!flowersDue(1, record, anchorId, variant, Date.now())) return;
          writeRecord('forcePush', memberId, forcePushShown(record, anchorId, place, Date.now()));
          setShown('flowers');
          const close = forcePushAutoClose(place);
          if (close) timers.push(setTimeout(() => setShown((s) => (s === 'flowers' ? null : s)), close));
        }, forcePushDelay(place)),
      );
    })();
    return () => {
      gone = true;
      for (const t of timers) clearTimeout(t);
    };
  }, [memberId, anchorId, variant]);

  if (!shown || !info) return null;
  const close = () => setShown(null);
  const title = offerTitle(shown, info, nickname);
  const testId = `offer-pop-${variant}`;
  if (variant === 'anchor')
    return (
      <Modal
        title={title}
        testId={testId}
        onClose={close}
        actions={
          <>
            <button type="button" className="btn btn-ghost" onClick={close}>
              Close
            </button>
            <SendFlowersLink anchorId={anchorId} onClick={close} />
          </>
        }
      >
        <div className={`offer-pop offer-pop-anchor offer-${shown}`} data-kind={shown}>
          <OfferBody kind={shown} info={info} nickname={nickname} />
        </div>
      </Modal>
    );
  return (
    <aside
      className={`card offer-pop offer-pop-${variant} offer-${shown}`}
      aria-label={title}
      data-testid={testId}
      data-kind={shown}
    >
      <h2 className="offer-title">{title}</h2>
      <OfferBody kind={shown} info={info} nickname={nickname} />
      <div className="offer-actions">
        <button type="button" className="btn btn-ghost btn-small" onClick={close}>
          Close
        </button>
        <SendFlowersLink anchorId={anchorId} onClick={close} />
      </div>
    </aside>
  );
}
