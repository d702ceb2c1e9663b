#include "text.h"

#include <charconv>

namespace vireo {

namespace {

bool is_separator(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r' || c == '\0';
}

}  // namespace

std::vector<std::string_view> tokenize(std::string_view text) {
    std::vector<std::string_view> words;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && is_separator(text[i])) ++i;
        std::size_t j = i;
        while (j < text.size() && !is_separator(text[j])) ++j;
        if (j > i) words.push_back(text.substr(i, j - i));
        i = j;
    }
    return words;
}

IntReading read_int(std::string_view text, std::int64_t min, std::int64_t max) {
    std::int64_t value = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ptr != end || (ec != std::errc() && ec != std::errc::result_out_of_range)) return {};
    // A whole number: from_chars read every character (out of range: too many digits for 64 bits).
    const bool negative = text[0] == '-';
    if (ec == std::errc::result_out_of_range)
        return negative ? IntReading{IntReading::BELOW, min} : IntReading{IntReading::ABOVE, max};
    if (value < min) return {IntReading::BELOW, min};
    if (value > max) return {IntReading::ABOVE, max};
    return {IntReading::OK, value};
}

}  // namespace vireo
