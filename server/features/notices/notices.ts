/**
 * The notification centre (protocol/notices/notices.ts): its list with read marks, "Do not disturb
 * for an hour", and read marks that reach his other sockets at once. The automatic engines ask
 * `quietUntil` through the invitations' InviteGate (wired in server/app.ts).
 */
import { DND_MS, NOTICE_LIST_MAX, NoticeEvent, type NoticeList } from '../../../protocol/notices/notices';
import type { Notifier } from '../../realtime/deliver';
import type { Db } from '../../storage/contract';
import { type NoticesRepository, noticesRepository } from './notices-repository';

export interface NoticeDeps {
  db: Db;
  notifier: Notifier;
  now?: () => number;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

export class NoticeService {
  private readonly repo: NoticesRepository;

  constructor(private readonly deps: NoticeDeps) {
    this.repo = noticesRepository(deps.db);
  }

  private now() {
    return (this.deps.now ?? Date.now)();
  }

  /** When his do-not-disturb ends (ms; 0 when none). */
  async quietUntil(userid: string): Promise<number> {
    const until = (await this.repo.quietUntil(userid))?.getTime() ?? 0;
    return until > this.now() ? until : 0;
  }

  async list(userid: string): Promise<NoticeList> {
    const now = this.now();
    const [list, quiet] = await Promise.all([
      this.repo.list(userid, new Date(now), NOTICE_LIST_MAX),
      this.quietUntil(userid),
    ]);
    return { list, quiet_until: seconds(quiet) };
  }

  /** Do not disturb for an hour (60), or back on (0); every socket of his hears it. */
  async setQuiet(userid: string, minutes: 0 | 60): Promise<{ quiet_until: number }> {
    const until = minutes === 0 ? undefined : new Date(this.now() + DND_MS);
    await this.repo.setQuiet(userid, until);
    const answer = { quiet_until: until ? seconds(until.getTime()) : 0 };
    await this.deps.notifier.deliver(userid, NoticeEvent.quiet, answer);
    return answer;
  }

  /** These entries are read: stored, and pushed to his other sockets (the caller's too: harmless). */
  async markRead(userid: string, keys: string[]): Promise<{ keys: string[] }> {
    await this.repo.markRead(userid, keys, new Date(this.now()));
    await this.deps.notifier.deliver(userid, NoticeEvent.read, { keys });
    return { keys };
  }
}
