#!/usr/bin/env python3
"""A host's client for `nexus serve`, standard library only.

It starts `nexus serve --listen unix:...`, says hello, creates a two-seat
room, seats an engine bot in seat 1, and plays seat 0 as a person would:
each time seat 0 must decide it asks for its legal `moves` and picks one
(at random, seeded). It stops when the game is over and fails if the
engine ever refused a move it listed.

usage: client.py NEXUS [--seed N] [--factions A,B]
"""
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time


class Connection:
    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.file = self.sock.makefile("rwb")
        self.next_id = 0

    def ask(self, **request):
        """One request; returns its reply (whose id is checked)."""
        self.next_id += 1
        request["id"] = self.next_id
        self.file.write((json.dumps(request) + "\n").encode())
        self.file.flush()
        reply = json.loads(self.file.readline())
        assert reply.get("id") == self.next_id, reply
        return reply


def start_server(nexus, path):
    server = subprocess.Popen([nexus, "serve", "--listen", "unix:" + path],
                              stderr=subprocess.PIPE, text=True)
    line = server.stderr.readline()   # "nexus serve: listening on ..."
    if "listening" not in line:
        raise SystemExit("the server did not start: " + line)
    return server


def play(nexus, seed, factions):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "nexus.sock")
        server = start_server(nexus, path)
        try:
            c = Connection(path)
            hello = c.ask(cmd="hello")
            assert hello["ok"] and hello["protocol"] == "nexus-serve", hello
            room = c.ask(cmd="new", room="example", factions=factions, seed=seed)
            assert room["ok"], room
            host, seat0 = room["tokens"]["host"], room["tokens"]["seats"][0]
            assert c.ask(cmd="bot", room="example", token=host, seat=1, kind="simple")["ok"]
            rng = random.Random(seed)
            moves_made = 0
            while True:
                view = c.ask(cmd="view", room="example")["view"]   # a spectator's: no token
                if view["board"]["over"]:
                    break
                m = c.ask(cmd="moves", room="example", seat=0, token=seat0)
                assert m["ok"] and m["to_move"] and m["moves"], m
                action = dict(rng.choice(m["moves"]))
                action.update(id="p%d" % moves_made, version=m["version"], seat=0)
                r = c.ask(cmd="apply", room="example", token=seat0, action=action)
                if not r["ok"]:
                    raise SystemExit("a listed move was refused: %s -> %s" % (action, r))
                moves_made += 1
            print("game over after %d moves of seat 0 (turn %s); winners: %s"
                  % (moves_made, view.get("turn"), json.dumps(view["board"]["winners"])))
            c.ask(cmd="close", room="example", token=host)
        finally:
            server.terminate()
            server.wait(timeout=10)
    return 0


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__)
        return 2
    nexus, seed, factions = args[0], 1, ["atreides", "harkonnen"]
    if "--seed" in args:
        seed = int(args[args.index("--seed") + 1])
    if "--factions" in args:
        factions = args[args.index("--factions") + 1].split(",")
    return play(nexus, seed, factions)


if __name__ == "__main__":
    sys.exit(main())
