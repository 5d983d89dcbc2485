-- 037: around the app: a member's visits (getActivityTime, the returning-member window), the
-- network speed test's results (/share/v1/t) and clients' socket-error reports (reportResult).
CREATE TABLE user_activity (
  userid        text PRIMARY KEY REFERENCES users (userid) ON DELETE CASCADE,
  -- The visit before the current one (what getActivityTime answers), and the current one.
  previous_at   timestamptz,
  last_at       timestamptz NOT NULL DEFAULT now(),
  visits        integer NOT NULL DEFAULT 1
);

CREATE TABLE speed_tests (
  id          bigserial PRIMARY KEY,
  userid      text NOT NULL REFERENCES users (userid) ON DELETE CASCADE,
  -- The page's test series (the client's sid).
  sid         text NOT NULL,
  -- Round-trip milliseconds of the probe; -1 when it timed out (8 s).
  result_ms   integer NOT NULL,
  tested_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX speed_tests_user ON speed_tests (userid, tested_at);

CREATE TABLE client_reports (
  id          bigserial PRIMARY KEY,
  userid      text NOT NULL REFERENCES users (userid) ON DELETE CASCADE,
  service     smallint NOT NULL,
  user_agent  text NOT NULL,
  reported_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX client_reports_user ON client_reports (userid, reported_at);
