-- 011: mail (EMF), greeting mail (LOI), post stamps and private media in letters.
-- One row per letter, either way between a member and a broadcaster. A broadcaster's mail is paid
-- to read once (paid_at); greeting mail is free. Stamps move like credits: a stamp_ledger row with a
-- unique idempotency key, written in the same transaction as members.poststamp.
CREATE TABLE mail (
  emf_id      text PRIMARY KEY,
  kind        text NOT NULL CHECK (kind IN ('emf', 'loi')),
  member_id   text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  anchor_id   text NOT NULL REFERENCES anchors (userid) ON DELETE CASCADE,
  from_member boolean NOT NULL,
  content     text NOT NULL,
  reply_to    text,
  needs_pay   boolean NOT NULL DEFAULT false,
  paid_at     timestamptz,
  read_at     timestamptz,
  sent_at     timestamptz NOT NULL DEFAULT now(),
  send_key    text UNIQUE,
  CHECK (kind = 'emf' OR NOT from_member)
);
CREATE INDEX mail_member ON mail (member_id, kind, from_member, sent_at DESC);
CREATE INDEX mail_anchor ON mail (anchor_id, sent_at DESC);

-- Photos and videos a broadcaster attaches (drawn locally for demo letters).
CREATE TABLE mail_media (
  emf_id      text NOT NULL REFERENCES mail (emf_id) ON DELETE CASCADE,
  resource_id text NOT NULL,
  is_video    boolean NOT NULL,
  is_free     boolean NOT NULL,
  describe    text NOT NULL DEFAULT '',
  position    smallint NOT NULL DEFAULT 0,
  PRIMARY KEY (emf_id, resource_id)
);

-- A member's purchases of private media: one per item, ever.
CREATE TABLE mail_media_bought (
  emf_id      text NOT NULL,
  resource_id text NOT NULL,
  member_id   text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  paid_with   text NOT NULL CHECK (paid_with IN ('stamps', 'credits')),
  at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (emf_id, resource_id, member_id),
  FOREIGN KEY (emf_id, resource_id) REFERENCES mail_media (emf_id, resource_id) ON DELETE CASCADE
);

-- Photos a member uploaded (checked by content); emf_id is set once attached to a sent mail.
CREATE TABLE mail_photos (
  photo_id   text PRIMARY KEY,
  member_id  text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  sha256     text NOT NULL,
  mime       text NOT NULL,
  bytes      integer NOT NULL,
  width      integer NOT NULL,
  height     integer NOT NULL,
  emf_id     text REFERENCES mail (emf_id) ON DELETE SET NULL,
  position   smallint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_photos_mail ON mail_photos (emf_id);

CREATE TABLE stamp_ledger (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id       text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  delta         integer NOT NULL CHECK (delta <> 0),
  balance_after integer NOT NULL CHECK (balance_after >= 0),
  reason        text NOT NULL,
  ref           text NOT NULL DEFAULT '',
  idem_key      text NOT NULL UNIQUE,
  at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stamp_ledger_user ON stamp_ledger (user_id, at);
