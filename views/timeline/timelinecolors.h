// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "colorrules.h"
#include "model/stringpool.h"
#include "sliceclass.h"

#include <QColor>
#include <QCoreApplication>
#include <QPalette>
#include <QString>

#include <array>
#include <string_view>
#include <vector>

namespace profscope {

class TimelineModel;

class TimelineColors
{
    Q_DECLARE_TR_FUNCTIONS(TimelineColors)
public:
    TimelineColors();

    static QString className(SliceClass c);
    static QString settingsKey(SliceClass c);
    static QColor defaultColor(SliceClass c);

    // User colours come from and go to QSettings ("timeline/colors/<class>").
    void loadSettings();
    QColor baseColor(SliceClass c) const
    {
        return m_base[std::size_t(c)];
    }
    void setBaseColor(SliceClass c, const QColor& color, bool save = true);
    void resetDefaults(bool save = true);

    void setPalette(const QPalette& palette);
    bool isDark() const
    {
        return m_dark;
    }

    // The fill of a slice named `name` in family `c`.
    QRgb sliceColor(SliceClass c, std::string_view name) const;
    static QColor textColorOn(QRgb fill);
    // A stable colour for a flow category.
    QColor flowColor(const QString& category) const;

    // The family of a slice by its name, for lanes that mix families (device streams).
    static SliceClass classifyName(std::string_view name);
    // The family of a device task type ("AI_CORE", "Notify Wait", ...); -1 when it says nothing.
    static int classifyTaskType(std::string_view taskType);

    // The user's rules over the family colours (names or families to colours).
    ColorRules& rules()
    {
        return m_rules;
    }
    const ColorRules& rules() const
    {
        return m_rules;
    }

private:
    std::array<QColor, kSliceClassCount> m_base;
    bool m_dark = false;
    ColorRules m_rules;
};

} // namespace profscope
