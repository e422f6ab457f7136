-- 002: reminders. Due times live in the database so that a restart neither loses nor
-- repeats them; per-player settings say how and when a player wants to be pinged.

CREATE TABLE reminder_settings (
    id             INTEGER PRIMARY KEY,
    user_id        TEXT    NOT NULL,
    -- NULL: the player's default for every game; otherwise an override for one game.
    game_id        INTEGER REFERENCES games (id) ON DELETE CASCADE,
    delivery       TEXT    NOT NULL CHECK (delivery IN ('channel', 'dm')),
    delay_s        INTEGER NOT NULL CHECK (delay_s >= 0),
    repeat_s       INTEGER NOT NULL CHECK (repeat_s > 0),
    max_repeats    INTEGER NOT NULL CHECK (max_repeats >= 0),
    -- Quiet hours as minutes after local midnight in time_zone; both NULL or both set.
    quiet_start    INTEGER CHECK (quiet_start BETWEEN 0 AND 1439),
    quiet_end      INTEGER CHECK (quiet_end BETWEEN 0 AND 1439),
    time_zone      TEXT    NOT NULL,  -- IANA name, checked by the service
    vacation_until REAL,
    updated_at     REAL    NOT NULL,
    CHECK ((quiet_start IS NULL) = (quiet_end IS NULL))
);
-- One default row and at most one row per game for each user (NULLs are distinct in a
-- plain UNIQUE, hence the expression).
CREATE UNIQUE INDEX reminder_settings_key ON reminder_settings (user_id, ifnull(game_id, 0));

CREATE TABLE reminders (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id    TEXT,  -- NULL for a 'stalled' notice addressed to the channel
    kind       TEXT    NOT NULL CHECK (kind IN ('turn', 'stalled')),
    due_at     REAL    NOT NULL,
    attempt    INTEGER NOT NULL DEFAULT 0 CHECK (attempt >= 0),
    created_at REAL    NOT NULL,
    sent_at    REAL
);
-- The reminder loop asks "what is due and unsent" every few seconds.
CREATE INDEX reminders_due ON reminders (due_at) WHERE sent_at IS NULL;
CREATE INDEX reminders_by_game ON reminders (game_id) WHERE sent_at IS NULL;
