/**
 * The route map of the shell in hash mode (spec 002 §2 "Screens and routes"). Pages under
 * /howitwork need no login; every other page is behind the member guard, and /broadcaster behind the
 * broadcaster guard. Routes whose feature arrives later show a placeholder that says so.
 */
import {
  createRootRoute,
  createRoute,
  lazyRouteComponent,
  redirect,
  useSearch,
} from '@tanstack/react-router';
import { Pages } from '../../protocol/paths';
import { anchorProfileLoader } from '../features/anchor-profile/load';
import { type LiveSearch, liveSearch } from '../features/live/search';
import { installChatNowLinks } from '../features/livechat/chat-now';
import { sessionState } from '../state/session';
import { userState } from '../state/user';
import { Shell } from './layout/Shell';
import { defaultChild, forward, page, soon } from './route-helpers';
import { session } from './session';
import { BROADCASTER_HOME, loginUrl } from './session/guard';

/** Navigation stops here while the browser leaves for a login page. */
const leaving = () => new Promise<never>(() => {});

export const rootRoute = createRootRoute({
  component: Shell,
  // Every page starts the session flow; only guarded pages wait for it.
  beforeLoad: () => {
    void session.ensureSession();
  },
});

const member = createRoute({
  getParentRoute: () => rootRoute,
  id: 'member',
  beforeLoad: async ({ location }) => {
    await session.ensureSession();
    if (sessionState.status === 'visitor') {
      window.location.assign(loginUrl(location.href));
      return leaving();
    }
    if (userState.me?.role === 'lady') throw redirect({ to: BROADCASTER_HOME, replace: true });
  },
});

const lady = createRoute({
  getParentRoute: () => rootRoute,
  id: 'lady',
  beforeLoad: async () => {
    await session.ensureSession();
    if (sessionState.status === 'visitor') {
      window.location.assign(Pages.anchorLogin);
      return leaving();
    }
    if (userState.me && userState.me.role !== 'lady') throw redirect({ to: '/masterlist', replace: true });
  },
});

// ---- Pages under howitwork and the service introductions: no login needed (spec 002 §2). Their
// text is a chunk of its own, loaded on demand and precached by the service worker.
const helpDocPage = lazyRouteComponent(() => import('../features/help/HelpPages'), 'HelpDocPage');
const faqPage = lazyRouteComponent(() => import('../features/help/HelpPages'), 'FaqPage');
// Mail, greeting mail and post stamps (their own chunk).
const mailPage = (name: keyof typeof import('../features/mail')) =>
  lazyRouteComponent(() => import('../features/mail'), name);
const sayHiPage = (name: keyof typeof import('../features/sayhi')) =>
  lazyRouteComponent(() => import('../features/sayhi'), name);
const premiumPage = (name: keyof typeof import('../features/premium-videos')) =>
  lazyRouteComponent(() => import('../features/premium-videos'), name);
// ---- Every feature page is a chunk of its own, loaded with its route (Discover's is preloaded from
// the login page, a profile's from Discover).
const AnchorProfilePage = lazyRouteComponent(
  () => import('../features/anchor-profile/AnchorProfilePage'),
  'AnchorProfilePage',
);
const ProfileLoadError = lazyRouteComponent(
  () => import('../features/anchor-profile/AnchorProfilePage'),
  'ProfileLoadError',
);
const schedulePage = <K extends 'ScheduleDetailPage' | 'ScheduleListPage' | 'ScheduleRequestPage'>(name: K) =>
  lazyRouteComponent(() => import('../features/booking/SchedulePages'), name);
const LiveRequestPage = lazyRouteComponent(
  () => import('../features/booking/SchedulePages'),
  'LiveRequestPage',
);
const BroadcasterPage = lazyRouteComponent(
  () => import('../features/broadcaster/BroadcasterPage'),
  'BroadcasterPage',
);
const LivePage = lazyRouteComponent(() => import('../features/live/LivePage'), 'LivePage');
const hangoutPage = (name: 'HowHangoutWorkPage' | 'HangoutDetailPage') =>
  lazyRouteComponent(() => import('../features/hangout/HangoutInfoPages'), name);
