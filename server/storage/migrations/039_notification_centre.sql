-- 039: the notification centre (protocol/notices/notices.ts): a member's do-not-disturb end and the
-- centre entries he has read, so each reads once on every device.
CREATE TABLE notice_quiet (
  userid       text PRIMARY KEY REFERENCES users (userid) ON DELETE CASCADE,
  quiet_until  timestamptz NOT NULL
);

CREATE TABLE notice_reads (
  userid   text NOT NULL REFERENCES users (userid) ON DELETE CASCADE,
  -- `invite:<id>`, `mail:<id>`, `show:<id>`, ...
  key      text NOT NULL,
  read_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (userid, key)
);
CREATE INDEX notice_reads_at ON notice_reads (userid, read_at);
