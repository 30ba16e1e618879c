#!/usr/bin/env python3
"""nexus test: the first failing step stops its scenario (one failure and
the count of steps not run, no cascade), and --trace tells what each step
did: action, result, log, pending decisions, the public changes and what
each seat alone sees change.

usage: scenario_trace.py NEXUS_BINARY SOURCE_DIR
"""
import os
import re
import subprocess
import sys

NEXUS, SRC = sys.argv[1], sys.argv[2]
PACK = os.path.join(SRC, "cards", "pack.yaml")
failures = []


def check(cond, what, out=""):
    if not cond:
        failures.append(what)
        print("FAIL:", what)
        if out:
            print(out)


def run(*args):
    p = subprocess.run([NEXUS, "--pack", PACK, *args], capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


midway = os.path.join(SRC, "tests", "fixtures", "scenarios", "fails_midway.yaml")
cunning = os.path.join(SRC, "tests", "scenarios", "harkonnen_cunning.yaml")

rc, out, err = run("test", midway)
check(rc == 1, "a failing scenario exits 1, got %d" % rc, out + err)
problems = [l for l in out.splitlines() if re.match(r".*fails_midway\.yaml:\d+:\d+: ", l)]
check(len(problems) == 2, "one failure and the stop, not a cascade: %d lines" % len(problems), out)
check(any(re.search(r"fails_midway\.yaml:12:\d+: turn: expected 5, found 1", l) for l in problems),
      "the failure is the one of step 2, at its line", out)
check(any(re.search(r"fails_midway\.yaml:12:\d+: scenario stopped at step 2, its first failure: 3 later steps not run", l)
          for l in problems), "the stop names the step and the count not run", out)
check("fails_midway.yaml: FAILED" in out and "0 passed, 1 failed" in out, "the summary", out)

rc, out, err = run("test", "--trace", midway)
check(rc == 1, "--trace of a failing scenario exits 1", out + err)
check(re.search(r"step 2 \(.*fails_midway\.yaml:12\): check\n(  .*\n)*  FAILED: .*turn: expected 5, found 1", out),
      "the trace shows the failure at its step", out)
check("stopped: 3 later steps not run" in out and "step 3 " not in out, "the trace stops there", out)

rc, out, err = run("test", "--trace", cunning)
check(rc == 0, "--trace of a passing scenario exits 0: %s" % err, out)
check("setup (" in out and "log: setup: Traitor Cards and Treachery Cards are dealt" in out, "setup's log", out)
step5 = re.search(r'step 5 \(.*harkonnen_cunning\.yaml:22\): \{"id":"play","seat":0,"type":"play_nexus".*\n((  .*\n)*)', out)
check(step5, "step 5 shows the action as sent", out)
if step5:
    body = step5.group(1)
    for want in ["  result: ok, version 4",
                 "  log: Harkonnen plays the Harkonnen Nexus card as Cunning to draw a Traitor Card",
                 '  pending: seat 0 panel "Choose one held Traitor Card to shuffle into the Traitor Deck"',
                 "  public: seats.0.traitors: 4 -> 5",
                 '  seat 0 sees: seats.0.nexus_card: ["nexus:harkonnen"] -> []']:
        check(want in body, "step 5 has %r" % want, body)
    # Seat 1 sees only what is public of seat 0's draw: no line of its own.
    check("seat 1 sees" not in body, "seat 1 sees nothing beyond the public changes at step 5", body)
check(re.search(r"step 4 .*\n  result: refused \(illegal\): seat 1 holds no Nexus card\n", out), "a refusal is shown", out)
check(re.search(r"\): reload\n", out) and re.search(r"\): retry\n", out), "steps without an action are named", out)

rc, out, err = run("test", "--colour", cunning)
check(rc == 2 and "unknown option '--colour'" in err, "an unknown option is a usage error: %d %s" % (rc, err))
rc, out, err = run("test", "--trace")
check(rc == 2 and "usage: nexus test [--trace] SCENARIO" in err, "--trace alone is a usage error: %d %s" % (rc, err))

print("%d failed" % len(failures))
sys.exit(1 if failures else 0)
