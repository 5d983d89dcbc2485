/** Login, logout, unlocking a locked login, suspensions (operators) and the caller's own account. */
import { Api } from '../../../protocol/paths';
import {
  Empty,
  LoginBody,
  SendUnlockCodeBody,
  SetAccountStatusBody,
  UnlockAccountBody,
  UserInfoBody,
} from '../../../protocol/schemas';
import type { Role } from '../../../protocol/types';
import { defineRoute } from '../../http/route';

/** Members sign in at /user/login, broadcasters at /broadcast/login; each refuses the other role. */
const loginRoute = (path: string, role: Role) =>
  defineRoute({
    path,
    auth: 'none',
    schema: LoginBody,
    async handler(ctx, body) {
      const { sessionId, device, data } = await ctx.services.sessions.login({
        role,
        userid: body.userid,
        password: body.password,
        address: ctx.address,
        device: ctx.device,
        userAgent: ctx.userAgent,
      });
      ctx.setSession(sessionId);
      ctx.setDevice(device);
      return data;
    },
  });

export const sessionRoutes = [
  loginRoute(Api.memberLogin, 'man'),
  loginRoute(Api.anchorLogin, 'lady'),
  defineRoute({
    path: Api.logout,
    auth: 'none',
    schema: Empty,
    async handler(ctx) {
      await ctx.services.sessions.logout(ctx.sessionId);
      ctx.clearSession();
      return { result: 1 };
    },
  }),
  defineRoute({
    path: Api.sendUnlockCode,
    auth: 'none',
    schema: SendUnlockCodeBody,
    async handler(ctx, body) {
      // A lock on a login by email is the account's: the code goes to his phone.
      return ctx.services.loginGuard.sendUnlockCode(await ctx.services.sessions.resolveLogin(body.userid));
    },
  }),
  defineRoute({
    path: Api.unlockAccount,
    auth: 'none',
    schema: UnlockAccountBody,
    async handler(ctx, body) {
      return ctx.services.loginGuard.unlock(await ctx.services.sessions.resolveLogin(body.userid), body.code);
    },
  }),
  defineRoute({
    path: Api.setAccountStatus,
    auth: 'operator',
    operatorRole: 'trust',
    schema: SetAccountStatusBody,
    async handler(ctx, body) {
      return ctx.services.sessions.setAccountStatus(body.userid, body.account_status);
    },
  }),
  defineRoute({
    path: Api.getConfig,
    auth: 'none',
    schema: Empty,
    async handler(ctx) {
      return ctx.services.appConfig;
    },
  }),
  defineRoute({
    path: Api.getToken,
    auth: 'user',
    schema: Empty,
    async handler(ctx) {
      return ctx.services.tokens.issue(ctx.caller.userid, ctx.caller.role, ctx.session.idHash);
    },
  }),
  defineRoute({
    path: Api.getUserInfo,
    auth: 'user',
    schema: UserInfoBody,
    async handler(ctx, body) {
      return ctx.services.users.userInfo(ctx.caller, body.userid);
    },
  }),
  defineRoute({
    path: Api.getOwnUserInfo,
    auth: 'user',
    schema: Empty,
    async handler(ctx) {
      return ctx.services.users.ownInfo(ctx.caller);
    },
  }),
  defineRoute({
    path: Api.getAllMoney,
    auth: 'user',
    schema: Empty,
    async handler(ctx) {
      return ctx.services.users.money(ctx.caller);
    },
  }),
  defineRoute({
    path: Api.getUserConfig,
    auth: 'user',
    schema: Empty,
    async handler(ctx) {
      return ctx.services.users.userConfig(ctx.caller);
    },
  }),
  defineRoute({
    path: Api.agreeProvision,
    auth: 'user',
    schema: Empty,
    async handler(ctx) {
      return ctx.services.users.agreeProvision(ctx.caller);
    },
  }),
];
