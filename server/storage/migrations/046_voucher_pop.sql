-- 046: when the voucher pop was last shown to a member; broadcast vouchers granted later are new to
-- him (getPopVoucherAnchorList's needpop). Members already here have been told of what they hold.
ALTER TABLE members ADD COLUMN voucher_pop_seen_at timestamptz;
UPDATE members SET voucher_pop_seen_at = now();
