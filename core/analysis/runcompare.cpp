// SPDX-License-Identifier: Apache-2.0
#include "runcompare.h"

#include "overview.h"

#include <QCoreApplication>

#include <map>
#include <set>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::RunCompare)
};

} // namespace

RankMapping RankMapping::byRankId(const Profile& base, const Profile& other)
{
    const int nBase = int(base.ranks.size());
    const int nOther = int(other.ranks.size());
    std::vector<int> map(std::size_t(nBase), -1);
    if (nOther == 0)
        return RankMapping(std::move(map));

    std::map<int, int> otherById; // first comparison rank of each known id
    for (int j = 0; j < nOther; ++j) {
        const int id = other.ranks[std::size_t(j)]->info.rankId;
        if (id >= 0)
            otherById.emplace(id, j);
    }
    std::vector<bool> taken(std::size_t(nOther), false);
    for (int i = 0; i < nBase; ++i) {
        const int id = base.ranks[std::size_t(i)]->info.rankId;
        const auto it = id >= 0 ? otherById.find(id) : otherById.end();
        if (it != otherById.end() && !taken[std::size_t(it->second)]) {
            map[std::size_t(i)] = it->second;
            taken[std::size_t(it->second)] = true;
        }
    }
    // Ranks without an equal id: the comparison ranks left over, in order.
    int next = 0;
    for (int i = 0; i < nBase; ++i) {
        if (map[std::size_t(i)] >= 0)
            continue;
        while (next < nOther && taken[std::size_t(next)])
            ++next;
        if (next < nOther) {
            map[std::size_t(i)] = next;
            taken[std::size_t(next)] = true;
        }
    }
    // A smaller comparison run: every base rank still gets a partner.
    for (int i = 0; i < nBase; ++i)
        if (map[std::size_t(i)] < 0)
            map[std::size_t(i)] = i % nOther;
    return RankMapping(std::move(map));
}

int RankMapping::baseFor(int otherIndex) const
{
    for (std::size_t i = 0; i < m_otherForBase.size(); ++i)
        if (m_otherForBase[i] == otherIndex && otherIndex >= 0)
            return int(i);
    return -1;
}

void RankMapping::set(int baseIndex, int otherIndex)
{
    if (baseIndex < 0)
        return;
    if (std::size_t(baseIndex) >= m_otherForBase.size())
        m_otherForBase.resize(std::size_t(baseIndex) + 1, -1);
    m_otherForBase[std::size_t(baseIndex)] = otherIndex < 0 ? -1 : otherIndex;
}

bool RankMapping::validFor(const Profile& base, const Profile& other) const
{
    if (m_otherForBase.size() != base.ranks.size())
        return false;
    for (int j : m_otherForBase)
        if (j < -1 || j >= int(other.ranks.size()))
            return false;
    return true;
}

QString RankMapping::toText(const Profile& base, const Profile& other) const
{
    QStringList parts;
    for (std::size_t i = 0; i < m_otherForBase.size() && i < base.ranks.size(); ++i) {
        const int j = m_otherForBase[i];
        if (j < 0 || std::size_t(j) >= other.ranks.size())
            continue;
        parts << QStringLiteral("%1:%2").arg(base.ranks[i]->info.rankId).arg(other.ranks[std::size_t(j)]->info.rankId);
    }
    return parts.join(QLatin1Char(','));
}

RankMapping RankMapping::parse(const QString& text, const Profile& base, const Profile& other, QString* error)
{
    auto indexOf = [](const Profile& p, int rankId) {
        for (std::size_t i = 0; i < p.ranks.size(); ++i)
            if (p.ranks[i]->info.rankId == rankId)
                return int(i);
        return -1;
    };
    RankMapping mapping(std::vector<int>(base.ranks.size(), -1));
    const QStringList entries = text.split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (const QString& raw : entries) {
        const QString entry = raw.trimmed();
        const QStringList ab = entry.split(QLatin1Char(':'));
        bool okA = false;
        bool okB = false;
        const int a = ab.size() == 2 ? ab[0].trimmed().toInt(&okA) : -1;
        const int b = ab.size() == 2 ? ab[1].trimmed().toInt(&okB) : -1;
        if (!okA || !okB) {
            if (error)
                *error = Tr::tr("\"%1\" is not a pair of rank ids (base:comparison)").arg(entry);
            return RankMapping(std::vector<int>(base.ranks.size(), -1));
        }
        const int i = indexOf(base, a);
        const int j = indexOf(other, b);
        if (i < 0 || j < 0) {
            if (error)
                *error = i < 0 ? Tr::tr("the base run has no rank %1").arg(a)
                               : Tr::tr("the comparison run has no rank %1").arg(b);
            return RankMapping(std::vector<int>(base.ranks.size(), -1));
        }
        mapping.set(i, j);
    }
    if (error)
        error->clear();
    return mapping;
}

QString mapStep(const QString& baseStep, const QStringList& baseSteps, const QStringList& otherSteps)
{
    if (baseStep.isEmpty())
        return {};
    if (otherSteps.contains(baseStep))
        return baseStep;
    const qsizetype pos = baseSteps.indexOf(baseStep);
    return pos >= 0 && pos < otherSteps.size() ? otherSteps[pos] : QString();
}

static QStringList computeProfileSteps(const Profile& profile)
{
    // Step markers are the host's ProfilerStep#N slices; the numeric order
    // is the execution order.
    std::set<std::pair<qint64, QString>> ordered;
    for (const auto& rank : profile.ranks) {
        for (const StepOverview& s : rankOverview(*rank)->steps) {
            if (s.step.isEmpty())
                continue;
            bool ok = false;
            const qint64 n = s.step.toLongLong(&ok);
            ordered.insert({ ok ? n : 0, s.step });
        }
    }
    QStringList steps;
    for (const auto& [n, name] : ordered)
        if (!steps.contains(name))
            steps << name;
    return steps;
}

// Once per profile (the window's step selector asks when a profile arrives;
// the load job asks first).
QStringList profileSteps(const Profile& profile)
{
    return *profile.memo.get<QStringList>(QStringLiteral("profileSteps"), [&profile] { return computeProfileSteps(profile); });
}

} // namespace profscope
