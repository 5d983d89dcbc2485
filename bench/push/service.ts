/**
 * A local HTTPS push service for the benchmark, run as its own process so its CPU is not counted
 * against the sender. Like FCM, Mozilla autopush and Apple it speaks HTTP/2 (ALPN) and HTTP/1.1
 * to clients that only speak that. It answers like a real one: it reads the whole encrypted body, checks that
 * TTL, Content-Encoding and a VAPID Authorization header are there, and answers 201 Created with a
 * Location (400 when something is missing). It does not decrypt: real services do not either.
 * argv: <cert.pem> <key.pem>; prints `port <n>` when listening.
 */
import { readFileSync } from 'node:fs';
import { createSecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';

const [certFile, keyFile] = process.argv.slice(2);
if (!certFile || !keyFile) throw new Error('usage: service.ts <cert.pem> <key.pem>');
let received = 0;
const options = { cert: readFileSync(certFile), key: readFileSync(keyFile), allowHTTP1: true };
const server = createSecureServer(options, (req, res) => {
  let bytes = 0;
  req.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
  });
  req.on('end', () => {
    const ok =
      req.method === 'POST' &&
      req.headers.ttl !== undefined &&
      req.headers['content-encoding'] === 'aes128gcm' &&
      /^vapid t=/.test(req.headers.authorization ?? '') &&
      bytes > 0;
    received++;
    if (!ok) {
      res.writeHead(400).end();
      return;
    }
    res.writeHead(201, { Location: `${req.url}/m/${received}` }).end();
  });
});
server.setTimeout(0);
server.listen(0, '127.0.0.1', () => {
  console.log(`port ${(server.address() as AddressInfo).port}`);
});
process.on('message', (m) => {
  if (m === 'count') process.send?.({ received });
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
