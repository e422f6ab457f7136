-- 008: secrets the bot makes for itself, by name: the key that seals a running game's
-- seed in its exported record (service/sealing.py). Created once by whichever process
-- needs it first, shared by every process on this database, kept by its backups (a
-- restored backup reads the records it sealed), and never in the repository. The
-- database file is created readable by its owner only.

CREATE TABLE secrets (
    name       TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    created_at REAL NOT NULL
) WITHOUT ROWID;
