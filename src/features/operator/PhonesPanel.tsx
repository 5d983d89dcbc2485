/**
 * The console's Phones tab (role `dev`, development tools only): the local call center's phones,
 * his, hers and the translator's, as the center rings them. A ringing phone shows it and rings;
 * Answer, Press 1 and Hang up drive the center. `phone=<owner>` opens one party's phone as a page
 * of its own: there, once the center joins the call, the page talks (its microphone out, the
 * other parties' voices in), so each party's phone is its own browser window.
 */
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { StandInPhone } from '../../../protocol/call-service/call-service';
import { Errno } from '../../../protocol/errors';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/use-request';
import { ErrorRetry } from '../../app/layout/ErrorRetry';
import { type HeardVoice, openPhoneLine } from './phone-audio';
import { phoneStateText, phoneTitle } from './phone-words';
import { answerPhone, getPhones, hangUpPhone, pressKey } from './phones-api';
import { startRinging } from './ringer';

/** How often the phones are read: a ring shows within a second. */
const PHONES_POLL_MS = 1_000;

type PhonesState =
  | { status: 'loading' }
  | { status: 'ready'; list: StandInPhone[] }
  | { status: 'error'; error: string; errno: number };

/** The center's phones, read now and every PHONES_POLL_MS; a failed read is shown and tried again. */
function usePhones(): [PhonesState, () => void] {
  const [state, setState] = useState<PhonesState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = () => {
      getPhones().then(
        (list) => {
          if (!live) return;
          setState({ status: 'ready', list });
          timer = setTimeout(read, PHONES_POLL_MS);
        },
        (error: unknown) => {
          if (!live) return;
          const errno = error instanceof ApiError ? error.errno : -1;
          setState({ status: 'error', error: errorText(error), errno });
        },
      );
    };
    read();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [attempt]);
  return [state, () => setAttempt((a) => a + 1)];
}

/** The voices of the other parties, played (the test reads them from these elements too). */
function Voice({ voice }: { voice: HeardVoice }) {
  const audio = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    if (audio.current) audio.current.srcObject = voice.stream;
  }, [voice.stream]);
  return (
    // biome-ignore lint/a11y/useMediaCaption: a live phone call's voice; there is no caption track.
    <audio ref={audio} autoPlay data-testid="phone-voice" data-owner={voice.owner} />
  );
}

/** The line of a joined call: open while the phone talks, closed when it stops or the page goes. */
function PhoneLineAudio({ phone, others }: { phone: StandInPhone; others: StandInPhone[] }) {
  const [voices, setVoices] = useState<HeardVoice[]>([]);
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);
  const othersKey = others.map((o) => `${o.leg_id}:${o.owner}`).join(',');
  useEffect(() => {
    let hangUp: (() => void) | undefined;
    let live = true;
    const from = othersKey
      .split(',')
      .filter(Boolean)
      .map((item) => {
        const [legId = '', owner = ''] = item.split(':');
        return { legId, owner };
      });
    setError('');
    openPhoneLine(phone.leg_id, from).then(
      (line) => {
        if (!live) return line.hangUp();
        hangUp = line.hangUp;
        setVoices(line.voices);
      },
      (e: unknown) => live && setError(`No sound: ${errorText(e)}`),
    );
    return () => {
      live = false;
      hangUp?.();
      setVoices([]);
    };
  }, [phone.leg_id, othersKey, attempt]);
  return (
    <div className="op-phone-line">
      {voices.map((v) => (
        <Voice key={v.owner} voice={v} />
      ))}
      {error ? (
        <ErrorRetry message={error} onRetry={() => setAttempt((a) => a + 1)} />
      ) : (
        <p className="muted" data-testid="phone-line">
          {voices.length > 0 ? 'Your microphone is on; you hear the others.' : 'Connecting the sound…'}
        </p>
      )}
    </div>
  );
}

