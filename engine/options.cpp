#include "options.h"

#include <algorithm>
#include <cctype>

#include "movegen/text.h"

namespace vireo {

namespace {
bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

Options::Option make(std::string name, Options::Type type, std::string defaultValue) {
    Options::Option o;
    o.name = std::move(name);
    o.type = type;
    o.defaultValue = std::move(defaultValue);
    return o;
}

}  // namespace

void Options::add_spin(std::string name, std::int64_t def, std::int64_t min, std::int64_t max,
                       std::function<void(std::int64_t)> set) {
    Option o = make(std::move(name), Type::Spin, std::to_string(def));
    o.min = min;
    o.max = max;
    o.setSpin = std::move(set);
    options.push_back(std::move(o));
}
void Options::add_check(std::string name, bool def, std::function<void(bool)> set) {
    Option o = make(std::move(name), Type::Check, def ? "true" : "false");
    o.setCheck = std::move(set);
    options.push_back(std::move(o));
}
void Options::add_button(std::string name, std::function<void()> press) {
    Option o = make(std::move(name), Type::Button, "");
    o.press = std::move(press);
    options.push_back(std::move(o));
}
void Options::add_string(std::string name, std::string def, std::function<void(const std::string&)> set) {
    Option o = make(std::move(name), Type::String, std::move(def));
    o.setString = std::move(set);
    options.push_back(std::move(o));
}

std::vector<std::string> Options::uci_lines() const {
    std::vector<std::string> lines;
    for (const Option& o : options) {
        std::string l = "option name " + o.name + " type ";
        switch (o.type) {
        case Type::Spin:
            l += "spin default " + o.defaultValue + " min " + std::to_string(o.min) + " max " + std::to_string(o.max);
            break;
        case Type::Check: l += "check default " + o.defaultValue; break;
        case Type::Button: l += "button"; break;
        case Type::String:
            l += "string default " + (o.defaultValue.empty() ? std::string("<empty>") : o.defaultValue);
            break;
        }
        lines.push_back(std::move(l));
    }
    return lines;
}

Options::Option* Options::find(std::string_view name) {
    for (Option& o : options)
        if (iequals(o.name, name)) return &o;
    return nullptr;
}

std::string Options::set(std::string_view name, std::string_view value) {
    Option* o = find(name);
    if (!o) return "unknown option '" + std::string(name) + "'";
    switch (o->type) {
    case Type::Spin: {
        // Refused, as Stockfish refuses it, when not a whole number from min to max (a number past
        // 64 bits included): the option keeps its value. Clamping would make `Threads 100000` start
        // 256 threads on any machine.
        const IntReading r = read_int(value, o->min, o->max);
        if (!r) {
            const std::string shown = value.size() > 32 ? std::string(value.substr(0, 32)) + "..." : std::string(value);
            const std::string range = std::to_string(o->min) + " to " + std::to_string(o->max);
            return "option " + o->name +
                   (r.status == IntReading::NOT_A_NUMBER ? " needs a number from " + range + ", not '" + shown + "'"
                                                         : " value " + shown + " is out of range " + range) +
                   "; unchanged";
        }
        o->setSpin(r.value);
        break;
    }
    case Type::Check:
        if (iequals(value, "true")) o->setCheck(true);
        else if (iequals(value, "false")) o->setCheck(false);
        else return "option " + o->name + " needs true or false, not '" + std::string(value) + "'";
        break;
    case Type::Button: o->press(); break;
    case Type::String: o->setString(value == "<empty>" ? "" : std::string(value)); break;
    }
    return {};
}

}  // namespace vireo
