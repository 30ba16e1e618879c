#!/bin/sh
# The CLI's contract: exit codes (0 ok, 1 invalid input, 2 usage), errors
# that point at file:line, availability that follows ruling settings, and
# game files that a refused action leaves unchanged.
# usage: cli_contract.sh NEXUS_BINARY SOURCE_DIR
set -u
NEXUS=$1
SRC=$2
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fails=0
passes=0

expect_rc() { # expected-rc description command...
    want=$1; what=$2; shift 2
    "$@" >"$TMP/out" 2>"$TMP/err"
    got=$?
    if [ "$got" -eq "$want" ]; then passes=$((passes + 1)); else
        fails=$((fails + 1)); echo "FAIL: $what: exit $got, expected $want"; cat "$TMP/err"; fi
}

expect_grep() { # file pattern description
    if grep -Eq -- "$2" "$1"; then passes=$((passes + 1)); else
        fails=$((fails + 1)); echo "FAIL: $3: no /$2/ in $1:"; cat "$1"; fi
}

expect_rc 0 "--version" "$NEXUS" --version
expect_grep "$TMP/out" '^nexus [0-9]+\.[0-9]+\.[0-9]+$' "version line"
expect_rc 0 "--help" "$NEXUS" --help
expect_grep "$TMP/out" 'exit codes' "help documents exit codes"
expect_rc 2 "no command" "$NEXUS"
expect_rc 2 "unknown command" "$NEXUS" frobnicate
expect_rc 2 "unknown option" "$NEXUS" cards --colour
expect_rc 0 "check the built-in pack" "$NEXUS" check
expect_grep "$TMP/out" '12 cards, 36 panels' "check summary"
expect_rc 0 "cards" "$NEXUS" cards
expect_grep "$TMP/out" 'Harkonnen' "cards lists Harkonnen"
expect_rc 0 "cards --json" "$NEXUS" cards --json
expect_grep "$TMP/out" '"secret_ally"' "cards JSON has panels"
expect_rc 0 "rulings list" "$NEXUS" rulings list --match 'storm'
expect_grep "$TMP/out" 'bene_gesserit.cunning.storm_stronghold' "rulings --match"
expect_rc 0 "rulings show" "$NEXUS" rulings show harkonnen.cunning.interruption --json
expect_rc 1 "rulings show unknown" "$NEXUS" rulings show no.such.ruling
expect_rc 2 "rulings bad regex" "$NEXUS" rulings list --match '('

# Flipping a ruling changes the matrix: the interrupting path opens.
expect_rc 0 "availability" "$NEXUS" availability --json
cp "$TMP/out" "$TMP/before.json"
expect_rc 0 "availability --set" "$NEXUS" availability --json --set harkonnen.cunning.interruption=suspend_and_resume
if cmp -s "$TMP/before.json" "$TMP/out"; then fails=$((fails + 1)); echo "FAIL: the matrix did not change"; else passes=$((passes + 1)); fi
printf 'rulings:\n  harkonnen.cunning.interruption: perhaps\n' >"$TMP/bad-settings.yaml"
expect_rc 1 "bad settings file" "$NEXUS" availability --rulings "$TMP/bad-settings.yaml"
expect_grep "$TMP/err" 'bad-settings.yaml:2:[0-9]+:' "settings error points at the line"
expect_rc 1 "unknown ruling in --set" "$NEXUS" availability --set no.such=permit

# A broken copy of the pack: an unknown key in YAML and a Lua syntax error.
cp -r "$SRC/cards" "$SRC/rulings" "$TMP/"
sed -i 's/^    when: anytime$/    whne: anytime/' "$TMP/cards/nexus/harkonnen.yaml"
printf 'local panel = {\nreturn panel\n' >"$TMP/cards/nexus/harkonnen/secret_ally.lua"
expect_rc 1 "broken pack" "$NEXUS" check "$TMP/cards/pack.yaml"
expect_grep "$TMP/err" 'harkonnen.yaml:[0-9]+:[0-9]+: unknown key .whne.' "YAML error points at the line"
expect_grep "$TMP/err" "unknown key .whne. .*did you mean 'when'" "a mistyped key names the closest one"
expect_grep "$TMP/err" 'secret_ally.lua:[0-9]+' "Lua error points at the line"

