// SPDX-License-Identifier: Apache-2.0
#include "commcompare.h"

#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <tuple>

namespace profscope {

std::vector<CommLinkDelta> compareCommLinks(const Profile& base, const QString& baseStepKey, const Profile& other,
    const QString& otherStepKey, const std::map<int, int>& otherToBaseRankId)
{
    // The groups' ids are hashes of each run: the links are summed over them.
    std::map<std::tuple<int, int, QString>, CommLinkDelta> links;
    auto add = [&](const Profile& profile, const QString& stepKey, bool isBase) {
        MatrixQuery q;
        q.step = stepKey;
        q.op = QStringLiteral("total");
        for (const MatrixCell& c : communicationMatrix(profile, q)) {
            int src = c.srcRank;
            int dst = c.dstRank;
            if (!isBase) {
                if (const auto it = otherToBaseRankId.find(src); it != otherToBaseRankId.end())
                    src = it->second;
                if (const auto it = otherToBaseRankId.find(dst); it != otherToBaseRankId.end())
                    dst = it->second;
            }
            CommLinkDelta& d = links[{ src, dst, c.transport }];
            d.srcRank = src;
            d.dstRank = dst;
            d.transport = c.transport;
            if (isBase) {
                d.inBase = true;
                d.baseSizeMB += c.sizeMB;
                d.baseTimeMs += c.timeMs;
            } else {
                d.inOther = true;
                d.otherSizeMB += c.sizeMB;
                d.otherTimeMs += c.timeMs;
            }
        }
    };
    add(base, baseStepKey, true);
    add(other, otherStepKey, false);
    std::vector<CommLinkDelta> out;
    out.reserve(links.size());
    for (auto& [key, d] : links)
        out.push_back(std::move(d));
    std::stable_sort(out.begin(), out.end(), [](const CommLinkDelta& a, const CommLinkDelta& b) {
        return std::abs(a.deltaTimeMs()) > std::abs(b.deltaTimeMs());
    });
    return out;
}

QString commOpType(const QString& opName)
{
    const qsizetype cut = opName.indexOf(QLatin1String("__"));
    if (cut > 0)
        return opName.left(cut);
    static const QRegularExpression trailingIds(QStringLiteral("(_\\d+)+$"));
    QString type = opName;
    type.remove(trailingIds);
    return type.isEmpty() ? opName : type;
}

namespace {

struct OpSum
{
    QString name;
    qint64 count = 0;
    double totalMs = 0;
    TimeNs firstStartNs = kInvalidTime;
    int order = 0; // first seen
};

std::vector<OpSum> sumOps(const RankData& rank, const QString& stepKey)
{
    std::vector<OpSum> ops;
    std::map<QString, std::size_t> index;
    for (const CommOpRecord& r : rank.communication) {
        if (!stepKey.isEmpty() && r.step != stepKey)
            continue;
        auto [it, fresh] = index.try_emplace(r.opName, ops.size());
        if (fresh)
            ops.push_back({ r.opName, 0, 0, kInvalidTime, int(ops.size()) });
        OpSum& s = ops[it->second];
        ++s.count;
        s.totalMs += r.elapseMs;
        if (r.startNs != kInvalidTime && (s.firstStartNs == kInvalidTime || r.startNs < s.firstStartNs))
            s.firstStartNs = r.startNs;
    }
    // Execution order: first start, else the order in the file.
    std::stable_sort(ops.begin(), ops.end(), [](const OpSum& a, const OpSum& b) {
        if (a.firstStartNs != kInvalidTime && b.firstStartNs != kInvalidTime && a.firstStartNs != b.firstStartNs)
            return a.firstStartNs < b.firstStartNs;
        return a.order < b.order;
    });
    return ops;
}

} // namespace

std::vector<CommOpDelta> compareCommOps(
    const RankData& base, const QString& baseStepKey, const RankData& other, const QString& otherStepKey)
{
    const std::vector<OpSum> a = sumOps(base, baseStepKey);
    const std::vector<OpSum> b = sumOps(other, otherStepKey);
    std::vector<bool> usedB(b.size(), false);
    std::vector<int> pairOfA(a.size(), -1);
    std::vector<bool> byName(a.size(), false);
    std::map<QString, std::size_t> bByName;
    for (std::size_t j = 0; j < b.size(); ++j)
        bByName.emplace(b[j].name, j);
    for (std::size_t i = 0; i < a.size(); ++i) {
        const auto it = bByName.find(a[i].name);
        if (it != bByName.end()) {
            pairOfA[i] = int(it->second);
            byName[i] = true;
            usedB[it->second] = true;
        }
    }
    // The rest: the k-th op of a type in one run with the k-th of that type in the other.
    std::map<QString, std::vector<std::size_t>> restB;
    for (std::size_t j = 0; j < b.size(); ++j)
        if (!usedB[j])
            restB[commOpType(b[j].name)].push_back(j);
    std::map<QString, std::size_t> taken;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (pairOfA[i] >= 0)
            continue;
        const QString type = commOpType(a[i].name);
        auto it = restB.find(type);
        std::size_t& k = taken[type];
        if (it != restB.end() && k < it->second.size()) {
            pairOfA[i] = int(it->second[k]);
            usedB[it->second[k]] = true;
            ++k;
        }
    }
    std::vector<CommOpDelta> out;
    for (std::size_t i = 0; i < a.size(); ++i) {
        CommOpDelta d;
        d.baseName = a[i].name;
        d.opType = commOpType(a[i].name);
        d.byName = byName[i];
        d.baseCount = a[i].count;
        d.baseTotalMs = a[i].totalMs;
        if (pairOfA[i] >= 0) {
            const OpSum& o = b[std::size_t(pairOfA[i])];
            d.otherName = o.name;
            d.otherCount = o.count;
            d.otherTotalMs = o.totalMs;
        }
        out.push_back(std::move(d));
    }
    for (std::size_t j = 0; j < b.size(); ++j) {
        if (usedB[j])
            continue;
        CommOpDelta d;
        d.otherName = b[j].name;
        d.opType = commOpType(b[j].name);
        d.otherCount = b[j].count;
        d.otherTotalMs = b[j].totalMs;
        out.push_back(std::move(d));
    }
    std::stable_sort(out.begin(), out.end(),
        [](const CommOpDelta& x, const CommOpDelta& y) { return std::abs(x.deltaMs()) > std::abs(y.deltaMs()); });
    return out;
}

} // namespace profscope
