/** His room's picture quality (protocol/live/quality.ts). */
import { isQuality, QualityApi, QualityErrno, QualityText } from '../../../protocol/live/quality';
import { SetQualityBody } from '../../../protocol/live/quality-schemas';
import { ApiError } from '../../core/errors';
import { defineRoute } from '../../http/route';

export const qualityRoutes = [
  defineRoute({
    path: QualityApi.setQuality,
    auth: 'man',
    schema: SetQualityBody,
    handler: (ctx, body) => {
      if (!isQuality(body.quality)) throw new ApiError(QualityErrno.UNKNOWN_QUALITY, QualityText.unknown);
      return ctx.services.live.setQuality(ctx.caller.userid, body.viewer_id, body.quality);
    },
  }),
];
