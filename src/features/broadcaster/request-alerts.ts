/**
 * A request arriving while her studio is open: a toast naming the member (RequestToasts.tsx) and a
 * short tone (the invitations' chime, drawn with Web Audio), unless she muted the sound. Her choice is kept on
 * this device in localStorage.
 */
import type { IncomingRequest } from '../../../protocol/realtime';
import type { KeyValue } from '../../app/popups/pop-rule';
import { playChime } from '../invites/chime';

export const REQUEST_SOUND_KEY = 'glimmer.studio.requestSound';

/** The sound is on unless she turned it off; a store that cannot be read leaves it on. */
export function requestSoundOn(store: KeyValue | undefined = globalThis.localStorage): boolean {
  try {
    return store?.getItem(REQUEST_SOUND_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function setRequestSound(on: boolean, store: KeyValue | undefined = globalThis.localStorage): void {
  try {
    store?.setItem(REQUEST_SOUND_KEY, on ? 'on' : 'off');
  } catch {
    // Private mode without storage: the choice lasts until the page goes.
  }
}

/** The toast's words. */
export function requestToastText(request: Pick<IncomingRequest, 'nickname' | 'type'>): string {
  return request.type === 'hangout'
    ? `${request.nickname} asks for a Hang-out`
    : `${request.nickname} asks for a One-on-One`;
}

/** How long a request's toast stays: while the request is open, from 5 s to a minute. */
export const requestToastMs = (request: Pick<IncomingRequest, 'left_seconds'>) =>
  Math.max(5, Math.min(request.left_seconds, 60)) * 1000;

/** The tone, when the sound is on. */
export function requestTone(soundOn = requestSoundOn()): void {
  if (soundOn) playChime();
}
