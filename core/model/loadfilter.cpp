// SPDX-License-Identifier: Apache-2.0
#include "loadfilter.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::LoadFilter)
};

std::optional<qint64> parseNonNegative(const QString& text)
{
    bool ok = false;
    const qint64 v = text.trimmed().toLongLong(&ok);
    if (!ok || v < 0 || text.trimmed().startsWith(QLatin1Char('+')))
        return std::nullopt;
    return v;
}

// "A-B" or "A" into an inclusive range.
bool parseRange(const QString& item, qint64& first, qint64& last)
{
    const QString t = item.trimmed();
    const qsizetype dash = t.indexOf(QLatin1Char('-'), 1); // a leading '-' is a sign, rejected below
    if (dash < 0) {
        const auto v = parseNonNegative(t);
        if (!v)
            return false;
        first = last = *v;
        return true;
    }
    const auto a = parseNonNegative(t.left(dash));
    const auto b = parseNonNegative(t.mid(dash + 1));
    if (!a || !b)
        return false;
    first = *a;
    last = *b;
    return true;
}

template<typename Int>
QString formatIds(const std::vector<Int>& ids)
{
    QStringList parts;
    for (std::size_t i = 0; i < ids.size();) {
        std::size_t j = i;
        while (j + 1 < ids.size() && ids[j + 1] == ids[j] + 1)
            ++j;
        parts << (j == i ? QString::number(ids[i])
                         : QStringLiteral("%1\u2013%2").arg(ids[i]).arg(ids[j]));
        i = j + 1;
    }
    return parts.join(QStringLiteral(", "));
}

} // namespace

bool LoadFilter::keepsRank(int rankId) const
{
    return !hasRanks() || std::binary_search(rankIds.begin(), rankIds.end(), rankId);
}

std::optional<std::vector<int>> parseIdList(const QString& text, QString* error, int maxCount)
{
    auto fail = [&](const QString& message) -> std::optional<std::vector<int>> {
        if (error)
            *error = message;
        return std::nullopt;
    };
    if (text.trimmed().isEmpty())
        return fail(Tr::tr("empty list: give ids such as 0-7,12"));
    std::vector<int> ids;
    for (const QString& item : text.split(QLatin1Char(','))) {
        qint64 first = 0, last = 0;
        if (!parseRange(item, first, last))
            return fail(Tr::tr("\"%1\" is not an id or a range A-B of non-negative whole numbers (in \"%2\")")
                            .arg(item.trimmed(), text));
        if (last < first)
            return fail(Tr::tr("the range \"%1\" ends before it starts").arg(item.trimmed()));
        if (last > std::numeric_limits<int>::max() || last - first + 1 > maxCount
            || qint64(ids.size()) + (last - first + 1) > maxCount)
            return fail(Tr::tr("\"%1\" names too many ids (at most %2)").arg(item.trimmed()).arg(maxCount));
        for (qint64 v = first; v <= last; ++v)
            ids.push_back(int(v));
    }
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    return ids;
}

bool parseStepWindow(const QString& text, qint64& first, qint64& last, QString* error)
{
    qint64 a = 0, b = 0;
    if (text.contains(QLatin1Char(',')) || !parseRange(text, a, b)) {
        if (error)
            *error = Tr::tr("\"%1\" is not a step number N or a step range A-B (non-negative whole numbers)")
                         .arg(text.trimmed());
        return false;
    }
    if (b < a) {
        if (error)
            *error = Tr::tr("the step range \"%1\" ends before it starts").arg(text.trimmed());
        return false;
    }
    first = a;
    last = b;
    return true;
}

QString formatIdList(const std::vector<int>& ids)
{
    return formatIds(ids);
}

QString formatIdList(const std::vector<qint64>& ids)
{
    return formatIds(ids);
}

QString PartialProfile::describe(int ranksLoaded) const
{
    if (!isPartial())
        return {};
    QStringList parts;
    if (filter.hasSteps()) {
        const QString asked = filter.firstStep == filter.lastStep
            ? Tr::tr("step %1").arg(filter.firstStep)
            : Tr::tr("steps %1\u2013%2").arg(filter.firstStep).arg(filter.lastStep);
        parts << (stepsFound.empty() ? Tr::tr("%1 (no step markers found)").arg(asked)
                      : stepsSought
                      ? Tr::tr("%1 (steps met while seeking the markers: %2)").arg(asked, formatIdList(stepsFound))
                      : Tr::tr("%1 of %2").arg(asked, formatIdList(stepsFound)));
    }
    if (filter.hasRanks())
        parts << Tr::tr("ranks %1 of %2 (%3 loaded)").arg(formatIdList(filter.rankIds)).arg(ranksFound).arg(ranksLoaded);
    return parts.join(QStringLiteral(", "));
}

} // namespace profscope
