/**
 * The built PWA (STATIC_DIR, Vite's dist). App pages answer index.html so the SPA reads the path;
 * the shell files are revalidated on every load, hashed assets are cached for good. Text files go
 * out as the build's Brotli or gzip sibling (`x.js.br`, `x.js.gz`, scripts/precompress.ts) when the
 * browser accepts it, never compressed per request; every file carries `Vary: Accept-Encoding`.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AccountPages } from '../../protocol/account/account';
import { Pages } from '../../protocol/paths';
import { ADD_CREDIT_PAGE } from '../../protocol/payments/payments';

/** Paths that are the app itself rather than a file. */
export const APP_PAGES = [
  '/',
  Pages.memberLogin,
  AccountPages.signup,
  Pages.anchorLogin,
  Pages.maintenance,
  '/static/maintenance',
  ...Pages.legacyList,
  ...Pages.legacyLive,
  ...Pages.legacyLivechat,
  ...Pages.legacyHangout,
  ADD_CREDIT_PAGE,
];

const NO_CACHE = new Set(['sw.js', 'index.html', 'manifest.webmanifest', 'registerSW.js']);

/** `filePath` is the file sent, so a precompressed sibling's name loses its `.br`/`.gz`. */
function fileHeaders(reply: FastifyReply, filePath: string) {
  const name = (filePath.split(/[\\/]/).pop() ?? '').replace(/\.(?:br|gz)$/, '');
  // The type every browser and tool knows for favicon.ico (send says image/vnd.microsoft.icon).
  if (name.endsWith('.ico')) reply.header('Content-Type', 'image/x-icon');
  if (NO_CACHE.has(name)) reply.header('Cache-Control', 'no-cache');
  else if (/[\\/]assets[\\/]/.test(filePath))
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
}

export async function registerStatic(app: FastifyInstance, staticDir: string): Promise<void> {
  const root = resolve(staticDir);
  await app.register(fastifyStatic, {
    root,
    index: false,
    wildcard: true,
    preCompressed: true,
    setHeaders: fileHeaders,
    suppressWarning: true,
  });
  const index = resolve(root, 'index.html');
  for (const page of APP_PAGES) {
    app.get(page, async (_request, reply) => {
      // Checked per request: the build may land after the server started.
      if (!existsSync(index)) {
        return reply
          .type('text/plain; charset=utf-8')
          .send('The Glimmer app is not built yet. Run `npm run build` (or `npm start`), then reload.');
      }
      return reply.sendFile('index.html', root);
    });
  }
}
