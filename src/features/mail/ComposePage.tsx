/**
 * /compose?anchorid= and /sendmail: write a mail to a broadcaster with photos, after a two-step mail
 * guide until the member finishes it once (kept on the server: setGuideMailDone, getUserConfig). Photos
 * are checked here (format, under 5 MB, 120 to 3600 px, never twice) and again by the server by
 * content. The member may pay a chosen way (post stamps or credits) and attach a scheduled
 * One-on-One request (24 hours to 14 days ahead, the deposit 30% off). A send carries one key, so a
 * double click sends once; then /success.
 */
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { BookingInfo } from '../../../protocol/bookings/booking';
import { Messages } from '../../../protocol/errors';
import {
  CLICK_TYPE,
  MAIL_MAX_LENGTH,
  MAIL_PRICE,
  MAIL_SCHEDULE_DISCOUNT_PERCENT,
  MailMessages,
  mailScheduleDeposit,
  type UploadAnswer,
} from '../../../protocol/mail/mail';
import { ApiError } from '../../api/client';
import { getUserConfig } from '../../api/session';
import { errorText } from '../../api/use-request';
import { Modal } from '../../app/popups/Modal';
import { balancesState } from '../../state/balances';
import { getCreateBookingInfo } from '../booking/api';
import { SCHEDULE_REQUEST_DAYS, windowDays } from '../booking/rules';
import { SlotPicker } from '../booking/SlotPicker';
import { checkEmfAnchor, sendEmf, setGuideMailDone, uploadMailPhoto } from './api';
import { type ChosenGift, LetterGiftConfirm, LetterGiftField } from './LetterGift';
import { PurchasePrompt } from './PurchasePrompt';
import { addPhotoPrompt, dimensionsFit, fingerprintOf, type Prompt, precheckPhoto, promptFor } from './rules';
import { applyBalances } from './state';
import './mail.css';