# A call of an unknown ctx method is refused by check, at its file and line;
# the committed LuaLS stubs are the ones the method table generates.
rm -rf "$TMP/cards" "$TMP/rulings"
cp -r "$SRC/cards" "$SRC/rulings" "$TMP/"
printf -- '-- ctx:nothing in a comment\nlocal panel = {}\nfunction panel.play(ctx)\n  local s = "ctx:nor_in_a_string"\n  ctx:drw("traitor_deck", "traitors", 1)\nend\nreturn panel\n' \
    >"$TMP/cards/nexus/harkonnen/secret_ally.lua"
expect_rc 1 "unknown ctx method" "$NEXUS" check "$TMP/cards/pack.yaml"
expect_grep "$TMP/err" 'secret_ally.lua:5:7: ctx has no method or field .drw.' "unknown ctx method points at file:line:col"
expect_grep "$TMP/err" "field .drw. .did you mean 'draw'" "a mistyped ctx method names the closest one"
if grep -q 'nothing\|nor_in_a_string' "$TMP/err"; then fails=$((fails + 1)); echo "FAIL: comments and strings were linted"; else passes=$((passes + 1)); fi
expect_rc 0 "stubs" "$NEXUS" stubs
cmp -s "$TMP/out" "$SRC/cards/lib/ctx.d.lua" && passes=$((passes + 1)) || {
    fails=$((fails + 1)); echo "FAIL: cards/lib/ctx.d.lua is not what \`nexus stubs\` prints (regenerate it)"; diff "$TMP/out" "$SRC/cards/lib/ctx.d.lua" | head; }

# Games: new, view, a refused action leaves the file unchanged, a good one is applied.
G="$TMP/game.json"
expect_rc 0 "new" "$NEXUS" new --save "$G" --factions harkonnen,atreides,emperor --nexus-cards --seed 3
expect_rc 0 "view" "$NEXUS" view "$G" --seat 1
expect_grep "$TMP/out" '"viewer": 1' "seat view"
cp "$G" "$TMP/game.before"
expect_rc 1 "refused action" "$NEXUS" apply "$G" '{"id":"x","version":0,"seat":null,"type":"advance"}'
expect_grep "$TMP/out" '"ok":false' "refusal is reported"
cmp -s "$G" "$TMP/game.before" && passes=$((passes + 1)) || { fails=$((fails + 1)); echo "FAIL: refused action changed the file"; }
expect_rc 1 "malformed action" "$NEXUS" apply "$G" 'not json'
expect_rc 2 "view bad seat" "$NEXUS" view "$G" --seat 9
printf '{"nexus_save":1}' >"$TMP/junk.json"
expect_rc 1 "corrupt save" "$NEXUS" view "$TMP/junk.json"
expect_grep "$TMP/err" 'refused' "corrupt save is refused"

# A complete bot game: exit 0, the same bytes twice, no refused listed move,
# a saved file that view reads for a seat and for a spectator, a store room.
expect_rc 0 "play" "$NEXUS" play --seed 5 --seats 4 --advanced --nexus-cards --save "$TMP/played.json"
cp "$TMP/out" "$TMP/play1.txt"
expect_grep "$TMP/out" '^== Turn 1 ==$' "play prints turn headings"
expect_grep "$TMP/out" '^== Result ==$' "play prints the result"
if grep -q 'BUG' "$TMP/err"; then fails=$((fails + 1)); echo "FAIL: play reported refused moves:"; cat "$TMP/err"; else passes=$((passes + 1)); fi
expect_rc 0 "play again" "$NEXUS" play --seed 5 --seats 4 --advanced --nexus-cards --save "$TMP/played.json"
cmp -s "$TMP/play1.txt" "$TMP/out" && passes=$((passes + 1)) || { fails=$((fails + 1)); echo "FAIL: play is not deterministic"; diff "$TMP/play1.txt" "$TMP/out" | head; }
expect_rc 0 "view a played game" "$NEXUS" view "$TMP/played.json" --seat 2
expect_grep "$TMP/out" '"viewer": 2' "played game seat view"
expect_rc 0 "spectator view of a played game" "$NEXUS" view "$TMP/played.json" --spectator
expect_grep "$TMP/out" '"viewer": "spectator"' "spectator view"
expect_rc 2 "view --seat with --spectator" "$NEXUS" view "$TMP/played.json" --seat 1 --spectator
expect_rc 0 "play random bots in a store" "$NEXUS" play --seed 6 --factions atreides,harkonnen,fremen --bots random --store "$TMP/play.db"
expect_grep "$TMP/out" 'reopened from the store, identical' "play keeps the game in the store"
expect_rc 2 "play bad bots" "$NEXUS" play --bots clever
expect_grep "$TMP/err" 'random or simple' "bad --bots is explained"
expect_rc 2 "play bad seats" "$NEXUS" play --seats 7
expect_grep "$TMP/err" '2 to 6' "bad --seats is explained"
expect_rc 2 "play unknown option" "$NEXUS" play --fast
expect_grep "$TMP/err" "unknown option '--fast'" "unknown play option is named"
expect_rc 2 "play --designer" "$NEXUS" play --designer
expect_rc 2 "play stray argument" "$NEXUS" play extra
expect_rc 2 "new takes no --bots" "$NEXUS" new --save "$TMP/x.json" --seats 2 --bots simple

