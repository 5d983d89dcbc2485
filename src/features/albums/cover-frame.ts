/**
 * A video's cover picture, made in her browser (the server has no video decoder): a frame a third of
 * the way in (at most 1 s) drawn to a canvas and uploaded as a JPEG photo, which the server checks
 * with the photo rules (more than 120 px and less than 3600 px each way).
 */

/** Ours: a cover's short side is at least this, so a small clip still makes an acceptable photo. */
export const COVER_MIN_SIDE = 240;
/** Ours: and its long side at most this (a cover, not a poster). */
export const COVER_MAX_SIDE = 1280;

/** The canvas size for a frame of `width` × `height`: the same shape, within the bounds above. */
export function coverSize(width: number, height: number): { width: number; height: number } {
  if (!(width > 0 && height > 0)) return { width: 320, height: 240 };
  const up = Math.max(1, COVER_MIN_SIDE / Math.min(width, height));
  const down = Math.min(1, COVER_MAX_SIDE / Math.max(width * up, height * up));
  const scale = up * down;
  // Keep the short side inside the photo rules even for a very long, thin clip.
  return {
    width: Math.max(COVER_MIN_SIDE / 2, Math.round(width * scale)),
    height: Math.max(COVER_MIN_SIDE / 2, Math.round(height * scale)),
  };
}

/** Where to take the frame: a third of the way in, at most 1 s (past a black first frame). */
export const coverTime = (duration: number) =>
  Number.isFinite(duration) && duration > 0 ? Math.min(1, duration / 3) : 0;

/** Draws the cover frame of `file`; rejects when the browser cannot play it. */
export function drawCover(file: Blob): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    video.preload = 'auto';
    const done = (error?: Error, blob?: Blob) => {
      URL.revokeObjectURL(url);
      video.removeAttribute('src');
      video.load();
      if (blob) resolve(blob);
      else reject(error ?? new Error('no frame'));
    };
    video.onerror = () => done(new Error('This video cannot be played in your browser.'));
    video.onloadeddata = () => {
      video.currentTime = coverTime(video.duration);
    };
    video.onseeked = () => {
      const size = coverSize(video.videoWidth, video.videoHeight);
      const canvas = document.createElement('canvas');
      canvas.width = size.width;
      canvas.height = size.height;
      const context = canvas.getContext('2d');
      if (!context) return done(new Error('This browser cannot draw the cover.'));
      context.drawImage(video, 0, 0, size.width, size.height);
      canvas.toBlob((blob) => done(undefined, blob ?? undefined), 'image/jpeg', 0.85);
    };
    video.src = url;
  });
}
