/* The Treachery Deck as data: counts and copies, every classification, ids,
 * and the Voice matching table (core/nx_treachery). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nx_testutil.h"
#include "nx_text.h"
#include "nx_treachery.h"

#define ARRAY_LEN(a) ((int)(sizeof(a) / sizeof((a)[0])))

START_TEST(deck_counts_by_expansion)
{
    ck_assert_int_eq(nx_treachery_card_count(0), 33);
    ck_assert_int_eq(nx_treachery_card_count(NX_TREACHERY_EXP_BASE), 33);
    ck_assert_int_eq(nx_treachery_card_count(NX_TREACHERY_EXP_IXIANS_TLEILAXU), 47);
    ck_assert_int_eq(nx_treachery_card_count(NX_TREACHERY_EXP_ECAZ_MORITANI), 36);
    ck_assert_int_eq(nx_treachery_card_count(NX_TREACHERY_EXP_ALL), NX_TREACHERY_COPY_COUNT);
    ck_assert_int_eq(NX_TREACHERY_COPY_COUNT, 50);

    /* The base deck is copies 0..32, whatever else is enabled. */
    int v[NX_TREACHERY_COPY_COUNT];
    ck_assert_int_eq(nx_treachery_deck(0, v, NX_TREACHERY_COPY_COUNT), NX_TREACHERY_BASE_COUNT);
    for (int i = 0; i < NX_TREACHERY_BASE_COUNT; i++) {
        ck_assert_int_eq(v[i], i);
        ck_assert_int_eq(nx_treachery_copy_set(i), NX_TREACHERY_SET_BASE);
    }
    ck_assert_int_eq(nx_treachery_deck(NX_TREACHERY_EXP_ECAZ_MORITANI, v, NX_TREACHERY_COPY_COUNT), 36);
    for (int i = 33; i < 36; i++) ck_assert_int_eq(nx_treachery_copy_set(v[i]), NX_TREACHERY_SET_ECAZ_MORITANI);
    ck_assert_int_eq(nx_treachery_deck(NX_TREACHERY_EXP_IXIANS_TLEILAXU, v, NX_TREACHERY_COPY_COUNT), 47);
    for (int i = 33; i < 47; i++) ck_assert_int_eq(nx_treachery_copy_set(v[i]), NX_TREACHERY_SET_IXIANS_TLEILAXU);

    /* A short buffer gets what fits; the count is still the whole deck. */
    int few[5] = { -1, -1, -1, -1, -1 };
    ck_assert_int_eq(nx_treachery_deck(NX_TREACHERY_EXP_ALL, few, 3), 50);
    ck_assert_int_eq(few[2], 2);
    ck_assert_int_eq(few[3], -1);
    ck_assert_int_eq(nx_treachery_deck(0, NULL, 0), 33);
}
END_TEST

START_TEST(copies_add_up)
{
    int per_set[NX_TREACHERY_SET_COUNT] = { 0 };
    for (int c = 0; c < NX_TR_CARD_COUNT; c++)
        for (int s = 0; s < NX_TREACHERY_SET_COUNT; s++) per_set[s] += nx_treachery_get(c)->copies[s];
    ck_assert_int_eq(per_set[NX_TREACHERY_SET_BASE], 33);
    ck_assert_int_eq(per_set[NX_TREACHERY_SET_IXIANS_TLEILAXU], 14);
    ck_assert_int_eq(per_set[NX_TREACHERY_SET_ECAZ_MORITANI], 3);

    /* Counting copy by copy gives the same per-design totals. */
    int seen[NX_TR_CARD_COUNT] = { 0 };
    for (int i = 0; i < NX_TREACHERY_COPY_COUNT; i++) {
        nx_treachery_card c = nx_treachery_copy_card(i);
        seen[c]++;
        ck_assert_int_eq(nx_treachery_copy_number(i), seen[c]);
        ck_assert_int_gt(nx_treachery_get(c)->copies[nx_treachery_copy_set(i)], 0);
    }
    for (int c = 0; c < NX_TR_CARD_COUNT; c++) {
        const nx_treachery_info *t = nx_treachery_get(c);
        ck_assert_int_eq(seen[c], t->copies[0] + t->copies[1] + t->copies[2]);
        /* A design comes from the first set that has a copy of it. */
        int first = 0;
        while (!t->copies[first]) first++;
        ck_assert_int_eq(t->set, first);
    }
    ck_assert_int_eq(seen[NX_TR_SHIELD], 5);
    ck_assert_int_eq(seen[NX_TR_SNOOPER], 5);
    ck_assert_int_eq(nx_treachery_get(NX_TR_SHIELD)->copies[NX_TREACHERY_SET_BASE], 4);
    ck_assert_int_eq(nx_treachery_get(NX_TR_SNOOPER)->copies[NX_TREACHERY_SET_BASE], 4);
    ck_assert_int_eq(seen[NX_TR_KARAMA], 2);
    ck_assert_int_eq(seen[NX_TR_TRUTHTRANCE], 2);
    ck_assert_int_eq(seen[NX_TR_CHEAP_HERO], 2);
    ck_assert_int_eq(seen[NX_TR_CHEAP_HEROINE], 1);
    ck_assert_int_eq(seen[NX_TR_LASGUN], 1);
}
END_TEST

