-- 004: the public turn message is owed, not just attempted. A move that ends a turn (and a
-- start or an undo, which the Discord adapter also announces) records the version whose
-- turn message is due in its own transaction; the post records the version it shows with
-- its message id. A game whose due version is newer than its posted one lost its post (a
-- crash between the commit and the post, or Discord failing the send past its retries)
-- and is posted at the next start or check.
--
-- All NULL for existing games: nothing is known to be owed for them.

ALTER TABLE games ADD COLUMN turn_version INTEGER;   -- the version whose turn post is due
ALTER TABLE games ADD COLUMN board_version INTEGER;  -- the version the latest post shows
-- A recovery post in progress: until this time no other start or check takes it over
-- (two bots starting at once post once), and after a failed attempt it is the back-off.
ALTER TABLE games ADD COLUMN post_claimed_until REAL;

-- "Which games owe a post" is asked every reminder poll; only the few owing are indexed.
CREATE INDEX games_unposted ON games (id)
    WHERE turn_version IS NOT NULL AND turn_version > coalesce(board_version, -1);
