-- 035: a member's profile (spec 002 §3 "User data": names, birthday, where and how he lives, an
-- introduction, hobbies, a photo, the wizard's step) and his settings (alert channels, privacy).
-- His live-chat switches stay in members (livechat_accept, livechat_send), where the engine reads them.

CREATE TABLE member_profiles (
  userid       text PRIMARY KEY REFERENCES members (userid) ON DELETE CASCADE,
  firstname    text NOT NULL DEFAULT '',
  lastname     text NOT NULL DEFAULT '',
  birthday     date,
  country      text NOT NULL DEFAULT '',
  city         text NOT NULL DEFAULT '',
  living       smallint NOT NULL DEFAULT 0,
  marry        smallint NOT NULL DEFAULT 0,
  introduction text NOT NULL DEFAULT '',
  hobbies      integer[] NOT NULL DEFAULT '{}',
  -- His uploaded photo in the file store ('' none); users.photourl points at it.
  photo_key    text NOT NULL DEFAULT '',
  step         smallint NOT NULL DEFAULT 0 CHECK (step BETWEEN 0 AND 3),
  submitdate   timestamptz,
  updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE member_settings (
  userid       text PRIMARY KEY REFERENCES members (userid) ON DELETE CASCADE,
  -- {invite|show|mail|online: push|email|off}; a kind left out takes its default.
  alerts       jsonb NOT NULL DEFAULT '{}',
  hide_online  boolean NOT NULL DEFAULT false,
  hide_profile boolean NOT NULL DEFAULT false
);
