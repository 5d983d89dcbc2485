/** The browser's side of the realtime client: WebSocket, BroadcastChannel, Web Locks and page events. */
import { SOCKET_PATH } from '../../protocol/paths';
import type { Connect } from './socket';
import type { OpenChannel, RelayMessage, TabEnvironment } from './tabs';
import type { LockManagerLike } from './web-lock';

/** ws: or wss: on the page's own origin. */
export function socketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${SOCKET_PATH}`;
}

/** The hash route the member is on (page_name of the login route). */
export function pageName(hash: string = window.location.hash): string {
  return hash.replace(/^#/, '').split('?')[0] || '/';
}

export const connectWebSocket: Connect = (url, handlers) => {
  const ws = new WebSocket(url);
  ws.onopen = () => handlers.open();
  ws.onmessage = (event) => {
    if (typeof event.data === 'string') handlers.message(event.data);
  };
  // 'error' is always followed by 'close'.
  ws.onclose = () => handlers.close();
  return {
    send: (text) => ws.send(text),
    close: () => {
      ws.onopen = null;
      ws.onmessage = null;
      ws.onclose = null;
      ws.close();
    },
  };
};

export function browserChannel(): OpenChannel | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  return (name, onMessage) => {
    const channel = new BroadcastChannel(name);
    channel.onmessage = (event: MessageEvent<RelayMessage>) => onMessage(event.data);
    return {
      post: (message) => channel.postMessage(message),
      close: () => channel.close(),
    };
  };
}

export function browserLocks(): LockManagerLike | undefined {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return undefined;
  return { request: (name, options, callback) => locks.request(name, options, callback) };
}

export const browserEnvironment: TabEnvironment = {
  isVisible: () => document.visibilityState === 'visible',
  onVisibilityChange(listener) {
    const handle = () => listener(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', handle);
    return () => document.removeEventListener('visibilitychange', handle);
  },
  onUserInput(listener) {
    const options = { capture: true, passive: true } as const;
    window.addEventListener('pointerdown', listener, options);
    window.addEventListener('keydown', listener, options);
    return () => {
      window.removeEventListener('pointerdown', listener, options);
      window.removeEventListener('keydown', listener, options);
    };
  },
  onPageHide(listener) {
    window.addEventListener('pagehide', listener);
    return () => window.removeEventListener('pagehide', listener);
  },
};