START_TEST(copy_ids_round_trip)
{
    char buf[64], seen[NX_TREACHERY_COPY_COUNT][64];
    for (int i = 0; i < NX_TREACHERY_COPY_COUNT; i++) {
        nx_treachery_copy_id(i, buf, sizeof buf);
        ck_assert_int_eq(nx_treachery_copy_parse(buf), i);
        for (int j = 0; j < i; j++) ck_assert_str_ne(seen[j], buf);
        nx_fmt(seen[i], sizeof seen[i], "%s", buf);
    }
    /* Shields: four in the base deck, the fifth from Ixians & Tleilaxu. */
    for (int n = 1; n <= 5; n++) {
        nx_fmt(buf, sizeof buf, "shield#%d", n);
        int i = nx_treachery_copy_parse(buf);
        ck_assert_int_ge(i, 0);
        ck_assert_int_eq(nx_treachery_copy_card(i), NX_TR_SHIELD);
        ck_assert_int_eq(nx_treachery_copy_number(i), n);
        ck_assert_int_eq(nx_treachery_copy_set(i), n == 5 ? NX_TREACHERY_SET_IXIANS_TLEILAXU : NX_TREACHERY_SET_BASE);
    }
    ck_assert_str_eq(nx_treachery_copy_id(0, buf, sizeof buf), "lasgun");
    ck_assert_int_eq(nx_treachery_copy_card(nx_treachery_copy_parse("cheap_heroine")), NX_TR_CHEAP_HEROINE);
    ck_assert_int_eq(nx_treachery_copy_card(nx_treachery_copy_parse("cheap_hero#2")), NX_TR_CHEAP_HERO);
    ck_assert_int_eq(nx_treachery_copy_card(nx_treachery_copy_parse("karama#1")), NX_TR_KARAMA);
    static const char *const bad[] = {
        "", "#1", "shield", "shield#", "shield#0", "shield#6", "shield#01", "shield#-1", "shield#+1",
        "shield#1x", "shield#1#2", "lasgun#1", "Lasgun", "karama#3", "cheap_hero", "shield#99999999999",
    };
    for (int i = 0; i < ARRAY_LEN(bad); i++) ck_assert_msg(nx_treachery_copy_parse(bad[i]) == -1, "%s", bad[i]);
    ck_assert_int_eq(nx_treachery_copy_parse(NULL), -1);
    /* Truncation behaves like snprintf. */
    char small[4];
    ck_assert_str_eq(nx_treachery_copy_id(9, small, sizeof small), "shi");
}
END_TEST

START_TEST(card_ids_round_trip)
{
    for (int c = 0; c < NX_TR_CARD_COUNT; c++) {
        ck_assert_int_eq(nx_treachery_parse(nx_treachery_id(c)), c);
        ck_assert_int_eq(nx_treachery_parse(nx_treachery_name(c)), c);
        for (int d = 0; d < c; d++) {
            ck_assert_str_ne(nx_treachery_id(c), nx_treachery_id(d));
            ck_assert_str_ne(nx_treachery_name(c), nx_treachery_name(d));
        }
        /* ids are lower-case words joined by '_' */
        for (const char *p = nx_treachery_id(c); *p; p++) ck_assert(((*p >= 'a' && *p <= 'z') || *p == '_'));
    }
    ck_assert_int_eq(nx_treachery_parse("crysknife"), NX_TR_CRYSKNIFE);
    ck_assert_int_eq(nx_treachery_parse("Trip to Gamont"), NX_TR_TRIP_TO_GAMONT);
    ck_assert_int_eq(nx_treachery_parse("La La La"), NX_TR_LA_LA_LA);
    ck_assert_int_eq(nx_treachery_parse("shield#1"), NX_TR_NONE);
    ck_assert_int_eq(nx_treachery_parse("CRYSKNIFE"), NX_TR_NONE);
    ck_assert_int_eq(nx_treachery_parse(""), NX_TR_NONE);
    ck_assert_int_eq(nx_treachery_parse(NULL), NX_TR_NONE);
    for (int s = 0; s < NX_TREACHERY_SET_COUNT; s++) {
        ck_assert_int_eq(nx_treachery_set_parse(nx_treachery_set_id(s)), s);
        ck_assert_int_eq(nx_treachery_set_parse(nx_treachery_set_name(s)), s);
    }
    ck_assert_int_eq(nx_treachery_set_parse("Ixians & Tleilaxu"), NX_TREACHERY_SET_IXIANS_TLEILAXU);
    ck_assert_int_eq(nx_treachery_set_parse("CHOAM & Richese"), -1);
}
END_TEST