# Staging tables: the host stages a position with a logged action; only
# staging tables accept it, and a table is designer's or staging, not both.
expect_rc 0 "new --staging" "$NEXUS" new --save "$TMP/st.json" --factions atreides,fremen,harkonnen --staging
expect_rc 0 "stage a bidding phase" "$NEXUS" apply "$TMP/st.json" \
    '{"id":"s1","version":0,"seat":null,"type":"stage","phase":"bidding","spice":{"seat0":12}}' --save "$TMP/st2.json"
expect_grep "$TMP/out" '"turn 1: bidding"' "staging enters the phase"
expect_rc 0 "staged game reloads" "$NEXUS" view "$TMP/st2.json" --seat 0
expect_grep "$TMP/out" '"spice": 12' "staged spice is in the owner's view"
expect_rc 0 "new rules game" "$NEXUS" new --save "$TMP/plain.json" --factions atreides,fremen,harkonnen
expect_rc 1 "stage refused elsewhere" "$NEXUS" apply "$TMP/plain.json" '{"id":"s1","version":0,"seat":null,"type":"stage","phase":"bidding"}'
expect_grep "$TMP/out" 'staging' "the refusal names staging tables"
expect_rc 1 "designer and staging" "$NEXUS" new --save "$TMP/both.json" --seats 2 --designer --staging
expect_grep "$TMP/err" "not both" "designer plus staging is explained"

# The host line protocol: rooms survive a restart through the store, a retry
# after the restart changes nothing, bad lines get an error naming the line.
DB="$TMP/rooms.db"
# Creating a room shows its tokens once; acting as seat 1 needs seat 1's.
printf '%s\n' '{"cmd":"new","room":"r1","factions":["harkonnen","atreides"],"seed":3,"nexus_cards":true}' >"$TMP/in0"
expect_rc 0 "serve new" sh -c "\"$NEXUS\" serve --store \"$DB\" <\"$TMP/in0\""
expect_grep "$TMP/out" '"tokens":\{"host":"[0-9a-f]{32}","seats":\["[0-9a-f]{32}","[0-9a-f]{32}"\]\}' "new shows the host's and each seat's token"
SEAT1=$(python3 -c 'import json,sys; print(json.loads(open(sys.argv[1]).readline())["tokens"]["seats"][1])' "$TMP/out")
APPLY='{"cmd":"apply","room":"r1","token":"'"$SEAT1"'","action":{"id":"a","version":0,"seat":1,"type":"answer","choose":["traitor:piter_de_vries"]}}'
printf '%s\n' '{"cmd":"open","room":"r1"}' \
    '{"cmd":"apply","room":"r1","action":{"id":"a","version":0,"seat":1,"type":"answer","choose":["traitor:piter_de_vries"]}}' \
    "$APPLY" >"$TMP/in1"
expect_rc 0 "serve" sh -c "\"$NEXUS\" serve --store \"$DB\" <\"$TMP/in1\""
expect_grep "$TMP/out" '"code":"unauthorized"' "an action without the seat's token is refused"
expect_grep "$TMP/out" '"version":1' "serve applies an action"
printf '%s\n' '{"cmd":"open","room":"r1"}' 'not json' "$APPLY" \
    '{"cmd":"view","room":"r1","seat":7}' >"$TMP/in2"
