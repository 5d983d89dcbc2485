import { describe, expect, it } from 'vitest';
import {
  NOTICE_REMIND_TYPE,
  ONLINE_REMIND_REPEAT_S,
  REMINDER_QUEUE_MAX,
  REMINDER_SHOW_MS,
} from '../../../protocol/reminders/reminders';
import { memoryOnly, type QueuedReminder, ReminderQueue } from './queue';

const clock = () => {
  let t = 1_000_000;
  return { now: () => t, move: (ms: number) => (t += ms) };
};
const online = (anchor: string): QueuedReminder => ({
  anchor_id: anchor,
  anchor_nickname: anchor,
  anchor_avatar: '',
  notice_remind_type: NOTICE_REMIND_TYPE.online,
  kind: 'online',
  text: `${anchor} is online now.`,
  href: `#/anchor/${anchor}`,
});
const mail = (anchor: string): QueuedReminder => ({
  ...online(anchor),
  notice_remind_type: NOTICE_REMIND_TYPE.mail,
  kind: 'mail',
  text: 'mail',
});

describe('the reminder queue', () => {
  it('shows one at a time for about 4 s, then the next', () => {
    const c = clock();
    const q = new ReminderQueue(c);
    q.offer(online('A1'));
    q.offer(mail('A2'));
    expect(q.current()?.anchor_id).toBe('A1');
    expect(q.msLeft()).toBe(REMINDER_SHOW_MS);
    c.move(REMINDER_SHOW_MS - 1);
    expect(q.current()?.anchor_id).toBe('A1');
    c.move(1);
    expect(q.current()?.anchor_id).toBe('A2');
    c.move(REMINDER_SHOW_MS);
    expect(q.current()).toBeUndefined();
    expect(q.msLeft()).toBeUndefined();
  });

  it('keeps the pace when it is looked at late, and a closed one gives way at once', () => {
    const c = clock();
    const q = new ReminderQueue(c);
    for (const a of ['A1', 'A2', 'A3']) q.offer(mail(a));
    c.move(REMINDER_SHOW_MS * 2 + 500);
    expect(q.current()?.anchor_id).toBe('A3');
    expect(q.msLeft()).toBe(REMINDER_SHOW_MS - 500);
    q.offer(mail('A4'));
    q.dismiss();
    expect(q.current()?.anchor_id).toBe('A4');
    expect(q.msLeft()).toBe(REMINDER_SHOW_MS);
  });

  it('does not show the same broadcaster online again within 7200 s, even after a reload', () => {
    const c = clock();
    const memory = memoryOnly();
    const q = new ReminderQueue(c, memory);
    expect(q.offer(online('A1'))).toBe(true);
    expect(q.offer(online('A1'))).toBe(false);
    c.move(ONLINE_REMIND_REPEAT_S * 1000 - 1);
    expect(new ReminderQueue(c, memory).offer(online('A1'))).toBe(false);
    // Another broadcaster, or mail from her, is not held back.
    expect(q.offer(online('A2'))).toBe(true);
    expect(q.offer(mail('A1'))).toBe(true);
    c.move(1);
    expect(new ReminderQueue(c, memory).offer(online('A1'))).toBe(true);
  });

  it('keeps at most REMINDER_QUEUE_MAX waiting, dropping the oldest', () => {
    const c = clock();
    const q = new ReminderQueue(c);
    q.offer(mail('first'));
    for (let i = 0; i < REMINDER_QUEUE_MAX + 2; i++) q.offer(mail(`M${i}`));
    expect(q.current()?.anchor_id).toBe('first');
    q.dismiss();
    expect(q.current()?.anchor_id).toBe('M2');
  });
});
