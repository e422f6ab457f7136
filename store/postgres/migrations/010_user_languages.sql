-- 010: each Discord user's language as their client last showed it (see SQLite's 010).

CREATE TABLE user_languages (
    user_id  TEXT PRIMARY KEY,
    language TEXT NOT NULL,
    seen_at  DOUBLE PRECISION NOT NULL
);
