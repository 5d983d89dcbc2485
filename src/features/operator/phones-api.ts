/** The local call center's phones (protocol CallCenterStandInApi): a `dev` operator's calls. */
import {
  CallCenterStandInApi,
  type StandInListenAnswer,
  type StandInPhone,
} from '../../../protocol/call-service/call-service';
import { call } from '../../api/http';

export const getPhones = async () => (await call<{ list: StandInPhone[] }>(CallCenterStandInApi.phones)).list;
export const answerPhone = (leg_id: string) => call(CallCenterStandInApi.answer, { leg_id });
export const pressKey = (leg_id: string, digit: string) =>
  call(CallCenterStandInApi.press, { leg_id, digit });
export const hangUpPhone = (leg_id: string) => call(CallCenterStandInApi.hangUp, { leg_id });
/** The phone's microphone offer out, the SFU's answer back. */
export const speak = async (leg_id: string, sdp: string) =>
  (await call<{ sdp: string }>(CallCenterStandInApi.speak, { leg_id, sdp })).sdp;
export const listen = (leg_id: string, from_leg_id: string) =>
  call<StandInListenAnswer>(CallCenterStandInApi.listen, { leg_id, from_leg_id });
export const hear = (viewer_id: string, sdp: string) => call(CallCenterStandInApi.hear, { viewer_id, sdp });
