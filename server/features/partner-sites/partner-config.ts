/**
 * The partner sites and legal entities as configuration (read by server/config.ts):
 * FAMILY_SITES (a JSON list of {siteid, name, url, secret, hidden}), AME_HIDDEN_USERS, CORP_KEY,
 * LEGAL_ENTITY_ASIA and LEGAL_ENTITY_OTHER ("name|address"). With development tools on and no
 * FAMILY_SITES, three demo sites point at the local stand-in partner page (stand-in.ts).
 */
import { z } from 'zod';
import { ACCOUNT_SITE_ID, type LegalEntity } from '../../../protocol/partner-sites/partner-sites';

export interface PartnerSite {
  siteid: number;
  name: string;
  /** The partner's hand-off address: it receives the token (an https URL, or a local path in demos). */
  url: string;
  /** The HMAC key shared with this partner only. */
  secret: string;
  hidden: boolean;
}

export interface PartnerConfig {
  sites: PartnerSite[];
  ameHiddenUsers: string[];
  corpKey: string;
  asia: LegalEntity;
  other: LegalEntity;
}

/** The local stand-in partner page of a demo site. */
export const standInPath = (siteid: number) => `/dev/partner/${siteid}`;

const Site = z.object({
  siteid: z
    .number()
    .int()
    .min(1)
    .max(9999)
    .refine((id) => id !== ACCOUNT_SITE_ID, 'siteid 99 is my_account'),
  name: z.string().trim().min(1).max(40),
  url: z.string().regex(/^(https?:\/\/[^\s]+|\/[^\s/][^\s]*)$/, 'an http(s) URL or a local path'),
  secret: z.string().min(16, 'at least 16 characters'),
  hidden: z.boolean().default(false),
});

export const PartnerEnv = z.object({
  FAMILY_SITES: z
    .string()
    .trim()
    .default('')
    .transform((v, ctx) => {
      if (!v) return undefined;
      try {
        const parsed = z.array(Site).max(20).safeParse(JSON.parse(v));
        if (parsed.success) return parsed.data;
        ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'not a site list' });
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: 'must be a JSON list of {siteid, name, url, secret, hidden}',
        });
      }
      return z.NEVER;
    }),
  AME_HIDDEN_USERS: z.string().default(''),
  CORP_KEY: z.string().trim().max(16).default(''),
  LEGAL_ENTITY_ASIA: z
    .string()
    .trim()
    .default('Glimmer Asia Pte. Ltd.|1 Harbour Front Avenue, #10-01, Singapore 098632'),
  LEGAL_ENTITY_OTHER: z
    .string()
    .trim()
    .default('Glimmer Media Ltd.|20 Wenlock Road, London N1 7GU, United Kingdom'),
});

const entity = (v: string): LegalEntity => {
  const [name = '', ...rest] = v.split('|');
  return { name: name.trim(), address: rest.join('|').trim() };
};

/** Demo sites for `npm start` and the tests (development tools on, FAMILY_SITES unset). */
function demoSites(): PartnerSite[] {
  return [
    { siteid: 4, name: 'Starlight', hidden: false },
    { siteid: 5, name: 'AME', hidden: false },
    { siteid: 6, name: 'Moonlit', hidden: false },
  ].map((s) => ({ ...s, url: standInPath(s.siteid), secret: `local-stand-in-secret-${s.siteid}` }));
}

export function partnerConfig(e: z.output<typeof PartnerEnv>, devTools: boolean): PartnerConfig {
  return {
    sites: e.FAMILY_SITES ?? (devTools ? demoSites() : []),
    ameHiddenUsers: e.AME_HIDDEN_USERS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    corpKey: e.CORP_KEY,
    asia: entity(e.LEGAL_ENTITY_ASIA),
    other: entity(e.LEGAL_ENTITY_OTHER),
  };
}
