-- 006: one open game per channel or thread (see SQLite's 006). An integer, as there, so
-- `python -m store copy` moves the column as it is.

ALTER TABLE games ADD COLUMN one_per_place INTEGER NOT NULL DEFAULT 0
    CHECK (one_per_place IN (0, 1));

UPDATE games SET one_per_place = 1
WHERE status IN ('lobby', 'running') AND guild_id IS NOT NULL AND guild_id <> 0
  AND coalesce(thread_id, channel_id) IS NOT NULL
  AND (SELECT count(*) FROM games AS other
       WHERE other.status IN ('lobby', 'running')
         AND coalesce(other.thread_id, other.channel_id)
             = coalesce(games.thread_id, games.channel_id)) = 1;

CREATE UNIQUE INDEX games_one_open_per_place ON games (coalesce(thread_id, channel_id))
    WHERE one_per_place = 1 AND status IN ('lobby', 'running');
