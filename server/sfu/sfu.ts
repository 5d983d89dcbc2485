/**
 * The selective forwarding unit a live room's media goes through: a broadcaster (or a clip the
 * server plays) publishes once, each viewer gets his own connection to the server, never to her.
 * So the server can end a paid room at once, and neither side learns the other's address.
 * `npm start` embeds one (embedded-sfu.ts, werift); at scale rooms are placed on Janus instances.
 */
import type { Quality } from '../../protocol/live/quality';
import type { Vp8Clip } from './vp8-clip';

export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

export interface Sfu {
  /**
   * A room whose media comes from a browser's camera and microphone: answers her offer. `onGone`
   * runs if her connection fails or closes from her side.
   */
  publish(roomId: string, offer: string, onGone?: () => void): Promise<string>;
  /** A room whose media is a clip the server plays (the demo broadcasters). Publishing replaces
   * the room's source and keeps its viewers. */
  publishClip(roomId: string, clip: Vp8Clip): void;
  /** The room's source stops; its viewers stay (another source may come). */
  unpublish(roomId: string): void;
  /** A new viewer: the server's offer of the room's media, to be answered by `answer`. A viewer may
   * come before the source; the media starts when it does. `onGone` runs if his connection fails
   * or closes from his side (not after `leave` or `close`). */
  watch(roomId: string, onGone?: () => void): Promise<{ viewerId: string; offer: string }>;
  answer(viewerId: string, sdp: string): Promise<void>;
  /** The layer his connection gets from a source that sends layers (simulcast); false: no such viewer. */
  setQuality(viewerId: string, quality: Quality): Promise<boolean>;
  /** The viewer's connection closes; the room goes on. */
  leave(viewerId: string): void;
  /** Forwarding stops at once and every connection of the room closes. */
  close(roomId: string): void;
  /** The room has a publisher or a clip now (asked of the SFU: another process may have put it there). */
  hasSource(roomId: string): Promise<boolean>;
  viewerCount(roomId: string): Promise<number>;
  /** Packets this process forwarded for the room so far (what the end-of-room test reads). */
  forwarded(roomId: string): number;
  stop(): Promise<void>;
}
