// SPDX-License-Identifier: Apache-2.0
// Wording shared by the advice engine's rule files (advice.cpp, rootcause.cpp):
// one translation context, one way to write a duration, a share and a rank list.
// Internal to core/analysis.
#pragma once

#include <QCoreApplication>
#include <QList>
#include <QString>
#include <QStringList>

#include "../model/rank.h"

namespace profscope::advice {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::Advice)
};

inline QString us(double ns)
{
    return Tr::tr("%1 µs").arg(ns / 1000.0, 0, 'f', 1);
}

inline QString percent(double ratio)
{
    return Tr::tr("%1%").arg(ratio * 100.0, 0, 'f', 1);
}

inline QString rankList(const QList<int>& ids, int max = 8)
{
    QStringList parts;
    for (int i = 0; i < ids.size() && i < max; ++i)
        parts << rankIdText(ids[i]);
    if (ids.size() > max)
        parts << Tr::tr("… (%n more)", "", int(ids.size() - max));
    return parts.join(QStringLiteral(", "));
}

} // namespace profscope::advice
