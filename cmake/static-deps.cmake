# The libraries of a self-contained build: one executable with nothing to install beside it (the
# Windows build, and the release builds of make release). Included by CMakeLists.txt when
# CMAKE_SYSTEM_NAME is Windows or VIREO_STATIC is on.
#
# - spdlog and fmt are used header-only (FMT_HEADER_ONLY; Debian's spdlog forces an external fmt).
# - Boost.Program_options is compiled code. On Linux, Debian's static library
#   (libboost_program_options.a). For Windows Debian ships the headers but no library built for
#   MinGW, so it is compiled here from its sources for 1.74.0, the version of Debian's headers, taken
#   from VIREO_THIRD_PARTY (default third_party/ in this repository; third_party/README.md).
# - Fathom (the Syzygy prober): Debian ships only a shared libfathom, so both build its sources, the
#   snapshot Debian packages (jdart1/Fathom 97fb5ca), from VIREO_THIRD_PARTY/fathom-97fb5ca, compiled
#   as C (tbprobe.c includes tbchess.c). Missing sources stop the configuration: a build without
#   tablebases is never made.
# - The Windows build reaches Debian's headers through a folder of links to boost/, spdlog/ and fmt/ -
#   never through /usr/include itself, where glibc's headers would shadow MinGW's.
# - Everything is linked statically: the C++ runtime, libgcc and (Windows) winpthread.
set(VIREO_THIRD_PARTY "${CMAKE_CURRENT_SOURCE_DIR}/third_party" CACHE PATH
    "Folder holding boost-program_options-1.74.0/ and fathom-97fb5ca/ (the self-contained builds' third-party sources)")
set(_fathom_dir "${VIREO_THIRD_PARTY}/fathom-97fb5ca")
if(NOT EXISTS "${_fathom_dir}/tbprobe.c" OR NOT EXISTS "${_fathom_dir}/tbprobe.h")
  message(FATAL_ERROR
    "This build needs Fathom's sources (tbprobe.c, tbchess.c, tbprobe.h, tbconfig.h, stdendian.h of "
    "jdart1/Fathom 97fb5ca) in ${_fathom_dir}, and they are missing: without them it would have no "
    "Syzygy tablebases. They are part of the repository (third_party/); restore them (git checkout -- "
    "third_party), or pass VIREO_THIRD_PARTY=<folder holding fathom-97fb5ca/>.")
endif()
# As C: compiled as C++ it says `using namespace std`, and std::byte then clashes with windows.h's byte.
enable_language(C)
add_library(vireo_fathom STATIC "${_fathom_dir}/tbprobe.c")
set_target_properties(vireo_fathom PROPERTIES C_STANDARD 11)
target_include_directories(vireo_fathom SYSTEM PUBLIC "${_fathom_dir}")
target_compile_options(vireo_fathom PRIVATE -w)
add_library(fathom::fathom ALIAS vireo_fathom)

if(CMAKE_SYSTEM_NAME STREQUAL "Windows")
  set(_po_dir "${VIREO_THIRD_PARTY}/boost-program_options-1.74.0")
  file(GLOB _po_sources "${_po_dir}/src/*.cpp")
  if(NOT _po_sources)
    message(FATAL_ERROR
      "The Windows build needs Boost.Program_options 1.74.0's sources (src/*.cpp of boostorg/program_options, "
      "tag boost-1.74.0) in ${_po_dir}, and they are missing. They are part of the repository (third_party/); "
      "restore them (git checkout -- third_party), or pass VIREO_THIRD_PARTY=<folder holding "
      "boost-program_options-1.74.0/> to make windows.")
  endif()

  set(_headers "${CMAKE_BINARY_DIR}/host-headers")
  file(MAKE_DIRECTORY "${_headers}")
  foreach(pair "boost:libboost1.74-dev" "spdlog:libspdlog-dev" "fmt:libfmt-dev")
    string(REPLACE ":" ";" pair "${pair}")
    list(GET pair 0 dir)
    list(GET pair 1 package)
    if(NOT IS_DIRECTORY "/usr/include/${dir}")
      message(FATAL_ERROR "The Windows build needs Debian's headers in /usr/include/${dir} (package ${package})")
    endif()
    if(NOT EXISTS "${_headers}/${dir}")
      file(CREATE_LINK "/usr/include/${dir}" "${_headers}/${dir}" SYMBOLIC)
    endif()
  endforeach()

  add_library(vireo_boost_program_options STATIC ${_po_sources})
  target_include_directories(vireo_boost_program_options SYSTEM PUBLIC "${_headers}")
  target_compile_definitions(vireo_boost_program_options PUBLIC BOOST_ALL_NO_LIB)
  target_compile_options(vireo_boost_program_options PRIVATE -w)
  # Boost 1.74's own sources include the deprecated boost/bind.hpp, which says so in a #pragma message.
  target_compile_definitions(vireo_boost_program_options PRIVATE BOOST_BIND_GLOBAL_PLACEHOLDERS)
  add_library(Boost::program_options ALIAS vireo_boost_program_options)
  set(_spdlog_headers "${_headers}")
else()
  set(Boost_USE_STATIC_LIBS ON)
  find_package(Boost 1.71 REQUIRED COMPONENTS program_options)
  set(_spdlog_headers "")
endif()

add_library(vireo_spdlog INTERFACE)
if(_spdlog_headers)
  target_include_directories(vireo_spdlog SYSTEM INTERFACE "${_spdlog_headers}")
endif()
target_compile_definitions(vireo_spdlog INTERFACE SPDLOG_FMT_EXTERNAL FMT_HEADER_ONLY)
add_library(spdlog::spdlog ALIAS vireo_spdlog)

add_link_options(-static -static-libgcc -static-libstdc++)
