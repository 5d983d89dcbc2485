/**
 * GET /media/{portrait,cover,gift,show}/{id}.svg: the locally drawn images. The drawing is pure
 * (from the id); the id must name something that exists, so the URL space is not unbounded.
 */
import type { FastifyInstance } from 'fastify';
import { coverSvg, giftSvg, portraitSvg, showSvg } from '../media';
import type { Repositories } from '../storage/contract';

const ID = /^([A-Za-z0-9_]{1,32})\.svg$/;
/** Show ids as storage makes them; shows have no lookup by id yet (see the report to the lead). */
const SHOW_ID = /^LS\d{1,12}$/;

/** Draws the image for an id, or undefined when the id names nothing. */
type Drawer = (id: string) => Promise<string | undefined>;

export function registerMedia(app: FastifyInstance, repos: Repositories): void {
  let gifts: Promise<Map<string, string>> | undefined;
  const kinds = new Map<string, Drawer>(
    Object.entries({
      portrait: async (id: string) => ((await repos.users.find(id)) ? portraitSvg(id) : undefined),
      cover: async (id: string) => ((await repos.anchors.find(id)) ? coverSvg(id) : undefined),
      gift: async (id: string) => {
        // The catalogue is small and fixed while the process runs.
        gifts ??= repos.gifts.all().then((all) => new Map(all.map((g) => [g.giftid, g.name])));
        const name = (await gifts).get(id);
        return name === undefined ? undefined : giftSvg(id, name);
      },
      show: async (id: string) => (SHOW_ID.test(id) ? showSvg(id) : undefined),
    } satisfies Record<string, Drawer>),
  );

  app.get<{ Params: { kind: string; file: string } }>('/media/:kind/:file', async (request, reply) => {
    const draw = kinds.get(request.params.kind);
    const id = ID.exec(request.params.file)?.[1];
    const svg = draw && id ? await draw(id) : undefined;
    if (svg === undefined) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=86400')
      .header('X-Content-Type-Options', 'nosniff')
      .send(svg);
  });
}
