-- 050: a session whose side went away (his tab closed, or her connection in a One-on-One dropped)
-- waits out the resume grace without running up minutes. While away_since is set, no minute that
-- starts after it is charged (on any process: the tick reads it here). His coming back clears it and
-- the minutes due are charged as usual; her coming back clears it and moves started_at on by the
-- time she was away, so he never pays for time without her. A grace that runs out ends the session
-- at away_since. away_side: 'member' or 'anchor', who went.
ALTER TABLE live_sessions ADD COLUMN away_since timestamptz;
ALTER TABLE live_sessions ADD COLUMN away_side text;
