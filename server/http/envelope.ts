/** Building answers: every API answer is {errno, errmsg, data}. */
import type { FastifyReply } from 'fastify';
import type { ApiAnswer } from '../../protocol/envelope';
import { Errno, Messages } from '../../protocol/errors';

export const ok = <T>(data: T): ApiAnswer<T> => ({ errno: Errno.OK, errmsg: '', data });
export const fail = (errno: number, errmsg: string): ApiAnswer<null> => ({ errno, errmsg, data: null });

/** Sends a failure; business errors keep HTTP 200 unless a status is given. */
export function sendFail(reply: FastifyReply, errno: number, errmsg: string, status = 200, data?: unknown) {
  const answer = data === undefined ? fail(errno, errmsg) : { ...fail(errno, errmsg), data };
  return reply.code(status).type('application/json; charset=utf-8').send(answer);
}

export const invalid = (detail: string) => `${Messages.invalidParams} (${detail})`;
