#!/usr/bin/env python3
"""The PostgreSQL store over real sockets, against a real PostgreSQL server
this test starts itself (pg_cluster.py): two `nexus serve` processes share
one database; a room is owned by one of them (the other is refused with
code "owned"); compare-and-swap and idempotent retries work as with SQLite;
a paused owner whose lease expired is fenced (its write is refused with
code "lease" and nothing of it is stored) while the other took the room
over; after kill -9 of an owner its rooms are taken over once the lease
expires, with every acknowledged action, and a retry of the last one is
answered with its original result.  Exits 77 (skipped) without PostgreSQL.

usage: serve_pg.py NEXUS
"""
import os
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pg_cluster  # noqa: E402
from serve_lib import Conn, Tally  # noqa: E402

tally = Tally("serve_pg")
check = tally.check

LEASE_MS = 1500

def serve(nexus, store, path):
    p = subprocess.Popen([nexus, "serve", "--store", store, "--lease-ms", str(LEASE_MS), "--listen", "unix:" + path],
                         stderr=subprocess.PIPE, text=True)
    line = p.stderr.readline()
    check("listening on" in line, "server announces it listens: " + line)
    return p


def next_move(c, room, seats):
    """(seat, action with version) of the seat to move, from `moves`."""
    for s, tok in enumerate(seats):
        m = c.ask(cmd="moves", room=room, seat=s, token=tok)
        if m.get("ok") and m["to_move"] and m["moves"]:
            return s, dict(m["moves"][0], version=m["version"], seat=s)
    raise AssertionError("nobody to move in %s" % room)


def play(c, room, seats, n, tag):
    """n actions, each acknowledged; returns the last (request, reply)."""
    last = None
    for i in range(n):
        s, act = next_move(c, room, seats)
        req = dict(cmd="apply", room=room, token=seats[s], action=dict(act, id="%s-%d" % (tag, i)))
        r = c.ask(**req)
        check(r.get("ok"), "%s action %d is acknowledged: %s" % (room, i, r))
        last = (req, r)
    return last


def main():
    nexus = sys.argv[1]
    try:
        cluster = pg_cluster.Cluster()
    except pg_cluster.Missing as e:
        print("SKIP:", e)
        return pg_cluster.SKIP
    with cluster as pg:
        run(nexus, pg)
    return tally.report()


