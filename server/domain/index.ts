/** Every domain service, built once per process from the repositories and the realtime plumbing. */

import { fileURLToPath } from 'node:url';
import type { AppConfig } from '../../protocol/types';
import type { Config } from '../config';
import { createFileStore } from '../files';
import { LocalFaceCheck } from '../identity/local-face-check';
import { createEmbeddedSfu } from '../live/embedded-sfu';
import { createJanusSfu } from '../live/janus-sfu';
import type { Sfu } from '../live/sfu';
import { loadClip, type Vp8Clip } from '../live/vp8-clip';
import { paymentProviders } from '../payments';
import { LocalSmsOutbox } from '../sms/outbox';
import type { SmsProvider } from '../sms/provider';
import type { Db } from '../storage/contract';
import type { StorageRepositories } from '../storage/repositories';
import { aroundRepository } from '../storage/repositories/around';
import { sayHiRepository } from '../storage/repositories/sayhi';
import { AlbumService } from './albums';
import { AnchorService } from './anchors';
import { AroundService } from './around';
import { BookingInvites } from './booking-invites';
import { BookingPages } from './booking-pages';
import { BookingService } from './bookings';
import { appConfig, GiftService } from './catalogue';
import { ContactService } from './contacts';
import { FaceIdService } from './face-id';
import { HangoutService } from './hangouts';
import { HistoryService } from './histories';
import { InvitationService, type RealtimeDeps } from './invitations';
import { LiveService } from './live';
import { LiveHistoryService } from './live-history';
import { LiveChatService } from './livechat';
import { LiveChatCamera } from './livechat-camera';
import { LiveChatInvites } from './livechat-invites';
import { LiveChatPanel } from './livechat-panel';
import { LoginGuard } from './login-guard';
import { MailService } from './mail';
import { MailFiles } from './mail-files';
import { MailHost } from './mail-host';
import { MessageService } from './messages';
import { PaymentService } from './payments';
import { PhoneService } from './phone';
import { PremiumVideoService } from './premium-videos';
import { RequestService } from './requests';
import { SayHiService } from './sayhi';
import { SessionService } from './session';
import { ShotService } from './shots';
import { ShowService } from './shows';
import { StampService } from './stamps';
import { TokenService } from './tokens';
import { UserService } from './users';
import { VoucherService } from './vouchers';

export interface Services {
  sessions: SessionService;
  /** Login throttling and the unlock code of a locked account. */
  loginGuard: LoginGuard;
  tokens: TokenService;
  anchors: AnchorService;
  /** Around the profile: her friends, recommendations, relations, banners. */
  around: AroundService;
  users: UserService;
  gifts: GiftService;
  invitations: InvitationService;
  requests: RequestService;
  /** Scheduled One-on-One bookings, phone verification and the SMS provider. */
  bookings: BookingService;
  phones: PhoneService;
  sms: SmsProvider;
  /** Her scheduled One-on-One invitations: sending (daily quota) and cancelling. */
  bookingInvites: BookingInvites;
  /** What the booking pages read: the popup's slots, the lists, one booking, the tips. */
  bookingPages: BookingPages;
  shows: ShowService;
  vouchers: VoucherService;
  /** Live chat (Chat Now) and its side calls (tickets, vouchers, contacts). */
  livechat: LiveChatService;
  livechatPanel: LiveChatPanel;
  /** The live-chat engine's invitations (hand and automatic). */
  livechatInvites: LiveChatInvites;
  /** Private messages, Intimacy, contacts. */
  messages: MessageService;
  /** A member's contacts and follows, Intimacy Level, emoticons. */
  contacts: ContactService;
  /** Say Hi. */
  sayHi: SayHiService;
  /** A member's mail and greeting mail, and what he pays to read them, open their media and write. */
  mail: MailService;
  /** A broadcaster's mail: the letters to her, and hers to members. */
  mailHost: MailHost;
  /** Mail's uploaded photos and videos, and who may see which. */
  mailFiles: MailFiles;
  /** Post stamps: packs, buying, history. */
  stamps: StampService;
  /** Live rooms and their media (the SFU). */
  live: LiveService;
  /** Hang-out rooms: a member with a broadcaster and her friends on camera (the same SFU). */
  hangouts: HangoutService;
  /** The member's past One-on-One sessions and their cost. */
  liveHistory: LiveHistoryService;
  /** The member's credit and chat-minute histories. */
  histories: HistoryService;
  /** The broadcaster's face-ID check before going live, and its local stand-in provider. */
  faceId: FaceIdService;
  faceCheck: LocalFaceCheck | undefined;
  /** Buying credits: orders, the providers' checkouts and their webhooks. */
  payments: PaymentService;
  /** Premium videos: browsing, interest, buying once, and her uploads. */
  premiumVideos: PremiumVideoService;
  /** Her album: My Photos and My Videos. */
  albums: AlbumService;
  /** Her shots (posts), likes, and the shot a comment is about. */
  shots: ShotService;
  appConfig: AppConfig;
}

