// SPDX-License-Identifier: Apache-2.0
#include "compare.h"

#include "../model/timebounds.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <unordered_map>

namespace profscope {

namespace {

struct Block
{
    qint64 aLo, aHi, bLo, bHi;
};

// Myers' middle snake (the bisection of diff-match-patch): walks forward and
// backward D-paths until they overlap and returns a point on an optimal
// path, so the two halves can be solved independently in linear space.
// Returns false when there is no common element or the work budget ran out.
bool middleSnake(const std::uint32_t* a, qint64 n, const std::uint32_t* b, qint64 m, std::vector<qint64>& v1,
                 std::vector<qint64>& v2, qint64& work, qint64& splitX, qint64& splitY, bool& outOfWork)
{
    const qint64 maxD = (n + m + 1) / 2;
    const qint64 offset = maxD;
    const qint64 vLen = 2 * maxD + 2; // +2: k = ±d reads its neighbours
    v1.assign(std::size_t(vLen), -1);
    v2.assign(std::size_t(vLen), -1);
    v1[std::size_t(offset + 1)] = 0;
    v2[std::size_t(offset + 1)] = 0;
    const qint64 delta = n - m;
    const bool front = (delta % 2) != 0; // odd: the forward walk meets the reverse one
    qint64 k1start = 0, k1end = 0, k2start = 0, k2end = 0;
    for (qint64 d = 0; d < maxD; ++d) {
        if (work <= 0) {
            outOfWork = true;
            return false;
        }
        for (qint64 k1 = -d + k1start; k1 <= d - k1end; k1 += 2) {
            const qint64 k1off = offset + k1;
            qint64 x1 = (k1 == -d || (k1 != d && v1[std::size_t(k1off - 1)] < v1[std::size_t(k1off + 1)]))
                ? v1[std::size_t(k1off + 1)]
                : v1[std::size_t(k1off - 1)] + 1;
            qint64 y1 = x1 - k1;
            const qint64 snakeStart1 = x1;
            while (x1 < n && y1 < m && a[x1] == b[y1]) {
                ++x1;
                ++y1;
            }
            work -= 1 + x1 - snakeStart1;
            v1[std::size_t(k1off)] = x1;
            if (x1 > n) {
                k1end += 2;
            } else if (y1 > m) {
                k1start += 2;
            } else if (front) {
                const qint64 k2off = offset + delta - k1;
                if (k2off >= 0 && k2off < vLen && v2[std::size_t(k2off)] != -1) {
                    if (x1 >= n - v2[std::size_t(k2off)]) {
                        splitX = x1;
                        splitY = y1;
                        return true;
                    }
                }
            }
        }
        for (qint64 k2 = -d + k2start; k2 <= d - k2end; k2 += 2) {
            const qint64 k2off = offset + k2;
            qint64 x2 = (k2 == -d || (k2 != d && v2[std::size_t(k2off - 1)] < v2[std::size_t(k2off + 1)]))
                ? v2[std::size_t(k2off + 1)]
                : v2[std::size_t(k2off - 1)] + 1;
            qint64 y2 = x2 - k2;
            const qint64 snakeStart2 = x2;
            while (x2 < n && y2 < m && a[n - x2 - 1] == b[m - y2 - 1]) {
                ++x2;
                ++y2;
            }
            work -= 1 + x2 - snakeStart2;
            v2[std::size_t(k2off)] = x2;
            if (x2 > n) {
                k2end += 2;
            } else if (y2 > m) {
                k2start += 2;
            } else if (!front) {
                const qint64 k1off = offset + delta - k2;
                if (k1off >= 0 && k1off < vLen && v1[std::size_t(k1off)] != -1) {
                    const qint64 x1 = v1[std::size_t(k1off)];
                    const qint64 y1 = offset + x1 - k1off;
                    if (x1 >= n - x2) {
                        splitX = x1;
                        splitY = y1;
                        return true;
                    }
                }
            }
        }
    }
    return false;
}

// Fallback once the work budget is spent: a monotone greedy walk that pairs
// equal keys and, on a mismatch, skips to the nearer re-synchronisation
// point within a small window. Not optimal, but O((N+M)·window) and it keeps
// the common runs of two diverged sequences paired instead of none at all.
void greedyAlign(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b, qint64 i, qint64 aHi,
                 qint64 j, qint64 bHi, std::vector<std::pair<qint64, qint64>>& pairs)
{
    constexpr qint64 kWindow = 64;
    while (i < aHi && j < bHi) {
        if (a[std::size_t(i)] == b[std::size_t(j)]) {
            pairs.emplace_back(i++, j++);
            continue;
        }
        qint64 skipB = -1, skipA = -1; // distance to a[i] in b, to b[j] in a
        for (qint64 d = 1; d <= kWindow && (skipB < 0 || skipA < 0); ++d) {
            if (skipB < 0 && j + d < bHi && b[std::size_t(j + d)] == a[std::size_t(i)])
                skipB = d;
            if (skipA < 0 && i + d < aHi && a[std::size_t(i + d)] == b[std::size_t(j)])
                skipA = d;
        }
        if (skipB < 0 && skipA < 0) {
            ++i;
            ++j;
        } else if (skipA < 0 || (skipB >= 0 && skipB <= skipA)) {
            j += skipB;
        } else {
            i += skipA;
        }
    }
}

// Spaces and quotes vary between writers of the same shapes.
std::string normalisedShapes(std::string_view s)
{
    std::string out;
    out.reserve(s.size());
    for (char c : s)
        if (c != ' ' && c != '"' && c != '\'' && c != '\t')
            out.push_back(c);
    return out;
}

// Alignment keys as small integers shared by both tables (the string pools
// of two runs are unrelated).
class KeyInterner
{
public:
    explicit KeyInterner(CompareKey key) : m_key(key) { }

