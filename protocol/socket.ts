/** The realtime socket's message shapes and route names (spec 000 §7, 001 §4, 002 §7). */

/** Sent by either side; a request that wants an answer carries an id. */
export interface SocketRequest<T = unknown> {
  id: number;
  route: string;
  req_data: T;
}

/** The answer to a request, with the same id and route. */
export interface SocketResponse<T = unknown> {
  id: number;
  route: string;
  res_data: T;
  errno: number;
  errmsg: string;
}

export const SocketRoute = {
  login: 'imLogin/login',
  heartbeat: 'imShare/heartbeat',
  kickoff: 'imShare/kickoff',
  creditNotice: 'imShare/creditNotice',
  /** Ours: a tab reports whether it is visible, so push skips members looking at the app. */
  visibility: 'imShare/visibility',
} as const;

export interface SocketLoginData {
  token: string;
  page_name: string;
}

/** imLogin/login answer. */
export interface SocketLoginResult {
  userid: string;
  role: 'man' | 'lady';
}

/** imShare/visibility request (ours): 1 when the tab is visible, 0 when hidden. */
export interface SocketVisibilityData {
  visible: 0 | 1;
}
