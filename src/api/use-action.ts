/**
 * A button's call: busy while it runs, the answer's error text after (or `fallback` when the error
 * carries none), an optional confirm first, and `onDone` once it succeeds.
 */
import { useState } from 'react';
import { ApiError } from './client';
import { errorText } from './use-request';

export function useAction(onDone: () => void, fallback?: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const act = async (work: () => Promise<unknown>, confirmText?: string) => {
    if (confirmText && !window.confirm(confirmText)) return;
    setBusy(true);
    setError('');
    try {
      await work();
      onDone();
    } catch (e) {
      setError(e instanceof ApiError && e.message ? e.message : (fallback ?? errorText(e)));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, act };
}
