/** Profile and settings calls (protocol/profile/profile.ts ProfileApi, settings.ts SettingsApi). */

import { ProfileApi } from '../../../protocol/profile/profile';
import {
  ConstantInfoBody,
  KeySwitchBody,
  MemberProfileOtherBody,
  SaveMemberProfileBody,
  SaveMemberSettingsBody,
} from '../../../protocol/profile/profile-schemas';
import { SettingsApi } from '../../../protocol/profile/settings';
import { Empty } from '../../../protocol/schemas';
import { defineRoute } from '../../http/route';

export const profileRoutes = [
  defineRoute({
    path: ProfileApi.getMemberProfile,
    auth: 'man',
    schema: Empty,
    handler: (ctx) => ctx.services.profiles.memberProfile(ctx.caller.userid),
  }),
  defineRoute({
    path: ProfileApi.getMemberProfileOther,
    auth: 'lady',
    schema: MemberProfileOtherBody,
    handler: (ctx, body) => ctx.services.profiles.other(body.manid.toUpperCase()),
  }),
  defineRoute({
    path: ProfileApi.saveMemberProfile,
    auth: 'man',
    schema: SaveMemberProfileBody,
    handler: (ctx, body) => ctx.services.profiles.save(ctx.caller.userid, body),
  }),
  defineRoute({
    path: ProfileApi.updateUserInfoFromQn,
    auth: 'user',
    schema: Empty,
    handler: (ctx) => ctx.services.users.ownInfo(ctx.caller),
  }),
  defineRoute({
    path: SettingsApi.getMemberSettings,
    auth: 'man',
    schema: Empty,
    handler: (ctx) => ctx.services.memberSettings.get(ctx.caller.userid),
  }),
  defineRoute({
    path: SettingsApi.saveMemberSettings,
    auth: 'man',
    schema: SaveMemberSettingsBody,
    handler: (ctx, body) => ctx.services.memberSettings.save(ctx.caller.userid, body),
  }),
  defineRoute({
    path: SettingsApi.getKeySwitch,
    auth: 'man',
    schema: KeySwitchBody,
    handler: (ctx, body) => ctx.services.memberSettings.keySwitch(ctx.caller.userid, body.key),
  }),
  defineRoute({
    path: SettingsApi.getConstantInfo,
    auth: 'none',
    schema: ConstantInfoBody,
    handler: async (ctx, body) => ctx.services.memberSettings.constantInfo(body.key),
  }),
];
