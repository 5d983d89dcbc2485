import { describe, expect, it } from 'vitest';
import { janusRoomNumber, placeRoom } from './janus-placement';

const instances = ['ws://10.0.0.1:8188', 'ws://10.0.0.2:8188', 'ws://10.0.0.3:8188'];
const rooms = Array.from({ length: 3000 }, (_, i) => `PR${2000 + i}`);

describe('Janus placement', () => {
  it('places a room on the same instance whatever the order of the list', () => {
    for (const room of rooms.slice(0, 100)) {
      expect(placeRoom(room, [...instances].reverse())).toBe(placeRoom(room, instances));
    }
  });

  it('spreads rooms about evenly', () => {
    const counts = new Map<string, number>();
    for (const room of rooms)
      counts.set(placeRoom(room, instances), (counts.get(placeRoom(room, instances)) ?? 0) + 1);
    for (const instance of instances) expect(counts.get(instance)).toBeGreaterThan(800);
  });

  it('moves only the rooms of an instance that leaves', () => {
    const fewer = instances.slice(0, 2);
    for (const room of rooms) {
      const before = placeRoom(room, instances);
      if (before !== instances[2]) expect(placeRoom(room, fewer)).toBe(before);
    }
  });

  it('refuses an empty list', () => {
    expect(() => placeRoom('PR1', [])).toThrow();
  });

  it('gives each room a stable, distinct Janus number', () => {
    expect(janusRoomNumber('PV12')).toBe(janusRoomNumber('PV12'));
    const numbers = new Set(['PV12', 'PV12:cam', ...rooms].map(janusRoomNumber));
    expect(numbers.size).toBe(rooms.length + 2);
    for (const n of numbers) expect(Number.isSafeInteger(n) && n > 0).toBe(true);
  });
});
