# Thin wrapper over CMake; see README.md.
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
BUILD ?= build
ASAN_BUILD ?= build-asan
SEED ?= 11

.PHONY: all deps build run test bench bench-quick install clean

all: build

deps:
	sh scripts/install-deps.sh

build: deps
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
	cmake --build $(BUILD) -j $(JOBS)

# The main job: a complete six-seat Advanced bot game with the Nexus cards,
# printed turn by turn and kept in the embedded store (reopened and compared
# at the end), then the card reference and the availability matrix of the
# 36 panels.
run: build
	./$(BUILD)/nexus play --seed $(SEED) --seats 6 --advanced --nexus-cards --rulings rulings/profiles/provisional.yaml --store $(BUILD)/nexus-rooms.db
	./$(BUILD)/nexus cards
	./$(BUILD)/nexus availability

# Every test, under AddressSanitizer and UndefinedBehaviorSanitizer.
test: deps
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DNX_SANITIZE=ON >/dev/null
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	cd $(ASAN_BUILD) && ctest --output-on-failure -j $(JOBS)

# Benchmarks print figures; they are never part of the tests.  bench_serve's
# PostgreSQL run gets a throwaway server (fsync on); without PostgreSQL it
# says so and is skipped (exit 77).
BENCH_PG = NX_PG_FSYNC=1 python3 tests/host/pg_cluster.py
bench: build
	./$(BUILD)/bench/bench_game
	./$(BUILD)/bench/bench_json
	./$(BUILD)/bench/bench_panel
	./$(BUILD)/bench/bench_decide
	./$(BUILD)/bench/bench_simulate 20
	./$(BUILD)/bench/bench_serve
	./$(BUILD)/bench/bench_store
	$(BENCH_PG) ./$(BUILD)/bench/bench_serve --store pg || [ $$? -eq 77 ]

# Each benchmark once on a tiny scale: proves they still run (CI).
bench-quick: build
	./$(BUILD)/bench/bench_game --quick
	./$(BUILD)/bench/bench_json --quick
	./$(BUILD)/bench/bench_panel --quick
	./$(BUILD)/bench/bench_decide --quick
	./$(BUILD)/bench/bench_simulate 2
	./$(BUILD)/bench/bench_serve --quick
	./$(BUILD)/bench/bench_store --quick
	$(BENCH_PG) ./$(BUILD)/bench/bench_serve --quick --store pg || [ $$? -eq 77 ]

install: build
	cmake --install $(BUILD)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) build-clang build-release

# Fuzzing with libFuzzer (clang, ASan+UBSan; tests/fuzz/README.md):
# `make fuzz` runs each target FUZZ_SECONDS (60) seconds, `make fuzz-quick`
# 15 s each (the bounded run for CI).  A crash fails the run.
FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 60

.PHONY: fuzz fuzz-quick
fuzz:
	cmake -S . -B $(FUZZ_BUILD) -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Debug -DNX_SANITIZE=OFF -DNX_FUZZ=ON >/dev/null
	cmake --build $(FUZZ_BUILD) -j $(JOBS) --target fuzz-build
	sh tests/fuzz/run.sh $(FUZZ_BUILD) $(FUZZ_SECONDS)

fuzz-quick:
	$(MAKE) fuzz FUZZ_SECONDS=15
