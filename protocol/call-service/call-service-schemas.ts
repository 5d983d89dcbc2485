/** The payload schemas of the call service's calls (protocol/call-service/call-service.ts). */
import { z } from 'zod';
import { sdp, viewerId } from '../live/live-schemas';
import { count, flag, text, userid } from '../schema-parts';
import { CALL_MESSAGE_MAX, PHONE_TYPE_VERIFIED } from './call-service';

/** A request's or an authorization's reference: CO… or CM… and letters and digits. */
export const refNo = z
  .string()
  .trim()
  .regex(/^C[OM][A-Za-z0-9]{6,40}$/, 'a call reference number');

/** Leading whitespace stripped (spec §5); the rest kept as typed. */
const message = text()
  .transform((v) => v.replace(/^\s+/, ''))
  .pipe(z.string().max(CALL_MESSAGE_MAX));

export const CallRefBody = z.object({ ref_no: refNo });
export const CallAnchorBody = z.object({ anchor_id: userid });
export const CallMessageBody = z.object({ ref_no: refNo, message: message.pipe(z.string().min(1)) });
export const ScheduleCallBody = z.object({
  anchor_id: userid,
  scheduled_time: count(Number.MAX_SAFE_INTEGER, 1),
  message: message.optional(),
});
export const MakeCallBody = z.object({
  ref_no: refNo,
  phone_type: count(PHONE_TYPE_VERIFIED, PHONE_TYPE_VERIFIED).default(PHONE_TYPE_VERIFIED),
  redial: flag.default(0),
});
export const CallListBody = z.object({ call_type: count(2, 1) });
export const CallMeListBody = z.object({
  status: z.enum(['all', 'waiting', 'success', 'revoked', 'declined']).default('all'),
});
export const AskCallMeBody = z.object({ man_id: userid, message: message.optional() });
/** Whole UTC hours, 0–23: comma-separated ('' for none) or repeated in a form, or a JSON list. */
const callHours = z
  .union([z.string(), z.array(z.union([z.string(), z.number()]))])
  .transform((v) => (Array.isArray(v) ? v.map(String) : v.split(',')).map((h) => h.trim()).filter(Boolean))
  .pipe(
    z
      .array(
        z
          .string()
          .regex(/^\d{1,2}$/, 'an hour 0–23')
          .transform(Number)
          .pipe(z.number().int().min(0).max(23)),
      )
      .max(24),
  );
export const CallSettingsBody = z.object({
  area_code: z
    .string()
    .trim()
    .regex(/^\+?\d{1,4}$/, 'a country calling code'),
  phone_no: z
    .string()
    .trim()
    .regex(/^\d{4,15}$/, 'a phone number of digits'),
  need_translator: flag,
  call_hours: callHours,
});
const legId = z.string().regex(/^L[A-Za-z0-9]{6,40}$/, 'a leg id');
export const StandInLegBody = z.object({ leg_id: legId });
export const StandInPressBody = z.object({ leg_id: legId, digit: z.string().regex(/^[0-9*#]$/, 'one key') });
/** A phone's microphone offer. */
export const StandInSpeakBody = z.object({ leg_id: legId, sdp });
/** A phone asks for the voice of another leg of its call. */
export const StandInListenBody = z.object({ leg_id: legId, from_leg_id: legId });
export const StandInHearBody = z.object({ viewer_id: viewerId, sdp });

/** Ours (call-me-extra.ts): he grants a broadcaster a call-me authorization himself. */
export const AddAuthorizationBody = z.object({ anchor_id: userid, message: message.optional() });
/** Ours (call-me-extra.ts): the kinds of call she takes. */
export const CallTakesBody = z.object({ call_instant: flag, call_schedule: flag });