const HangoutPage = lazyRouteComponent(() => import('../features/hangout/HangoutPage'), 'HangoutPage');
const HangoutDetailPage = hangoutPage('HangoutDetailPage');
/** The hang-out pages' query: the broadcaster's id. */
const hangoutSearch = (search: Record<string, unknown>): { id?: string; send_type?: string } => ({
  ...(typeof search.id === 'string' && /^[A-Za-z0-9_]{1,32}$/.test(search.id) ? { id: search.id } : {}),
  // send_type=2 (a hang-out invitation's Hang-out Now): his request goes to her as the page opens.
  ...(String(search.send_type) === '2' ? { send_type: '2' } : {}),
});
const LiveChatPage = lazyRouteComponent(() => import('../features/livechat/LiveChatPage'), 'LiveChatPage');
const DiscoverPage = lazyRouteComponent(() => import('../features/discover/DiscoverPage'), 'DiscoverPage');
const WatchBroadcastersPage = lazyRouteComponent(
  () => import('../features/discover/WatchBroadcastersPage'),
  'WatchBroadcastersPage',
);
const FeaturedListPage = lazyRouteComponent(
  () => import('../features/discover/FeaturedListPage'),
  'FeaturedListPage',
);
const HomePage = lazyRouteComponent(() => import('../features/home/HomePage'), 'HomePage');
const contactPage = <K extends 'ContactListPage' | 'FavoriteListPage'>(name: K) =>
  lazyRouteComponent(() => import('../features/messages/ContactListPages'), name);
const MessagesPage = lazyRouteComponent(() => import('../features/messages/MessagesPage'), 'MessagesPage');
const OnlineNotificationPage = lazyRouteComponent(
  () => import('../features/notifications/OnlineNotificationPage'),
  'OnlineNotificationPage',
);
const showsPage = <K extends 'MyTicketsPage' | 'ShowCalendarPage'>(name: K) =>
  lazyRouteComponent(() => import('../features/shows/ShowsPage'), name);

const howitwork = createRoute({ getParentRoute: () => rootRoute, path: 'howitwork' });
const howitworkChildren = [
  defaultChild(howitwork, '/howitwork/works'),
  page(
    howitwork,
    'works',
    {
      title: 'How it works',
      description: 'A guide to Glimmer: finding a date, free services, live video and more.',
    },
    helpDocPage,
  ),
  page(
    howitwork,
    'risk_disclosure',
    { title: 'Risk disclosure', description: 'What to keep in mind when meeting people online.' },
    helpDocPage,
  ),
  page(
    howitwork,
    'policy',
    { title: 'Terms and Policies', description: 'Our terms of use and privacy policy.' },
    helpDocPage,
  ),
  page(
    howitwork,
    'tc',
    { title: 'Terms and Conditions', description: 'The terms and conditions of the Glimmer service.' },
    helpDocPage,
  ),
  forward(howitwork, 'faq', '/howitwork/faq/0'),
  page(
    howitwork,
    'faq/$index',
    { title: 'Help & FAQs', description: 'Answers to the questions members ask most.' },
    faqPage,
  ),
  page(
    howitwork,
    'aboutus',
    { title: 'About us', description: 'Who we are and how to reach us.' },
    helpDocPage,
  ),
];
const serviceIntro = createRoute({ getParentRoute: () => rootRoute, path: 'help/service-intro' });
const serviceIntroChildren = [
  defaultChild(serviceIntro, '/help/service-intro/public-broadcast'),
  ...(
    [
      ['public-broadcast', 'Public broadcast'],
      ['one-on-one', 'One-on-One'],
      ['schedule', 'Scheduled One-on-One'],
      ['premium-video', 'Premium video'],
      ['say-hi', 'Say Hi'],
      ['greeting-mail', 'Greeting mail'],
      ['mail', 'Mail'],
      ['chat', 'Chat'],
      ['hang-out', 'Hang-out'],
      ['gifts-and-flowers', 'Gifts and flowers'],
      ['call-service', 'Call service'],
    ] as const
  ).map(([path, title]) =>
    page(
      serviceIntro,
      path,
      { title, description: 'How this Glimmer service works and what it costs.' },
      helpDocPage,
    ),
  ),
];

