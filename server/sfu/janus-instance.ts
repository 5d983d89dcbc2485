/**
 * One Janus instance as this process sees it: a WebSocket connection and a Janus session (janode),
 * opened on first use and again after it drops, and the VideoRoom requests that are not about one
 * participant: create a room on demand, list its participants, destroy it.
 */
import Janode, { type JanodeConnection, type JanodeSession } from 'janode';
import VideoRoomPlugin, { type VideoRoomError, type VideoRoomHandle } from 'janode/plugins/videoroom';

/** Janus VideoRoom error codes we expect (janus_videoroom.c). */
const NO_SUCH_ROOM = 426;
const ROOM_EXISTS = 427;

/** Publishers in one room: the source, a source replacing it, and one lobby per product process. */
const MAX_PUBLISHERS = 64;

Janode.Logger.setLevel('none');

export interface Participant {
  feed: number;
  display: string;
  publisher: boolean;
}

export class JanusInstance {
  private session?: Promise<{ connection: JanodeConnection; session: JanodeSession; admin: VideoRoomHandle }>;

  constructor(readonly url: string) {}

  private open() {
    this.session ??= (async () => {
      const connection = await Janode.connect({
        address: [{ url: this.url }],
        max_retries: 1,
        retry_time_secs: 1,
      });
      const forget = () => {
        this.session = undefined;
      };
      connection.once(Janode.EVENT.CONNECTION_CLOSED, forget);
      connection.once(Janode.EVENT.CONNECTION_ERROR, forget);
      const session = await connection.create(15);
      session.once(Janode.EVENT.SESSION_DESTROYED, forget);
      const admin = await session.attach(VideoRoomPlugin);
      return { connection, session, admin };
    })().catch((error) => {
      this.session = undefined;
      throw error;
    });
    return this.session;
  }

  /** A new VideoRoom handle (a publisher or subscriber of its own). */
  async attach(): Promise<VideoRoomHandle> {
    const { session } = await this.open();
    return session.attach(VideoRoomPlugin);
  }

  /** Creates the room unless it exists: cheaper than asking first, and no race between processes. */
  async ensureRoom(room: number): Promise<void> {
    const { admin } = await this.open();
    await admin
      .create({
        room,
        permanent: false,
        max_publishers: MAX_PUBLISHERS,
        audiocodec: 'opus',
        videocodec: 'vp8',
      })
      .catch((error: VideoRoomError) => {
        if (error._code !== ROOM_EXISTS) throw error;
      });
  }

  async participants(room: number): Promise<Participant[]> {
    const { admin } = await this.open();
    try {
      const { participants } = await admin.listParticipants({ room });
      return participants.map((p) => ({ feed: p.feed, display: p.display ?? '', publisher: p.publisher }));
    } catch (error) {
      if ((error as VideoRoomError)._code === NO_SUCH_ROOM) return [];
      throw error;
    }
  }

  /** Every participant is kicked and forwarding stops. */
  async destroy(room: number): Promise<void> {
    const { admin } = await this.open();
    await admin.destroy({ room }).catch((error: VideoRoomError) => {
      if (error._code !== NO_SUCH_ROOM) throw error;
    });
  }

  async close(): Promise<void> {
    const open = this.session;
    this.session = undefined;
    if (!open) return;
    const { connection, session } = await open.catch(() => ({ connection: undefined, session: undefined }));
    await session?.destroy().catch(() => {});
    await connection?.close().catch(() => {});
  }
}
