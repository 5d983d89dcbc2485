-- 036: news pages (spec 002 §2 /newsandmedia's ten children) and customer care threads
-- (/customer/list). Both are data an operator edits in the console, not releases: the news rows
-- below are only their first content, written once (ON CONFLICT DO NOTHING keeps an operator's edit).

CREATE TABLE news_pages (
  slug       text PRIMARY KEY,
  title      text NOT NULL,
  summary    text NOT NULL DEFAULT '',
  body       text NOT NULL,
  image_url  text NOT NULL DEFAULT '',
  published  boolean NOT NULL DEFAULT true,
  position   smallint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);

-- A member's thread with customer care; status 'open' waits for care, 'answered' for him.
CREATE TABLE care_threads (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id     text NOT NULL REFERENCES users (userid) ON DELETE CASCADE,
  subject       text NOT NULL,
  category      text NOT NULL,
  status        text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered', 'closed')),
  member_unread integer NOT NULL DEFAULT 0,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX care_threads_member ON care_threads (member_id, updated_at DESC);
CREATE INDEX care_threads_status ON care_threads (status, updated_at);

CREATE TABLE care_messages (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  thread_id      bigint NOT NULL REFERENCES care_threads (id) ON DELETE CASCADE,
  author         text NOT NULL CHECK (author IN ('member', 'care')),
  operator_id    text,
  body           text NOT NULL,
  screenshot_key text,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX care_messages_thread ON care_messages (thread_id, id);

INSERT INTO news_pages (slug, position, title, summary, body) VALUES
('whatsnew', 1, 'What''s new on Glimmer',
 'Live chat with video, hang-outs with friends and a faster app on your phone.',
$$Here is what changed on Glimmer this season.

## Live chat, now with her camera
A broadcaster can turn her camera on inside a live chat. You see her while you type; the price of a minute is shown before anything is charged.

## Hang-outs
Meet a broadcaster and two of her friends in one room. Each friend knocks and the host lets her in.

## Install Glimmer on your phone
Glimmer works as an app: add it to your home screen and your chats, mail and tickets open even when the connection drops.

- Faster pages on slow connections
- Invitations reach you in every open tab
- Your credit history, offline too

Questions? Write to [Customer Care](/customer/list).$$),
('chatminintro', 2, 'About chat minutes',
 'Chat minutes are the simple way to pay for live chat.',
$$Chat minutes pay for live chat with any broadcaster, minute by minute.

## How they are used
When a live chat starts, Glimmer first uses your free chat ticket, then a chat voucher, then your chat minutes, and only then your credits. The chat page always shows what pays the current minute.

## Where to see them
Your chat minutes are shown in the header. Every minute used is listed in your [chat minute history](/myhomeback/chatminhistories).

- Chat minutes never expire while your account is open
- They are shared by every live chat, with every broadcaster
- Only paid members can buy chat minutes$$),
('chatminites', 3, 'Chat minute packages',
 'Buy 60 chat minutes at once and save on every live chat.',
$$A chat minute package gives you 60 minutes of live chat for $17.99, less than paying each minute with credits.

## How to buy
Open [Add credits](/nx/page/Payment/checkout) and choose **Chat minutes**. The minutes are added to your account as soon as the payment is confirmed.

## Good to know
- A package is available to paid members
- Your minutes are used before your credits in every live chat
- See each package you bought in your [credit history](/myhomeback/credithistories)$$),
('yearendp', 4, 'Year-end promotion',
 'Close the year with bonus credits on the larger credit packs.',
$$Our year-end promotion is here: thank you for a wonderful year on Glimmer.

## The offer
Until the last day of the year, the larger credit packs come with bonus credits. The bonus is shown on each pack before you pay.

## How to take part
- Sign in and open [Add credits](/nx/page/Payment/checkout).
- Choose a pack marked with a bonus.
- Pay as usual: the credits and the bonus appear in the header at once.

- The bonus credits are yours to use on any service
- The offer ends at midnight GMT on 31 December$$),
('special', 5, 'Special offer: your first One-on-One',
 'Meet a broadcaster face to face at a time you both choose.',
$$Book a scheduled One-on-One with a broadcaster you like and meet her at a time that suits you both.

## Why book
A booking reserves her time. You are reminded 15 minutes before, by text message if you verify your phone.

Find a broadcaster on [Discover](/masterlist) and press **Book One-on-One** on her profile.$$),
('special2', 6, 'Special offer: Say Hi for free',
 'Say Hi to new broadcasters without spending a credit.',
$$A Say Hi is a free hello: choose a greeting and a theme, and she answers when she can.

Reading her first answer is free too. See all your Say Hi and their answers in [Say Hi](/sayhilistindex/all).$$),
('special3', 7, 'Special offer: premium rooms with vouchers',
 'Your broadcast vouchers pay the first 10 minutes in a premium room.',
$$Premium rooms hold at most 6 viewers, so she can see and answer each of you.

## Use your vouchers
A broadcast voucher pays your first 10 minutes in a premium room. Your vouchers are in your [backpack](/myhomeback/pack1).$$),
('special4', 8, 'Special offer: shows',
 'Get a ticket for a broadcaster''s show before they run out.',
$$Broadcasters publish shows: a karaoke night, a cooking class, a dance party.

Each show has a limited number of tickets. Turn on **Notify me** and we remind you before it starts. Find them under [Shows](/showorder/schs).$$),
('special5', 9, 'Special offer: mail with post stamps',
 'Post stamps save up to 50% on every mail.',
$$Writing mail to a broadcaster? Pay with post stamps instead of credits and save up to 50%.

You can see your stamps and what you spent them on in your [backpack](/myhomeback/stamps).$$),
('special6', 10, 'Special offer: refer a friend',
 'Tell a friend about Glimmer.',
$$Glimmer is better with friends. Tell them about the live rooms, the shows and the hang-outs.

Members who join and verify their email start with free messages and Say Hi allowances.$$)
ON CONFLICT (slug) DO NOTHING;
