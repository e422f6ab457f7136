-- 007: a turn's deadline (issue 35) is a reminder row of its own kind, 'deadline': it is
-- committed with the move that hands the turn over and replaced by the next one, exactly
-- like the turn reminders, so a move made in time cancels it in the same transaction and
-- the lease holder's reminder loop finds it due once. SQLite cannot alter a CHECK, so the
-- table is rebuilt with the same columns, rows and indexes.

CREATE TABLE reminders_new (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id    TEXT,  -- NULL for a 'stalled' notice addressed to the channel
    kind       TEXT    NOT NULL CHECK (kind IN ('turn', 'stalled', 'deadline')),
    due_at     REAL    NOT NULL,
    attempt    INTEGER NOT NULL DEFAULT 0 CHECK (attempt >= 0),
    created_at REAL    NOT NULL,
    sent_at    REAL
);
INSERT INTO reminders_new (id, game_id, user_id, kind, due_at, attempt, created_at, sent_at)
    SELECT id, game_id, user_id, kind, due_at, attempt, created_at, sent_at FROM reminders;
DROP TABLE reminders;
ALTER TABLE reminders_new RENAME TO reminders;
CREATE INDEX reminders_due ON reminders (due_at) WHERE sent_at IS NULL;
CREATE INDEX reminders_by_game ON reminders (game_id) WHERE sent_at IS NULL;
