-- 016: login throttling per account and per address. A failure made from a browser that signed in
-- to the account before (its device cookie) is `trusted` and counted apart, so a stranger's guesses
-- never lock the owner out. A locked account's owner lifts the lock with a code sent to his verified
-- phone (one row per account while a code is out).
ALTER TABLE login_failures ADD COLUMN trusted boolean NOT NULL DEFAULT false;
DROP INDEX login_failures_userid;
CREATE INDEX login_failures_userid ON login_failures (userid, trusted, at);
CREATE INDEX login_failures_at ON login_failures (at);

CREATE TABLE login_unlock_codes (
  userid     text PRIMARY KEY,
  code_hash  text NOT NULL,
  sent_at    timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  sends      integer NOT NULL DEFAULT 1,
  failures   integer NOT NULL DEFAULT 0
);
