# Toolchain file: cross-compiles Vireo for 64-bit ARM Linux (phones, boards, ARM laptops) with
# Debian's cross compiler (g++-aarch64-linux-gnu) and the arm64 libraries of Debian's multiarch
# (dpkg --add-architecture arm64; libboost-program-options-dev:arm64). scripts/build-arm uses it.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
# qemu-user runs the build's own programs, if any are run at build time.
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64)
