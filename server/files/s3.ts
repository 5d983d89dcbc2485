/**
 * An S3-compatible bucket as a file store (AWS S3, MinIO, Ceph, R2, ...), spoken as plain REST:
 * PUT, GET (with Range), HEAD and DELETE on one object, each request signed with AWS Signature V4 by
 * aws4fetch (a small, dependency-free signer over fetch). PUT bodies carry their SHA-256, so the
 * store refuses a body changed on the way; reads are signed UNSIGNED-PAYLOAD, as S3 allows.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import { type ByteRange, checkKey, type FileBody, type FileStore, readAll, type StoredFile } from './store';

export interface S3Config {
  /** Base URL of the service, e.g. https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** https://endpoint/bucket/key instead of https://bucket.endpoint/key (MinIO and most others). */
  forcePathStyle: boolean;
}

/** How long one S3 request may take before it fails. */
const S3_TIMEOUT_MS = 30_000;
/** A streamed upload's part size: S3's smallest part (all but the last must be at least this). */
const PART_BYTES = 5 * 1024 * 1024;
const EMPTY_SHA256 = createHash('sha256').digest('hex');
const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    what: string,
  ) {
    super(`S3 ${what}: ${status} ${code}`);
  }
}

export class S3FileStore implements FileStore {
  readonly kind = 's3' as const;
  private readonly client: AwsClient;
  private readonly base: string;

  constructor(config: S3Config) {
    this.client = new AwsClient({
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      service: 's3',
      region: config.region,
      retries: 2,
    });
    const endpoint = new URL(config.endpoint);
    const path = endpoint.pathname.replace(/\/+$/, '');
    this.base = config.forcePathStyle
      ? `${endpoint.origin}${path}/${encodeURIComponent(config.bucket)}`
      : `${endpoint.protocol}//${config.bucket}.${endpoint.host}${path}`;
  }

  private url(key: string): string {
    return `${this.base}/${checkKey(key)}`;
  }

  private async call(key: string, init: RequestInit & { headers?: Record<string, string> }, query = '') {
    const url = query ? `${this.url(key)}?${query}` : this.url(key);
    return this.client.fetch(url, { ...init, signal: AbortSignal.timeout(S3_TIMEOUT_MS) });
  }

  private async fail(response: Response, what: string): Promise<never> {
    const text = await response.text().catch(() => '');
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? response.statusText;
    throw new S3Error(response.status, code, what);
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const { body, sha256 } = this.signedBody(bytes);
    const response = await this.call(key, {
      method: 'PUT',
      body,
      headers: { 'Content-Type': contentType, 'X-Amz-Content-Sha256': sha256 },
    });
    if (!response.ok) await this.fail(response, `put ${key}`);
    await response.body?.cancel();
  }

