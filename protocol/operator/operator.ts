/**
 * The operator console (ours; the spec has no operator side). An operator is a signed-in account
 * that holds one or more roles; each operator call names the role it needs:
 * - `support`: customer care (reads and answers members' threads, closes them);
 * - `content`: the news pages;
 * - `trust`: face checks and suspensions;
 * - `deliveries`: flower and gift orders (moves them on in the local delivery stand-in);
 * - `adverts`: the adverts (banners, the carousel, ad pop-ups): switches them on or off and edits them;
 * - `dev`: the development stand-ins (SMS outbox, mail outbox, face check, the call center's phones), only
 *   where DEV_TOOLS is on.
 * Roles come from configuration (OPERATOR_ROLES; OPERATOR_IDS holds every role), never from the
 * account itself, so a leaked member password never grants a role the server was not told of.
 */
export const OPERATOR_ROLES = ['support', 'content', 'trust', 'deliveries', 'adverts', 'dev'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const OperatorApi = {
  /** Who the caller is as an operator: roles, and the development pages open to him. */
  me: '/operator/v1/me',
} as const;

/** The console's address in the app (hash route), for links and docs. */
export const OPERATOR_CONSOLE_PATH = '/operator';

export const OperatorErrno = {
  /** Ours: an operator without the role this call needs. */
  NO_ROLE: 10650,
} as const;

export const OperatorMessages = {
  noRole: 'Your operator account does not have the role this needs.',
} as const;

export interface OperatorLink {
  /** Where it opens (a server page under /dev/). */
  href: string;
  label: string;
  role: OperatorRole;
}

export interface OperatorMe {
  userid: string;
  roles: OperatorRole[];
  /** The development stand-ins' pages he may open (empty where DEV_TOOLS is off). */
  dev_links: OperatorLink[];
}
