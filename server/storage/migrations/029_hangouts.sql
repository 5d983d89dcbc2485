-- 029: hang-out rooms: a member with a broadcaster (the host) and her friends on camera. The room's
-- live state is held by the process whose SFU carries its media; these rows let any process answer
-- getHangoutStatus (18003) and getHangoutingAnchorList, and keep who was in which hang-out.
CREATE TABLE hangout_rooms (
  room_id     text PRIMARY KEY,
  anchor_id   text NOT NULL REFERENCES anchors (userid) ON DELETE CASCADE,
  member_id   text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  -- The member's hang-out request she accepted to start it.
  invite_id   text NOT NULL,
  -- His billing session (live_sessions) once he is in.
  session_id  text,
  started_at  timestamptz NOT NULL DEFAULT now(),
  ended_at    timestamptz,
  end_status  text
);
-- One open hang-out per member and per host.
CREATE UNIQUE INDEX hangout_rooms_member_open ON hangout_rooms (member_id) WHERE ended_at IS NULL;
CREATE UNIQUE INDEX hangout_rooms_anchor_open ON hangout_rooms (anchor_id) WHERE ended_at IS NULL;

-- A friend's place in the room (slot 1..N; the host is slot 0 and has no row). status: spec 000 §4.
CREATE TABLE hangout_slots (
  room_id     text NOT NULL REFERENCES hangout_rooms (room_id) ON DELETE CASCADE,
  slot_no     smallint NOT NULL,
  anchor_id   text REFERENCES anchors (userid) ON DELETE SET NULL,
  status      smallint NOT NULL DEFAULT 9,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (room_id, slot_no)
);

-- Who came into the room and when they left (member, host, friends).
CREATE TABLE hangout_members (
  room_id     text NOT NULL REFERENCES hangout_rooms (room_id) ON DELETE CASCADE,
  user_id     text NOT NULL,
  role        text NOT NULL CHECK (role IN ('member', 'host', 'friend')),
  entered_at  timestamptz NOT NULL DEFAULT now(),
  left_at     timestamptz,
  PRIMARY KEY (room_id, user_id, entered_at)
);
