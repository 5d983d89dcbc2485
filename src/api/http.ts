/** The app's one API client, wired to the browser: fetch, the maintenance page and the popups. */
import { Pages } from '../../protocol/paths';
import { sessionState } from '../state/session';
import { openLoginTimeout } from '../state/ui';
import { createApiClient } from './client';

export const api = createApiClient({
  fetch: (input, init) => fetch(input, init),
  onMaintenance: () => window.location.assign(Pages.maintenance),
  onLoginTimeout: openLoginTimeout,
  onToken: (token) => {
    sessionState.token = token.token;
  },
});

export const call = api.call;
