/* core/nx_sha256: the FIPS 180-4 / NIST example vectors, and streaming. */
#include <stdlib.h>
#include <string.h>

#include "nx_sha256.h"
#include "nx_testutil.h"

static const char *const MSG_448 =
    "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";

static void check_hex(const char *msg, const char *expected)
{
    char hex[NX_SHA256_HEX_LEN + 1];
    nx_sha256_hex_of(msg, strlen(msg), hex);
    ck_assert_str_eq(hex, expected);
}

START_TEST(test_abc)
{
    check_hex("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}
END_TEST

START_TEST(test_empty)
{
    check_hex("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}
END_TEST

START_TEST(test_448_bits)
{
    ck_assert_uint_eq(strlen(MSG_448) * 8, 448);
    check_hex(MSG_448, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}
END_TEST

START_TEST(test_896_bits)
{
    /* Two-block message whose padding needs a third block. */
    check_hex("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
              "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
              "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
}
END_TEST

/* Lengths around the padding boundary (55/56 bytes mod 64): digests of
 * runs of 'a', as computed by coreutils sha256sum. */
static const struct { size_t len; const char *hex; } boundary[] = {
    { 55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318" },
    { 56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a" },
    { 63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34" },
    { 64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb" },
    { 65, "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0" },
    { 119, "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb" },
    { 120, "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c" },
};

START_TEST(test_padding_boundaries)
{
    char msg[128];
    ck_assert_uint_le(boundary[_i].len, sizeof msg - 1);
    memset(msg, 'a', boundary[_i].len);
    msg[boundary[_i].len] = '\0';
    check_hex(msg, boundary[_i].hex);
}
END_TEST

START_TEST(test_million_a_streamed)
{
    /* One million 'a' fed in uneven pieces: exercises block carry-over. */
    char chunk[997];
    memset(chunk, 'a', sizeof chunk);
    nx_sha256 c;
    nx_sha256_init(&c);
    size_t left = 1000000;
    for (size_t step = 1; left > 0; step = (step * 7 + 3) % sizeof chunk + 1) {
        size_t n = step < left ? step : left;
        nx_sha256_update(&c, chunk, n);
        left -= n;
    }
    uint8_t out[NX_SHA256_BYTES];
    char hex[NX_SHA256_HEX_LEN + 1];
    nx_sha256_final(&c, out);
    nx_sha256_hex(out, hex);
    ck_assert_str_eq(hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}
END_TEST

START_TEST(test_split_equals_one_shot)
{
    /* Every split point of the 448-bit message gives the same digest. */
    char whole[NX_SHA256_HEX_LEN + 1];
    nx_sha256_hex_of(MSG_448, strlen(MSG_448), whole);
    for (size_t cut = 0; cut <= strlen(MSG_448); cut++) {
        nx_sha256 c;
        uint8_t out[NX_SHA256_BYTES];
        char hex[NX_SHA256_HEX_LEN + 1];
        nx_sha256_init(&c);
        nx_sha256_update(&c, MSG_448, cut);
        nx_sha256_update(&c, MSG_448 + cut, strlen(MSG_448) - cut);
        nx_sha256_final(&c, out);
        nx_sha256_hex(out, hex);
        ck_assert_str_eq(hex, whole);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sha256");
    TCase *tc = tcase_create("vectors");
    tcase_add_test(tc, test_abc);
    tcase_add_test(tc, test_empty);
    tcase_add_test(tc, test_448_bits);
    tcase_add_test(tc, test_896_bits);
    tcase_add_loop_test(tc, test_padding_boundaries, 0,
                        (int)(sizeof boundary / sizeof boundary[0]));
    tcase_add_test(tc, test_million_a_streamed);
    tcase_add_test(tc, test_split_equals_one_shot);
    suite_add_tcase(s, tc);
    return nx_run_suite(s);
}
