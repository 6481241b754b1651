// SPDX-License-Identifier: Apache-2.0
#pragma once

// Operator comparison of two ranks or two runs. Kernels are paired by
// sequence alignment (longest common subsequence per stream), not by name
// and k-th occurrence: one inserted or missing op must not shift every
// later pair.

#include "../model/tables.h"

#include <QString>

#include <vector>

namespace profscope {

enum class CompareKey {
    TypeAndShape, // op type + normalised input shapes (survives renamed/renumbered op names)
    Name,         // full op name
};

struct CompareOptions
{
    CompareKey key = CompareKey::TypeAndShape;
    // Upper bound on the steps (path ends and snake moves) of the alignment
    // over all streams.
    // Myers' algorithm is O((N+M)·D): when two streams have almost nothing
    // in common D approaches N and the cost N²; past the budget the rest of
    // a block is aligned by a greedy windowed walk (not optimal; and
    // OperatorComparison::truncated is set) rather than hanging the viewer.
    // The default is about a second of work.
    qint64 maxWork = 200'000'000;
};

struct MatchedOp
{
    qint64 baseIndex = -1;  // row in the base KernelTable
    qint64 otherIndex = -1; // row in the other KernelTable
    TimeNs deltaNs = 0;     // other duration - base duration
};

struct StreamPairing
{
    qint64 baseStream = -1;  // -1: this stream exists only in the other run
    qint64 otherStream = -1; // -1: only in the base run
    qint64 baseKernels = 0;
    qint64 otherKernels = 0;
    qint64 matched = 0;
};

struct TypeDelta
{
    QString type;
    qint64 baseCount = 0;  // all kernels of the type, matched or not
    qint64 otherCount = 0;
    qint64 matchedCount = 0;
    TimeNs baseTotalNs = 0;
    TimeNs otherTotalNs = 0;

    TimeNs deltaNs() const
    {
        return otherTotalNs - baseTotalNs;
    }
    // NaN when the base has no time for the type.
    double deltaPercent() const
    {
        return baseTotalNs ? 100.0 * double(deltaNs()) / double(baseTotalNs) : kNoValue;
    }
};

struct OperatorComparison
{
    std::vector<MatchedOp> matched;   // sorted by base index
    std::vector<qint64> onlyBase;     // base rows without a partner, ascending
    std::vector<qint64> onlyOther;    // other rows without a partner, ascending
    std::vector<StreamPairing> streams;
    std::vector<TypeDelta> byType;    // sorted by |delta| descending, then type
    bool streamsMatchedById = true;   // false: ids differ, streams paired by order of first kernel
    bool truncated = false;           // maxWork was reached somewhere
};

OperatorComparison compareOperators(const KernelTable& base, const KernelTable& other, const CompareOptions& options = {});

// Low-level: the matched index pairs of a longest common subsequence of a and
// b (linear-space Myers diff). Public for tests. `work` is decremented by the
// steps taken; when it runs out, the remaining blocks are aligned greedily
// and *truncated is set.
std::vector<std::pair<qint64, qint64>> longestCommonSubsequence(const std::vector<std::uint32_t>& a,
                                                                const std::vector<std::uint32_t>& b, qint64& work,
                                                                bool* truncated = nullptr);

} // namespace profscope
