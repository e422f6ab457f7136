-- 007: a turn's deadline is a reminder row of kind 'deadline' (SQLite's 007, where the
-- table is rebuilt; here the CHECK is replaced).

ALTER TABLE reminders DROP CONSTRAINT reminders_kind_check;
ALTER TABLE reminders ADD CONSTRAINT reminders_kind_check
    CHECK (kind IN ('turn', 'stalled', 'deadline'));