function PhoneCard({
  phone,
  others,
  talks,
  ownPage,
}: {
  phone: StandInPhone;
  others: StandInPhone[];
  talks: boolean;
  ownPage: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const titleId = `op-phone-${phone.leg_id}`;
  const act = (action: () => Promise<unknown>) => {
    setBusy(true);
    setError('');
    action().then(
      () => setBusy(false),
      (e: unknown) => {
        setBusy(false);
        setError(errorText(e));
      },
    );
  };
  const ringing = phone.state === 'ringing';
  return (
    <li
      className={`card op-phone${ringing ? ' ringing' : ''}`}
      data-testid="op-phone"
      data-owner={phone.owner}
      data-state={phone.state}
      data-bridged={phone.bridged}
      aria-labelledby={titleId}
    >
      <h3 id={titleId} className="op-report-title">
        {phoneTitle(phone)}
      </h3>
      <p className="op-phone-state" role="status">
        {phoneStateText(phone)}
        {phone.pressed && <span className="muted"> · keys pressed: {phone.pressed}</span>}
      </p>
      <div className="op-actions">
        {ringing && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => act(() => answerPhone(phone.leg_id))}
          >
            Answer
          </button>
        )}
        {!ringing && phone.role === 'member' && phone.bridged === 0 && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => act(() => pressKey(phone.leg_id, '1'))}
          >
            Press 1
          </button>
        )}
        <button
          type="button"
          className="btn btn-secondary"
          disabled={busy}
          onClick={() => act(() => hangUpPhone(phone.leg_id))}
        >
          Hang up
        </button>
        {!ownPage && (
          <Link
            to="/operator"
            search={{ tab: 'phones', phone: phone.owner }}
            target="_blank"
            className="btn btn-secondary"
          >
            Open as its own page
          </Link>
        )}
      </div>
      {error && (
        <p className="care-error" role="alert">
          {error}
        </p>
      )}
      {talks && <PhoneLineAudio phone={phone} others={others} />}
    </li>
  );
}

/** Rings while any phone shown rings. */
function useRing(ringing: boolean) {
  useEffect(() => (ringing ? startRinging() : undefined), [ringing]);
}

export function PhonesPanel({ owner }: { owner?: string }) {
  const [state, retry] = usePhones();
  const all = state.status === 'ready' ? state.list : [];
  const shown = owner ? all.filter((p) => p.owner === owner) : all;
  useRing(shown.some((p) => p.state === 'ringing'));
  return (
    <section className="op-panel" aria-label="Call center phones">
      <h2>{owner ? `Phone of ${owner}` : 'Call center phones'}</h2>
      <p className="muted">
        {owner ? (
          <>
            This page is {owner}'s phone: once the center joins the call it uses this browser's microphone and
            plays the other parties.{' '}
            <Link to="/operator" search={{ tab: 'phones' }}>
              All phones
            </Link>
          </>
        ) : (
          'The local call center rings these phones for members’ calls: his, hers and the translator’s. Open a phone as its own page to talk on it.'
        )}
      </p>
      {state.status === 'loading' && (
        <p className="muted" role="status">
          Loading…
        </p>
      )}
      {state.status === 'error' &&
        (state.errno === Errno.NOT_FOUND ? (
          <p className="muted">Calls go to a real call center here; there are no stand-in phones.</p>
        ) : (
          <ErrorRetry message={state.error} onRetry={retry} />
        ))}
      {state.status === 'ready' && shown.length === 0 && (
        <div className="empty-state" data-testid="op-phones-empty">
          {owner
            ? `${owner}'s phone is not ringing. It rings here when the center calls it.`
            : 'No phone is ringing. When a member makes a call, the center rings his phone here.'}
        </div>
      )}
      {shown.length > 0 && (
        <ul className="op-list" data-testid="op-phones">
          {shown.map((p) => (
            <PhoneCard
              key={p.leg_id}
              phone={p}
              others={all.filter((o) => o.call_id === p.call_id && o.leg_id !== p.leg_id)}
              talks={Boolean(owner) && p.state === 'answered' && p.bridged === 1}
              ownPage={Boolean(owner)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
