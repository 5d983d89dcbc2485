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

/**
 * Her broadcast: HD where the camera gives it (ideal, so a smaller camera still opens), at about
 * 30 fps. She sends it in layers (SIMULCAST_LAYERS), so a viewer on a slow line still gets a picture.
 */
export const BROADCAST_VIDEO: MediaTrackConstraints = {
  width: { ideal: 1280 },
  height: { ideal: 720 },
  frameRate: { ideal: 30, max: 30 },
};
/** His camera in a One-on-One: one viewer (her), so a modest picture is enough. */
export const MEMBER_VIDEO: MediaTrackConstraints = {
  width: { ideal: 640 },
  height: { ideal: 480 },
  frameRate: { ideal: 24, max: 30 },
};

/** Asks the camera for `constraints`; a camera that cannot keeps what it had. */
export async function tuneCamera(camera: MediaStream, constraints: MediaTrackConstraints): Promise<void> {
  await Promise.all(
    camera.getVideoTracks().map((track) => track.applyConstraints(constraints).catch(() => {})),
  );
}