/* The classification of every base card, as the GF9 rules give it. */
enum { W = 1, D = 2, X = 4, S = 8, H = 16, Q = 32 }; /* weapon defence worthless special hero discard */
static const struct {
    nx_treachery_card card;
    unsigned kind;
    int facts;
    nx_treachery_slot slot;
} base_expect[] = {
    { NX_TR_CRYSKNIFE,       NX_TRK_WEAPON_PROJECTILE,  W,         NX_TR_SLOT_WEAPON },
    { NX_TR_MAULA_PISTOL,    NX_TRK_WEAPON_PROJECTILE,  W,         NX_TR_SLOT_WEAPON },
    { NX_TR_SLIP_TIP,        NX_TRK_WEAPON_PROJECTILE,  W,         NX_TR_SLOT_WEAPON },
    { NX_TR_STUNNER,         NX_TRK_WEAPON_PROJECTILE,  W,         NX_TR_SLOT_WEAPON },
    { NX_TR_CHAUMAS,         NX_TRK_WEAPON_POISON,      W,         NX_TR_SLOT_WEAPON },
    { NX_TR_CHAUMURKY,       NX_TRK_WEAPON_POISON,      W,         NX_TR_SLOT_WEAPON },
    { NX_TR_ELLACA_DRUG,     NX_TRK_WEAPON_POISON,      W,         NX_TR_SLOT_WEAPON },
    { NX_TR_GOM_JABBAR,      NX_TRK_WEAPON_POISON,      W,         NX_TR_SLOT_WEAPON },
    { NX_TR_LASGUN,          NX_TRK_WEAPON_SPECIAL,     W,         NX_TR_SLOT_WEAPON },
    { NX_TR_SHIELD,          NX_TRK_DEFENCE_PROJECTILE, D,         NX_TR_SLOT_DEFENCE },
    { NX_TR_SNOOPER,         NX_TRK_DEFENCE_POISON,     D,         NX_TR_SLOT_DEFENCE },
    { NX_TR_BALISET,         NX_TRK_WORTHLESS,          X,         NX_TR_SLOT_EITHER },
    { NX_TR_JUBBA_CLOAK,     NX_TRK_WORTHLESS,          X,         NX_TR_SLOT_EITHER },
    { NX_TR_KULON,           NX_TRK_WORTHLESS,          X,         NX_TR_SLOT_EITHER },
    { NX_TR_LA_LA_LA,        NX_TRK_WORTHLESS,          X,         NX_TR_SLOT_EITHER },
    { NX_TR_TRIP_TO_GAMONT,  NX_TRK_WORTHLESS,          X,         NX_TR_SLOT_EITHER },
    { NX_TR_CHEAP_HERO,      NX_TRK_SPECIAL,            S | H | Q, NX_TR_SLOT_LEADER },
    { NX_TR_CHEAP_HEROINE,   NX_TRK_SPECIAL,            S | H | Q, NX_TR_SLOT_LEADER },
    { NX_TR_FAMILY_ATOMICS,  NX_TRK_SPECIAL,            S | Q,     NX_TR_SLOT_NONE },
    { NX_TR_HAJR,            NX_TRK_SPECIAL,            S | Q,     NX_TR_SLOT_NONE },
    { NX_TR_KARAMA,          NX_TRK_SPECIAL,            S | Q,     NX_TR_SLOT_NONE },
    { NX_TR_TLEILAXU_GHOLA,  NX_TRK_SPECIAL,            S | Q,     NX_TR_SLOT_NONE },
    { NX_TR_TRUTHTRANCE,     NX_TRK_SPECIAL,            S | Q,     NX_TR_SLOT_NONE },
    { NX_TR_WEATHER_CONTROL, NX_TRK_SPECIAL,            S | Q,     NX_TR_SLOT_NONE },
};

