/**
 * The shell's reminder toast (spec 002 §4 "Notice remind"): a followed broadcaster online, new
 * mail, a show starting in 30 minutes, his Intimacy level-up; one at a time for about 4 s (queue.ts).
 * A small strip at the top edge under the header on a phone, at the bottom left on a wide screen
 * (reminders.css): it never covers a payment (dialogs sit above it) or a live room's controls (the
 * live pages are outside the shell), and takes no taps beside itself.
 */
import { useEffect, useMemo, useReducer } from 'react';
import { useSnapshot } from 'valtio';
import { MailEvent, type MailNotice } from '../../../protocol/mail/mail-api';
import { INTIMACY_LEVEL_UP_ROUTE, type IntimacyLevelUpNotice } from '../../../protocol/messages/messages';
import {
  type AnchorOnlineNotice,
  NOTICE_REMIND_TYPE,
  ReminderEvent,
  ReminderTexts,
  type ShowMsgNotice,
} from '../../../protocol/reminders/reminders';
import { CloseIcon } from '../../app/layout/icons';
import { onRealtime } from '../../app/realtime-later';
import { userState } from '../../state/user';
import { type OnlineMemory, type QueuedReminder, ReminderQueue } from './queue';
import './reminders.css';

/** The online rule survives reloads: one record per member on this device. */
function storedMemory(userid: string): OnlineMemory {
  const key = `glimmer.reminders.online.${userid}`;
  return {
    load() {
      try {
        return JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, number>;
      } catch {
        return {};
      }
    },
    save(seen) {
      try {
        localStorage.setItem(key, JSON.stringify(seen));
      } catch {
        // Private mode or full storage: the rule then holds for this page only.
      }
    },
  };
}

const profile = (id: string) => `#/anchor/${encodeURIComponent(id)}`;

export function Reminders() {
  const me = useSnapshot(userState).me;
  const userid = me?.role === 'man' ? me.userid : '';
  const queue = useMemo(() => (userid ? new ReminderQueue(Date, storedMemory(userid)) : undefined), [userid]);
  const [, redraw] = useReducer((n: number) => n + 1, 0);

  useEffect(() => {
    if (!queue) return;
    const offer = (r: QueuedReminder) => {
      if (queue.offer(r)) redraw();
    };
    return onRealtime((realtime) => {
      const offs = [
        realtime.on<AnchorOnlineNotice>(ReminderEvent.anchorOnline, (n) => {
          if (!n?.anchor_id) return;
          offer({
            ...n,
            kind: 'online',
            text: ReminderTexts.online(n.anchor_nickname),
            href: profile(n.anchor_id),
          });
        }),
        realtime.on<MailNotice>(MailEvent.emfNotice, (n) => {
          if (!n?.anchor_id) return;
          offer({
            anchor_id: n.anchor_id,
            anchor_nickname: n.anchor_nickname,
            anchor_avatar: '',
            notice_remind_type: NOTICE_REMIND_TYPE.mail,
            kind: 'mail',
            text: ReminderTexts.mail(n.anchor_nickname),
            href: '#/inbox',
          });
        }),
        realtime.on<ShowMsgNotice>(ReminderEvent.showMsg, (n) => {
          if (!n?.anchor_id) return;
          offer({
            anchor_id: n.anchor_id,
            anchor_nickname: n.anchor_nickname,
            anchor_avatar: n.anchor_avatar,
            notice_remind_type: NOTICE_REMIND_TYPE.schedule,
            kind: 'schedule',
            text: n.msg,
            href: '#/showorder/myticket',
          });
        }),
        realtime.on<IntimacyLevelUpNotice>(INTIMACY_LEVEL_UP_ROUTE, (n) => {
          if (!n?.anchor_id) return;
          offer({
            anchor_id: n.anchor_id,
            anchor_nickname: n.anchor_nickname,
            anchor_avatar: n.anchor_avatar,
            // Ours, in the spec's queue: shown like an online notice, but never held back by it.
            notice_remind_type: NOTICE_REMIND_TYPE.online,
            kind: 'levelUp',
            text: ReminderTexts.levelUp(n.anchor_nickname, n.intimacy),
            href: profile(n.anchor_id),
          });
        }),
      ];
      return () => {
        for (const off of offs) off();
      };
    });
  }, [queue]);

  const current = queue?.current();
  const left = queue?.msLeft();
  useEffect(() => {
    if (left === undefined) return;
    const timer = setTimeout(redraw, left + 20);
    return () => clearTimeout(timer);
  });

  if (!queue || !current) return null;
  return (
    <div className="reminder-strip" role="status" aria-live="polite">
      <div className={`reminder reminder-${current.kind}`} data-testid="reminder">
        {current.anchor_avatar && (
          <img className="reminder-avatar" src={current.anchor_avatar} alt="" width={32} height={32} />
        )}
        <a
          className="reminder-text"
          href={current.href}
          onClick={() => {
            queue.dismiss();
            redraw();
          }}
        >
          {current.text}
        </a>
        <button
          type="button"
          className="reminder-close"
          aria-label="Dismiss"
          onClick={() => {
            queue.dismiss();
            redraw();
          }}
        >
          <CloseIcon />
        </button>
      </div>
    </div>
  );
}
