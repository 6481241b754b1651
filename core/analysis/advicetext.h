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
#include "advice.h"

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

// A rank without an id is named by its place ("#3"), as everywhere else.
inline QString rankList(const QList<RankRef>& ranks, int max = 8)
{
    QStringList parts;
    for (int i = 0; i < ranks.size() && i < max; ++i)
        parts << rankText(ranks[i].id, ranks[i].index);
    if (ranks.size() > max)
        parts << Tr::tr("… (%n more)", "", int(ranks.size() - max));
    return parts.join(QStringLiteral(", "));
}

} // namespace profscope::advice
