/**
 * /help/service-intro/*: one page per Glimmer service (spec 002 §2 lists the children). Prices and
 * limits come from protocol/ so that the help never disagrees with what the product charges.
 */
import {
  BOOKING_DEPOSIT_MINUTES,
  BOOKING_POPUP_DAYS,
  BOOKING_SMS_BEFORE_S,
} from '../../../../protocol/bookings/booking';
import { MAX_PRIVATE_MESSAGE_LENGTH } from '../../../../protocol/constants';
import { HelpFacts as F } from '../../../../protocol/help/help';
import { PREMIUM_VIDEO_PRICE } from '../../../../protocol/premium-videos/premium-videos';
import { ONE_ON_ONE_CREDIT_PER_MINUTE } from '../../../../protocol/realtime';
import { SAY_HI_MAX_WAITING } from '../../../../protocol/sayhi/sayhi';
import { BROADCAST_VOUCHER_MINUTES } from '../../../../protocol/vouchers/vouchers';
import { credits, type HelpDoc, stamps } from './types';

const base = '/help/service-intro';

export const SERVICE_INTRO: readonly HelpDoc[] = [
  {
    path: `${base}/public-broadcast`,
    title: 'Public broadcast',
    description: 'Watch broadcasters live in their public rooms, free of charge.',
    sections: [
      {
        heading: 'What it is',
        blocks: [
          'A public broadcast is a broadcaster live on camera for everyone in her room. You can watch, chat in the room and send her gifts.',
          'Public broadcasts are free to watch. Look for the Live badge on Discover or on a profile and press Watch Now.',
        ],
      },
      {
        heading: 'Premium public broadcast',
        blocks: [
          `Some broadcasters hold a premium public broadcast: a smaller room of at most ${F.premiumPublicMaxViewers} viewers, billed ${credits(F.premiumPublicCreditPerMinute)} per minute while you watch.`,
          { note: 'You only pay for the minutes you stay. Leave the room and the billing stops.' },
        ],
      },
      {
        heading: 'Tips',
        blocks: [
          {
            list: [
              'Follow a broadcaster to see when she goes live.',
              `A broadcast voucher in your backpack pays your first ${BROADCAST_VOUCHER_MINUTES} minutes in a premium room or a One-on-One it is good for; Where to use my vouchers lists who is on now.`,
              'From a public room you can invite her to a One-on-One.',
            ],
          },
          { link: { to: `${base}/one-on-one`, label: 'How One-on-One works' } },
        ],
      },
    ],
  },
  {
    path: `${base}/one-on-one`,
    title: 'One-on-One',
    description: 'A private live video session with one broadcaster, billed per minute.',
    sections: [
      {
        heading: 'What it is',
        blocks: [
          'One-on-One is a private video session: just you and the broadcaster, with live chat and gifts.',
          `It is billed ${credits(ONE_ON_ONE_CREDIT_PER_MINUTE)} per minute. You need enough credits for at least one minute to start.`,
        ],
      },
      {
        heading: 'How to start',
        blocks: [
          {
            steps: [
              'Open the profile of a broadcaster who is online.',
              'Press Invite One-on-One (or Chat Now) and wait for her answer.',
              'When she accepts, the private room opens and billing starts.',
            ],
          },
          'A broadcaster can also invite you: her invitation appears as a bubble you can accept or dismiss.',
        ],
      },
      {
        heading: 'When she is offline',
        blocks: [
          'If she offers a booking schedule, you can book a One-on-One for later.',
          { link: { to: `${base}/schedule`, label: 'Scheduled One-on-One' } },
        ],
      },
    ],
  },
  {
    path: `${base}/schedule`,
    title: 'Scheduled One-on-One',
    description: 'Book a One-on-One with a broadcaster at a time that suits you both.',
    sections: [
      {
        heading: 'Booking a time',
        blocks: [
          `Open a broadcaster's profile and press Book One-on-One. You can choose a time today or in the next ${BOOKING_POPUP_DAYS - 1} days from the times she offers, and add gifts.`,
          `A deposit covering the first ${BOOKING_DEPOSIT_MINUTES} minutes of the One-on-One, plus any gifts you attach, is held when you book.`,
        ],
      },
      {
        heading: 'Reminders and refunds',
        blocks: [
          {
            list: [
              `Verify your phone number to get an SMS ${BOOKING_SMS_BEFORE_S / 60} minutes before the session.`,
              'If the broadcaster declines or does not show up, your deposit is refunded.',
              'Your requests and bookings are listed under My requests.',
            ],
          },
        ],
      },
      {
        heading: 'Requests by mail',
        blocks: [
          `You can also send a scheduled One-on-One request by mail and save up to ${F.scheduleByMailSavingPercent}% of the credits; the normal mail charge applies to each request.`,
        ],
      },
    ],
  },
  {
    path: `${base}/premium-video`,
    title: 'Premium video',
    description: "Broadcasters' own videos to watch on demand.",
    sections: [
      {
        heading: 'What it is',
        blocks: [
          'Premium videos are recorded by broadcasters and kept on their profiles. A profile shows the first few; expand the list to see them all.',
          'Open a video to see its details. If a video was removed, you will be told it is no longer available.',
        ],
      },
      {
        heading: 'Watching',
        blocks: [
          `Each video costs ${credits(PREMIUM_VIDEO_PRICE / 100)}, paid once. You are asked to confirm before anything is charged.`,
          'Once unlocked, the video is yours: watch it, skip back and forth and replay it as often as you like, on any device.',
          {
            note: 'If a broadcaster later removes a video you unlocked, you keep it. Premium videos need the premium video service on your account.',
          },
        ],
      },
      {
        heading: 'Your videos',
        blocks: [
          'Mark the videos you like with Interest. My premium videos lists the ones you unlocked and the ones you marked.',
          { link: { to: '/premiumVideo/premiumVideoList', label: 'Browse premium videos' } },
        ],
      },
    ],
  },
  {
    path: `${base}/say-hi`,
    title: 'Say Hi',
    description: 'A free hello to a broadcaster you would like to meet.',
    sections: [
      {
        heading: 'What it is',
        blocks: [
          'Say Hi is the easiest way to start: pick a greeting and a card, and send it to a broadcaster you like.',
          { note: 'Say Hi is free to send and to read the first response.' },
        ],
      },
      {
        heading: 'How it works',
        blocks: [
          {
            steps: [
              "Press Say Hi on a broadcaster's profile.",
              'Choose a greeting and a card, preview it, and send.',
              'Her response appears under Say Hi responses; open it to read it.',
            ],
          },
          'Each Say Hi uses one of your Say Hi allowances; the header and your backpack show how many you have left.',
        ],
      },
      {
        heading: 'Rules',
        blocks: [
          {
            list: [
              'One Say Hi per broadcaster: if you already sent her one, you can view it and her response.',
              `At most ${SAY_HI_MAX_WAITING} Say Hi can wait for a reply at a time.`,
              'Read the responses you received before you send a new Say Hi.',
            ],
          },
          { link: { to: '/sayhiabout', label: 'More about Say Hi' } },
        ],
      },
    ],
  },
  {
    path: `${base}/greeting-mail`,
    title: 'Greeting mail',
    description: 'Short greeting mails from broadcasters, and how to answer them.',
    sections: [
      {
        heading: 'What it is',
        blocks: [
          'Broadcasters send greeting mails to introduce themselves. They arrive in your mail box marked as greeting mail.',
          `Reading a mail costs ${stamps(F.mailStamps)}, or credits when you have no stamps. A reply price of ${credits(F.replyCredits)} or ${stamps(F.replyStamps)} applies.`,
        ],
      },
    ],
  },
  {
    path: `${base}/mail`,
    title: 'Mail',
    description: 'Write longer letters to broadcasters, with photos and videos.',
    sections: [
      {
        heading: 'Sending and reading',
        blocks: [
          `Sending or reading a mail costs ${stamps(F.mailStamps)}. Each paid attachment you add or view costs ${stamps(1)}. Stamps save up to ${F.stampSavingPercent}% on mails compared with credits.`,
          `Private photos cost ${credits(F.photoCredits)} or ${stamps(F.photoStamps)} to view; private videos ${credits(F.videoCredits)} or ${stamps(F.videoStamps)} to watch.`,
        ],
      },
      {
        heading: 'How you pay',
        blocks: [
          'Post stamps are used first when you have enough; otherwise credits; otherwise you are offered to buy stamps or credits.',
          'Buy post stamps in packs from your backpack.',
        ],
      },
    ],
  },
  {
    path: `${base}/chat`,
    title: 'Chat',
    description: 'Private messages and live chat with broadcasters.',
    sections: [
      {
        heading: 'Private messages',
        blocks: [
          `Private messages are short notes of up to ${MAX_PRIVATE_MESSAGE_LENGTH} characters, with emoticons. You can message a broadcaster once your Intimacy Level with her is 1 or above.`,
          `Your first ${F.freePrivateMessages} messages to each broadcaster are free; after that each message costs a small amount of credits.`,
        ],
      },
      {
        heading: 'Live chat',
        blocks: [
          'Broadcasters may invite you to a live chat; invitations appear as bubbles for a short time. Chat vouchers in your backpack pay for live chat minutes.',
        ],
      },
    ],
  },
  {
    path: `${base}/hang-out`,
    title: 'Hang-out',
    description: 'Join a broadcaster and her friends together in one room.',
    sections: [
      {
        heading: 'What it is',
        blocks: [
          'A Hang-out is a room where a broadcaster brings her friends along. You see each of them on camera and chat with all of them.',
          "Ask for a Hang-out from a broadcaster's profile, or accept her Hang-out invitation. You can be in one Hang-out at a time.",
        ],
      },
    ],
  },
  {
    path: `${base}/gifts-and-flowers`,
    title: 'Gifts and flowers',
    description: 'Send virtual gifts in live rooms, or real flowers and gifts to her door.',
    sections: [
      {
        heading: 'Virtual gifts',
        blocks: [
          'Send virtual gifts in a live room, a Hang-out or a live chat (everyone in the room sees them), with a One-on-One booking, or with a mail. Each gift shows its price in credits before anything is charged, and is charged once.',
          'Gifts in your backpack are given first: your new-member gift package waits there. Some gifts need Intimacy Level 4 with her.',
          'With a booking the gift is part of the deposit and comes back with it if she declines or does not show up.',
        ],
      },
      {
        heading: 'Rides',
        blocks: [
          "Buy a ride in your backpack's Rides pack: while it is active, her room sees you arrive in it when you enter.",
        ],
      },
      {
        heading: 'Flowers and gifts delivered',
        blocks: [
          "Choose flowers and gifts in the store from a broadcaster's profile, check out, and follow the delivery under My deliveries: ordered, being prepared, then delivered with her thank-you photo. You can cancel until it is being prepared, and your credits come back.",
          'Holiday and birthday discounts are shown on her profile and in the cart, and the price you confirm is the discounted price you pay.',
        ],
      },
    ],
  },
  {
    path: `${base}/call-service`,
    title: 'Call service',
    description: 'Talk to a broadcaster by phone through our call center, with a translator.',
    sections: [
      {
        heading: 'What it is',
        blocks: [
          'Our call center connects you by phone with a broadcaster, with a translator when needed. You can call now (instant call), schedule a call, or authorize her to call you.',
          `A call reservation costs ${credits(F.callReservationCredits)}.`,
        ],
      },
    ],
  },
];
