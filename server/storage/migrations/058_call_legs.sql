-- 058: the Twilio call center's legs (server/features/call-service/twilio-center.ts), so any process
-- can hang up every leg of a call, whichever process placed it. A leg is a Twilio call (its sid).
CREATE TABLE call_legs (
  leg_id    text PRIMARY KEY,
  call_id   text NOT NULL REFERENCES call_sessions (call_id) ON DELETE CASCADE,
  role      text NOT NULL,
  placed_at timestamptz NOT NULL DEFAULT now(),
  ended_at  timestamptz
);
CREATE INDEX call_legs_call ON call_legs (call_id) WHERE ended_at IS NULL;
