/** Safety's calls (protocol/safety/safety.ts): his blocks and reports, and the trust team's queue. */
import {
  type BlockedAnchor,
  SafetyApi,
  type SafetyReason,
  type SafetyReport,
  type SafetyStatus,
} from '../../../protocol/safety/safety';
import { call } from '../../api/http';

export const setBlock = (anchorId: string, block: boolean) =>
  call<{ anchor_id: string; block: 0 | 1 }>(SafetyApi.block, { anchor_id: anchorId, block: block ? 1 : 0 });
export const getBlockList = () => call<{ list: BlockedAnchor[] }>(SafetyApi.blockList);
export const getSafetyStatus = (anchorId: string) =>
  call<SafetyStatus>(SafetyApi.status, { anchor_id: anchorId });
export const sendReport = (anchorId: string, reason: SafetyReason, text: string) =>
  call<{ report_id: number }>(SafetyApi.report, { anchor_id: anchorId, reason, text });
export const getOpenReports = () => call<{ list: SafetyReport[] }>(SafetyApi.operatorReports);
export const handleReport = (reportId: number, note: string) =>
  call<{ report_id: number; status: 'handled' }>(SafetyApi.operatorHandle, { report_id: reportId, note });
