#!/usr/bin/env python3
"""The designer's commands end to end (docs/designer.md): nexus board,
nexus replay and nexus repin.

 - board: well-formed SVG for the spectator and every seat; every territory
   named, no section id; a seat's legend shows its own spice and cards and
   only counts of the others'; bad input exits 1 (a file) or 2 (usage).
 - replay: one self-contained page (nothing fetched); a step per action
   plus setup; every board part well-formed; the last step draws exactly
   what `nexus board` draws for that seat; an action is shown only to the
   seat that sent it.
 - repin: a Lua comment edit in a copy of the pack changes its digest, so
   loading refuses the game until repin re-pins it; a rule change that
   alters a played action is refused, naming the action, and nothing is
   written.

usage: designer_cli.py NEXUS_BINARY SOURCE_DIR
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

NEXUS, SRC = sys.argv[1], sys.argv[2]
TMP = tempfile.mkdtemp()
SVG = "{http://www.w3.org/2000/svg}"
failures = []
checks = 0


def check(cond, what):
    global checks
    checks += 1
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def run(*args):
    p = subprocess.run([NEXUS, *args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def path(name):
    return os.path.join(TMP, name)


def texts(root):
    """Every <text> element's whole text (tspans included)."""
    return ["".join(t.itertext()) for t in root.iter(SVG + "text")]


# ---- a saved game ------------------------------------------------------------
game = path("game.json")
rc, out, err = run("play", "--seed", "3", "--seats", "6", "--nexus-cards", "--advanced", "--save", game)
check(rc == 0, "play --save: exit %d: %s" % (rc, err))
saved = json.load(open(game))
views = {}
for seat in range(6):
    rc, out, err = run("view", game, "--seat", str(seat))
    views[seat] = json.loads(out)

# ---- board -----------------------------------------------------------------------
names = set()
for src in [os.path.join(SRC, "core", "nx_map.c")]:
    for m in re.finditer(r'\{ "([a-z_]+)",\s+"([^"]+)",\s+NX_TERRAIN_', open(src).read()):
        names.add(m.group(2))
check(len(names) == 42, "42 territory names read from core/nx_map.c, got %d" % len(names))

for who in ["--spectator"] + ["--seat=%d" % s for s in range(6)]:
    out_svg = path("board%s.svg" % who.replace("=", ""))
    args = ["board", game, "--svg", out_svg] + (["--spectator"] if who == "--spectator" else ["--seat", who[7:]])
    rc, out, err = run(*args)
    check(rc == 0, "board %s: exit %d: %s" % (who, rc, err))
    try:
        root = ET.parse(out_svg).getroot()
    except ET.ParseError as e:
        check(False, "board %s: not well-formed XML: %s" % (who, e))
        continue
    check(root.tag == SVG + "svg", "board %s: the root is <svg>" % who)
    words = " ".join(texts(root))
    for n in names:
        for w in n.split(" "):
            check(w in words, "board %s: the picture names %s" % (who, n))
    check(not re.search(r"[a-z]+_[a-z_]+|\w+\.\w+_", words), "board %s: no ids in the text: %s" %
          (who, re.findall(r"[a-z]+_[a-z_]+", words)[:3]))
    check(not re.search(r'(href|src)\s*=', open(out_svg).read()), "board %s: nothing fetched" % who)
    if who == "--spectator":
        check(words.count("behind the shield") == 6, "spectator: every seat's spice is behind its shield")
        continue
    seat = int(who[7:])
    lines = texts(root)
    for j in range(6):
        row = [i for i, t in enumerate(lines) if t.startswith("Seat %d:" % j)]
        check(len(row) == 1, "board %s: one legend row for seat %d" % (who, j))
        if not row:
            continue
        spice_line = lines[row[0] + 2]
        if j == seat:
            check(("Spice: %d " % views[seat]["seats"][seat]["spice"]) in spice_line + " ",
                  "board %s: its own spice is shown: %s" % (who, spice_line))
        else:
            check("behind the shield" in spice_line, "board %s: seat %d's spice is hidden: %s" % (who, j, spice_line))
            hand = views[seat]["seats"][j]["treachery"]
            check(isinstance(hand, int), "view: seat %d's hand is a count for seat %d" % (j, seat))
            want = "%d hidden" % hand if hand else "none"
            check(("Treachery: " + want) in spice_line, "board %s: seat %d's hand as a count: %s" % (who, j, spice_line))

