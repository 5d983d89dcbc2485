-- 001: accounts, broadcasters, follows, gifts, shows and tickets, sessions, login failures, settings.
-- Money is held in hundredths of a credit (integer) so sums never drift; CHECKs keep balances >= 0.

CREATE TABLE users (
  userid        text PRIMARY KEY,
  role          text NOT NULL CHECK (role IN ('man', 'lady')),
  nickname      text NOT NULL,
  password_hash text NOT NULL,
  photourl      text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE members (
  userid          text PRIMARY KEY REFERENCES users (userid) ON DELETE CASCADE,
  credit          integer NOT NULL DEFAULT 0 CHECK (credit >= 0),
  poststamp       integer NOT NULL DEFAULT 0 CHECK (poststamp >= 0),
  chatmin         integer NOT NULL DEFAULT 0 CHECK (chatmin >= 0),
  is_paid         boolean NOT NULL DEFAULT false,
  consume_level   integer NOT NULL DEFAULT 0,
  agree_provision boolean NOT NULL DEFAULT false,
  livechat_accept boolean NOT NULL DEFAULT true,
  livechat_send   boolean NOT NULL DEFAULT true,
  guide_mail      boolean NOT NULL DEFAULT false,
  used_sayhi      integer NOT NULL DEFAULT 0 CHECK (used_sayhi >= 0),
  priv            jsonb NOT NULL
);

CREATE TABLE anchors (
  userid         text PRIMARY KEY REFERENCES users (userid) ON DELETE CASCADE,
  birthday       date NOT NULL,
  country        text NOT NULL,
  city           text NOT NULL,
  introduction   text NOT NULL DEFAULT '',
  state          text NOT NULL DEFAULT 'offline' CHECK (state IN ('online', 'live', 'offline')),
  public_room_id text NOT NULL DEFAULT '',
  room_type      integer NOT NULL DEFAULT 0,
  anchor_type    smallint NOT NULL DEFAULT 1 CHECK (anchor_type IN (1, 2)),
  account_status integer NOT NULL DEFAULT 1,
  is_featured    boolean NOT NULL DEFAULT false,
  hot_score      integer NOT NULL DEFAULT 0,
  priv           jsonb NOT NULL,
  interests      integer[] NOT NULL DEFAULT '{}',
  coverurl       text NOT NULL DEFAULT ''
);
CREATE INDEX anchors_hot ON anchors (hot_score DESC, userid);

CREATE TABLE follows (
  member_id  text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  anchor_id  text NOT NULL REFERENCES anchors (userid) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, anchor_id)
);
CREATE INDEX follows_anchor ON follows (anchor_id);

CREATE TABLE gifts (
  giftid       text PRIMARY KEY,
  name         text NOT NULL,
  credit       integer NOT NULL CHECK (credit >= 0),
  imgurl       text NOT NULL,
  new_user_num integer NOT NULL DEFAULT 0 CHECK (new_user_num >= 0),
  sort_order   integer NOT NULL DEFAULT 0
);

CREATE TABLE shows (
  live_show_id text PRIMARY KEY,
  anchor_id    text NOT NULL REFERENCES anchors (userid) ON DELETE CASCADE,
  title        text NOT NULL,
  introduce    text NOT NULL DEFAULT '',
  cover        text NOT NULL DEFAULT '',
  price        integer NOT NULL CHECK (price >= 0),
  start_time   timestamptz NOT NULL,
  duration_min integer NOT NULL CHECK (duration_min > 0),
  status       smallint NOT NULL DEFAULT 1 CHECK (status IN (1, 3, 4, 5)),
  capacity     integer NOT NULL CHECK (capacity > 0),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shows_anchor ON shows (anchor_id, start_time);
CREATE INDEX shows_start ON shows (start_time);

-- One row per member and show: a ticket can never be sold twice; status 1 bought, 2 refunded.
CREATE TABLE tickets (
  live_show_id text NOT NULL REFERENCES shows (live_show_id) ON DELETE CASCADE,
  member_id    text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  status       smallint NOT NULL CHECK (status IN (1, 2)),
  price        integer NOT NULL CHECK (price >= 0),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (live_show_id, member_id)
);
CREATE INDEX tickets_member ON tickets (member_id);

-- Only a hash of the session id is kept, so a leaked table cannot be replayed as cookies.
CREATE TABLE sessions (
  id_hash    text PRIMARY KEY,
  userid     text NOT NULL REFERENCES users (userid) ON DELETE CASCADE,
  role       text NOT NULL CHECK (role IN ('man', 'lady')),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_expires ON sessions (expires_at);

CREATE TABLE login_failures (
  id      bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  userid  text NOT NULL,
  address text NOT NULL,
  at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_userid ON login_failures (userid, at);
CREATE INDEX login_failures_address ON login_failures (address, at);

CREATE TABLE settings (
  key   text PRIMARY KEY,
  value text NOT NULL
);
