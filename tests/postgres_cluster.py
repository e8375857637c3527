"""A throwaway PostgreSQL cluster for the tests of the table store (tests/test_tables.py) and of two Voila servers
sharing one (tests/browser/test_tables_page.py): Debian's package, started in a temporary folder on loopback.
Skipped with a message when the machine has no PostgreSQL or no psycopg, required in CI
(``NINEKIT_POSTGRES_REQUIRED=1``, set by .ci/run)."""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile

import pytest

PG_BIN = sorted(glob.glob("/usr/lib/postgresql/*/bin"))
REQUIRED = os.environ.get("NINEKIT_POSTGRES_REQUIRED") == "1"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def postgres_cluster():
    """Start a cluster, yield its address (``postgresql://ninekit@127.0.0.1:PORT/postgres``), stop and delete it."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        psycopg = None
    missing = "psycopg 3" if psycopg is None else "Debian's postgresql package" if not PG_BIN else None
    if missing:
        if REQUIRED:
            pytest.fail(f"PostgreSQL tests are required here, but {missing} is missing")
        pytest.skip(f"no {missing} on this machine: the PostgreSQL table store is not tested here")
    bin_dir = PG_BIN[-1]
    root = tempfile.mkdtemp(prefix="ninekit-pg-")
    data, port = os.path.join(root, "data"), _free_port()
    as_user = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root: the package's own user runs the cluster
        shutil.chown(root, "postgres")
        os.chmod(root, 0o755)
        as_user = ["runuser", "-u", "postgres", "--"]
    subprocess.run([*as_user, f"{bin_dir}/initdb", "-D", data, "-U", "ninekit", "--auth=trust", "-E", "UTF8"],
                   check=True, capture_output=True)
    subprocess.run([*as_user, f"{bin_dir}/pg_ctl", "-D", data, "-l", os.path.join(root, "log"), "-w", "-o",
                    f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off", "start"],
                   check=True, capture_output=True)
    try:
        yield f"postgresql://ninekit@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*as_user, f"{bin_dir}/pg_ctl", "-D", data, "-m", "immediate", "stop"], capture_output=True)
        shutil.rmtree(root, ignore_errors=True)
