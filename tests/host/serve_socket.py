#!/usr/bin/env python3
"""`nexus serve --listen` over real sockets: a Unix socket and loopback TCP,
several connections at once, the request id echoed, a compare-and-swap race
between two clients (one wins, the other is told its version is stale),
token refusals over the wire, a client that vanishes mid-line, and a
restart that finds the room in the store.

usage: serve_socket.py NEXUS
"""
import os
import socket
import subprocess
import sys
import tempfile
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_lib import Conn, Tally  # noqa: E402

tally = Tally("serve_socket")
check = tally.check


def serve(nexus, listen, store):
    p = subprocess.Popen([nexus, "serve", "--store", store, "--listen", listen], stderr=subprocess.PIPE, text=True)
    line = p.stderr.readline()
    check("listening on" in line, "server announces it listens: " + line)
    return p


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def main():
    nexus = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        store = os.path.join(tmp, "rooms.db")
        path = os.path.join(tmp, "s.sock")
        p = serve(nexus, "unix:" + path, store)
        try:
            a, b = Conn(path), Conn(path)
            r = a.ask(cmd="new", room="race", factions=["harkonnen", "atreides"], seed=3, id="n1")
            check(r["ok"] and r["id"] == "n1", "new over a Unix socket: %s" % r)
            host, seats = r["tokens"]["host"], r["tokens"]["seats"]
            m = b.ask(cmd="moves", room="race", seat=1, token=seats[1])
            act = dict(m["moves"][0], version=m["version"], seat=1)
            # The race: both send version 0 before either reads.
            a.send(dict(cmd="apply", room="race", token=seats[1], action=dict(act, id="x1"), id=1))
            b.send(dict(cmd="apply", room="race", token=host, action=dict(act, id="x2"), id=2))
            ra, rb = a.read(), b.read()
            check(ra["id"] == 1 and rb["id"] == 2, "each reply carries its request's id")
            check([ra["ok"], rb["ok"]].count(True) == 1, "exactly one racer wins: %s / %s" % (ra, rb))
            loser = rb if ra["ok"] else ra
            check(loser.get("code") == "stale", "the other is stale: %s" % loser)
            # Tokens over the wire.
            r = b.ask(cmd="save", room="race", token=seats[0])
            check(not r["ok"] and r["code"] == "unauthorized", "a seat cannot save the whole record")
            r = b.ask(cmd="view", room="race", seat=0, token=seats[1])
            check(not r["ok"] and r["code"] == "unauthorized", "seat 1 cannot see seat 0's view")
            # A client that vanishes mid-line harms no one.
            c = Conn(path)
            c.s.sendall(b'{"cmd":"hel')
            c.s.close()
            r = a.ask(cmd="hello")
            check(r["ok"] and r["protocol"] == "nexus-serve", "the server answers after a client vanished")
            # Ten connections at once, each asking in turn.
            many = [Conn(path) for _ in range(10)]
            for i, c in enumerate(many):
                c.send(dict(cmd="view", room="race", id=i))
            check(all(c.read()["id"] == i for i, c in enumerate(many)), "ten connections are answered")
        finally:
            p.terminate()
            p.wait(timeout=10)
        check(p.returncode == 0, "SIGTERM stops the server cleanly (%s)" % p.returncode)
        check(not os.path.exists(path), "the socket file is removed")
        # Restarted on TCP, the room is in the store with its tokens.
        port = free_port()
        p = serve(nexus, "tcp:%d" % port, store)
        try:
            t = Conn(("127.0.0.1", port))
            rooms = t.ask(cmd="rooms")
            check(rooms["stored"] == ["race"] and rooms["open"] == [], "rooms lists the stored room: %s" % rooms)
            check(t.ask(cmd="open", room="race")["version"] == 1, "the room reopens at version 1")
            check(t.ask(cmd="save", room="race", token=host)["ok"], "the host's token still works")
        finally:
            p.terminate()
            p.wait(timeout=10)
        bad = subprocess.run([nexus, "serve", "--listen", "tcp:nowhere:1"], capture_output=True, text=True)
        check(bad.returncode == 1 and "IPv4 address" in bad.stderr, "a bad --listen is explained: " + bad.stderr)
    return tally.report()


if __name__ == "__main__":
    sys.exit(main())
