-- 051: the seat directory for scale-out with Janus. A seat (one viewer connection in a room) is held
-- by the process that owns its Janus handle; any process finds it here and forwards the step to the
-- owner over the bus (features/live/live-cluster-rpc.ts). A row goes when its seat closes; a dead
-- owner's rows are removed by the process that finds it gone (a call answered 10830).
CREATE TABLE live_seats (
  viewer_id text PRIMARY KEY,
  session_id text,
  member_id text NOT NULL,
  anchor_id text NOT NULL,
  room_id text NOT NULL,
  one_on_one boolean NOT NULL DEFAULT false,
  owner text NOT NULL,
  -- In a One-on-One: the id of her receiving connection for his camera, once she watches it.
  camera_view_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX live_seats_room ON live_seats (room_id);
CREATE INDEX live_seats_session ON live_seats (session_id);
CREATE INDEX live_seats_owner ON live_seats (owner);
