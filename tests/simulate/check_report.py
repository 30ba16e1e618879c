#!/usr/bin/env python3
"""Checks on `nexus simulate` reports (tests/simulate/simulate.sh).

check_report.py games REPORT.json           print "seed factions" of each game
check_report.py play REPORT.json SEED FILE  the report's game SEED agrees with a `nexus play` transcript
check_report.py counts REPORT.json          aggregates agree with the per-game records
check_report.py failure REPORT.json SEED KIND  SEED failed as KIND with a replay command, the rest completed
check_report.py compare REPORT.json RULING  the comparison shows RULING shut under A, open under B
"""
import json
import re
import sys


def load(path):
    with open(path) as f:
        return json.load(f)


def fail(msg):
    print("check_report: " + msg)
    sys.exit(1)


def game(report, seed):
    for g in report["games"]:
        if g["seed"] == seed:
            return g
    fail("no game with seed %d" % seed)


def cmd_games(report):
    for g in report["games"]:
        print(g["seed"], ",".join(g["factions"]))


def cmd_play(report, seed, transcript):
    g = game(report, int(seed))
    text = open(transcript).read()
    m = re.search(r"The game ended in turn (\d+) after (\d+) actions \((\d+) optional", text)
    if not m:
        fail("no result line in the transcript of seed %s" % seed)
    turns, actions, optional = map(int, m.groups())
    if (turns, actions, optional) != (g["turns"], g["actions"], g["optional"]):
        fail("seed %s: play says turn %d, %d actions, %d optional; the report %d, %d, %d"
             % (seed, turns, actions, optional, g["turns"], g["actions"], g["optional"]))
    won = re.search(r"^Winners: (.*)$", text, re.M)
    # The winners by faction name; the header's "  seat N: Faction" lines give their seats.
    seat_of = {f: int(n) for n, f in re.findall(r"^  seat (\d+): (.+)$", text, re.M)}
    seats = sorted(seat_of[w] for w in won.group(1).split(", ")) if won else []
    if seats != g["winners"]:
        fail("seed %s: play's winners %s, the report's %s" % (seed, seats, g["winners"]))
    battles = len(re.findall(r"^  battle in ", text, re.M))
    if battles != g["battles"]:
        fail("seed %s: play logs %d battles, the report counts %d" % (seed, battles, g["battles"]))
    plays = len(re.findall(r" Nexus card as ", text))
    counted = sum(p["played"] for p in g["panels"].values())
    if plays != counted:
        fail("seed %s: play logs %d card plays, the report %d" % (seed, plays, counted))


def cmd_counts(report):
    ok = [g for g in report["games"] if g["ok"]]
    if report["summary"]["completed"] != len(ok):
        fail("completed %d, records %d" % (report["summary"]["completed"], len(ok)))
    for f in report["factions"]:
        games = [g for g in ok if f["faction"] in g["factions"]]
        wins = [g for g in games if g["factions"].index(f["faction"]) in g["winners"]]
        if (f["games"], f["wins"]) != (len(games), len(wins)):
            fail("%s: %d of %d in the report, %d of %d in the records"
                 % (f["faction"], f["wins"], f["games"], len(wins), len(games)))
        if not f["ci_low"] <= f["rate"] <= f["ci_high"]:
            fail("%s: the rate is outside its interval" % f["faction"])
    if sum(report["victory"].values()) != len(ok):
        fail("victory kinds do not add up to the completed games")
    arisen = 0
    for r in report["rulings"]:
        moments = 0
        games = 0
        for g in ok:
            m = 0
            for gate in r["gates"]:
                if "panel" in gate:
                    m += g["panels"].get(gate["panel"], {}).get("timely", 0)
                else:
                    m += 1 if report["config"]["nexus_cards"] else 0
            moments += m
            games += m > 0
        if (r["moments"], r["games_arose"]) != (moments, games):
            fail("%s: %d moments in %d games reported, %d in %d recomputed"
                 % (r["id"], r["moments"], r["games_arose"], moments, games))
        if games and not r["open"] and r["plays"]:
            fail("%s is shut yet its gated panel was played" % r["id"])
        arisen += games > 0
    if not arisen:
        fail("no gated situation arose: the test's batch stages nothing")


def cmd_failure(report, seed, kind):
    seed = int(seed)
    g = game(report, seed)
    if g["ok"] or g["failure"]["kind"] != kind:
        fail("seed %d is not a %s failure: %s" % (seed, kind, g.get("failure")))
    listed = [f for f in report["failures"] if f["seed"] == seed]
    if len(listed) != 1 or not re.search(r"nexus (play --seed|simulate -n 1 --seed-start) %d " % seed,
                                         listed[0]["replay"]):
        fail("seed %d is not listed with a replay command: %s" % (seed, listed))
    others = [x for x in report["games"] if x["seed"] != seed]
    if not others or not all(x["ok"] for x in others):
        fail("the batch did not go on past seed %d" % seed)


def cmd_compare(report, ruling):
    ra = [r for r in report["a"]["rulings"] if r["id"] == ruling]
    rb = [r for r in report["b"]["rulings"] if r["id"] == ruling]
    if not ra or not rb or ra[0]["open"] or not rb[0]["open"]:
        fail("%s should be shut under A and open under B" % ruling)
    if not ra[0]["games_arose"] or ra[0]["moments"] != rb[0]["moments"]:
        fail("%s: the staged situation should arise, equally on both sides: %s / %s" % (ruling, ra[0], rb[0]))
    if not ra[0]["outcome"].startswith("unresolved: the gate kept the panel shut") or "keeps the gate open" not in rb[0]["outcome"]:
        fail("%s: the outcomes do not follow the settings: %s / %s" % (ruling, ra[0]["outcome"], rb[0]["outcome"]))
    if not [d for d in report["settings_differ"] if d["id"] == ruling]:
        fail("the comparison does not list %s among the settings that differ" % ruling)
    if [g["seed"] for g in report["a"]["games"]] != [g["seed"] for g in report["b"]["games"]]:
        fail("the two sides did not play the same seeds")
    for f in report["factions"]:
        if not f["ci_low"] <= f["diff"] <= f["ci_high"]:
            fail("%s: the difference is outside its interval" % f["faction"])


def main(argv):
    report = load(argv[2])
    {"games": cmd_games, "play": cmd_play, "counts": cmd_counts, "failure": cmd_failure,
     "compare": cmd_compare}[argv[1]](report, *argv[3:])


if __name__ == "__main__":
    main(sys.argv)
