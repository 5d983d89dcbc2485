/**
 * Short-lived socket tokens: base64url(payload).base64url(HMAC-SHA256). The secret is made once and
 * kept in settings so that every process of a cluster accepts every other's tokens.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { TOKEN_LIFETIME_S } from '../../../protocol/constants';
import type { Role, TokenData } from '../../../protocol/types';
import type { TokenClaims } from '../../core/caller';
import type { Repositories } from '../../storage/contract';

export type { TokenClaims };

export class TokenService {
  private secret: Promise<Buffer> | undefined;

  constructor(
    private readonly repos: Repositories,
    private readonly lifetimeS = TOKEN_LIFETIME_S,
  ) {}

  private key(): Promise<Buffer> {
    this.secret ??= this.repos.settings
      .getOrCreate('token_secret', () => randomBytes(32).toString('base64url'))
      .then((s) => Buffer.from(s, 'base64url'));
    return this.secret;
  }

  async issue(userid: string, role: Role, sid: string): Promise<TokenData> {
    const claims: TokenClaims = { userid, role, exp: Math.floor(Date.now() / 1000) + this.lifetimeS, sid };
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    const sig = createHmac('sha256', await this.key())
      .update(payload)
      .digest('base64url');
    return { token: `${payload}.${sig}`, expires_in: this.lifetimeS };
  }

  /** The claims of a valid, unexpired token; undefined for anything else. */
  async verify(token: unknown): Promise<TokenClaims | undefined> {
    if (typeof token !== 'string' || token.length > 1024) return undefined;
    const [payload, sig, ...rest] = token.split('.');
    if (!payload || !sig || rest.length) return undefined;
    const expected = createHmac('sha256', await this.key())
      .update(payload)
      .digest();
    const given = Buffer.from(sig, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenClaims;
      if (typeof claims.userid !== 'string' || (claims.role !== 'man' && claims.role !== 'lady'))
        return undefined;
      if (typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now()) return undefined;
      if (typeof claims.sid !== 'string' || claims.sid === '') return undefined;
      return claims;
    } catch {
      return undefined;
    }
  }
}
