/**
 * Calls sent ahead, by the entry, before the code that makes them has loaded: on a slow phone
 * network every round trip is long, and the session, Discover's lists or a profile need not wait
 * for React and the page's chunks to arrive first. The API client takes an early answer in place of
 * sending the same call (same path, same body) again. Each is taken once, and only while fresh; one
 * nobody takes (a visitor's, or a page the member did not open after all) is simply dropped.
 */
import { callUrl, type FormBody, requestInit } from './request';

/** An early answer older than this is not used: the call is sent again. */
export const EARLY_ANSWER_MAX_AGE_MS = 10_000;

const waiting = new Map<string, { response: Promise<Response>; at: number }>();
const keyOf = (path: string, body: string) => `${path} ${body}`;

export function sendEarly(path: string, body?: FormBody, now = Date.now()) {
  const init = requestInit(path, body);
  const response = fetch(callUrl(path, now), init);
  response.catch(() => {}); // The call that takes it reports a failure.
  waiting.set(keyOf(path, init.body), { response, at: now });
}

/** The early answer to this call if one is waiting; `signal` (the caller's time-out) still applies. */
export function takeEarly(
  path: string,
  body: string,
  signal: AbortSignal,
  now = Date.now(),
): Promise<Response> | undefined {
  const key = keyOf(path, body);
  const early = waiting.get(key);
  if (!early) return undefined;
  waiting.delete(key);
  if (now - early.at > EARLY_ANSWER_MAX_AGE_MS) return undefined;
  return new Promise((resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    early.response.then(resolve, reject);
  });
}

/**
 * The early answer's JSON, read beside whoever takes it (it reads a copy): for what must start
 * before the page's code has arrived. Undefined when no such call went early.
 */
export function peekEarly(path: string, body?: FormBody): Promise<unknown> | undefined {
  const early = waiting.get(keyOf(path, requestInit(path, body).body));
  // Registered before any taker's, so the copy is made before the body is read.
  return early?.response.then((response) => response.clone().json());
}
