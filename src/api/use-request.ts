/** Loads data for a component, with loading, error and retry; a late answer after unmount is dropped. */
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from './client';

export type RequestState<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'error'; error: string; errno: number };

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function useRequest<T>(load: () => Promise<T>, key: string): [RequestState<T>, () => void] {
  const [state, setState] = useState<RequestState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  const shownKey = useRef(key);

  // `key` names what `load` fetches (load itself is a new function each render); `attempt` reloads it.
  useEffect(() => {
    let live = true;
    // Loading the same data again (Retry, back online) keeps what shows until the answer comes.
    const again = shownKey.current === key;
    shownKey.current = key;
    setState((current) =>
      current.status === 'loading' || (again && current.status === 'ready') ? current : { status: 'loading' },
    );
    // What arrives renders as a transition: React renders a long list in slices between which
    // the page still answers a tap, instead of in one long task.
    load().then(
      (data) => live && startTransition(() => setState({ status: 'ready', data })),
      (error: unknown) =>
        live &&
        startTransition(() =>
          setState({
            status: 'error',
            error: errorText(error),
            errno: error instanceof ApiError ? error.errno : -1,
          }),
        ),
    );
    return () => {
      live = false;
    };
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  return [state, retry];
}
