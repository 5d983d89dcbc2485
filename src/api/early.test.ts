import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_ANSWER_MAX_AGE_MS, peekEarly, sendEarly, takeEarly } from './early';
import { requestInit } from './request';

const fetchMock = vi.fn(async () => new Response('{"errno":0,"errmsg":"","data":1}'));
beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const body = (form: Record<string, string | number>) => requestInit('/p', form).body;
const signal = () => new AbortController().signal;

describe('calls sent early', () => {
  it('sends the call as the client would, and hands its answer to the same call once', async () => {
    sendEarly('/share/v1/getUserInfo', { userid: 'A2001' }, 1_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith(
      '/share/v1/getUserInfo?is_ajax=1&_=1000',
      requestInit('/share/v1/getUserInfo', { userid: 'A2001' }),
    );
    const taken = takeEarly('/share/v1/getUserInfo', 'userid=A2001', signal(), 1_500);
    expect(await (await taken)?.json()).toMatchObject({ data: 1 });
    // Taken once: the next call goes to the server.
    expect(takeEarly('/share/v1/getUserInfo', 'userid=A2001', signal(), 1_600)).toBeUndefined();
  });

  it('lets the start read a copy of an answer, and the call that takes it still reads it whole', async () => {
    sendEarly('/share/v1/getUserInfo', { userid: 'A2001' }, 1_000);
    const peeked = peekEarly('/share/v1/getUserInfo', { userid: 'A2001' });
    expect(peekEarly('/share/v1/getUserInfo', { userid: 'A2009' })).toBeUndefined();
    const taken = takeEarly('/share/v1/getUserInfo', 'userid=A2001', signal(), 1_100);
    expect(await peeked).toMatchObject({ data: 1 });
    expect(await (await taken)?.json()).toMatchObject({ data: 1 });
  });

  it('does not hand an answer to a call with another body or path', () => {
    sendEarly('/p', { userid: 'A2001' }, 0);
    expect(takeEarly('/p', body({ userid: 'A2002' }), signal(), 0)).toBeUndefined();
    expect(takeEarly('/q', body({ userid: 'A2001' }), signal(), 0)).toBeUndefined();
    expect(takeEarly('/p', body({ userid: 'A2001' }), signal(), 0)).toBeDefined();
  });

  it('drops an answer left too long', () => {
    sendEarly('/p', {}, 0);
    expect(takeEarly('/p', '', signal(), EARLY_ANSWER_MAX_AGE_MS + 1)).toBeUndefined();
  });

  it("keeps the taking call's time-out", async () => {
    fetchMock.mockImplementationOnce(() => new Promise<Response>(() => {}));
    sendEarly('/slow', {}, 0);
    const controller = new AbortController();
    const taken = takeEarly('/slow', '', controller.signal, 0);
    controller.abort(new Error('timed out'));
    await expect(taken).rejects.toThrow('timed out');
  });
});
