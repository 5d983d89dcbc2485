/** The shape of every API call on the wire: a form-encoded POST with `is_ajax` and a timestamp. */
import { AJAX_QUERY, SHARE_HEADER, TIMESTAMP_QUERY } from '../../protocol/envelope';

export type FormValue = string | number | boolean | null | undefined;
export type FormBody = Record<string, FormValue | readonly FormValue[]>;

export function encodeForm(body: FormBody = {}): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (Array.isArray(value)) {
      for (const item of value) if (item != null) form.append(`${key}[]`, String(item));
    } else if (value != null) {
      form.append(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
    }
  }
  return form;
}

export function callUrl(path: string, now: number): string {
  const joiner = path.includes('?') ? '&' : '?';
  return `${path}${joiner}${AJAX_QUERY}=1&${TIMESTAMP_QUERY}=${now}`;
}

/** /share calls and the Say Hi calls carry dev-type 10 (spec 001 §7: isCanSendSayHi "header dev-type 10"). */
const isShareCall = (path: string) => path.startsWith('/share/') || path.startsWith('/pman/sayHi/');

/** The fetch options of a call (its URL is callUrl's). */
export function requestInit(path: string, body?: FormBody): RequestInit & { body: string } {
  const headers: Record<string, string> = {
    'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8',
    Accept: 'application/json',
  };
  if (isShareCall(path)) headers[SHARE_HEADER.name] = SHARE_HEADER.value;
  return { method: 'POST', credentials: 'same-origin', headers, body: encodeForm(body).toString() };
}
