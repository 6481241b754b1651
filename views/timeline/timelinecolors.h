// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "model/stringpool.h"

#include <QColor>
#include <QCoreApplication>
#include <QPalette>
#include <QString>

#include <array>
#include <string_view>
#include <vector>

namespace profscope {

class TimelineModel;

// What a slice is for the user: the colour family it gets. Names hash to a
// stable tone inside their family so that the same kernel has the same
// colour on every rank and every run, while host, compute, communication and
// idle time stay apart at a glance.
enum class SliceClass : std::uint8_t
{
    Host,
    Compute,
    Communication,
    Free,
    Counter
};
inline constexpr int kSliceClassCount = 5;

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

private:
    std::array<QColor, kSliceClassCount> m_base;
    bool m_dark = false;
};

} // namespace profscope
