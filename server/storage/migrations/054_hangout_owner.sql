-- 054: the process holding a hang-out's live state (its slots, cameras and timers), so a step of it
-- reaching another process with Janus and a shared bus is forwarded there (features/live/live-cluster.ts).
-- Null with one process.
ALTER TABLE hangout_rooms ADD COLUMN owner text;
