/**
 * The SFU at scale: live rooms on Janus VideoRoom instances (driven with janode), placed by
 * rendezvous hashing of the room id (janus-placement.ts), so every product process finds a room
 * with no shared state. Browsers send and receive media to and from Janus directly.
 *
 * A room in Janus holds its source (display SOURCE: a browser, or a clip the server publishes with
 * werift) and, for each product process that has viewers in it, a "lobby": a participant of that
 * process that hears who publishes, carries the process's viewer count in its display name, and
 * publishes a silent placeholder while the room has no source. Viewers subscribe to the source, or
 * to the placeholder when they come first; when a source comes or goes, each process `switch`es
 * its own subscribers to whatever the room has now, with no renegotiation with the browser.
 *
 * `forwarded` counts the clip packets this process sent into Janus (Janus does the fan-out and
 * says nothing of it); for a browser's camera it stays 0.
 */
import { randomUUID } from 'node:crypto';
import Janode from 'janode';
import type { VideoRoomHandle, VideoRoomPublisher } from 'janode/plugins/videoroom';
import { JanusInstance } from './janus-instance';
import { janusRoomNumber, placeRoom } from './janus-placement';
import {
  type Feed,
  GONE_GRACE_MS,
  heard,
  LOBBY,
  type Lobby,
  REPLACE_AFTER_MS,
  type Room,
  SOURCE,
  type Source,
  subscribe,
  VideoRoomEvent,
  type Viewer,
} from './janus-room';
import { createServerPeer } from './server-peer';
import type { IceServer, Sfu } from './sfu';
import { playClipLayers } from './vp8-clip';
import { janusSubstream } from './vp8-layers';

export interface JanusSfuOptions {
  /** The Janus instances' WebSocket URLs (JANUS_URLS). */
  urls: string[];
  /** For the server's own werift peers (clip, placeholder) when Janus is not on this machine. */
  iceServers?: IceServer[];
}

