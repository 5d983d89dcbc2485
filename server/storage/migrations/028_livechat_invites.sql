-- 028: the live-chat engine's invitations. Every invitation a broadcaster sends a member (by hand
-- from her workspace or by the automatic engine) is kept: showInvite answers the newest live one,
-- and a broadcaster is not invited again to the same member within 10 minutes.
CREATE TABLE livechat_invites (
  invite_id   text PRIMARY KEY,
  anchor_id   text NOT NULL REFERENCES anchors (userid) ON DELETE CASCADE,
  user_id     text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  -- 0 chat, 1 cam (spec 002 §3 inviteType).
  invite_type integer NOT NULL DEFAULT 0,
  automatic   boolean NOT NULL,
  robot       boolean NOT NULL,
  contact     boolean NOT NULL,
  msg         text NOT NULL,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  -- sent, shown (the display check answered it), ignored (he blocks her).
  status      text NOT NULL DEFAULT 'sent'
);
CREATE INDEX livechat_invites_pair ON livechat_invites (user_id, anchor_id, created_at DESC);

-- A member blocks a broadcaster's invitations (spec 002 §6: invites from blocked users are ignored).
CREATE TABLE livechat_invite_blocks (
  user_id    text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  anchor_id  text NOT NULL REFERENCES anchors (userid) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, anchor_id)
);