  /**
   * S3 wants each request's length (and here its hash) before the body: a stream goes up in parts of
   * PART_BYTES as they fill (a multipart upload), or in one PUT when it all fits in the first part.
   * A body that throws aborts the upload, so the store keeps nothing of it.
   */
  async putStream(key: string, body: AsyncIterable<Uint8Array>, contentType: string): Promise<void> {
    let uploadId: string | undefined;
    const etags: string[] = [];
    let pending: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of body) {
        pending.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
        size += chunk.length;
        while (size >= PART_BYTES) {
          const bytes = Buffer.concat(pending);
          uploadId ??= await this.startUpload(key, contentType);
          etags.push(await this.putPart(key, uploadId, etags.length + 1, bytes.subarray(0, PART_BYTES)));
          pending = [bytes.subarray(PART_BYTES)];
          size = bytes.length - PART_BYTES;
        }
      }
      const rest = Buffer.concat(pending);
      if (uploadId === undefined) return await this.put(key, rest, contentType);
      if (rest.length > 0) etags.push(await this.putPart(key, uploadId, etags.length + 1, rest));
      await this.completeUpload(key, uploadId, etags);
    } catch (error) {
      if (uploadId !== undefined) await this.abortUpload(key, uploadId).catch(() => undefined);
      throw error;
    }
  }

  private signedBody(bytes: Buffer): Pick<RequestInit, 'body'> & { sha256: string } {
    return {
      body: new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength),
      sha256: createHash('sha256').update(bytes).digest('hex'),
    };
  }

  private async startUpload(key: string, contentType: string): Promise<string> {
    const response = await this.call(
      key,
      { method: 'POST', headers: { 'Content-Type': contentType, 'X-Amz-Content-Sha256': EMPTY_SHA256 } },
      'uploads',
    );
    if (!response.ok) await this.fail(response, `start upload ${key}`);
    const id = /<UploadId>([^<]+)<\/UploadId>/.exec(await response.text())?.[1];
    if (!id) throw new S3Error(response.status, 'NoUploadId', `start upload ${key}`);
    return id;
  }

  private async putPart(key: string, uploadId: string, part: number, bytes: Buffer): Promise<string> {
    const { body, sha256 } = this.signedBody(bytes);
    const response = await this.call(
      key,
      { method: 'PUT', body, headers: { 'X-Amz-Content-Sha256': sha256 } },
      `partNumber=${part}&uploadId=${encodeURIComponent(uploadId)}`,
    );
    if (!response.ok) await this.fail(response, `put part ${part} of ${key}`);
    await response.body?.cancel();
    const etag = response.headers.get('etag');
    if (!etag) throw new S3Error(response.status, 'NoETag', `put part ${part} of ${key}`);
    return etag;
  }

  private async completeUpload(key: string, uploadId: string, etags: string[]): Promise<void> {
    const parts = etags.map(
      (etag, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${xml(etag)}</ETag></Part>`,
    );
    const { body, sha256 } = this.signedBody(
      Buffer.from(`<CompleteMultipartUpload>${parts.join('')}</CompleteMultipartUpload>`),
    );
    const response = await this.call(
      key,
      {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/xml', 'X-Amz-Content-Sha256': sha256 },
      },
      `uploadId=${encodeURIComponent(uploadId)}`,
    );
    if (!response.ok) await this.fail(response, `complete upload ${key}`);
    // S3 may answer 200 and still fail the upload, with an error in the body.
    const text = await response.text();
    const code = /<Error>[\s\S]*?<Code>([^<]*)<\/Code>/.exec(text)?.[1];
    if (code) throw new S3Error(response.status, code, `complete upload ${key}`);
  }

  private async abortUpload(key: string, uploadId: string): Promise<void> {
    const response = await this.call(key, { method: 'DELETE' }, `uploadId=${encodeURIComponent(uploadId)}`);
    await response.body?.cancel();
  }

  async exists(key: string): Promise<StoredFile | undefined> {
    const response = await this.call(key, { method: 'HEAD' });
    if (response.status === 404) return undefined;
    if (!response.ok) await this.fail(response, `head ${key}`);
    return {
      size: Number(response.headers.get('content-length') ?? 0),
      contentType: response.headers.get('content-type') ?? undefined,
    };
  }

  async get(key: string, range?: ByteRange): Promise<FileBody | undefined> {
    const response = await this.call(key, {
      method: 'GET',
      headers: range ? { Range: `bytes=${range.start}-${range.end}` } : {},
    });
    if (response.status === 404) {
      await response.body?.cancel();
      return undefined;
    }
    if (!response.ok || !response.body) await this.fail(response, `get ${key}`);
    const contentType = response.headers.get('content-type') ?? undefined;
    const stream = Readable.fromWeb(response.body as unknown as WebReadableStream<Uint8Array>);
    if (response.status === 206) {
      const total = /\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1];
      return { size: Number(total ?? 0), contentType, body: stream };
    }
    const size = Number(response.headers.get('content-length') ?? 0);
    if (!range) return { size, contentType, body: stream };
    // A store that ignored the Range: cut the asked bytes out of the whole file.
    const whole = await readAll(stream);
    const bytes = whole.subarray(range.start, range.end + 1);
    return { size: whole.length, contentType, body: Readable.from([bytes]) };
  }

  async delete(key: string): Promise<void> {
    const response = await this.call(key, { method: 'DELETE' });
    if (!response.ok && response.status !== 404) await this.fail(response, `delete ${key}`);
    await response.body?.cancel();
  }
}