START_TEST(every_base_card_classified)
{
    int seen[NX_TR_CARD_COUNT] = { 0 };
    for (int i = 0; i < ARRAY_LEN(base_expect); i++) {
        nx_treachery_card c = base_expect[i].card;
        int f = base_expect[i].facts;
        seen[c] = 1;
        ck_assert_msg(nx_treachery_kind(c) == base_expect[i].kind, "%s kind", nx_treachery_id(c));
        ck_assert_int_eq(nx_treachery_is_weapon(c), !!(f & W));
        ck_assert_int_eq(nx_treachery_is_defence(c), !!(f & D));
        ck_assert_int_eq(nx_treachery_is_worthless(c), !!(f & X));
        ck_assert_int_eq(nx_treachery_is_special(c), !!(f & S));
        ck_assert_int_eq(nx_treachery_is_cheap_hero(c), !!(f & H));
        ck_assert_msg(nx_treachery_discard_after_use(c) == !!(f & Q), "%s discard", nx_treachery_id(c));
        ck_assert_int_eq(nx_treachery_default_slot(c), base_expect[i].slot);
        ck_assert_int_eq(nx_treachery_origin(c), NX_TREACHERY_SET_BASE);
        ck_assert_int_eq(nx_treachery_get(c)->alt_needs_partner, 0);
    }
    /* The table covers exactly the base designs. */
    for (int c = 0; c < NX_TR_CARD_COUNT; c++)
        ck_assert_int_eq(seen[c], nx_treachery_origin(c) == NX_TREACHERY_SET_BASE);
}
END_TEST

START_TEST(expansion_cards_classified)
{
    /* Dual cards: printed as both, with a default slot. */
    ck_assert(nx_treachery_is_weapon(NX_TR_WEIRDING_WAY) && nx_treachery_is_defence(NX_TR_WEIRDING_WAY));
    ck_assert_int_eq(nx_treachery_default_slot(NX_TR_WEIRDING_WAY), NX_TR_SLOT_WEAPON);
    ck_assert(nx_treachery_is_weapon(NX_TR_CHEMISTRY) && nx_treachery_is_defence(NX_TR_CHEMISTRY));
    ck_assert_int_eq(nx_treachery_default_slot(NX_TR_CHEMISTRY), NX_TR_SLOT_DEFENCE);
    ck_assert(nx_treachery_get(NX_TR_WEIRDING_WAY)->alt_needs_partner);
    ck_assert(nx_treachery_get(NX_TR_CHEMISTRY)->alt_needs_partner);
    ck_assert_int_eq(nx_treachery_kind(NX_TR_POISON_TOOTH), NX_TRK_WEAPON_POISON | NX_TRK_WEAPON_SPECIAL);
    ck_assert_int_eq(nx_treachery_kind(NX_TR_HUNTER_SEEKER), NX_TRK_WEAPON_PROJECTILE);
    ck_assert_int_eq(nx_treachery_kind(NX_TR_BASILIA_WEAPON), NX_TRK_WEAPON_POISON);
    ck_assert_int_eq(nx_treachery_kind(NX_TR_SHIELD_SNOOPER), NX_TRK_DEFENCE_SPECIAL);
    ck_assert(nx_treachery_is_worthless(NX_TR_KULL_WAHAD));
    ck_assert_int_eq(nx_treachery_kind(NX_TR_HARVESTER), NX_TRK_SPECIAL | NX_TRK_SPICE_BLOW);
    ck_assert_int_eq(nx_treachery_kind(NX_TR_THUMPER), NX_TRK_SPECIAL | NX_TRK_SPICE_BLOW);

    /* Mandatory discards among the expansion weapons (GF9 Q&A). */
    ck_assert(nx_treachery_discard_after_use(NX_TR_ARTILLERY_STRIKE));
    ck_assert(nx_treachery_discard_after_use(NX_TR_POISON_TOOTH));
    ck_assert(!nx_treachery_discard_after_use(NX_TR_POISON_BLADE));
    ck_assert(!nx_treachery_discard_after_use(NX_TR_WEIRDING_WAY));
    ck_assert(!nx_treachery_discard_after_use(NX_TR_CHEMISTRY));
    ck_assert(!nx_treachery_discard_after_use(NX_TR_SHIELD_SNOOPER));
    ck_assert(!nx_treachery_discard_after_use(NX_TR_LASGUN));
    /* Every "Special" is discarded after use. */
    for (int c = 0; c < NX_TR_CARD_COUNT; c++)
        if (nx_treachery_is_special(c)) ck_assert_msg(nx_treachery_discard_after_use(c), "%s", nx_treachery_id(c));

    ck_assert_int_eq(nx_treachery_origin(NX_TR_AMAL), NX_TREACHERY_SET_IXIANS_TLEILAXU);
    ck_assert_int_eq(nx_treachery_origin(NX_TR_RECRUITS), NX_TREACHERY_SET_ECAZ_MORITANI);

    /* Consistency: classes, slots and effects agree. */
    for (int c = 0; c < NX_TR_CARD_COUNT; c++) {
        const nx_treachery_info *t = nx_treachery_get(c);
        nx_treachery_slot s = t->slot;
        if (s == NX_TR_SLOT_WEAPON) ck_assert(nx_treachery_is_weapon(c));
        if (s == NX_TR_SLOT_DEFENCE) ck_assert(nx_treachery_is_defence(c));
        if (s == NX_TR_SLOT_NONE) ck_assert(!nx_treachery_is_weapon(c) && !nx_treachery_is_defence(c) && !t->cheap_hero);
        if (t->cheap_hero) ck_assert_int_eq(s, NX_TR_SLOT_LEADER);
        if (nx_treachery_is_worthless(c)) ck_assert_int_eq(s, NX_TR_SLOT_EITHER);
        if (!nx_treachery_is_weapon(c)) ck_assert_int_eq(t->weapon_effect, 0);
        if (!nx_treachery_is_defence(c)) ck_assert_int_eq(t->defence_effect, 0);
        if (t->alt_needs_partner) ck_assert(nx_treachery_is_weapon(c) && nx_treachery_is_defence(c));
        ck_assert_int_eq(!!(t->kind & NX_TRK_SPICE_BLOW), c == NX_TR_HARVESTER || c == NX_TR_THUMPER);
    }
}
END_TEST

