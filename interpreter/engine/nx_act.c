/*
 * The basic action functions every handler and procedure uses: failing
 * an action with a reason, public log lines, panel availability, and the
 * pending decisions a handler answers (engine/nx_act.h, nx_module.h).
 * They live below the rules: nx_game runs the modules, the modules call
 * these, and nothing here calls a module.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "nx_avail_share.h"
#include "nx_module.h"
#include "nx_names.h"
#include "nx_text.h"
#include "nx_util.h"

const nx_avail *nx_act_avail(nx_act *a)
{
    /* Availability depends on the pack and the settings only, and both
     * are fixed for the game's life: one computation serves every action,
     * and every game of the same pack and settings (nx_avail_share.h). */
    if (a->game_avail) {
        if (!*a->game_avail) *a->game_avail = nx_avail_acquire(&a->rt->pack, a->settings);
        return *a->game_avail;
    }
    if (!a->avail_ready) {
        nx_avail_compute(&a->rt->pack, a->settings, &a->avail);
        a->avail_ready = 1;
    }
    return &a->avail;
}

int nx_act_fail(nx_act *a, const char *code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    nx_vclip(a->err, sizeof a->err, fmt, ap);
    va_end(ap);
    a->code = code;
    return -1;
}

void nx_act_log(nx_act *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *line = nx_vasprintf(fmt, ap);
    va_end(ap);
    json_array_append_new(a->log, json_string(line));
    if (a->record) json_array_append_new(a->record, json_string(line));
    free(line);
}

void nx_act_log_record(nx_act *a, const char *public_line, const char *record_line)
{
    if (a->keep_record && !a->record) a->record = json_deep_copy(a->log);   /* the same, so far */
    json_array_append_new(a->log, json_string(public_line));
    if (a->record) json_array_append_new(a->record, json_string(record_line));
}

/* The one place the log names a seat.  Factions are unique in a game, so
 * the faction's name says which seat is meant; the seat number is the
 * protocol's and stays in the JSON.  A seat without a faction (not seated
 * yet) keeps its number. */
const char *nx_act_who(const nx_state *s, int seat, char *buf, size_t len)
{
    if (seat < 0) nx_fmt(buf, len, "the host");
    else if (seat >= s->nseats || s->seats[seat].faction < 0 || s->seats[seat].faction >= NX_FACTION_COUNT)
        nx_fmt(buf, len, "seat %d", seat);
    else nx_fmt(buf, len, "%s", nx_faction_name((nx_faction)s->seats[seat].faction));
    return buf;
}

void nx_moves_add(json_t *out, int score, json_t *action)
{
    json_array_append_new(out, json_pack("{s:o, s:i}", "action", action, "score", score));
}

const nx_pending *nx_pending_find(const nx_state *s, uint8_t seat, nx_pending_kind kind)
{
    for (int i = 0; i < s->npending; i++)
        if (s->pending[i].seat == seat && s->pending[i].kind == kind) return &s->pending[i];
    return NULL;
}

const nx_pending *nx_act_need(nx_act *a, nx_pending_kind kind)
{
    const nx_pending *p = a->seat >= 0 ? nx_pending_find(a->s, (uint8_t)a->seat, kind) : NULL;
    if (!p) nx_act_fail(a, "illegal", "seat %d has no %s decision to make now", a->seat, nx_pending_kind_name(kind));
    return p;
}

int nx_act_is(const nx_act *a, const char *type)
{
    const char *t = json_string_value(json_object_get(a->action, "type"));
    return t && !strcmp(t, type);
}
