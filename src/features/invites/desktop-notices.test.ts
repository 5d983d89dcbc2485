import { describe, expect, it, vi } from 'vitest';
import { DESKTOP_NOTICE_DROP_MS, DESKTOP_NOTICE_MERGE_MS } from '../../../protocol/realtime';
import { createDesktopNoticeGate, createDesktopNotifier, type DesktopNoticeEnv } from './desktop-notices';

describe('desktop notification de-duplication (spec 000 §5)', () => {
  it('drops the same person and type within 2 s', () => {
    const gate = createDesktopNoticeGate();
    expect(gate.decide('A1', 'askPrivate', 0).action).toBe('show');
    expect(gate.decide('A1', 'askPrivate', DESKTOP_NOTICE_DROP_MS - 1).action).toBe('drop');
    expect(gate.decide('A2', 'askPrivate', 10).action).toBe('show');
    expect(gate.decide('A1', 'viewPublic', 10).action).toBe('show');
  });

  it('within 3 s shares one record, later a new one', () => {
    const gate = createDesktopNoticeGate();
    const first = gate.decide('A1', 'askPrivate', 0);
    const merged = gate.decide('A1', 'askPrivate', DESKTOP_NOTICE_DROP_MS);
    expect(merged).toEqual(first);
    const fresh = gate.decide('A1', 'askPrivate', DESKTOP_NOTICE_DROP_MS + DESKTOP_NOTICE_MERGE_MS);
    expect(fresh.action).toBe('show');
    expect(fresh).not.toEqual(first);
  });

  it('notifies only when permission is granted and the page is hidden', () => {
    const env: DesktopNoticeEnv = { permission: () => 'granted', hidden: () => false, notify: vi.fn() };
    let clock = 0;
    const notify = createDesktopNotifier(env, () => clock);
    expect(notify('A1', 'askPrivate', 'Lena', 'hi')).toBe(false);
    env.hidden = () => true;
    env.permission = () => 'default';
    expect(notify('A1', 'askPrivate', 'Lena', 'hi')).toBe(false);
    env.permission = () => 'granted';
    expect(notify('A1', 'askPrivate', 'Lena', 'hi')).toBe(true);
    clock = 500;
    expect(notify('A1', 'askPrivate', 'Lena', 'hi')).toBe(false);
    expect(env.notify).toHaveBeenCalledTimes(1);
    expect(env.notify).toHaveBeenCalledWith('Lena', expect.objectContaining({ body: 'hi' }));
  });
});
