/**
 * The operator console's own call: who the caller is as an operator (his roles) and, where
 * development tools are on, the stand-ins' pages his roles open. The stand-ins stay server pages
 * under /dev/ (server/http/dev-tools.ts guards them); the console links to them.
 */
import { MAIL_OUTBOX_PATH } from '../../../protocol/account/account';
import { SMS_OUTBOX_PATH } from '../../../protocol/bookings/booking';
import type { OperatorLink, OperatorMe, OperatorRole } from '../../../protocol/operator/operator';

export interface PendingFaceCheck {
  refId: string;
  anchorId: string;
  createdAt: Date;
}

export interface OperatorDeps {
  devTools: boolean;
  rolesOf(userid: string): OperatorRole[];
  faceCheckPage: string;
  /** The face checks waiting for a verdict (the local stand-in; undefined where it is off). */
  pendingFaceChecks?: () => Promise<PendingFaceCheck[]>;
  /** The local call center stands in for telephony (its phones are the console's Phones tab). */
  callCenterStandIn?: boolean;
}

export interface OperatorMeAnswer extends OperatorMe {
  face_checks: { ref_id: string; anchor_id: string; href: string; time: number }[];
  /** 1: the Phones tab (the local call center's phones) is his: the dev role, development tools on. */
  call_center_phones: 0 | 1;
}

export class OperatorService {
  constructor(private readonly deps: OperatorDeps) {}

  async me(userid: string): Promise<OperatorMeAnswer> {
    const roles = this.deps.rolesOf(userid);
    const links: OperatorLink[] = [];
    const checks: OperatorMeAnswer['face_checks'] = [];
    if (this.deps.devTools) {
      if (roles.includes('dev')) {
        links.push({ href: SMS_OUTBOX_PATH, label: 'SMS outbox', role: 'dev' });
        links.push({ href: MAIL_OUTBOX_PATH, label: 'Mail outbox', role: 'dev' });
      }
      const facePage = roles.includes('dev') || roles.includes('trust');
      if (facePage && this.deps.pendingFaceChecks) {
        for (const c of await this.deps.pendingFaceChecks()) {
          checks.push({
            ref_id: c.refId,
            anchor_id: c.anchorId,
            href: `${this.deps.faceCheckPage}?ref=${encodeURIComponent(c.refId)}`,
            time: Math.floor(c.createdAt.getTime() / 1000),
          });
        }
      }
    }
    const phones = this.deps.devTools && roles.includes('dev') && this.deps.callCenterStandIn === true;
    return { userid, roles, dev_links: links, face_checks: checks, call_center_phones: phones ? 1 : 0 };
  }
}