def run(nexus, pg):
    pa, pb, pc = (os.path.join(pg.dir, x + ".sock") for x in "abc")
    A, B, C = serve(nexus, pg.store, pa), serve(nexus, pg.store, pb), None
    try:
        a, a2, b = Conn(pa, timeout=60), Conn(pa, timeout=60), Conn(pb, timeout=60)
        r = a.ask(cmd="new", room="r1", factions=["harkonnen", "atreides"], seed=3)
        check(r["ok"], "A creates r1: %s" % r)
        host, seats = r["tokens"]["host"], r["tokens"]["seats"]
        rooms = b.ask(cmd="rooms")
        check(rooms["stored"] == ["r1"] and rooms["open"] == [], "B sees A's room in the shared store: %s" % rooms)
        r = b.ask(cmd="open", room="r1")
        check(not r["ok"] and r["code"] == "owned" and "owned by another server" in r["error"],
              "B cannot open a room A owns: %s" % r)
        r = b.ask(cmd="new", room="r1", factions=["harkonnen", "atreides"], seed=3)
        check(not r["ok"] and "already exists" in r["error"], "B cannot create r1 again: %s" % r)

        # Compare-and-swap: two clients of A send the same version.
        s, act = next_move(a, "r1", seats)
        a.send(dict(cmd="apply", room="r1", token=seats[s], action=dict(act, id="x1"), id=1))
        a2.send(dict(cmd="apply", room="r1", token=host, action=dict(act, id="x2"), id=2))
        ra, rb = a.read(), a2.read()
        check([ra["ok"], rb["ok"]].count(True) == 1, "exactly one racer wins: %s / %s" % (ra, rb))
        check((rb if ra["ok"] else ra).get("code") == "stale", "the other is stale")
        win = ra if ra["ok"] else rb
        # Idempotent retry: the same id again is the original result.
        again = a.ask(cmd="apply", room="r1", token=host, action=dict(act, id=win is ra and "x1" or "x2"))
        check(again.get("ok") and again.get("version") == win.get("version"),
              "a retry of a committed id returns its result: %s / %s" % (again, win))
        play(a, "r1", seats, 3, "a")
        stored = int(pg.psql("SELECT COUNT(*) FROM nx_actions WHERE room = 'r1'"))
        check(stored == 4, "every acknowledged action is in PostgreSQL (%d of 4)" % stored)

        # Fencing: A pauses past its lease, B takes r1 over and plays;
        # A's write, sent while it was paused, is refused on waking.
        s, act = next_move(a, "r1", seats)
        fence = int(pg.psql("SELECT fence FROM nx_leases WHERE room = 'r1'"))
        A.send_signal(signal.SIGSTOP)
        time.sleep(LEASE_MS / 1000 * 1.6)
        r = b.ask(cmd="open", room="r1")
        check(r["ok"] and r["version"] == 4, "B takes r1 over once A's lease expired: %s" % r)
        check(int(pg.psql("SELECT fence FROM nx_leases WHERE room = 'r1'")) == fence + 1, "the takeover raised the fence")
        play(b, "r1", seats, 2, "b")
        a.send(dict(cmd="apply", room="r1", token=seats[s], action=dict(act, id="stale-1")))
        A.send_signal(signal.SIGCONT)
        r = a.read()
        check(not r["ok"] and r["code"] == "lease" and "lost its lease" in r["error"],
              "the stale owner's write is refused: %s" % r)
        ids = pg.psql("SELECT string_agg(action::json->>'id', ',' ORDER BY seq) FROM nx_actions WHERE room = 'r1'")
        check("stale-1" not in ids and ids.endswith("b-0,b-1"), "nothing of the stale write is stored: %s" % ids)
        check(a.ask(cmd="rooms")["open"] == [], "A dropped the room it lost")
        r = a.ask(cmd="open", room="r1")
        check(not r["ok"] and r["code"] == "owned", "and cannot reopen it while B owns it: %s" % r)

        # Takeover after kill -9: A's acknowledged actions are all there.
        r = a.ask(cmd="new", room="r2", factions=["harkonnen", "atreides"], seed=5)
        host2, seats2 = r["tokens"]["host"], r["tokens"]["seats"]
        req, last = play(a, "r2", seats2, 5, "k")
        A.send_signal(signal.SIGKILL)
        A.wait()
        r = b.ask(cmd="open", room="r2")
        check(not r["ok"] and r["code"] == "owned", "a dead owner's lease holds until it expires: %s" % r)
        deadline = time.time() + 10 * LEASE_MS / 1000
        while not r["ok"] and time.time() < deadline:
            time.sleep(0.2)
            r = b.ask(cmd="open", room="r2")
        check(r["ok"] and r["version"] == last["version"], "B takes r2 over with every acknowledged action: %s" % r)
        retry = b.ask(**req)
        check(retry.get("ok") and retry.get("version") == last["version"],
              "a client retrying its last action on B gets the original answer: %s" % retry)
        play(b, "r2", seats2, 2, "k2")
        # close hands the room over at once, without waiting for the lease.
        check(b.ask(cmd="close", room="r2", token=host2)["ok"], "B closes r2")
        C = serve(nexus, pg.store, pc)
        c = Conn(pc, timeout=60)
        r = c.ask(cmd="open", room="r2")
        check(r["ok"], "a third server opens a closed room at once: %s" % r)
        check(b.ask(cmd="open", room="r2")["code"] == "owned", "and B is refused it now")
        # Delete: the host's, on the owning server; its rows go with it.
        check(b.ask(cmd="delete", room="r2", token=host2)["code"] == "owned", "B may not delete C's room")
        check(c.ask(cmd="delete", room="r2", token=host)["code"] == "unauthorized", "delete needs r2's host token")
        check(c.ask(cmd="delete", room="r2", token=host2)["ok"], "C deletes r2")
        check(pg.psql("SELECT COUNT(*) FROM nx_actions WHERE room = 'r2'") == "0", "r2's actions are gone")
        # A clean stop hands B's rooms over at once too.
        B.terminate()
        B.wait(timeout=20)
        r = c.ask(cmd="open", room="r1")
        check(r["ok"] and r["version"] == 6, "C opens r1 as soon as B stopped: %s" % r)
    finally:
        for p in (A, B, C):
            if p and p.poll() is None:
                p.terminate()
                p.wait(timeout=20)
    check(B.returncode == 0, "B stops cleanly (%s)" % B.returncode)
    bad = subprocess.run([nexus, "serve", "--store", "pg:host=%s port=1 user=nexus" % pg.dir],
                         input="", capture_output=True, text=True)
    check(bad.returncode == 1 and "cannot connect" in bad.stderr, "an unreachable database is explained: " + bad.stderr)


if __name__ == "__main__":
    sys.exit(main())
