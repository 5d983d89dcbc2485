/**
 * A live room on Janus as one product process sees it: the names its participants go by there,
 * what this process holds in it, and the steps that need no more than a handle.
 */
import type {
  VideoRoomError,
  VideoRoomHandle,
  VideoRoomPublisher,
  VideoRoomStream,
} from 'janode/plugins/videoroom';
import type { JanusInstance } from './janus-instance';
import type { ServerPeer } from './server-peer';

/** Display names in Janus: the room's source, and each process's lobby with its viewer count. */
export const SOURCE = 'glimmer-source';
export const LOBBY = 'glimmer-lobby:';
/** How long an old source stays while its replacement connects (if it never does, it goes anyway). */
export const REPLACE_AFTER_MS = 10_000;
/** How long a publisher's hangup waits for her own API call before it counts as her leaving. */
export const GONE_GRACE_MS = 2000;
/** Janus VideoRoom: the feed does not exist (yet). */
const NO_SUCH_FEED = 428;

export interface Source {
  handle: VideoRoomHandle;
  peer?: ServerPeer;
  stopClip?: () => void;
}

export interface Feed {
  feed: number;
  streams: VideoRoomStream[];
}

export interface Lobby {
  handle: VideoRoomHandle;
  feed: number;
  placeholder?: { peer: ServerPeer; streams: VideoRoomStream[] };
  shownCount: number;
}

export interface Viewer {
  viewerId: string;
  room: Room;
  handle: VideoRoomHandle;
  /** The subscription's own streams (its mids), by kind. */
  streams: VideoRoomStream[];
  feed: number;
  answered: boolean;
  /** His connection to Janus is up: only then does a switch keep the negotiated description. */
  up: boolean;
}

export interface Room {
  roomId: string;
  number: number;
  janus: JanusInstance;
  /** This process's source in the room, and whether one is on its way (publishClip is not awaited). */
  source?: Source;
  claimed: boolean;
  lobby?: Lobby;
  /** The room's current source as this process's lobby last heard. */
  feed?: Feed;
  viewers: Set<Viewer>;
  forwarded: number;
  closed: boolean;
}

export const VideoRoomEvent = {
  PUB_LIST: 'videoroom_publisher_list',
  UNPUBLISHED: 'videoroom_unpublished',
  LEAVING: 'videoroom_leaving',
} as const;

/** A publisher is a feed once Janus has its media up, a moment after ours says so: a few tries. */
export async function subscribe(handle: VideoRoomHandle, room: number, feed: number) {
  for (let attempt = 1; ; attempt++) {
    try {
      // No new offer to the browser when a feed goes (autoupdate off): we switch his streams instead.
      return await handle.joinSubscriber({ room, streams: [{ feed }], autoupdate: false });
    } catch (error) {
      if ((error as VideoRoomError)._code !== NO_SUCH_FEED || attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Takes note of a (new) source among `publishers`; true if the room's source changed. */
export function heard(room: Room, publishers: VideoRoomPublisher[]): boolean {
  const source = publishers.filter((p) => p.display === SOURCE).at(-1);
  if (!source || source.feed === room.feed?.feed) return false;
  room.feed = { feed: source.feed, streams: source.streams ?? [] };
  return true;
}