START_TEST(battle_effects)
{
    ck_assert_int_eq(nx_treachery_effect(NX_TR_CRYSKNIFE, NX_TR_SLOT_WEAPON), NX_TRE_PROJECTILE);
    ck_assert_int_eq(nx_treachery_effect(NX_TR_CRYSKNIFE, NX_TR_SLOT_DEFENCE), 0);
    ck_assert_int_eq(nx_treachery_effect(NX_TR_GOM_JABBAR, NX_TR_SLOT_WEAPON), NX_TRE_POISON);
    ck_assert_int_eq(nx_treachery_effect(NX_TR_SHIELD, NX_TR_SLOT_DEFENCE), NX_TRE_PROJECTILE | NX_TRE_SHIELD);
    ck_assert_int_eq(nx_treachery_effect(NX_TR_SHIELD, NX_TR_SLOT_WEAPON), 0);
    ck_assert_int_eq(nx_treachery_effect(NX_TR_SNOOPER, NX_TR_SLOT_DEFENCE), NX_TRE_POISON);
    ck_assert_int_eq(nx_treachery_effect(NX_TR_SHIELD_SNOOPER, NX_TR_SLOT_DEFENCE),
                     NX_TRE_PROJECTILE | NX_TRE_POISON | NX_TRE_SHIELD);
    ck_assert_int_eq(nx_treachery_effect(NX_TR_POISON_BLADE, NX_TR_SLOT_WEAPON), NX_TRE_PROJECTILE | NX_TRE_POISON);
    ck_assert_int_eq(nx_treachery_effect(NX_TR_WEIRDING_WAY, NX_TR_SLOT_WEAPON), NX_TRE_PROJECTILE);
    ck_assert_int_eq(nx_treachery_effect(NX_TR_WEIRDING_WAY, NX_TR_SLOT_DEFENCE), NX_TRE_PROJECTILE); /* not a Shield */
    ck_assert_int_eq(nx_treachery_effect(NX_TR_CHEMISTRY, NX_TR_SLOT_WEAPON), NX_TRE_POISON);
    ck_assert_int_eq(nx_treachery_effect(NX_TR_CHEMISTRY, NX_TR_SLOT_DEFENCE), NX_TRE_POISON);
    /* Resolved by name, not by generic bits. */
    ck_assert_int_eq(nx_treachery_effect(NX_TR_LASGUN, NX_TR_SLOT_WEAPON), 0);
    ck_assert_int_eq(nx_treachery_effect(NX_TR_ARTILLERY_STRIKE, NX_TR_SLOT_WEAPON), 0);
    ck_assert_int_eq(nx_treachery_effect(NX_TR_POISON_TOOTH, NX_TR_SLOT_WEAPON), 0);
    ck_assert_int_eq(nx_treachery_effect(NX_TR_KULON, NX_TR_SLOT_WEAPON), 0);
    ck_assert_int_eq(nx_treachery_effect(NX_TR_KARAMA, NX_TR_SLOT_NONE), 0);
    ck_assert_int_eq(nx_treachery_effect(NX_TR_CHEAP_HERO, NX_TR_SLOT_LEADER), 0);
}
END_TEST

