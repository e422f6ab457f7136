-- 003: the latest board post of a game. SQLite's 003 also moves a "board_message" key out
-- of the settings JSON, written by adapters older than PostgreSQL support: no PostgreSQL
-- database holds one (`store copy` copies from a migrated SQLite file).

ALTER TABLE games ADD COLUMN board_channel_id BIGINT;
ALTER TABLE games ADD COLUMN board_message_id BIGINT;
