#!/usr/bin/env python3
"""A throwaway PostgreSQL server for the PostgreSQL store's tests and
benchmark: initdb in a temporary directory, then the server on a Unix
socket in that directory only (no TCP), stopped and removed at the end.

PostgreSQL refuses to run as root, so as root the directory is handed to an
unprivileged account (`nobody`, or NX_PG_USER) and initdb, pg_ctl run under
runuser (or su).  The binaries are looked up as pg_config --bindir says,
then /usr/lib/postgresql/*/bin (Debian's layout, the newest version), then
PATH.  Where there are none, Cluster() raises Missing and the command-line
form exits 77 (CTest's SKIP_RETURN_CODE) saying so.

usage: pg_cluster.py COMMAND ARGS...   runs COMMAND with NX_TEST_PG set to
       the store address (pg:host=DIR port=N user=nexus dbname=postgres);
       the server runs with fsync off (tests) unless NX_PG_FSYNC=1 (benchmarks)
"""
import glob
import os
import pwd
import re
import shutil
import subprocess
import sys
import tempfile

SKIP = 77


class Missing(Exception):
    pass


def _bindir():
    cands = []
    cfg = shutil.which("pg_config")
    if cfg:
        out = subprocess.run([cfg, "--bindir"], capture_output=True, text=True).stdout.strip()
        if out:
            cands.append(out)

    def version(path):
        m = re.search(r"/postgresql/(\d+)(?:\.(\d+))?/", path)
        return (int(m.group(1)), int(m.group(2) or 0)) if m else (0, 0)

    cands += sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=version, reverse=True)
    cands += sorted(glob.glob("/usr/local/pgsql*/bin"), reverse=True)
    for d in cands:
        if os.access(os.path.join(d, "initdb"), os.X_OK) and os.access(os.path.join(d, "pg_ctl"), os.X_OK):
            return d
    initdb, pg_ctl = shutil.which("initdb"), shutil.which("pg_ctl")
    if initdb and pg_ctl:
        return os.path.dirname(initdb)
    raise Missing("no PostgreSQL server binaries (initdb, pg_ctl): install the postgresql package "
                  "(scripts/install-deps.sh does)")


def _runner():
    """The argv prefix that runs a command as an unprivileged user."""
    if os.geteuid() != 0:
        return [], None
    user = os.environ.get("NX_PG_USER", "nobody")
    try:
        pw = pwd.getpwnam(user)
    except KeyError:
        raise Missing("running as root and there is no account '%s' to run PostgreSQL as (set NX_PG_USER)" % user)
    if shutil.which("runuser"):
        return ["runuser", "-u", user, "--"], pw
    if shutil.which("setpriv"):
        return ["setpriv", "--reuid=%d" % pw.pw_uid, "--regid=%d" % pw.pw_gid, "--clear-groups", "--"], pw
    raise Missing("running as root without runuser or setpriv to start PostgreSQL as '%s'" % user)


class Cluster:
    """with Cluster() as c: c.store is the address for `nexus serve --store`."""

    def __init__(self, fsync=False, port=54329):
        self.bindir = _bindir()
        self.prefix, self.pw = _runner()
        self.fsync = fsync
        self.port = port

    def _run(self, *argv, check=True):
        # HOME and cwd the unprivileged user may read (root's are not).
        env = dict(os.environ, HOME=self.dir, LC_ALL="C")
        return subprocess.run(self.prefix + list(argv), cwd=self.dir, env=env, capture_output=True, text=True,
                              check=check)

    def __enter__(self):
        self.dir = tempfile.mkdtemp(prefix="nx-pg-")
        os.chmod(self.dir, 0o700)
        if self.pw:
            os.chown(self.dir, self.pw.pw_uid, self.pw.pw_gid)
        self.data = os.path.join(self.dir, "data")
        try:
            self._run(os.path.join(self.bindir, "initdb"), "-D", self.data, "-U", "nexus", "--auth=trust",
                      "--no-sync", "-E", "UTF8")
            opts = "-k %s -c listen_addresses='' -p %d -c fsync=%s -c max_connections=200" % (
                self.dir, self.port, "on" if self.fsync else "off")
            self._run(os.path.join(self.bindir, "pg_ctl"), "-D", self.data, "-l", os.path.join(self.dir, "log"),
                      "-w", "-t", "60", "-o", opts, "start")
        except subprocess.CalledProcessError as e:
            log = ""
            try:
                with open(os.path.join(self.dir, "log")) as f:
                    log = f.read()[-2000:]
            except OSError:
                pass
            self._cleanup()
            raise RuntimeError("PostgreSQL did not start: %s\n%s%s\n%s" % (e.cmd, e.stdout, e.stderr, log))
        self.store = "pg:host=%s port=%d user=nexus dbname=postgres" % (self.dir, self.port)
        return self

    def psql(self, sql):
        psql = os.path.join(self.bindir, "psql")
        out = subprocess.run([psql, "-X", "-A", "-t", "-h", self.dir, "-p", str(self.port), "-U", "nexus", "-d",
                              "postgres", "-c", sql], capture_output=True, text=True, check=True)
        return out.stdout.strip()

    def _cleanup(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def __exit__(self, *exc):
        self._run(os.path.join(self.bindir, "pg_ctl"), "-D", self.data, "-m", "immediate", "-w", "stop",
                  check=False)
        self._cleanup()
        return False


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    try:
        cluster = Cluster(fsync=os.environ.get("NX_PG_FSYNC") == "1")
    except Missing as e:
        print("SKIP:", e)
        return SKIP
    with cluster as c:
        env = dict(os.environ, NX_TEST_PG=c.store)
        return subprocess.run(sys.argv[1:], env=env).returncode


if __name__ == "__main__":
    sys.exit(main())