/* The Voice table: for every design, the one generic command it answers to
 * (-1: none), and whether a named command may name it. */
static const struct {
    nx_treachery_card card;
    int generic;
    int nameable;
} voice_expect[] = {
    { NX_TR_LASGUN,              -1,                          1 },
    { NX_TR_CHAUMAS,             NX_VOICE_POISON_WEAPON,      0 },
    { NX_TR_CHAUMURKY,           NX_VOICE_POISON_WEAPON,      0 },
    { NX_TR_ELLACA_DRUG,         NX_VOICE_POISON_WEAPON,      0 },
    { NX_TR_GOM_JABBAR,          NX_VOICE_POISON_WEAPON,      0 },
    { NX_TR_STUNNER,             NX_VOICE_PROJECTILE_WEAPON,  0 },
    { NX_TR_SLIP_TIP,            NX_VOICE_PROJECTILE_WEAPON,  0 },
    { NX_TR_MAULA_PISTOL,        NX_VOICE_PROJECTILE_WEAPON,  0 },
    { NX_TR_CRYSKNIFE,           NX_VOICE_PROJECTILE_WEAPON,  0 },
    { NX_TR_SHIELD,              NX_VOICE_PROJECTILE_DEFENCE, 0 },
    { NX_TR_SNOOPER,             NX_VOICE_POISON_DEFENCE,     0 },
    { NX_TR_LA_LA_LA,            NX_VOICE_WORTHLESS,          0 },
    { NX_TR_BALISET,             NX_VOICE_WORTHLESS,          0 },
    { NX_TR_KULON,               NX_VOICE_WORTHLESS,          0 },
    { NX_TR_TRIP_TO_GAMONT,      NX_VOICE_WORTHLESS,          0 },
    { NX_TR_JUBBA_CLOAK,         NX_VOICE_WORTHLESS,          0 },
    { NX_TR_TLEILAXU_GHOLA,      -1,                          0 },
    { NX_TR_TRUTHTRANCE,         -1,                          0 },
    { NX_TR_WEATHER_CONTROL,     -1,                          0 },
    { NX_TR_KARAMA,              -1,                          0 },
    { NX_TR_FAMILY_ATOMICS,      -1,                          0 },
    { NX_TR_HAJR,                -1,                          0 },
    { NX_TR_CHEAP_HERO,          NX_VOICE_CHEAP_HERO,         0 },
    { NX_TR_CHEAP_HEROINE,       NX_VOICE_CHEAP_HERO,         0 },
    { NX_TR_AMAL,                -1,                          0 },
    { NX_TR_ARTILLERY_STRIKE,    -1,                          1 },
    { NX_TR_BASILIA_WEAPON,      NX_VOICE_POISON_WEAPON,      0 },
    { NX_TR_CHEMISTRY,           NX_VOICE_POISON_DEFENCE,     1 },
    { NX_TR_HARVESTER,           -1,                          0 },
    { NX_TR_HUNTER_SEEKER,       NX_VOICE_PROJECTILE_WEAPON,  0 },
    { NX_TR_KULL_WAHAD,          NX_VOICE_WORTHLESS,          0 },
    { NX_TR_POISON_BLADE,        -1,                          1 },
    { NX_TR_POISON_TOOTH,        -1,                          1 },
    { NX_TR_SHIELD_SNOOPER,      -1,                          1 },
    { NX_TR_THUMPER,             -1,                          0 },
    { NX_TR_WEIRDING_WAY,        NX_VOICE_PROJECTILE_WEAPON,  1 },
    { NX_TR_HARASS_AND_WITHDRAW, -1,                          1 },
    { NX_TR_RECRUITS,            -1,                          0 },
    { NX_TR_REINFORCEMENTS,      -1,                          1 },
};

