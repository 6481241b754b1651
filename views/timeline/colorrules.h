// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "sliceclass.h"

#include <QByteArray>
#include <QColor>
#include <QCoreApplication>
#include <QRegularExpression>
#include <QRgb>
#include <QString>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace profscope {

// One user colour rule: slices whose name matches a regular expression, or
// whose family (SliceClass) is a category, are filled with `color`.
struct ColorRule
{
    enum class Kind : std::uint8_t
    {
        Regex,
        Category
    };
    Kind kind = Kind::Regex;
    // A regular expression (case-insensitive, matched anywhere in the name),
    // or a category key ("host", "compute", "communication", "free").
    QString pattern;
    QColor color;
    bool enabled = true;

    friend bool operator==(const ColorRule&, const ColorRule&) = default;
};

// The user's colour rules, in order: the first enabled rule that matches a
// slice wins; slices no rule matches keep their family colour. Kept in
// QSettings as the same JSON text that Export writes.
class ColorRules
{
    Q_DECLARE_TR_FUNCTIONS(ColorRules)
public:
    static constexpr int kVersion = 1;
    static constexpr const char* kFormat = "profscope-color-rules";
    static QString settingsKey()
    {
        return QStringLiteral("timeline/colorRules");
    }

    // The families a category rule can name (counters are no slices).
    static std::vector<SliceClass> categories();
    static QString categoryKey(SliceClass c);
    // -1 when `key` names no category.
    static int categoryFromKey(const QString& key);

    // Why a rule cannot be used; empty when it can.
    static QString problem(const ColorRule& rule);

    // Replaces the rules when every one is usable; otherwise keeps the old
    // ones and says which rule is wrong (1-based, as the editor numbers them).
    bool setRules(const std::vector<ColorRule>& rules, QString* error = nullptr);
    const std::vector<ColorRule>& rules() const
    {
        return m_rules;
    }
    // Bumped on every change: per-name colour caches compare it.
    std::uint64_t generation() const
    {
        return m_generation;
    }
    bool hasEnabledRegex() const
    {
        return m_hasEnabledRegex;
    }

    // The first enabled regex rule matching `name`, -1 when none. Costly
    // (one regex per rule): callers cache it per interned name.
    int firstRegexMatch(std::string_view name) const;
    // The winner among the first regex match (-1: none) and the category rules of `c`.
    int winner(int regexMatch, SliceClass c) const
    {
        const int cat = m_categoryRule[std::size_t(c)];
        if (regexMatch < 0)
            return cat;
        return cat < 0 ? regexMatch : std::min(regexMatch, cat);
    }
    // Everything in one call (tests, tooltips); the renderer caches instead.
    int match(std::string_view name, SliceClass c) const
    {
        return winner(firstRegexMatch(name), c);
    }
    QRgb colorOf(int rule) const
    {
        return m_rules[std::size_t(rule)].color.rgb();
    }
    // How many regular expression matches ran, to check that caches hold.
    std::int64_t regexEvaluations() const
    {
        return m_regexEvaluations;
    }

    // {"format": "profscope-color-rules", "version": 1, "rules": [{"kind": "regex"|"category",
    //  "pattern": "...", "color": "#rrggbb", "enabled": true}, ...]}
    static QByteArray toJson(const std::vector<ColorRule>& rules);
    // False (and `error` says what and where) when the text is no rule list
    // of this version; nothing is half read.
    static bool fromJson(const QByteArray& json, std::vector<ColorRule>* rules, QString* error);

    // Settings: broken settings text is ignored (a warning), never half applied.
    void loadSettings();
    void saveSettings() const;

private:
    std::vector<ColorRule> m_rules;
    std::vector<QRegularExpression> m_regex; // per rule; invalid for category rules
    std::array<int, kSliceClassCount> m_categoryRule {};
    bool m_hasEnabledRegex = false;
    std::uint64_t m_generation = 0;
    mutable std::int64_t m_regexEvaluations = 0;
};

} // namespace profscope
