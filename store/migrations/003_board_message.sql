-- 003: the latest board post of a game (the channel or thread and the message id), which
-- reminders link to. Columns of the game, not its settings: the settings JSON is what the
-- host changes with /game settings, and a post is not a setting.
--
-- Both NULL until the first board is posted; the console never posts one.

ALTER TABLE games ADD COLUMN board_channel_id INTEGER;
ALTER TABLE games ADD COLUMN board_message_id INTEGER;

-- The Discord adapter kept the message id in the settings JSON ("board_message") before
-- this column existed; move it here. It always posted in the game's thread or channel.
UPDATE games
   SET board_message_id = json_extract(settings, '$.board_message'),
       board_channel_id = coalesce(thread_id, channel_id)
 WHERE json_type(settings, '$.board_message') = 'integer';
UPDATE games
   SET settings = json_remove(settings, '$.board_message')
 WHERE json_type(settings, '$.board_message') IS NOT NULL;
