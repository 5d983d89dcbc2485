/** Ties the realtime client to the session: on while signed in and online, off for a visitor. */
import { subscribe } from 'valtio';
import { sessionState } from '../state/session';
import type { RealtimeClient } from './contract';
import { type HandlerDeps, installRealtimeHandlers } from './handlers';

export function syncWithSession(client: RealtimeClient) {
  const { status, offline, token } = sessionState;
  // start() is idempotent; a new token also revives a socket whose login was refused.
  if (status === 'signed-in' && !offline && token) client.start();
  else if (status === 'visitor') client.stop();
}

/** Installs the account handlers and follows the session; answers the undo function. */
export function linkRealtime(client: RealtimeClient, deps: HandlerDeps): () => void {
  const uninstall = installRealtimeHandlers(client, deps);
  syncWithSession(client);
  const unsubscribe = subscribe(sessionState, () => syncWithSession(client));
  return () => {
    unsubscribe();
    uninstall();
  };
}