export function createServices(
  repos: StorageRepositories,
  config: Config,
  rt: RealtimeDeps,
  db?: Db,
): Services {
  if (!db) throw new Error('createServices: the database handle is needed for bookings');
  const sayHis = sayHiRepository(db);
  const anchors = new AnchorService(repos, async (memberId, anchorId) =>
    Boolean(await sayHis.existing(memberId, anchorId)),
  );
  const invitations = new InvitationService(repos, rt);
  // The local outbox is the embedded SMS provider (server/sms/); a real gateway would go here.
  const sms: SmsProvider = new LocalSmsOutbox(db, config.quiet ? () => undefined : undefined);
  const phones = new PhoneService(db, sms);
  const bookings = new BookingService(db, repos, rt, invitations, phones);
  const mailFiles = new MailFiles(db, createFileStore(config));
  const loginGuard = new LoginGuard(repos, db, sms);
  // The local face check stands in for an identity provider wherever development tools are on.
  const faceCheck = config.devTools ? new LocalFaceCheck(db) : undefined;
  const faceId = new FaceIdService(db, faceCheck, config.live.now);
  const vouchers = new VoucherService(repos.vouchers, rt.notifier);
  const livechat = new LiveChatService({
    db,
    repos,
    notifier: rt.notifier,
    presence: rt.presence,
    vouchersChanged: (userid) => vouchers.changed(userid),
    tickMs: config.live.tickMs,
    now: config.live.now,
    devTools: config.devTools,
  });
  // One SFU for the live rooms and live chat's camera (one media path).
  const sfu = createSfu(config.live);
  livechat.camera = new LiveChatCamera({
    db,
    repos,
    sfu,
    ice: config.live,
    notifier: rt.notifier,
    chats: livechat,
    faceVerified: (anchorId) => faceId.verified(anchorId),
  });
  const shots = new ShotService({ db, repos, files: createFileStore(config) });
  return {
    sessions: new SessionService(repos, loginGuard, rt.notifier),
    loginGuard,
    tokens: new TokenService(repos),
    anchors,
    around: new AroundService(repos, aroundRepository(db)),
    users: new UserService(repos, anchors, config.moneyType),
    gifts: new GiftService(repos),
    invitations,
    requests: new RequestService(repos, rt, invitations),
    bookings,
    phones,
    sms,
    bookingInvites: new BookingInvites(db, repos, rt),
    bookingPages: new BookingPages(db, repos, phones),
    shows: new ShowService(repos, rt),
    vouchers,
    messages: new MessageService(repos, rt, config.robotReplies, shots),
    contacts: new ContactService(repos),
    sayHi: new SayHiService({ db, notifier: rt.notifier, autoReplyMs: config.sayHiAutoReplyMs }),
    mail: new MailService({ db, notifier: rt.notifier, bookings }),
    mailHost: new MailHost({ db, notifier: rt.notifier, files: mailFiles, bookings }),
    mailFiles,
    stamps: new StampService({ db, notifier: rt.notifier }),
    faceId,
    faceCheck,
    liveHistory: new LiveHistoryService(db),
    histories: new HistoryService(db),
    live: new LiveService({
      repos,
      db,
      faceVerified: (anchorId) => faceId.verified(anchorId),
      vouchersChanged: (userid) => vouchers.changed(userid),
      tickMs: config.live.tickMs,
      now: config.live.now,
      resumeGraceMs: config.live.resumeGraceMs,
      sfu,
      notifier: rt.notifier,
      presence: rt.presence,
      ice: config.live,
      demoClip: config.live.demoStreams ? demoClip : undefined,
    }),
    hangouts: new HangoutService({
      db,
      repos,
      sfu,
      notifier: rt.notifier,
      presence: rt.presence,
      ice: config.live,
      faceVerified: (anchorId) => faceId.verified(anchorId),
      now: config.live.now,
    }),
    payments: new PaymentService({
      db,
      notifier: rt.notifier,
      providers: paymentProviders(config, db),
      log: config.quiet ? () => undefined : (message) => console.warn(message),
    }),
    // Her album's uploads go to the configured file store, as mail's do.
    albums: new AlbumService({ db, repos, files: createFileStore(config) }),
    premiumVideos: new PremiumVideoService({ db, notifier: rt.notifier, files: createFileStore(config) }),
    shots,
    livechat,
    livechatPanel: new LiveChatPanel(db, repos, livechat),
    livechatInvites: new LiveChatInvites(db, repos, rt),
    appConfig: appConfig(config),
  };
}

/** LIVE_SFU: the SFU in this process, or rooms placed on the Janus instances. */
function createSfu(live: Config['live']): Sfu {
  const iceServers = live.iceUrls.filter((url) => url.startsWith('stun')).map((urls) => ({ urls }));
  if (live.sfu === 'janus') return createJanusSfu({ urls: live.janusUrls, iceServers });
  return createEmbeddedSfu({ iceServers });
}

let clip: Vp8Clip | undefined;
/** The demo broadcasters' clip (server/live/demo-live.ivf), read on the first demo room. */
function demoClip(): Vp8Clip {
  clip ??= loadClip(fileURLToPath(new URL('../live/demo-live.ivf', import.meta.url)));
  return clip;
}
