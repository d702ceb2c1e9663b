// UCI options: declared once with their type, default and bounds; set by name, case-insensitively.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace vireo {

class Options {
public:
    enum class Type { Spin, Check, Button, String };
    struct Option {
        std::string name;
        Type type;
        std::string value;  // current value as text ("true"/"false" for Check)
        std::string defaultValue;
        std::int64_t min = 0, max = 0;
        std::function<void(const Option&)> onChange;  // called after a change (and for buttons)
    };

    void add_spin(std::string name, std::int64_t def, std::int64_t min, std::int64_t max,
                  std::function<void(const Option&)> onChange = {});
    void add_check(std::string name, bool def, std::function<void(const Option&)> onChange = {});
    void add_button(std::string name, std::function<void(const Option&)> onChange);
    void add_string(std::string name, std::string def, std::function<void(const Option&)> onChange = {});

    // The `option name ... type ...` lines of the UCI handshake.
    std::vector<std::string> uci_lines() const;

    // Sets an option from a `setoption` command's name and value. Returns a message for the user when
    // something was wrong (unknown name, bad or clamped value), empty otherwise.
    std::string set(std::string_view name, std::string_view value);

    std::int64_t spin(std::string_view name) const;
    bool check(std::string_view name) const;
    const std::string& string(std::string_view name) const;

private:
    Option* find(std::string_view name);
    const Option* find(std::string_view name) const;
    std::vector<Option> options;
};

}  // namespace vireo
