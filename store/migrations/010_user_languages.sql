-- 010: each Discord user's language as their client last showed it (its locale, reduced
-- to a language the bot speaks), so what the bot sends a player outside any command — a
-- reminder by direct message — is in the player's language, in every process.

CREATE TABLE user_languages (
    user_id  TEXT PRIMARY KEY,
    language TEXT NOT NULL,
    seen_at  REAL NOT NULL
) WITHOUT ROWID;