# Bad input: a file problem is 1, a usage problem 2, each with a clear message.
for args, want, pattern in [
    (["board", path("missing.json"), "--svg", path("x.svg")], 1, r"missing\.json: cannot read"),
    (["board", game, "--svg", path("x.svg"), "--seat", "9"], 2, r"--seat must be 0 to 5"),
    (["board", game, "--svg", path("x.svg"), "--seat", "two"], 2, r"--seat must be 0 to 5, not 'two'"),
    (["board", game, "--svg", path("x.svg"), "--seat", "1", "--spectator"], 2, r"choose one of"),
    (["board", game], 2, r"--svg OUT is required"),
    (["board", "--svg", path("x.svg")], 2, r"which saved game"),
    (["board", game, "--svg", path("x.svg"), "--colour"], 2, r"unknown option '--colour'"),
    (["replay", game, "--html", path("x.html"), "--seat", "6"], 2, r"--seat must be 0 to 5"),
    (["replay", game], 2, r"--html OUT is required"),
    (["repin"], 2, r"usage: nexus repin"),
    (["repin", path("missing.json")], 1, r"cannot read"),
]:
    rc, out, err = run(*args)
    check(rc == want, "%s: exit %d, expected %d (%s)" % (" ".join(args[:1] + args[2:]), rc, want, err.strip()))
    check(re.search(pattern, err), "%s: stderr matches /%s/: %s" % (args[0], pattern, err.strip()))
    check(not os.path.exists(path("x.svg")) and not os.path.exists(path("x.html")), "no output on error")
broken = path("broken.json")
open(broken, "w").write(open(game).read()[:-200])
rc, out, err = run("board", broken, "--svg", path("x.svg"))
check(rc == 1 and "refused: not valid JSON" in err, "a truncated save: exit %d: %s" % (rc, err.strip()))

# ---- replay --------------------------------------------------------------------------
def page_data(html):
    m = re.search(r'<script type="application/json" id="data">(.*?)</script>', html, re.S)
    return json.loads(m.group(1)) if m else None


for who, seat in [("spectator", None), ("seat 2", 2)]:
    page = path("replay-%s.html" % who.replace(" ", ""))
    rc, out, err = run("replay", game, "--html", page, *(["--spectator"] if seat is None else ["--seat", str(seat)]))
    check(rc == 0, "replay as %s: exit %d: %s" % (who, rc, err))
    html = open(page).read()
    check(not re.search(r'<link|\bsrc\s*=|href\s*=|@import|url\(', html), "replay as %s: nothing fetched" % who)
    check(re.findall(r"https?://[^\"' ]+", html) == ["http://www.w3.org/2000/svg"],
          "replay as %s: no address but the SVG namespace" % who)
    data = page_data(html)
    check(data is not None, "replay as %s: the steps are embedded" % who)
    if not data:
        continue
    steps, parts = data["steps"], data["parts"]
    check(len(steps) == len(saved["log"]) + 1, "replay as %s: %d steps for %d actions" % (who, len(steps), len(saved["log"])))
    for i, p in enumerate(parts):
        try:
            g = ET.fromstring('<g xmlns="http://www.w3.org/2000/svg">%s</g>' % p)
        except ET.ParseError as e:
            check(False, "replay as %s: part %d is not well-formed: %s" % (who, i, e))
            break
        # Every legend along the game reads as words: no ids of sections,
        # decisions or cards.
        ids = re.findall(r"\b[a-z]+_[a-z_]+\b|\b[a-z]+:[a-z_]+", " ".join(texts(g)))
        if ids:
            check(False, "replay as %s: part %d shows ids %s" % (who, i, ids[:3]))
            break
    for i, step in enumerate(steps[1:]):
        logged = saved["log"][i]
        check(step["log"] == logged["result"].get("log", []), "replay as %s: step %d has its log lines" % (who, i + 1))
        own = seat is not None and logged["action"].get("seat") == seat
        check(("action" in step) == own, "replay as %s: step %d shows the action only to its sender" % (who, i + 1))
        if failures:
            break
    # The last step is the board as that viewer sees the saved game.
    board = open(path("board--spectator.svg" if seat is None else "board--seat%d.svg" % seat)).read()
    pieces = re.search(r'<g id="pieces">\n(.*)</g>\n</svg>', board, re.S).group(1)
    check("".join(parts[k] for k in steps[-1]["p"]) == pieces, "replay as %s: the last step is `nexus board`" % who)
    print("replay as %s: %d steps, %d parts, %d bytes" % (who, len(steps), len(parts), len(html)))

