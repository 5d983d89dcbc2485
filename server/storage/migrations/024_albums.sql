-- 024: a broadcaster's album (My Photos, My Videos on her profile). One row per item: a photo, or a
-- video with its cover photo. Uploaded files live in the file store under file_key / cover_key; a
-- demo item (demo = true) has no files: its picture is drawn and its clip is the demo clip.
CREATE TABLE album_items (
  item_id    text PRIMARY KEY,
  anchor_id  text NOT NULL REFERENCES anchors (userid) ON DELETE CASCADE,
  -- 1 photo, 2 video, 3 text (spec 002 §3).
  type       smallint NOT NULL CHECK (type IN (1, 2, 3)),
  demo       boolean NOT NULL DEFAULT false,
  file_key   text,
  file_mime  text,
  file_bytes integer,
  cover_key  text,
  cover_mime text,
  cover_bytes integer,
  file_desc  text NOT NULL DEFAULT '',
  is_private boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (demo OR type = 3 OR file_key IS NOT NULL),
  CHECK (demo OR type <> 2 OR cover_key IS NOT NULL)
);
CREATE INDEX album_items_anchor ON album_items (anchor_id, type, created_at DESC, item_id DESC);

-- Files she uploaded and has not yet put in her album (addAlbumItem takes them).
CREATE TABLE album_uploads (
  upload_id  text PRIMARY KEY,
  anchor_id  text NOT NULL REFERENCES anchors (userid) ON DELETE CASCADE,
  kind       text NOT NULL CHECK (kind IN ('photo', 'video')),
  file_key   text NOT NULL,
  mime       text NOT NULL,
  bytes      integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX album_uploads_anchor ON album_uploads (anchor_id, created_at);

-- "Interest": the members who marked an item as one they like; the item's interest is their count.
CREATE TABLE album_interest (
  item_id   text NOT NULL REFERENCES album_items (item_id) ON DELETE CASCADE,
  member_id text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (item_id, member_id)
);
