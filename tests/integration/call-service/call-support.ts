/** What the call-service tests share: a server on a hand-moved clock, members who may call, answers kept. */
import {
  type CallOrder,
  CallServiceApi,
  type SendCallAnswer,
  type StandInPhone,
} from '../../../protocol/call-service/call-service';
import type { LocalCallCenter } from '../../../server/features/call-service';
import { type Client, startServer, type TestServer } from '../harness';
import { liveTestConfig, membersLikeM1001 } from '../live/live-support';

export interface CallWorld {
  server: TestServer;
  /** The clock's offset from real time (ms): tests move it on. */
  move(ms: number): void;
  /** The server's clock now (ms). */
  now(): number;
  /** Every answer body any call gave, as text (the private numbers must be in none). */
  answers: string[];
  /** A new member like M1001 (10.00 credits, every privilege) with a verified phone. */
  member(id: string): Promise<Client>;
  lady(id: string): Promise<Client>;
  standIn: LocalCallCenter;
  /** The errno of a call, its body kept. */
  errno(client: Client, path: string, fields?: Record<string, string | number>): Promise<number>;
  call<T>(client: Client, path: string, fields?: Record<string, string | number>): Promise<T>;
  /** He sends an instant request to her and she accepts it. */
  accepted(member: Client, lady: Client, anchorId: string): Promise<string>;
  /** The phone ringing or answered for `owner` (throws when there is none). */
  phoneOf(owner: string): StandInPhone;
  hundredths(userid: string): Promise<number>;
  /** The ledger rows about a request: [delta, reason]. */
  moves(refNo: string): Promise<[number, string][]>;
  close(): Promise<void>;
}

export async function callWorld(): Promise<CallWorld> {
  let offset = 0;
  const server = await startServer({ config: { live: liveTestConfig(() => Date.now() + offset) } });
  const answers: string[] = [];
  const standIn = server.services.calls.standIn;
  if (!standIn) throw new Error('the local call center is off');
  const ladies = new Map<string, Client>();
  let phone = 0;
  const world: CallWorld = {
    server,
    move: (ms) => {
      offset += ms;
    },
    now: () => Date.now() + offset,
    answers,
    standIn,
    async member(id) {
      await membersLikeM1001(server, [id]);
      phone++;
      await server.db.query(
        `INSERT INTO member_phones (user_id, country, area_code, phone_no) VALUES ($1, 'United Kingdom', '44', $2)`,
        [id, `77009${String(phone).padStart(5, '0')}`],
      );
      return server.loginAs(id);
    },
    async lady(id) {
      let client = ladies.get(id);
      if (!client) {
        client = await server.loginAs(id);
        ladies.set(id, client);
      }
      return client;
    },
    async errno(client, path, fields = {}) {
      const answer = await client.form(path, fields);
      answers.push(JSON.stringify(answer.body));
      return answer.body.errno;
    },
    async call<T>(client: Client, path: string, fields: Record<string, string | number> = {}) {
      const answer = await client.form<T>(path, fields);
      answers.push(JSON.stringify(answer.body));
      if (answer.body.errno !== 0)
        throw new Error(`${path} failed: ${answer.body.errno} ${answer.body.errmsg}`);
      return answer.body.data;
    },
    async accepted(member, lady, anchorId) {
      const sent = await world.call<SendCallAnswer>(member, CallServiceApi.sendInstantCall, {
        anchor_id: anchorId,
      });
      await world.call<CallOrder>(lady, CallServiceApi.ladyAccept, { ref_no: sent.ref_no });
      return sent.ref_no;
    },
    phoneOf(owner) {
      const found = standIn.phoneOf(owner);
      if (!found) throw new Error(`no phone of ${owner} rings`);
      return found;
    },
    async hundredths(userid) {
      const [row] = await server.db.query<{ credit: unknown }>(
        'SELECT credit FROM members WHERE userid = $1',
        [userid],
      );
      return Number(row?.credit);
    },
    async moves(refNo) {
      const rows = await server.db.query<{ delta: unknown; reason: string }>(
        'SELECT delta, reason FROM ledger WHERE ref = $1 ORDER BY id',
        [refNo],
      );
      return rows.map((r) => [Number(r.delta), r.reason]);
    },
    close: () => server.close(),
  };
  return world;
}
