import type { ErrnoCode } from './errors';

/** Every API answer (HTTP 200 for business errors too). */
export interface ApiAnswer<T = unknown> {
  errno: ErrnoCode | number;
  errmsg: string;
  data: T;
}

/** Query parameters every call carries. */
export const AJAX_QUERY = 'is_ajax';
export const TIMESTAMP_QUERY = '_';
/** The extra header that calls under /share (and Say Hi) carry (spec 001 §7: dev-type 10). */
export const SHARE_HEADER = { name: 'dev-type', value: '10' } as const;
/** The session cookie. */
export const SESSION_COOKIE = 'glimmer_sid';
/** The device cookie: this browser signed in to the account it names before (login throttling). */
export const DEVICE_COOKIE = 'glimmer_device';
