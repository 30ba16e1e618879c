/*
 * `nexus schema`: JSON Schemas of the Nexus file kinds, printed from the
 * loaders' own shape tables (nx_shape), so an editor validates what
 * `nexus check` accepts.  The pack ships them in cards/schema/, and a test
 * compares those files with this command's output.
 */
#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "nx_cli.h"
#include "nx_pack.h"
#include "nx_rulings.h"
#include "nx_scenario.h"
#include "nx_shape.h"
#include "nx_text.h"
#include "nx_util.h"

typedef struct schema_kind {
    const char *name;
    const char *title;
    const nx_shape *(*shape)(void);   /* NULL: built from the registry */
} schema_kind;

static const schema_kind kinds[] = {
    { "pack", "Nexus pack.yaml", nx_pack_file_shape },
    { "card", "Nexus card file", nx_card_file_shape },
    { "rulings", "Nexus rulings file", nx_rulings_file_shape },
    { "settings", "Nexus ruling settings", NULL },
    { "scenario", "Nexus scenario file", nx_scenario_file_shape },
};
#define NKINDS (sizeof kinds / sizeof kinds[0])

static json_t *kind_schema(const schema_kind *k, const nx_pack *pack)
{
    char id[96];
    nx_fmt(id, sizeof id, "https://nexus.invalid/schema/%s.schema.json", k->name);
    if (!k->shape) return nx_settings_schema(&pack->rulings, id);
    return nx_shape_schema(k->shape(), id, k->title, NULL);
}

static int write_schema(nx_cli *cli, const schema_kind *k, const nx_pack *pack, const char *dir)
{
    json_t *s = kind_schema(k, pack);
    int rc = NX_EXIT_OK;
    size_t flags = JSON_INDENT(2) | JSON_PRESERVE_ORDER;
    if (!dir) {
        json_dumpf(s, cli->out, flags);
        fputc('\n', cli->out);
    } else {
        char *path = nx_asprintf("%s/%s.schema.json", dir, k->name);
        FILE *f = fopen(path, "w");
        if (!f || json_dumpf(s, f, flags) || fputc('\n', f) == EOF) {
            fprintf(cli->err, "nexus schema: cannot write %s: %s\n", path, strerror(errno));
            rc = NX_EXIT_INVALID;
        }
        if (f && fclose(f) && rc == NX_EXIT_OK) {
            fprintf(cli->err, "nexus schema: cannot write %s: %s\n", path, strerror(errno));
            rc = NX_EXIT_INVALID;
        }
        free(path);
    }
    json_decref(s);
    return rc;
}

int nx_cmd_schema(nx_cli *cli)
{
    const char *dir = NULL, *only = NULL;
    for (int i = 1; i < cli->argc; i++) {
        if (!strcmp(cli->argv[i], "--out") && i + 1 < cli->argc) dir = cli->argv[++i];
        else if (cli->argv[i][0] != '-' && !only) only = cli->argv[i];
        else return nx_cli_usage_error(cli, "schema", "unexpected argument '%s'", cli->argv[i]);
    }
    const schema_kind *pick = NULL;
    for (size_t k = 0; only && k < NKINDS; k++)
        if (!strcmp(kinds[k].name, only)) pick = &kinds[k];
    if (only && !pick)
        return nx_cli_usage_error(cli, "schema", "unknown file kind '%s' (pack, card, rulings, "
                                  "settings or scenario)", only);
    if (!only && !dir)
        return nx_cli_usage_error(cli, "schema", "name a file kind (pack, card, rulings, settings, "
                                  "scenario) or --out DIR for all of them");
    nx_pack pack;
    if (nx_cli_load_pack(cli, &pack)) return NX_EXIT_INVALID;
    int rc = NX_EXIT_OK;
    for (size_t k = 0; k < NKINDS && rc == NX_EXIT_OK; k++)
        if (!pick || pick == &kinds[k]) rc = write_schema(cli, &kinds[k], &pack, dir);
    nx_pack_free(&pack);
    return rc;
}
