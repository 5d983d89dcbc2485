// A worker thread of push-server/encrypt-pool.ts: encrypts batches of push messages (RFC 8291
// aes128gcm, through web-push) so the ECDH of every message runs beside the main thread's I/O.
// A batch's bodies go back in one transferred ArrayBuffer (no copy), with where each one ends.
// Plain JavaScript, so it starts the same under tsx, vitest and node.
import { parentPort } from 'node:worker_threads';
import webpush from 'web-push';

parentPort?.on('message', (batch) => {
  const bodies = [];
  const errors = [];
  let total = 0;
  for (const { id, p256dh, auth, payload } of batch) {
    try {
      const body = webpush.encrypt(p256dh, auth, payload, 'aes128gcm').cipherText;
      bodies.push(body);
      total += body.length;
    } catch (error) {
      bodies.push(undefined);
      errors.push({ id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  const buffer = new ArrayBuffer(total);
  const bytes = new Uint8Array(buffer);
  const ids = [];
  const ends = [];
  let at = 0;
  for (const [i, body] of bodies.entries()) {
    if (!body) continue;
    bytes.set(body, at);
    at += body.length;
    ids.push(batch[i].id);
    ends.push(at);
  }
  parentPort?.postMessage({ ids, ends, buffer, errors }, [buffer]);
});