START_TEST(voice_matching_table)
{
    ck_assert_int_eq(ARRAY_LEN(voice_expect), NX_TR_CARD_COUNT);
    for (int i = 0; i < ARRAY_LEN(voice_expect); i++) {
        nx_treachery_card c = voice_expect[i].card;
        ck_assert_int_eq(c, i); /* the table lists every design once, in order */
        ck_assert_int_eq(nx_treachery_voice_class(c), voice_expect[i].generic);
        for (int k = 0; k < NX_VOICE_NAMED; k++) {
            nx_voice_command cmd = { (nx_voice_kind)k, NX_TR_NONE };
            ck_assert_msg(nx_treachery_matches_voice(c, cmd) == (voice_expect[i].generic == k), "%s vs %s",
                          nx_treachery_id(c), nx_voice_command_id(cmd));
        }
        nx_voice_command named = { NX_VOICE_NAMED, c };
        ck_assert_int_eq(nx_treachery_voice_command_valid(named), voice_expect[i].nameable);
        /* A named special card matches only itself. */
        for (int d = 0; d < NX_TR_CARD_COUNT; d++)
            ck_assert_int_eq(nx_treachery_matches_voice(d, named), voice_expect[i].nameable && d == (int)c);
    }
    /* Default classification, never the alternate slot. */
    nx_voice_command proj_def = { NX_VOICE_PROJECTILE_DEFENCE, NX_TR_NONE };
    nx_voice_command poison_wpn = { NX_VOICE_POISON_WEAPON, NX_TR_NONE };
    ck_assert(!nx_treachery_matches_voice(NX_TR_WEIRDING_WAY, proj_def));
    ck_assert(!nx_treachery_matches_voice(NX_TR_CHEMISTRY, poison_wpn));
    ck_assert(!nx_treachery_matches_voice(NX_TR_SHIELD_SNOOPER, proj_def));
    ck_assert(!nx_treachery_matches_voice(NX_TR_POISON_TOOTH, poison_wpn));

    /* Malformed commands are invalid and match nothing. */
    nx_voice_command bad[] = {
        { NX_VOICE_NAMED, NX_TR_NONE },
        { NX_VOICE_NAMED, NX_TR_CARD_COUNT },
        { NX_VOICE_NAMED, NX_TR_KARAMA },
        { NX_VOICE_NAMED, NX_TR_CRYSKNIFE },
        { NX_VOICE_NAMED, NX_TR_CHEAP_HERO },
        { NX_VOICE_WORTHLESS, NX_TR_KULON },
        { NX_VOICE_KIND_COUNT, NX_TR_NONE },
        { NX_VOICE_NONE, NX_TR_NONE },
    };
    for (int i = 0; i < ARRAY_LEN(bad); i++) {
        ck_assert(!nx_treachery_voice_command_valid(bad[i]));
        ck_assert_ptr_null(nx_voice_command_id(bad[i]));
        for (int c = 0; c < NX_TR_CARD_COUNT; c++) ck_assert(!nx_treachery_matches_voice(c, bad[i]));
    }
    ck_assert(!nx_treachery_matches_voice(NX_TR_NONE, poison_wpn));
}
END_TEST

START_TEST(voice_command_ids_round_trip)
{
    int valid = 0;
    for (int k = 0; k < NX_VOICE_KIND_COUNT; k++)
        for (int c = -1; c < NX_TR_CARD_COUNT; c++) {
            nx_voice_command cmd = { (nx_voice_kind)k, (nx_treachery_card)c }, back;
            if (!nx_treachery_voice_command_valid(cmd)) continue;
            valid++;
            const char *id = nx_voice_command_id(cmd);
            ck_assert_ptr_nonnull(id);
            ck_assert_int_eq(nx_voice_command_parse(id, &back), 0);
            ck_assert_int_eq(back.kind, cmd.kind);
            ck_assert_int_eq(back.card, cmd.card);
        }
    ck_assert_int_eq(valid, 6 + 9); /* six generic kinds, nine nameable cards */
    nx_voice_command cmd;
    ck_assert_int_eq(nx_voice_command_parse("projectile_defence", &cmd), 0);
    ck_assert_int_eq(cmd.kind, NX_VOICE_PROJECTILE_DEFENCE);
    ck_assert_int_eq(nx_voice_command_parse("lasgun", &cmd), 0);
    ck_assert_int_eq(cmd.kind, NX_VOICE_NAMED);
    ck_assert_int_eq(cmd.card, NX_TR_LASGUN);
    ck_assert_int_eq(nx_voice_command_parse("cheap_hero", &cmd), 0);
    ck_assert_int_eq(cmd.kind, NX_VOICE_CHEAP_HERO);
    ck_assert_int_eq(nx_voice_command_parse("karama", &cmd), -1);
    ck_assert_int_eq(nx_voice_command_parse("crysknife", &cmd), -1);
    ck_assert_int_eq(nx_voice_command_parse("", &cmd), -1);
    ck_assert_int_eq(nx_voice_command_parse(NULL, &cmd), -1);
}
END_TEST

