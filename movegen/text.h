// Words and numbers read from text, the one way every layer reads them: FEN fields, UCI commands and
// option values, the command line's arguments.
#pragma once

#include <cstdint>
#include <limits>
#include <string_view>
#include <vector>

namespace vireo {

// The words of `text`, in order, as views into it: the runs of characters between separators. A
// separator is a space, \t, \n, \v, \f, \r or a NUL byte.
std::vector<std::string_view> tokenize(std::string_view text);

// What read_int made of a text.
struct IntReading {
    enum Status { OK, NOT_A_NUMBER, BELOW, ABOVE };
    Status status = NOT_A_NUMBER;
    // OK: the number; BELOW: min; ABOVE: max (the bound it passed, for callers that clamp); NOT_A_NUMBER: 0.
    std::int64_t value = 0;
    explicit operator bool() const { return status == OK; }
};

// Reads the whole of `text` as a decimal integer from min to max. A number is an optional '-' and one
// or more digits 0-9, nothing else: no '+', no spaces, no trailing characters. A number below min or
// above max is BELOW or ABOVE, also when it does not fit in 64 bits; anything else is NOT_A_NUMBER
// (the empty text too).
IntReading read_int(std::string_view text, std::int64_t min = std::numeric_limits<std::int64_t>::min(),
                    std::int64_t max = std::numeric_limits<std::int64_t>::max());

}  // namespace vireo
