/*
 * The ctx a panel script receives (nx_panel_ctx.h): the ctx object, its
 * log, and the one method table.  The methods live in nx_ctx_<concept>.c
 * (nx_ctx.h lists them), the checks they make in nx_ctx_check.c; calling
 * panels with a ctx is nx_panel_play.c.
 */
#include "nx_panel_ctx.h"

#include <stdio.h>
#include <string.h>

#include "nx_ctx.h"
#include "nx_ctx_pay.h"
#include "nx_luaval.h"
#include "nx_names.h"
#include "nx_suggest.h"

/* The registry key of the one ctx userdata of a sandbox.  It lives as long
 * as the sandbox (the registry keeps it from the collector), so the engine
 * can detach it after every call without touching freed memory. */
const char nx_ctx_key = 'c';

/* ctx:log(text): a public line, prefixed with the panel's title ("CHOAM Secret Ally: "). */
static int ctx_log(lua_State *L)
{
    nx_ctx *c = nx_ctx_mutable(L, "logging while checking");
    const char *text = nx_luaval_text(L, 2, "ctx:log text", CTX_LOG_MAX_BYTES);
    if (c->nlogs >= CTX_LOG_MAX_LINES) return luaL_error(L, "ctx:log: at most %d lines per call", CTX_LOG_MAX_LINES);
    c->nlogs++;
    char title[64];
    nx_act_log(c->a, "%s: %s", nx_panel_title(c->panel, title, sizeof title), text);
    return 0;
}

/* ---- the ctx object ---------------------------------------------------------------- */

/*
 * The ctx methods: ONE table registers them with Lua, lets `nexus check`
 * refuse a call of an unknown method (nx_panel_ctx_known) and generates
 * the LuaLS annotation stubs (nx_panel_ctx_stubs, `nexus stubs`; the
 * committed cards/lib/ctx.d.lua is compared with it by a test).
 * params: "name: type" separated by ", "; ret: a LuaLS type or NULL.
 */
typedef struct ctx_method {
    const char *name;
    lua_CFunction fn;
    const char *params;
    const char *ret;
    const char *doc;
} ctx_method;

