/**
 * The Book One-on-One popup for members (spec 001 §2, §4, §5, §8, §9): loading, then the date and
 * time dropdowns (free slots only, today and the next 2 days; choosing a date resets the time), the
 * gift strip with quantities (a gift starts at its default), the SMS toggle with phone verification,
 * the deposit explained, BOOK NOW; 'Request successfully sent!' and it closes itself after 3 s.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  BOOKING_DEPOSIT_MINUTES,
  BOOKING_SUCCESS_CLOSE_MS,
  type BookingGift,
  type BookingInfo,
  type BookingPhone,
  GIFT_STRIP_ITEM_PX,
  GIFT_STRIP_STEP,
} from '../../../protocol/bookings/booking';
import { Messages } from '../../../protocol/errors';
import { RoomGiftTexts } from '../../../protocol/room-gifts/room-gifts';
import { ApiError } from '../../api/client';
import { Modal } from '../../app/popups/Modal';
import { balancesState } from '../../state/balances';
import { configState } from '../../state/config';
import { AddCreditsLink } from '../payments/AddCreditsLink';
import { ClickFrom } from '../payments/click-from';
import { getCreateBookingInfo, sendScheduledBooking } from './api';
import { PhoneVerify } from './PhoneVerify';
import {
  type BookingErrorView,
  bookingErrorOf,
  defaultGiftNum,
  depositOf,
  giftsFromBackpack,
  slotDays,
  withoutSlot,
} from './rules';
import './booking.css';
import { unreachableText } from '../../api/http';
import { SlotPicker } from './SlotPicker';

/** The gift's share of the deposit, naming what his backpack pays. */
function giftPart(gift: BookingGift, num: number, money: string): string {
  const fromBackpack = giftsFromBackpack(gift, num);
  const paid = num - fromBackpack;
  const credits = paid > 0 ? `${(paid * gift.credit).toFixed(2)} ${money} for ` : '';
  const backpack = fromBackpack > 0 ? ` (${fromBackpack} from your backpack)` : '';
  return `, plus ${credits}${num} ${gift.name}${backpack}`;
}

type Phase = 'loading' | 'failed' | 'ready' | 'sending' | 'sent';