export function createJanusSfu(options: JanusSfuOptions): Sfu {
  if (options.urls.length === 0) throw new Error('LIVE_SFU=janus needs JANUS_URLS');
  const instances = new Map(options.urls.map((url) => [url, new JanusInstance(url)]));
  const rooms = new Map<string, Room>();
  const viewers = new Map<string, Viewer>();
  const queues = new Map<string, Promise<unknown>>();

  /** Runs a room's Janus operations one after another (a close must finish before a new publish). */
  function serial<T>(roomId: string, task: () => Promise<T>): Promise<T> {
    const run = (queues.get(roomId) ?? Promise.resolve()).then(task);
    const tail = run.catch(() => {});
    queues.set(roomId, tail);
    void tail.then(() => {
      if (queues.get(roomId) === tail) queues.delete(roomId);
    });
    return run;
  }

  function roomOf(roomId: string): Room {
    let room = rooms.get(roomId);
    if (!room) {
      const janus = instances.get(placeRoom(roomId, options.urls)) as JanusInstance;
      room = {
        roomId,
        number: janusRoomNumber(roomId),
        janus,
        claimed: false,
        viewers: new Set(),
        forwarded: 0,
        closed: false,
      };
      rooms.set(roomId, room);
    }
    return room;
  }

  const detach = (handle: VideoRoomHandle) => void handle.detach().catch(() => {});

  function retire(source: Source | undefined) {
    if (!source) return;
    source.stopClip?.();
    source.peer?.close();
    detach(source.handle);
  }

  /** What the room's viewers should see now: the source, else this process's placeholder. */
  async function target(room: Room): Promise<Feed> {
    return room.feed ?? placeholderOf(room);
  }

  async function placeholderOf(room: Room): Promise<Feed> {
    const lobby = await lobbyOf(room);
    if (!lobby.placeholder) {
      const peer = await createServerPeer({ audio: true, iceServers: options.iceServers });
      try {
        const configured = await lobby.handle.configure({ jsep: { type: 'offer', sdp: peer.offer } });
        await peer.connect(configured.jsep?.sdp ?? '');
        lobby.placeholder = { peer, streams: configured.streams ?? [] };
      } catch (error) {
        peer.close();
        throw error;
      }
    }
    return { feed: lobby.feed, streams: lobby.placeholder.streams };
  }

  async function lobbyOf(room: Room): Promise<Lobby> {
    if (room.lobby) return room.lobby;
    const handle = await room.janus.attach();
    const joined = await handle.joinPublisher({ room: room.number, display: `${LOBBY}0` });
    const lobby: Lobby = { handle, feed: joined.feed, shownCount: 0 };
    room.lobby = lobby;
    heard(room, joined.publishers);
    handle.on(VideoRoomEvent.PUB_LIST, ({ publishers }: { publishers: VideoRoomPublisher[] }) => {
      if (room.lobby === lobby && heard(room, publishers))
        void serial(room.roomId, () => follow(room)).catch(() => {});
    });
    const gone = ({ feed }: { feed?: number }) => {
      if (room.lobby !== lobby || feed === undefined || room.feed?.feed !== feed) return;
      room.feed = undefined;
      void serial(room.roomId, () => follow(room)).catch(() => {});
    };
    handle.on(VideoRoomEvent.UNPUBLISHED, gone);
    handle.on(VideoRoomEvent.LEAVING, gone);
    return lobby;
  }

  /** Puts every answered viewer of this process on the room's current media; drops an unneeded placeholder. */
  async function follow(room: Room): Promise<void> {
    if (room.closed || room.viewers.size === 0) return;
    const now = await target(room);
    for (const viewer of room.viewers) if (viewer.up) await switchTo(viewer, now);
    const placeholder = room.lobby?.placeholder;
    const kinds = new Set(room.feed?.streams.map((s) => s.type));
    const standIn = [...room.viewers].some((v) => v.streams.some((s) => !kinds.has(s.type)));
    // A viewer whose connection is not up yet is still on the placeholder (he is switched once it
    // is): unpublishing it now would leave his streams with no feed, and the switch then finds
    // nothing to move: the picture never came (three tries in four when a camera published at once).
    const waiting = [...room.viewers].some((v) => v.feed === room.lobby?.feed);
    if (room.feed && placeholder && room.lobby && !standIn && !waiting) {
      room.lobby.placeholder = undefined;
      await room.lobby.handle.unpublish().catch(() => {});
      placeholder.peer.close();
    }
  }

  /**
   * Moves a viewer's streams to `feed`, kind by kind. A kind the feed lacks (a camera without a
   * microphone) comes from the placeholder: a stream left without a feed would make Janus offer
   * the browser a new description, which he has no way to answer.
   */
  async function switchTo(viewer: Viewer, feed: Feed) {
    if (viewer.feed === feed.feed) return;
    const room = viewer.room;
    const lacking = viewer.streams.some((own) => !feed.streams.some((s) => s.type === own.type));
    const spare = lacking && room.feed === feed ? await placeholderOf(room) : undefined;
    const streams = viewer.streams.flatMap((own) => {
      const theirs = feed.streams.find((s) => s.type === own.type);
      if (theirs) return [{ feed: feed.feed, mid: theirs.mid, sub_mid: own.mid }];
      const stand = spare?.streams.find((s) => s.type === own.type);
      return stand ? [{ feed: spare?.feed ?? 0, mid: stand.mid, sub_mid: own.mid }] : [];
    });
    if (streams.length > 0) await viewer.handle.switch({ streams });
    viewer.feed = feed.feed;
  }

  /** The lobby's display name carries this process's viewer count (viewerCount adds them up). */
  async function showCount(room: Room) {
    const lobby = room.lobby;
    const count = [...room.viewers].filter((v) => v.answered).length;
    if (!lobby || lobby.shownCount === count) return;
    lobby.shownCount = count;
    await lobby.handle.configure({ display: `${LOBBY}${count}` }).catch(() => {});
  }

  /** Joins `room` as its source with `offer`; the old source goes once the new one is up. */
  async function join(
    room: Room,
    offer: string,
  ): Promise<{ source: Source; answer: string; up: Promise<void> }> {
    await room.janus.ensureRoom(room.number);
    const handle = await room.janus.attach();
    try {
      const joined = await handle.joinPublisher({ room: room.number, display: SOURCE });
      // A separate configure (not joinandconfigure): its answer lists our streams, which a switch needs.
      const configured = await handle.configure({ jsep: { type: 'offer', sdp: offer } });
      const source: Source = { handle };
      const old = room.source;
      room.source = source;
      const timer = setTimeout(() => retire(old), REPLACE_AFTER_MS);
      let isUp = () => {};
      const up = new Promise<void>((resolve) => {
        isUp = resolve;
      });
      handle.once(Janode.EVENT.HANDLE_WEBRTCUP, () => {
        clearTimeout(timer);
        isUp();
        if (room.source !== source) return;
        room.feed = { feed: joined.feed, streams: configured.streams ?? [] };
        // Viewers move to the new source before the old one leaves, so none loses his tracks.
        void serial(room.roomId, async () => {
          await follow(room);
          retire(old);
        }).catch(() => {});
      });
      return { source, answer: configured.jsep?.sdp ?? '', up };
    } catch (error) {
      detach(handle);
      throw error;
    }
  }

  function closeViewer(viewer: Viewer) {
    viewers.delete(viewer.viewerId);
    viewer.room.viewers.delete(viewer);
    detach(viewer.handle);
  }

  return {
    publish(roomId, offer, onGone) {
      return serial(roomId, async () => {
        const room = roomOf(roomId);
        room.claimed = true;
        const { source, answer } = await join(room, offer);
        // Told after a moment: a browser that ends on purpose closes its connection first and then
        // calls the API, whose unpublish or close says why (Janus hears the close at once).
        const gone = () =>
          setTimeout(() => {
            if (room.source !== source) return;
            room.source = undefined;
            room.claimed = false;
            onGone?.();
          }, GONE_GRACE_MS).unref();
        source.handle.once(Janode.EVENT.HANDLE_HANGUP, gone);
        source.handle.once(Janode.EVENT.HANDLE_ICE_FAILED, gone);
        source.handle.once(Janode.EVENT.HANDLE_DETACHED, gone);
        return answer;
      });
    },

    publishClip(roomId, clip) {
      const room = roomOf(roomId);
      room.claimed = true;
      void serial(roomId, async () => {
        if (room.closed) return;
        // A silent audio track too: viewers then get the same two streams from a clip as from a camera.
        // A clip with an SD copy goes in as simulcast: each viewer's substream picks his layer.
        const layers = Boolean(clip.low);
        const peer = await createServerPeer({ audio: true, iceServers: options.iceServers, layers });
        try {
          const { source, answer, up } = await join(room, peer.offer);
          source.peer = peer;
          await peer.connect(answer);
          // Janus takes it as a feed a moment after the peer connects; viewers queued behind wait for it.
          await Promise.race([up, new Promise((resolve) => setTimeout(resolve, 2000))]);
          source.stopClip = playClipLayers(clip, (packets, rid) => {
            room.forwarded += packets.length;
            for (const packet of packets)
              if (layers) peer.writeLayer(packet, rid);
              else peer.video.writeRtp(packet);
          });
        } catch (error) {
          peer.close();
          throw error;
        }
      }).catch(() => {});
    },

    unpublish(roomId) {
      const room = rooms.get(roomId);
      if (!room) return;
      room.claimed = false;
      void serial(roomId, async () => {
        const source = room.source;
        room.source = undefined;
        if (!source) return;
        // The viewers go to the placeholder first, then the source leaves.
        room.feed = undefined;
        await follow(room);
        retire(source);
      }).catch(() => {});
    },

    watch(roomId, onGone) {
      return serial(roomId, async () => {
        const room = roomOf(roomId);
        await room.janus.ensureRoom(room.number);
        const feed = await target(room);
        const handle = await room.janus.attach();
        try {
          const joined = await subscribe(handle, room.number, feed.feed);
          const viewer: Viewer = {
            viewerId: randomUUID(),
            room,
            handle,
            streams: (joined.streams ?? []).filter((s) => s.type !== 'data'),
            feed: feed.feed,
            answered: false,
            up: false,
          };
          viewers.set(viewer.viewerId, viewer);
          room.viewers.add(viewer);
          handle.once(Janode.EVENT.HANDLE_HANGUP, () => {
            // Still listed: the hangup came from his side, not from leave() or close().
            const fromHisSide = viewers.has(viewer.viewerId);
            closeViewer(viewer);
            if (fromHisSide) onGone?.();
          });
          handle.once(Janode.EVENT.HANDLE_WEBRTCUP, () => {
            viewer.up = true;
            // The source may have come or gone since his offer.
            void serial(roomId, () => follow(room)).catch(() => {});
          });
          return { viewerId: viewer.viewerId, offer: joined.jsep?.sdp ?? '' };
        } catch (error) {
          detach(handle);
          throw error;
        }
      });
    },

    async answer(viewerId, sdp) {
      const viewer = viewers.get(viewerId);
      if (!viewer) throw new Error('no such viewer');
      await viewer.handle.start({ jsep: { type: 'answer', sdp } });
      viewer.answered = true;
      await serial(viewer.room.roomId, () => showCount(viewer.room));
    },

    async setQuality(viewerId, quality) {
      const viewer = viewers.get(viewerId);
      if (!viewer) return false;
      // Janus forwards the chosen substream of a simulcast publisher (a single stream ignores it).
      const streams = viewer.streams
        .filter((s) => s.type === 'video')
        .map((s) => ({ mid: s.mid, substream: janusSubstream(quality) }));
      if (streams.length > 0) await viewer.handle.configure({ streams });
      return true;
    },

    leave(viewerId) {
      const viewer = viewers.get(viewerId);
      if (!viewer) return;
      closeViewer(viewer);
      const room = viewer.room;
      void serial(room.roomId, async () => {
        await showCount(room);
        if (room.viewers.size > 0 || !room.lobby) return;
        room.lobby.placeholder?.peer.close();
        detach(room.lobby.handle);
        room.lobby = undefined;
      }).catch(() => {});
    },

    close(roomId) {
      const room = rooms.get(roomId);
      if (!room) return;
      rooms.delete(roomId);
      room.closed = true;
      // The clip stops now; destroying the room in Janus stops everything else it forwards.
      const source = room.source;
      room.source = undefined;
      source?.stopClip?.();
      for (const viewer of [...room.viewers]) viewers.delete(viewer.viewerId);
      void serial(roomId, async () => {
        await room.janus.destroy(room.number);
        retire(source);
        room.lobby?.placeholder?.peer.close();
        for (const handle of [room.lobby?.handle, ...[...room.viewers].map((v) => v.handle)])
          if (handle) detach(handle);
      }).catch(() => {});
    },

    async hasSource(roomId) {
      const room = rooms.get(roomId);
      if (room?.claimed) return true;
      const { janus, number } = room ?? roomOf(roomId);
      return (await janus.participants(number)).some((p) => p.publisher && p.display === SOURCE);
    },

    async viewerCount(roomId) {
      const room = rooms.get(roomId);
      const { janus, number } = room ?? roomOf(roomId);
      const participants = await janus.participants(number);
      // Our own count is known here; the other processes' come from their lobbies' names.
      const others = participants
        .filter((p) => p.display.startsWith(LOBBY) && p.feed !== room?.lobby?.feed)
        .reduce((sum, p) => sum + (Number(p.display.slice(LOBBY.length)) || 0), 0);
      return others + [...(room?.viewers ?? [])].filter((v) => v.answered).length;
    },

    forwarded: (roomId) => rooms.get(roomId)?.forwarded ?? 0,

    async stop() {
      // Only this process's part goes: the rooms live on in Janus for the other processes.
      for (const room of rooms.values()) {
        room.closed = true;
        const source = room.source;
        room.source = undefined;
        retire(source);
        room.lobby?.placeholder?.peer.close();
      }
      rooms.clear();
      viewers.clear();
      await Promise.all([...instances.values()].map((janus) => janus.close()));
    },
  };
}