const newKey = () => `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

interface Attached extends UploadAnswer {
  fingerprint: string;
  preview: string;
}

function imageSize(file: Blob): Promise<{ width: number; height: number } | undefined> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
      URL.revokeObjectURL(url);
    };
    img.onerror = () => {
      resolve(undefined);
      URL.revokeObjectURL(url);
    };
    img.src = url;
  });
}

/** The two-step mail guide (spec 002 §2 "Mail guide"). */
function MailGuide({ onDone }: { onDone: () => void }) {
  const [step, setStep] = useState(0);
  const steps = [
    ['Write your mail', 'Choose a broadcaster and write what you want to tell her. Be yourself!'],
    [
      'Add photos and send',
      `Attach up to five photos (JPG, PNG or GIF, under 5 MB). A mail costs ${MAIL_PRICE.stamps} post stamp or 0.8 credit, and the same for each photo; post stamps are used first. You can also ask her for a scheduled One-on-One by mail and save ${MAIL_SCHEDULE_DISCOUNT_PERCENT}%.`,
    ],
  ] as const;
  const [title, text] = steps[step] ?? steps[0];
  return (
    <Modal
      title={`Mail guide ${step + 1}/2: ${title}`}
      testId="mail-guide"
      onClose={onDone}
      actions={
        step === 0 ? (
          <button type="button" className="btn btn-primary" onClick={() => setStep(1)}>
            Next
          </button>
        ) : (
          <button type="button" className="btn btn-primary" onClick={onDone}>
            Got it
          </button>
        )
      }
    >
      <p>{text}</p>
    </Modal>
  );
}

type Retry = (clickType: number) => void;

export function ComposePage() {
  const search = useSearch({ strict: false }) as { anchorid?: string };
  const navigate = useNavigate();
  const balances = useSnapshot(balancesState);
  const [anchorId, setAnchorId] = useState(search.anchorid ?? '');
  const [anchor, setAnchor] = useState<{ nickname: string; photourl: string } | null>(null);
  const [content, setContent] = useState('');
  const [photos, setPhotos] = useState<Attached[]>([]);
  const [error, setError] = useState('');
  const [photoError, setPhotoError] = useState('');
  const [uploading, setUploading] = useState(false);
  const [sending, setSending] = useState(false);
  const [prompt, setPrompt] = useState<{ prompt: Prompt; retry: Retry } | null>(null);
  /** 0 post stamps first, 1 post stamps, 2 credits. */
  const [clickType, setClickType] = useState<number>(CLICK_TYPE.auto);
  const [guide, setGuide] = useState(false);
  const [withSchedule, setWithSchedule] = useState(false);
  const [booking, setBooking] = useState<{ anchorId: string; info: BookingInfo } | null>(null);
  const [scheduleError, setScheduleError] = useState('');
  const [day, setDay] = useState('');
  const [timeId, setTimeId] = useState('');
  /** A virtual gift with the letter, its picker open, and its price confirmation open. */
  const [gift, setGift] = useState<ChosenGift | null>(null);
  const [pickingGift, setPickingGift] = useState(false);
  const [confirmGift, setConfirmGift] = useState(false);
  const key = useRef(newKey());
  const ids = { to: useId(), text: useId(), file: useId(), pay: useId(), schedule: useId() };

  // The guide shows until the member finishes it once, on whichever device (server-side flag).
  useEffect(() => {
    let live = true;
    getUserConfig().then(
      (c) => live && setGuide(c.guide_mail === 0),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const id = anchorId.trim();
    setAnchor(null);
    // A gift chosen for another broadcaster (her limits differ) is not carried over.
    setGift(null);
    if (!id) return;
    let live = true;
    const timer = setTimeout(() => {
      checkEmfAnchor(id).then(
        (a) => {
          if (!live) return;
          setAnchor(a);
          setError('');
        },
        (e: unknown) => live && setError(errorText(e)),
      );
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [anchorId]);

  // Her free times for a schedule request, once asked for and she is known.
  useEffect(() => {
    const id = anchorId.trim().toUpperCase();
    if (!withSchedule || !anchor || !id) return;
    if (booking?.anchorId === id) return;
    let live = true;
    setScheduleError('');
    getCreateBookingInfo(id, SCHEDULE_REQUEST_DAYS).then(
      (info) => {
        if (!live) return;
        setBooking({ anchorId: id, info });
        setDay('');
        setTimeId('');
      },
      (e: unknown) => live && setScheduleError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [withSchedule, anchor, anchorId, booking]);

  const info = booking?.anchorId === anchorId.trim().toUpperCase() ? booking.info : null;
  const now = Date.now();
  const days = windowDays(info?.book_time ?? [], now);
  const dayKey = day || days[0]?.key || '';
  const daySlots = days.find((d) => d.key === dayKey)?.slots ?? [];
  const fullDeposit = info?.book_deposit ?? 0;
  const deposit = mailScheduleDeposit(Math.round(fullDeposit * 100)) / 100;
  const reserve = withSchedule ? deposit : 0;

  async function addFiles(files: File[], ct = clickType) {
    setPhotoError('');
    let attached = photos;
    setUploading(true);
    try {
      for (const [i, file] of files.entries()) {
        const problem = precheckPhoto(file, attached);
        if (problem) {
          setPhotoError(problem);
          continue;
        }
        // Each photo costs as much as the mail: can the chosen way still pay for it?
        const short = addPhotoPrompt(balancesState, attached.length + 2, ct, reserve);
        if (short) {
          const rest = files.slice(i);
          setPrompt({
            prompt: short,
            retry: (other) => {
              setPrompt(null);
              setClickType(other);
              void addFiles(rest, other);
            },
          });
          return;
        }
        const size = await imageSize(file);
        if (!size) {
          setPhotoError(MailMessages.badFormat);
          continue;
        }
        if (!dimensionsFit(size.width, size.height)) {
          setPhotoError(MailMessages.badDimensions);
          continue;
        }
        try {
          const answer = await uploadMailPhoto(file);
          attached = [...attached, { ...answer, fingerprint: fingerprintOf(file), preview: answer.url }];
          setPhotos(attached);
        } catch (e) {
          setPhotoError(errorText(e));
        }
      }
    } finally {
      setUploading(false);
    }
  }

  async function send(ct = clickType, giftConfirmed = false) {
    setError('');
    if (!anchorId.trim()) return setError(MailMessages.noAnchor);
    if (!content.trim()) return setError(MailMessages.blank);
    const slot = withSchedule ? daySlots.find((s) => s.time_id === timeId) : undefined;
    if (withSchedule && !slot) return setScheduleError('Please choose a date and time for the One-on-One.');
    if (sending) return;
    // A gift moves credits: its price is confirmed first.
    if (gift && !giftConfirmed) return setConfirmGift(true);
    setSending(true);
    try {
      const answer = await sendEmf(
        anchorId.trim(),
        content,
        photos.map((p) => p.photo_id),
        key.current,
        {
          clickType: ct,
          ...(slot ? { schedule: { bookTime: slot.time, timeId: slot.time_id } } : {}),
          ...(gift ? { gift: { giftId: gift.gift.giftid, num: gift.num } } : {}),
        },
      );
      applyBalances(answer);
      void navigate({ to: '/success', search: { anchorid: anchorId.trim() } });
    } catch (e) {
      const p = e instanceof ApiError ? promptFor(e.errno, e.message) : undefined;
      if (p) {
        setPrompt({
          prompt: p,
          retry: (other) => {
            setPrompt(null);
            setClickType(other);
            void send(other, true);
          },
        });
      } else if (withSchedule && e instanceof ApiError && e.errno > 0 && !e.offline) {
        setScheduleError(errorText(e));
      } else setError(e instanceof ApiError && e.offline ? MailMessages.network : errorText(e));
    } finally {
      setSending(false);
      setConfirmGift(false);
    }
  }

  const units = 1 + photos.length;
  const mailCost = `${units} post stamp${units > 1 ? 's' : ''} or ${(0.8 * units).toFixed(2)} credits`;
  return (
    <section className="page mail-page">
      <h1 className="page-title">Write a mail</h1>
      <form
        className="compose"
        // A letter being written holds start-up pop-ups off.
        data-popups-hold={content || photos.length > 0 ? '' : undefined}
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <div className="field">
          <label htmlFor={ids.to}>Broadcaster ID</label>
          <div className="compose-to">
            <input
              id={ids.to}
              value={anchorId}
              onChange={(e) => setAnchorId(e.target.value)}
              placeholder="e.g. A2001"
              autoComplete="off"
              data-testid="compose-to"
            />
            {anchor && (
              <span className="compose-anchor" data-testid="compose-anchor">
                <img src={anchor.photourl} alt="" className="mail-avatar small" width={24} height={24} />{' '}
                {anchor.nickname}
              </span>
            )}
          </div>
        </div>
        <div className="field">
          <label htmlFor={ids.text}>Your mail</label>
          <textarea
            id={ids.text}
            rows={10}
            maxLength={MAIL_MAX_LENGTH}
            value={content}
            onChange={(e) => setContent(e.target.value)}
            data-testid="compose-text"
          />
        </div>
        <div className="field">
          <label htmlFor={ids.file}>Photos</label>
          <input
            id={ids.file}
            type="file"
            accept="image/jpeg,image/png,image/gif"
            multiple
            disabled={uploading}
            onChange={(e) => {
              void addFiles(Array.from(e.target.files ?? []));
              e.target.value = '';
            }}
            data-testid="compose-file"
          />
        </div>
        {uploading && (
          <p role="status" className="muted">
            Uploading…
          </p>
        )}
        {photoError && (
          <p className="form-error" role="alert" data-testid="compose-photo-error">
            {photoError}
          </p>
        )}
        {photos.length > 0 && (
          <ul className="letter-media" aria-label="Attached photos">
            {photos.map((p) => (
              <li key={p.photo_id} className="media-tile" data-testid="compose-photo">
                <img src={p.preview} alt="Attached" width={160} height={120} />
                <button
                  type="button"
                  className="btn btn-small btn-ghost"
                  onClick={() => setPhotos(photos.filter((x) => x.photo_id !== p.photo_id))}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
        <fieldset className="compose-schedule">
          <legend>Scheduled One-on-One</legend>
          <label htmlFor={ids.schedule} className="check">
            <input
              id={ids.schedule}
              type="checkbox"
              checked={withSchedule}
              onChange={(e) => {
                setWithSchedule(e.target.checked);
                setScheduleError('');
              }}
              data-testid="compose-schedule"
            />
            <span>
              Ask her for a scheduled One-on-One with this mail (save {MAIL_SCHEDULE_DISCOUNT_PERCENT}%)
            </span>
          </label>
          {withSchedule && !anchor && <p className="muted">Choose the broadcaster first.</p>}
          {withSchedule && info && !info.priv.booking && (
            <p className="form-error" role="alert">
              {Messages.anchorNoBooking}
            </p>
          )}
          {withSchedule && info?.priv.booking && !days.length && (
            <p className="form-error" role="alert">
              {Messages.noSchedule}
            </p>
          )}
          {withSchedule && info?.priv.booking && days.length > 0 && (
            <div className="booking-row" data-testid="compose-slots">
              <SlotPicker
                days={days}
                dayKey={dayKey}
                onDay={setDay}
                slots={daySlots}
                timeId={timeId}
                onTime={setTimeId}
              />
            </div>
          )}
          {withSchedule && info?.priv.booking && (
            <p className="muted" data-testid="compose-schedule-price">
              Start time 24 hours to 14 days from now. Deposit {deposit.toFixed(2)} credits instead of{' '}
              {fullDeposit.toFixed(2)} ({MAIL_SCHEDULE_DISCOUNT_PERCENT}% off), charged now in credits with
              the mail; refunded if she declines, does not answer in time or you cancel.
            </p>
          )}
          {scheduleError && (
            <p className="form-error" role="alert" data-testid="compose-schedule-error">
              {scheduleError}
            </p>
          )}
        </fieldset>
        <LetterGiftField
          anchorId={anchor ? anchorId.trim().toUpperCase() : ''}
          chosen={gift}
          picking={pickingGift}
          onPick={setPickingGift}
          onChange={setGift}
        />
        <div className="field">
          <label htmlFor={ids.pay}>Pay with</label>
          <select
            id={ids.pay}
            value={clickType}
            onChange={(e) => setClickType(Number(e.target.value))}
            data-testid="compose-pay-with"
          >
            <option value={CLICK_TYPE.auto}>Post stamps first, else credits</option>
            <option value={CLICK_TYPE.stamps}>Post stamps</option>
            <option value={CLICK_TYPE.credits}>Credits</option>
          </select>
        </div>
        {error && (
          <p className="form-error" role="alert" data-testid="compose-error">
            {error}
          </p>
        )}
        <p className="muted">
          Cost: {units} post stamp{units > 1 ? 's' : ''} or {(0.8 * units).toFixed(2)} credits
          {clickType === CLICK_TYPE.auto ? ' (post stamps first)' : ''}
          {withSchedule && info?.priv.booking ? `, plus the ${deposit.toFixed(2)} credits deposit` : ''}
          {gift ? `, plus the gift (${gift.num} ${gift.gift.name})` : ''}. You have {balances.poststamp} post
          stamp{balances.poststamp === 1 ? '' : 's'} and {balances.credit.toFixed(2)} credits.{' '}
          <Link to="/myhomeback/stamps">Buy post stamps</Link>
        </p>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={sending || uploading}
          data-testid="compose-send"
        >
          {sending ? 'Sending…' : 'Send'}
        </button>
      </form>
      {guide && (
        <MailGuide
          onDone={() => {
            setGuide(false);
            void setGuideMailDone().catch(() => undefined);
          }}
        />
      )}
      {confirmGift && gift && (
        <LetterGiftConfirm
          chosen={gift}
          nickname={anchor?.nickname ?? ''}
          mailCost={mailCost}
          busy={sending}
          onConfirm={() => void send(clickType, true)}
          onCancel={() => setConfirmGift(false)}
        />
      )}
      {prompt && (
        <PurchasePrompt prompt={prompt.prompt} onPay={prompt.retry} onClose={() => setPrompt(null)} />
      )}
    </section>
  );
}

export function MailSentPage() {
  return (
    <section className="page mail-page">
      <h1 className="page-title">Mail sent</h1>
      <div className="empty-state" data-testid="mail-success">
        <p>Your mail is on its way.</p>
        <p>
          <Link to="/outbox" className="btn btn-primary">
            Sent mail
          </Link>{' '}
          <Link to="/inbox" className="btn btn-secondary">
            Inbox
          </Link>
        </p>
      </div>
    </section>
  );
}
