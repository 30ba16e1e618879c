// A small C++ host: the public header links from C++ (extern "C"), here with
// RAII owners over the API's handles.  It applies one refused and one accepted
// action and reads a seat's candidate moves.
#include <nexus.h>

#include <cstdio>
#include <memory>
#include <string>

namespace {
struct text_free { void operator()(char *p) const { nexus_free(p); } };
using text = std::unique_ptr<char, text_free>;
struct rt_close { void operator()(nexus_runtime *p) const { nexus_runtime_close(p); } };
struct game_free { void operator()(nexus_game *p) const { nexus_game_free(p); } };
}

int main()
{
    char err[512];
    std::unique_ptr<nexus_runtime, rt_close> rt(nexus_runtime_open(nullptr, err, sizeof err));
    if (!rt) { std::fprintf(stderr, "host++: %s\n", err); return 1; }
    std::unique_ptr<nexus_game, game_free> g(
        nexus_game_new(rt.get(), R"({"seed": 3, "factions": ["atreides", "harkonnen", "fremen"]})", err, sizeof err));
    if (!g) { std::fprintf(stderr, "host++: %s\n", err); return 1; }
    text stale(nexus_game_apply(g.get(), R"({"id": "x", "version": 99, "seat": 0, "type": "pass"})"));
    if (std::string(stale.get()).find("\"ok\":false") == std::string::npos ||
        std::string(stale.get()).find("\"code\":\"stale\"") == std::string::npos) {
        std::fprintf(stderr, "host++: a stale action was accepted: %s\n", stale.get());
        return 1;
    }
    int seat = nexus_game_next(g.get());
    if (seat < 0) { std::fprintf(stderr, "host++: nobody to act at the start\n"); return 1; }
    text moves(nexus_game_moves(g.get(), seat));
    if (!moves || std::string(moves.get()).find("action") == std::string::npos) {
        std::fprintf(stderr, "host++: seat %d has no candidate moves\n", seat);
        return 1;
    }
    std::printf("host (C++): engine %s, seat %d has moves, a stale action was refused\n", nexus_version(), seat);
    return 0;
}
