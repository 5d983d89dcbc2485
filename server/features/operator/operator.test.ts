import { describe, expect, it } from 'vitest';
import type { OperatorRole } from '../../../protocol/operator/operator';
import { OperatorService } from './operator';

const service = (devTools: boolean, roles: OperatorRole[]) =>
  new OperatorService({
    devTools,
    callCenterStandIn: devTools,
    rolesOf: () => roles,
    faceCheckPage: '/dev/face-check',
    pendingFaceChecks: async () => [{ refId: 'ref/1', anchorId: 'A2001', createdAt: new Date(5_000) }],
  });

describe('the operator console', () => {
  it('links the stand-ins to the dev role, and face checks to trust, only with development tools on', async () => {
    const dev = await service(true, ['dev']).me('M9001');
    expect(dev.dev_links.map((l) => l.href)).toEqual(['/dev/sms-outbox', '/dev/mail-outbox']);
    expect(dev.call_center_phones).toBe(1);
    expect(dev.face_checks).toEqual([
      { ref_id: 'ref/1', anchor_id: 'A2001', href: '/dev/face-check?ref=ref%2F1', time: 5 },
    ]);
    const trust = await service(true, ['trust']).me('M1005');
    expect(trust.dev_links).toEqual([]);
    expect(trust.call_center_phones).toBe(0);
    expect(trust.face_checks).toHaveLength(1);
    const support = await service(true, ['support']).me('M1004');
    expect(support).toEqual({
      userid: 'M1004',
      roles: ['support'],
      dev_links: [],
      face_checks: [],
      call_center_phones: 0,
    });
    const production = await service(false, ['dev', 'trust']).me('M9001');
    expect(production.dev_links).toEqual([]);
    expect(production.face_checks).toEqual([]);
    expect(production.call_center_phones).toBe(0);
  });
});