export function BookingPopup({
  anchorId,
  nickname,
  onClose,
}: {
  anchorId: string;
  nickname: string;
  onClose: () => void;
}) {
  const { config } = useSnapshot(configState);
  const [phase, setPhase] = useState<Phase>('loading');
  const [info, setInfo] = useState<BookingInfo | null>(null);
  const [day, setDay] = useState('');
  const [timeId, setTimeId] = useState('');
  const [giftid, setGiftid] = useState('');
  const [giftNum, setGiftNum] = useState(0);
  const [sms, setSms] = useState(false);
  const [phone, setPhone] = useState<BookingPhone | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [error, setError] = useState<BookingErrorView | null>(null);
  /** The gift strip's scroll position (px); the arrows move it 5 gifts of 62 px at a time. */
  const [stripAt, setStripAt] = useState(0);
  const strip = useRef<HTMLDivElement>(null);
  const scrollStrip = (direction: 1 | -1) =>
    strip.current?.scrollBy({ left: direction * GIFT_STRIP_STEP * GIFT_STRIP_ITEM_PX, behavior: 'smooth' });
  const sending = useRef(false);
  const ids = { num: useId(), sms: useId() };

  async function load() {
    setPhase('loading');
    try {
      const data = await getCreateBookingInfo(anchorId);
      setInfo(data);
      setPhone(data.book_phone);
      setPhase('ready');
    } catch {
      setPhase('failed');
    }
  }
  useEffect(() => {
    void load();
  }, [anchorId]);

  useEffect(() => {
    if (phase !== 'sent') return;
    const timer = setTimeout(onClose, BOOKING_SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [phase, onClose]);

  const now = Date.now();
  const days = info ? slotDays(info.book_time, now) : [];
  const dayKey = day || days.find((d) => d.slots.length)?.key || days[0]?.key || '';
  const chosenDay = days.find((d) => d.key === dayKey);
  const gifts = info?.book_gift.gift_list ?? [];
  const gift = gifts.find((g) => g.giftid === giftid);
  const deposit = depositOf(info?.book_deposit ?? 0, gift, giftNum);
  const money = config?.money_type ?? 'credits';
  const anySlot = days.some((d) => d.slots.length > 0);

  function chooseGift(id: string) {
    setGiftid(id);
    setGiftNum(defaultGiftNum(gifts.find((g) => g.giftid === id)));
  }

  async function book() {
    if (!info || sending.current) return;
    const slot = chosenDay?.slots.find((s) => s.time_id === timeId);
    if (!slot) return;
    if (sms && !phone) return setError({ message: Messages.bookPhoneUnverified, addCredits: false });
    sending.current = true;
    setError(null);
    setPhase('sending');
    try {
      const answer = await sendScheduledBooking({
        userid: anchorId,
        book_time: slot.time,
        time_id: slot.time_id,
        ...(gift ? { giftid: gift.giftid, gift_num: giftNum } : {}),
        need_sms: sms ? 1 : 0,
      });
      balancesState.credit = answer.left_credit;
      setInfo({ ...info, book_time: withoutSlot(info.book_time, slot.time_id) });
      setTimeId('');
      setPhase('sent');
    } catch (e) {
      setError(e instanceof ApiError ? bookingErrorOf(e.errno, e.message) : bookingErrorOf(-1, ''));
      setPhase('ready');
    } finally {
      sending.current = false;
    }
  }

  const closeButton = (
    <button type="button" className="btn btn-secondary" onClick={onClose}>
      Close
    </button>
  );

  let body: React.ReactNode;
  let actions: React.ReactNode = closeButton;
  if (phase === 'loading') {
    body = (
      <p className="booking-loading" role="status">
        Loading the schedule…
      </p>
    );
  } else if (phase === 'failed' || !info) {
    body = <p role="alert">{unreachableText()}</p>;
    actions = (
      <>
        {closeButton}
        <button type="button" className="btn btn-primary" onClick={() => void load()}>
          Try again
        </button>
      </>
    );
  } else if (phase === 'sent') {
    body = (
      <p className="booking-success" role="status" data-testid="booking-sent">
        {Messages.bookRequestSent}
      </p>
    );
  } else if (!info.priv.booking) {
    body = <p role="alert">{Messages.anchorNoBooking}</p>;
  } else if (!anySlot && !info.book_time.length) {
    body = <p role="alert">{Messages.noSchedule}</p>;
  } else if (verifying) {
    body = (
      <PhoneVerify
        onCancel={() => {
          setVerifying(false);
          if (!phone) setSms(false);
        }}
        onVerified={(p) => {
          setPhone(p);
          setVerifying(false);
          setSms(true);
        }}
      />
    );
    actions = null;
  } else {
    body = (
      <div className="booking-form">
        <p className="booking-with">
          With <strong>{nickname}</strong>
        </p>
        <div className="booking-row">
          <SlotPicker
            days={days}
            dayKey={dayKey}
            onDay={setDay}
            slots={chosenDay?.slots ?? []}
            timeId={timeId}
            onTime={setTimeId}
          />
        </div>
        {chosenDay && !chosenDay.slots.length && <p className="booking-note">{Messages.noScheduleDay}</p>}

        {gifts.length > 0 && (
          <fieldset className="booking-gifts">
            <legend>Add a virtual gift (optional)</legend>
            <div className="gift-strip">
              <button
                type="button"
                className="gift-arrow"
                aria-label="Previous gifts"
                disabled={stripAt <= 0}
                onClick={() => scrollStrip(-1)}
              >
                ‹
              </button>
              <div
                className="gift-window"
                ref={strip}
                onScroll={(e) => setStripAt(e.currentTarget.scrollLeft)}
              >
                <ul className="gift-items">
                  <li>
                    <button
                      type="button"
                      className="gift-item"
                      aria-pressed={giftid === ''}
                      onClick={() => chooseGift('')}
                    >
                      <span className="gift-none">—</span>
                      <span className="gift-name">No gift</span>
                    </button>
                  </li>
                  {gifts.map((g) => (
                    <li key={g.giftid}>
                      <button
                        type="button"
                        className="gift-item"
                        aria-pressed={giftid === g.giftid}
                        disabled={g.locked === 1}
                        title={
                          g.locked === 1
                            ? RoomGiftTexts.locked(g.intimacy_level ?? 0)
                            : `${g.name}: ${g.credit} ${money}`
                        }
                        onClick={() => chooseGift(g.giftid)}
                      >
                        <img src={g.small_imgurl} alt="" width={40} height={40} />
                        <span className="gift-name">{g.name}</span>
                        {(g.held ?? 0) > 0 && <span className="gift-held">{g.held}</span>}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
              <button
                type="button"
                className="gift-arrow"
                aria-label="More gifts"
                disabled={stripAt >= (gifts.length + 1 - GIFT_STRIP_STEP) * GIFT_STRIP_ITEM_PX}
                onClick={() => scrollStrip(1)}
              >
                ›
              </button>
            </div>
            {gift && (
              <div className="booking-field booking-inline">
                <label htmlFor={ids.num}>
                  {gift.name} ({gift.credit} {money} each) ×
                </label>
                <select id={ids.num} value={giftNum} onChange={(e) => setGiftNum(Number(e.target.value))}>
                  {gift.send_num_list.map((n) => (
                    <option key={n.num} value={n.num}>
                      {n.num}
                    </option>
                  ))}
                </select>
              </div>
            )}
          </fieldset>
        )}

        <div className="booking-sms">
          <input
            id={ids.sms}
            type="checkbox"
            checked={sms}
            onChange={(e) => {
              setSms(e.target.checked);
              if (e.target.checked && !phone) setVerifying(true);
            }}
          />
          <label htmlFor={ids.sms}>Send me an SMS 15 minutes before the broadcast</label>
          {phone && (
            <span className="booking-phone">
              +{phone.area_code} {phone.phone_no}{' '}
              <button type="button" className="link-button" onClick={() => setVerifying(true)}>
                Change
              </button>
            </span>
          )}
        </div>

        <p className="booking-note" data-testid="booking-deposit">
          {deposit.toFixed(2)} {money} will be charged now: {(info.book_deposit ?? 0).toFixed(2)} for the
          first {BOOKING_DEPOSIT_MINUTES} minutes of One-on-One
          {gift ? giftPart(gift, giftNum, money) : ''}. It is refunded in full
          {gift ? ' (gifts from your backpack go back to it)' : ''} if {nickname} declines or does not show
          up;
          {gift ? ' the gift is hers when the One-on-One takes place.' : ''}
        </p>
        {error && (
          <p className="booking-error" role="alert">
            {error.message} {error.addCredits && <AddCreditsLink clickFrom={ClickFrom.booking} />}
          </p>
        )}
      </div>
    );
    actions = (
      <>
        {closeButton}
        <button
          type="button"
          className="btn btn-primary"
          disabled={!timeId || phase === 'sending'}
          onClick={() => void book()}
        >
          {phase === 'sending' ? 'Sending…' : 'BOOK NOW'}
        </button>
      </>
    );
  }

  return (
    <Modal title="Book One-on-One" onClose={onClose} actions={actions} testId="booking-popup">
      {body}
    </Modal>
  );
}
