/** Where the session stands: booting, signed in (maybe offline from the cache), or a visitor. */
import { proxy } from 'valtio';

export type SessionStatus = 'booting' | 'signed-in' | 'visitor' | 'unreachable';

export const sessionState = proxy({
  status: 'booting' as SessionStatus,
  /** Signed in from the Dexie cache because the server could not be reached. */
  offline: false,
  /** The short-lived socket token (/pman/user/api/getToken). */
  token: '',
});
