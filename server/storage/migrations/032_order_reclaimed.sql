-- 032: refunds and disputes can come in parts. `reclaimed` is what they have claimed back of the
-- order so far, in its ledger's unit (hundredths of a credit, or minutes): taken from his balance
-- plus the shortfall. Each later event takes only the difference to its own total (ledger key
-- refund:<id>:<total>). Orders refunded before this claimed their refunded share once, rounded as
-- then; a disputed one counts as claimed whole, so nothing already settled is taken again.
ALTER TABLE orders ADD COLUMN reclaimed integer NOT NULL DEFAULT 0 CHECK (reclaimed >= 0);
UPDATE orders SET reclaimed = CASE
    WHEN disputed THEN CASE kind WHEN 'chatmin' THEN minutes ELSE credits * 100 END
    ELSE ROUND((CASE kind WHEN 'chatmin' THEN minutes ELSE credits * 100 END)::numeric
               * LEAST(GREATEST(refunded_cents, 0), amount_cents) / amount_cents)::integer
  END
  WHERE state = 'refunded';
