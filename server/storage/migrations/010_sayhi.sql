-- 010: Say Hi. One row per Say Hi: one per member and broadcaster ever (the unique key is
-- the 17404 rule, so two sends racing cannot both land). The broadcaster answers once; read_at is
-- set when the member opens the response. Sending uses a 'say_hi' voucher in the same transaction.
CREATE TABLE say_hi (
  say_id       text PRIMARY KEY,
  member_id    text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  anchor_id    text NOT NULL REFERENCES anchors (userid) ON DELETE CASCADE,
  greeting     smallint NOT NULL CHECK (greeting >= 0),
  theme        smallint NOT NULL CHECK (theme >= 0),
  sent_at      timestamptz NOT NULL DEFAULT now(),
  response     text,
  responded_at timestamptz,
  read_at      timestamptz,
  UNIQUE (member_id, anchor_id),
  CHECK ((response IS NULL) = (responded_at IS NULL)),
  CHECK (read_at IS NULL OR responded_at IS NOT NULL)
);
CREATE INDEX say_hi_member ON say_hi (member_id, sent_at DESC, say_id);
CREATE INDEX say_hi_anchor_open ON say_hi (anchor_id, sent_at) WHERE responded_at IS NULL;