// ---- Member shell.
const M = member;
// Chat Now links open live chat's own window on a desktop.
installChatNowLinks();
const memberPages = [
  defaultChild(M, '/home'),
  page(
    M,
    'home',
    { title: 'Home', description: 'Your Glimmer home: tips and featured broadcasters.' },
    HomePage,
  ),
  page(
    M,
    'masterlist',
    { title: 'Discover', description: 'Featured, online and hot broadcasters on Glimmer.' },
    DiscoverPage,
  ),
  page(
    M,
    'featuredlist',
    { title: 'Featured broadcasters', description: 'Broadcasters we feature.' },
    FeaturedListPage,
  ),
  createRoute({
    getParentRoute: () => M,
    path: 'anchor/$id',
    staticData: { title: 'Broadcaster profile', description: 'A broadcaster on Glimmer.' },
    loader: ({ params }) => anchorProfileLoader(params.id),
    component: AnchorProfilePage,
    errorComponent: ProfileLoadError,
    // The profile (follow state, online state) is always read fresh.
    staleTime: 0,
    gcTime: 0,
  }),

  // Call service.
  ...(
    [
      ['calldetail', 'Call details'],
      ['authformdetail', 'Call authorization form'],
      ['authformstatus', 'Authorization status'],
      ['callService', 'Call service'],
      ['callAuthorization', 'Call authorizations'],
      ['callEditAuthorization', 'New call authorization'],
      ['schedulCalls', 'Scheduled calls'],
      ['instantCalls', 'Instant calls'],
      ['callmelist', 'Call-me requests'],
      ['instantAnchorList', 'Broadcasters for an instant call'],
      ['makecalldetail', 'Request a call'],
      ['callprintpage', 'Call request (print)'],
    ] as const
  ).map(([path, title]) =>
    soon(
      M,
      path,
      title,
      'Phone calls with broadcasters through our call center, with a translator when needed.',
      'release',
    ),
  ),

  // Scheduled One-on-One.
  (() => {
    const schedule = createRoute({ getParentRoute: () => M, path: 'schedule' });
    const what = 'Your scheduled One-on-One requests: pending, confirmed and past.';
    return schedule.addChildren([
      defaultChild(schedule, '/schedule/list'),
      page(
        schedule,
        'list',
        { title: 'Scheduled One-on-One', description: what },
        schedulePage('ScheduleListPage'),
      ),
      page(
        schedule,
        'detail',
        { title: 'Scheduled One-on-One details', description: what },
        schedulePage('ScheduleDetailPage'),
      ),
      page(
        schedule,
        'request',
        {
          title: 'Request a scheduled One-on-One',
          description: 'Pick a time to meet a broadcaster One-on-One.',
        },
        schedulePage('ScheduleRequestPage'),
      ),
    ]);
  })(),
  // The spec's schedulerequest?anchorid= is the request page with the id filled in.
  forward(M, 'schedulerequest', '/schedule/request'),

  // Premium videos.
  (() => {
    const pv = createRoute({ getParentRoute: () => M, path: 'premiumVideo' });
    const what = "Broadcasters' premium videos to watch on demand.";
    return pv.addChildren([
      defaultChild(pv, '/premiumVideo/premiumVideoList'),
      page(
        pv,
        'premiumVideoList',
        { title: 'Premium videos', description: what },
        premiumPage('PremiumVideoListPage'),
      ),
      page(
        pv,
        'premiumVideoAUList',
        {
          title: 'My premium videos',
          description: 'The premium videos you unlocked or marked as interesting.',
        },
        premiumPage('PremiumVideoAUListPage'),
      ),
    ]);
  })(),
  page(
    M,
    'premiumvideodetails',
    { title: 'Premium video', description: "A broadcaster's premium video." },
    premiumPage('PremiumVideoDetailsPage'),
  ),
  page(
    M,
    'videodoesnotexist',
    { title: 'Video not available', description: 'This video does not exist or is no longer available.' },
    premiumPage('VideoDoesNotExistPage'),
  ),

  // Say Hi: pages in a chunk of their own.
  page(
    M,
    'sayhiabout',
    { title: 'About Say Hi', description: 'How Say Hi works: a free hello to a broadcaster.' },
    sayHiPage('SayHiAboutPage'),
  ),
  (() => {
    const wait = createRoute({ getParentRoute: () => M, path: 'wait' });
    return wait.addChildren([
      defaultChild(wait, '/wait/sayhiwaitreply'),
      page(
        wait,
        'sayhiwaitreply',
        { title: 'Say Hi: waiting for replies', description: 'The Say Hi you sent that wait for a reply.' },
        sayHiPage('SayHiWaitPage'),
      ),
      forward(wait, 'transition', '/wait/sayhiwaitreply'),
    ]);
  })(),
  (() => {
    const list = createRoute({ getParentRoute: () => M, path: 'sayhilistindex' });
    const what = "Broadcasters' responses to your Say Hi.";
    return list.addChildren([
      defaultChild(list, '/sayhilistindex/all'),
      page(list, 'all', { title: 'Say Hi responses', description: what }, sayHiPage('SayHiAllPage')),
      page(
        list,
        'waithasdata',
        { title: 'Say Hi responses', description: what },
        sayHiPage('SayHiWithDataPage'),
      ),
    ]);
  })(),
  page(
    M,
    'sayhidetail',
    { title: 'Say Hi response', description: 'A broadcaster’s response to your Say Hi.' },
    sayHiPage('SayHiDetailPage'),
  ),
  page(
    M,
    'sayhisendindex',
    { title: 'Say Hi', description: 'Send a free Say Hi to a broadcaster.' },
    sayHiPage('SayHiSendPage'),
  ),
  page(
    M,
    'sayhisendsuccess',
    { title: 'Say Hi sent', description: 'Your Say Hi is on its way.' },
    sayHiPage('SayHiSuccessPage'),
  ),
  page(
    M,
    'sayhisendpreview',
    { title: 'Preview your Say Hi', description: 'Check your Say Hi before you send it.' },
    sayHiPage('SayHiPreviewPage'),
  ),

  // Gifts and flowers.
  forward(M, 'giftnull', '/flower'),
  (() => {
    const flower = createRoute({ getParentRoute: () => M, path: 'flower' });
    const what = 'Send real flowers and gifts to a broadcaster.';
    return flower.addChildren([
      soon(flower, '/', 'Flowers and gifts', what, 'release'),
      soon(flower, 'ggift', 'Gift store', what, 'release'),
      soon(flower, 'gcart', 'My cart', 'The flowers and gifts in your cart.', 'release'),
      soon(flower, 'gdelivery', 'My deliveries', 'Where your flowers and gifts are.', 'release'),
    ]);
  })(),
  soon(
    M,
    'continueshopping',
    'Gift and flower store',
    'Choose flowers and gifts for a broadcaster.',
    'release',
  ),
  soon(M, 'checkout', 'Checkout', 'Pay for the flowers and gifts in your cart.', 'release'),

  // Buying credits: /nx/page/Payment/checkout opens here with its query (src/entry.ts).
  page(
    M,
    'addcredit',
    { title: 'Add credits', description: 'Buy credits for live video, shows and mail.' },
    lazyRouteComponent(() => import('../features/payments/AddCreditPage'), 'AddCreditPage'),
  ),

  // Live rooms, hang-outs and invitations.
  createRoute({
    getParentRoute: () => M,
    path: 'live',
    staticData: {
      title: 'Live room',
      description: 'Watch a broadcaster live, in her public room or One-on-One.',
    },
    // live.html#anchorid=…&type=… arrives as this route's query (src/entry.ts).
    validateSearch: (search: Record<string, unknown>): LiveSearch => liveSearch(search),
    component: function LiveRoute() {
      return <LivePage {...(useSearch({ strict: false }) as LiveSearch)} />;
    },
  }),
  createRoute({
    getParentRoute: () => M,
    path: 'livechat',
    staticData: { title: 'Live chat', description: 'Chat with a broadcaster in real time.' },
    validateSearch: (search: Record<string, unknown>): { anchorid?: string } =>
      typeof search.anchorid === 'string' && /^[A-Za-z0-9_]{1,32}$/.test(search.anchorid)
        ? { anchorid: search.anchorid }
        : {},
    component: function LiveChatRoute() {
      return <LiveChatPage {...(useSearch({ strict: false }) as { anchorid?: string })} />;
    },
  }),
  page(
    M,
    'oneononelist',
    { title: 'One-on-One', description: 'Your One-on-One invitations and sessions.' },
    lazyRouteComponent(() => import('../features/live/OneOnOneListPage'), 'OneOnOneListPage'),
  ),
  page(
    M,
    'watchbroadcaster',
    { title: 'Watch broadcasters', description: 'Broadcasters live in public rooms now.' },
    WatchBroadcastersPage,
  ),
  page(
    M,
    'howhangoutwork',
    { title: 'How Hang-out works', description: 'Join a broadcaster and her friends in a Hang-out room.' },
    hangoutPage('HowHangoutWorkPage'),
  ),
  createRoute({
    getParentRoute: () => M,
    path: 'hangout',
    staticData: { title: 'Hang-out', description: 'A Hang-out room with a broadcaster and her friends.' },
    // hangout.html?id=…#anchorid=…&send_type=2 arrives as this route's query (src/entry.ts).
    validateSearch: hangoutSearch,
    component: function HangoutRoute() {
      return <HangoutPage {...(useSearch({ strict: false }) as { id?: string; send_type?: string })} />;
    },
  }),
  createRoute({
    getParentRoute: () => M,
    path: 'hangoutdetail',
    staticData: { title: 'Hang-out details', description: 'Who is in this Hang-out and how to join.' },
    validateSearch: hangoutSearch,
    component: function HangoutDetailRoute() {
      return <HangoutDetailPage {...(useSearch({ strict: false }) as { id?: string })} />;
    },
  }),

  // Transition routes used to force a refresh.
  forward(M, 'n1', '/home'),
  forward(M, 'n2', '/home'),

  // Settings.
  (() => {
    const settings = createRoute({ getParentRoute: () => M, path: 'mysetting' });
    return settings.addChildren([
      defaultChild(settings, '/mysetting/options'),
      soon(settings, 'options', 'Settings', 'Your account options.', 'release'),
      page(
        settings,
        'onlinenotification',
        { title: 'Online notifications', description: 'Alerts on this device for invitations and shows.' },
        OnlineNotificationPage,
      ),
      soon(settings, 'setchoice', 'Preferences', 'Your notification and privacy preferences.', 'release'),
    ]);
  })(),

  // Mail.
  page(
    M,
    'inbox',
    { title: 'Mail', description: 'Mail from broadcasters, with photos and videos.' },
    mailPage('InboxPage'),
  ),
  page(
    M,
    'outbox',
    { title: 'Sent mail', description: 'The mail you sent to broadcasters.' },
    mailPage('OutboxPage'),
  ),
  page(
    M,
    'compose',
    { title: 'Write a mail', description: 'Write a mail to a broadcaster, with photos.' },
    mailPage('ComposePage'),
  ),
  page(
    M,
    'sendmail',
    { title: 'Send mail', description: 'Write a mail to a broadcaster, with photos.' },
    mailPage('ComposePage'),
  ),
  page(
    M,
    'success',
    { title: 'Mail sent', description: 'Your mail is on its way.' },
    mailPage('MailSentPage'),
  ),
  page(
    M,
    'lletter',
    { title: 'Greeting mail', description: 'Greeting mail from broadcasters.' },
    mailPage('GreetingMailPage'),
  ),

  // Shows and tickets.
  (() => {
    const shows = createRoute({ getParentRoute: () => M, path: 'showorder' });
    return shows.addChildren([
      defaultChild(shows, '/showorder/schs'),
      page(
        shows,
        'schs',
        { title: 'Shows', description: 'The calendar of scheduled shows, with tickets.' },
        showsPage('ShowCalendarPage'),
      ),
      page(
        shows,
        'myticket',
        { title: 'My tickets', description: 'The shows you hold tickets for.' },
        showsPage('MyTicketsPage'),
      ),
    ]);
  })(),
  forward(M, 'myticket', '/showorder/myticket'),
  (() => {
    const requests = createRoute({ getParentRoute: () => M, path: 'liverequest' });
    const what = 'Your One-on-One requests and bookings with broadcasters.';
    return requests.addChildren([
      defaultChild(requests, '/liverequest/tag1'),
      ...['tag1', 'tag2', 'tag3', 'tag4', 'booking'].map((tab) =>
        page(requests, tab, { title: 'My requests', description: what }, () => <LiveRequestPage tab={tab} />),
      ),
    ]);
  })(),

  // Messages and contacts.
  createRoute({
    getParentRoute: () => M,
    path: 'mymessage',
    staticData: { title: 'Messages', description: 'Private messages with broadcasters, and your contacts.' },
    // ?to=<broadcaster id> opens that conversation.
    validateSearch: (search: Record<string, unknown>): { to?: string } =>
      typeof search.to === 'string' && search.to ? { to: search.to } : {},
    component: MessagesPage,
  }),
  page(
    M,
    'favoritelist',
    { title: 'Following', description: 'The broadcasters you follow.' },
    contactPage('FavoriteListPage'),
  ),
  page(
    M,
    'contactList',
    { title: 'My contacts', description: 'The broadcasters you have been in touch with.' },
    contactPage('ContactListPage'),
  ),

  // Backpack.
  (() => {
    const back = createRoute({ getParentRoute: () => M, path: 'myhomeback' });
    return back.addChildren([
      defaultChild(back, '/myhomeback/siteassets'),
      soon(
        back,
        'siteassets',
        'My backpack',
        'Your credits, post stamps, vouchers, gifts and rides.',
        'release',
      ),
      page(
        back,
        'chatminhistories',
        { title: 'Chat minute history', description: 'How you used your chat minutes.' },
        lazyRouteComponent(() => import('../features/histories/HistoryPages'), 'ChatminHistoryPage'),
      ),
      page(
        back,
        'credithistories',
        { title: 'Credit history', description: 'Where your credits went.' },
        lazyRouteComponent(() => import('../features/histories/HistoryPages'), 'CreditHistoryPage'),
      ),
      page(
        back,
        'stamps',
        { title: 'Post stamps', description: 'Buy post stamps to save on mail.' },
        mailPage('StampsPage'),
      ),
      page(
        back,
        'stampsHistories',
        { title: 'Post stamp history', description: 'How you used your post stamps.' },
        mailPage('StampHistoriesPage'),
      ),
      page(
        back,
        'chat',
        { title: 'Chat vouchers', description: 'Your live-chat vouchers.' },
        lazyRouteComponent(() => import('../features/livechat/ChatVouchersPage'), 'ChatVouchersPage'),
      ),
      soon(back, 'pack1', 'Vouchers', 'Your broadcast vouchers.', 'release'),
      soon(back, 'pack2', 'Gifts', 'Virtual gifts in your backpack.', 'release'),
      soon(back, 'pack3', 'Rides', 'Rides in your backpack.', 'release'),
    ]);
  })(),

  // News.
  (() => {
    const news = createRoute({ getParentRoute: () => M, path: 'newsandmedia' });
    const what = 'News, promotions and what is new on Glimmer.';
    return news.addChildren([
      soon(news, '/', 'News', what, 'release'),
      ...[
        ['chatminites', 'Chat minutes'],
        ['yearendp', 'Year-end promotion'],
        ['chatminintro', 'About chat minutes'],
        ['whatsnew', "What's new"],
        ['special', 'Special offer'],
        ['special2', 'Special offer'],
        ['special3', 'Special offer'],
        ['special4', 'Special offer'],
        ['special5', 'Special offer'],
        ['special6', 'Special offer'],
      ].map(([path, title]) => soon(news, path as string, title as string, what, 'release')),
    ]);
  })(),

  soon(M, 'customer/list', 'Customer Care', 'Ask our customer care team for help.', 'release'),
];

const ladyPages = [
  page(
    lady,
    'broadcaster',
    { title: 'Broadcaster workspace', description: 'Your broadcaster workspace on Glimmer.' },
    BroadcasterPage,
  ),
];

export const routeTree = rootRoute.addChildren([
  howitwork.addChildren(howitworkChildren),
  serviceIntro.addChildren(serviceIntroChildren),
  forward(rootRoute, 'help', '/help/service-intro'),
  member.addChildren(memberPages),
  lady.addChildren(ladyPages),
  forward(rootRoute, 'aboutus', '/howitwork/aboutus'),
  // Any unknown path goes to Discover.
  forward(rootRoute, '$', '/masterlist'),
]);
