/**
 * The socket's code for pages and stores that listen to it: it loads once the page has painted
 * (the shell opens the socket then, so no event can come sooner), never as part of a first screen.
 */
import type { TabsRealtimeClient } from '../realtime';
import { afterFirstPaint } from './first-paint';

const loaded = () => afterFirstPaint.then(() => import('../realtime')).then((m) => m.realtime);

/**
 * Runs `subscribe` once the realtime client is in; the returned function undoes it, whether it
 * comes before or after that.
 */
export function onRealtime(subscribe: (realtime: TabsRealtimeClient) => () => void): () => void {
  let gone = false;
  let off = () => {};
  void loaded().then((realtime) => {
    if (!gone) off = subscribe(realtime);
  });
  return () => {
    gone = true;
    off();
  };
}
