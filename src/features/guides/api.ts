/** The guides' and the session's small calls (paths and shapes in protocol/guides/guides.ts). */
import {
  type ActivityTimeData,
  REPORT_SERVICE_SOCKET,
  SiteApi,
  type SpeedTestData,
} from '../../../protocol/guides/guides';
import { MailApi } from '../../../protocol/mail/mail-api';
import { Api } from '../../../protocol/paths';
import type { UserConfig } from '../../../protocol/types';
import { call } from '../../api/http';

export const agreeProvision = () => call<UserConfig>(Api.agreeProvision, {});
/** After the terms: the guides are armed (the mail guide shows on his first compose). */
export const setGuideMail = () => call<UserConfig>(MailApi.setGuideMail, {});
export const getActivityTime = () => call<ActivityTimeData>(SiteApi.getActivityTime, {});
/** The speed test's probe: its round trip is what is measured. */
export const speedProbe = () => call<{ pong: number }>(SiteApi.speedTestProbe, {}, { renewSession: false });
export const speedResult = (sid: string, res: number, userid: string) =>
  call<SpeedTestData>(SiteApi.speedTestResult, { sid, res, userid }, { renewSession: false });
export const reportSocketError = (userid: string) =>
  call<{ recorded: number }>(
    `${SiteApi.reportResult}?user_id=${encodeURIComponent(userid)}`,
    { service: REPORT_SERVICE_SOCKET, user_id: userid, user_agent: navigator.userAgent.slice(0, 512) },
    { renewSession: false, keepalive: true },
  );
