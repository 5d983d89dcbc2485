/** One-on-One booking calls (paths and shapes in protocol/bookings/booking.ts). */
import {
  BookingApi,
  type BookingInfo,
  type BookingItem,
  type BookingTip,
  type ScheduledInviteAnswer,
  type ScheduleListData,
  type SendBookingAnswer,
} from '../../../protocol/bookings/booking';
import { call } from '../../api/http';

export const getCreateBookingInfo = (anchorId: string, days?: number) =>
  call<BookingInfo>(BookingApi.manBookingInfo, { userid: anchorId, ...(days ? { days } : {}) });

export const getLadyBookingInfo = (memberId: string) =>
  call<BookingInfo>(BookingApi.ladyBookingInfo, { userid: memberId });

export interface PhoneFields {
  country: string;
  area_code: string;
  phone_no: string;
}

export const getPhoneVerifyCode = (phone: PhoneFields) =>
  call<unknown>(BookingApi.phoneVerifyCode, { ...phone });

export const submitPhoneVerifyCode = (phone: PhoneFields, code: string) =>
  call<PhoneFields>(BookingApi.submitPhoneVerifyCode, { ...phone, verify_code: code });

export interface BookingRequestFields {
  userid: string;
  book_time: number;
  time_id: string;
  giftid?: string;
  gift_num?: number;
  need_sms: 0 | 1;
}

export const sendScheduledBooking = (fields: BookingRequestFields) =>
  call<SendBookingAnswer>(BookingApi.sendBookingRequest, { ...fields });

export const scheduledInviteUser = (userId: string, bookTime: number, timeId: string) =>
  call<ScheduledInviteAnswer>(BookingApi.scheduledInviteUser, {
    user_id: userId,
    book_time: bookTime,
    time_id: timeId,
  });

export const cancelScheduledInvite = (inviteId: string) =>
  call<unknown>(BookingApi.cancelScheduledInvite, { invite_id: inviteId });

/** 1 accepts, 2 declines. */
export const handleBooking = (id: string, type: 1 | 2) =>
  call<unknown>(BookingApi.handleBooking, { invitation_id: id, type });

export const cancelBooking = (id: string) =>
  call<{ left_credit: number }>(BookingApi.cancelPrivateRequest, { invitation_id: id });

export const getScheduleList = () => call<ScheduleListData>(BookingApi.scheduleList, {});

export const getScheduleDetail = (id: string) =>
  call<BookingItem>(BookingApi.scheduleDetail, { invitation_id: id });

export const getLadyBookings = async () =>
  (await call<{ list: BookingItem[] }>(BookingApi.ladyBookings, {})).list;

export const getBookingTipsNum = async () => (await call<{ num: number }>(BookingApi.bookingTipsNum, {})).num;

export const getBookingTipsList = async () =>
  (await call<{ list: BookingTip[] }>(BookingApi.bookingTipsList, {})).list;
