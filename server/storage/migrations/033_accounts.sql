-- 033: joining and keeping an account (server/features/account): email and its verification, one-use
-- link tokens, sign-up limits, the mail outbox, and what the device list shows of a session. (Sign-up's
-- birthday and country go to the profile feature's member_profiles, 035.)

ALTER TABLE users ADD COLUMN IF NOT EXISTS email text;
ALTER TABLE users ADD COLUMN IF NOT EXISTS email_verified boolean NOT NULL DEFAULT false;
-- Set when the account was deleted: it can no longer sign in, its name shows as a deleted member's.
ALTER TABLE users ADD COLUMN IF NOT EXISTS deleted_at timestamptz;
-- Emails are stored in lower case; one account per address.
CREATE UNIQUE INDEX IF NOT EXISTS users_email ON users (email) WHERE email IS NOT NULL;

-- New members' ids: 'M' and a number above the demo ones (M1001..).
CREATE SEQUENCE IF NOT EXISTS member_number START 10001;

-- What the device list shows of a session.
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS user_agent text NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS address text NOT NULL DEFAULT '';

-- Verification, change-of-email and reset links. The token itself is signed and carries its expiry;
-- only its hash is kept, and used_at makes it single-use.
CREATE TABLE account_tokens (
  token_hash text PRIMARY KEY,
  userid     text NOT NULL REFERENCES users (userid) ON DELETE CASCADE,
  purpose    text NOT NULL CHECK (purpose IN ('verify', 'reset', 'change')),
  email      text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_tokens_user ON account_tokens (userid, purpose, created_at);

-- Counted events for the sign-up and reset limits (kind: signup-address, signup-domain, reset-address).
CREATE TABLE account_limits (
  id   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL,
  key  text NOT NULL,
  at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_limits_key ON account_limits (kind, key, at);

-- Proof-of-work challenges already spent (each is good for one sign-up until it expires).
CREATE TABLE signup_challenges_used (
  challenge_hash text PRIMARY KEY,
  expires_at     timestamptz NOT NULL
);

-- The local mail outbox (no SMTP configured): every message kept whole for /dev/mail-outbox.
CREATE TABLE mail_outbox (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  to_address text NOT NULL,
  user_id    text NOT NULL DEFAULT '',
  purpose    text NOT NULL,
  subject    text NOT NULL,
  text_body  text NOT NULL,
  html_body  text NOT NULL,
  at         timestamptz NOT NULL DEFAULT now()
);
