#!/usr/bin/env python3
"""A host's client for `nexus serve`, standard library only.

It starts `nexus serve --listen unix:...`, says hello, creates a two-seat
room, seats an engine bot in seat 1, and plays seat 0 as a person would:
each time seat 0 must decide it asks for its legal `moves`.  Where the
reply carries a `space` (a shipment or movement, a battle plan, the dial
shown to Prescience, a bid, a revival: docs/protocol.md "The space") it renders it, as a client's
screen would offer it, and composes its own answer from a random point of
it; elsewhere it picks one of the listed moves (at random, seeded).  It
stops when the game is over and fails if the engine ever refused a move
it listed or a point of the space.

usage: client.py NEXUS [--seed N] [--factions A,B] [--advanced] [--quiet]
                 [--require KIND,...]   (fail unless each kind was sampled)
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


# ---- the legal-move space ---------------------------------------------------

def render(space):
    """The space as lines of text: what a client would put on screen."""
    kind, out = space["decision"], []
    if kind == "ship_move":
        out.append("shipment and movement: pass%s" % (", delay" if space["delay"] else ""))
        for r in space["ship"]["routes"]:
            lo, hi = r["total"]
            out.append("  ship %s -> %s%s: %d..%d forces (ordinary 0..%d, elite 0..%d), cost %s"
                       % (r["from"], r["to"], " with Karama" if r["karama"] else "", lo, hi,
                          r["count"][1], r["elite"][1], "/".join(str(c) for c in r["cost"])))
        for r in space["move"]["routes"]:
            out.append("  move %s -> %s: ordinary %d..%d, elite %d..%d%s%s"
                       % (r["from"], r["to"], r["count"][0], r["count"][1], r["elite"][0], r["elite"][1],
                          " (Hajr)" if r["hajr"] else "", " (take up arms)" if r["fight"] else ""))
    elif kind == "battle_plan":
        out.append("battle plan: %d ways to fill leader, weapon and defense; dial in steps of %s"
                   % (len(space["cards"]), space["step"]))
        for c in space["cards"]:
            out.append("  " + ", ".join("%s=%s" % kv for kv in sorted(c.items())) if c else "  (no leader, no cards)")
        for d in space["dials"]:
            out.append("  dial %s..%s with %d spice support" % (d["min"], d["max"], d["spice"]))
    elif kind == "foresee":
        out.append("Prescience asks your dial: " + ", ".join(
            "%s..%s%s" % (d["min"], d["max"], " with %d spice" % d["spice"] if "spice" in d else "") for d in space["dials"]))
    elif kind == "bid":
        out.append("bid: pass, or " + ", ".join("%d..%d%s" % (b["min"], b["max"], " with Karama" if b["karama"] else "")
                                               for b in space["bid"]))
    elif kind == "revival":
        out.append("revival: pass, or one of %d plans" % len(space["revive"]))
    return out


def sample(space, rng):
    """A random point of the space, as an action (never a listed move)."""
    kind = space["decision"]
    if kind in ("battle_plan", "foresee"):
        d = rng.choice(space["dials"])
        steps = int(round((d["max"] - d["min"]) / space["step"]))
        dial = d["min"] + rng.randint(0, steps) * space["step"]
        dial = int(dial) if dial == int(dial) else dial
        if kind == "foresee":
            answer = {"type": "foresee_answer", "dial": dial}
            if "spice" in d:
                answer["spice"] = d["spice"]
            return answer
        plan = dict(rng.choice(space["cards"]), type="battle_plan")
        plan.update(dial=dial, spice=d["spice"])
        return plan
    if kind == "bid":
        runs = space["bid"]
        if not runs or rng.random() < 0.5:
            return {"type": "pass"}
        b = rng.choice(runs)
        action = {"type": "bid", "amount": rng.randint(b["min"], b["max"])}
        if b["karama"]:
            action["karama"] = True
        return action
    if kind == "revival":
        plans = space["revive"]
        if not plans or rng.random() < 0.2:
            return {"type": "pass"}
        plan = dict(rng.choice(plans), type="revive")
        del plan["cost"]
        return plan
    ships, moves = space["ship"]["routes"], space["move"]["routes"]
    branches = (["ship"] if ships else []) + (["move"] if moves else [])
    if not branches or rng.random() < 0.125:
        return {"type": rng.choice(["pass", "delay"] if space["delay"] else ["pass"])}
    if rng.choice(branches) == "ship":
        r = rng.choice(ships)
        n = rng.randint(*r["total"])
        elite = rng.randint(max(r["elite"][0], n - r["count"][1]), min(r["elite"][1], n))
        action = {"type": "ship", "to": r["to"], "count": n - elite, "elite": elite}
        if r["from"] != "reserves":
            action["from"] = r["from"]
        if r["karama"]:
            action["karama"] = True
        return action
    r = rng.choice(moves)
    while True:
        count, elite = rng.randint(*r["count"]), rng.randint(*r["elite"])
        if count + elite:
            break
    action = {"type": "move", "from": r["from"], "to": r["to"], "count": count, "elite": elite}
    for flag in ("hajr", "fight"):
        if r[flag]:
            action[flag] = True
    return action


def start_server(nexus, path):
    server = subprocess.Popen([nexus, "serve", "--listen", "unix:" + path],
                              stderr=subprocess.PIPE, text=True)
    line = server.stderr.readline()   # "nexus serve: listening on ..."
    if "listening" not in line:
        raise SystemExit("the server did not start: " + line)
    return server


def play(nexus, seed, factions, advanced=False, quiet=False, require=()):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "nexus.sock")
        server = start_server(nexus, path)
        try:
            c = Connection(path)
            hello = c.ask(cmd="hello")
            assert hello["ok"] and hello["protocol"] == "nexus-serve", hello
            room = c.ask(cmd="new", room="example", factions=factions, seed=seed, advanced=advanced)
            assert room["ok"], room
            host, seat0 = room["tokens"]["host"], room["tokens"]["seats"][0]
            assert c.ask(cmd="bot", room="example", token=host, seat=1, kind="simple")["ok"]
            rng = random.Random(seed)
            moves_made, sampled, shown = 0, {}, set()
            while True:
                view = c.ask(cmd="view", room="example")["view"]   # a spectator's: no token
                if view["board"]["over"]:
                    break
                m = c.ask(cmd="moves", room="example", seat=0, token=seat0)
                assert m["ok"] and m["to_move"] and m["moves"], m
                space = m.get("space")
                if space:
                    kind = space["decision"]
                    if kind not in shown and not quiet:
                        shown.add(kind)   # render the first of each kind
                        print("\n".join(render(space)[:12]))
                    action = sample(space, rng)
                    sampled[kind] = sampled.get(kind, 0) + 1
                else:
                    action = dict(rng.choice(m["moves"]))
                action.update(id="p%d" % moves_made, version=m["version"], seat=0)
                r = c.ask(cmd="apply", room="example", token=seat0, action=action)
                if not r["ok"]:
                    what = "a point of the space" if space else "a listed move"
                    raise SystemExit("%s was refused: %s -> %s" % (what, action, r))
                moves_made += 1
            print("game over after %d moves of seat 0 (turn %s); winners: %s"
                  % (moves_made, view.get("turn"), json.dumps(view["board"]["winners"])))
            print("answers composed from the space: %s" % json.dumps(sampled, sort_keys=True))
            missing = [k for k in require if k not in sampled]
            if missing:
                raise SystemExit("no answer was composed from the space of: " + ", ".join(missing))
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
    require = args[args.index("--require") + 1].split(",") if "--require" in args else ()
    return play(nexus, seed, factions, "--advanced" in args, "--quiet" in args, require)


if __name__ == "__main__":
    sys.exit(main())
