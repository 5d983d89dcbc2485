import { describe, expect, it } from 'vitest';
import { ONE_ON_ONE_CREDIT_PER_MINUTE } from '../../../protocol/realtime';
import { acceptPricePerMinute } from './price';

describe('acceptPricePerMinute', () => {
  it('names the One-on-One price on her One-on-One invitations, and none on free ones', () => {
    expect(acceptPricePerMinute('askPrivate')).toBe(ONE_ON_ONE_CREDIT_PER_MINUTE);
    expect(acceptPricePerMinute('autoInvitePrivate')).toBe(0.3);
    expect(acceptPricePerMinute('livechatnotice')).toBeNull();
    expect(acceptPricePerMinute('viewPublic')).toBeNull();
  });
});
