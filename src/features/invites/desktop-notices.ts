/**
 * Desktop notifications (spec 000 §5): the same person and type within 2 s are dropped; within 3 s
 * they share one record (the second replaces the first's notification instead of adding one).
 */
import { DESKTOP_NOTICE_DROP_MS, DESKTOP_NOTICE_MERGE_MS } from '../../../protocol/realtime';

export type NoticeDecision = { action: 'drop' } | { action: 'show'; tag: string };

export function createDesktopNoticeGate() {
  const last = new Map<string, { at: number; tag: string }>();
  let serial = 0;
  return {
    decide(person: string, type: string, now: number): NoticeDecision {
      const key = `${type}:${person}`;
      const before = last.get(key);
      if (before && now - before.at < DESKTOP_NOTICE_DROP_MS) return { action: 'drop' };
      if (before && now - before.at < DESKTOP_NOTICE_MERGE_MS) {
        last.set(key, { at: now, tag: before.tag });
        return { action: 'show', tag: before.tag };
      }
      serial += 1;
      const tag = `${key}:${serial}`;
      last.set(key, { at: now, tag });
      return { action: 'show', tag };
    },
  };
}

export interface DesktopNoticeEnv {
  permission: () => NotificationPermission | 'unsupported';
  hidden: () => boolean;
  notify: (title: string, options: NotificationOptions) => void;
}

/** The browser's Notification API, used only when granted and the page is hidden. */
export const browserNoticeEnv: DesktopNoticeEnv = {
  permission: () => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission),
  hidden: () => typeof document !== 'undefined' && document.visibilityState === 'hidden',
  notify: (title, options) => {
    new Notification(title, options);
  },
};

export function createDesktopNotifier(env: DesktopNoticeEnv, now: () => number = Date.now) {
  const gate = createDesktopNoticeGate();
  return (person: string, type: string, title: string, body: string, icon?: string): boolean => {
    if (env.permission() !== 'granted' || !env.hidden()) return false;
    const decision = gate.decide(person, type, now());
    if (decision.action === 'drop') return false;
    try {
      env.notify(title, { body, icon, tag: decision.tag, renotify: false } as NotificationOptions);
    } catch (error) {
      // Some browsers only allow notifications from a service worker; the bubble is still there.
      console.warn('[invites] desktop notification failed', error);
      return false;
    }
    return true;
  };
}
