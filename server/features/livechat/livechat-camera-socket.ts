/** Her chat camera's socket requests (protocol/livechat/livechat-camera.ts), each through its schema. */
import { Errno, Messages } from '../../../protocol/errors';
import { LiveChatCameraRoute } from '../../../protocol/livechat/livechat-camera';
import {
  CameraAnswerBody,
  CameraChatBody,
  CameraLeaveBody,
  CameraOnBody,
} from '../../../protocol/livechat/livechat-camera-schemas';
import { ApiError } from '../../core/errors';
import type { SocketCaller } from '../../realtime/gateway';
import type { LiveChatCamera } from './livechat-camera';

type Route = (caller: SocketCaller, data: unknown) => Promise<unknown>;

function parse<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  data: unknown,
): T {
  const body = schema.safeParse(data ?? {});
  if (!body.success) throw new ApiError(Errno.INVALID_PARAMS, Messages.invalidParams);
  return body.data;
}

export function chatCameraSocketRoutes(camera: LiveChatCamera): Record<string, Route> {
  return {
    [LiveChatCameraRoute.on]: (caller, data) => {
      const body = parse(CameraOnBody, data);
      return camera.turnOn(caller, body.chat_id, body.sdp);
    },
    [LiveChatCameraRoute.off]: (caller, data) => camera.turnOff(caller, parse(CameraChatBody, data).chat_id),
    [LiveChatCameraRoute.watch]: (caller, data) => camera.watch(caller, parse(CameraChatBody, data).chat_id),
    [LiveChatCameraRoute.answer]: (caller, data) => {
      const body = parse(CameraAnswerBody, data);
      return camera.answer(caller, body.chat_id, body.viewer_id, body.sdp);
    },
    [LiveChatCameraRoute.leave]: (caller, data) => {
      const body = parse(CameraLeaveBody, data);
      return camera.leave(caller, body.chat_id, body.viewer_id);
    },
  };
}
