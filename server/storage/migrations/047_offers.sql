-- 047: offers (protocol/offers): holidays with their days and percent off, the broadcasters taking
-- part, and what a flower order cost before its discount.
CREATE TABLE holidays (
  holiday_key  text PRIMARY KEY CHECK (holiday_key ~ '^[a-z0-9-]{1,32}$'),
  name         text NOT NULL,
  -- The first and last day it runs (UTC dates, inclusive).
  starts_on    date NOT NULL,
  ends_on      date NOT NULL CHECK (ends_on >= starts_on),
  percent_off  integer NOT NULL CHECK (percent_off BETWEEN 0 AND 90)
);

CREATE TABLE holiday_anchors (
  holiday_key text NOT NULL REFERENCES holidays (holiday_key) ON DELETE CASCADE,
  anchor_id   text NOT NULL REFERENCES anchors (userid) ON DELETE CASCADE,
  PRIMARY KEY (holiday_key, anchor_id)
);
CREATE INDEX holiday_anchors_anchor ON holiday_anchors (anchor_id);

-- Hundredths of a credit before the offers (NULL: orders from before, at full price).
ALTER TABLE flower_orders ADD COLUMN original_total integer;
