-- 005: leases. Work that must happen once however many bot processes run (the reminder
-- loop, owed turn posts, computer players' turns, backups) is done by the holder of its
-- lease: a named row with an owner and an expiry, renewed while the holder lives and
-- taken over by another process once it has expired. Times are the callers' unix seconds.

CREATE TABLE leases (
    name       TEXT PRIMARY KEY,
    owner      TEXT NOT NULL,
    expires_at REAL NOT NULL
) WITHOUT ROWID;
