// A worker thread of push-server/encrypt-pool.ts: encrypts batches of push messages (RFC 8291
// aes128gcm, through web-push) so the ECDH of every message runs beside the main thread's I/O.
// Plain JavaScript, so it starts the same under tsx, vitest and node.
import { parentPort } from 'node:worker_threads';
import webpush from 'web-push';

parentPort?.on('message', (batch) => {
  const out = batch.map(({ id, p256dh, auth, payload }) => {
    try {
      // Copied back (not transferred): small Buffers share Node's pool with other Buffers.
      return { id, body: webpush.encrypt(p256dh, auth, payload, 'aes128gcm').cipherText };
    } catch (error) {
      return { id, error: error instanceof Error ? error.message : String(error) };
    }
  });
  parentPort?.postMessage(out);
});
