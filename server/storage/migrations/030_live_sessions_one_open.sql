-- 030: one open billing session per member per room, whatever the number of his windows, tabs or
-- processes: a second open meets this index and resumes the first rather than billing again.
-- Sessions left open twice before it (the newest stays) end first, so the index can be built.
UPDATE live_sessions s SET ended_at = now(), end_status = 'sameRoom'
 WHERE s.ended_at IS NULL
   AND EXISTS (SELECT 1 FROM live_sessions t
                WHERE t.member_id = s.member_id AND t.room_id = s.room_id AND t.ended_at IS NULL
                  AND (t.started_at, t.session_id) > (s.started_at, s.session_id));
CREATE UNIQUE INDEX live_sessions_one_open ON live_sessions (member_id, room_id) WHERE ended_at IS NULL;
-- A premium room's seats are counted here (the open sessions in the room).
CREATE INDEX live_sessions_room_open ON live_sessions (room_id) WHERE ended_at IS NULL;
