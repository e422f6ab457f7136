-- 005: leases. Work that must happen once across several bot processes (the reminder
-- loop, owed turn posts, computer players' catch-up, backups) runs only in the process
-- holding its lease: one row per kind of work, naming the holder and until when it holds
-- it. A holder renews its row well before `expires_at`; a holder that died stops renewing
-- and the next process takes the row over once it expired. Times are unix seconds, as
-- every time in this schema.

CREATE TABLE leases (
    name       TEXT PRIMARY KEY,
    owner      TEXT NOT NULL,
    expires_at REAL NOT NULL
) WITHOUT ROWID;
