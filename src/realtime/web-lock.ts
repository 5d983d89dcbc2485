/**
 * A Web Lock held from its grant until released, asked for again when the browser drops the grant.
 * Chromium drops a grant that arrives while the page is paused, as it is during a window.open
 * ("the provided callback is no longer runnable"): the lock goes by, and a tab that did not ask
 * again would never lead.
 */

/** The part of navigator.locks used here. */
export interface LockManagerLike {
  request(name: string, options: { signal: AbortSignal }, callback: () => Promise<void>): Promise<unknown>;
}

/** How soon a tab asks for a lock again after the browser dropped its grant. */
export const LOCK_RETRY_MS = 1_000;

export interface HeldLock {
  /** Stops asking: a waiting request is withdrawn, and a grant after this is let go at once. */
  cancel(): void;
  /** Lets the lock go, once granted. */
  release(): void;
}

export function holdLock(
  locks: LockManagerLike,
  name: string,
  onGrant: () => void,
  log: (message: string, error: unknown) => void = () => {},
): HeldLock {
  const abort = new AbortController();
  let release = () => {};
  const ask = (): Promise<unknown> =>
    locks
      .request(name, { signal: abort.signal }, () => {
        if (abort.signal.aborted) return Promise.resolve();
        return new Promise<void>((resolve) => {
          release = resolve;
          onGrant();
        });
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        log(`the ${name} lock failed; asking again`, error);
        setTimeout(() => {
          if (!abort.signal.aborted) void ask();
        }, LOCK_RETRY_MS);
      });
  void ask();
  return { cancel: () => abort.abort(), release: () => release() };
}
