/**
 * The outbox: a message with no network waits as sending and goes later with the same key; a
 * refusal keeps the server's reason until Retry or Delete; 10003 clears silently; a sent message
 * joins the open history once, even when the socket's notice brings it too.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PrivateMessage, PrivateMessageListItem } from '../../../protocol/messages/messages';
import { ApiError, NETWORK_ERRNO } from '../../api/client';
import type { StoredOutbox } from '../../db/messages-types';

const outbox = new Map<string, StoredOutbox>();
const readConversations = vi.fn(async (_owner: string): Promise<PrivateMessageListItem[]> => []);
vi.mock('../../db/messages', () => ({
  putOutbox: async (e: StoredOutbox) => void outbox.set(e.key, { ...e }),
  deleteOutbox: async (key: string) => void outbox.delete(key),
  readOutbox: async (owner: string) => [...outbox.values()].filter((e) => e.owner === owner),
  saveMessages: async () => undefined,
  saveConversations: async () => undefined,
  saveContacts: async () => undefined,
  readConversations: (owner: string) => readConversations(owner),
  readContacts: async () => [],
  readHistoryPage: async () => [],
}));
const sendPrivateMessage = vi.fn();
const getConversations = vi.fn();
vi.mock('./api', () => ({
  sendPrivateMessage: (...args: unknown[]) => sendPrivateMessage(...args),
  getConversations: (...args: unknown[]) => getConversations(...args),
}));

const { discard, flushOutbox, loadConversations, messagesState, retry, send, setOwner, applyNotice } =
  await import('./store');
const { pmUnread } = await import('./unread');

const msg = (id: number, key: string, content: string): PrivateMessage => ({
  msg_id: id,
  from_id: 'M1003',
  to_id: 'A2001',
  content,
  add_time: 1,
  charge: 0,
  is_read: 0,
  msg_key: key,
});
const offline = () => new ApiError(NETWORK_ERRNO, 'offline', true);

beforeEach(() => {
  outbox.clear();
  sendPrivateMessage.mockReset();
  setOwner('');
  setOwner('M1003');
  messagesState.peer = 'A2001';
});

describe('the outbox', () => {
  it('keeps a message written offline as sending, then sends it once with the same key', async () => {
    sendPrivateMessage.mockRejectedValueOnce(offline());
    expect(await send('A2001', 'on the train')).toEqual({ status: 'queued' });
    expect(messagesState.outbox.map((e) => e.status)).toEqual(['sending']);
    const key = messagesState.outbox[0]?.key ?? '';
    sendPrivateMessage.mockImplementation(async (_to: string, content: string, k: string) => ({
      credit: 49,
      msg: msg(7, k, content),
      free_left: 0,
    }));
    await flushOutbox();
    expect(sendPrivateMessage).toHaveBeenLastCalledWith('A2001', 'on the train', key);
    expect(messagesState.outbox).toEqual([]);
    expect(outbox.size).toBe(0);
    expect(messagesState.history.map((m) => m.msg_id)).toEqual([7]);
    // The notice of the same message adds nothing.
    applyNotice({
      msg: msg(7, key, 'on the train'),
      conversation: {
        user_id: 'A2001',
        nick_name: 'Olena',
        avatar_img: '',
        update_time: 1,
        unread_num: 0,
        last_msg: 'on the train',
        isFollow: 0,
        online_status: 2,
      },
      total_unread: 0,
    });
    expect(messagesState.history).toHaveLength(1);
  });

  it('shows a refusal with its reason; Retry sends again with the key, Delete drops it', async () => {
    sendPrivateMessage.mockRejectedValueOnce(
      new ApiError(10025, 'Please add credits to send private messages.'),
    );
    const outcome = await send('A2001', 'paid one');
    expect(outcome).toMatchObject({ status: 'refused', errno: 10025 });
    const [failed] = messagesState.outbox;
    expect(failed).toMatchObject({
      status: 'failed',
      errmsg: 'Please add credits to send private messages.',
    });
    sendPrivateMessage.mockRejectedValueOnce(new ApiError(16157, 'level'));
    expect(await retry(failed?.key ?? '')).toMatchObject({ status: 'refused', errno: 16157 });
    expect(sendPrivateMessage.mock.calls.map((c) => c[2])).toEqual([failed?.key, failed?.key]);
    await discard(failed?.key ?? '');
    expect(messagesState.outbox).toEqual([]);
    expect(outbox.size).toBe(0);
  });

  it('10003 clears silently', async () => {
    sendPrivateMessage.mockRejectedValueOnce(new ApiError(10003, 'empty'));
    expect(await send('A2001', ' ')).toEqual({ status: 'cleared' });
    expect(messagesState.outbox).toEqual([]);
  });
});

describe('the conversation list', () => {
  const item = (userId: string, time: number) =>
    ({ user_id: userId, nickname: userId, update_time: time }) as unknown as PrivateMessageListItem;
  const later = <T>(value: T, ms: number) => new Promise<T>((done) => setTimeout(() => done(value), ms));

  it("shows the server's answer without waiting for the device's copy, which never replaces it", async () => {
    readConversations.mockImplementationOnce(() => later([item('A2009', 1)], 30));
    getConversations.mockResolvedValueOnce({ list: [item('A2001', 2)], total_unread: 3 });
    const loading = loadConversations();
    await vi.waitFor(() => expect(messagesState.conversationsStatus).toBe('ready'));
    expect(messagesState.conversations.map((c) => c.user_id)).toEqual(['A2001']);
    await loading;
    await later(null, 40);
    expect(messagesState.conversations.map((c) => c.user_id)).toEqual(['A2001']);
    expect(pmUnread.total).toBe(3);
  });

  it("shows the device's copy, marked stale, when the server cannot be reached", async () => {
    readConversations.mockImplementationOnce(() => later([item('A2009', 1)], 20));
    getConversations.mockRejectedValueOnce(offline());
    await loadConversations();
    expect(messagesState.conversations.map((c) => c.user_id)).toEqual(['A2009']);
    expect(messagesState.conversationsStatus).toBe('ready');
    expect(messagesState.stale).toBe(true);
  });

  it('keeps a conversation a notice brought while the list was being read, over the older answer', async () => {
    let answer: (value: unknown) => void = () => {};
    getConversations.mockReturnValueOnce(new Promise((done) => (answer = done)));
    const loading = loadConversations();
    applyNotice({
      msg: msg(9, 'k9', 'hello'),
      conversation: item('M1003', 5),
      total_unread: 4,
    } as unknown as Parameters<typeof applyNotice>[0]);
    // The answer was read before his message: it lists only A2001, and an older count.
    answer({ list: [item('A2001', 2)], total_unread: 3 });
    await loading;
    expect(messagesState.conversations.map((c) => c.user_id)).toEqual(['M1003', 'A2001']);
    expect(pmUnread.total).toBe(4);
  });

  it('says the list could not load when neither the server nor the device has it', async () => {
    getConversations.mockRejectedValueOnce(offline());
    await loadConversations();
    expect(messagesState.conversations).toEqual([]);
    expect(messagesState.conversationsStatus).toBe('error');
  });
});
