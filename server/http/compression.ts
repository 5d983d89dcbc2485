/**
 * Compressed API answers: the JSON envelopes of the API and push calls go out as Brotli or gzip, as
 * the caller accepts, from 1 KiB up (below that the headers would cost more than they save). Routes
 * opt in with `compress: API_COMPRESSION`; nothing else is compressed per request: the app's files
 * come precompressed from the build (server/http/static.ts), media are served as stored (images and
 * video are compressed already, and their byte ranges count the stored bytes), and the socket is not
 * HTTP. Request bodies are never inflated.
 */
import compress from '@fastify/compress';
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';

export const COMPRESS_THRESHOLD_BYTES = 1024;

/** The route option: each route that opts in carries the whole setting. */
export const API_COMPRESSION: NonNullable<RouteShorthandOptions['compress']> = {
  threshold: COMPRESS_THRESHOLD_BYTES,
  // The encodings the static files are precompressed in; zstd would add little for JSON.
  encodings: ['br', 'gzip'],
};

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: false,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  });
}
