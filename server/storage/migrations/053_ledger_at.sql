-- Her earnings (server/features/earnings) read the ledger's rows of a window (today, her session)
-- and keep those that lead to her: the window is found by time, not by member.
CREATE INDEX ledger_at ON ledger (at);
