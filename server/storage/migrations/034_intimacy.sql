-- 034: Intimacy from every interaction with a broadcaster, and the 30-minute show notice on the socket.
-- Each interaction that earns experience is one award row, keyed by the interaction (a room visit,
-- a chat, a letter, a ticket, a Say Hi); its experience only grows (a visit's minutes add up), and
-- only the growth is added to intimacy, so a retry or a second process never counts twice.
CREATE TABLE intimacy_awards (
  member_id  text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  anchor_id  text NOT NULL REFERENCES anchors (userid) ON DELETE CASCADE,
  award_key  text NOT NULL,
  source     text NOT NULL,
  experience integer NOT NULL DEFAULT 0 CHECK (experience >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, anchor_id, award_key)
);

-- When the 30-minute pre-start notice (imShare/showMsgNotice) of a show went out (NULL: not yet).
ALTER TABLE shows ADD COLUMN prestart_notice_at timestamptz;
