/**
 * How Chat Now opens (spec 000 §2, §9): on a desktop browser (a fine pointer, a wide screen, not
 * the installed app) livechat.html?anchorid= opens in its 980x750 window, centred like the purchase
 * popup; on a phone, in the installed app, or when the window is blocked, /livechat opens in place.
 * Every Chat Now link in the app (the profile, the carousels) goes to /livechat?anchorid=, so one
 * click listener takes them all.
 */
import { LIVECHAT_PAGE, LIVECHAT_WINDOW } from '../../../protocol/livechat/livechat-window';
import { centredFeatures } from '../payments/purchase';
import { opensInWindow } from './window-rule';

const WINDOW_NAME = 'glimmer-livechat';

/** This window is her chat's own window (opened by Chat Now on a desktop). */
export const isChatWindow = () => typeof window !== 'undefined' && window.name === WINDOW_NAME;

const traits = () => ({
  finePointer: window.matchMedia?.('(pointer: fine)').matches === true,
  screenWidth: window.screen?.width ?? window.innerWidth,
  installed: window.matchMedia?.('(display-mode: standalone)').matches === true,
});

/** Opens her chat window; false when it should open in place instead. */
export function openChatWindow(anchorId: string): boolean {
  if (!opensInWindow(traits()) || window.name === WINDOW_NAME) return false;
  const url = `${LIVECHAT_PAGE}?anchorid=${encodeURIComponent(anchorId)}`;
  const opened = window.open(url, WINDOW_NAME, centredFeatures(window, LIVECHAT_WINDOW));
  if (!opened) return false;
  opened.focus();
  return true;
}

const CHAT_LINK = /#\/livechat\?(?:.*&)?anchorid=([A-Za-z0-9_]+)/;

/** Chat Now links open the window on a desktop (installed once by the route map). */
export function installChatNowLinks() {
  if (typeof document === 'undefined') return;
  document.addEventListener(
    'click',
    (event) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
        return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      const match = link?.getAttribute('href')?.match(CHAT_LINK);
      if (!match?.[1]) return;
      if (openChatWindow(match[1])) event.preventDefault();
    },
    true,
  );
}
