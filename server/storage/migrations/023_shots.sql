-- 023: a broadcaster's shots (posts) and members' likes. A photo or video shot keeps its files in
-- the file store (file_key, and cover_key for a video's cover) or, for demo shots, none: the server
-- draws the picture and plays the demo clip. A private comment on a shot keeps the shot's id on the
-- message (no foreign key: a deleted shot leaves the comment, shown without its shot).

CREATE TABLE shots (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  anchor_id       text NOT NULL REFERENCES anchors (userid) ON DELETE CASCADE,
  type            smallint NOT NULL CHECK (type IN (1, 2, 3)),
  file_key        text,
  file_mime       text,
  file_bytes      bigint,
  cover_key       text,
  cover_mime      text,
  cover_bytes     bigint,
  is_demo         boolean NOT NULL DEFAULT false,
  content         text NOT NULL DEFAULT '',
  is_private      boolean NOT NULL DEFAULT false,
  is_show_profile boolean NOT NULL DEFAULT true,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shots_anchor ON shots (anchor_id, id DESC);

CREATE TABLE shot_likes (
  shot_id    bigint NOT NULL REFERENCES shots (id) ON DELETE CASCADE,
  member_id  text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (shot_id, member_id)
);

ALTER TABLE private_messages ADD COLUMN dynamics_id bigint;
