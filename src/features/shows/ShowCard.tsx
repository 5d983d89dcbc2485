/** One show in a list (calendar, My tickets, a broadcaster's calendar), with the spec's status rules. */
import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { moneyLabel } from '../../../protocol/money';
import { BELOW_THE_FOLD, type ImageLoading } from '../../app/images/loading';
import { When } from '../../app/time/When';
import { configState, currencyOf } from '../../state/config';
import { type LiveShow, leftSec, listState, startsInText } from './rules';
import { openBuy, openDetail } from './store';

export function usePrice(amount: number): string {
  const { config } = useSnapshot(configState);
  const { words, multiplier } = currencyOf(config);
  return moneyLabel(amount, words, multiplier);
}

interface Props {
  show: LiveShow;
  now: number;
  /** My tickets' past view: Refunded or Finished. */
  history?: boolean;
  /** Hide the broadcaster's name (her own calendar on her profile). */
  compact?: boolean;
  /** Lazy unless the card is on the first screen. */
  image?: ImageLoading;
}

export function ShowCard({ show, now, history = false, compact = false, image = BELOW_THE_FOLD }: Props) {
  const state = listState(show, now, history);
  const left = leftSec(show, now);
  const price = usePrice(show.price);
  return (
    <li
      className={`show-card card show-${state.kind}`}
      data-testid="show-card"
      data-show-id={show.live_show_id}
      data-state={state.kind}
    >
      <button
        type="button"
        className="show-cover-button"
        onClick={() => openDetail(show.live_show_id)}
        aria-label={`Details of ${show.show_title}`}
      >
        <img
          className="show-cover"
          src={show.cover}
          alt=""
          width={96}
          height={72}
          loading={image.loading}
          fetchPriority={image.fetchPriority}
        />
      </button>
      <div className="show-body">
        <h3 className="show-title">
          <button type="button" className="link-button" onClick={() => openDetail(show.live_show_id)}>
            {show.show_title}
          </button>
        </h3>
        {!compact && (
          <p className="show-anchor">
            <Link to="/anchor/$id" params={{ id: show.anchor_id }}>
              {show.anchor_nickname}
            </Link>
          </p>
        )}
        <p className="show-time">
          <When seconds={show.start_time} testId="show-time" />
          <span> · {show.duration} min</span>
        </p>
        <div className="show-status" data-testid="show-status">
          <StatusArea show={show} state={state} left={left} price={price} />
        </div>
      </div>
    </li>
  );
}

function StatusArea({
  show,
  state,
  left,
  price,
}: {
  show: LiveShow;
  state: ReturnType<typeof listState>;
  left: number;
  price: string;
}) {
  switch (state.kind) {
    case 'cancelled':
    case 'finished':
      return <span className={`show-badge show-badge-${state.kind}`}>{state.label}</span>;
    case 'ongoing':
      return (
        <>
          <span className="show-badge show-badge-ongoing">Ongoing</span>
          {state.reserved && <span className="show-note">You have reserved</span>}
          <Link
            to="/live"
            search={{ anchorid: show.anchor_id, type: 'public', liveShowid: show.live_show_id }}
            className="btn btn-primary btn-small"
          >
            Watch Now
          </Link>
        </>
      );
    case 'reserved':
      return (
        <>
          <span className="show-badge show-badge-reserved">Reserved</span>
          <span className="show-countdown" data-testid="show-countdown">
            {startsInText(left, 'Start')}
          </span>
        </>
      );
    case 'full':
      return (
        <>
          <span className="show-badge show-badge-full">No tickets left</span>
          <Link to="/anchor/$id" params={{ id: show.anchor_id }} className="show-link">
            My Other Shows
          </Link>
        </>
      );
    case 'on-sale':
      return (
        <>
          <button
            type="button"
            className="btn btn-primary btn-small"
            data-testid="get-ticket"
            onClick={() => openBuy(show)}
          >
            Get Ticket · {price}
          </button>
          <span className="show-countdown" data-testid="show-countdown">
            {startsInText(left, 'Start')}
          </span>
        </>
      );
  }
}
