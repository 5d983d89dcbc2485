-- 021: chat minutes (spec 002 §1: paid members hold chat-minute packages) get a ledger like credits
-- and stamps: one row per move, written in the transaction that changes members.chatmin, keyed so a
-- repeated action moves once. Nothing spends or grants chat minutes yet, so the first row of every
-- member is the balance his account started with: written here for members that exist, and by a
-- trigger for members created later (the seed, sign-ups), so members.chatmin = SUM(delta) always.
CREATE TABLE chatmin_ledger (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id       text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  -- Minutes: negative spent, positive granted.
  delta         integer NOT NULL CHECK (delta <> 0),
  balance_after integer NOT NULL CHECK (balance_after >= 0),
  reason        text NOT NULL,
  ref           text NOT NULL DEFAULT '',
  idem_key      text NOT NULL UNIQUE,
  at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chatmin_ledger_user ON chatmin_ledger (user_id, id);

INSERT INTO chatmin_ledger (user_id, delta, balance_after, reason, idem_key)
SELECT userid, chatmin, chatmin, 'opening', 'chatmin-opening:' || userid FROM members WHERE chatmin > 0
ON CONFLICT (idem_key) DO NOTHING;

CREATE FUNCTION chatmin_opening() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.chatmin > 0 THEN
    INSERT INTO chatmin_ledger (user_id, delta, balance_after, reason, idem_key)
    VALUES (NEW.userid, NEW.chatmin, NEW.chatmin, 'opening', 'chatmin-opening:' || NEW.userid)
    ON CONFLICT (idem_key) DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER members_chatmin_opening AFTER INSERT ON members
  FOR EACH ROW EXECUTE FUNCTION chatmin_opening();
