# Wraps CMake in the engine-testing convention:
#   make                          builds ./vireo
#   make EXE=/path CXX=clang++    builds there, with that compiler
#   make test                     builds and runs every test (ctest), then test-asan, test-tsan and
#                                 fuzz below; what CI runs (.ci/run). Also installs the test tools:
#                                 stockfish (the oracle of the differential perft test), polyglot,
#                                 xboard, xvfb and fairymax (a 2-game headless XBoard match, Vireo
#                                 through PolyGlot against Fairy-Max: scripts/xboard-match) and clang
#   make test-asan                the test suite built with AddressSanitizer + UndefinedBehaviorSanitizer
#                                 (build/asan), every test; any report fails
#   make test-tsan                the test suite built with ThreadSanitizer (build/tsan), the tests of
#                                 suite "threads" (multi-threaded search and perft, UCI conversations)
#   make fuzz                     the libFuzzer targets of tests/fuzz (build/fuzz): replays the saved
#                                 regression inputs, then fuzzes each target for FUZZ_TIME seconds
#   make run                      builds and starts the engine
#   make portable                 a build without -march=native (magic sliders)
# The checking builds use SAN_CXX (default clang++) and FUZZ_CXX (clang++, needed for libFuzzer);
# CMAKE_FLAGS reaches them too. See scripts/test-sanitized and scripts/fuzz.
# Missing Debian packages are installed by scripts/install-deps.

EXE ?= vireo
CXX ?= g++
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
BUILD_DIR ?= build/$(notdir $(CXX))
CMAKE_FLAGS ?=
SAN_CXX ?= clang++
FUZZ_CXX ?= clang++
FUZZ_TIME ?= 60

.PHONY: all build deps test-deps test test-asan test-tsan fuzz run portable clean

all: build
	@cp $(BUILD_DIR)/vireo $(EXE)

deps:
	@scripts/install-deps

test-deps:
	@VIREO_TEST_DEPS=1 scripts/install-deps

build: deps
	@cmake -S . -B $(BUILD_DIR) -DCMAKE_CXX_COMPILER=$(CXX) $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BUILD_DIR) -j $(JOBS)

test: test-deps
	@$(MAKE) --no-print-directory build
	@cp $(BUILD_DIR)/vireo $(EXE)
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)
	scripts/xboard-match --games 2 --tc 0:10 --inc 0.1 --engine $(EXE)
	@$(MAKE) --no-print-directory test-asan
	@$(MAKE) --no-print-directory test-tsan
	@$(MAKE) --no-print-directory fuzz

test-asan: test-deps
	@SAN_CXX=$(SAN_CXX) JOBS=$(JOBS) CMAKE_FLAGS="$(CMAKE_FLAGS)" scripts/test-sanitized asan build/asan

test-tsan: test-deps
	@SAN_CXX=$(SAN_CXX) JOBS=$(JOBS) CMAKE_FLAGS="$(CMAKE_FLAGS)" scripts/test-sanitized tsan build/tsan

fuzz: test-deps
	@FUZZ_CXX=$(FUZZ_CXX) JOBS=$(JOBS) CMAKE_FLAGS="$(CMAKE_FLAGS)" scripts/fuzz build/fuzz $(FUZZ_TIME)

run: all
	@./$(EXE)

portable:
	$(MAKE) BUILD_DIR=build/portable CMAKE_FLAGS="-DVIREO_NATIVE=OFF" EXE=$(EXE)

clean:
	rm -rf build $(EXE)
