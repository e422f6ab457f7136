"""A real PostgreSQL server for tests and benchmarks: $AUTOBAHN_TEST_POSTGRES, or a
throwaway cluster started with initdb and pg_ctl in a temporary directory.

PostgreSQL refuses to run as root; as root (CI, this machine) the cluster runs as the
`postgres` user (or `nobody`) through runuser, in a directory that user owns. It listens
on a Unix socket in that directory only, so parallel runs never fight over a port.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

ENV_URL = "AUTOBAHN_TEST_POSTGRES"
ENV_REQUIRE = "CI_REQUIRE_POSTGRES"
# The test server trades durability for speed (the benchmark starts its own, durable one).
FAST = ("-c fsync=off -c full_page_writes=off -c synchronous_commit=off "
        "-c max_connections=300")


class Unavailable(RuntimeError):
    """No PostgreSQL server can be had here; the message says why."""


def binaries() -> Path | None:
    """The folder with initdb and pg_ctl: on PATH, else Debian's /usr/lib/postgresql/N/bin."""
    for tool in ("initdb", "pg_ctl"):
        found = shutil.which(tool)
        if found is None:
            break
    else:
        return Path(str(shutil.which("pg_ctl"))).resolve().parent
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), reverse=True)
    return Path(candidates[0]).parent if candidates else None


def _runner() -> tuple[list[str], pwd.struct_passwd | None]:
    """The command prefix that runs a server tool as an unprivileged user, and that user."""
    if os.geteuid() != 0:
        return [], None
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            user = pwd.getpwnam(name)
            return ["runuser", "-u", name, "--"], user
    raise Unavailable("running as root and no 'postgres' or 'nobody' user to run PostgreSQL")


@contextlib.contextmanager
def local_cluster(options: str = FAST) -> Iterator[str]:
    """Start a throwaway cluster; yields the URL of its `postgres` database; stops it and
    removes its files at exit."""
    bin_dir = binaries()
    if bin_dir is None:
        raise Unavailable("no initdb/pg_ctl on PATH or under /usr/lib/postgresql "
                          "(install Debian's 'postgresql' package, or set "
                          f"{ENV_URL}=postgresql://...)")
    prefix, user = _runner()
    root = Path(tempfile.mkdtemp(prefix="autobahn-pg-"))
    if user is not None:
        os.chown(root, user.pw_uid, user.pw_gid)
    data = root / "data"

    def run(*args: str) -> None:
        done = subprocess.run([*prefix, *args], capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            log = (root / "log").read_text() if (root / "log").exists() else ""
            raise Unavailable(f"{args[0]} failed: {done.stderr.strip()} {log[-2000:]}")

    try:
        run(str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust",
            "-E", "UTF8", "--no-locale", "--no-sync")
        run(str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(root / "log"), "-w",
            "-o", f"-k {root} -c listen_addresses='' {options}", "start")
    except BaseException:
        shutil.rmtree(root, ignore_errors=True)
        raise
    try:
        yield f"postgresql://postgres@/postgres?host={quote(str(root), safe='')}"
    finally:
        subprocess.run([*prefix, str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate",
                        "stop"], capture_output=True, timeout=60)
        shutil.rmtree(root, ignore_errors=True)


def with_database(url: str, database: str) -> str:
    """`url` naming another database on the same server."""
    head, _, query = url.partition("?")
    base = head.rsplit("/", 1)[0]
    return f"{base}/{database}" + (f"?{query}" if query else "")


def with_schema(url: str, schema: str) -> str:
    """`url` whose connections create and find tables in `schema` (one per test)."""
    sep = "&" if "?" in url else "?"
    return f"{url}{sep}options={quote(f'-csearch_path={schema}', safe='')}"


class Server:
    """One database of a server for a test session; `fresh()` gives each test a schema."""

    def __init__(self, admin_url: str, database: str) -> None:
        import psycopg

        self._counter = itertools.count()
        self._prefix = database
        with psycopg.connect(admin_url, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {database}".encode())
            conn.execute(f"CREATE DATABASE {database}".encode())
        self.admin_url = admin_url
        self.url = with_database(admin_url, database)
        self._conn = psycopg.connect(self.url, autocommit=True)

    def fresh(self) -> str:
        schema = f"t{next(self._counter)}"
        self._conn.execute(f"CREATE SCHEMA {schema}".encode())
        return with_schema(self.url, schema)

    def version(self) -> str:
        row = self._conn.execute(b"SHOW server_version").fetchone()
        return str(row[0]) if row else "?"

    def close(self) -> None:
        import psycopg

        self._conn.close()
        with contextlib.suppress(psycopg.Error), psycopg.connect(
            self.admin_url, autocommit=True
        ) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {self._prefix} WITH (FORCE)".encode())
