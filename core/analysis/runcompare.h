// SPDX-License-Identifier: Apache-2.0
#pragma once

// Two runs side by side: which rank of the comparison run stands for which
// rank of the base run, and which step of the comparison run is "the same
// step". Both are explicit and editable (the user may compare rank 3 of an
// 8-card run with rank 0 of a 2-card run); the defaults below are what a
// user would pick by hand.

#include "../model/profile.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace profscope {

// Base rank index -> comparison rank index (indexes into Profile::ranks),
// -1 = the base rank has no partner. One comparison rank may stand for
// several base ranks (a 2-card run against an 8-card run).
class RankMapping
{
public:
    RankMapping() = default;
    explicit RankMapping(std::vector<int> otherForBase)
        : m_otherForBase(std::move(otherForBase))
    {
    }

    // The default: equal rank ids first; base ranks left over take the
    // comparison ranks left over in order; when the comparison run has fewer
    // ranks, the rest map onto its ranks round-robin (base rank k -> k mod N)
    // so that every base rank has a partner.
    static RankMapping byRankId(const Profile& base, const Profile& other);

    int baseRanks() const
    {
        return int(m_otherForBase.size());
    }
    // -1 when out of range or unmapped.
    int otherFor(int baseIndex) const
    {
        return baseIndex >= 0 && baseIndex < baseRanks() ? m_otherForBase[std::size_t(baseIndex)] : -1;
    }
    // The first base rank mapped to otherIndex, -1 when none.
    int baseFor(int otherIndex) const;
    void set(int baseIndex, int otherIndex);
    const std::vector<int>& pairs() const
    {
        return m_otherForBase;
    }
    // Only pairs whose indexes exist in both profiles.
    bool validFor(const Profile& base, const Profile& other) const;

    // "base rank id:comparison rank id" pairs, comma-separated ("0:0,1:0"),
    // by rank id as the user sees them; parse() reports the first bad entry
    // in *error and leaves ranks not named at -1.
    QString toText(const Profile& base, const Profile& other) const;
    static RankMapping parse(const QString& text, const Profile& base, const Profile& other, QString* error);

    bool operator==(const RankMapping& o) const
    {
        return m_otherForBase == o.m_otherForBase;
    }

private:
    std::vector<int> m_otherForBase;
};

// The comparison run's step standing for baseStep: the same step name when
// the comparison run has it, else the step at the same position (step 3 of
// the base and step 12 of the comparison when both runs profiled steps
// 1..5 and 10..14), else "" (all steps). "" maps to "".
QString mapStep(const QString& baseStep, const QStringList& baseSteps, const QStringList& otherSteps);

// The step names of a profile in execution order, as the pages list them
// (numeric order of the ProfilerStep numbers, over all ranks).
QStringList profileSteps(const Profile& profile);

} // namespace profscope
