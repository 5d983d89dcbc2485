/** The part of janode (Meetecho's Janus client, plain JavaScript) that janus-sfu.ts uses. */
declare module 'janode' {
  import type { EventEmitter } from 'node:events';

  export interface Jsep {
    type: 'offer' | 'answer';
    sdp: string;
  }

  export interface JanodeHandle extends EventEmitter {
    id: number;
    message(body: Record<string, unknown>, jsep?: Jsep): Promise<unknown>;
    trickleComplete(): Promise<unknown>;
    hangup(): Promise<unknown>;
    detach(): Promise<void>;
  }

  export interface JanodeSession extends EventEmitter {
    id: number;
    attach<H extends JanodeHandle>(plugin: { id: string; Handle: new (...args: never[]) => H }): Promise<H>;
    destroy(): Promise<void>;
  }

  export interface JanodeConnection extends EventEmitter {
    create(keepAliveSeconds?: number): Promise<JanodeSession>;
    close(): Promise<void>;
  }

  const Janode: {
    connect(config: {
      address: { url: string }[];
      retry_time_secs?: number;
      max_retries?: number;
    }): Promise<JanodeConnection>;
    Logger: { setLevel(level: 'debug' | 'verb' | 'info' | 'warn' | 'error' | 'none'): string };
    EVENT: {
      CONNECTION_CLOSED: string;
      CONNECTION_ERROR: string;
      SESSION_DESTROYED: string;
      HANDLE_DETACHED: string;
      HANDLE_HANGUP: string;
      HANDLE_ICE_FAILED: string;
      HANDLE_WEBRTCUP: string;
    };
  };
  export default Janode;
}

declare module 'janode/plugins/videoroom' {
  import type { JanodeHandle, Jsep } from 'janode';

  export interface VideoRoomStream {
    type: 'video' | 'audio' | 'data';
    mid: string;
    feed_id?: number;
    feed_mid?: string;
  }

  export interface VideoRoomPublisher {
    feed: number;
    display?: string;
    streams?: VideoRoomStream[];
  }

  /** A Janus VideoRoom error: the plugin's error_code is in `_code`. */
  export interface VideoRoomError extends Error {
    _code?: number;
  }

  export interface VideoRoomHandle extends JanodeHandle {
    feed: number | null;
    joinPublisher(p: {
      room: number;
      display?: string;
    }): Promise<{ feed: number; publishers: VideoRoomPublisher[] }>;
    joinConfigurePublisher(p: {
      room: number;
      display?: string;
      jsep: Jsep;
    }): Promise<{ feed: number; jsep?: Jsep; publishers: VideoRoomPublisher[]; streams?: VideoRoomStream[] }>;
    configure(p: {
      display?: string;
      jsep?: Jsep;
      keyframe?: boolean;
      /** A subscriber's streams: `substream` picks a simulcast layer (0 the smallest). */
      streams?: { mid: string; substream?: number }[];
    }): Promise<{ jsep?: Jsep; streams?: VideoRoomStream[] }>;
    unpublish(): Promise<unknown>;
    joinSubscriber(p: {
      room: number;
      streams: { feed: number; mid?: string }[];
      autoupdate?: boolean;
    }): Promise<{ jsep?: Jsep; streams?: VideoRoomStream[] }>;
    start(p: { jsep: Jsep }): Promise<unknown>;
    switch(p: { streams: { feed: number; mid: string; sub_mid: string }[] }): Promise<unknown>;
    leave(): Promise<unknown>;
    create(p: {
      room: number;
      permanent?: boolean;
      max_publishers?: number;
      audiocodec?: string;
      videocodec?: string;
      fir_freq?: number;
      bitrate?: number;
      notify_joining?: boolean;
    }): Promise<unknown>;
    destroy(p: { room: number }): Promise<unknown>;
    listParticipants(p: { room: number }): Promise<{
      participants: { feed: number; display?: string; publisher: boolean }[];
    }>;
  }

  const VideoRoomPlugin: {
    id: string;
    Handle: new (...args: never[]) => VideoRoomHandle;
    EVENT: Record<string, string>;
  };
  export default VideoRoomPlugin;
}
