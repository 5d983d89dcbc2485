-- 009: private messages, Intimacy Level, contacts. One conversation row per member and broadcaster
-- holds the counters the send rules need (free messages used, runs without a reply, unread), locked
-- by each send so two sends of one conversation serialise. A message's msg_key is unique: a retried
-- send (same key) finds its first result instead of sending or charging again.

ALTER TABLE anchors ADD COLUMN is_robot boolean NOT NULL DEFAULT false;

CREATE TABLE pm_conversations (
  member_id     text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  anchor_id     text NOT NULL REFERENCES anchors (userid) ON DELETE CASCADE,
  -- Every message the member ever sent her: the first FREE_PRIVATE_MESSAGES are free.
  member_sent   integer NOT NULL DEFAULT 0 CHECK (member_sent >= 0),
  anchor_sent   integer NOT NULL DEFAULT 0 CHECK (anchor_sent >= 0),
  -- Messages in a row since the other side last wrote (the reply rule).
  member_run    integer NOT NULL DEFAULT 0 CHECK (member_run >= 0),
  anchor_run    integer NOT NULL DEFAULT 0 CHECK (anchor_run >= 0),
  -- Unread by the member (her messages) and by the broadcaster (his).
  member_unread integer NOT NULL DEFAULT 0 CHECK (member_unread >= 0),
  anchor_unread integer NOT NULL DEFAULT 0 CHECK (anchor_unread >= 0),
  last_msg_id   bigint,
  updated_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, anchor_id)
);
CREATE INDEX pm_conversations_member ON pm_conversations (member_id, updated_at DESC);
CREATE INDEX pm_conversations_anchor ON pm_conversations (anchor_id, updated_at DESC);

CREATE TABLE private_messages (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id   text NOT NULL,
  anchor_id   text NOT NULL,
  from_member boolean NOT NULL,
  content     text NOT NULL,
  charge      integer NOT NULL DEFAULT 0 CHECK (charge >= 0),
  msg_key     text NOT NULL UNIQUE,
  is_read     boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (member_id, anchor_id) REFERENCES pm_conversations (member_id, anchor_id) ON DELETE CASCADE
);
CREATE INDEX private_messages_conversation ON private_messages (member_id, anchor_id, id DESC);

-- Experience toward a broadcaster; a row also makes her one of his contacts.
CREATE TABLE intimacy (
  member_id  text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  anchor_id  text NOT NULL REFERENCES anchors (userid) ON DELETE CASCADE,
  experience integer NOT NULL DEFAULT 0 CHECK (experience >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, anchor_id)
);
CREATE INDEX intimacy_anchor ON intimacy (anchor_id);
