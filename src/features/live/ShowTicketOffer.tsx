/**
 * A show room that refused him for want of a ticket: Get ticket opens the show's own ticket
 * purchase (its price shown first, the same pop-up as the show calendar's); once bought, Try again
 * enters the room.
 */
import { useState } from 'react';
import { errorText } from '../../api/use-request';
import { getShowDetail } from '../shows/api';
import { received } from '../shows/rules';
import { ShowDialogs } from '../shows/ShowDialogs';
import { openBuy } from '../shows/store';

export function ShowTicketOffer({ liveShowId }: { liveShowId: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const getTicket = async () => {
    setBusy(true);
    setError('');
    try {
      openBuy(received(await getShowDetail(liveShowId)));
    } catch (e) {
      setError(errorText(e));
    }
    setBusy(false);
  };
  return (
    <>
      <button
        type="button"
        className="btn btn-primary"
        data-testid="room-get-ticket"
        disabled={busy}
        onClick={() => void getTicket()}
      >
        Get ticket
      </button>
      {error && <p role="alert">{error}</p>}
      <ShowDialogs />
    </>
  );
}
