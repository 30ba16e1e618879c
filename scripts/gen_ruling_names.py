#!/usr/bin/env python3
"""Generate nx_ruling_names.h from the ruling registry (rulings/*.yaml).

Every ruling gets its id as a string constant and every setting a name the
C code compares with, so a setting is never a bare number and a name that
is not in the registry fails the build:

    turn.first_storm_damage, settings path | landing | none
      NX_RULING_TURN_FIRST_STORM_DAMAGE          "turn.first_storm_damage"
      NX_RS_TURN_FIRST_STORM_DAMAGE_LANDING      1  (index in the registry)
      NX_RSS_TURN_FIRST_STORM_DAMAGE_LANDING     "landing"
      NX_RS_TURN_FIRST_STORM_DAMAGE_SETTINGS     { "path", "landing", "none", NULL }

The index is the setting's position in its ruling's `settings:` mapping,
which is the order the engine pins readings in (engine/nx_rules.c) and the
registry loader keeps.  Usage: gen_ruling_names.py OUT.h FILE.yaml...

The registry's own format is read by a strict line reader (no YAML library
is needed at build time): a ruling starts at "- id: ID" in column 0, its
settings are the keys (plain or quoted) indented four spaces under
"  settings:".  Anything
the reader cannot place is an error naming the file and line, and
test_rulings checks the generated table against the registry the engine
loads, so the two readers cannot silently disagree.
"""
import os
import re
import sys

ID = re.compile(r"^- id:\s*([A-Za-z0-9_.]+)\s*$")
KEY = re.compile(r"^  ([a-z_]+):")
SETTING = re.compile(r"^    ([\"']?)([A-Za-z0-9_]+)\1:")


def fail(where, why):
    sys.stderr.write("gen_ruling_names: %s: %s\n" % (where, why))
    sys.exit(1)


def read(path):
    rulings = []            # (id, [settings], file)
    cur = None
    in_settings = False
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            where = "%s:%d" % (os.path.basename(path), n)
            m = ID.match(line)
            if m:
                cur = (m.group(1), [], os.path.basename(path))
                rulings.append(cur)
                in_settings = False
                continue
            if line.startswith("- "):
                fail(where, "a ruling must start with \"- id: ID\"")
            m = KEY.match(line)
            if m:
                in_settings = m.group(1) == "settings"
                if in_settings and line.strip() != "settings:":
                    fail(where, "settings must be a block mapping, one setting a line")
                continue
            if in_settings:
                m = SETTING.match(line)
                if m:
                    if cur is None:
                        fail(where, "settings before any ruling id")
                    cur[1].append(m.group(2))
                elif line.strip() and not line.startswith("      ") and not line.startswith("#"):
                    fail(where, "cannot read this line inside settings")
    for rid, settings, _ in rulings:
        if not settings:
            fail(path, "ruling %s has no settings" % rid)
        if len(set(settings)) != len(settings):
            fail(path, "ruling %s repeats a setting" % rid)
    return rulings


def cname(text):
    return re.sub(r"[^A-Za-z0-9]", "_", text).upper()


def main():
    if len(sys.argv) < 3:
        fail("usage", "gen_ruling_names.py OUT.h FILE.yaml...")
    out = sys.argv[1]
    rulings = []
    for path in sorted(sys.argv[2:]):
        rulings.extend(read(path))
    seen = {}
    lines = [
        "/* Generated from the ruling registry (the YAML files of rulings/) by",
        " * scripts/gen_ruling_names.py at build time: do not edit.  A setting is",
        " * compared by its name here, never by a bare number. */",
        "#ifndef NX_RULING_NAMES_H",
        "#define NX_RULING_NAMES_H",
        "",
        "#include <stddef.h>",
        "",
    ]

    def define(name, value):
        if name in seen:
            fail("registry", "%s names both %s and %s" % (name, seen[name], value))
        seen[name] = value
        return name

    table = []
    for rid, settings, fname in rulings:
        r = cname(rid)
        lines.append("/* %s (rulings/%s) */" % (rid, fname))
        lines.append("#define %s \"%s\"" % (define("NX_RULING_" + r, rid), rid))
        lines.append("enum {")
        for i, s in enumerate(settings):
            lines.append("    %s = %d," % (define("NX_RS_%s_%s" % (r, cname(s)), rid + ":" + s), i))
        lines.append("    %s = %d" % (define("NX_RS_%s_COUNT_" % r, rid + " count"), len(settings)))
        lines.append("};")
        for s in settings:
            lines.append("#define %s \"%s\"" % (define("NX_RSS_%s_%s" % (r, cname(s)), rid + "/" + s), s))
        lines.append("#define %s { %s, NULL }" % (define("NX_RS_%s_SETTINGS" % r, rid + " settings"),
                                                  ", ".join('"%s"' % s for s in settings)))
        lines.append("")
        table.append((rid, settings))
    lines.append("/* The whole registry, for the test that compares it with the loaded one. */")
    lines.append("#ifdef NX_RULING_NAMES_TABLE")
    lines.append("static const struct { const char *id; const char *const *settings; } nx_ruling_names[] = {")
    for rid, settings in table:
        lines.append("    { \"%s\", (const char *const[]){ %s, NULL } }," % (rid, ", ".join('"%s"' % s for s in settings)))
    lines.append("};")
    lines.append("#endif")
    lines.append("")
    lines.append("#endif")
    text = "\n".join(lines) + "\n"
    # Rewrite only on change, so an untouched registry rebuilds nothing.
    try:
        with open(out, encoding="utf-8") as f:
            if f.read() == text:
                return
    except OSError:
        pass
    with open(out + ".tmp", "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(out + ".tmp", out)


if __name__ == "__main__":
    main()
