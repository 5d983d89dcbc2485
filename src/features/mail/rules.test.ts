import { describe, expect, it } from 'vitest';
import { CLICK_TYPE, MailErrno, MailMessages, MediaErrno } from '../../../protocol/mail/mail';
import { addPhotoPrompt, dimensionsFit, leaveMessageText, payLabel, precheckPhoto, promptFor } from './rules';

const file = (type: string, size: number, name = 'a.jpg') => ({ type, size, name, lastModified: 1 });

describe('leave message', () => {
  it('strips leading white space and keeps at most 600 characters', () => {
    expect(leaveMessageText('  \n hello ')).toBe('hello ');
    expect(leaveMessageText('   ')).toBe('');
    expect(leaveMessageText('x'.repeat(700))).toHaveLength(600);
  });
});

describe('photo pre-checks', () => {
  it('answers the spec’s texts', () => {
    expect(precheckPhoto(file('application/pdf', 10), [])).toBe('Upload failed – unaccepted file format');
    expect(precheckPhoto(file('image/png', 5 * 1024 * 1024), [])).toBe('file size must less than 5M');
    expect(precheckPhoto(file('image/jpeg', 10), [{ fingerprint: 'a.jpg:10:1' }])).toBe(
      MailMessages.duplicatePhoto,
    );
    expect(precheckPhoto(file('image/jpeg', 10), [])).toBeUndefined();
  });
  it('takes sizes larger than 120 px and less than 3600 px', () => {
    expect(dimensionsFit(121, 3599)).toBe(true);
    expect(dimensionsFit(120, 500)).toBe(false);
    expect(dimensionsFit(500, 3600)).toBe(false);
  });
});

describe('purchase prompts', () => {
  it('opens a matching prompt for every code 17213..17222', () => {
    for (let code = 17213; code <= 17222; code++) expect(promptFor(code)?.message).toBeTruthy();
    expect(promptFor(MediaErrno.VIEW_NO_STAMPS_HAS_CREDITS)?.actions[0]).toBe('payWithCredits');
    expect(promptFor(MediaErrno.PLAY_NO_CREDITS_HAS_STAMPS)?.actions[0]).toBe('payWithStamps');
    expect(promptFor(MediaErrno.VIEW_EXPIRED)?.actions).toEqual([]);
    expect(promptFor(MediaErrno.PLAY_EXPIRED)?.title).toBe('Video expired');
    expect(promptFor(10001)).toBeUndefined();
  });
});

describe('paying the other way', () => {
  it('send and read shortfalls offer the other way, or buy stamps and add credits', () => {
    expect(promptFor(MailErrno.SEND_NO_STAMPS_HAS_CREDITS)?.actions).toEqual(['payWithCredits', 'buyStamps']);
    expect(promptFor(MailErrno.SEND_NO_CREDITS_HAS_STAMPS)?.actions).toEqual(['payWithStamps', 'addCredits']);
    expect(promptFor(MailErrno.READ_NO_STAMPS_HAS_CREDITS)?.actions).toEqual(['payWithCredits', 'buyStamps']);
    expect(promptFor(MailErrno.READ_NO_CREDITS_HAS_STAMPS)?.actions).toEqual(['payWithStamps', 'addCredits']);
    expect(promptFor(MailErrno.NO_MONEY_SEND)?.actions).toEqual(['buyStamps', 'addCredits']);
    expect(promptFor(MailErrno.SCHEDULE_NO_CREDIT)?.message).toBe(MailMessages.scheduleNoCredit);
  });

  it('adding a photo: fine while the chosen way covers it, else the matching prompt', () => {
    // 2 stamps, 1.00 credit; a mail with one photo is 2 units (2 stamps or 1.60 credits).
    const b = { credit: 1, poststamp: 2 };
    expect(addPhotoPrompt(b, 2, CLICK_TYPE.auto)).toBeUndefined();
    expect(addPhotoPrompt(b, 3, CLICK_TYPE.auto)?.message).toBe(MailMessages.addPhotosShort);
    expect(addPhotoPrompt({ credit: 5, poststamp: 2 }, 3, CLICK_TYPE.stamps)?.actions).toEqual([
      'payWithCredits',
      'buyStamps',
    ]);
    expect(addPhotoPrompt(b, 2, CLICK_TYPE.credits)?.actions).toEqual(['payWithStamps', 'addCredits']);
    // 1.05 credits kept for a schedule request's deposit.
    expect(addPhotoPrompt({ credit: 2.65, poststamp: 0 }, 2, CLICK_TYPE.auto, 1.05)).toBeUndefined();
    expect(addPhotoPrompt({ credit: 2.64, poststamp: 0 }, 2, CLICK_TYPE.auto, 1.05)?.actions).toEqual([
      'buyStamps',
      'addCredits',
    ]);
  });
});

describe('payLabel: one action with one price', () => {
  it('names post stamps while he holds enough, else credits', () => {
    expect(payLabel({ stamps: 1, credits: 80 }, 12)).toBe('1 stamp');
    expect(payLabel({ stamps: 2, credits: 160 }, 2)).toBe('2 stamps');
    expect(payLabel({ stamps: 2, credits: 160 }, 1)).toBe('1.60 credits');
    expect(payLabel({ stamps: 1, credits: 80 }, 0)).toBe('0.80 credits');
  });
});
