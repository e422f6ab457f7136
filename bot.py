"""Entry point: Discord when DISCORD_TOKEN is set, else the local console (issue 6)."""

import sys


def main() -> int:
    argv = sys.argv[1:]
    if "--console" not in argv:
        # The Discord branch (issue 7): settings come from the environment and .env.
        from cogs.settings import Settings

        settings = Settings.load(sync_global="--sync-global" in argv)
        if settings.token:
            from cogs.runner import run_discord

            return run_discord(settings)
    print("The Autobahn bot is being built: the local console arrives with issue 6.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
