#include "nx_testutil.h"
#include "nx_text.h"

#include <stdlib.h>
#include <unistd.h>

#include "nx_util.h"
#include <string.h>

#include <jansson.h>

char *nx_fixture(const char *rel) { return nx_path_join(NX_TEST_FIXTURES, rel); }

char *nx_source_path(const char *rel) { return nx_path_join(NX_TEST_SOURCE_DIR, rel); }

FILE *nx_shared_data(const char *name)
{
    const char *dir = getenv("NX_SHARED_DATA");
    char path[1024];
    nx_fmt(path, sizeof path, "%s/%s", dir ? dir : NX_TEST_SOURCE_DIR "/../shared/data", name);
    return fopen(path, "r");
}

int nx_csv_split(char *line, char **field, int n)
{
    int k = 0;
    line[strcspn(line, "\r\n")] = '\0';
    for (char *p = line; k < n;) {
        field[k++] = p;
        char *comma = strchr(p, ',');
        if (!comma) break;
        *comma = '\0';
        p = comma + 1;
    }
    return k;
}

char *nx_copy_pack(void)
{
    char tmpl[] = "/tmp/nx_pack_copy_XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(tmpl));
    char *cmd = nx_asprintf("cp -r '%s/cards' '%s/rulings' '%s/'", NX_TEST_SOURCE_DIR, NX_TEST_SOURCE_DIR, tmpl);
    ck_assert_int_eq(system(cmd), 0);
    free(cmd);
    return nx_xstrdup(tmpl);
}

void nx_remove_tree(const char *dir)
{
    char *cmd = nx_asprintf("rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
    free(cmd);
}

int nx_run_suite(Suite *s)
{
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

/* Permute the identities of every card the viewer cannot see, kind by
 * kind, keeping each zone's count.  Pending options and receipts of other
 * seats are rewritten to follow their cards. */
void nx_permute_hidden(nx_state *s, int viewer, nx_rng *r)
{
    nx_permute_hidden_keep(s, viewer, NULL, 0, r);
}

static int kept(const nx_comp *keep, int nkeep, int c)
{
    for (int i = 0; i < nkeep; i++)
        if (keep[i] == (nx_comp)c) return 1;
    return 0;
}

void nx_permute_hidden_keep(nx_state *s, int viewer, const nx_comp *keep, int nkeep, nx_rng *r)
{
    for (int kind = 0; kind < NX_COMP_KIND_COUNT; kind++) {
        nx_comp v[NX_COMP_COUNT];
        int n = 0;
        for (int c = 0; c < NX_COMP_COUNT; c++) {
            nx_zone z = s->custody.zone[c];
            if (z == NX_Z_OUT || (int)nx_comp_kind_of((nx_comp)c) != kind || kept(keep, nkeep, c)) continue;
            nx_visibility vis = nx_zone_visibility(z);
            if (vis == NX_VIS_HIDDEN || (vis == NX_VIS_OWNER && nx_zone_seat(z) != viewer)) v[n++] = (nx_comp)c;
        }
        nx_custody before = s->custody;
        nx_comp map[NX_COMP_COUNT];
        for (int i = 0; i < NX_COMP_COUNT; i++) map[i] = (nx_comp)i;
        nx_comp perm[NX_COMP_COUNT];
        memcpy(perm, v, sizeof perm);
        for (int i = n - 1; i > 0; i--) {
            int j = (int)nx_rng_below(r, (uint32_t)i + 1);
            nx_comp t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        for (int i = 0; i < n; i++) {
            s->custody.zone[perm[i]] = before.zone[v[i]];
            s->custody.order[perm[i]] = before.order[v[i]];
            map[v[i]] = perm[i];
        }
        for (int i = 0; i < s->npending; i++)
            if (s->pending[i].seat != viewer)
                for (int k = 0; k < s->pending[i].noptions; k++) s->pending[i].options[k] = map[s->pending[i].options[k]];
        for (int i = 0; i < NX_MAX_RECEIPTS; i++)
            if (s->receipts[i].seat != viewer)
                for (int k = 0; k < s->receipts[i].n; k++) s->receipts[i].cards[k] = map[s->receipts[i].cards[k]];
    }
}


void nx_open_builtin_runtime(nx_runtime *rt)
{
    nx_diags d;
    nx_diags_init(&d);
    char *pack = nx_source_path("cards/pack.yaml");
    int rc = nx_runtime_open(rt, pack, &d);
    nx_diags_print(&d, stderr);
    free(pack);
    nx_diags_free(&d);
    ck_assert_int_eq(rc, 0);
}

char *nx_stamp_action(const nx_game *g, const char *action_json, const char *id)
{
    json_error_t err;
    json_t *a = json_loads(action_json, 0, &err);
    ck_assert_msg(a != NULL, "bad test JSON %s: %s", action_json, err.text);
    json_object_set_new(a, "id", json_string(id));
    json_object_set_new(a, "version", json_integer((json_int_t)nx_game_state(g)->version));
    char *text = json_dumps(a, JSON_COMPACT);
    json_decref(a);
    return text;
}

void nx_apply_ok(nx_game *g, const char *action_json, int n)
{
    char id[16];
    nx_fmt(id, sizeof id, "c%d", n);
    char *text = nx_stamp_action(g, action_json, id);
    char *res = nx_game_apply(g, text);
    ck_assert_msg(strstr(res, "\"ok\":true") != NULL, "%s: %s", text, res);
    free(res);
    free(text);
}
