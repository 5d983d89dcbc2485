/**
 * A video's cover drawn from one of its frames by the browser (no transcoder on the server): the
 * chosen file plays muted in a hidden <video>, is sought to a frame a third of the way in (at most
 * 2 s), and that frame is drawn, filling a 640×360 canvas, as a JPEG the server checks as a photo.
 */
const WIDTH = 640;
const HEIGHT = 360;

export interface Frame {
  cover: Blob;
  /** Seconds, rounded up. */
  duration: number;
}

const once = (el: HTMLVideoElement, event: string) =>
  new Promise<void>((resolve, reject) => {
    const ok = () => {
      el.removeEventListener('error', bad);
      resolve();
    };
    const bad = () => {
      el.removeEventListener(event, ok);
      reject(new Error('This file could not be read as a video.'));
    };
    el.addEventListener(event, ok, { once: true });
    el.addEventListener('error', bad, { once: true });
  });

export async function coverFrame(file: Blob): Promise<Frame> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  try {
    const loaded = once(video, 'loadeddata');
    video.src = url;
    await loaded;
    // A WebM recorded by a browser may report an infinite length until it has been read through.
    let duration = video.duration;
    if (!Number.isFinite(duration)) {
      const sought = once(video, 'seeked');
      video.currentTime = 1e9;
      await sought;
      duration = video.duration;
    }
    const at = Number.isFinite(duration) && duration > 0 ? Math.min(2, duration / 3) : 0;
    const sought = once(video, 'seeked');
    video.currentTime = at;
    await sought;
    const canvas = document.createElement('canvas');
    canvas.width = WIDTH;
    canvas.height = HEIGHT;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('This browser cannot draw the cover.');
    // Fill the frame ('cover'): the middle of the picture, cropped to 16:9.
    const scale = Math.max(WIDTH / video.videoWidth, HEIGHT / video.videoHeight);
    const w = video.videoWidth * scale;
    const h = video.videoHeight * scale;
    ctx.fillStyle = '#000';
    ctx.fillRect(0, 0, WIDTH, HEIGHT);
    ctx.drawImage(video, (WIDTH - w) / 2, (HEIGHT - h) / 2, w, h);
    const cover = await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (b) => (b ? resolve(b) : reject(new Error('The cover could not be made.'))),
        'image/jpeg',
        0.85,
      ),
    );
    return { cover, duration: Math.max(1, Math.ceil(Number.isFinite(duration) ? duration : 1)) };
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}
