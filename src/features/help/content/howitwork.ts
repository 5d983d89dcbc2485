/**
 * /howitwork/*: how Glimmer works, its terms and policies, risks and who we are. Readable without
 * login (spec 002 §2). Facts and prices come from protocol/.
 */
import { BOOKING_DEPOSIT_MINUTES } from '../../../../protocol/bookings/booking';
import { MAX_PRIVATE_MESSAGE_LENGTH } from '../../../../protocol/constants';
import { HelpFacts as F } from '../../../../protocol/help/help';
import { ONE_ON_ONE_CREDIT_PER_MINUTE } from '../../../../protocol/realtime';
import { credits, type HelpDoc } from './types';

export const HOWITWORK: readonly HelpDoc[] = [
  {
    path: '/howitwork/works',
    title: 'How it works',
    description: 'A guide to Glimmer: finding a date, free services, live video and more.',
    sections: [
      {
        heading: 'Find a date',
        blocks: [
          'Discover lists featured broadcasters, who is online now and who is hot. Open a profile to see her photos, videos, shows and hobbies, and follow her to keep her close.',
        ],
      },
      {
        heading: 'Free services',
        blocks: [
          {
            list: [
              'Watching public broadcasts is free.',
              'Say Hi is free to send and to read the first response.',
              `Your first ${F.freePrivateMessages} private messages to each broadcaster are free.`,
              'Following broadcasters and browsing profiles is free.',
            ],
          },
        ],
      },
      {
        heading: 'Share via live video',
        blocks: [
          `Meet her face to face in a One-on-One, billed ${credits(ONE_ON_ONE_CREDIT_PER_MINUTE)} per minute, or join a premium public broadcast of at most ${F.premiumPublicMaxViewers} viewers at ${credits(F.premiumPublicCreditPerMinute)} per minute.`,
          `Offline? Book a One-on-One: the deposit covers the first ${BOOKING_DEPOSIT_MINUTES} minutes and comes back if she declines or does not show up.`,
          { link: { to: '/help/service-intro/one-on-one', label: 'One-on-One in detail' } },
        ],
      },
      {
        heading: 'Hang-out',
        blocks: [
          'Join a broadcaster and her friends in a Hang-out room and chat with all of them at once.',
          { link: { to: '/help/service-intro/hang-out', label: 'How Hang-out works' } },
        ],
      },
      {
        heading: 'Further approach',
        blocks: [
          'Write mail with photos, send flowers and gifts to her door, or talk by phone through our call service with a translator.',
          { link: { to: '/help/service-intro/public-broadcast', label: 'All our services' } },
          { link: { to: '/howitwork/faq/0', label: 'Help & FAQs' } },
        ],
      },
    ],
  },
  {
    path: '/howitwork/policy',
    title: 'Terms and Policies',
    description: 'Our terms of use and privacy policy.',
    sections: [
      {
        heading: 'Privacy',
        blocks: [
          'We keep your account details, your balances and the history of the services you used so that we can run them, bill them correctly and answer your questions.',
          'Broadcasters see your nickname and photo, never your email address or phone number. Your phone number is used only for the SMS reminders you ask for.',
          'This device keeps a copy of what you read (profiles, messages, help pages) so the app opens without a network. Signing out removes it.',
        ],
      },
      {
        heading: 'Fair use',
        blocks: [
          {
            list: [
              'Be respectful. Harassment, threats and hate lead to suspension.',
              'Do not ask broadcasters for money or offer them money outside Glimmer.',
              'Do not record or share broadcasts, photos or videos.',
            ],
          },
        ],
      },
      {
        heading: 'Payments and refunds',
        blocks: [
          'Credits and post stamps are bought in advance and used by the services you choose; every charge is listed in your credit history.',
          'Show tickets are refundable only if the show is cancelled. Booking deposits are refunded if the broadcaster declines or does not show up.',
          { link: { to: '/howitwork/tc', label: 'Terms and Conditions' } },
        ],
      },
    ],
  },
  {
    path: '/howitwork/tc',
    title: 'Terms and Conditions',
    description: 'The terms and conditions of the Glimmer service.',
    sections: [
      {
        heading: '1. The service',
        blocks: [
          'Glimmer lets adult members meet broadcasters through live video, messages, mail and calls. You must be 18 or older to use it.',
        ],
      },
      {
        heading: '2. Your account',
        blocks: [
          'Keep your login details to yourself. One account may be signed in on one device at a time; signing in elsewhere signs out the other device.',
        ],
      },
      {
        heading: '3. Charges',
        blocks: [
          `Charges are shown before you use a paid service: One-on-One ${credits(ONE_ON_ONE_CREDIT_PER_MINUTE)} per minute, premium public broadcasts ${credits(F.premiumPublicCreditPerMinute)} per minute, private messages after the first ${F.freePrivateMessages} free ones, mail by post stamps or credits.`,
          'Credits are shown with 2 decimals and are not exchangeable for cash.',
        ],
      },
      {
        heading: '4. Content',
        blocks: [
          `Messages you write are shown exactly as you typed them (private messages up to ${MAX_PRIVATE_MESSAGE_LENGTH} characters). You are responsible for what you send.`,
        ],
      },
      {
        heading: '5. Suspension',
        blocks: ['We may suspend accounts that break these terms or the fair-use rules in our policy.'],
      },
    ],
  },
  {
    path: '/howitwork/risk_disclosure',
    title: 'Risk disclosure',
    description: 'What to keep in mind when meeting people online.',
    sections: [
      {
        heading: 'Stay safe',
        blocks: [
          {
            list: [
              'Never send money, gift cards or bank details to anyone you meet online.',
              'Keep conversations on Glimmer until you know someone well.',
              'Be careful with personal details: your address, workplace and financial information.',
              'Report anyone who asks for money or behaves badly to Customer Care.',
            ],
          },
        ],
      },
      {
        heading: 'Spending',
        blocks: [
          'Paid services are billed while you use them. Set yourself a budget and check your credit history; the app warns you when your credits run low.',
        ],
      },
    ],
  },
  {
    path: '/howitwork/aboutus',
    title: 'About us',
    description: 'Who we are and how to reach us.',
    sections: [
      {
        heading: 'Glimmer',
        blocks: [
          'Glimmer is a live-video dating service: members meet broadcasters through live broadcasts, One-on-One video, messages, mail and calls, on the web and as an installable app that works offline.',
        ],
      },
      {
        heading: 'Contact',
        blocks: [
          'Our Customer Care team answers questions about your account, payments and the services.',
          { link: { to: '/customer/list', label: 'Customer Care' } },
        ],
      },
    ],
  },
];
