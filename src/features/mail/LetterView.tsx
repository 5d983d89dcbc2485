/**
 * One letter: a paid mail asks to be opened (1 stamp or 0.8 credit, stamps first), then shows its
 * text and media. Private photos and videos are locked (buy: photo 1 stamp or 0.8 credit, video 2
 * stamps or 1.6 credits), unlocked (picture viewer, video player) or expired. Each refusal code
 * opens its purchase prompt. The leave-message popup answers the broadcaster by mail.
 */
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { imageSrcSet } from '../../../protocol/images';
import {
  LEAVE_MESSAGE_MAX,
  type LetterMedia,
  MAIL_PRICE,
  type MailDetail,
  MEDIA_STATUS,
} from '../../../protocol/mail/mail';
import { ApiError, isConnectionError } from '../../api/client';
import { errorText } from '../../api/use-request';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { SavedNote } from '../../app/layout/SavedNote';
import { Modal } from '../../app/popups/Modal';
import { When } from '../../app/time/When';
import { readLetter, saveLetter } from '../../db/mail';
import { balancesState } from '../../state/balances';
import { showToast } from '../../state/ui';
import { userState } from '../../state/user';
import { ContinueOffer } from '../payments/ContinueOffer';
import type { PendingAction } from '../payments/pending-action';
import { type Box, buyPrivatePhotoVideo, getMailDetail, readEmf, sendEmf } from './api';
import { LetterGiftLine } from './LetterGift';
import { MediaTile, MediaViewer } from './LetterMedia';
import { LetterSchedule } from './LetterSchedule';
import { PurchasePrompt } from './PurchasePrompt';
import { leaveMessageText, type Prompt, payLabel, promptFor } from './rules';
import { applyBalances, mailState, refreshUnread } from './state';

const credits = (hundredths: number) => (hundredths / 100).toFixed(1);

type Retry = (clickType: number) => void;

