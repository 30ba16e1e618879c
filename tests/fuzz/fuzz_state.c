/* The state decoder (nx_state_json_decode_text): refused, or decoded into
 * a state whose encoding decodes to the very same bytes (one spelling). */
#include <stdlib.h>
#include <string.h>

#include "nx_fuzz.h"
#include "nx_state_json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = nx_fuzz_text(data, size);
    static nx_state s, again;
    char err[256];
    if (nx_state_json_decode_text(text, &s, err, sizeof err) == 0) {
        char *enc = nx_state_json_encode_text(&s);
        if (!enc) nx_fuzz_fail("a decoded state does not encode");
        if (nx_state_json_decode_text(enc, &again, err, sizeof err))
            nx_fuzz_fail("a decoded state's encoding is refused: %s", err);
        if (memcmp(&s, &again, sizeof s)) nx_fuzz_fail("decode, encode, decode changes the state");
        free(enc);
    }
    free(text);
    return 0;
}
