import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_RECONNECT_MS } from '../../protocol/constants';
import { EventRoute, RequestRoute } from '../../protocol/realtime';
import { SocketRoute } from '../../protocol/socket';
import type { RealtimeStatus } from './contract';
import { createSocket } from './socket';
import {
  ACTIVITY_THROTTLE_MS,
  createRealtimeClient,
  KICKOFF_LOCK_HOLD_MS,
  type TabsRealtimeClient,
} from './tabs';
import { FakeChannelHub, FakeGateway, FakeLocks, FakeTab } from './test-fakes';
import { LOCK_RETRY_MS } from './web-lock';

let gateway: FakeGateway;
let hub: FakeChannelHub;
let locks: FakeLocks;
const flush = () => vi.advanceTimersByTimeAsync(0);

interface Tab {
  client: TabsRealtimeClient;
  env: FakeTab;
  statuses: RealtimeStatus[];
}

function openTab(name: string, shared = true): Tab {
  const env = new FakeTab();
  const client = createRealtimeClient({
    tabId: name,
    createSocket: (hooks) =>
      createSocket({
        ...hooks,
        connect: gateway.connect,
        url: () => 'ws://glimmer.test/ws',
        token: () => 'tok',
        renewToken: async () => 'tok',
        pageName: () => '/',
        log: () => {},
      }),
    locks: shared ? locks : undefined,
    openChannel: shared ? hub.open : undefined,
    environment: env,
    log: () => {},
  });
  const statuses: RealtimeStatus[] = [];
  client.onStatus((status) => statuses.push(status));
  return { client, env, statuses };
}

beforeEach(() => {
  vi.useFakeTimers();
  gateway = new FakeGateway();
  hub = new FakeChannelHub();
  locks = new FakeLocks();
});
afterEach(() => {
  vi.useRealTimers();
});

async function threeTabs() {
  const tabs = [openTab('a'), openTab('b'), openTab('c')];
  for (const tab of tabs) tab.client.start();
  await flush();
  return tabs as [Tab, Tab, Tab];
}

