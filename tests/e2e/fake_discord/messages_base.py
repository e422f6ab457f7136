"""Flags and callback types the message routes share."""

# Message flags.
EPHEMERAL = 1 << 6
LOADING = 1 << 7
# Gateway intents that gate message events.
GUILDS, GUILD_MESSAGES, DIRECT_MESSAGES = 1 << 0, 1 << 9, 1 << 12
# Interaction callback types that each interaction type accepts.
CALLBACKS_FOR = {2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}, 5: {4, 5, 6, 7}}
