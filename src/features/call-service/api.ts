/** The member's call-service calls (paths and shapes in protocol/call-service/call-service.ts). */
import {
  type CallAnchorItem,
  type CallCounters,
  type CallOrder,
  CallServiceApi,
  type CallStatus,
  type CallType,
  type MakeCallAnswer,
  PHONE_TYPE_VERIFIED,
  type SendCallAnswer,
} from '../../../protocol/call-service/call-service';
import { call } from '../../api/http';

export const sendInstantCall = (anchorId: string) =>
  call<SendCallAnswer>(CallServiceApi.sendInstantCall, { anchor_id: anchorId });

export const sendScheduleCall = (anchorId: string, scheduledTime: number, message: string) =>
  call<SendCallAnswer>(CallServiceApi.sendScheduleCall, {
    anchor_id: anchorId,
    scheduled_time: scheduledTime,
    ...(message ? { message } : {}),
  });

export const addCallMessage = (refNo: string, message: string) =>
  call<unknown>(CallServiceApi.addMessage, { ref_no: refNo, message });

export const makeCall = (refNo: string, redial: boolean) =>
  call<MakeCallAnswer>(CallServiceApi.makeCall, {
    ref_no: refNo,
    phone_type: PHONE_TYPE_VERIFIED,
    redial: redial ? 1 : 0,
  });

export const confirmCall = (refNo: string) => call<CallStatus>(CallServiceApi.confirmCall, { ref_no: refNo });

export const getCallStatus = (refNo: string) =>
  call<CallStatus>(CallServiceApi.getCallStatus, { ref_no: refNo });

export const getCallList = async (type: CallType) =>
  (await call<{ list: CallOrder[] }>(CallServiceApi.callList, { call_type: type })).list;

export const getCallDetail = (refNo: string) => call<CallOrder>(CallServiceApi.callDetail, { ref_no: refNo });

export const getCallAnchors = async () =>
  (await call<{ list: CallAnchorItem[] }>(CallServiceApi.anchorList, {})).list;

/** Her free call times (seconds) for a scheduled call. */
export const getCallTimes = async (anchorId: string) =>
  (await call<{ times: number[] }>(CallServiceApi.callTimes, { anchor_id: anchorId })).times;

export const getCallCounters = () => call<CallCounters>(CallServiceApi.counters, {});
