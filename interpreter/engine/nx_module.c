/*
 * The engine's half of the module registration (nx_module.h): walking a
 * ruleset's module list.  The list itself is the rules layer's
 * (interpreter/ruleset/nx_ruleset.c), so the engine dispatches to modules it
 * never names.
 */
#include <string.h>

#include "nx_module.h"
#include "nx_names.h"

nx_act_fn nx_ruleset_action(const nx_ruleset *r, const char *type, int *host_only)
{
    for (size_t i = 0; i < r->nmodules; i++)
        for (const nx_act_entry *e = r->modules[i]->actions; e && e->type; e++)
            if (!strcmp(e->type, type)) {
                *host_only = e->host_only;
                return e->fn;
            }
    return NULL;
}

const nx_decision_ops *nx_ruleset_decision(const nx_ruleset *r, int kind)
{
    for (size_t i = 0; i < r->nmodules; i++)
        for (const nx_decision_ops *d = r->modules[i]->decisions; d && d->kind; d++)
            if (d->kind == kind) return d;
    return NULL;
}

nx_act_fn nx_ruleset_action_after(const nx_ruleset *r, const nx_module *m, const char *type)
{
    size_t i = 0;
    while (i < r->nmodules && r->modules[i] != m) i++;
    for (i++; i < r->nmodules; i++)
        for (const nx_act_entry *e = r->modules[i]->actions; e && e->type; e++)
            if (!strcmp(e->type, type)) return e->fn;
    return NULL;
}

const char *nx_ruleset_decision_owner(const nx_ruleset *r, int kind)
{
    const char *owner = NULL;
    for (size_t i = 0; i < r->nmodules; i++)
        for (const nx_decision_ops *d = r->modules[i]->decisions; d && d->kind; d++)
            if (d->kind == kind) {
                if (owner) return NULL;     /* two owners: the table is broken */
                owner = r->modules[i]->name;
            }
    return owner;
}

int nx_ruleset_answer(nx_act *a)
{
    if (nx_arg_keys(a, NX_KEYS("choose", "word"))) return -1;
    const nx_pending *p = nx_state_pending_of(a->s, (uint8_t)a->seat);
    if (!p) return nx_act_fail(a, "illegal", "seat %d has no decision to make", a->seat);
    const nx_decision_ops *d = nx_ruleset_decision(a->rt->rules, p->kind);
    if (d && d->answer) return d->answer(a, p);
    return nx_act_fail(a, "illegal", "\"answer\" does not answer this decision (%s): see docs/protocol.md",
                       nx_pending_kind_name((nx_pending_kind)p->kind));
}

void nx_ruleset_allied(nx_act *a, uint8_t x, uint8_t y)
{
    const nx_ruleset *r = a->rt->rules;
    for (size_t i = 0; i < r->nmodules; i++)
        if (r->modules[i]->allied) r->modules[i]->allied(a, x, y);
}

const nx_module *nx_ruleset_procedure(const nx_ruleset *r, int phase)
{
    for (size_t i = 0; i < r->nmodules; i++)
        if (r->modules[i]->phase == phase && r->modules[i]->run) return r->modules[i];
    return NULL;
}

void nx_ruleset_moves(const nx_ruleset *r, const nx_state *s, uint8_t seat, json_t *out)
{
    /* The seat's first decision is the one to answer. */
    const nx_pending *p = nx_state_pending_of(s, seat);
    if (!p || nx_state_pending_waits(s, p)) return;
    const nx_decision_ops *d = nx_ruleset_decision(r, p->kind);
    if (d && d->moves) d->moves(s, p, out);
}
