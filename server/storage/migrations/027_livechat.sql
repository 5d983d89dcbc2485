-- 027: live chat ("Chat Now"). A chat is one member and one broadcaster; each started minute is
-- paid at its start in the spend order (free chat ticket, chat voucher, chat minute, credits) and
-- recorded once in livechat_charges under (chat, minute), in the transaction that moves the money
-- and with the chat's row locked, so two processes ticking the same chat pay each minute once.

-- Free chat tickets (countFreeChatTicketInfo's data.chat): one pays the first minutes of a chat;
-- anchor_id names the only broadcaster it is good with (NULL: any), what check_ticket's womanid asks.
CREATE TABLE livechat_tickets (
  ticket_id  text PRIMARY KEY,
  user_id    text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  anchor_id  text REFERENCES anchors (userid) ON DELETE CASCADE,
  granted_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  used_chat  text
);
CREATE INDEX livechat_tickets_live ON livechat_tickets (user_id) WHERE used_at IS NULL;

CREATE TABLE livechat_sessions (
  chat_id        text PRIMARY KEY,
  member_id      text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  anchor_id      text NOT NULL REFERENCES anchors (userid) ON DELETE CASCADE,
  -- The money config key of the rate and the rate (hundredths of a credit a minute).
  timer          text NOT NULL,
  rate           integer NOT NULL CHECK (rate > 0),
  started_at     timestamptz NOT NULL,
  minutes_paid   integer NOT NULL DEFAULT 0,
  -- The ticket or voucher paying minutes up to cover_until (inclusive), if any.
  cover_kind     text,
  cover_id       text,
  cover_until    integer NOT NULL DEFAULT 0,
  last_source    text NOT NULL DEFAULT '',
  -- When either side's window was last heard (a chat nobody hears ends).
  heard_at       timestamptz NOT NULL,
  member_read_id bigint NOT NULL DEFAULT 0,
  anchor_read_id bigint NOT NULL DEFAULT 0,
  ended_at       timestamptz,
  end_code       integer NOT NULL DEFAULT 0
);
-- One open chat per pair: a second start resumes it.
CREATE UNIQUE INDEX livechat_sessions_open_pair ON livechat_sessions (member_id, anchor_id) WHERE ended_at IS NULL;
CREATE INDEX livechat_sessions_open ON livechat_sessions (started_at) WHERE ended_at IS NULL;
CREATE INDEX livechat_sessions_anchor ON livechat_sessions (anchor_id, started_at DESC);
CREATE INDEX livechat_sessions_member ON livechat_sessions (member_id, started_at DESC);

CREATE TABLE livechat_charges (
  chat_id text NOT NULL REFERENCES livechat_sessions (chat_id) ON DELETE CASCADE,
  minute  integer NOT NULL CHECK (minute >= 1),
  source  text NOT NULL CHECK (source IN ('ticket', 'voucher', 'chatmin', 'credit')),
  -- Hundredths of a credit for 'credit', minutes for 'chatmin', 0 for a covered minute.
  amount  integer NOT NULL DEFAULT 0,
  ref     text NOT NULL DEFAULT '',
  at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (chat_id, minute)
);

-- Lines, kept per pair across chats (history pages by msg_id).
CREATE TABLE livechat_messages (
  msg_id    bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  chat_id   text NOT NULL REFERENCES livechat_sessions (chat_id) ON DELETE CASCADE,
  member_id text NOT NULL,
  anchor_id text NOT NULL,
  from_id   text NOT NULL,
  content   text NOT NULL,
  msg_key   text NOT NULL,
  send_time timestamptz NOT NULL DEFAULT now(),
  UNIQUE (chat_id, from_id, msg_key)
);
CREATE INDEX livechat_messages_pair ON livechat_messages (member_id, anchor_id, msg_id DESC);

-- Her livechat_accept: off, she takes no chats.
ALTER TABLE anchors ADD COLUMN livechat_accept boolean NOT NULL DEFAULT true;
