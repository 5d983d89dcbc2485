-- 057: one scheduled call per broadcaster and hour (protocol/call-service): two members asking for
-- the same time at once get one request; the other is told the time is no longer free.
CREATE UNIQUE INDEX call_orders_scheduled_slot ON call_orders (anchor_id, scheduled_at)
  WHERE call_type = 2 AND status IN ('pending', 'accepted');
