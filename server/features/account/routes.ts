/** Sign-up, the mailed links and the security page (protocol/account/account.ts). */
import { AccountApi } from '../../../protocol/account/account';
import {
  ChangeEmailBody,
  ChangePasswordBody,
  EmailBody,
  EndSessionBody,
  PasswordBody,
  RegisterBody,
  ResetPasswordBody,
  TokenBody,
} from '../../../protocol/account/account-schemas';
import { Empty } from '../../../protocol/schemas';
import { defineRoute } from '../../http/route';

export const accountRoutes = [
  defineRoute({
    path: AccountApi.signupChallenge,
    auth: 'none',
    schema: Empty,
    handler: (ctx) => ctx.services.account.signup.challenge(),
  }),
  defineRoute({
    path: AccountApi.register,
    auth: 'none',
    schema: RegisterBody,
    async handler(ctx, body) {
      const opened = await ctx.services.account.signup.register({
        body,
        address: ctx.address,
        userAgent: ctx.userAgent,
        origin: ctx.origin,
      });
      ctx.setSession(opened.sessionId);
      ctx.setDevice(opened.device);
      return { ...(opened.data as object), email: body.email };
    },
  }),
  defineRoute({
    path: AccountApi.sendVerifyEmail,
    auth: 'man',
    schema: Empty,
    handler: (ctx) => ctx.services.account.links.sendVerify(ctx.caller, ctx.origin),
  }),
  defineRoute({
    path: AccountApi.confirmEmail,
    auth: 'none',
    schema: TokenBody,
    handler: (ctx, body) => ctx.services.account.links.confirm(body.token),
  }),
  defineRoute({
    path: AccountApi.requestPasswordReset,
    auth: 'none',
    schema: EmailBody,
    handler: (ctx, body) => ctx.services.account.links.requestReset(body.email, ctx.address, ctx.origin),
  }),
  defineRoute({
    path: AccountApi.resetPassword,
    auth: 'none',
    schema: ResetPasswordBody,
    // Every session of his ends (a cookie of his in this browser stops working); a session of
    // another account in this browser is left alone.
    async handler(ctx, body) {
      await ctx.services.account.links.resetPassword(body.token, body.password);
      return { result: 1 };
    },
  }),
  defineRoute({
    path: AccountApi.changeEmail,
    auth: 'man',
    schema: ChangeEmailBody,
    handler: (ctx, body) =>
      ctx.services.account.links.changeEmail(ctx.caller, body.email, body.password, ctx.origin),
  }),
  defineRoute({
    path: AccountApi.getAccount,
    auth: 'man',
    schema: Empty,
    handler: (ctx) => ctx.services.account.security.info(ctx.caller, ctx.session.idHash),
  }),
  defineRoute({
    path: AccountApi.changePassword,
    auth: 'man',
    schema: ChangePasswordBody,
    handler: (ctx, body) =>
      ctx.services.account.security.changePassword(
        ctx.caller,
        ctx.session.idHash,
        body.old_password,
        body.password,
      ),
  }),
  defineRoute({
    path: AccountApi.signOutEverywhere,
    auth: 'man',
    schema: Empty,
    async handler(ctx) {
      const answer = await ctx.services.account.security.signOutEverywhere(ctx.caller);
      ctx.clearSession();
      return answer;
    },
  }),
  defineRoute({
    path: AccountApi.endSession,
    auth: 'man',
    schema: EndSessionBody,
    handler: (ctx, body) => ctx.services.account.security.endSession(ctx.caller, body.id),
  }),
  defineRoute({
    path: AccountApi.exportData,
    auth: 'man',
    schema: Empty,
    handler: (ctx) => ctx.services.account.security.exportData(ctx.caller, ctx.session.idHash),
  }),
  defineRoute({
    path: AccountApi.deleteAccount,
    auth: 'man',
    schema: PasswordBody,
    async handler(ctx, body) {
      const answer = await ctx.services.account.security.deleteAccount(ctx.caller, body.password);
      ctx.clearSession();
      return answer;
    },
  }),
];
