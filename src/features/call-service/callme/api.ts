/** The member's call-me calls (protocol/call-service: call-service.ts and call-me-extra.ts). */
import { CallMeExtraApi } from '../../../../protocol/call-service/call-me-extra';
import {
  type CallAnchorItem,
  type CallMeItem,
  type CallMeList,
  CallServiceApi,
} from '../../../../protocol/call-service/call-service';
import { call } from '../../../api/http';
import type { CallMeFilter } from './rules';

export const getCallMeList = (status: CallMeFilter = 'all') =>
  call<CallMeList>(CallServiceApi.callMeList, { status });

export const getCallMeDetail = (refNo: string) =>
  call<CallMeItem>(CallServiceApi.callMeDetail, { ref_no: refNo });

/** He accepts her invitation: she may call him, and his instant requests to her carry no fee. */
export const acceptCallMe = (refNo: string) =>
  call<CallMeItem>(CallServiceApi.acceptRequest, { ref_no: refNo });

export const declineCallMe = (refNo: string) =>
  call<CallMeItem>(CallServiceApi.declineRequest, { ref_no: refNo });

export const revokeAuthorization = (refNo: string) =>
  call<CallMeItem>(CallServiceApi.revokeAuthorization, { ref_no: refNo });

export const removeAuthorization = (refNo: string) =>
  call<CallMeItem>(CallServiceApi.removeAuthorization, { ref_no: refNo });

export const addAuthorization = (anchorId: string, message: string) =>
  call<CallMeItem>(CallMeExtraApi.addAuthorization, {
    anchor_id: anchorId,
    ...(message ? { message } : {}),
  });

/** The broadcasters who take calls: the ones he may authorize. */
export const getCallTakingAnchors = async () =>
  (await call<{ list: CallAnchorItem[] }>(CallServiceApi.anchorList, {})).list;
