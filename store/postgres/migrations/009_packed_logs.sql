-- 009: storage that stays small (issue 37): SQLite's 009 in PostgreSQL's types. A finished
-- or abandoned game's log and last snapshot packed into one row (store/packing.py).
CREATE TABLE packed_logs (
    game_id          BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    actions          BIGINT NOT NULL CHECK (actions >= 0),
    log              BYTEA  NOT NULL,
    state            BYTEA,
    snapshot_version BIGINT,
    snapshot_seq     BIGINT,
    snapshot_at      DOUBLE PRECISION,
    packed_at        DOUBLE PRECISION NOT NULL
);
-- Compressed already by the store: TOAST moves them out of line but does not try again.
ALTER TABLE packed_logs ALTER COLUMN log SET STORAGE EXTERNAL;
ALTER TABLE packed_logs ALTER COLUMN state SET STORAGE EXTERNAL;

-- The snapshot row of a running game is rewritten by every move, and packing deletes the
-- rows of every finished game: vacuum those two tables after 2 % of their rows changed
-- (the server's default waits for 20 %), so dead rows are reused before the files grow.
ALTER TABLE snapshots SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.05);
ALTER TABLE actions SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.05);
