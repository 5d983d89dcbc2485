/**
 * Premium videos (protocol/premium-videos/premium-videos.ts has the rules): browsing, interest, buying once through
 * the ledger, who may watch, and the broadcaster's uploads, edits and deletions.
 */
import { ONLINE_STATUS_OFFLINE, ONLINE_STATUS_ONLINE } from '../../../protocol/constants';
import {
  ANCHOR_VIDEOS_MAX,
  type BuyVideoAnswer,
  type InterestedAnswer,
  type LadyPremiumVideo,
  type LadyVideoListData,
  PREMIUM_COVER_PATH,
  PREMIUM_PLAY_PATH,
  PREMIUM_TITLE_MAX,
  PREMIUM_VIDEO_LEDGER_REASON,
  PREMIUM_VIDEO_PRICE,
  PremiumErrno,
  PremiumMessages,
  type PremiumUploadAnswer,
  type PremiumVideo,
  type PremiumVideoDetailData,
  type PremiumVideoListData,
} from '../../../protocol/premium-videos/premium-videos';
import { ApiError, notFound as noSuchUser } from '../../core/errors';
import { timedId } from '../../core/ids';
import { deleteFile } from '../../files/images';
import type { FileStore } from '../../files/index';
import type { Notifier } from '../../realtime/deliver';
import type { Db } from '../../storage/contract';
import { receive, receiveImage, VIDEO } from '../mail';
import { creditOf, ledgerRepository, notifyCredit } from '../money';
import { type PremiumVideoRecord, premiumVideosRepository } from './premium-videos-repository';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
/** Her uploads live under her id, so a file id names a file only for the broadcaster who sent it. */
const fileKey = (anchorId: string, fileId: string) => `premium-videos/${anchorId}/${fileId}`;
const VIDEO_FILE = 'PVF';
const COVER_FILE = 'PVC';

const notFound = () => new ApiError(PremiumErrno.NOT_FOUND, PremiumMessages.notFound);

export interface PremiumVideoDeps {
  db: Db;
  files: FileStore;
  notifier: Notifier;
}

/** What the HTTP layer serves for a video's file or cover. */
export type PremiumFile = { kind: 'demo' } | { kind: 'stored'; key: string; size: number; mime: string };

export class PremiumVideoService {
  readonly files: FileStore;
  private readonly repo: ReturnType<typeof premiumVideosRepository>;

  constructor(private readonly deps: PremiumVideoDeps) {
    this.files = deps.files;
    this.repo = premiumVideosRepository(deps.db);
  }

  /** The spec's shape for `viewer` (a member, or the broadcaster herself). */
  private view(v: PremiumVideoRecord, viewer: string): PremiumVideo {
    const cover = `${PREMIUM_COVER_PATH}/${v.videoId}`;
    const mayWatch = v.bought || v.anchorId === viewer;
    return {
      video_id: v.videoId,
      anchor_id: v.anchorId,
      title: v.title,
      description: v.description,
      duration: v.duration,
      cover_url_png: cover,
      cover_url_gif: cover,
      anchor_nickname: v.anchorNickname,
      anchor_age: v.anchorAge,
      anchor_avatar_img: v.anchorPhotourl,
      online_status: v.anchorOnline ? ONLINE_STATUS_ONLINE : ONLINE_STATUS_OFFLINE,
      is_interested: v.interested ? 1 : 0,
      price: creditOf(v.price),
      is_bought: v.bought ? 1 : 0,
      video_url: mayWatch ? `${PREMIUM_PLAY_PATH}/${v.videoId}` : '',
      created: seconds(v.createdAt),
      is_deleted: v.deleted ? 1 : 0,
    };
  }

  /** Whether `viewer` may see the video at all: listed, or bought by him, or hers. */
  private visible(v: PremiumVideoRecord | undefined, viewer: string): v is PremiumVideoRecord {
    if (!v) return false;
    if (v.anchorId === viewer || v.bought) return true;
    return !v.deleted && !v.anchorSuspended;
  }

  private async visibleVideo(videoId: string, viewer: string): Promise<PremiumVideoRecord> {
    const v = await this.repo.get(videoId, viewer);
    if (!this.visible(v, viewer)) throw notFound();
    return v;
  }

  // ---- Members.

