// The registry of UCI options: declared once with their name, type, default and bounds; set by name,
// case-insensitively, from `setoption`. Each option hands its new value, typed, to a setter (which
// stores it in the engine's settings); nothing reads an option back by name.
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
        Type type = Type::Button;
        std::string defaultValue;  // as text ("true"/"false" for Check)
        std::int64_t min = 0, max = 0;
        // Exactly one is set, by type; called with the new value when the option is set (a button
        // when pressed).
        std::function<void(std::int64_t)> setSpin;
        std::function<void(bool)> setCheck;
        std::function<void()> press;
        std::function<void(const std::string&)> setString;
    };

    void add_spin(std::string name, std::int64_t def, std::int64_t min, std::int64_t max,
                  std::function<void(std::int64_t)> set);
    void add_check(std::string name, bool def, std::function<void(bool)> set);
    void add_button(std::string name, std::function<void()> press);
    void add_string(std::string name, std::string def, std::function<void(const std::string&)> set);

    // The `option name ... type ...` lines of the UCI handshake.
    std::vector<std::string> uci_lines() const;

    // Sets an option from a `setoption` command's name and value. A string option's `<empty>` (UCI's
    // word for the empty string, as the handshake shows it) sets it empty. Returns a message for the
    // user when something was wrong (unknown name; a bad value, or a spin value out of range, which
    // is refused: the option keeps its value), empty otherwise.
    std::string set(std::string_view name, std::string_view value);

private:
    Option* find(std::string_view name);
    std::vector<Option> options;
};

}  // namespace vireo