static const ctx_method ctx_methods[] = {
    { "count", ctx_count, "zone: string", "integer", "How many components a zone holds (any zone: counts are public)." },
    { "cards", ctx_cards, "zone: string", "string[]", "The component ids of a zone the holder may see." },
    { "others_deciding", ctx_others_deciding, NULL, "boolean", "Is another seat's decision pending?" },
    { "setting", ctx_setting, "ruling: string", "string", "The game's setting of a ruling." },
    { "event", ctx_event, NULL, "table|nil",
      "The event being raised now: {name=, ...its payload keys (core/nx_events.c)}, or nil." },
    { "battle", ctx_battle, NULL, "table|nil",
      "The battle in hand: {territory=, aggressor=, opponent=, advanced=, holder_side=, holder_opponent=, sides={{seat=, faction=, normal=, elite=}, ...}, stopped={voice=true, ...}}, or nil." },
    { "seat", ctx_seat, "seat: integer", "table",
      "What the table knows of a seat: {faction=, ally=, nexus_held=, treachery_held=, moved=} (and spice for the holder)." },
    { "seats", ctx_seats, NULL, "integer", "How many seats the game has." },
    { "forces_in", ctx_forces_in, "territory: string", "table",
      "The forces on the board in a territory, by seat: {[seat] = {normal=, elite=}} (seats with none are absent)." },
    { "effects", ctx_effects, NULL, "table[]",
      "The effects in force, as every view shows them: {{kind=, seat=, scope=, arg=, turn=, battle=, source=, panel=}, ...}." },
    { "shipping", ctx_shipping, NULL, "table|nil",
      "Shipment and Movement as the table sees it: {own_turn=, advanced=, shipped=, moving=, second=, reserves=, on_board=, allowed={term=true}, advisors={{territory=, blocked=reason|nil, accompanied=, storm_locked=}, ...}}, or nil in other phases." },
    { "draw", ctx_draw, "from: string, to: string, n: integer", "string[]", "Draw n cards from a deck into one of the holder's zones." },
    { "shuffle_into", ctx_shuffle_into, "deck: string, cards: string[]", NULL, "Shuffle cards of the holder into a deck." },
    { "ask", ctx_ask, "request: table", NULL,
      "Ask the holder for a choice and return its result: cards {prompt=, choose_from=, among=?, count=, resume=, save=}, or kind = element | territories | seat | number | word with of=, min=, max= (docs/dsl.md)." },
    { "stop", ctx_stop, "advantage: string, scope: string?", NULL,
      "Stop the battle advantage (voice, prescience, sardaukar) whose attempt is being made now: for this battle (\"battle\"), or only this attempt (\"attempt\", prescience). Or stop Fremen worm riding (\"worm_riding\", scope \"turn\") or the Fremen two-territory movement (\"fremen_movement\", scope \"turn\" or \"move\": their next move only)." },
    { "grant", ctx_grant, "advantage: string, scope: string?", NULL,
      "Let the holder use a battle advantage (voice, prescience) once in this battle, at its native step. At a worm occurrence: \"worm_protection\" (the holder's forces are spared by this worm, scope \"worm\", or every worm of the phase, \"phase\"), or \"remote_ride\" (the Fremen ride a group from one desert territory after the native rides)." },
    { "modify", ctx_modify, "modifier: table", NULL,
      "Add a battle modifier: {kind = \"virtual_elite\", count = n, scope = \"battle\"}." },
    { "disclose", ctx_disclose, "disclosure: table", NULL,
      "Show one seat a card, a zone, a plan element or a yes/no fact, kept as its private receipt: {to=seat, card=id | zone=name | element=, of=seat | fact=name, value=bool, public=bool}." },
    { "take_random", ctx_take_random, "from: string, to: string", "string",
      "Take one card at random from another seat's zone into the holder's zone of the same kind; returns its id." },
    { "spice", ctx_spice, "transfer: table", "integer",
      "Move spice through the engine's one transfer: {from=seat|\"bank\", to=seat|\"bank\", amount=n, up_to=bool}; refused if the payer cannot pay (up_to pays what it has); returns the amount paid." },
    { "forces", ctx_forces, "move: table", NULL,
      "Move a seat's counters between reserves, tanks and board sections: {seat=, from=, to=, count=, elite=}, under the board's entry rules (storm, stronghold occupancy)." },
    { "allow", ctx_allow, "terms: string[]", NULL,
      "Let the holder use terms in its own Shipment and Movement turn, until used or the phase ends: guild_rates, cross_ship, ship_back, five_as_one, second_shipment, advisor_flip." },
    { "log", ctx_log, "text: string", NULL, "A public log line, prefixed with the panel's title (\"CHOAM Secret Ally: \")." },
    { "invoice", nx_ctx_invoice, NULL, "table|nil",
      "The newest invoice (a payment quoted, core/nx_invoice.h): {kind=, state=, means=, buyer=, payee=(seat or \"bank\"), price=, lot=, redirected=, item= (the buyer's card, to the buyer), payers={{seat=, share=}} (to its payers)}, or nil." },
    { "invoice_cover", nx_ctx_invoice_cover, "seat: integer, amount: integer", "boolean, string?",
      "Could seat take over `amount` of the due invoice's price, its own share counting first (its spice must hold the whole amount: a share moves only at the settlement)? An amount above the price asks whether it could pay that much in all. A yes/no fact; false with \"covered\" (nothing is missing) or \"short\" (it cannot pay it)." },
    { "redirect_invoice", nx_ctx_redirect_invoice, "change: table", NULL,
      "Redirect the due invoice once: {keep = true} (the buyer keeps its spice, nothing is paid) or {cover = {seat=, amount=, partial=}} (seat pays `amount` of the price: its share first, then its own spice; the buyer's share shrinks first)." },
    { "take_invoice", nx_ctx_take_invoice, NULL, NULL,
      "Take the whole payment of the due invoice for the holder, once: its payers pay the holder instead of its payee when it is settled (Spacing Guild Betrayal)." },
    { "discard", ctx_discard, "cards: string[]", NULL, "The holder discards Treachery Cards from its hand, face up." },
    { "grant_revival", nx_ctx_grant_revival, "grant: table", NULL,
      "Inside the holder's revival decision: {forces = n, cost = 0|1, ledger = \"separate\"|\"within_limit\"|\"free_rate\", exact = bool} or {leader = \"ordinary_slot\"|\"extra\", with_forces = bool}; the revive action then names grant_forces/grant_elite/grant_leader." },
    { "tanks", nx_ctx_tanks, NULL, "table",
      "The holder's forces in the Tanks: {normal=, elite=, elite_room= (elite it may still revive this turn), leaders= (its leaders there)}." },
    { "card", ctx_card, "id: string", "table",
      "What the holder may know of a card it can see (its own, or a public one): {id=, name=, worthless=}." },
    { "gain_spice", ctx_gain_spice, "amount: integer", NULL, "The holder takes spice from the bank." },
    { "look_random", ctx_look_random, "zone: string, filter: string?", "string",
      "Show the holder alone one card picked at random from another seat's hidden zone (\"not_in_battle\": not one it played in the battle in hand); the card stays." },
    { "traitor_question", ctx_traitor_question, "question: table", NULL,
      "The engine answers for a seat whether any of the holder's leaders (leaders = \"native_printed\" | \"controlled_now\") is among its Traitor Cards, without saying which: a yes/no receipt of the holder (public = true: also a public line)." },
    { "cancel_call", ctx_cancel_call, NULL, "table",
      "Cancel the traitor call being revealed now: {seat=, card=, leader=}; this step may then move that card (shuffle_into)." },
    { "owe", ctx_owe, "owed: table", NULL,
      "Owe a seat an effect at the next Mentat Pause: {kind = \"traitor_draw\", seat = n, count = k}; it outlives the battle, the turn and the card." },
    { "retain", ctx_retain, "card: string", NULL,
      "Keep a card the holder played in this battle instead of discarding it (never a mandatory discard)." },
    { NULL, NULL, NULL, NULL, NULL },
};

