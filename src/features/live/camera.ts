/** The camera streams of a live page: shown in a <video>, and off when replaced or left. */
import { useEffect, useRef } from 'react';

/** A ref for the <video> that shows `stream`; its tracks stop when it is replaced or the page goes. */
export function useStreamVideo(stream: MediaStream | null, { ownTracks = false } = {}) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);
  useEffect(
    () => () => {
      if (ownTracks) for (const track of stream?.getTracks() ?? []) track.stop();
    },
    [stream, ownTracks],
  );
  return video;
}
