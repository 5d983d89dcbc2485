/**
 * Customer care (protocol/care/care.ts): a member's threads with the care team, and the `support`
 * operator's side. A thread that is not the caller's answers NOT_FOUND, as if it did not exist.
 */
import {
  CARE_ANSWER_EVENT,
  CARE_OPEN_MAX,
  type CareAnswerNotice,
  CareApi,
  type CareCategory,
  CareErrno,
  type CareList,
  CareMessages,
  type CareStatus,
  type CareThread,
  type CareThreadSummary,
  type CareUploadAnswer,
} from '../../../protocol/care/care';
import { Errno } from '../../../protocol/errors';
import { ApiError } from '../../core/errors';
import { timedId } from '../../core/ids';
import type { FileStore } from '../../files/index';
import type { Notifier } from '../../realtime/deliver';
import type { Db } from '../../storage/contract';
import { receiveImage } from '../mail';
import { type CareRepository, careRepository, type MessageRow, type ThreadRow } from './care-repository';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const LAST_TEXT_CHARS = 120;
/** A screenshot waits here, under its member, until a message names it. */
export const screenshotKey = (memberId: string, uploadId: string) => `care-uploads/${memberId}/${uploadId}`;
const notFound = () => new ApiError(Errno.NOT_FOUND, CareMessages.notFound);

export interface CareDeps {
  db: Db;
  files: FileStore;
  notifier: Pick<Notifier, 'deliver'>;
  /** Whether an account holds the `support` role (screenshots are shown to care). */
  isSupport(userid: string): boolean;
}

function summary(t: ThreadRow, withMember: boolean): CareThreadSummary {
  const out: CareThreadSummary = {
    thread_id: t.id,
    subject: t.subject,
    category: t.category,
    status: t.status,
    unread: t.memberUnread,
    last_text: t.lastText.slice(0, LAST_TEXT_CHARS),
    updated_at: seconds(t.updatedAt),
  };
  if (withMember) {
    out.member_id = t.memberId;
    out.member_nickname = t.memberNickname;
  }
  return out;
}

const message = (m: MessageRow) => ({
  id: m.id,
  author: m.author,
  body: m.body,
  screenshot_url: m.screenshotKey ? `${CareApi.screenshot}/${m.id}` : '',
  time: seconds(m.createdAt),
});

export class CareService {
  private readonly repo: CareRepository;

  constructor(private readonly deps: CareDeps) {
    this.repo = careRepository(deps.db);
  }

  get files(): FileStore {
    return this.deps.files;
  }

  async list(memberId: string): Promise<CareList> {
    const threads = await this.repo.threadsOf(memberId);
    return {
      list: threads.map((t) => summary(t, false)),
      unread: threads.reduce((n, t) => n + t.memberUnread, 0),
    };
  }

  async unread(memberId: string): Promise<{ unread: number }> {
    return { unread: await this.repo.unread(memberId) };
  }

  /** His thread with its messages; opening it reads care's answers. */
  async thread(memberId: string, threadId: number): Promise<CareThread> {
    const thread = await this.repo.thread(threadId);
    if (!thread || thread.memberId !== memberId) throw notFound();
    if (thread.memberUnread > 0) await this.repo.markRead(threadId);
    return this.full({ ...thread, memberUnread: 0 }, false);
  }

  async uploadScreenshot(memberId: string, body: AsyncIterable<Uint8Array>): Promise<CareUploadAnswer> {
    const uploadId = timedId('S');
    await receiveImage(this.deps.files, screenshotKey(memberId, uploadId), body);
    return { upload_id: uploadId };
  }

  async create(
    memberId: string,
    input: { subject: string; category: CareCategory; message: string; upload_id?: string | undefined },
  ): Promise<CareThread> {
    const shot = await this.screenshot(memberId, input.upload_id);
    const threadId = await this.deps.db.transaction(async (tx) => {
      const repo = careRepository(tx);
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('glimmer:care:' || $1))`, [memberId]);
      if ((await repo.openCount(memberId)) >= CARE_OPEN_MAX) {
        throw new ApiError(CareErrno.TOO_MANY_OPEN, CareMessages.tooManyOpen);
      }
      const id = await repo.createThread(memberId, input.subject, input.category);
      await repo.addMessage(id, 'member', input.message, shot, null);
      return id;
    });
    return this.thread(memberId, threadId);
  }

  /** His message in his thread: it waits for care again, whatever its status was. */
  async reply(
    memberId: string,
    input: { thread_id: number; message: string; upload_id?: string | undefined },
  ): Promise<CareThread> {
    const thread = await this.repo.thread(input.thread_id);
    if (!thread || thread.memberId !== memberId) throw notFound();
    const shot = await this.screenshot(memberId, input.upload_id);
    await this.deps.db.transaction(async (tx) => {
      const repo = careRepository(tx);
      await repo.addMessage(thread.id, 'member', input.message, shot, null);
      await repo.touch(thread.id, 'open', 0);
    });
    return this.thread(memberId, thread.id);
  }

  // ---- The care team's side (operators with the `support` role).

  async operatorList(status: CareStatus | 'all'): Promise<{ list: CareThreadSummary[] }> {
    return { list: (await this.repo.threadsByStatus(status)).map((t) => summary(t, true)) };
  }

  async operatorThread(threadId: number): Promise<CareThread> {
    const thread = await this.repo.thread(threadId);
    if (!thread) throw notFound();
    return this.full(thread, true);
  }

  /** Care's answer: the thread waits for him, and he is told at once. */
  async operatorReply(operatorId: string, threadId: number, text: string): Promise<CareThread> {
    const thread = await this.repo.thread(threadId);
    if (!thread) throw notFound();
    await this.deps.db.transaction(async (tx) => {
      const repo = careRepository(tx);
      await repo.addMessage(threadId, 'care', text, null, operatorId);
      await repo.touch(threadId, 'answered', 1);
    });
    const notice: CareAnswerNotice = { thread_id: threadId, unread: await this.repo.unread(thread.memberId) };
    await this.deps.notifier.deliver(thread.memberId, CARE_ANSWER_EVENT, notice);
    return this.operatorThread(threadId);
  }

  async operatorClose(threadId: number): Promise<CareThread> {
    const thread = await this.repo.thread(threadId);
    if (!thread) throw notFound();
    await this.repo.close(threadId);
    return this.operatorThread(threadId);
  }

  /** The stored key of a message's screenshot, if `userid` may see it (his own, or care). */
  async screenshotFor(userid: string, messageId: number): Promise<string | undefined> {
    const found = await this.repo.message(messageId);
    if (!found?.screenshotKey) return undefined;
    if (this.deps.isSupport(userid)) return found.screenshotKey;
    const thread = await this.repo.thread(found.threadId);
    return thread?.memberId === userid ? found.screenshotKey : undefined;
  }

  private async full(thread: ThreadRow, withMember: boolean): Promise<CareThread> {
    const messages = await this.repo.messages(thread.id);
    return {
      ...summary(thread, withMember),
      created_at: seconds(thread.createdAt),
      messages: messages.map(message),
    };
  }

  private async screenshot(memberId: string, uploadId: string | undefined): Promise<string | null> {
    if (!uploadId) return null;
    const key = screenshotKey(memberId, uploadId);
    if (!(await this.deps.files.exists(key))) {
      throw new ApiError(CareErrno.SCREENSHOT_GONE, CareMessages.screenshotGone);
    }
    return key;
  }
}
