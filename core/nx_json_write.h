#ifndef NX_JSON_WRITE_H
#define NX_JSON_WRITE_H
/*
 * The engine's canonical JSON text of a value (an action, a result):
 * exactly json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS), written without
 * jansson's per-character UTF-8 walk for the values the engine makes
 * (objects, arrays, ASCII strings, integers, true, false, null).  Any
 * other value (a real, a byte past ASCII, a control character other than
 * \b \f \n \r \t, a key holding a NUL) is left to json_dumps itself, so
 * the text is always jansson's.  NULL where json_dumps gives NULL.
 * Caller frees.
 */
#include <jansson.h>

char *nx_json_dump_canonical(const json_t *j);

#endif
