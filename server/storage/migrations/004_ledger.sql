-- 004: every credit move of shows, tickets and bookings is a ledger row written in the same
-- transaction as the balance change. The idempotency key is unique, so an action repeated (a double
-- click, a retried request, a second process) moves money once; the ledger and members.credit agree
-- because both change together or not at all.
CREATE TABLE ledger (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id       text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  -- Hundredths of a credit: negative charges, positive refunds.
  delta         integer NOT NULL CHECK (delta <> 0),
  balance_after integer NOT NULL CHECK (balance_after >= 0),
  reason        text NOT NULL,
  -- What the move is about (a show id, a booking id), for refunds and the member's history.
  ref           text NOT NULL DEFAULT '',
  idem_key      text NOT NULL UNIQUE,
  at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_user ON ledger (user_id, at);
CREATE INDEX ledger_ref ON ledger (ref);
