/**
 * What the rest of the app uses of the realtime channel. One WebSocket per browser: the tab that
 * holds the Web Lock owns it; every tab (the owner included) gets every event, and any tab may send
 * requests, which the owner forwards. Implemented in src/realtime/ (socket, lock, tab relay).
 */
export type RealtimeStatus = 'idle' | 'connecting' | 'online' | 'offline' | 'kicked';

export interface RealtimeClient {
  /** Starts (or joins) the browser's socket for the signed-in user; idempotent. */
  start(): void;
  /** Closes this tab's part (and the socket if this tab owns it), e.g. on sign-out. */
  stop(): void;
  /** Server events of one route, delivered in every tab. Returns the unsubscribe function. */
  on<T = unknown>(route: string, handler: (data: T) => void): () => void;
  /**
   * The answer the owner tab sends back for a server event of this route (default `{}`); e.g. the
   * instant invitation is answered `{is_show: 1}` when the member may see the bubble.
   */
  answer<T = unknown>(route: string, responder: (data: T) => unknown): void;
  /** Sends a request (queued until the socket is logged in); rejects after 8 s without an answer. */
  request<T = unknown>(route: string, data: unknown): Promise<T>;
  /** The connection state, for the UI; changes are announced to `onStatus` listeners in every tab. */
  readonly status: RealtimeStatus;
  onStatus(listener: (status: RealtimeStatus) => void): () => void;
}
