#include "nx_treachery.h"

#include <assert.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/*
 * Source: the project's shared game facts, treachery_base.csv (card, kind,
 * copies: the 33-card base deck) and treachery_expansions.csv (card, kind,
 * copies, expansion), transcribed in their row order.  `type_line` is the
 * CSV's kind column verbatim; `kind` is the same words as bits.  The CSV's
 * extra Ixians & Tleilaxu "Shield" and "Snooper" rows are copies of the base
 * designs, so they appear as copies[NX_TREACHERY_SET_IXIANS_TLEILAXU] below.
 *
 * Everything after the copies is ours, read from the rules and FAQs, and is
 * argued card by card in docs/rules/treachery.md:
 *   slot, alt   default battle-plan slot; alternate slot needs the default
 *               one filled (Weirding Way as a defence needs a weapon played,
 *               Chemistry as a weapon needs a defence played);
 *   hero        a Cheap Hero (plays in the leader's place);
 *   disc        mandatory discard once used, even by the winner of a battle
 *               (every "Special" says so; the GF9 Q&A adds Artillery Strike and
 *               Poison Tooth; Harass and Withdraw and Reinforcements are
 *               doubtful, see the doc);
 *   as W / as D generic attack / protection when played as weapon / defence;
 *   voice       the default class that generic Voice commands see (November
 *               2020 FAQ: Weirding Way and Chemistry by their default class);
 *   named       may be named in a Voice command (special weapons/defences).
 */

#define WPR NX_TRK_WEAPON_PROJECTILE
#define WPO NX_TRK_WEAPON_POISON
#define WSP NX_TRK_WEAPON_SPECIAL
#define DPR NX_TRK_DEFENCE_PROJECTILE
#define DPO NX_TRK_DEFENCE_POISON
#define DSP NX_TRK_DEFENCE_SPECIAL
#define WTH NX_TRK_WORTHLESS
#define SPC NX_TRK_SPECIAL
#define SPB NX_TRK_SPICE_BLOW

#define BASE NX_TREACHERY_SET_BASE
#define IXT  NX_TREACHERY_SET_IXIANS_TLEILAXU
#define ECM  NX_TREACHERY_SET_ECAZ_MORITANI

#define S_NONE NX_TR_SLOT_NONE
#define S_LEAD NX_TR_SLOT_LEADER
#define S_WPN  NX_TR_SLOT_WEAPON
#define S_DEF  NX_TR_SLOT_DEFENCE
#define S_ANY  NX_TR_SLOT_EITHER

#define E_PR NX_TRE_PROJECTILE
#define E_PO NX_TRE_POISON
#define E_SH NX_TRE_SHIELD

#define V_PW NX_VOICE_PROJECTILE_WEAPON
#define V_OW NX_VOICE_POISON_WEAPON
#define V_PD NX_VOICE_PROJECTILE_DEFENCE
#define V_OD NX_VOICE_POISON_DEFENCE
#define V_WL NX_VOICE_WORTHLESS
#define V_CH NX_VOICE_CHEAP_HERO
#define V_NO NX_VOICE_NONE

static const nx_treachery_info cards[NX_TR_CARD_COUNT] = {
    /* id                     name                   type_line                     kind       set   copies      slot    alt hero disc as W       as D            voice named */
    /* treachery_base.csv */
    { "lasgun",              "Lasgun",              "Weapon - Special",           WSP,       BASE, { 1, 0, 0 }, S_WPN,  0, 0, 0, 0,          0,              V_NO, 1 },
    { "chaumas",             "Chaumas",             "Weapon - Poison",            WPO,       BASE, { 1, 0, 0 }, S_WPN,  0, 0, 0, E_PO,       0,              V_OW, 0 },
    { "chaumurky",           "Chaumurky",           "Weapon - Poison",            WPO,       BASE, { 1, 0, 0 }, S_WPN,  0, 0, 0, E_PO,       0,              V_OW, 0 },
    { "ellaca_drug",         "Ellaca Drug",         "Weapon - Poison",            WPO,       BASE, { 1, 0, 0 }, S_WPN,  0, 0, 0, E_PO,       0,              V_OW, 0 },
    { "gom_jabbar",          "Gom Jabbar",          "Weapon - Poison",            WPO,       BASE, { 1, 0, 0 }, S_WPN,  0, 0, 0, E_PO,       0,              V_OW, 0 },
    { "stunner",             "Stunner",             "Weapon - Projectile",        WPR,       BASE, { 1, 0, 0 }, S_WPN,  0, 0, 0, E_PR,       0,              V_PW, 0 },
    { "slip_tip",            "Slip Tip",            "Weapon - Projectile",        WPR,       BASE, { 1, 0, 0 }, S_WPN,  0, 0, 0, E_PR,       0,              V_PW, 0 },
    { "maula_pistol",        "Maula Pistol",        "Weapon - Projectile",        WPR,       BASE, { 1, 0, 0 }, S_WPN,  0, 0, 0, E_PR,       0,              V_PW, 0 },
    { "crysknife",           "Crysknife",           "Weapon - Projectile",        WPR,       BASE, { 1, 0, 0 }, S_WPN,  0, 0, 0, E_PR,       0,              V_PW, 0 },
    { "shield",              "Shield",              "Defense - Projectile",       DPR,       BASE, { 4, 1, 0 }, S_DEF,  0, 0, 0, 0,          E_PR | E_SH,    V_PD, 0 },
    { "snooper",             "Snooper",             "Defense - Poison",           DPO,       BASE, { 4, 1, 0 }, S_DEF,  0, 0, 0, 0,          E_PO,           V_OD, 0 },
    { "la_la_la",            "La La La",            "Worthless Card",             WTH,       BASE, { 1, 0, 0 }, S_ANY,  0, 0, 0, 0,          0,              V_WL, 0 },
    { "baliset",             "Baliset",             "Worthless Card",             WTH,       BASE, { 1, 0, 0 }, S_ANY,  0, 0, 0, 0,          0,              V_WL, 0 },
    { "kulon",               "Kulon",               "Worthless Card",             WTH,       BASE, { 1, 0, 0 }, S_ANY,  0, 0, 0, 0,          0,              V_WL, 0 },
    { "trip_to_gamont",      "Trip to Gamont",      "Worthless Card",             WTH,       BASE, { 1, 0, 0 }, S_ANY,  0, 0, 0, 0,          0,              V_WL, 0 },
    { "jubba_cloak",         "Jubba Cloak",         "Worthless Card",             WTH,       BASE, { 1, 0, 0 }, S_ANY,  0, 0, 0, 0,          0,              V_WL, 0 },
    { "tleilaxu_ghola",      "Tleilaxu Ghola",      "Special",                    SPC,       BASE, { 1, 0, 0 }, S_NONE, 0, 0, 1, 0,          0,              V_NO, 0 },
    { "truthtrance",         "Truthtrance",         "Special",                    SPC,       BASE, { 2, 0, 0 }, S_NONE, 0, 0, 1, 0,          0,              V_NO, 0 },
    { "weather_control",     "Weather Control",     "Special",                    SPC,       BASE, { 1, 0, 0 }, S_NONE, 0, 0, 1, 0,          0,              V_NO, 0 },
    { "karama",              "Karama",              "Special",                    SPC,       BASE, { 2, 0, 0 }, S_NONE, 0, 0, 1, 0,          0,              V_NO, 0 },
    { "family_atomics",      "Family Atomics",      "Special",                    SPC,       BASE, { 1, 0, 0 }, S_NONE, 0, 0, 1, 0,          0,              V_NO, 0 },
    { "hajr",                "Hajr",                "Special",                    SPC,       BASE, { 1, 0, 0 }, S_NONE, 0, 0, 1, 0,          0,              V_NO, 0 },
    { "cheap_hero",          "Cheap Hero",          "Special",                    SPC,       BASE, { 2, 0, 0 }, S_LEAD, 0, 1, 1, 0,          0,              V_CH, 0 },
    { "cheap_heroine",       "Cheap Heroine",       "Special",                    SPC,       BASE, { 1, 0, 0 }, S_LEAD, 0, 1, 1, 0,          0,              V_CH, 0 },
    /* treachery_expansions.csv, Ixians & Tleilaxu */
    { "amal",                "Amal",                "Special",                    SPC,       IXT,  { 0, 1, 0 }, S_NONE, 0, 0, 1, 0,          0,              V_NO, 0 },
    { "artillery_strike",    "Artillery Strike",    "Weapon - Special",           WSP,       IXT,  { 0, 1, 0 }, S_WPN,  0, 0, 1, 0,          0,              V_NO, 1 },
    { "basilia_weapon",      "Basilia Weapon",      "Weapon - Poison",            WPO,       IXT,  { 0, 1, 0 }, S_WPN,  0, 0, 0, E_PO,       0,              V_OW, 0 },
    { "chemistry",           "Chemistry",           "Defense - Weapon - Special", DSP | WSP, IXT,  { 0, 1, 0 }, S_DEF,  1, 0, 0, E_PO,       E_PO,           V_OD, 1 },
    { "harvester",           "Harvester",           "Spice Blow - Special",       SPC | SPB, IXT,  { 0, 1, 0 }, S_NONE, 0, 0, 1, 0,          0,              V_NO, 0 },
    { "hunter_seeker",       "Hunter Seeker",       "Weapon - Projectile",        WPR,       IXT,  { 0, 1, 0 }, S_WPN,  0, 0, 0, E_PR,       0,              V_PW, 0 },
    { "kull_wahad",          "Kull Wahad",          "Worthless Card",             WTH,       IXT,  { 0, 1, 0 }, S_ANY,  0, 0, 0, 0,          0,              V_WL, 0 },
    { "poison_blade",        "Poison Blade",        "Weapon - Special",           WSP,       IXT,  { 0, 1, 0 }, S_WPN,  0, 0, 0, E_PR | E_PO, 0,             V_NO, 1 },
    { "poison_tooth",        "Poison Tooth",        "Weapon - Poison - Special",  WPO | WSP, IXT,  { 0, 1, 0 }, S_WPN,  0, 0, 1, 0,          0,              V_NO, 1 },
    { "shield_snooper",      "Shield Snooper",      "Defense - Special",          DSP,       IXT,  { 0, 1, 0 }, S_DEF,  0, 0, 0, 0,          E_PR | E_PO | E_SH, V_NO, 1 },
    { "thumper",             "Thumper",             "Spice Blow - Special",       SPC | SPB, IXT,  { 0, 1, 0 }, S_NONE, 0, 0, 1, 0,          0,              V_NO, 0 },
    { "weirding_way",        "Weirding Way",        "Weapon - Defense - Special", WSP | DSP, IXT,  { 0, 1, 0 }, S_WPN,  1, 0, 0, E_PR,       E_PR,           V_PW, 1 },
    /* treachery_expansions.csv, Ecaz & Moritani */
    { "harass_and_withdraw", "Harass and Withdraw", "Weapon - Defense - Special", WSP | DSP, ECM,  { 0, 0, 1 }, S_ANY,  0, 0, 1, 0,          0,              V_NO, 1 },
    { "recruits",            "Recruits",            "Special",                    SPC,       ECM,  { 0, 0, 1 }, S_NONE, 0, 0, 1, 0,          0,              V_NO, 0 },
    { "reinforcements",      "Reinforcements",      "Weapon - Defense - Special", WSP | DSP, ECM,  { 0, 0, 1 }, S_ANY,  0, 0, 1, 0,          0,              V_NO, 1 },
};

static const struct { const char *id, *name; } sets[NX_TREACHERY_SET_COUNT] = {
    { "base",            "Base game" },
    { "ixians_tleilaxu", "Ixians & Tleilaxu" },
    { "ecaz_moritani",   "Ecaz & Moritani" },
};

static const char *const voice_ids[NX_VOICE_NAMED] = {
    "projectile_weapon", "poison_weapon", "projectile_defence", "poison_defence", "worthless", "cheap_hero",
};

static int valid_card(nx_treachery_card c) { return c >= 0 && c < NX_TR_CARD_COUNT; }

const nx_treachery_info *nx_treachery_get(nx_treachery_card c)
{
    assert(valid_card(c));
    return &cards[c];
}

const char *nx_treachery_id(nx_treachery_card c) { return nx_treachery_get(c)->id; }
const char *nx_treachery_name(nx_treachery_card c) { return nx_treachery_get(c)->name; }

nx_treachery_card nx_treachery_parse(const char *s)
{
    if (!s) return NX_TR_NONE;
    for (int c = 0; c < NX_TR_CARD_COUNT; c++)
        if (!strcmp(cards[c].id, s) || !strcmp(cards[c].name, s)) return (nx_treachery_card)c;
    return NX_TR_NONE;
}

unsigned nx_treachery_kind(nx_treachery_card c) { return nx_treachery_get(c)->kind; }
int nx_treachery_is_weapon(nx_treachery_card c) { return (nx_treachery_kind(c) & NX_TRK_WEAPON) != 0; }
int nx_treachery_is_defence(nx_treachery_card c) { return (nx_treachery_kind(c) & NX_TRK_DEFENCE) != 0; }
int nx_treachery_is_worthless(nx_treachery_card c) { return (nx_treachery_kind(c) & NX_TRK_WORTHLESS) != 0; }
int nx_treachery_is_special(nx_treachery_card c) { return (nx_treachery_kind(c) & NX_TRK_SPECIAL) != 0; }
int nx_treachery_is_cheap_hero(nx_treachery_card c) { return nx_treachery_get(c)->cheap_hero; }
int nx_treachery_discard_after_use(nx_treachery_card c) { return nx_treachery_get(c)->discard_after_use; }
nx_treachery_set nx_treachery_origin(nx_treachery_card c) { return nx_treachery_get(c)->set; }
nx_treachery_slot nx_treachery_default_slot(nx_treachery_card c) { return nx_treachery_get(c)->slot; }

unsigned nx_treachery_effect(nx_treachery_card c, nx_treachery_slot slot)
{
    const nx_treachery_info *t = nx_treachery_get(c);
    if (slot == NX_TR_SLOT_WEAPON && (t->kind & NX_TRK_WEAPON)) return t->weapon_effect;
    if (slot == NX_TR_SLOT_DEFENCE && (t->kind & NX_TRK_DEFENCE)) return t->defence_effect;
    return 0;
}

/* ---- sets ---- */

const char *nx_treachery_set_id(nx_treachery_set s)
{
    assert(s >= 0 && s < NX_TREACHERY_SET_COUNT);
    return sets[s].id;
}

const char *nx_treachery_set_name(nx_treachery_set s)
{
    assert(s >= 0 && s < NX_TREACHERY_SET_COUNT);
    return sets[s].name;
}

int nx_treachery_set_parse(const char *s)
{
    if (!s) return -1;
    for (int i = 0; i < NX_TREACHERY_SET_COUNT; i++)
        if (!strcmp(sets[i].id, s) || !strcmp(sets[i].name, s)) return i;
    return -1;
}

/* ---- physical copies: set-major, then design order ---- */

static int total_copies(nx_treachery_card c)
{
    int n = 0;
    for (int s = 0; s < NX_TREACHERY_SET_COUNT; s++) n += cards[c].copies[s];
    return n;
}

/* Find copy `copy` in the design table: its design, set and 1-based
 * number among its design's copies. */
static void locate_in_table(int copy, nx_treachery_card *card, nx_treachery_set *set, int *number)
{
    /* Defined outputs even on the (asserted) impossible path: optimising
     * builds cannot see that the loop always finds the copy. */
    *card = (nx_treachery_card)0;
    *set = (nx_treachery_set)0;
    *number = 0;
    int left = copy;
    for (int s = 0; s < NX_TREACHERY_SET_COUNT; s++)
        for (int c = 0; c < NX_TR_CARD_COUNT; c++) {
            int k = cards[c].copies[s];
            if (left < k) {
                int before = 0;
                for (int e = 0; e < s; e++) before += cards[c].copies[e];
                *card = (nx_treachery_card)c;
                *set = (nx_treachery_set)s;
                *number = before + left + 1;
                return;
            }
            left -= k;
        }
    assert(!"copy table shorter than NX_TREACHERY_COPY_COUNT");
}

/* The same for every copy, found once: the bots ask a copy's design tens
 * of thousands of times a game (every card in a hand they look at), and
 * the walk through the table was 2.5% of a bot game.  pthread_once: hosts
 * may run rooms on several threads; the flag spares the call after. */
static struct copy_place {
    uint8_t card, set, number;
} places[NX_TREACHERY_COPY_COUNT];
static pthread_once_t places_once = PTHREAD_ONCE_INIT;
static atomic_int places_built;

static void build_places(void)
{
    for (int copy = 0; copy < NX_TREACHERY_COPY_COUNT; copy++) {
        nx_treachery_card c;
        nx_treachery_set s;
        int n;
        locate_in_table(copy, &c, &s, &n);
        places[copy] = (struct copy_place){ (uint8_t)c, (uint8_t)s, (uint8_t)n };
    }
    atomic_store_explicit(&places_built, 1, memory_order_release);
}

/* Locate copy `copy`: its design, set and 1-based number among its design's copies. */
static void locate(int copy, nx_treachery_card *card, nx_treachery_set *set, int *number)
{
    assert(copy >= 0 && copy < NX_TREACHERY_COPY_COUNT);
    if (!atomic_load_explicit(&places_built, memory_order_acquire)) pthread_once(&places_once, build_places);
    const struct copy_place *p = &places[copy];
    if (card) *card = (nx_treachery_card)p->card;
    if (set) *set = (nx_treachery_set)p->set;
    if (number) *number = p->number;
}

static int enabled(unsigned flags, nx_treachery_set s)
{
    return s == NX_TREACHERY_SET_BASE || (flags & (1u << s));
}

int nx_treachery_card_count(unsigned flags)
{
    int n = 0;
    for (int s = 0; s < NX_TREACHERY_SET_COUNT; s++)
        if (enabled(flags, (nx_treachery_set)s))
            for (int c = 0; c < NX_TR_CARD_COUNT; c++) n += cards[c].copies[s];
    return n;
}

int nx_treachery_deck(unsigned flags, int *out, int cap)
{
    int n = 0;
    for (int i = 0; i < NX_TREACHERY_COPY_COUNT; i++)
        if (enabled(flags, nx_treachery_copy_set(i))) {
            if (out && n < cap) out[n] = i;
            n++;
        }
    return n;
}

nx_treachery_card nx_treachery_copy_card(int copy)
{
    nx_treachery_card c;
    locate(copy, &c, NULL, NULL);
    return c;
}

nx_treachery_set nx_treachery_copy_set(int copy)
{
    nx_treachery_set s;
    locate(copy, NULL, &s, NULL);
    return s;
}

int nx_treachery_copy_number(int copy)
{
    int n;
    locate(copy, NULL, NULL, &n);
    return n;
}

const char *nx_treachery_copy_id(int copy, char *buf, size_t n)
{
    nx_treachery_card c;
    int number;
    locate(copy, &c, NULL, &number);
    if (total_copies(c) == 1)
        snprintf(buf, n, "%s", cards[c].id);
    else
        snprintf(buf, n, "%s#%d", cards[c].id, number);
    return buf;
}

int nx_treachery_copy_parse(const char *id)
{
    if (!id) return -1;
    const char *hash = strchr(id, '#');
    size_t len = hash ? (size_t)(hash - id) : strlen(id);
    int number = 1;
    if (hash) {
        const char *d = hash + 1;
        if (*d < '1' || *d > '9') return -1;   /* no sign, no leading zero, not empty */
        number = 0;
        for (; *d; d++) {
            if (*d < '0' || *d > '9' || number > 99) return -1;
            number = number * 10 + (*d - '0');
        }
    }
    for (int c = 0; c < NX_TR_CARD_COUNT; c++) {
        if (strlen(cards[c].id) != len || strncmp(cards[c].id, id, len)) continue;
        int total = total_copies(c);
        if ((total == 1) != !hash || number > total) return -1;
        for (int i = 0; i < NX_TREACHERY_COPY_COUNT; i++) {
            nx_treachery_card ci;
            int ni;
            locate(i, &ci, NULL, &ni);
            if (ci == (nx_treachery_card)c && ni == number) return i;
        }
        return -1;
    }
    return -1;
}

/* ---- Voice ---- */

nx_voice_kind nx_treachery_voice_class(nx_treachery_card c) { return nx_treachery_get(c)->voice; }

int nx_treachery_voice_command_valid(nx_voice_command cmd)
{
    if (cmd.kind == NX_VOICE_NAMED) return valid_card(cmd.card) && cards[cmd.card].voice_nameable;
    return cmd.kind >= 0 && cmd.kind < NX_VOICE_NAMED && cmd.card == NX_TR_NONE;
}

int nx_treachery_matches_voice(nx_treachery_card c, nx_voice_command cmd)
{
    if (!valid_card(c) || !nx_treachery_voice_command_valid(cmd)) return 0;
    if (cmd.kind == NX_VOICE_NAMED) return c == cmd.card;
    return cards[c].voice == cmd.kind;
}

const char *nx_voice_command_id(nx_voice_command cmd)
{
    if (!nx_treachery_voice_command_valid(cmd)) return NULL;
    return cmd.kind == NX_VOICE_NAMED ? cards[cmd.card].id : voice_ids[cmd.kind];
}

int nx_voice_command_parse(const char *id, nx_voice_command *out)
{
    if (!id) return -1;
    for (int k = 0; k < NX_VOICE_NAMED; k++)
        if (!strcmp(voice_ids[k], id)) {
            if (out) *out = (nx_voice_command){ (nx_voice_kind)k, NX_TR_NONE };
            return 0;
        }
    for (int c = 0; c < NX_TR_CARD_COUNT; c++)
        if (cards[c].voice_nameable && !strcmp(cards[c].id, id)) {
            if (out) *out = (nx_voice_command){ NX_VOICE_NAMED, (nx_treachery_card)c };
            return 0;
        }
    return -1;
}
