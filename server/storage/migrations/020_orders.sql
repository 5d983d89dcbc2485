-- 020: orders for credit packs. An order is made before the checkout opens and moves only on the
-- provider's signed webhook: created -> paid (credits granted through the ledger, key order:<id>,
-- in the same transaction), created -> failed (and failed -> paid: a later try succeeded), paid ->
-- refunded (refund or dispute; credits taken back, key refund:<id>). `flagged` marks an account
-- whose balance no longer held what a refund or dispute took back; `shortfall` is what was missing.
CREATE TABLE orders (
  order_id            text PRIMARY KEY,
  member_id           text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  pack_id             text NOT NULL,
  credits             integer NOT NULL CHECK (credits > 0),
  amount_cents        integer NOT NULL CHECK (amount_cents > 0),
  currency            text NOT NULL,
  state               text NOT NULL DEFAULT 'created'
                        CHECK (state IN ('created', 'paid', 'failed', 'refunded')),
  provider            text NOT NULL,
  provider_session_id text,
  provider_payment_id text,
  -- Where the checkout sends the browser back (a same-origin path).
  return_path         text NOT NULL,
  failure             text NOT NULL DEFAULT '',
  refunded_cents      integer NOT NULL DEFAULT 0,
  disputed            boolean NOT NULL DEFAULT false,
  flagged             boolean NOT NULL DEFAULT false,
  -- Hundredths of a credit a refund or dispute could not take back.
  shortfall           integer NOT NULL DEFAULT 0,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  paid_at             timestamptz,
  refunded_at         timestamptz
);
CREATE INDEX orders_member ON orders (member_id, created_at);
CREATE UNIQUE INDEX orders_session ON orders (provider, provider_session_id);
CREATE INDEX orders_payment ON orders (provider_payment_id);
