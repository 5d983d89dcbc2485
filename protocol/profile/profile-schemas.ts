/** Request payloads of the profile and settings calls (protocol/profile/profile.ts, settings.ts). */
import { z } from 'zod';
import { flag, text, userid } from '../schema-parts';
import {
  CITY_MAX,
  COUNTRY_MAX,
  FIRSTNAME_MAX,
  HOBBIES_MAX,
  INTRODUCTION_MAX,
  LASTNAME_MAX,
  LIVING,
  MARRY,
} from './profile';
import { ALERT_CHANNELS, ALERT_KINDS } from './settings';

const line = (max: number) => text().trim().max(max);
const choice = (max: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,2}$/)
        .transform(Number),
    ])
    .pipe(z.number().int().min(0).max(max));

/** Hobbies as a list of ids, or comma-separated (forms); their range is checked by the service. */
const hobbies = z
  .union([z.array(z.union([z.number(), z.string()])), z.string()])
  .transform((v) =>
    (Array.isArray(v) ? v : v.split(','))
      .map((s) => String(s).trim())
      .filter(Boolean)
      .map(Number),
  )
  .pipe(z.array(z.number().int()).max(HOBBIES_MAX * 2));

/** Any subset of the fields; a field left out is left as it is. The birthday's rules are the service's. */
export const SaveMemberProfileBody = z.object({
  firstname: line(FIRSTNAME_MAX).optional(),
  lastname: line(LASTNAME_MAX).optional(),
  birthday: text().trim().max(10).optional(),
  country: line(COUNTRY_MAX).optional(),
  city: line(CITY_MAX).optional(),
  living: choice(LIVING.length).optional(),
  marry: choice(MARRY.length).optional(),
  introduction: text().trim().max(INTRODUCTION_MAX).optional(),
  hobbies: hobbies.optional(),
  /** The wizard step just finished (1..3), or none from the account page. */
  step: choice(3).optional(),
});
export type SaveMemberProfileBody = z.infer<typeof SaveMemberProfileBody>;

export const MemberProfileOtherBody = z.object({ manid: userid });

export const KeySwitchBody = z.object({ key: text().trim().min(1).max(64) });
export const ConstantInfoBody = z.object({
  key: z
    .union([z.array(text().trim().max(64)).max(50), text().max(2000)])
    .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean)),
});

const channel = z.enum(ALERT_CHANNELS);
export const SaveMemberSettingsBody = z.object({
  livechat_switch: flag.optional(),
  livechat_accept: flag.optional(),
  livechat_send: flag.optional(),
  hide_online: flag.optional(),
  hide_profile: flag.optional(),
  alert_invite: channel.optional(),
  alert_show: channel.optional(),
  alert_mail: channel.optional(),
  alert_online: channel.optional(),
});
export type SaveMemberSettingsBody = z.infer<typeof SaveMemberSettingsBody>;
export const ALERT_FIELDS = ALERT_KINDS.map((k) => `alert_${k}` as const);
