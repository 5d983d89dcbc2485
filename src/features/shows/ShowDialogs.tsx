/**
 * The dialogs every show screen can open: a show's detail and the ticket purchase. Kept apart from
 * the show pages so the broadcaster profile's calendar can open them without loading My tickets'
 * offline copy (and with it IndexedDB) on the profile's first load.
 */
import { useLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { BuyTicketHost } from './BuyTicketPopup';
import { useShowEvents } from './events';
import { ShowDetailHost } from './ShowDetailDialog';
import { closeBuy, closeDetail } from './store';

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

export function ShowDialogs() {
  useShowEvents();
  useDialogsFollowThePage();
  return (
    <>
      <ShowDetailHost />
      <BuyTicketHost />
    </>
  );
}
