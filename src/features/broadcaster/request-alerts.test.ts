import { describe, expect, it } from 'vitest';
import { REQUEST_SOUND_KEY, requestSoundOn, requestToastText, setRequestSound } from './request-alerts';

const memoryStore = () => {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => data.set(k, v) };
};

describe('request alerts', () => {
  it('names the member and what he asks for', () => {
    expect(requestToastText({ nickname: 'George', type: 'instant' })).toBe('George asks for a One-on-One');
    expect(requestToastText({ nickname: 'George', type: 'hangout' })).toBe('George asks for a Hang-out');
  });

  it('keeps the sound on until she mutes it, and remembers her choice', () => {
    const store = memoryStore();
    expect(requestSoundOn(store)).toBe(true);
    setRequestSound(false, store);
    expect(store.getItem(REQUEST_SOUND_KEY)).toBe('off');
    expect(requestSoundOn(store)).toBe(false);
    setRequestSound(true, store);
    expect(requestSoundOn(store)).toBe(true);
  });

  it('leaves the sound on when the store cannot be read', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {},
    };
    expect(requestSoundOn(broken)).toBe(true);
  });
});
