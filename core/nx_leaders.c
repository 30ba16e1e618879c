#include "nx_leaders.h"

#include <assert.h>
#include <string.h>

/* Source: shared game facts, leaders.csv (faction, leader, strength),
 * in nx_faction order. */
static const nx_leader leaders[NX_LEADER_COUNT] = {
    { NX_ATREIDES,       "dr_yueh",                 "Dr. Yueh",              1 },
    { NX_ATREIDES,       "duncan_idaho",            "Duncan Idaho",          2 },
    { NX_ATREIDES,       "gurney_halleck",          "Gurney Halleck",        4 },
    { NX_ATREIDES,       "lady_jessica",            "Lady Jessica",          5 },
    { NX_ATREIDES,       "thufir_hawat",            "Thufir Hawat",          5 },
    { NX_BENE_GESSERIT,  "alia",                    "Alia",                  5 },
    { NX_BENE_GESSERIT,  "margot_dame_fenring",     "Margot Dame Fenring",   5 },
    { NX_BENE_GESSERIT,  "princess_irulan",         "Princess Irulan",       5 },
    { NX_BENE_GESSERIT,  "reverend_ramallo",        "Reverend Ramallo",      5 },
    { NX_BENE_GESSERIT,  "wanna_yueh",              "Wanna Yueh",            5 },
    { NX_EMPEROR,        "bashar",                  "Bashar",                2 },
    { NX_EMPEROR,        "burseg",                  "Burseg",                3 },
    { NX_EMPEROR,        "caid",                    "Caid",                  3 },
    { NX_EMPEROR,        "count_fenring",           "Count Fenring",         6 },
    { NX_EMPEROR,        "cpt_aramsham",            "Cpt. Aramsham",         5 },
    { NX_FREMEN,         "chani",                   "Chani",                 6 },
    { NX_FREMEN,         "jamis",                   "Jamis",                 2 },
    { NX_FREMEN,         "otheym",                  "Otheym",                5 },
    { NX_FREMEN,         "shadout_mapes",           "Shadout Mapes",         3 },
    { NX_FREMEN,         "stilgar",                 "Stilgar",               7 },
    { NX_HARKONNEN,      "beast_rabban",            "Beast Rabban",          4 },
    { NX_HARKONNEN,      "cpt_iakin_nefud",         "Cpt. Iakin Nefud",      2 },
    { NX_HARKONNEN,      "feyd_rautha",             "Feyd Rautha",           6 },
    { NX_HARKONNEN,      "piter_de_vries",          "Piter de Vries",        3 },
    { NX_HARKONNEN,      "umman_kudu",              "Umman Kudu",            1 },
    { NX_SPACING_GUILD,  "esmar_tuek",              "Esmar Tuek",            3 },
    { NX_SPACING_GUILD,  "master_bewt",             "Master Bewt",           3 },
    { NX_SPACING_GUILD,  "rep",                     "Rep",                   1 },
    { NX_SPACING_GUILD,  "soo_soo_sook",            "Soo Soo Sook",          2 },
    { NX_SPACING_GUILD,  "staban_tuek",             "Staban Tuek",           5 },
    { NX_IXIANS,         "c_tair_pilru",            "C'Tair Pilru",          5 },
    { NX_IXIANS,         "cammar_pilru",            "Cammar Pilru",          1 },
    { NX_IXIANS,         "dominic_vernius",         "Dominic Vernius",       4 },
    { NX_IXIANS,         "kailea_vernius",          "Kailea Vernius",        2 },
    { NX_IXIANS,         "tessia_vernius",          "Tessia Vernius",        5 },
    { NX_TLEILAXU,       "blin",                    "Blin",                  1 },
    { NX_TLEILAXU,       "hidar_fen_ajidica",       "Hidar Fen Ajidica",     4 },
    { NX_TLEILAXU,       "master_zaaf",             "Master Zaaf",           3 },
    { NX_TLEILAXU,       "wykk",                    "Wykk",                  2 },
    { NX_TLEILAXU,       "zoal",                    "Zoal",                 -1 },
    { NX_CHOAM,          "auditor",                 "Auditor",               2 },
    { NX_CHOAM,          "duke_verdun",             "Duke Verdun",           3 },
    { NX_CHOAM,          "frankos_aru",             "Frankos Aru",           4 },
    { NX_CHOAM,          "lady_jalma",              "Lady Jalma",            4 },
    { NX_CHOAM,          "rajiv_londine",           "Rajiv Londine",         3 },
    { NX_CHOAM,          "viscount_tull",           "Viscount Tull",         2 },
    { NX_RICHESE,        "ein_calimar",             "Ein Calimar",           5 },
    { NX_RICHESE,        "flinto_kinnis",           "Flinto Kinnis",         3 },
    { NX_RICHESE,        "haloa_rund",              "Haloa Rund",            2 },
    { NX_RICHESE,        "lady_helena",             "Lady Helena",           4 },
    { NX_RICHESE,        "talis_balt",              "Talis Balt",            2 },
    { NX_ECAZ,           "bindikk_narvi",           "Bindikk Narvi",         2 },
    { NX_ECAZ,           "ilesa_ecaz",              "Ilesa Ecaz",            3 },
    { NX_ECAZ,           "rivvy_dinari",            "Rivvy Dinari",          3 },
    { NX_ECAZ,           "sanya_ecaz",              "Sanya Ecaz",            4 },
    { NX_ECAZ,           "whitmore_bludd",          "Whitmore Bludd",        4 },
    { NX_MORITANI,       "grieu_kronos",            "Grieu Kronos",          4 },
    { NX_MORITANI,       "hiih_resser",             "Hiih Resser",           4 },
    { NX_MORITANI,       "lupino_ord",              "Lupino Ord",            5 },
    { NX_MORITANI,       "trin_kronos",             "Trin Kronos",           2 },
    { NX_MORITANI,       "vando_terboli",           "Vando Terboli",         1 },
};

const nx_leader *nx_leader_get(int index)
{
    assert(index >= 0 && index < NX_LEADER_COUNT);
    return &leaders[index];
}

int nx_leader_find(const char *id_or_name)
{
    for (int i = 0; i < NX_LEADER_COUNT; i++)
        if (!strcmp(leaders[i].id, id_or_name) || !strcmp(leaders[i].name, id_or_name))
            return i;
    return -1;
}

int nx_leader_has_traitor_card(int index)
{
    return strcmp(nx_leader_get(index)->id, "auditor") != 0;
}
