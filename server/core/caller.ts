/** Who calls: what every feature and the platform beneath them know of a signed-in caller. */
import type { Role } from '../../protocol/types';

/** Who is asking; follows only exist for members. */
export interface Caller {
  userid: string;
  role: Role;
}

/** What a socket token says: who, until when, for which session. */
export interface TokenClaims {
  userid: string;
  role: Role;
  /** Seconds since the epoch. */
  exp: number;
  /**
   * The id hash of the session that asked for the token: a socket logs in only while that session
   * lives, and a kick-off or a logout can tell its sockets apart.
   */
  sid: string;
}
