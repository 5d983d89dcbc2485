/**
 * What the socket serves beyond login and heartbeats: the member's instant-invite answer and report,
 * the activity ping, and the auto-invite engine's view of who is connected and idle.
 */
import { Errno, Messages } from '../../../protocol/errors';
import { EventRoute, RequestRoute } from '../../../protocol/realtime';
import { AnchorReportBody, InstantInviteReply } from '../../../protocol/schemas';
import { ApiError } from '../../core/errors';
import type { SocketCaller, SocketHooks } from '../../realtime/gateway';
import type { AutoInviteEngine } from './auto-invite/engine';
import type { InvitationService } from './invitations';

const invalid = () => new ApiError(Errno.INVALID_PARAMS, Messages.invalidParams);
const membersOnly = (caller: SocketCaller) => {
  if (caller.role !== 'man') throw new ApiError(Errno.FORBIDDEN, Messages.forbidden);
};

export function socketHooks(
  invitations: InvitationService,
  engine?: Pick<AutoInviteEngine, 'connected' | 'activity' | 'disconnected'>,
  /** More routes served after login (live chat's). */
  more: SocketHooks['routes'] = {},
): SocketHooks {
  return {
    routes: {
      ...more,
      [RequestRoute.anchorReport]: async (caller, data) => {
        membersOnly(caller);
        const body = AnchorReportBody.safeParse(data);
        if (!body.success) throw invalid();
        return invitations.anchorReport(caller.userid, body.data.invite_id);
      },
      // The activity itself is noted by onActivity; the answer only confirms it.
      [RequestRoute.activity]: async () => ({}),
    },
    answeredRoutes: new Set([EventRoute.instantInvite]),
    async onAnswer(caller, route, resData, sent) {
      if (route !== EventRoute.instantInvite || caller.role !== 'man') return;
      const reply = InstantInviteReply.safeParse(resData ?? {});
      const inviteId = (sent as { invite_id?: unknown } | null)?.invite_id;
      if (!reply.success || typeof inviteId !== 'string') return;
      await invitations.reportShown(caller.userid, inviteId, reply.data.is_show);
    },
    onLogin: (caller) => engine?.connected(caller),
    onActivity: (caller) => engine?.activity(caller),
    onClose: (caller) => engine?.disconnected(caller),
  };
}