export function LetterView({ box, emfId }: { box: Box; emfId: string }) {
  const [mail, setMail] = useState<MailDetail | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [prompt, setPrompt] = useState<{ prompt: Prompt; retry: Retry; resume?: PendingAction } | null>(null);
  const [viewing, setViewing] = useState<LetterMedia | null>(null);
  const [leaving, setLeaving] = useState(false);
  /** When the letter shown is this device's copy (offline), the time it was saved. */
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [attempt, setAttempt] = useState(0);
  const again = useCallback(() => setAttempt((n) => n + 1), []);
  const userid = userState.me?.userid ?? '';
  const { poststamp } = useSnapshot(balancesState);

  useEffect(() => {
    let live = true;
    setMail(null);
    setError('');
    setSavedAt(null);
    getMailDetail(box, emfId).then(
      (m) => {
        if (!live) return;
        setMail(m);
        if (!m.need_pay) void refreshUnread().catch(() => undefined);
      },
      async (e: unknown) => {
        // Offline: an opened letter is still readable from this device.
        const stored = isConnectionError(e) && userid ? await readLetter(userid, emfId) : undefined;
        if (!live) return;
        if (stored) {
          setMail(stored.mail);
          setSavedAt(stored.savedAt);
        } else setError(errorText(e));
      },
    );
    return () => {
      live = false;
    };
  }, [box, emfId, userid, attempt]);

  // Every open letter is kept for offline reading (saveLetter skips unpaid ones).
  useEffect(() => {
    if (mail && userid && savedAt === null) void saveLetter(userid, mail);
  }, [mail, userid, savedAt]);

  /** Runs a paid call; a refusal with a prompt code opens the prompt, whose choice retries. */
  async function paid<T>(
    run: (clickType: number) => Promise<T>,
    clickType = 0,
    resume?: PendingAction,
  ): Promise<T | undefined> {
    if (busy) return undefined;
    setBusy(true);
    try {
      return await run(clickType);
    } catch (e) {
      const p = e instanceof ApiError ? promptFor(e.errno, e.message) : undefined;
      if (p) {
        setPrompt({
          prompt: p,
          retry: (ct) => {
            setPrompt(null);
            void paid(run, ct, resume);
          },
          resume,
        });
      } else showToast(errorText(e));
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  const open = (clickType = 0) =>
    paid(
      async (ct) => {
        const answer = await readEmf(emfId, ct);
        applyBalances(answer);
        setMail(answer.mail);
        mailState.emf = Math.max(0, mailState.emf - 1);
        void refreshUnread().catch(() => undefined);
      },
      clickType,
      letterAction(mail?.anchor_nickname, { emfId }),
    );

  const buy = (item: LetterMedia) =>
    paid(
      async (ct) => {
        const answer = await buyPrivatePhotoVideo(emfId, item.resource_id, ct);
        applyBalances(answer);
        setMail(
          (m) =>
            m && { ...m, media: m.media.map((x) => (x.resource_id === item.resource_id ? answer.media : x)) },
        );
        setViewing(answer.media);
      },
      0,
      letterAction(mail?.anchor_nickname, { emfId, resourceId: item.resource_id }),
    );

  /** Back from an in-place checkout: the priced button he pressed, ready to press again. */
  const resumeAction = (params: PendingAction['params']) => {
    if (params.emfId !== emfId) return;
    const button = params.resourceId
      ? document.querySelector<HTMLButtonElement>(`[data-testid="media-${params.resourceId}"] .media-buy`)
      : document.querySelector<HTMLButtonElement>('[data-testid="letter-open"]');
    button?.scrollIntoView({ block: 'center' });
    button?.focus();
  };

  if (error) {
    return (
      <>
        <ErrorRetry message={error} onRetry={again} />
        <BackLink box={box} />
      </>
    );
  }
  if (!mail) {
    return (
      <p className="mail-loading" role="status">
        Loading…
      </p>
    );
  }
  return (
    <article className="letter" data-testid="letter">
      <BackLink box={box} />
      {savedAt !== null && <SavedNote savedAt={savedAt} onRefresh={again} testId="letter-offline" />}
      <header className="letter-head">
        <img src={mail.anchor_photourl} alt="" className="mail-avatar" width={48} height={48} />
        <div>
          <h2 className="letter-title">
            {mail.direction === 'out' ? `To ${mail.anchor_nickname}` : `From ${mail.anchor_nickname}`}
          </h2>
          <p className="muted">
            ID: {mail.anchor_id} · <When seconds={mail.send_time} />
          </p>
        </div>
      </header>
      {mail.need_pay ? (
        <div className="letter-locked" data-testid="letter-locked">
          <p>
            Reading this mail costs {MAIL_PRICE.stamps} post stamp or {credits(MAIL_PRICE.credits)} credit.
            Post stamps are used first when you have them.
          </p>
          {/* One action, with what it will take: stamps while he has them, else credits. */}
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => void open()}
            data-testid="letter-open"
          >
            Read mail · {payLabel(MAIL_PRICE, poststamp)}
          </button>
        </div>
      ) : (
        <>
          <div className="letter-body" data-testid="letter-body">
            {mail.content}
          </div>
          {mail.media.length > 0 && (
            <ul className="letter-media" aria-label="Photos and videos">
              {mail.media.map((item) => (
                <MediaTile
                  key={item.resource_id}
                  item={item}
                  poststamp={poststamp}
                  busy={busy}
                  onBuy={() => void buy(item)}
                  onOpen={() => setViewing(item)}
                />
              ))}
            </ul>
          )}
          {mail.photos.length > 0 && (
            <ul className="letter-media" aria-label="Your photos">
              {mail.photos.map((url) => (
                <li key={url} className="media-tile">
                  <img
                    src={url}
                    srcSet={imageSrcSet(url)}
                    sizes="160px"
                    alt="Attached"
                    width={160}
                    height={120}
                    loading="lazy"
                  />
                </li>
              ))}
            </ul>
          )}
          {mail.gift && <LetterGiftLine gift={mail.gift} />}
          {mail.schedule && (
            <LetterSchedule
              schedule={mail.schedule}
              side="member"
              onChanged={() => void getMailDetail(box, emfId).then(setMail, () => undefined)}
            />
          )}
          {mail.direction === 'in' && (
            <div className="letter-actions">
              <Link to="/compose" search={{ anchorid: mail.anchor_id }} className="btn btn-primary">
                Reply
              </Link>
              <button type="button" className="btn btn-secondary" onClick={() => setLeaving(true)}>
                Leave a message
              </button>
            </div>
          )}
        </>
      )}
      {prompt && (
        <PurchasePrompt
          prompt={prompt.prompt}
          onPay={prompt.retry}
          onClose={() => setPrompt(null)}
          resume={prompt.resume}
        />
      )}
      <ContinueOffer kind={LETTER_ACTION} onContinue={resumeAction} />
      {viewing && viewing.status === MEDIA_STATUS.unlocked && (
        <MediaViewer item={viewing} onClose={() => setViewing(null)} />
      )}
      {leaving && <LeaveMessage anchorId={mail.anchor_id} onClose={() => setLeaving(false)} />}
    </article>
  );
}

/** A letter's paid step, kept across an in-place checkout (pending-action.ts). */
const LETTER_ACTION = 'letter';

function letterAction(name: string | undefined, params: Record<string, string>): PendingAction {
  const from = name ? ` from ${name}` : '';
  return { kind: LETTER_ACTION, label: params.resourceId ? `Private media${from}` : `Mail${from}`, params };
}

function BackLink({ box }: { box: Box }) {
  const to = box === 'loi' ? '/lletter' : box === 'outbox' ? '/outbox' : '/inbox';
  return (
    <Link to={to} className="mail-back">
      ← Back
    </Link>
  );
}

function LeaveMessage({ anchorId, onClose }: { anchorId: string; onClose: () => void }) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const key = useRef(`lm${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`);
  const id = useId();
  async function submit() {
    const message = leaveMessageText(text);
    if (!message) return onClose();
    setSending(true);
    try {
      applyBalances(await sendEmf(anchorId, message, [], key.current));
      showToast('Your message was sent.', 'info');
      onClose();
    } catch (e) {
      showToast(errorText(e));
    } finally {
      setSending(false);
    }
  }
  return (
    <Modal
      title="Leave a message"
      testId="leave-message"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-primary" disabled={sending} onClick={() => void submit()}>
            Send
          </button>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
        </>
      }
    >
      <label htmlFor={id} className="visually-hidden">
        Your message
      </label>
      <textarea
        id={id}
        value={text}
        maxLength={LEAVE_MESSAGE_MAX}
        onChange={(e) => setText(leaveMessageText(e.target.value))}
        rows={5}
      />
      <p className="muted">
        {LEAVE_MESSAGE_MAX - text.length} characters left. Sent as a mail: {MAIL_PRICE.stamps} post stamp or{' '}
        {credits(MAIL_PRICE.credits)} credit.
      </p>
    </Modal>
  );
}
