/** What both ticket paths (the card's pop-up, the detail's Get Ticket) ask the member to pay. */
import type { Charge } from '../../app/popups/PaymentConfirm';
import { dateTime } from '../../app/time/format';
import type { PendingAction } from '../payments/pending-action';
import type { LiveShow } from './rules';

export function ticketCharge(show: LiveShow): Charge {
  return {
    title: 'Get Ticket',
    confirmLabel: 'Get Ticket',
    amount: show.price,
    what: (
      <div className="buy-show">
        <img className="buy-cover" src={show.cover} alt="" width={110} height={82} />
        <div>
          <p className="buy-title">{show.show_title}</p>
          <p className="muted">
            {show.anchor_nickname} · {dateTime(show.start_time)} · {show.duration} min
          </p>
        </div>
      </div>
    ),
  };
}

/** A ticket as the action offered again after buying credits in place (ShowDialogs asks again). */
export const TICKET_ACTION = 'show-ticket';
export const ticketResume = (show: LiveShow): PendingAction => ({
  kind: TICKET_ACTION,
  label: `Ticket for ${show.show_title}`,
  params: { liveShowId: show.live_show_id },
});
