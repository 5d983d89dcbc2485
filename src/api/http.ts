/** The app's one API client, wired to the browser: fetch, the maintenance page and the popups. */
import { Messages } from '../../protocol/errors';
import { Pages } from '../../protocol/paths';
import { sessionState } from '../state/session';
import { openLoginTimeout } from '../state/ui';
import { createApiClient } from './client';
import { takeEarly } from './early';

export const api = createApiClient({
  fetch: (input, init) => fetch(input, init),
  takeEarly,
  isOnline: () => navigator.onLine,
  onMaintenance: () => window.location.assign(Pages.maintenance),
  onLoginTimeout: openLoginTimeout,
  onToken: (token) => {
    sessionState.token = token.token;
  },
});

export const call = api.call;

/** What a page says when its data could not be reached: "You are offline" when that is why. */
export const unreachableText = () => (navigator.onLine ? Messages.badNetwork : Messages.offline);
