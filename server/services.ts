/**
 * Every domain service, built once per process from the repositories and the realtime plumbing.
 * What each service is for is listed in services/service-list.ts; the SFU and demo clip are made
 * in services/media.ts.
 */
import { CALL_TYPE } from '../protocol/call-service/call-service';
import type { Config } from './config';
import { AccountService, accountFacts, personalFilesEraser, personalRowsEraser } from './features/account';
import { AdvertService } from './features/adverts';
import { AlbumService } from './features/albums';
import { AroundService, aroundRepository } from './features/anchor-profile';
import { BackpackService, backpackRepository } from './features/backpack';
import { BookingInvites, BookingPages, BookingService } from './features/bookings';
import { CallService, LocalCallCenter, TwilioCallCenter } from './features/call-service';
import { CareService } from './features/care';
import { AnchorSearch, AnchorService, appConfig } from './features/discover';
import { EarningsService } from './features/earnings';
import { FaceIdService } from './features/face-id';
import { FlowerService, LocalDeliveryStandIn, NoDeliveryProvider } from './features/flowers';
import { GiftService, giftsRepository } from './features/gifts';
import { HangoutService } from './features/hangouts';
import { HistoryService } from './features/histories';
import { IntimacyService } from './features/intimacy';
import { InvitationService, type RealtimeDeps, RequestService } from './features/invitations';
import { LiveCluster, LiveHistoryService, LiveService } from './features/live';
import { LiveRoomService } from './features/live-room';
import { LiveChatCamera, LiveChatInvites, LiveChatPanel, LiveChatService } from './features/livechat';
import { MailFiles, MailHost, MailService, StampService } from './features/mail';
import { ContactService, MessageService } from './features/messages';
import { NewsService } from './features/news';
import { NoticeService } from './features/notices';
import { OfferService } from './features/offers';
import { OperatorService } from './features/operator';
import { PartnerSiteService } from './features/partner-sites';
import { PaymentService } from './features/payments';
import { PhoneService } from './features/phone';
import { PremiumVideoService } from './features/premium-videos';
import { ProfileService, SettingsService } from './features/profile';
import { ReminderService } from './features/reminders';
import { RideService } from './features/rides';
import { RoomGiftService } from './features/room-gifts';
import { RoomModeration } from './features/room-moderation';
import { blockCheck, SafetyService } from './features/safety';
import { SayHiService, sayHiRepository } from './features/sayhi';
import {
  ActivityService,
  activityRepository,
  LoginGuard,
  SessionService,
  TokenService,
  UserService,
} from './features/session';
import { ShotService } from './features/shots';
import { ShowService } from './features/shows';
import { VoucherAnchorService, VoucherService } from './features/vouchers';
import { createFileStore } from './files/index';
import { operatorRolesOf } from './http/operator-roles';
import { FACE_CHECK_PAGE, LocalFaceCheck } from './providers/identity/local-face-check';
import { mailProviderFrom } from './providers/mail/from-config';
import { paymentProviders } from './providers/payments/index';
import { LocalSmsOutbox } from './providers/sms/outbox';
import type { SmsProvider } from './providers/sms/provider';
import type { StorageRepositories } from './repositories';
import { createSfu, demoClip } from './services/media';
import type { Services } from './services/service-list';
import type { Db } from './storage/contract';

export type { Services } from './services/service-list';

