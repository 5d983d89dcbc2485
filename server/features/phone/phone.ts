/**
 * Phone verification for booking SMS (spec 001 §4, §8, §9): a code goes to the number through the
 * SMS provider (never into an answer), one code per 30 s (10065), a 24-hour block after
 * PHONE_MAX_SENDS codes or PHONE_MAX_FAILURES wrong entries (10066), a number verified by anyone
 * already is refused (10064), a wrong or expired code is 10068. Each member's steps run under an
 * advisory lock, so a double click sends one code.
 */
import { createHash, randomInt } from 'node:crypto';
import {
  PHONE_BLOCK_S,
  PHONE_CODE_LENGTH,
  PHONE_CODE_TTL_S,
  PHONE_MAX_FAILURES,
  PHONE_MAX_SENDS,
  PHONE_RETRY_S,
} from '../../../protocol/bookings/booking';
import { Errno, Messages } from '../../../protocol/errors';
import { ApiError } from '../../core/errors';
import { phoneNumberOf, type SmsProvider } from '../../providers/sms/provider';
import type { Db } from '../../storage/contract';
import { type PhoneRecord, phonesRepository } from './phones-repository';

export interface PhoneInput {
  country: string;
  area_code: string;
  phone_no: string;
}

const normalArea = (a: string) => a.replace(/^\+/, '');
const hashOf = (userId: string, code: string) =>
  createHash('sha256').update(`${userId}:${code}`).digest('hex');
const fail = (errno: number, msg: string) => new ApiError(errno, msg);

export class PhoneService {
  constructor(
    private readonly db: Db,
    private readonly sms: SmsProvider,
    private readonly now: () => number = Date.now,
  ) {}

  verified(userId: string): Promise<PhoneRecord | undefined> {
    return phonesRepository(this.db).verified(userId);
  }

  /** POST /man/v1/getPhoneVerifyCode. */
  async requestCode(userId: string, input: PhoneInput): Promise<Record<string, never>> {
    const areaCode = normalArea(input.area_code);
    const code = Array.from({ length: PHONE_CODE_LENGTH }, () => randomInt(10)).join('');
    const now = this.now();
    await this.db
      .transaction(async (tx) => {
        const phones = phonesRepository(tx);
        await phones.lock(userId);
        if (await phones.ownerOf(areaCode, input.phone_no))
          throw fail(Errno.PHONE_TAKEN, Messages.phoneTaken);
        const prev = await phones.code(userId);
        if (prev?.blockedUntil && prev.blockedUntil.getTime() > now)
          throw fail(Errno.PHONE_BLOCKED, Messages.phoneBlocked);
        if (prev && prev.sentAt.getTime() > now - PHONE_RETRY_S * 1000)
          throw fail(Errno.PHONE_TOO_SOON, Messages.phoneTooSoon);
        const fresh = !prev || prev.windowStart.getTime() <= now - PHONE_BLOCK_S * 1000;
        const sends = fresh ? 1 : prev.sends + 1;
        // Only a member with an earlier code in this window can be past the limit.
        if (prev && sends > PHONE_MAX_SENDS) {
          await phones.saveCode(userId, { ...prev, blockedUntil: new Date(now + PHONE_BLOCK_S * 1000) });
          return 'blocked';
        }
        await phones.saveCode(userId, {
          country: input.country,
          areaCode,
          phoneNo: input.phone_no,
          codeHash: hashOf(userId, code),
          sentAt: new Date(now),
          expiresAt: new Date(now + PHONE_CODE_TTL_S * 1000),
          windowStart: fresh ? new Date(now) : prev.windowStart,
          sends,
          failures: fresh ? 0 : prev.failures,
          blockedUntil: null,
        });
        return 'send';
      })
      .then((outcome) => {
        // The block is recorded (committed) before it is answered.
        if (outcome === 'blocked') throw fail(Errno.PHONE_BLOCKED, Messages.phoneBlocked);
      });
    try {
      await this.sms.send({
        to: phoneNumberOf(areaCode, input.phone_no),
        userId,
        purpose: 'verify',
        body: `Your Glimmer verification code is ${code}. It expires in ${PHONE_CODE_TTL_S / 60} minutes.`,
      });
    } catch {
      throw fail(Errno.SERVER_ERROR, Messages.phoneSendFailed);
    }
    return {};
  }

  /** POST /man/v1/submitPhoneVerifyCode. */
  async submitCode(userId: string, input: PhoneInput & { verify_code: string }): Promise<PhoneInput> {
    const areaCode = normalArea(input.area_code);
    const now = this.now();
    const outcome = await this.db.transaction(async (tx) => {
      const phones = phonesRepository(tx);
      await phones.lock(userId);
      const c = await phones.code(userId);
      if (!c) return 'wrong';
      if (c.blockedUntil && c.blockedUntil.getTime() > now) return 'blocked';
      const samePhone = c.areaCode === areaCode && c.phoneNo === input.phone_no;
      if (!samePhone || c.expiresAt.getTime() <= now || c.codeHash !== hashOf(userId, input.verify_code)) {
        const failures = c.failures + 1;
        const blocked = failures >= PHONE_MAX_FAILURES;
        await phones.saveCode(userId, {
          ...c,
          failures,
          blockedUntil: blocked ? new Date(now + PHONE_BLOCK_S * 1000) : c.blockedUntil,
        });
        return blocked ? 'blocked' : 'wrong';
      }
      const owner = await phones.ownerOf(areaCode, input.phone_no);
      if (owner && owner !== userId) return 'taken';
      await phones.setVerified(userId, { country: input.country, areaCode, phoneNo: input.phone_no });
      await phones.deleteCode(userId);
      return 'ok';
    });
    if (outcome === 'blocked') throw fail(Errno.PHONE_BLOCKED, Messages.phoneBlocked);
    if (outcome === 'wrong') throw fail(Errno.PHONE_CODE_WRONG, Messages.phoneCodeWrong);
    if (outcome === 'taken') throw fail(Errno.PHONE_TAKEN, Messages.phoneTaken);
    return { country: input.country, area_code: areaCode, phone_no: input.phone_no };
  }
}
