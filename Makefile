# Wraps CMake in the engine-testing convention:
#   make                          builds ./vireo
#   make EXE=/path CXX=clang++    builds there, with that compiler
#   make test                     builds and runs every test (ctest); also installs stockfish,
#                                 the oracle of the differential perft test
#   make run                      builds and starts the engine
#   make portable                 a build without -march=native (magic sliders)
# Missing Debian packages are installed by scripts/install-deps.

EXE ?= vireo
CXX ?= g++
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
BUILD_DIR ?= build/$(notdir $(CXX))
CMAKE_FLAGS ?=

.PHONY: all build deps test-deps test run portable clean

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

run: all
	@./$(EXE)

portable:
	$(MAKE) BUILD_DIR=build/portable CMAKE_FLAGS="-DVIREO_NATIVE=OFF" EXE=$(EXE)

clean:
	rm -rf build $(EXE)
