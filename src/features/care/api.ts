/** Customer care calls (protocol/care/care.ts), the member's and the console's. */
import {
  CareApi,
  type CareCategory,
  type CareList,
  type CareStatus,
  type CareThread,
  type CareThreadSummary,
  type CareUploadAnswer,
} from '../../../protocol/care/care';
import { call } from '../../api/http';
import { uploadWithProgress } from '../../api/upload';

export const getCareList = () => call<CareList>(CareApi.list);
export const getCareThread = (threadId: number) => call<CareThread>(CareApi.thread, { thread_id: threadId });
export const uploadScreenshot = (file: Blob, onProgress?: (fraction: number) => void) =>
  uploadWithProgress<CareUploadAnswer>(CareApi.uploadScreenshot, file, onProgress);

export const createCareThread = (input: {
  subject: string;
  category: CareCategory;
  message: string;
  upload_id?: string;
}) => call<CareThread>(CareApi.create, input);

export const replyCare = (threadId: number, message: string, uploadId?: string) =>
  call<CareThread>(CareApi.reply, {
    thread_id: threadId,
    message,
    ...(uploadId ? { upload_id: uploadId } : {}),
  });

// The console (operators with the `support` role).
export const getCareQueue = (status: CareStatus | 'all') =>
  call<{ list: CareThreadSummary[] }>(CareApi.operatorList, { status });
export const getCareQueueThread = (threadId: number) =>
  call<CareThread>(CareApi.operatorThread, { thread_id: threadId });
export const answerCare = (threadId: number, message: string) =>
  call<CareThread>(CareApi.operatorReply, { thread_id: threadId, message });
export const closeCare = (threadId: number) =>
  call<CareThread>(CareApi.operatorClose, { thread_id: threadId });