    std::uint32_t key(const KernelTable& k, std::size_t row)
    {
        std::string text;
        if (m_key == CompareKey::Name) {
            text = std::string(k.strings.view(k.name[row]));
        } else {
            text = std::string(k.strings.view(k.type[row]));
            text.push_back('\x1f');
            if (row < k.inputShapes.size())
                text += normalisedShapes(k.strings.view(k.inputShapes[row]));
        }
        const auto [it, inserted] = m_ids.try_emplace(std::move(text), std::uint32_t(m_ids.size()));
        return it->second;
    }

private:
    CompareKey m_key;
    std::unordered_map<std::string, std::uint32_t> m_ids;
};

struct Stream
{
    qint64 id = -1;
    std::vector<qint64> rows; // in start-time order
};

std::vector<Stream> streamsOf(const KernelTable& k)
{
    std::map<qint64, Stream> byId;
    for (std::size_t i = 0; i < k.size(); ++i) {
        const qint64 id = i < k.streamId.size() ? k.streamId[i] : -1;
        Stream& s = byId[id];
        s.id = id;
        s.rows.push_back(qint64(i));
    }
    std::vector<Stream> out;
    for (auto& [id, s] : byId) {
        std::stable_sort(s.rows.begin(), s.rows.end(),
                         [&k](qint64 x, qint64 y) { return k.startNs[std::size_t(x)] < k.startNs[std::size_t(y)]; });
        out.push_back(std::move(s));
    }
    return out;
}

} // namespace

std::vector<std::pair<qint64, qint64>> longestCommonSubsequence(const std::vector<std::uint32_t>& a,
                                                                const std::vector<std::uint32_t>& b, qint64& work,
                                                                bool* truncated)
{
    std::vector<std::pair<qint64, qint64>> pairs;
    std::vector<qint64> v1, v2;
    // An explicit stack: recursion depth is not bounded for adversarial input.
    std::vector<Block> stack { { 0, qint64(a.size()), 0, qint64(b.size()) } };
    while (!stack.empty()) {
        Block blk = stack.back();
        stack.pop_back();
        // Common prefix and suffix are matched without any search; for two
        // runs of the same model they are most of the sequence.
        while (blk.aLo < blk.aHi && blk.bLo < blk.bHi && a[std::size_t(blk.aLo)] == b[std::size_t(blk.bLo)])
            pairs.emplace_back(blk.aLo++, blk.bLo++);
        while (blk.aLo < blk.aHi && blk.bLo < blk.bHi && a[std::size_t(blk.aHi - 1)] == b[std::size_t(blk.bHi - 1)])
            pairs.emplace_back(--blk.aHi, --blk.bHi);
        const qint64 n = blk.aHi - blk.aLo;
        const qint64 m = blk.bHi - blk.bLo;
        if (n == 0 || m == 0)
            continue;
        qint64 x = 0, y = 0;
        bool outOfWork = false;
        if (!middleSnake(a.data() + blk.aLo, n, b.data() + blk.bLo, m, v1, v2, work, x, y, outOfWork)) {
            if (outOfWork) {
                if (truncated)
                    *truncated = true;
                greedyAlign(a, b, blk.aLo, blk.aHi, blk.bLo, blk.bHi, pairs);
            }
            continue; // otherwise nothing in common: all unmatched
        }
        if ((x == 0 && y == 0) || (x == n && y == m))
            continue; // cannot happen after prefix/suffix stripping; guards against a loop
        stack.push_back({ blk.aLo + x, blk.aHi, blk.bLo + y, blk.bHi });
        stack.push_back({ blk.aLo, blk.aLo + x, blk.bLo, blk.bLo + y });
    }
    std::sort(pairs.begin(), pairs.end());
    return pairs;
}

OperatorComparison compareOperators(const KernelTable& base, const KernelTable& other, const CompareOptions& options)
{
    OperatorComparison result;
    const std::vector<Stream> baseStreams = streamsOf(base);
    const std::vector<Stream> otherStreams = streamsOf(other);

    // Pair streams by id when both runs use the same ids; otherwise (another
    // launch may number streams differently) by order of first kernel.
    std::vector<std::pair<int, int>> pairing; // indices into the stream lists, -1 for none
    bool sameIds = baseStreams.size() == otherStreams.size();
    for (std::size_t i = 0; sameIds && i < baseStreams.size(); ++i)
        sameIds = baseStreams[i].id == otherStreams[i].id;
    result.streamsMatchedById = sameIds;
    if (sameIds) {
        for (std::size_t i = 0; i < baseStreams.size(); ++i)
            pairing.emplace_back(int(i), int(i));
    } else {
        auto byFirstKernel = [](const KernelTable& k, const std::vector<Stream>& streams) {
            std::vector<int> order(streams.size());
            for (std::size_t i = 0; i < order.size(); ++i)
                order[i] = int(i);
            std::stable_sort(order.begin(), order.end(), [&](int x, int y) {
                return k.startNs[std::size_t(streams[std::size_t(x)].rows.front())]
                    < k.startNs[std::size_t(streams[std::size_t(y)].rows.front())];
            });
            return order;
        };
        const std::vector<int> bo = byFirstKernel(base, baseStreams);
        const std::vector<int> oo = byFirstKernel(other, otherStreams);
        for (std::size_t i = 0; i < std::max(bo.size(), oo.size()); ++i)
            pairing.emplace_back(i < bo.size() ? bo[i] : -1, i < oo.size() ? oo[i] : -1);
    }

    KeyInterner keys(options.key);
    qint64 work = options.maxWork;
    std::vector<char> baseMatched(base.size(), 0), otherMatched(other.size(), 0);
    for (const auto& [bi, oi] : pairing) {
        StreamPairing sp;
        static const std::vector<qint64> none;
        const std::vector<qint64>& bRows = bi >= 0 ? baseStreams[std::size_t(bi)].rows : none;
        const std::vector<qint64>& oRows = oi >= 0 ? otherStreams[std::size_t(oi)].rows : none;
        sp.baseStream = bi >= 0 ? baseStreams[std::size_t(bi)].id : -1;
        sp.otherStream = oi >= 0 ? otherStreams[std::size_t(oi)].id : -1;
        sp.baseKernels = qint64(bRows.size());
        sp.otherKernels = qint64(oRows.size());
        std::vector<std::uint32_t> a, b;
        a.reserve(bRows.size());
        b.reserve(oRows.size());
        for (qint64 r : bRows)
            a.push_back(keys.key(base, std::size_t(r)));
        for (qint64 r : oRows)
            b.push_back(keys.key(other, std::size_t(r)));
        for (const auto& [x, y] : longestCommonSubsequence(a, b, work, &result.truncated)) {
            const qint64 br = bRows[std::size_t(x)];
            const qint64 orow = oRows[std::size_t(y)];
            baseMatched[std::size_t(br)] = 1;
            otherMatched[std::size_t(orow)] = 1;
            result.matched.push_back({ br, orow, other.durNs[std::size_t(orow)] - base.durNs[std::size_t(br)] });
            ++sp.matched;
        }
        result.streams.push_back(sp);
    }
    std::sort(result.matched.begin(), result.matched.end(),
              [](const MatchedOp& x, const MatchedOp& y) { return x.baseIndex < y.baseIndex; });
    for (std::size_t i = 0; i < base.size(); ++i)
        if (!baseMatched[i])
            result.onlyBase.push_back(qint64(i));
    for (std::size_t i = 0; i < other.size(); ++i)
        if (!otherMatched[i])
            result.onlyOther.push_back(qint64(i));

    // Per-type totals cover every kernel, so they add up to the tables'
    // totals whatever the alignment did.
    std::map<QString, TypeDelta> types;
    auto typeOf = [&types](const KernelTable& k, std::size_t row) -> TypeDelta& {
        const QString t = k.strings.string(k.type[row]);
        TypeDelta& d = types[t];
        d.type = t;
        return d;
    };
    for (std::size_t i = 0; i < base.size(); ++i) {
        TypeDelta& d = typeOf(base, i);
        ++d.baseCount;
        d.baseTotalNs = saturatingAdd(d.baseTotalNs, base.durNs[i]);
    }
    for (std::size_t i = 0; i < other.size(); ++i) {
        TypeDelta& d = typeOf(other, i);
        ++d.otherCount;
        d.otherTotalNs = saturatingAdd(d.otherTotalNs, other.durNs[i]);
    }
    for (const MatchedOp& mo : result.matched)
        ++typeOf(base, std::size_t(mo.baseIndex)).matchedCount;
    for (auto& [t, d] : types)
        result.byType.push_back(std::move(d));
    std::stable_sort(result.byType.begin(), result.byType.end(), [](const TypeDelta& x, const TypeDelta& y) {
        return std::abs(x.deltaNs()) > std::abs(y.deltaNs());
    });
    return result;
}

} // namespace profscope
