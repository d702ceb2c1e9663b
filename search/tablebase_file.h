// The header of a Syzygy table file, checked before Fathom reads it (search/tablebase.h). Fathom
// trusts every number in a table: a corrupted header (code lengths, symbol count, symbol tree, block
// counts) makes it read and write past its buffers and past the file at the first probe. This check
// reads what Fathom's init_table reads (the same layout, jdart1/Fathom 97fb5ca) and says what is
// wrong. What it cannot see: the body (index, block sizes, compressed data), which Fathom reads at
// each probe without bounds (a corrupted body gives wrong results or reads past the file).
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <string>

namespace vireo {

// A table's material by side as its name gives it (KQvKR: {K, Q} and {K, R}), counted by PieceType.
using TableMaterial = std::array<std::array<int, 6>, 2>;

// Parses a table's name (K, up to 6 more of QRBNP, v, K, QRBNP...: KQvKR, KPPvK); false if it is none.
bool table_material(const std::string& name, TableMaterial& material);

// What is wrong with the header of the table file `file` (`size` bytes, its magic number checked) of
// a table of `material`, a WDL (.rtbw) or DTZ (.rtbz) one; empty when nothing is.
std::string table_header_problem(const std::filesystem::path& file, std::uint64_t size, const TableMaterial& material,
                                 bool wdl);

}  // namespace vireo
