/** Schemas of her chat camera's socket requests (protocol/livechat/livechat-camera.ts). */
import type { z } from 'zod';
import { sdp, viewerId } from '../live/live-schemas';
import { ChatIdBody } from './livechat-schemas';

export const CameraOnBody = ChatIdBody.extend({ sdp });
export const CameraAnswerBody = ChatIdBody.extend({ viewer_id: viewerId, sdp });
export const CameraLeaveBody = ChatIdBody.extend({ viewer_id: viewerId });
export const CameraChatBody: z.ZodType<{ chat_id: string }> = ChatIdBody;
