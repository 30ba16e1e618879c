#!/usr/bin/env python3
"""kill -9 of `nexus serve --listen` at random points while several clients
play their rooms at once, in a bounded number of rounds.  After each kill a
new server opens every room and, per client: every acknowledged action is
in the stored log, in order; the only other stored action, if any, is the
one the client had in flight (sent, no reply); the room reopens (replaying
its log with every result equal to the stored one, so nothing is
half-applied); and the client's retry of its in-flight action succeeds
(the original result if it was stored, applied afresh if not), after which
the log is exactly what the client was told.

The server answers each poll round's requests after one group commit of
the round (nx_listen.c), so a kill often lands with a group in flight: its
replies must never have been sent, and whatever of it is stored must be
only in-flight actions.  --clients N (default 4) plays N rooms at once, so
the groups hold many rooms' actions.

usage: serve_kill.py NEXUS [--pg] [--clients N]   (--pg: the PostgreSQL
store, on a server this test starts; skipped, 77, without PostgreSQL)
"""
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from serve_lib import Conn, Tally  # noqa: E402

tally = Tally("serve_kill")
check = tally.check

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

ROUNDS, CLIENTS = 6, 4
if "--clients" in sys.argv[2:]:
    CLIENTS = int(sys.argv[sys.argv.index("--clients") + 1])
LEASE_MS = 400

class Client:
    """One room, played by choosing from `moves`, with what it was told."""

    def __init__(self, name, tokens):
        self.room, self.host, self.seats = name, tokens["host"], tokens["seats"]
        self.acked = []        # ids acknowledged, in order
        self.inflight = None   # the request sent without a reply
        self.n = 0
        self.done = False

    def next_request(self, c):
        for s, tok in enumerate(self.seats):
            m = c.ask(cmd="moves", room=self.room, seat=s, token=tok)
            if m.get("ok") and m["to_move"] and m["moves"]:
                act = dict(m["moves"][0], version=m["version"], seat=s, id="%s-%d" % (self.room, self.n))
                self.n += 1
                return dict(cmd="apply", room=self.room, token=tok, action=act)
        return None

    def play(self, path):
        try:
            c = Conn(path, timeout=120)
            while True:
                req = self.next_request(c)
                if req is None:
                    self.done = True
                    return
                self.inflight = req
                r = c.ask(**req)
                check(r.get("ok"), "%s: nothing is refused while the server runs: %s" % (self.room, r))
                if not r.get("ok"):
                    return
                self.acked.append(req["action"]["id"])
                self.inflight = None
        except (ConnectionError, OSError, ValueError):
            return   # killed under us: the in-flight request stays unknown

    def stored_ids(self, c):
        g = c.ask(cmd="save", room=self.room, token=self.host)["game"]
        return [e["action"].get("id") for e in g["log"]]

    def verify(self, c, rnd):
        ids = self.stored_ids(c)
        k = len(self.acked)
        check(ids[:k] == self.acked, "round %d %s: every acknowledged action is stored, in order" % (rnd, self.room))
        extra = ids[k:]
        want = [self.inflight["action"]["id"]] if self.inflight else []
        check(extra in ([], want), "round %d %s: nothing but the in-flight action is stored beyond the "
              "acknowledged ones: %s (in flight %s)" % (rnd, self.room, extra, want))
        if self.inflight:
            r = c.ask(**self.inflight)
            check(r.get("ok"), "round %d %s: the retry of the in-flight action succeeds: %s" % (rnd, self.room, r))
            if r.get("ok"):
                self.acked.append(self.inflight["action"]["id"])
            self.inflight = None
        check(self.stored_ids(c) == self.acked, "round %d %s: the log is what the client was told" % (rnd, self.room))
        return bool(extra)


def serve(nexus, store, path):
    if os.path.exists(path):
        os.unlink(path)
    p = subprocess.Popen([nexus, "serve", "--store", store, "--lease-ms", str(LEASE_MS), "--listen", "unix:" + path],
                         stderr=subprocess.PIPE, text=True)
    line = p.stderr.readline()
    check("listening on" in line, "server announces it listens: " + line)
    return p


def open_all(c, clients):
    """Open every room; a PostgreSQL room is free once the dead owner's lease expired."""
    for cl in clients:
        deadline = time.time() + 30
        while True:
            r = c.ask(cmd="open", room=cl.room)
            if r["ok"] or r.get("code") != "owned" or time.time() > deadline:
                break
            time.sleep(0.1)
        check(r["ok"], "%s reopens after the kill: %s" % (cl.room, r))


def run(nexus, store, tmp):
    rng = random.Random(16)
    path = os.path.join(tmp, "k.sock")
    p = serve(nexus, store, path)
    c = Conn(path, timeout=120)
    clients = []
    for i in range(CLIENTS):
        r = c.ask(cmd="new", room="k%d" % i, factions=["harkonnen", "atreides", "emperor"][: 2 + i % 2], seed=10 + i)
        check(r["ok"], "room k%d is created: %s" % (i, r))
        clients.append(Client("k%d" % i, r["tokens"]))
    c.s.close()
    unknown = 0
    for rnd in range(ROUNDS):
        threads = [threading.Thread(target=cl.play, args=(path,)) for cl in clients]
        for t in threads:
            t.start()
        time.sleep(rng.uniform(0.05, 1.5))
        p.send_signal(signal.SIGKILL)
        p.wait()
        for t in threads:
            t.join(timeout=120)
        p = serve(nexus, store, path)
        c = Conn(path, timeout=120)
        open_all(c, clients)
        for cl in clients:
            unknown += cl.verify(c, rnd)
        c.s.close()
        print("round %d: acknowledged %s" % (rnd, [len(cl.acked) for cl in clients]))
    p.terminate()
    p.wait(timeout=20)
    check(sum(len(cl.acked) for cl in clients) > 0, "the clients did play between the kills")
    print("serve_kill: %d in-flight actions found stored after a kill" % unknown)


def main():
    nexus = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        if "--pg" in sys.argv[2:]:
            import pg_cluster
            try:
                cluster = pg_cluster.Cluster()
            except pg_cluster.Missing as e:
                print("SKIP:", e)
                return pg_cluster.SKIP
            with cluster as pg:
                run(nexus, pg.store, pg.dir)
        else:
            run(nexus, os.path.join(tmp, "rooms.db"), tmp)
    return tally.report()


if __name__ == "__main__":
    sys.exit(main())
