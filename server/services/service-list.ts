/**
 * The Services interface: every domain service the routes and sockets are handed, with what each
 * is for. Kept apart from the wiring in server/services.ts, which builds one of each per process.
 */
import type { AppConfig } from '../../protocol/types';
import type { AccountService } from '../features/account';
import type { AdvertService } from '../features/adverts';
import type { AlbumService } from '../features/albums';
import type { AroundService } from '../features/anchor-profile';
import type { BackpackService } from '../features/backpack';
import type { BookingInvites, BookingPages, BookingService } from '../features/bookings';
import type { CallService } from '../features/call-service';
import type { CareService } from '../features/care';
import type { AnchorSearch, AnchorService } from '../features/discover';
import type { EarningsService } from '../features/earnings';
import type { FaceIdService } from '../features/face-id';
import type { FlowerService } from '../features/flowers';
import type { GiftService } from '../features/gifts';
import type { HangoutService } from '../features/hangouts';
import type { HistoryService } from '../features/histories';
import type { IntimacyService } from '../features/intimacy';
import type { InvitationService, RequestService } from '../features/invitations';
import type { LiveCluster, LiveHistoryService, LiveService } from '../features/live';
import type { LiveRoomService } from '../features/live-room';
import type { LiveChatInvites, LiveChatPanel, LiveChatService } from '../features/livechat';
import type { MailFiles, MailHost, MailService, StampService } from '../features/mail';
import type { ContactService, MessageService } from '../features/messages';
import type { NewsService } from '../features/news';
import type { NoticeService } from '../features/notices';
import type { OfferService } from '../features/offers';
import type { OperatorService } from '../features/operator';
import type { PartnerSiteService } from '../features/partner-sites';
import type { PaymentService } from '../features/payments';
import type { PhoneService } from '../features/phone';
import type { PremiumVideoService } from '../features/premium-videos';
import type { ProfileService, SettingsService } from '../features/profile';
import type { ReminderService } from '../features/reminders';
import type { RideService } from '../features/rides';
import type { RoomGiftService } from '../features/room-gifts';
import type { RoomModeration } from '../features/room-moderation';
import type { BlockCheck, SafetyService } from '../features/safety';
import type { SayHiService } from '../features/sayhi';
import type {
  ActivityService,
  LoginGuard,
  SessionService,
  TokenService,
  UserService,
} from '../features/session';
import type { ShotService } from '../features/shots';
import type { ShowService } from '../features/shows';
import type { VoucherAnchorService, VoucherService } from '../features/vouchers';
import type { LocalFaceCheck } from '../providers/identity/local-face-check';
import type { MailProvider } from '../providers/mail/provider';
import type { SmsProvider } from '../providers/sms/provider';

export interface Services {
  sessions: SessionService;
  /** Login throttling and the unlock code of a locked account. */
  loginGuard: LoginGuard;
  tokens: TokenService;
  anchors: AnchorService;
  /** Discover's search by name or id and filters. */
  anchorSearch: AnchorSearch;
  /** Around the profile: her friends, recommendations, relations, banners. */
  around: AroundService;
  users: UserService;
  /** The gift catalogue (getAllGiftList, getGiftDetail), for every feature that shows or gives gifts. */
  gifts: GiftService;
  /** What a member holds (vouchers, gifts, rides), its unread counts, and the new-user gift package. */
  backpack: BackpackService;
  /** Flowers and real gifts for a broadcaster: store, cart, checkout, deliveries. */
  flowers: FlowerService;
  /** Holiday and birthday discounts (the price flowers charge), the flower force-push check. */
  offers: OfferService;
  /** Gifts given in a broadcaster's live room, and her list of them. */
  roomGifts: RoomGiftService;
  rides: RideService;
  invitations: InvitationService;
  requests: RequestService;
  /** Scheduled One-on-One bookings, phone verification and the SMS provider. */
  bookings: BookingService;
  phones: PhoneService;
  sms: SmsProvider;
  /** The call service: call requests, call-me authorizations, the calls the call center places. */
  calls: CallService;
  /** Her scheduled One-on-One invitations: sending (daily quota) and cancelling. */
  bookingInvites: BookingInvites;
  /** What the booking pages read: the popup's slots, the lists, one booking, the tips. */
  bookingPages: BookingPages;
  shows: ShowService;
  vouchers: VoucherService;
  /** Where his broadcast vouchers can be used: the lists, the voucher pop, her profile's flags. */
  voucherAnchors: VoucherAnchorService;
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
  /** The processes holding live seats and hang-outs (several processes on Janus; app.ts starts it). */
  liveCluster: LiveCluster;
  /** Her mutes, removals, bans and slow mode in her live rooms (also asked by live chat). */
  roomModeration: RoomModeration;
  /** Hang-out rooms: a member with a broadcaster and her friends on camera (the same SFU). */
  hangouts: HangoutService;
  /** The member's past One-on-One sessions and their cost. */
  liveHistory: LiveHistoryService;
  /** His room's audience and his visit's summary. */
  liveRoom: LiveRoomService;
  /** The member's credit and chat-minute histories. */
  histories: HistoryService;
  /** Her earnings off the ledger: this session, today, one room (her studio). */
  earnings: EarningsService;
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
  /** News and media pages (members read; `content` operators edit). */
  news: NewsService;
  /** Adverts: banners, the carousel and ad pop-ups (members read; `adverts` operators edit). */
  adverts: AdvertService;
  /** Customer care threads (members write; `support` operators answer). */
  care: CareService;
  /** A member's blocks and reports, and the trust team's queue of reports. */
  safety: SafetyService;
  /** Whether a member blocks a broadcaster: what invitations, messages and lists ask. */
  blocks: BlockCheck;
  /** The operator console: the caller's roles and the development pages they open. */
  operator: OperatorService;
  /** The member's profile (fields, photo, completeness) and what a broadcaster sees of him. */
  profiles: ProfileService;
  /** The member's settings: live-chat switches, alert channels, privacy; the money config keys. */
  memberSettings: SettingsService;
  /** Intimacy from every interaction with a broadcaster (rooms, chat, mail, gifts, tickets, Say Hi). */
  intimacy: IntimacyService;
  /** Unread counters, the schedule notice, and followers told when a broadcaster comes online. */
  reminders: ReminderService;
  /** The notification centre: its list and read marks, and do-not-disturb. */
  notices: NoticeService;
  /** Visits (getActivityTime), the speed test's results, socket-error reports, setGuideMail. */
  activity: ActivityService;
  /** The partner-site switcher, the goto hand-off, the legal entities. */
  partnerSites: PartnerSiteService;
  /** Sign-up, the mailed links (verify, reset, change of email) and the account's security page. */
  account: AccountService;
  /** Account mail: SMTP when SMTP_URL is set, else the local outbox (/dev/mail-outbox). */
  mailer: MailProvider;
  appConfig: AppConfig;
}
