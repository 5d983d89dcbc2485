/**
 * Her workspace's Gifts: what members gave her in her rooms, newest first, with the totals (gifts
 * received, and the credits they paid: what her gifts earned). A gift given in her room while this
 * page is open brings the list up to date.
 */

import { useCallback, useEffect } from 'react';
import { RECEIVED_GIFTS_STEP, ROOM_GIFT_EVENT, RoomGiftTexts } from '../../../protocol/room-gifts/room-gifts';
import { useRequest } from '../../api/use-request';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { useMoneyLabelOf } from '../../app/popups/money-label';
import { When } from '../../app/time/When';
import { realtime } from '../../realtime';
import { getReceivedRoomGifts } from './room-gifts-api';
import './room-gifts.css';

export function ReceivedGifts() {
  const load = useCallback(() => getReceivedRoomGifts(0, RECEIVED_GIFTS_STEP), []);
  const [state, retry] = useRequest(load, 'received-gifts');
  const money = useMoneyLabelOf();
  // Loading again keeps the list on screen until the answer comes (useRequest).
  useEffect(() => realtime.on(ROOM_GIFT_EVENT, retry), [retry]);
  return (
    <section
      className="card received-gifts"
      aria-labelledby="received-gifts-title"
      data-testid="received-gifts"
    >
      <h2 id="received-gifts-title">{RoomGiftTexts.receivedTitle}</h2>
      {state.status === 'loading' && (
        <p className="muted" role="status">
          Loading…
        </p>
      )}
      {state.status === 'error' && <ErrorRetry message={state.error} onRetry={retry} />}
      {state.status === 'ready' && (
        <>
          <p data-testid="received-gifts-totals">
            {state.data.gifts} {state.data.gifts === 1 ? 'gift' : 'gifts'} received, earning{' '}
            {money(state.data.credit)}
          </p>
          {state.data.list.length === 0 ? (
            <p className="muted">{RoomGiftTexts.receivedEmpty}</p>
          ) : (
            <ul>
              {state.data.list.map((g) => (
                <li key={g.order_id}>
                  <img src={g.small_imgurl} alt="" width={32} height={32} loading="lazy" />
                  <span>
                    {RoomGiftTexts.sent(g.nickname, g.num, g.name)}
                    {g.source === 'booking' ? ` ${RoomGiftTexts.withBooking}` : ''}
                    {g.source === 'letter' ? ` ${RoomGiftTexts.withLetter}` : ''}{' '}
                    <span className="muted">
                      ({g.from_backpack > 0 ? `${g.from_backpack} from his backpack, ` : ''}
                      {money(g.credit)}) <When seconds={g.at} short />
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
