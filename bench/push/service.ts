/**
 * A local HTTPS push service for the benchmark, run as its own process so its CPU is not counted
 * against the sender. It answers like a real one: it reads the whole encrypted body, checks that
 * TTL, Content-Encoding and a VAPID Authorization header are there, and answers 201 Created with a
 * Location (400 when something is missing). It does not decrypt: real services do not either.
 * argv: <cert.pem> <key.pem>; prints `port <n>` when listening.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';

const [certFile, keyFile] = process.argv.slice(2);
if (!certFile || !keyFile) throw new Error('usage: service.ts <cert.pem> <key.pem>');
let received = 0;
const server = createServer({ cert: readFileSync(certFile), key: readFileSync(keyFile) }, (req, res) => {
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
    if (!ok) return res.writeHead(400).end();
    res.writeHead(201, { Location: `${req.url}/m/${received}` }).end();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  console.log(`port ${(server.address() as AddressInfo).port}`);
});
process.on('message', (m) => {
  if (m === 'count') process.send?.({ received });
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
