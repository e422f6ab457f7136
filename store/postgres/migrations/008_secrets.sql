-- 008: secrets the bot makes for itself (see SQLite's 008).

CREATE TABLE secrets (
    name       TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    created_at DOUBLE PRECISION NOT NULL
);
