-- 025: premium videos (protocol/premium-videos.ts). A broadcaster's videos, members' interest in
-- them and their purchases: one purchase per member and video, ever (the charge itself is the ledger
-- row with key premium-video:<video_id>:<member>, written in the same transaction).
CREATE TABLE premium_videos (
  video_id    text PRIMARY KEY,
  anchor_id   text NOT NULL REFERENCES anchors (userid) ON DELETE CASCADE,
  title       text NOT NULL,
  description text NOT NULL DEFAULT '',
  duration    integer NOT NULL CHECK (duration > 0),
  -- The uploaded file and cover in the file store; NULL for demo videos (the demo clip, a drawn cover).
  file_key    text UNIQUE,
  cover_key   text UNIQUE,
  is_demo     boolean NOT NULL DEFAULT false,
  price       integer NOT NULL CHECK (price > 0),
  status      text NOT NULL DEFAULT 'listed' CHECK (status IN ('listed', 'deleted')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  deleted_at  timestamptz,
  CHECK (is_demo OR (file_key IS NOT NULL AND cover_key IS NOT NULL))
);
CREATE INDEX premium_videos_listed ON premium_videos (created_at DESC, video_id) WHERE status = 'listed';
CREATE INDEX premium_videos_anchor ON premium_videos (anchor_id, created_at DESC);

CREATE TABLE premium_video_interests (
  video_id   text NOT NULL REFERENCES premium_videos (video_id) ON DELETE CASCADE,
  member_id  text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (video_id, member_id)
);
CREATE INDEX premium_video_interests_member ON premium_video_interests (member_id, created_at DESC);

CREATE TABLE premium_video_purchases (
  video_id   text NOT NULL REFERENCES premium_videos (video_id) ON DELETE CASCADE,
  member_id  text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  price      integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (video_id, member_id)
);
CREATE INDEX premium_video_purchases_member ON premium_video_purchases (member_id, created_at DESC);