describe('one socket per browser', () => {
  it('opens one socket for all tabs; every tab hears the status', async () => {
    const tabs = await threeTabs();
    expect(gateway.connections).toHaveLength(1);
    expect(tabs.map((t) => t.client.isOwner)).toEqual([true, false, false]);
    for (const tab of tabs) {
      expect(tab.client.status).toBe('online');
      expect(tab.statuses.at(-1)).toBe('online');
    }
  });

  it("relays every event to every tab, answered once with the owner's responder", async () => {
    const tabs = await threeTabs();
    const seen: string[] = [];
    for (const [index, tab] of tabs.entries()) {
      tab.client.answer(EventRoute.instantInvite, () => ({ is_show: 1 }));
      tab.client.on<{ invite_id: string }>(EventRoute.instantInvite, (data) =>
        seen.push(`${index}:${data.invite_id}`),
      );
    }
    gateway.latest.push(EventRoute.instantInvite, { invite_id: 'i1' }, 5);
    await flush();
    expect(seen.sort()).toEqual(['0:i1', '1:i1', '2:i1']);
    const answers = gateway.latest.sent.filter((m) => 'res_data' in m);
    expect(answers).toEqual([
      { id: 5, route: EventRoute.instantInvite, res_data: { is_show: 1 }, errno: 0, errmsg: '' },
    ]);
  });

  it("sends a non-owner's request through the owner's socket and brings the answer back", async () => {
    const [, b] = await threeTabs();
    const call = b.client.request('imLady/instantInviteAnchorReport', { invite_id: 'i1' });
    await flush();
    const conn = gateway.latest;
    const sent = conn.last('imLady/instantInviteAnchorReport');
    expect(sent?.req_data).toEqual({ invite_id: 'i1' });
    conn.reply(sent?.id ?? 0, { ok: 1 });
    await flush();
    await expect(call).resolves.toEqual({ ok: 1 });
  });

  it("passes the server's refusal back to the asking tab", async () => {
    const [, b] = await threeTabs();
    const call = b.client.request('x/no', {});
    const outcome = call.catch((error: unknown) => error);
    await flush();
    gateway.latest.reply(gateway.latest.last('x/no')?.id ?? 0, {}, 10008, 'forbidden');
    await flush();
    expect(await outcome).toMatchObject({ name: 'SocketError', errno: 10008, message: 'forbidden' });
  });

  it('hands the socket to another tab when the owner leaves, and re-sends what was waiting', async () => {
    const [a, b, c] = await threeTabs();
    const first = gateway.latest;
    // b asks; the owner sends it but the answer never comes before the owner tab closes.
    const call = b.client.request('x/keep', { n: 1 });
    await flush();
    expect(first.requests('x/keep')).toHaveLength(1);
    // c asks while the owner's socket is down: it waits in the owner's queue.
    first.drop();
    const queued = c.client.request('x/queued', {});
    await flush();
    a.client.stop();
    await flush();
    expect(gateway.open).toHaveLength(1);
    expect(gateway.connections).toHaveLength(2);
    expect(b.client.isOwner).toBe(true);
    expect(c.client.isOwner).toBe(false);
    const second = gateway.latest;
    expect(second.requests('x/keep')).toHaveLength(1);
    expect(second.requests('x/queued')).toHaveLength(1);
    second.reply(second.last('x/keep')?.id ?? 0, 'kept');
    second.reply(second.last('x/queued')?.id ?? 0, 'queued');
    await flush();
    await expect(call).resolves.toBe('kept');
    await expect(queued).resolves.toBe('queued');
    expect(c.client.status).toBe('online');
  });

  it('asks for the lock again when the browser drops its grant, and the tab gets the socket', async () => {
    const a = openTab('a');
    const b = openTab('b');
    a.client.start();
    b.client.start();
    await flush();
    // The owner leaves just as b's page is paused (a popup opening): b's grant is dropped.
    locks.dropGrants = 1;
    a.client.stop();
    await flush();
    expect(b.client.isOwner).toBe(false);
    await vi.advanceTimersByTimeAsync(LOCK_RETRY_MS);
    expect(b.client.isOwner).toBe(true);
    expect(gateway.open).toHaveLength(1);
    expect(b.client.status).toBe('online');
  });

  it('keeps requests sent while no tab owns the socket until a new owner is there', async () => {
    const [a, b, c] = await threeTabs();
    gateway.autoOpen = false;
    a.client.stop();
    const call = c.client.request('x/gap', {});
    await flush();
    expect(b.client.isOwner).toBe(true);
    const conn = gateway.latest;
    conn.open();
    await flush();
    conn.reply(conn.last('x/gap')?.id ?? 0, 'ok');
    await flush();
    await expect(call).resolves.toBe('ok');
    expect(conn.requests('x/gap')).toHaveLength(1);
  });

  it('reports 1 when any tab is visible and 0 when none is', async () => {
    const [a, b, c] = await threeTabs();
    const conn = gateway.latest;
    const reported = () => conn.requests(SocketRoute.visibility).map((m) => m.req_data);
    expect(reported()).toEqual([{ visible: 1 }]);
    a.env.setVisible(false);
    b.env.setVisible(false);
    await flush();
    expect(reported()).toEqual([{ visible: 1 }]);
    c.env.setVisible(false);
    await flush();
    expect(reported()).toEqual([{ visible: 1 }, { visible: 0 }]);
    b.env.setVisible(true);
    await flush();
    expect(reported()).toEqual([{ visible: 1 }, { visible: 0 }, { visible: 1 }]);
  });

  it('sends activity on user input in any tab, at most every 5 s per tab', async () => {
    const [a, b] = await threeTabs();
    const conn = gateway.latest;
    const count = () => conn.requests(RequestRoute.activity).length;
    b.env.userInput();
    b.env.userInput();
    await flush();
    expect(count()).toBe(1);
    a.env.userInput();
    await flush();
    expect(count()).toBe(2);
    await vi.advanceTimersByTimeAsync(ACTIVITY_THROTTLE_MS);
    b.env.userInput();
    await flush();
    expect(count()).toBe(3);
  });

  it('marks every tab kicked on kick-off and stops reconnecting', async () => {
    const tabs = await threeTabs();
    gateway.latest.push(EventRoute.kickoff, { msg: 'bye' }, 9);
    await flush();
    for (const tab of tabs) expect(tab.client.status).toBe('kicked');
    expect(gateway.latest.closed).toBe(true);
    for (const tab of tabs) tab.client.stop();
    await vi.advanceTimersByTimeAsync(SOCKET_RECONNECT_MS * 3);
    expect(gateway.connections).toHaveLength(1);
    for (const tab of tabs) expect(tab.client.status).toBe('kicked');
  });

  it('does not let another tab take the socket over with the kicked session', async () => {
    const [a, b] = await threeTabs();
    // Only the owner hears the kick-off at first and stops; the others are slow to follow.
    a.client.on(EventRoute.kickoff, () => a.client.stop());
    gateway.latest.push(EventRoute.kickoff, { msg: 'bye' }, 9);
    await flush();
    expect(a.client.status).toBe('kicked');
    expect(b.client.isOwner).toBe(false);
    await vi.advanceTimersByTimeAsync(KICKOFF_LOCK_HOLD_MS + SOCKET_RECONNECT_MS);
    expect(gateway.connections).toHaveLength(1);
  });

  it('gives every tab its own socket without Web Locks or BroadcastChannel', async () => {
    const tabs = [openTab('a', false), openTab('b', false)];
    for (const tab of tabs) tab.client.start();
    await flush();
    expect(gateway.connections).toHaveLength(2);
    expect(tabs.every((t) => t.client.isOwner && t.client.status === 'online')).toBe(true);
  });

  it('rejects requests after stop and when never started', async () => {
    const tab = openTab('a');
    await expect(tab.client.request('x/a', {})).rejects.toMatchObject({ errno: -2 });
    tab.client.start();
    await flush();
    tab.client.stop();
    expect(tab.client.status).toBe('idle');
    expect(gateway.latest.closed).toBe(true);
  });
});
