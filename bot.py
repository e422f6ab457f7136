"""Entry point: Discord when DISCORD_TOKEN is set, else the local console (issue 6)."""

import sys


def main() -> int:
    print("The Autobahn bot is being built: the local console arrives with issue 6.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
