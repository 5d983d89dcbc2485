-- 002: invitations (broadcaster → member, and a member's own requests to a broadcaster) and the
-- click log of invitation bubbles. A request may hold credit (hundredths) until it is answered.

CREATE TABLE invitations (
  invite_id  text PRIMARY KEY,
  kind       text NOT NULL CHECK (kind IN ('instant', 'public', 'scheduled', 'hangout', 'auto_public',
               'auto_private', 'request_instant', 'request_hangout')),
  anchor_id  text NOT NULL REFERENCES anchors (userid) ON DELETE CASCADE,
  user_id    text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  status     text NOT NULL DEFAULT 'sent' CHECK (status IN ('sent', 'shown', 'accepted', 'declined',
               'cancelled', 'expired')),
  log_id     text UNIQUE,
  payload    jsonb NOT NULL DEFAULT '{}',
  -- Credit held from the member until the request is answered (refunded unless accepted).
  hold       integer NOT NULL DEFAULT 0 CHECK (hold >= 0),
  shown_at   timestamptz,
  clicked_at timestamptz,
  closed_at  timestamptz
);
CREATE INDEX invitations_user ON invitations (user_id, created_at DESC);
CREATE INDEX invitations_anchor ON invitations (anchor_id, status, created_at DESC);
CREATE INDEX invitations_open ON invitations (expires_at) WHERE status IN ('sent', 'shown');

-- Every bubble click (autoInvitationClickLog, autoInvitationHangoutClickLog, public invite type 1).
CREATE TABLE invitation_clicks (
  id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id   text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  anchor_id text NOT NULL REFERENCES anchors (userid) ON DELETE CASCADE,
  invite_id text REFERENCES invitations (invite_id) ON DELETE SET NULL,
  kind      text NOT NULL,
  is_auto   smallint NOT NULL DEFAULT 0,
  at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invitation_clicks_user ON invitation_clicks (user_id, at);
