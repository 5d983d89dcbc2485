/**
 * The local call center's phones (/dev/, protocol CallCenterStandInApi): one table, each row a path,
 * its payload and what it asks of the stand-in. Every row is a `dev` operator's call, checked once
 * by the route plumbing (session and role) behind the development tools' guard (server/http/dev-tools.ts:
 * development tools on, else the 404 of an address that does not exist). Without the stand-in (a
 * real center, production) each answers that same 404.
 */
import type { z } from 'zod';
import { CallCenterStandInApi } from '../../../protocol/call-service/call-service';
import {
  StandInHearBody,
  StandInLegBody,
  StandInListenBody,
  StandInPressBody,
  StandInSpeakBody,
} from '../../../protocol/call-service/call-service-schemas';
import { Empty } from '../../../protocol/schemas';
import type { Caller } from '../../core/caller';
import { notFound } from '../../core/errors';
import { type ApiRoute, defineRoute } from '../../http/route';
import type { LocalCallCenter } from './call-center';
import type { StandInAudio } from './stand-in-audio';

interface StandIn {
  center: LocalCallCenter;
  audio: StandInAudio | undefined;
  caller: Caller;
}

/** One row: the stand-in's answer, or false for "no such phone" (a 404). */
function standInRoute<S extends z.ZodType>(
  path: string,
  schema: S,
  act: (standIn: StandIn, body: z.output<S>) => Promise<unknown>,
): ApiRoute {
  return defineRoute({
    path,
    auth: 'operator',
    operatorRole: 'dev',
    schema,
    async handler(ctx, body) {
      const { standIn: center, standInAudio: audio } = ctx.services.calls;
      if (!center) throw notFound();
      const answer = await act({ center, audio, caller: ctx.caller }, body);
      if (answer === false) throw notFound();
      return answer === true ? {} : answer;
    },
  });
}

/** The phones' voices need the SFU: without it they are not there. */
const audioOf = (s: StandIn): StandInAudio => {
  if (!s.audio) throw notFound();
  return s.audio;
};

export const standInRoutes: ApiRoute[] = [
  standInRoute(CallCenterStandInApi.phones, Empty, async (s) => ({ list: s.center.phones() })),
  standInRoute(CallCenterStandInApi.answer, StandInLegBody, (s, b) => s.center.answer(b.leg_id)),
  standInRoute(CallCenterStandInApi.press, StandInPressBody, (s, b) => s.center.press(b.leg_id, b.digit)),
  standInRoute(CallCenterStandInApi.hangUp, StandInLegBody, (s, b) => s.center.hangUpLeg(b.leg_id)),
  standInRoute(CallCenterStandInApi.speak, StandInSpeakBody, (s, b) => audioOf(s).speak(b.leg_id, b.sdp)),
  standInRoute(CallCenterStandInApi.listen, StandInListenBody, (s, b) =>
    audioOf(s).listen(s.caller.userid, b.leg_id, b.from_leg_id),
  ),
  standInRoute(CallCenterStandInApi.hear, StandInHearBody, (s, b) => audioOf(s).hear(b.viewer_id, b.sdp)),
];
