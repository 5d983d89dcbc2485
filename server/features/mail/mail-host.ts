/**
 * Mail on the broadcaster's side: the letters members wrote her, opening one (a schedule request in
 * it can then be answered), and writing a mail (paid to read) or a greeting mail (free) to a member,
 * with demo media or her own uploads. The member's tabs hear of a new letter at once.
 */
import {
  MAIL_MAX_LENGTH,
  MAIL_PHOTO_PATH,
  MailErrno,
  MailEvent,
  MailMessages,
  type MailNotice,
} from '../../../protocol/mail/mail';
import { ApiError, forbidden, invalidParams, notFound } from '../../core/errors';
import { timedId } from '../../core/ids';
import type { Notifier } from '../../realtime/deliver';
import type { Db } from '../../storage/contract';
import type { BookingService } from '../bookings';
import type { LetterItem, MailFiles } from './mail-files';
import { type MailRecord, mailRepository } from './mail-repository';
import { letterGiftOf, mailSchedule, seconds } from './mail-views';

export interface LetterInput {
  manId: string;
  kind: 'emf' | 'loi';
  content: string;
  /** An item with an uploadId shows her upload (MailFiles.ladyUpload); without, the demo picture or clip. */
  media: (LetterItem & { is_free: boolean; describe: string })[];
  replyTo?: string;
}

export class MailHost {
  private readonly repo: ReturnType<typeof mailRepository>;

  constructor(
    private readonly deps: { db: Db; notifier: Notifier; files: MailFiles; bookings?: BookingService },
  ) {
    this.repo = mailRepository(deps.db);
  }

  /** She opens a member's mail to her: marks it read and answers the row as her list shows it. */
  async read(anchorId: string, emfId: string) {
    const mail = await this.repo.get(emfId);
    if (!mail || mail.anchorId !== anchorId || !mail.fromMember) throw notFound();
    await this.repo.markRead(emfId);
    const named = await this.repo.getWithMember(emfId);
    if (!named) throw notFound();
    return this.row(named, await this.repo.photosOf(emfId));
  }

  /** Her 50 latest letters, both ways. */
  async list(anchorId: string) {
    const rows = await this.repo.forAnchor(anchorId, 50);
    // The photos a member attached, so she sees his whole mail before answering.
    const photos = await Promise.all(rows.map((r) => (r.fromMember ? this.repo.photosOf(r.emfId) : [])));
    return { list: await Promise.all(rows.map((r, i) => this.row(r, photos[i] ?? []))) };
  }

  /**
   * She writes to a member, with demo media drawn by the server or photos and videos she uploaded
   * (the same picture at most once: 'already attached this photo'); his tabs get the notice with the
   * new unread count.
   */
  async send(anchorId: string, input: LetterInput, sentAt?: Date): Promise<{ emf_id: string }> {
    const content = input.content.trim();
    if (!content) throw new ApiError(MailErrno.BLANK, MailMessages.blank);
    if (content.length > MAIL_MAX_LENGTH) throw invalidParams('content');
    if (!(await this.repo.memberExists(input.manId))) throw notFound();
    const target = await this.repo.anchorTarget(anchorId);
    if (!target) throw forbidden();
    if (input.replyTo) {
      // An answer names a mail of this member to her.
      const original = await this.repo.get(input.replyTo);
      if (!original || original.anchorId !== anchorId || original.memberId !== input.manId) throw notFound();
    }
    const emfId = timedId(input.kind === 'emf' ? 'EMF' : 'LOI');
    await this.deps.files.attachUploads(anchorId, emfId, input.media, () =>
      this.write(emfId, anchorId, input, content, sentAt),
    );
    const num = await this.repo.unread(input.manId, input.kind);
    await this.deps.notifier.deliver(
      input.manId,
      input.kind === 'emf' ? MailEvent.emfNotice : MailEvent.loiNotice,
      {
        emf_id: emfId,
        anchor_id: anchorId,
        anchor_nickname: target.nickname,
        num,
      } satisfies MailNotice,
    );
    return { emf_id: emfId };
  }

  /** Her letter and its media rows, in one transaction. */
  private async write(emfId: string, anchorId: string, input: LetterInput, content: string, sentAt?: Date) {
    await this.deps.db.transaction(async (tx) => {
      const repo = mailRepository(tx);
      await repo.insertMail({
        emfId,
        kind: input.kind,
        memberId: input.manId,
        anchorId,
        fromMember: false,
        content,
        replyTo: input.replyTo ?? null,
        needsPay: input.kind === 'emf',
        sentAt,
      });
      await repo.insertMedia(
        emfId,
        input.media.map((m) => ({ isVideo: m.type === 'video', isFree: m.is_free, describe: m.describe })),
      );
    });
  }

  private async row(r: MailRecord, photos: string[]) {
    return {
      emf_id: r.emfId,
      kind: r.kind,
      man_id: r.memberId,
      man_nickname: r.anchorNickname,
      from_member: r.fromMember ? 1 : 0,
      content: r.content,
      send_time: seconds(r.sentAt),
      is_read: r.readAt ? 1 : 0,
      photos: photos.map((id) => `${MAIL_PHOTO_PATH}/${id}`),
      schedule: await mailSchedule(this.deps.bookings, r),
      gift: r.fromMember ? await letterGiftOf(this.deps.db, r.emfId) : null,
    };
  }
}
