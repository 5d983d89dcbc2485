/**
 * The app's realtime client: one socket per browser, shared by every tab (see tabs.ts). Started
 * when the session is signed in and online, stopped for a visitor (see wiring.ts).
 */
import { session } from '../app/session';
import { sessionState } from '../state/session';
import {
  browserChannel,
  browserEnvironment,
  browserLocks,
  connectWebSocket,
  pageName,
  socketUrl,
} from './browser';
import { createSocket } from './socket';
import { createRealtimeClient, type TabsRealtimeClient } from './tabs';

export type { RealtimeClient, RealtimeStatus } from './contract';
export { SocketError } from './socket';
export type { TabsRealtimeClient } from './tabs';

export const realtime: TabsRealtimeClient = createRealtimeClient({
  createSocket: (hooks) =>
    createSocket({
      ...hooks,
      connect: connectWebSocket,
      url: () => socketUrl(),
      token: () => sessionState.token,
      // The session's renewal raises the token-expiry alert when the session is gone.
      renewToken: async () => {
        await session.refreshToken();
        return sessionState.token;
      },
      pageName: () => pageName(),
    }),
  locks: browserLocks(),
  openChannel: browserChannel(),
  environment: browserEnvironment,
});
