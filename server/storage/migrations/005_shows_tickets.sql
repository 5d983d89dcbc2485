-- 005: shows and tickets on sale. Members follow shows ("Notify me"); a cancelled show keeps when it
-- was cancelled; every member's opening balance becomes a ledger row, so for every member
-- members.credit = SUM(ledger.delta) holds from now on (the seed writes the same rows for new data).

CREATE TABLE show_follows (
  live_show_id text NOT NULL REFERENCES shows (live_show_id) ON DELETE CASCADE,
  member_id    text NOT NULL REFERENCES members (userid) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (live_show_id, member_id)
);
CREATE INDEX show_follows_member ON show_follows (member_id);

ALTER TABLE shows ADD COLUMN cancelled_at timestamptz;
-- Published shows are LS5001, LS5002, ... (the seed's are LS3001..LS3016; media expects LS + digits).
CREATE SEQUENCE show_id_seq START 5001;

-- A databases seeded before this migration: the balance it holds now is the opening balance, less
-- whatever the ledger already moved. Keyed, so it is written once.
INSERT INTO ledger (user_id, delta, balance_after, reason, ref, idem_key)
SELECT m.userid, m.credit - COALESCE(l.total, 0), m.credit, 'opening', '', 'opening:' || m.userid
FROM members m
LEFT JOIN (SELECT user_id, SUM(delta) AS total FROM ledger GROUP BY user_id) l ON l.user_id = m.userid
WHERE m.credit - COALESCE(l.total, 0) <> 0
ON CONFLICT (idem_key) DO NOTHING;
