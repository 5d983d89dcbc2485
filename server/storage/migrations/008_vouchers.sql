-- 008: broadcast vouchers, chat vouchers and Say Hi allowances, one row each, and when the member
-- last closed the top voucher banner. The expiry sweep claims a voucher by setting expired_at in
-- one UPDATE, so with many processes each expiry is told to the member once.
CREATE TABLE vouchers (
  voucher_id text PRIMARY KEY,
  user_id    text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  kind       text NOT NULL CHECK (kind IN ('broadcast', 'chat', 'say_hi')),
  granted_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  expired_at timestamptz
);
CREATE INDEX vouchers_live ON vouchers (user_id) WHERE used_at IS NULL AND expired_at IS NULL;
CREATE INDEX vouchers_due ON vouchers (expires_at) WHERE used_at IS NULL AND expired_at IS NULL;

ALTER TABLE members ADD COLUMN coupon_notice_closed_at timestamptz;
