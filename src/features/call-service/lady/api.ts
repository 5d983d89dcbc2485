/** Her call-service calls (protocol/call-service: call-service.ts and call-me-extra.ts). */
import {
  CallMeExtraApi,
  type CallTakes,
  type LadyCallMeItem,
} from '../../../../protocol/call-service/call-me-extra';
import {
  type CallOrder,
  CallServiceApi,
  type CallSettings,
  type MakeCallAnswer,
} from '../../../../protocol/call-service/call-service';
import { call } from '../../../api/http';

export const getLadyCallRequests = async () =>
  (await call<{ list: CallOrder[] }>(CallServiceApi.ladyRequests, {})).list;

export const acceptCallRequest = (refNo: string) =>
  call<CallOrder>(CallServiceApi.ladyAccept, { ref_no: refNo });

export const declineCallRequest = (refNo: string) =>
  call<CallOrder>(CallServiceApi.ladyDecline, { ref_no: refNo });

export const askCallMe = (manId: string, message: string) =>
  call<{ ref_no: string }>(CallServiceApi.ladyAskCallMe, { man_id: manId, ...(message ? { message } : {}) });

export const getLadyAuthorizations = async () =>
  (await call<{ list: LadyCallMeItem[] }>(CallMeExtraApi.ladyAuthorizations, {})).list;

export const callOnAuthorization = (refNo: string) =>
  call<MakeCallAnswer>(CallServiceApi.ladyCallOnAuthorization, { ref_no: refNo });

export const getCallSettings = () => call<CallSettings>(CallServiceApi.ladySettings, {});

export const saveCallSettings = (s: CallSettings) =>
  call<CallSettings>(CallServiceApi.ladySaveSettings, {
    area_code: s.area_code,
    phone_no: s.phone_no,
    need_translator: s.need_translator,
    call_hours: s.call_hours.join(','),
  });

export const getCallTakes = () => call<CallTakes>(CallMeExtraApi.ladyCallTakes, {});

export const saveCallTakes = (t: CallTakes) => call<CallTakes>(CallMeExtraApi.ladySaveCallTakes, { ...t });