/* The read-only fields ctx_index serves besides the methods. */
static const struct { const char *name, *type, *doc; } ctx_fields[] = {
    { "holder", "integer", "The seat playing the card." },
    { "mode", "string", "cunning | betrayal | secret_ally" },
    { "panel", "string", "The panel id (\"emperor.cunning\")." },
    { "path", "string|nil", "The path being played, if the panel has paths." },
    { "phase", "string", "The current phase." },
    { "turn", "integer", "The current turn." },
    { "faction", "string", "The holder's faction id." },
    { "advanced", "boolean", "Is this an Advanced game (public, like every game option)?" },
    { NULL, NULL, NULL },
};

int nx_panel_ctx_known(const char *name)
{
    for (const ctx_method *m = ctx_methods; m->name; m++)
        if (!strcmp(m->name, name)) return 1;
    for (int i = 0; ctx_fields[i].name; i++)
        if (!strcmp(ctx_fields[i].name, name)) return 1;
    return 0;
}

const char *nx_panel_ctx_suggest(const char *name)
{
    const char *names[128];
    size_t n = 0;
    for (const ctx_method *m = ctx_methods; m->name && n < 128; m++) names[n++] = m->name;
    for (int i = 0; ctx_fields[i].name && n < 128; i++) names[n++] = ctx_fields[i].name;
    return nx_suggest(name, names, n);
}

void nx_panel_ctx_stubs(FILE *out)
{
    fprintf(out, "---@meta\n-- Generated by `nexus stubs` from the ctx method table (interpreter/nexus/nx_panel_ctx.c).\n"
                 "-- Do not edit: a test compares this file with the table.\n\n---@class NexusCtx\n");
    for (int i = 0; ctx_fields[i].name; i++)
        fprintf(out, "---@field %s %s %s\n", ctx_fields[i].name, ctx_fields[i].type, ctx_fields[i].doc);
    fprintf(out, "local ctx = {}\n");
    for (const ctx_method *m = ctx_methods; m->name; m++) {
        fprintf(out, "\n--- %s\n", m->doc);
        char names[160] = "";
        if (m->params) {
            char buf[160];
            snprintf(buf, sizeof buf, "%s", m->params);
            for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
                while (*tok == ' ') tok++;
                char *colon = strchr(tok, ':');
                if (!colon) continue;
                *colon = 0;
                fprintf(out, "---@param %s %s\n", tok, colon + 2);
                size_t used = strlen(names);
                snprintf(names + used, sizeof names - used, "%s%s", used ? ", " : "", tok);
            }
        }
        if (m->ret) fprintf(out, "---@return %s\n", m->ret);
        fprintf(out, "function ctx:%s(%s) end\n", m->name, names);
    }
    fprintf(out, "\nreturn ctx\n");
}

static int ctx_index(lua_State *L)
{
    nx_ctx *c = nx_ctx_check(L);
    const char *key = nx_luaval_name(L, 2, "ctx field");
    if (!strcmp(key, "holder")) lua_pushinteger(L, c->holder);
    else if (!strcmp(key, "mode")) lua_pushstring(L, nx_mode_id(c->panel->mode));
    else if (!strcmp(key, "panel")) lua_pushstring(L, c->panel->id);
    else if (!strcmp(key, "path")) c->path ? (void)lua_pushstring(L, c->path) : lua_pushnil(L);
    else if (!strcmp(key, "phase")) lua_pushstring(L, nx_phase_name(c->a->s->phase));
    else if (!strcmp(key, "turn")) lua_pushinteger(L, c->a->s->turn);
    else if (!strcmp(key, "advanced")) lua_pushboolean(L, (c->a->s->options & NX_OPT_ADVANCED) != 0);
    else if (!strcmp(key, "faction"))
        lua_pushstring(L, nx_faction_id((nx_faction)c->a->s->seats[c->holder].faction));
    else {
        for (const ctx_method *m = ctx_methods; m->name; m++)
            if (!strcmp(key, m->name)) {
                lua_pushcfunction(L, m->fn);
                return 1;
            }
        return luaL_error(L, "ctx has no field '%s'", key);
    }
    return 1;
}

static int ctx_newindex(lua_State *L) { return luaL_error(L, "ctx is read-only"); }

void nx_panel_ctx_register(lua_State *L)
{
    luaL_newmetatable(L, CTX_META);
    lua_pushcfunction(L, ctx_index);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, ctx_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
    nx_ctx **ud = lua_newuserdatauv(L, sizeof *ud, 0);
    *ud = NULL;
    luaL_setmetatable(L, CTX_META);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &nx_ctx_key);
}