declare module './http/route' {
  interface AppServices extends Services {}
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
  const intimacy = new IntimacyService(
    db,
    rt.notifier,
    config.quiet ? undefined : (m, e) => console.warn(m, e),
  );
  const earnIntimacy = intimacy.earn;
  // The local outbox is the embedded SMS provider (server/providers/sms/); a real gateway would go here.
  const sms: SmsProvider = new LocalSmsOutbox(
    db,
    config.quiet ? () => undefined : undefined,
    config.production,
  );
  const phones = new PhoneService(db, sms);
  const bookings = new BookingService(db, repos, rt, phones);
  bookings.setEarnIntimacy(earnIntimacy);
  const mailFiles = new MailFiles(db, createFileStore(config));
  const loginGuard = new LoginGuard(repos, db, sms);
  // The local face check stands in for an identity provider wherever development tools are on.
  const faceCheck = config.devTools ? new LocalFaceCheck(db) : undefined;
  const faceId = new FaceIdService(db, faceCheck, config.live.now);
  const vouchers = new VoucherService(repos.vouchers, rt.notifier);
  const partnerSites = new PartnerSiteService(config.partners);
  const roomModeration = new RoomModeration({ db, repos, notifier: rt.notifier, now: config.live.now });
  const livechat = new LiveChatService({
    moderation: roomModeration,
    db,
    repos,
    notifier: rt.notifier,
    presence: rt.presence,
    vouchersChanged: (userid) => vouchers.changed(userid),
    tickMs: config.live.tickMs,
    now: config.live.now,
    testClock: config.devTools && config.testClock,
    earnIntimacy,
    rates: config.moneyKeys,
  });
  // One SFU for the live rooms and live chat's camera (one media path).
  const sfu = createSfu(config.live);
  // Several processes (a shared bus) on Janus: a seat's or a hang-out's steps go to the process
  // holding it. One heartbeat, process id and request channel for the live rooms and the hang-outs.
  const liveCluster = new LiveCluster(db, config.live.sfu === 'janus' && Boolean(config.redisUrl));
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
  const users = new UserService(repos, anchors, config.moneyType, config.moneyKeys);
  const memberSettings = new SettingsService(db, repos, config.moneyKeys);
  // His email and whether it is verified come from the account feature (email, email_verified).
  const profiles = new ProfileService({
    db,
    repos,
    files: createFileStore(config),
    phoneVerified: async (userid) => Boolean(await phones.verified(userid)),
    accountFacts: accountFacts(db),
  });
  users.profileFields = (userid) => profiles.ownFields(userid);
  const voucherAnchors = new VoucherAnchorService({ repos, anchors, vouchers });
  users.anchorCoupons = (memberId, anchorId) => voucherAnchors.profileFlags(memberId, anchorId);
  users.agreed = (memberId) => voucherAnchors.welcome(memberId);
  const sessions = new SessionService(repos, loginGuard, rt.notifier);
  // The push server on its own builds the same from the same configuration (push-server/main.ts).
  const mailer = mailProviderFrom(db, { ...config.mail, quiet: config.quiet, production: config.production });
  const histories = new HistoryService(db);
  const mail = new MailService({ db, repos, notifier: rt.notifier, bookings, earnIntimacy });
  const sayHi = new SayHiService({
    db,
    notifier: rt.notifier,
    autoReplyMs: config.sayHiAutoReplyMs,
    earnIntimacy,
  });
  const bookingPages = new BookingPages(db, repos, phones);
  const messages = new MessageService(
    repos,
    rt,
    config.robotReplies,
    shots,
    config.moneyKeys.send_private_message_credit,
  );
  const account = new AccountService(
    {
      db,
      repos,
      mail: mailer,
      publicOrigin: config.publicOrigin,
      sessions,
      saveSignupProfile: async (userid, p) => {
        await profiles.save(userid, p);
      },
      // His data export: each part from its feature's own service (lists at their largest page).
      exportSources: {
        profile: (userid) => profiles.memberProfile(userid),
        balances: (userid) => users.ownInfo({ userid, role: 'man' }),
        vouchers: (userid) => repos.vouchers.counts(userid),
        phone: (userid) => phones.verified(userid),
        credit_history: (userid) => histories.credit(userid, 0, 10_000),
        chat_minute_history: (userid) => histories.chatmin(userid, 0, 10_000),
        private_messages: (userid) => messages.list({ userid, role: 'man' }, 0, 10_000, false),
        mail_inbox: (userid) => mail.list(userid, 'inbox', 0, 10_000),
        mail_outbox: (userid) => mail.list(userid, 'outbox', 0, 10_000),
        bookings: (userid) => bookingPages.list(userid),
        say_hi: (userid) => sayHi.list(userid, 'all', 0, 10_000),
        settings: (userid) => memberSettings.get(userid),
        // The call service: his requests of both kinds and his call-me authorizations.
        instant_calls: (userid) => calls.orders.list(userid, CALL_TYPE.instant),
        scheduled_calls: (userid) => calls.orders.list(userid, CALL_TYPE.scheduled),
        call_me_authorizations: (userid) => calls.callMe.list(userid, 'all'),
      },
      // Files first: the rows that name them go next.
      erasers: [
        personalFilesEraser(db, createFileStore(config)),
        personalRowsEraser(db),
        (userid) => calls.forgetMember(userid),
      ],
    },
    config.quiet ? () => undefined : (message, error) => console.warn(message, error),
  );
  sessions.loginIdOf = (email) => account.loginIdOf(email);
  const catalogue = giftsRepository(db);
  const backpack = new BackpackService({
    backpack: backpackRepository(db),
    vouchers: repos.vouchers,
    gifts: catalogue,
    log: config.quiet ? undefined : (message, error) => console.warn(message, error),
  });
  // Every member gets the new-user gift package once: at sign-up, or at his first sign-in since.
  sessions.memberSessionOpened = (userid) => backpack.welcome(userid);
  invitations.hidesOnline = (userids) => memberSettings.hidingOnline(userids);
  // One "is blocked" check for every invitation, message and list (server/features/safety).
  const blocks = blockCheck(db);
  anchors.hiddenFrom = blocks.hiddenFrom;
  invitations.blocks = blocks.blocks;
  messages.blocks = blocks.blocks;
  const around = new AroundService(repos, aroundRepository(db));
  around.hiddenFrom = blocks.hiddenFrom;
  const bookingInvites = new BookingInvites(db, repos, rt);
  bookingInvites.blocks = blocks.blocks;
  const livechatInvites = new LiveChatInvites(db, repos, rt);
  livechatInvites.hiddenFrom = blocks.hiddenFrom;
  const gifts = new GiftService(catalogue);
  const offers = new OfferService(db, config.live.now);
  const rides = new RideService({ db, notifier: rt.notifier });
  // Twilio when it is configured; else the local call center stands in for telephony with
  // development tools on, never in production.
  const callCenter = config.callCenter.twilio
    ? new TwilioCallCenter(config.callCenter.twilio, db)
    : config.devTools && !config.production
      ? new LocalCallCenter()
      : undefined;
  const calls = new CallService({
    db,
    phones,
    notifier: rt.notifier,
    blocks: blocks.blocks,
    center: callCenter,
    sfu,
    ice: config.live,
    now: config.live.now ?? Date.now,
    tickMs: config.live.tickMs,
    log: config.quiet ? undefined : (message, error) => console.warn(message, error),
  });
  const requests = new RequestService(repos, rt, invitations);
  requests.mayEnter = (anchorId, memberId) => roomModeration.mayEnter(anchorId, memberId);
  return {
    sessions,
    account,
    mailer,
    loginGuard,
    tokens: new TokenService(repos),
    anchors,
    anchorSearch: new AnchorSearch(db, anchors),
    around,
    users,
    gifts,
    backpack,
    offers,
    flowers: new FlowerService({
      db,
      notifier: rt.notifier,
      earnIntimacy,
      priceOrder: offers.price,
      delivery: config.flowerDeliveryStandIn ? new LocalDeliveryStandIn() : new NoDeliveryProvider(),
    }),
    roomGifts: new RoomGiftService({ db, repos, gifts, notifier: rt.notifier, earnIntimacy }),
    rides,
    invitations,
    requests,
    bookings,
    phones,
    sms,
    calls,
    bookingInvites,
    bookingPages,
    shows: new ShowService(repos, rt, earnIntimacy),
    vouchers,
    voucherAnchors,
    messages,
    contacts: new ContactService(repos, config.moneyKeys.send_private_message_credit),
    sayHi,
    mail,
    mailHost: new MailHost({ db, notifier: rt.notifier, files: mailFiles, bookings }),
    mailFiles,
    stamps: new StampService({ db, notifier: rt.notifier }),
    faceId,
    faceCheck,
    liveHistory: new LiveHistoryService(db),
    liveRoom: new LiveRoomService(db, sfu),
    histories,
    earnings: new EarningsService(db),
    liveCluster,
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
      earnIntimacy,
      testClock: config.devTools && config.testClock,
      entered: (e) => rides.announce(e),
      moderation: roomModeration,
      cluster: liveCluster,
    }),
    roomModeration,
    hangouts: new HangoutService({
      db,
      repos,
      sfu,
      notifier: rt.notifier,
      presence: rt.presence,
      ice: config.live,
      faceVerified: (anchorId) => faceId.verified(anchorId),
      now: config.live.now,
      moderation: roomModeration,
      cluster: liveCluster,
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
    news: new NewsService(db),
    adverts: new AdvertService(db),
    care: new CareService({
      db,
      files: createFileStore(config),
      notifier: rt.notifier,
      isSupport: (userid) => operatorRolesOf(config, userid).includes('support'),
    }),
    operator: new OperatorService({
      devTools: config.devTools,
      rolesOf: (userid) => operatorRolesOf(config, userid),
      faceCheckPage: FACE_CHECK_PAGE,
      pendingFaceChecks: faceCheck ? () => faceCheck.pendingList() : undefined,
      callCenterStandIn: calls.standIn !== undefined,
    }),
    shots,
    profiles,
    memberSettings,
    intimacy,
    reminders: new ReminderService({ db, notifier: rt.notifier, presence: rt.presence }),
    notices: new NoticeService({ db, notifier: rt.notifier }),
    livechat,
    livechatPanel: new LiveChatPanel(db, repos, livechat),
    livechatInvites,
    safety: new SafetyService(db, repos, blocks),
    blocks,
    activity: new ActivityService(activityRepository(db)),
    partnerSites,
    appConfig: {
      ...appConfig(config),
      familySites: partnerSites.publicSites(),
      corp_key: config.partners.corpKey,
    },
  };
}