expect_rc 0 "serve again" sh -c "\"$NEXUS\" serve --store \"$DB\" <\"$TMP/in2\""
expect_grep "$TMP/out" '^\{"ok":true,"room":"r1","version":1\}$' "room reopened from the store"
expect_grep "$TMP/out" '"line":2' "bad line is named"
expect_grep "$TMP/out" 'keeps a Traitor Card' "retry after restart returns the original result"
expect_grep "$TMP/out" '"seat\\" must be' "bad seat refused"

# Every command answers --help with its usage on stdout, exit 0.
for cmd in check cards rulings availability new apply view play serve test; do
    expect_rc 0 "$cmd --help" "$NEXUS" $cmd --help
    expect_grep "$TMP/out" "^usage: nexus .*$cmd" "$cmd --help prints its usage"
done
expect_rc 0 "-h after other arguments" "$NEXUS" play --seed 3 -h
expect_grep "$TMP/out" '^usage: nexus .*play' "-h prints the play usage"
expect_rc 0 "--help as an option's value is a value" "$NEXUS" rulings list --match --help
expect_rc 2 "a flag takes no value" "$NEXUS" cards --json=yes

# Long options take "--opt=value" as well as "--opt value", with the same effect.
same_as() { # file-a file-b description
    cmp -s "$1" "$2" && passes=$((passes + 1)) || { fails=$((fails + 1)); echo "FAIL: $3 differ"; diff "$1" "$2" | head; }
}
expect_rc 0 "--pack=FILE" "$NEXUS" --pack="$SRC/cards/pack.yaml" check
expect_grep "$TMP/out" '12 cards, 36 panels' "check with --pack=FILE"
expect_rc 0 "rulings --match=" "$NEXUS" rulings list --match=storm
expect_grep "$TMP/out" 'bene_gesserit.cunning.storm_stronghold' "rulings --match=REGEX"
expect_rc 0 "availability --set=" "$NEXUS" availability --json --set=harkonnen.cunning.interruption=suspend_and_resume
cp "$TMP/out" "$TMP/avail-eq.json"
expect_rc 0 "availability --set" "$NEXUS" availability --json --set harkonnen.cunning.interruption=suspend_and_resume
same_as "$TMP/avail-eq.json" "$TMP/out" "availability --set=X and --set X"
printf 'rulings:\n  harkonnen.cunning.interruption: suspend_and_resume\n' >"$TMP/settings.yaml"
expect_rc 0 "availability --rulings=" "$NEXUS" availability --json --rulings="$TMP/settings.yaml"
same_as "$TMP/avail-eq.json" "$TMP/out" "availability --rulings=FILE and --set"
expect_rc 0 "new with --opt=value" "$NEXUS" new --save="$TMP/eq.json" --factions=harkonnen,atreides,emperor --nexus-cards --seed=3
same_as "$G" "$TMP/eq.json" "new --opt=value and --opt value games"
expect_rc 0 "new --seats= --rulings= --set=" "$NEXUS" new --save="$TMP/eq2.json" --seats=3 --rulings="$TMP/settings.yaml" \
    --set=harkonnen.cunning.interruption=suspend_and_resume
expect_rc 0 "view --seat=" "$NEXUS" view "$G" --seat=1
expect_grep "$TMP/out" '"viewer": 1' "view --seat=S"
expect_rc 1 "apply --save=" "$NEXUS" apply "$G" '{"id":"x","version":0,"seat":null,"type":"advance"}' --save="$TMP/applied.json"
expect_grep "$TMP/out" '"ok":false' "apply --save=OUT reports"
expect_rc 0 "play with --opt=value" "$NEXUS" play --seed=5 --seats=4 --advanced --nexus-cards --save="$TMP/played.json"
same_as "$TMP/play1.txt" "$TMP/out" "play --opt=value and --opt value transcripts"
expect_rc 0 "play --factions= --bots= --store=" "$NEXUS" play --seed=6 --factions=atreides,harkonnen,fremen --bots=random --store="$TMP/play-eq.db"
expect_grep "$TMP/out" 'reopened from the store, identical' "play --store=DB"
expect_rc 0 "serve --store=" sh -c "\"$NEXUS\" serve --store=\"$DB\" <\"$TMP/in2\""
expect_grep "$TMP/out" '^\{"ok":true,"room":"r1","version":1\}$' "serve --store=DB reopens the room"

echo "cli_contract: $passes passed, $fails failed"
[ "$fails" -eq 0 ]