# ---- repin ---------------------------------------------------------------------------
def pack_copy(name):
    d = path(name)
    for sub in ("cards", "rulings"):
        shutil.copytree(os.path.join(SRC, sub), os.path.join(d, sub))
    return d, os.path.join(d, "cards", "pack.yaml")


def cunning(d):
    return os.path.join(d, "cards", "nexus", "harkonnen", "cunning.lua")


# A game where Harkonnen Cunning ran (a designer's table: the card is placed).
hg = path("cunning.json")
rc, out, err = run("new", "--save", hg, "--factions", "harkonnen,atreides,emperor", "--nexus-cards", "--designer",
                   "--seed", "21")
check(rc == 0, "new: %s" % err)
n = 0
for _ in range(2):
    v = json.loads(run("view", hg, "--spectator")[1])
    seat = v["pending"][0]["seat"]
    mine = json.loads(run("view", hg, "--seat", str(seat))[1])
    opt = [p for p in mine["pending"] if p["seat"] == seat][0]["options"][0]
    n += 1
    rc, out, err = run("apply", hg, json.dumps({"id": "t%d" % n, "version": v["version"], "seat": seat,
                                                "type": "answer", "choose": [opt]}))
    check(rc == 0, "answer traitor select: %s %s" % (out, err))
for action in ({"id": "place", "seat": None, "type": "place", "card": "nexus:harkonnen", "zone": "seat0.nexus_held"},
               {"id": "play", "seat": 0, "type": "play_nexus"}):
    action["version"] = json.loads(run("view", hg, "--spectator")[1])["version"]
    rc, out, err = run("apply", hg, json.dumps(action))
    check(rc == 0 and '"ok": true' in out.replace('"ok":true', '"ok": true'), "apply %s: %s %s" % (action["id"], out, err))

for g in (game, hg):
    rc, out, err = run("repin", g, "--save", path("same.json"))
    check(rc == 0 and "already pinned" in out, "repin under the same pack: exit %d: %s%s" % (rc, out, err))

# A comment edit: the digest changes, loading refuses, repin re-pins.
d, pack = pack_copy("comment")
with open(cunning(d), "a") as f:
    f.write("-- a designer's note: nothing in the rules changes\n")
for g in (game, hg):
    before = open(g).read()
    rc, out, err = run("--pack", pack, "view", g, "--spectator")
    check(rc == 1 and "pack.digest" in err, "an edited pack refuses the old save: exit %d: %s" % (rc, err.strip()))
    fixed = g + ".repinned"
    rc, out, err = run("--pack", pack, "repin", g, "--save", fixed)
    check(rc == 0 and "re-pinned from" in out, "repin after a comment edit: exit %d: %s%s" % (rc, out, err))
    check(open(g).read() == before, "repin --save leaves the original alone")
    rc, out, err = run("--pack", pack, "view", fixed, "--spectator")
    check(rc == 0, "the re-pinned game loads under the edited pack: %s" % err.strip())
    rc, out, err = run("view", fixed, "--spectator")
    check(rc == 1 and "pack.digest" in err, "and is refused by the old pack: %s" % err.strip())

# A rule change the played action meets: refused, naming it; nothing written.
d, pack = pack_copy("rule")
src = open(cunning(d)).read()
changed = src.replace("return true, nil, paths_for(ctx)", 'return false, "the designer closed this card", paths_for(ctx)')
check(changed != src, "the rule change applies to cunning.lua")
open(cunning(d), "w").write(changed)
before = open(hg).read()
rc, out, err = run("--pack", pack, "repin", hg)
check(rc == 1, "repin after a rule change: exit %d, expected 1: %s%s" % (rc, out, err))
check(re.search(r"log\[\d+\] \(id play\): replaying the action does not give the saved result: saved .*, got .*", err),
      "the refusal names the action, saved and got: %s" % err.strip())
check("not re-pinned" in err and open(hg).read() == before, "nothing is written")
# The bot game never played Cunning: the same rule change leaves it alone.
rc, out, err = run("--pack", pack, "repin", game, "--save", path("bots.json"))
played = any("as Cunning" in line for e in saved["log"] for line in e["result"].get("log", []))
check((rc == 0) != played, "repin of a game that %s Cunning: exit %d: %s" % ("played" if played else "never played", rc,
                                                                            err.strip()))

shutil.rmtree(TMP)
print("%d checks, %d failed" % (checks, len(failures)))
sys.exit(1 if failures else 0)
