/**
 * A local S3 for the tests: s3rver speaks the real S3 REST protocol (objects in a temp folder,
 * Range, HEAD, 404 NoSuchKey) but does not check Signature V4, so a gate in front of it does,
 * with a different implementation (aws4) than the product's (aws4fetch): every request must carry
 * a valid signature for the test key, and a PUT's declared SHA-256 must match its body. Anything
 * else is refused as S3 would (403 with an XML error) and counted.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import aws4 from 'aws4';
import S3rver from 's3rver';
import type { S3Config } from '../../server/files/s3';

export interface TestS3 {
  /** The config the product uses to reach it (path style, the test key). */
  config: S3Config;
  /** Requests that passed the signature check, as "METHOD /bucket/key". */
  signed: string[];
  /** Requests refused for a missing or wrong signature or body hash. */
  refused: string[];
  close(): Promise<void>;
}

const ACCESS_KEY_ID = 'GLIMMERTESTKEY';
const SECRET = 'glimmer-test-secret-0123456789';
const REGION = 'eu-test-1';

async function body(request: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** Checks one request's Signature V4 the way S3 does (header form), with aws4. */
function verify(request: IncomingMessage, bytes: Buffer): string | undefined {
  const auth = request.headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!match) return 'AccessDenied';
  const [, keyId, , region, signedHeaders = '', signature] = match;
  if (keyId !== ACCESS_KEY_ID) return 'InvalidAccessKeyId';
  if (region !== REGION) return 'AuthorizationHeaderMalformed';
  const headers: Record<string, string> = {};
  for (const name of signedHeaders.split(';')) {
    const value = request.headers[name];
    if (name !== 'host' && typeof value === 'string') headers[name] = value;
  }
  const declared = request.headers['x-amz-content-sha256'];
  if (!declared) return 'InvalidRequest';
  if (declared !== 'UNSIGNED-PAYLOAD' && declared !== createHash('sha256').update(bytes).digest('hex')) {
    return 'XAmzContentSHA256Mismatch';
  }
  const date = Date.parse(
    (request.headers['x-amz-date'] as string | undefined)?.replace(
      /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/,
      '$1-$2-$3T$4:$5:$6Z',
    ) ?? '',
  );
  if (!(Math.abs(Date.now() - date) < 15 * 60_000)) return 'RequestTimeTooSkewed';
  const expected = aws4.sign(
    {
      host: request.headers.host ?? '',
      path: request.url ?? '/',
      method: request.method ?? 'GET',
      service: 's3',
      region: REGION,
      headers,
    },
    { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET },
  );
  const theirs = /Signature=([0-9a-f]{64})/.exec(expected.headers.Authorization ?? '')?.[1];
  const theirHeaders = /SignedHeaders=([^,]+)/.exec(expected.headers.Authorization ?? '')?.[1];
  if (theirHeaders !== signedHeaders || theirs !== signature) return 'SignatureDoesNotMatch';
  return undefined;
}

/** Starts s3rver with one bucket and the signature gate in front of it, both on 127.0.0.1. */
export async function startTestS3(bucket = 'glimmer-test'): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 'glimmer-s3-'));
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const inner = await s3rver.run();
  const signed: string[] = [];
  const refused: string[] = [];
  const gate: Server = createServer((request, response) => {
    void (async () => {
      const bytes = await body(request);
      const what = `${request.method} ${request.url}`;
      const problem = verify(request, bytes);
      if (problem) {
        refused.push(`${what} ${problem}`);
        response.writeHead(403, { 'content-type': 'application/xml' });
        response.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${problem}</Code></Error>`);
        return;
      }
      signed.push(what);
      const headers = new Headers();
      for (const [k, v] of Object.entries(request.headers)) {
        if (typeof v === 'string' && k !== 'host' && k !== 'connection') headers.set(k, v);
      }
      // Checked here; s3rver only looks the key id up in its own accounts (S3RVER by default).
      headers.set('authorization', (request.headers.authorization ?? '').replace(ACCESS_KEY_ID, 'S3RVER'));
      const upstream = await fetch(`http://127.0.0.1:${inner.port}${request.url}`, {
        method: request.method,
        headers,
        body: bytes.length > 0 ? new Uint8Array(bytes) : undefined,
      });
      const out: Record<string, string> = {};
      upstream.headers.forEach((v, k) => {
        if (k !== 'transfer-encoding' && k !== 'connection') out[k] = v;
      });
      response.writeHead(upstream.status, out);
      response.end(Buffer.from(await upstream.arrayBuffer()));
    })().catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
  const { port } = gate.address() as AddressInfo;
  return {
    config: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: REGION,
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET,
      forcePathStyle: true,
    },
    signed,
    refused,
    async close() {
      await new Promise<void>((resolve) => gate.close(() => resolve()));
      await s3rver.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
