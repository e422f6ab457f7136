-- 001: the core schema: games and their seats, the append-only action log, the cached
-- snapshot, events (undo and other out-of-band changes) and processed interaction ids.
--
-- Ids of Discord objects that only the store's callers interpret (guild, channel, thread)
-- are INTEGER snowflakes; player/user ids are TEXT because the rules name players by
-- strings and the console has no snowflakes. Times are UTC unix seconds (REAL).

CREATE TABLE games (
    id             INTEGER PRIMARY KEY,
    guild_id       INTEGER,
    channel_id     INTEGER,
    thread_id      INTEGER,
    host_id        TEXT    NOT NULL,
    edition        TEXT    NOT NULL,
    edition_hash   TEXT    NOT NULL,
    seed           INTEGER NOT NULL,
    language       TEXT    NOT NULL DEFAULT 'en',
    status         TEXT    NOT NULL DEFAULT 'lobby'
                   CHECK (status IN ('lobby', 'running', 'finished', 'abandoned')),
    -- Concurrency token: bumped by every change a stale button must not act on
    -- (a move, an undo, a join, the start). Not the move number: see action_count.
    version        INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    -- The last sequence number in the log. Kept apart from version so that the log stays
    -- dense after an undo (move N is always seq N).
    action_count   INTEGER NOT NULL DEFAULT 0 CHECK (action_count >= 0),
    -- Whose decision is pending, as told by the service (the store knows no rules).
    current_player TEXT,
    settings       TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(settings)),
    created_at     REAL    NOT NULL,
    updated_at     REAL    NOT NULL
);
CREATE INDEX games_by_channel ON games (channel_id, status);
CREATE INDEX games_by_thread ON games (thread_id, status) WHERE thread_id IS NOT NULL;
CREATE INDEX games_by_turn ON games (current_player, status) WHERE current_player IS NOT NULL;

CREATE TABLE game_players (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id      TEXT    NOT NULL,
    seat         INTEGER NOT NULL CHECK (seat >= 0),  -- index in the rules' player list
    display_name TEXT    NOT NULL,
    language     TEXT,                                -- NULL: the game's language
    joined_at    REAL    NOT NULL,
    PRIMARY KEY (game_id, user_id),
    UNIQUE (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX game_players_by_user ON game_players (user_id);

CREATE TABLE actions (
    game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq            INTEGER NOT NULL CHECK (seq >= 1),
    player_id      TEXT    NOT NULL,
    notation       TEXT    NOT NULL,
    created_at     REAL    NOT NULL,
    interaction_id TEXT,
    -- The second guard after the version check: two writers can never both get seq N.
    PRIMARY KEY (game_id, seq)
);

-- The log is the source of truth: rows are appended, or removed by an undo that is
-- recorded in `events`; an action is never rewritten in place.
CREATE TRIGGER actions_append_only BEFORE UPDATE ON actions
BEGIN
    SELECT RAISE(ABORT, 'the action log is append-only');
END;

-- The current state as JSON (State.to_json), a cache of replaying the log.
CREATE TABLE snapshots (
    game_id    INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,
    seq        INTEGER NOT NULL,
    state_json TEXT    NOT NULL,
    updated_at REAL    NOT NULL
);

CREATE TABLE events (
    id         INTEGER PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind       TEXT    NOT NULL,  -- 'start', 'undo', 'status', ...
    user_id    TEXT,
    detail     TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(detail)),
    created_at REAL    NOT NULL
);
CREATE INDEX events_by_game ON events (game_id, id);

-- Discord may deliver an interaction twice (retries, reconnects); the first one wins.
CREATE TABLE processed_interactions (
    interaction_id TEXT PRIMARY KEY,
    game_id        INTEGER,  -- informational only: no foreign key, ids outlive games
    processed_at   REAL NOT NULL
) WITHOUT ROWID;
CREATE INDEX processed_interactions_by_time ON processed_interactions (processed_at);
