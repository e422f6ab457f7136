-- 005: leases (see SQLite's 005).

CREATE TABLE leases (
    name       TEXT PRIMARY KEY,
    owner      TEXT NOT NULL,
    expires_at DOUBLE PRECISION NOT NULL
);
