/**
 * GET /dev/partner/:siteid?glimmer_token=…: a local stand-in for a partner site's hand-off address,
 * for the demo sites only (development tools on; dev-tools.ts guards every /dev/ route). It checks
 * the token exactly as docs/partner-handoff.md tells a partner to (verifyHandoff, and each nonce
 * once) and says who arrived and for which page, or why the token was refused.
 */
import type { FastifyInstance } from 'fastify';
import { HANDOFF_PARAM } from '../../../protocol/partner-sites/partner-sites';
import { escapeHtml } from '../../http/html';
import { verifyHandoff } from './handoff';
import { standInPath } from './partner-config';
import type { PartnerSiteService } from './partner-sites';

export function registerPartnerStandIn(app: FastifyInstance, partnerSites: PartnerSiteService): void {
  /** Nonces seen, until their token's expiry: a token works once. */
  const seen = new Map<string, number>();
  app.get('/dev/partner/:siteid', async (request, reply) => {
    const { siteid } = request.params as { siteid: string };
    const site = partnerSites.site(Number(siteid));
    if (!site || site.url !== standInPath(site.siteid)) return reply.callNotFound();
    const token = String((request.query as Record<string, unknown>)[HANDOFF_PARAM] ?? '');
    const now = Date.now();
    for (const [nonce, exp] of seen) if (exp * 1000 <= now) seen.delete(nonce);
    const check = verifyHandoff(token, site.secret, site.siteid, now);
    let result: string;
    let line: string;
    if (!check.ok) {
      result = check.reason;
      line = `The hand-off was refused (${check.reason}).`;
    } else if (seen.has(check.claims.nonce)) {
      result = 'reused';
      line = 'The hand-off was refused (this token was used already).';
    } else {
      seen.set(check.claims.nonce, check.claims.exp);
      result = 'ok';
      line = `Signed in as ${check.claims.uid}, opening ${check.claims.path}.`;
    }
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(site.name)} (local partner stand-in)</title></head><body><main><h1>${escapeHtml(site.name)}</h1><p>Local stand-in for a partner site.</p><p id="handoff-result" data-result="${escapeHtml(result)}">${escapeHtml(line)}</p><p><a href="/#/masterlist">Back to Glimmer</a></p></main></body></html>`,
      );
  });
}
