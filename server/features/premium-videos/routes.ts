/** Premium video calls (protocol/premium-videos/premium-videos.ts): members browse, mark and buy; broadcasters manage hers. */
import {
  AnchorVideoListBody,
  LadyAddVideoBody,
  LadyEditVideoBody,
  VideoIdBody,
  VideoPageBody,
} from '../../../protocol/premium-videos/premium-video-schemas';
import { PremiumVideoApi } from '../../../protocol/premium-videos/premium-videos';
import { Empty } from '../../../protocol/schemas';
import { defineRoute } from '../../http/route';

export const premiumVideoRoutes = [
  defineRoute({
    path: PremiumVideoApi.anchorVideoList,
    auth: 'man',
    schema: AnchorVideoListBody,
    handler: (ctx, b) => ctx.services.premiumVideos.anchorVideoList(ctx.caller.userid, b.anchor_id),
  }),
  defineRoute({
    path: PremiumVideoApi.videoList,
    auth: 'man',
    schema: VideoPageBody,
    handler: (ctx, b) => ctx.services.premiumVideos.videoList(ctx.caller.userid, b.start, b.step),
  }),
  defineRoute({
    path: PremiumVideoApi.myVideoList,
    auth: 'man',
    schema: VideoPageBody,
    handler: (ctx, b) => ctx.services.premiumVideos.myVideoList(ctx.caller.userid, b.start, b.step),
  }),
  defineRoute({
    path: PremiumVideoApi.videoDetail,
    auth: 'man',
    schema: VideoIdBody,
    handler: (ctx, b) => ctx.services.premiumVideos.detail(ctx.caller.userid, b.video_id),
  }),
  defineRoute({
    path: PremiumVideoApi.addInterested,
    auth: 'man',
    schema: VideoIdBody,
    handler: (ctx, b) => ctx.services.premiumVideos.setInterested(ctx.caller.userid, b.video_id, true),
  }),
  defineRoute({
    path: PremiumVideoApi.deleteInterested,
    auth: 'man',
    schema: VideoIdBody,
    handler: (ctx, b) => ctx.services.premiumVideos.setInterested(ctx.caller.userid, b.video_id, false),
  }),
  defineRoute({
    path: PremiumVideoApi.buyVideo,
    auth: 'man',
    schema: VideoIdBody,
    handler: (ctx, b) => ctx.services.premiumVideos.buy(ctx.caller.userid, b.video_id),
  }),
  defineRoute({
    path: PremiumVideoApi.ladyVideoList,
    auth: 'lady',
    schema: Empty,
    handler: (ctx) => ctx.services.premiumVideos.ladyVideoList(ctx.caller.userid),
  }),
  defineRoute({
    path: PremiumVideoApi.ladyAddVideo,
    auth: 'lady',
    schema: LadyAddVideoBody,
    handler: (ctx, b) =>
      ctx.services.premiumVideos.add(ctx.caller.userid, {
        videoFileId: b.video_file_id,
        coverFileId: b.cover_file_id,
        title: b.title,
        description: b.description,
        duration: b.duration,
      }),
  }),
  defineRoute({
    path: PremiumVideoApi.ladyEditVideo,
    auth: 'lady',
    schema: LadyEditVideoBody,
    handler: (ctx, b) =>
      ctx.services.premiumVideos.edit(ctx.caller.userid, b.video_id, b.title, b.description),
  }),
  defineRoute({
    path: PremiumVideoApi.ladyDeleteVideo,
    auth: 'lady',
    schema: VideoIdBody,
    handler: (ctx, b) => ctx.services.premiumVideos.remove(ctx.caller.userid, b.video_id),
  }),
];
