/**
 * The dialogs every show screen can open: a show's detail and the ticket purchase. Kept apart from
 * the show pages so the broadcaster profile's calendar can open them without loading My tickets'
 * offline copy (and with it IndexedDB) on the profile's first load; their own code loads the first
 * time one opens, so the profile's first screen does not wait for it.
 */
import { useLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { errorText } from '../../api/use-request';
import { whenShown } from '../../app/after-paint';
import { showToast } from '../../state/ui';
import { ContinueOffer } from '../payments/ContinueOffer';
import { getShowDetail } from './api';
import { useShowEvents } from './events';
import { type LiveShow, received } from './rules';
import { closeBuy, closeDetail, openBuy, showsUi } from './store';
import { TICKET_ACTION } from './ticket-charge';

const ShowDetailDialog = whenShown(() => import('./ShowDetailDialog').then((m) => m.ShowDetailDialog));
const BuyTicketPopup = whenShown(() => import('./BuyTicketPopup').then((m) => m.BuyTicketPopup));

function ShowDetailHost() {
  const { detailId } = useSnapshot(showsUi);
  if (!detailId) return null;
  return <ShowDetailDialog key={detailId} liveShowId={detailId} />;
}

function BuyTicketHost() {
  const { buy } = useSnapshot(showsUi);
  if (!buy) return null;
  return <BuyTicketPopup key={buy.live_show_id} show={buy as LiveShow} />;
}

const closeDialogs = () => {
  closeDetail();
  closeBuy();
};

/**
 * A dialog belongs to the page it was opened on. Its state lives in the shared store, so without
 * this it would survive a navigation and come back, re-created in its first (unbought) state, on
 * the next show screen: leaving the page or going to another one closes it.
 */
function useDialogsFollowThePage() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const openedOn = useRef(pathname);
  useEffect(() => {
    if (openedOn.current === pathname) return;
    openedOn.current = pathname;
    closeDialogs();
  }, [pathname]);
  useEffect(() => closeDialogs, []);
}

/** Back from buying credits for a ticket: the ticket pop-up again, with the show as it is now. */
async function askForTicketAgain(params: Record<string, string>) {
  if (!params.liveShowId) return;
  try {
    openBuy(received(await getShowDetail(params.liveShowId)));
  } catch (error) {
    showToast(errorText(error));
  }
}

export function ShowDialogs() {
  useShowEvents();
  useDialogsFollowThePage();
  return (
    <>
      <ShowDetailHost />
      <BuyTicketHost />
      <ContinueOffer kind={TICKET_ACTION} onContinue={(params) => void askForTicketAgain(params)} />
    </>
  );
}