  async anchorVideoList(viewer: string, anchorId: string): Promise<PremiumVideoListData> {
    // An id that names no broadcaster is refused, not answered as an empty list.
    const [known] = await this.deps.db.query('SELECT 1 FROM anchors WHERE userid = $1', [anchorId]);
    if (!known) throw noSuchUser();
    const list = await this.repo.byAnchor(anchorId, viewer, ANCHOR_VIDEOS_MAX);
    return { list: list.map((v) => this.view(v, viewer)), total: list.length };
  }

  async videoList(viewer: string, start: number, step: number): Promise<PremiumVideoListData> {
    const { list, total } = await this.repo.listed(viewer, start, step);
    return { list: list.map((v) => this.view(v, viewer)), total };
  }

  async myVideoList(memberId: string, start: number, step: number): Promise<PremiumVideoListData> {
    const { list, total } = await this.repo.mine(memberId, start, step);
    return { list: list.map((v) => this.view(v, memberId)), total };
  }

  async detail(viewer: string, videoId: string): Promise<PremiumVideoDetailData> {
    return { video: this.view(await this.visibleVideo(videoId, viewer), viewer) };
  }

  /** addInterested / deleteInterested: the same answer however often it is called. */
  async setInterested(memberId: string, videoId: string, on: boolean): Promise<InterestedAnswer> {
    const v = await this.visibleVideo(videoId, memberId);
    // A deleted video he bought can lose his interest but not gain it.
    if (!(on && v.deleted)) await this.repo.setInterested(videoId, memberId, on);
    return { video_id: videoId, is_interested: on && !v.deleted ? 1 : 0 };
  }

  /**
   * Pays PREMIUM_VIDEO_PRICE once and unlocks the video for good. Concurrent calls meet at the
   * member's row lock in the ledger; the second finds the first's key and charges nothing.
   */
  async buy(memberId: string, videoId: string): Promise<BuyVideoAnswer> {
    const result = await this.deps.db.transaction(async (tx) => {
      const repo = premiumVideosRepository(tx);
      // Shared lock: buyers pass each other, and a deletion waits until the purchase is written.
      const v = await repo.get(videoId, memberId, { lock: true });
      if (!this.visible(v, memberId) || v.anchorId === memberId) throw notFound();
      if (v.bought) return { video: v, charged: false };
      if (!(await repo.memberMayBuy(memberId))) {
        throw new ApiError(PremiumErrno.NO_PRIVILEGE, PremiumMessages.noPrivilege);
      }
      const moved = await ledgerRepository(tx).move({
        userId: memberId,
        delta: -v.price,
        reason: PREMIUM_VIDEO_LEDGER_REASON,
        ref: videoId,
        payee: v.anchorId,
        key: `premium-video:${videoId}:${memberId}`,
      });
      if (moved.status === 'insufficient') {
        throw new ApiError(PremiumErrno.NO_CREDIT, PremiumMessages.noCredit);
      }
      await repo.insertPurchase(videoId, memberId, v.price);
      return { video: { ...v, bought: true }, charged: moved.status === 'moved' };
    });
    const [member] = await this.deps.db.query<{ credit: unknown }>(
      'SELECT credit FROM members WHERE userid = $1',
      [memberId],
    );
    const balance = Number(member?.credit ?? 0);
    if (result.charged) await notifyCredit(this.deps.notifier, memberId, balance);
    return {
      video: this.view(result.video, memberId),
      credit: creditOf(balance),
      charged: result.charged ? 1 : 0,
    };
  }

  // ---- Files.

  /** The video's bytes for `viewer`, or undefined (the route answers 404): a buyer or its broadcaster. */
  async playable(viewer: string, videoId: string): Promise<PremiumFile | undefined> {
    const v = await this.repo.get(videoId, viewer);
    if (!v || !(v.bought || v.anchorId === viewer)) return undefined;
    return this.fileOf(v.fileKey, v.isDemo);
  }

  /** The cover for whoever may see the video; a demo video's is drawn (with its title). */
  async cover(
    viewer: string,
    videoId: string,
  ): Promise<PremiumFile | { kind: 'drawn'; title: string } | undefined> {
    const v = await this.repo.get(videoId, viewer);
    if (!this.visible(v, viewer)) return undefined;
    if (v.isDemo) return { kind: 'drawn', title: v.title };
    return this.fileOf(v.coverKey, false);
  }

