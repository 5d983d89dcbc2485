/** Schemas of the account calls (protocol/account/account.ts). */
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants';
import { text } from '../schema-parts';
import { EMAIL_MAX_LENGTH, NICKNAME_MAX_LENGTH } from './account';

/** Emails are kept and compared in lower case. */
export const email = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH)
  .regex(/^[^\s@]{1,64}@[^\s@]+\.[^\s@.]{2,}$/, 'please enter a valid email address')
  .transform((v) => v.toLowerCase());

/** A password as typed (the rules are checked by passwordProblem, with their own errnos). */
const password = text().min(1).max(PASSWORD_MAX_LENGTH);
/** A link's token: `<kind>.<expiry>.<random>.<signature>`, base64url parts. */
const token = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9._-]+$/, 'not a link token');

export const RegisterBody = z.object({
  email,
  password,
  nickname: text().trim().min(1).max(NICKNAME_MAX_LENGTH),
  /** 'YYYY-MM-DD'. */
  birthday: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD'),
  country: text().trim().min(1).max(64),
  challenge: z.string().trim().min(1).max(200),
  nonce: z.string().trim().min(1).max(32),
});
export const EmailBody = z.object({ email });
export const TokenBody = z.object({ token });
export const ResetPasswordBody = z.object({ token, password });
export const ChangeEmailBody = z.object({ email, password });
export const ChangePasswordBody = z.object({ old_password: password, password });
export const PasswordBody = z.object({ password });
export const EndSessionBody = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[a-f0-9]{16}$/, 'a device id'),
});
export type RegisterBody = z.infer<typeof RegisterBody>;
