/**
 * The ICE servers a browser is given for a live room. STUN URLs go as they are; TURN URLs carry a
 * credential that expires (the TURN REST API convention coturn implements: the username is the
 * expiry time and the user, the password an HMAC of it with the server's shared secret), so a
 * leaked credential relays nothing for long.
 */
import { createHmac } from 'node:crypto';
import type { IceServerInfo } from '../../protocol/live/live';

export interface IceConfig {
  iceUrls: string[];
  turnSecret: string;
  turnTtlS: number;
}

export function iceServersFor(userid: string, config: IceConfig, nowMs = Date.now()): IceServerInfo[] {
  const stun = config.iceUrls.filter((url) => url.startsWith('stun'));
  const turn = config.iceUrls.filter((url) => url.startsWith('turn'));
  const servers: IceServerInfo[] = stun.length > 0 ? [{ urls: stun }] : [];
  if (turn.length > 0 && config.turnSecret) {
    const username = `${Math.floor(nowMs / 1000) + config.turnTtlS}:${userid}`;
    const credential = createHmac('sha1', config.turnSecret).update(username).digest('base64');
    servers.push({ urls: turn, username, credential });
  }
  return servers;
}
