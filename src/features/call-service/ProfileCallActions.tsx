/**
 * Make Call on her profile (spec 002 §6: the member's call privilege; her call_instant and
 * call_schedule): an instant call request, and a scheduled one on her call timetable.
 */
import { Link } from '@tanstack/react-router';
import type { AnchorPriv } from '../../../protocol/types';
import { InstantCallButton } from './InstantCallButton';

export function ProfileCallActions({
  anchorId,
  nickname,
  priv,
}: {
  anchorId: string;
  nickname: string;
  priv: Pick<AnchorPriv, 'call_instant' | 'call_schedule'>;
}) {
  if (priv.call_instant !== 1 && priv.call_schedule !== 1) return null;
  return (
    <>
      {priv.call_instant === 1 && (
        <InstantCallButton anchorId={anchorId} nickname={nickname} className="btn btn-secondary btn-block" />
      )}
      {priv.call_schedule === 1 && (
        <Link
          to="/makecalldetail"
          search={{ id: anchorId }}
          className="btn btn-secondary btn-block"
          data-testid="schedule-call"
        >
          {priv.call_instant === 1 ? 'Schedule a Call' : 'Make Call'}
        </Link>
      )}
    </>
  );
}
