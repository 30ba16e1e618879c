#!/usr/bin/env python3
"""The JSON Schemas of the Nexus files (cards/schema/), checked with a real
validator (python3-jsonschema):

1. the committed schemas are what `nexus schema --out` prints today (they
   come from the loaders' shape tables and cannot drift);
2. every file of the built-in pack, every profile, every scenario and the
   good fixtures validate, and each names its schema in a
   `# yaml-language-server: $schema=...` line that resolves to it (so
   YAML-aware editors validate while typing);
3. broken files fail the schema *and* `nexus check` / `nexus test`: the
   broken settings fixtures, and damaged copies of real files (an unknown
   key, a missing key, a wrong type, a bad pattern, a word not in its list).

usage: schema.py NEXUS SOURCE_DIR          run the checks
       schema.py --write-modelines SOURCE_DIR   add missing modelines
"""
import copy
import json
import os
import shutil
import subprocess
import sys
import tempfile

import jsonschema
import yaml

MODELINE = "# yaml-language-server: $schema="


def kinds(src):
    """(glob-ish list of files, schema kind) for every Nexus YAML file."""
    out = []
    j = os.path.join
    out.append(([j(src, "cards", "pack.yaml")], "pack"))
    cards = j(src, "cards", "nexus")
    out.append(([j(cards, f) for f in sorted(os.listdir(cards)) if f.endswith(".yaml")], "card"))
    rul = j(src, "rulings")
    out.append(([j(rul, f) for f in sorted(os.listdir(rul)) if f.endswith(".yaml")], "rulings"))
    prof = j(rul, "profiles")
    out.append(([j(prof, f) for f in sorted(os.listdir(prof)) if f.endswith(".yaml")], "settings"))
    sc = j(src, "tests", "scenarios")
    out.append(([j(sc, f) for f in sorted(os.listdir(sc)) if f.endswith(".yaml")], "scenario"))
    return out


def schema_path(src, kind):
    return os.path.join(src, "cards", "schema", kind + ".schema.json")


def write_modelines(src):
    added = 0
    for files, kind in kinds(src):
        for f in files:
            rel = os.path.relpath(schema_path(src, kind), os.path.dirname(f))
            text = open(f).read()
            if text.startswith(MODELINE):
                text = text.split("\n", 1)[1]
            new = MODELINE + rel + "\n" + text
            if new != open(f).read():
                open(f, "w").write(new)
                added += 1
    print("modelines written:", added)


class Run:
    def __init__(self):
        self.passes = self.fails = 0

    def ok(self, cond, what):
        if cond:
            self.passes += 1
        else:
            self.fails += 1
            print("FAIL:", what)


def load_yaml(path):
    with open(path) as f:
        return yaml.safe_load(f)


def validator(src, kind):
    with open(schema_path(src, kind)) as f:
        schema = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def errors(v, doc):
    return sorted(v.iter_errors(doc), key=lambda e: list(e.path))


def check_generated(r, nexus, src):
    with tempfile.TemporaryDirectory() as tmp:
        p = subprocess.run([nexus, "schema", "--out", tmp], capture_output=True, text=True)
        r.ok(p.returncode == 0, "nexus schema --out: " + p.stderr)
        for kind in ("pack", "card", "rulings", "settings", "scenario"):
            a = open(os.path.join(tmp, kind + ".schema.json")).read()
            b = open(schema_path(src, kind)).read()
            r.ok(a == b, "cards/schema/%s.schema.json is not what `nexus schema --out` prints "
                 "(regenerate: nexus schema --out cards/schema)" % kind)


def check_good(r, src, validators):
    for files, kind in kinds(src):
        for f in files:
            first = open(f).readline().rstrip("\n")
            want = os.path.relpath(schema_path(src, kind), os.path.dirname(f))
            r.ok(first == MODELINE + want, "%s: first line should be '%s%s' "
                 "(tests/schema.py --write-modelines)" % (f, MODELINE, want))
            errs = errors(validators[kind], load_yaml(f))
            r.ok(not errs, "%s does not validate as a %s file: %s" %
                 (f, kind, "; ".join("%s: %s" % (list(e.path), e.message) for e in errs[:3])))


def fixture_settings_validator(r, nexus, src):
    """The settings fixtures are written for the fixture pack's registry."""
    pack = os.path.join(src, "tests", "fixtures", "packs", "good", "pack.yaml")
    p = subprocess.run([nexus, "--pack", pack, "schema", "settings"], capture_output=True, text=True)
    r.ok(p.returncode == 0, "nexus schema settings for the fixture pack: " + p.stderr)
    return jsonschema.Draft202012Validator(json.loads(p.stdout))


def check_settings_fixtures(r, nexus, src):
    v = fixture_settings_validator(r, nexus, src)
    d = os.path.join(src, "tests", "fixtures", "settings")
    for name in ("valid", "empty_rulings"):
        errs = errors(v, load_yaml(os.path.join(d, name + ".yaml")))
        r.ok(not errs, "fixture settings/%s.yaml fails its schema: %s" % (name, [e.message[:200] for e in errs]))
    for name in ("unknown_key", "not_a_name", "rulings_not_mapping", "unknown_id", "unknown_setting", "empty"):
        doc = load_yaml(os.path.join(d, name + ".yaml"))
        r.ok(errors(v, doc), "broken fixture settings/%s.yaml validates" % name)


