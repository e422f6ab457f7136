-- 004: the turn post owed (see SQLite's 004).

ALTER TABLE games ADD COLUMN turn_version BIGINT;
ALTER TABLE games ADD COLUMN board_version BIGINT;
ALTER TABLE games ADD COLUMN post_claimed_until DOUBLE PRECISION;

CREATE INDEX games_unposted ON games (id)
    WHERE turn_version IS NOT NULL AND turn_version > coalesce(board_version, -1);
