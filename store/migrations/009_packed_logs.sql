-- 009: storage that stays small (issue 37). A finished or abandoned game never changes
-- again, so its log and last snapshot are packed into one row: the log's rows as one
-- zlib-compressed JSON document (seq is the position: the log is dense), the snapshot's
-- state as another. `python -m store compact` and the bot's hourly maintenance pack them
-- (store/packing.py); `read_log` and `read_snapshot` read a packed game as before, so
-- nothing above the store knows. A running game's rows stay where a move writes them.
CREATE TABLE packed_logs (
    game_id          INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    actions          INTEGER NOT NULL CHECK (actions >= 0),
    log              BLOB    NOT NULL,  -- zlib(JSON): players, then [player, notation, at, interaction]
    state            BLOB,              -- zlib(state_json) of the last snapshot; NULL if none
    snapshot_version INTEGER,
    snapshot_seq     INTEGER,
    snapshot_at      REAL,
    packed_at        REAL    NOT NULL
);

-- The running games' log without SQLite's hidden rowid: the primary key (game_id, seq) is
-- then the table itself instead of a second b-tree beside it, which held every key twice
-- (bench/RESULTS.md, "Storage"). SQLite cannot change that in place: rebuilt, same rows.
CREATE TABLE actions_new (
    game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq            INTEGER NOT NULL CHECK (seq >= 1),
    player_id      TEXT    NOT NULL,
    notation       TEXT    NOT NULL,
    created_at     REAL    NOT NULL,
    interaction_id TEXT,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
INSERT INTO actions_new (game_id, seq, player_id, notation, created_at, interaction_id)
    SELECT game_id, seq, player_id, notation, created_at, interaction_id FROM actions;
DROP TABLE actions;
ALTER TABLE actions_new RENAME TO actions;
CREATE TRIGGER actions_append_only BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;
