/**
 * The partner-site switcher's entries, the goto hand-off and the corporate id (rules in
 * protocol/partner-sites/partner-sites.ts). Knows nothing of HTTP: goto answers where to send the
 * browser, or throws the errno that says why not.
 */
import {
  ACCOUNT_PAGE,
  ACCOUNT_SITE_ID,
  AME_SITE_NAME,
  type CorpData,
  DEFAULT_PARTNER_PATH,
  type FamilySite,
  HANDOFF_PARAM,
  isPartnerPath,
  PartnerErrno,
  PartnerMessages,
  switcherSites,
} from '../../../protocol/partner-sites/partner-sites';
import type { Caller } from '../../core/caller';
import { ApiError } from '../../core/errors';
import { signHandoff } from './handoff';
import type { PartnerConfig } from './partner-config';

export class PartnerSiteService {
  constructor(
    private readonly config: PartnerConfig,
    private readonly now: () => number = Date.now,
  ) {}

  /** What getConfig serves: every configured site, without its address or secret. */
  publicSites(): FamilySite[] {
    return this.config.sites.map((s) => ({ siteid: s.siteid, name: s.name, hidden: s.hidden ? 1 : 0 }));
  }

  /** The caller's switcher (hidden flag, lone site 41, the AME hidden-user list applied). */
  sitesFor(userid: string): FamilySite[] {
    return switcherSites(this.publicSites(), userid, this.config.ameHiddenUsers);
  }

  /** Where /user/goto sends this member: the partner's hand-off address with a fresh token. */
  goto(caller: Caller, siteid: number, url: string | undefined): string {
    if (siteid === ACCOUNT_SITE_ID) return ACCOUNT_PAGE;
    const site = this.config.sites.find((s) => s.siteid === siteid);
    if (!site) throw new ApiError(PartnerErrno.UNKNOWN_SITE, PartnerMessages.unknownSite);
    const path = url || DEFAULT_PARTNER_PATH;
    if (!isPartnerPath(path)) throw new ApiError(PartnerErrno.BAD_TARGET, PartnerMessages.badTarget);
    if (site.name === AME_SITE_NAME && this.config.ameHiddenUsers.includes(caller.userid)) {
      throw new ApiError(PartnerErrno.SITE_HIDDEN, PartnerMessages.siteHidden);
    }
    const token = signHandoff({ uid: caller.userid, site: siteid, path }, site.secret, this.now());
    const sep = site.url.includes('?') ? '&' : '?';
    return `${site.url}${sep}${HANDOFF_PARAM}=${encodeURIComponent(token)}`;
  }

  corp(): CorpData {
    return { corp_key: this.config.corpKey, asia: this.config.asia, other: this.config.other };
  }

  /** The stand-in partner page's view of a site (its secret), for demo sites only. */
  site(siteid: number) {
    return this.config.sites.find((s) => s.siteid === siteid);
  }
}