# Damage: (kind, file relative to the source, how, description).  Each is
# applied to the parsed file; the result must fail the schema, and written
# back into a copy of the pack it must fail `nexus check` (or, for a
# scenario, `nexus test`).
def first_panel(doc):
    return doc["panels"]["cunning"]


DAMAGE = [
    ("pack", "cards/pack.yaml", lambda d: d.update(descripton="x"), "an unknown key"),
    ("pack", "cards/pack.yaml", lambda d: d.pop("version"), "a missing key"),
    ("pack", "cards/pack.yaml", lambda d: d.update(name="Not A Name"), "a bad pattern"),
    ("card", "cards/nexus/harkonnen.yaml", lambda d: first_panel(d).update(scirpt="x"), "an unknown panel key"),
    ("card", "cards/nexus/harkonnen.yaml", lambda d: first_panel(d).pop("text"), "a missing panel key"),
    ("card", "cards/nexus/harkonnen.yaml", lambda d: first_panel(d).update(status="maybe"), "a status not in its list"),
    ("card", "cards/nexus/harkonnen.yaml", lambda d: first_panel(d).update(when={"phase": "dinner"}), "a phase not in its list"),
    ("card", "cards/nexus/harkonnen.yaml", lambda d: first_panel(d).update(sources=[]), "an empty list"),
    ("card", "cards/nexus/harkonnen.yaml", lambda d: d.update(faction="martians"), "a faction not in its list"),
    ("rulings", "rulings/harkonnen.yaml", lambda d: d[0].update(kind="guess"), "a kind not in its list"),
    ("rulings", "rulings/harkonnen.yaml", lambda d: d[0].pop("question"), "a missing ruling key"),
    ("rulings", "rulings/harkonnen.yaml", lambda d: d[0]["source"].update(file="notes.txt"), "a bad source file"),
    ("settings", "rulings/profiles/provisional.yaml", lambda d: d.update(profil="x"), "an unknown key"),
    ("settings", "rulings/profiles/provisional.yaml",
     lambda d: d["rulings"].update({"harkonnen.cunning.no_such_ruling": {"setting": "x", "reason": "r", "source": "s"}}),
     "a ruling the registry lacks"),
]


def dump(doc):
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True, width=1000)


def check_damage(r, nexus, src, validators):
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copytree(os.path.join(src, "cards"), os.path.join(tmp, "cards"))
        shutil.copytree(os.path.join(src, "rulings"), os.path.join(tmp, "rulings"))
        for kind, rel, damage, what in DAMAGE:
            path = os.path.join(tmp, rel)
            original = open(path).read()
            doc = copy.deepcopy(yaml.safe_load(original))
            damage(doc)
            r.ok(errors(validators[kind], doc), "%s with %s validates" % (rel, what))
            open(path, "w").write(dump(doc))
            if kind == "settings":
                cmd = [nexus, "--pack", os.path.join(tmp, "cards", "pack.yaml"), "availability",
                       "--rulings", path]
            else:
                cmd = [nexus, "check", os.path.join(tmp, "cards", "pack.yaml")]
            p = subprocess.run(cmd, capture_output=True, text=True)
            r.ok(p.returncode == 1, "%s with %s: `%s` exits %d, not 1 (the loader and the schema "
                 "disagree)" % (rel, what, " ".join(cmd[1:3]), p.returncode))
            open(path, "w").write(original)
        # The undamaged copy, rewritten by the same dumper, still passes both:
        # the damage, not the dumping, is what fails.
        for rel in sorted({d[1] for d in DAMAGE}):
            path = os.path.join(tmp, rel)
            doc = load_yaml(path)
            open(path, "w").write(dump(doc))
        p = subprocess.run([nexus, "check", os.path.join(tmp, "cards", "pack.yaml")],
                           capture_output=True, text=True)
        r.ok(p.returncode == 0, "a re-dumped undamaged pack fails nexus check: " + p.stderr[:400])


def check_scenario_damage(r, nexus, src, validators):
    sc = os.path.join(src, "tests", "scenarios")
    first = sorted(f for f in os.listdir(sc) if f.endswith(".yaml"))[0]
    doc = load_yaml(os.path.join(sc, first))
    for what, damage in (("an unknown step key", lambda d: d["steps"][0].update(chek={})),
                         ("a missing setup", lambda d: d.pop("setup")),
                         ("a faction not in its list", lambda d: d["setup"].update(factions=["martians", "harkonnen"]))):
        bad = copy.deepcopy(doc)
        damage(bad)
        r.ok(errors(validators["scenario"], bad), "scenario %s with %s validates" % (first, what))
        with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False) as f:
            f.write(dump(bad))
        p = subprocess.run([nexus, "test", f.name], capture_output=True, text=True)
        os.unlink(f.name)
        r.ok(p.returncode == 1, "scenario %s with %s: nexus test exits %d, not 1" % (first, what, p.returncode))


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--write-modelines":
        write_modelines(sys.argv[2])
        return 0
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    nexus, src = sys.argv[1], sys.argv[2]
    r = Run()
    check_generated(r, nexus, src)
    validators = {k: validator(src, k) for k in ("pack", "card", "rulings", "settings", "scenario")}
    check_good(r, src, validators)
    check_settings_fixtures(r, nexus, src)
    check_damage(r, nexus, src, validators)
    check_scenario_damage(r, nexus, src, validators)
    print("schema: %d passed, %d failed" % (r.passes, r.fails))
    return 1 if r.fails else 0


if __name__ == "__main__":
    sys.exit(main())