  private async fileOf(key: string | null, isDemo: boolean): Promise<PremiumFile | undefined> {
    if (isDemo || !key) return isDemo ? { kind: 'demo' } : undefined;
    const stored = await this.files.exists(key);
    if (!stored) return undefined;
    return { kind: 'stored', key, size: stored.size, mime: stored.contentType ?? 'application/octet-stream' };
  }

  // ---- Broadcasters.

  /** Her video or cover, checked by content (VIDEO / PHOTO rules) as it streams into the store. */
  async upload(
    anchorId: string,
    kind: 'video' | 'cover',
    body: AsyncIterable<Uint8Array>,
  ): Promise<PremiumUploadAnswer> {
    const fileId = timedId(kind === 'video' ? VIDEO_FILE : COVER_FILE);
    const key = fileKey(anchorId, fileId);
    const received =
      kind === 'video'
        ? await receive(this.files, key, body, VIDEO)
        : await receiveImage(this.files, key, body);
    return { file_id: fileId, mime: received.info.mime, bytes: received.bytes };
  }

  async ladyVideoList(anchorId: string): Promise<LadyVideoListData> {
    const list = await this.repo.ofLady(anchorId);
    return {
      list: list.map(
        (v): LadyPremiumVideo => ({
          video_id: v.videoId,
          title: v.title,
          description: v.description,
          duration: v.duration,
          cover_url_png: `${PREMIUM_COVER_PATH}/${v.videoId}`,
          video_url: `${PREMIUM_PLAY_PATH}/${v.videoId}`,
          price: creditOf(v.price),
          interest_count: v.interestCount,
          purchase_count: v.purchaseCount,
          created: seconds(v.createdAt),
        }),
      ),
    };
  }

  private checkTitle(title: string) {
    if (!title || title.length > PREMIUM_TITLE_MAX) {
      throw new ApiError(PremiumErrno.BAD_TITLE, PremiumMessages.badTitle);
    }
  }

  /** Lists a video from two of her uploads: a video file and a cover picture, each used once. */
  async add(
    anchorId: string,
    input: { videoFileId: string; coverFileId: string; title: string; description: string; duration: number },
  ): Promise<{ video: PremiumVideo }> {
    this.checkTitle(input.title);
    const badFile = () => new ApiError(PremiumErrno.BAD_FILE, PremiumMessages.badFile);
    if (!input.videoFileId.startsWith(VIDEO_FILE) || !input.coverFileId.startsWith(COVER_FILE))
      throw badFile();
    const videoKey = fileKey(anchorId, input.videoFileId);
    const coverKey = fileKey(anchorId, input.coverFileId);
    const [video, cover] = await Promise.all([this.files.exists(videoKey), this.files.exists(coverKey)]);
    if (!video || !cover) throw badFile();
    const videoId = timedId('PV');
    await this.deps.db.transaction(async (tx) => {
      const repo = premiumVideosRepository(tx);
      if ((await repo.keyUsed(videoKey)) || (await repo.keyUsed(coverKey))) throw badFile();
      await repo.insert({
        videoId,
        anchorId,
        title: input.title,
        description: input.description,
        duration: input.duration,
        fileKey: videoKey,
        coverKey,
        isDemo: false,
        price: PREMIUM_VIDEO_PRICE,
      });
    });
    return this.detail(anchorId, videoId);
  }

  async edit(anchorId: string, videoId: string, title: string, description: string) {
    this.checkTitle(title);
    if (!(await this.repo.edit(videoId, anchorId, title, description))) throw notFound();
    return this.detail(anchorId, videoId);
  }

  /**
   * Deletes her video for new buyers. Its buyers keep it (they paid for it for good); a video nobody
   * bought leaves the store too.
   */
  async remove(anchorId: string, videoId: string): Promise<{ video_id: string; buyers: number }> {
    const v = await this.repo.get(videoId, anchorId);
    const buyers = await this.repo.markDeleted(videoId, anchorId);
    if (!v || buyers === undefined) throw notFound();
    if (buyers === 0 && !v.isDemo) {
      for (const key of [v.fileKey, v.coverKey]) if (key) await deleteFile(this.files, key);
    }
    return { video_id: videoId, buyers };
  }
}
