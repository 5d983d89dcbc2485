-- 042: safety. A member blocks a broadcaster (her invitations, messages and cards no longer reach
-- him) and reports her to the trust team; one open report per member and broadcaster.
CREATE TABLE safety_blocks (
  member_id  text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  anchor_id  text NOT NULL REFERENCES anchors (userid) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, anchor_id)
);

CREATE TABLE safety_reports (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  member_id   text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  anchor_id   text NOT NULL REFERENCES anchors (userid) ON DELETE CASCADE,
  reason      text NOT NULL CHECK (reason IN ('fake', 'offensive', 'money', 'underage', 'other')),
  body        text NOT NULL DEFAULT '',
  status      text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'handled')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  handled_at  timestamptz,
  handled_by  text,
  note        text NOT NULL DEFAULT ''
);
-- One open report per pair: a second insert fails and answers "already received".
CREATE UNIQUE INDEX safety_reports_open_pair ON safety_reports (member_id, anchor_id) WHERE status = 'open';
CREATE INDEX safety_reports_open ON safety_reports (created_at DESC) WHERE status = 'open';
