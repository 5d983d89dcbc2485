/**
 * The dialogs every show screen can open: a show's detail and the ticket purchase. Kept apart from
 * the show pages so the broadcaster profile's calendar can open them without loading My tickets'
 * offline copy (and with it IndexedDB) on the profile's first load.
 */
import { useLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { errorText } from '../../api/use-request';
import { showToast } from '../../state/ui';
import { ContinueOffer } from '../payments/ContinueOffer';
import { getShowDetail } from './api';
import { BuyTicketHost } from './BuyTicketPopup';
import { useShowEvents } from './events';
import { received } from './rules';
import { ShowDetailHost } from './ShowDetailDialog';
import { closeBuy, closeDetail, openBuy } from './store';
import { TICKET_ACTION } from './ticket-charge';

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
