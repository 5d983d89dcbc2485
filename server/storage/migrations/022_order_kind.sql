-- 022: an order buys credits or (paid members only) chat minutes. `kind` says which; a chat-minute
-- order carries its minutes in `minutes` and 0 credits, and is granted through the chat-minute
-- ledger (key order:<id>) as a credit order is through the credit ledger. For a chat-minute order
-- `shortfall` counts minutes a refund or dispute could not take back.
ALTER TABLE orders ADD COLUMN kind text NOT NULL DEFAULT 'credits' CHECK (kind IN ('credits', 'chatmin'));
ALTER TABLE orders ADD COLUMN minutes integer NOT NULL DEFAULT 0;
ALTER TABLE orders DROP CONSTRAINT orders_credits_check;
ALTER TABLE orders ADD CONSTRAINT orders_amount_check CHECK (
  (kind = 'credits' AND credits > 0 AND minutes = 0) OR (kind = 'chatmin' AND minutes > 0 AND credits = 0)
);