/* ---- cross-check against the source CSVs, when this machine has them ---- */



START_TEST(transcription_matches_csv)
{
    FILE *base = nx_shared_data("treachery_base.csv"), *exp = nx_shared_data("treachery_expansions.csv");
    if (!base || !exp) {
        if (base) fclose(base);
        if (exp) fclose(exp);
        fprintf(stderr, "test_treachery: shared CSVs not found, cross-check skipped\n");
        return;
    }
    int got[NX_TR_CARD_COUNT][NX_TREACHERY_SET_COUNT] = { { 0 } };
    char line[256], *f[4];
    int rows = 0;
    for (int which = 0; which < 2; which++) {
        FILE *fp = which ? exp : base;
        ck_assert_ptr_nonnull(fgets(line, sizeof line, fp)); /* header */
        while (fgets(line, sizeof line, fp)) {
            if (line[0] == '\n' || line[0] == '\r') continue;
            int n = nx_csv_split(line, f, 4);
            ck_assert_int_eq(n, which ? 4 : 3);
            nx_treachery_card c = nx_treachery_parse(f[0]);
            ck_assert_msg(c != NX_TR_NONE, "unknown card %s", f[0]);
            ck_assert_str_eq(nx_treachery_name(c), f[0]);
            ck_assert_str_eq(nx_treachery_get(c)->type_line, f[1]);
            int set = which ? nx_treachery_set_parse(f[3]) : NX_TREACHERY_SET_BASE;
            ck_assert_msg(set >= 0, "unknown expansion %s", f[3]);
            got[c][set] += atoi(f[2]);
            rows++;
        }
    }
    fclose(base);
    fclose(exp);
    ck_assert_int_eq(rows, 24 + 17);
    for (int c = 0; c < NX_TR_CARD_COUNT; c++)
        for (int s = 0; s < NX_TREACHERY_SET_COUNT; s++)
            ck_assert_msg(got[c][s] == nx_treachery_get(c)->copies[s], "%s in %s", nx_treachery_id(c),
                          nx_treachery_set_id(s));
}
END_TEST

START_TEST(type_line_matches_kind_bits)
{
    /* The bits are the words of the type line, and nothing else. */
    static const struct { const char *word; unsigned weapon, defence, alone; } words[] = {
        { "Projectile", NX_TRK_WEAPON_PROJECTILE, NX_TRK_DEFENCE_PROJECTILE, 0 },
        { "Poison",     NX_TRK_WEAPON_POISON,     NX_TRK_DEFENCE_POISON,     0 },
        { "Special",    NX_TRK_WEAPON_SPECIAL,    NX_TRK_DEFENCE_SPECIAL,    NX_TRK_SPECIAL },
    };
    for (int c = 0; c < NX_TR_CARD_COUNT; c++) {
        char line[64];
        nx_fmt(line, sizeof line, "%s", nx_treachery_get(c)->type_line);
        int weapon = strstr(line, "Weapon") != NULL, defence = strstr(line, "Defense") != NULL;
        unsigned want = 0;
        if (!strcmp(line, "Worthless Card")) want = NX_TRK_WORTHLESS;
        if (strstr(line, "Spice Blow")) want |= NX_TRK_SPICE_BLOW;
        for (int w = 0; w < ARRAY_LEN(words); w++) {
            if (!strstr(line, words[w].word)) continue;
            if (weapon) want |= words[w].weapon;
            if (defence) want |= words[w].defence;
            if (!weapon && !defence) want |= words[w].alone;
        }
        ck_assert_msg(nx_treachery_kind(c) == want, "%s: %s", nx_treachery_id(c), line);
    }
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("treachery");
    TCase *tc = tcase_create("deck");
    tcase_add_test(tc, deck_counts_by_expansion);
    tcase_add_test(tc, copies_add_up);
    tcase_add_test(tc, copy_ids_round_trip);
    tcase_add_test(tc, card_ids_round_trip);
    tcase_add_test(tc, every_base_card_classified);
    tcase_add_test(tc, expansion_cards_classified);
    tcase_add_test(tc, battle_effects);
    tcase_add_test(tc, voice_matching_table);
    tcase_add_test(tc, voice_command_ids_round_trip);
    tcase_add_test(tc, transcription_matches_csv);
    tcase_add_test(tc, type_line_matches_kind_bits);
    suite_add_tcase(s, tc);
    return s;
}

int main(void) { return nx_run_suite(suite()); }
