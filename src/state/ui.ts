/** Pop-ups and toasts the shell shows above every page. */
import { proxy } from 'valtio';

export interface Toast {
  id: number;
  text: string;
  tone: 'info' | 'error';
}

export const uiState = proxy({
  /** 10002/10004 after one renewal: 'Your login has timed out…' with a Login link. */
  loginTimeout: false,
  /** The background token refresh failed: the token-expiry alert box. */
  tokenExpired: false,
  toasts: [] as Toast[],
});

let nextToastId = 1;
const TOAST_MS = 5000;

export function showToast(text: string, tone: Toast['tone'] = 'error') {
  // The same text twice in a row is one toast (several calls failing together).
  if (uiState.toasts.some((t) => t.text === text)) return;
  const id = nextToastId++;
  uiState.toasts.push({ id, text, tone });
  setTimeout(() => dismissToast(id), TOAST_MS);
}

export function dismissToast(id: number) {
  const index = uiState.toasts.findIndex((t) => t.id === id);
  if (index >= 0) uiState.toasts.splice(index, 1);
}

export const openLoginTimeout = () => {
  uiState.loginTimeout = true;
};
export const closeLoginTimeout = () => {
  uiState.loginTimeout = false;
};
export const openTokenExpired = () => {
  uiState.tokenExpired = true;
};
