// SPDX-License-Identifier: Apache-2.0
#include "commdurationmodel.h"

#include <QLocale>

#include <algorithm>
#include <set>

namespace profscope {

namespace {
QString number(double v, int decimals)
{
    return QLocale().toString(v, 'f', decimals);
}
QString percent(double ratio)
{
    return QLocale().toString(ratio * 100.0, 'f', 1) + QLatin1Char('%');
}

// The time split both models show (per rank, per op of a rank), in the
// order of their columns from ElapseColumn on.
struct TimeSplit
{
    double elapseMs, transitMs, waitMs, synchronizationMs, idleMs;
    double waitRatio, synchronizationRatio; // kNoValue: not known
};
constexpr int kTimeSplitColumns = 7;
static_assert(CommDurationModel::SynchronizationRatioColumn - CommDurationModel::ElapseColumn + 1 == kTimeSplitColumns);
static_assert(CommOpModel::SynchronizationRatioColumn - CommOpModel::ElapseColumn + 1 == kTimeSplitColumns);

QString timeSplitHeader(int part)
{
    switch (part) {
    case 0:
        return CommDurationModel::tr("Elapse (ms)");
    case 1:
        return CommDurationModel::tr("Transit (ms)");
    case 2:
        return CommDurationModel::tr("Wait (ms)");
    case 3:
        return CommDurationModel::tr("Synchronization (ms)");
    case 4:
        return CommDurationModel::tr("Idle (ms)");
    case 5:
        return CommDurationModel::tr("Wait Ratio (%)");
    case 6:
        return CommDurationModel::tr("Sync Ratio (%)");
    }
    return {};
}

// Display text (ms with 3 decimals, ratios in %) or the sort value.
QVariant timeSplitValue(const TimeSplit& split, int part, bool display)
{
    const double values[kTimeSplitColumns] = { split.elapseMs, split.transitMs, split.waitMs, split.synchronizationMs,
        split.idleMs, split.waitRatio, split.synchronizationRatio };
    if (part < 0 || part >= kTimeSplitColumns)
        return {};
    const double v = values[part];
    if (part < 5)
        return display ? QVariant(number(v, 3)) : QVariant(v);
    if (!hasValue(v))
        return display ? QVariant(QString()) : QVariant(-1.0);
    return display ? QVariant(percent(v)) : QVariant(v);
}
} // namespace

CommDurationModel::CommDurationModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void CommDurationModel::load(ProfilePtr profile, const QString& stepKey, const QString& groupId)
{
    setLoaded(compute(std::move(profile), stepKey, groupId));
}

void CommDurationModel::setLoaded(Loaded loaded)
{
    beginResetModel();
    m_profile = std::move(loaded.profile);
    m_groupId = std::move(loaded.groupId);
    m_rows = std::move(loaded.rows);
    m_transports = std::move(loaded.transports);
    m_slowRanks.clear();
    m_slowByRankIndex.clear();
    endResetModel();
}

CommDurationModel::Loaded CommDurationModel::compute(ProfilePtr profile, const QString& stepKey, const QString& groupId)
{
    Loaded out;
    out.profile = std::move(profile);
    out.groupId = groupId;
    if (out.profile) {
        // Summing over groups when no group is chosen: one row per rank.
        std::map<int, RankCommunication> byRank;
        for (RankCommunication& rc : communicationByRankAndGroup(*out.profile, stepKey)) {
            if (!groupId.isEmpty() && rc.groupId != groupId)
                continue;
            auto [it, inserted] = byRank.try_emplace(rc.rankIndex, rc);
            if (inserted)
                continue;
            RankCommunication& sum = it->second;
            sum.groupId.clear();
            sum.ops += rc.ops;
            sum.elapseMs += rc.elapseMs;
            sum.transitMs += rc.transitMs;
            sum.waitMs += rc.waitMs;
            sum.synchronizationMs += rc.synchronizationMs;
            sum.idleMs += rc.idleMs;
            for (const auto& [name, t] : rc.transports) {
                TransportTotals& s = sum.transports[name];
                s.sizeMB += t.sizeMB;
                s.timeMs += t.timeMs;
                for (const auto& [size, ct] : t.sizeDistribution) {
                    s.sizeDistribution[size].first += ct.first;
                    s.sizeDistribution[size].second += ct.second;
                }
            }
        }
        std::set<QString> transports;
        for (auto& [index, rc] : byRank) {
            for (const auto& [name, t] : rc.transports)
                if (t.sizeMB > 0 || t.timeMs > 0)
                    transports.insert(name);
            out.rows.push_back(std::move(rc));
        }
        std::stable_sort(out.rows.begin(), out.rows.end(),
            [](const RankCommunication& a, const RankCommunication& b) { return a.rankId < b.rankId; });
        out.transports = QStringList(transports.begin(), transports.end());
    }
    return out;
}

void CommDurationModel::setSlowRanks(std::vector<SlowRank> slowRanks)
{
    beginResetModel();
    m_slowRanks.clear();
    m_slowByRankIndex.clear();
    for (SlowRank& s : slowRanks) {
        if (!m_groupId.isEmpty() && !s.groupId.isEmpty() && s.groupId != m_groupId)
            continue;
        if (m_slowByRankIndex.count(s.rankIndex))
            continue;
        m_slowByRankIndex[s.rankIndex] = m_slowRanks.size();
        m_slowRanks.push_back(std::move(s));
    }
    endResetModel();
}

const SlowRank* CommDurationModel::slowRank(int row) const
{
    if (row < 0 || row >= int(m_rows.size()))
        return nullptr;
    const auto it = m_slowByRankIndex.find(m_rows[std::size_t(row)].rankIndex);
    return it == m_slowByRankIndex.end() ? nullptr : &m_slowRanks[it->second];
}

int CommDurationModel::rowOfRankIndex(int rankIndex) const
{
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].rankIndex == rankIndex)
            return int(i);
    return -1;
}

std::map<QString, std::map<double, qint64>> CommDurationModel::packetDistribution() const
{
    std::map<QString, std::map<double, qint64>> out;
    for (const RankCommunication& rc : m_rows)
        for (const auto& [name, t] : rc.transports)
            for (const auto& [size, ct] : t.sizeDistribution)
                if (ct.first > 0)
                    out[name][size] += ct.first;
    return out;
}

int CommDurationModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CommDurationModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : FixedColumnCount + int(m_transports.size());
}

QVariant CommDurationModel::value(int row, int column, bool display) const
{
    const RankCommunication& r = m_rows[std::size_t(row)];
    const SlowRank* slow = slowRank(row);
    switch (column) {
    case RankColumn:
        return r.rankId;
    case HostColumn:
        return m_profile && r.rankIndex >= 0 ? m_profile->ranks[std::size_t(r.rankIndex)]->info.host : QString();
    case OpsColumn:
        return r.ops;
    case SlowColumn:
        if (!display)
            return slow ? slow->behindRatio : 0.0;
        return slow ? tr("slow, %1 behind rank %2").arg(percent(slow->behindRatio)).arg(slow->fastestRankId)
                    : QString();
    default: {
        if (column >= ElapseColumn && column <= SynchronizationRatioColumn)
            return timeSplitValue({ r.elapseMs, r.transitMs, r.waitMs, r.synchronizationMs, r.idleMs, r.waitRatio(),
                                      r.synchronizationRatio() },
                column - ElapseColumn, display);
        const int t = column - FixedColumnCount;
        if (t < 0 || t >= m_transports.size())
            return {};
        const auto it = r.transports.find(m_transports[t]);
        const double bw = it == r.transports.end() ? 0.0 : it->second.bandwidthGBps();
        return display ? QVariant(number(bw, 2)) : QVariant(bw);
    }
    }
}

QVariant CommDurationModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const RankCommunication& r = m_rows[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return value(index.row(), index.column(), true);
    case SortRole:
        return value(index.row(), index.column(), false);
    case RankIndexRole:
        return r.rankIndex;
    case RankIdRole:
        return r.rankId;
    case SlowRole:
        return slowRank(index.row()) != nullptr;
    case Qt::TextAlignmentRole:
        return index.column() == HostColumn || index.column() == SlowColumn
            ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
            : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (const SlowRank* s = slowRank(index.row()))
            return tr("Rank %1 spends %2 ms in the group's collectives, rank %3 (the fastest, it waits most) %4 ms.")
                .arg(s->rankId)
                .arg(number(s->elapseMs, 3))
                .arg(s->fastestRankId)
                .arg(number(s->fastestElapseMs, 3));
        return {};
    }
    return {};
}

QVariant CommDurationModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case RankColumn:
        return tr("Rank");
    case HostColumn:
        return tr("Host");
    case OpsColumn:
        return tr("Ops");
    case SlowColumn:
        return tr("Slow Rank");
    default: {
        if (section >= ElapseColumn && section <= SynchronizationRatioColumn)
            return timeSplitHeader(section - ElapseColumn);
        const int t = section - FixedColumnCount;
        if (t >= 0 && t < m_transports.size())
            return tr("%1 Bandwidth (GB/s)").arg(m_transports[t]);
        return {};
    }
    }
}

// ---------------------------------------------------------------------------

CommOpModel::CommOpModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void CommOpModel::load(ProfilePtr profile, const QString& stepKey, const QString& groupId)
{
    setLoaded(compute(std::move(profile), stepKey, groupId));
}

void CommOpModel::setLoaded(Loaded loaded)
{
    beginResetModel();
    m_profile = std::move(loaded.profile);
    m_entries = std::move(loaded.entries);
    m_aggregates = std::move(loaded.aggregates);
    endResetModel();
}

CommOpModel::Loaded CommOpModel::compute(ProfilePtr profile, const QString& stepKey, const QString& groupId)
{
    Loaded out;
    out.profile = std::move(profile);
    if (out.profile) {
        std::map<std::pair<QString, QString>, std::size_t> aggIndex; // (step, op) -> aggregate
        for (std::size_t r = 0; r < out.profile->ranks.size(); ++r) {
            const RankData& rank = *out.profile->ranks[r];
            for (const CommOpRecord& op : rank.communication) {
                if ((!stepKey.isEmpty() && op.step != stepKey) || (!groupId.isEmpty() && op.groupId != groupId))
                    continue;
                const std::size_t e = out.entries.size();
                out.entries.push_back(Entry { int(r), rank.info.rankId, &op });
                auto [it, inserted] = aggIndex.try_emplace({ op.step, op.opName }, out.aggregates.size());
                if (inserted) {
                    Aggregate a;
                    a.opName = op.opName;
                    a.step = op.step;
                    a.elapseMinMs = a.elapseMaxMs = op.elapseMs;
                    a.waitMinMs = a.waitMaxMs = op.waitMs;
                    a.transitMaxMs = op.transitMs;
                    a.synchronizationMaxMs = op.synchronizationMs;
                    a.longest = e;
                    out.aggregates.push_back(a);
                }
                Aggregate& a = out.aggregates[it->second];
                a.entries.push_back(e);
                a.elapseMinMs = std::min(a.elapseMinMs, op.elapseMs);
                if (op.elapseMs > a.elapseMaxMs) {
                    a.elapseMaxMs = op.elapseMs;
                    a.longest = e;
                }
                a.transitMaxMs = std::max(a.transitMaxMs, op.transitMs);
                a.waitMinMs = std::min(a.waitMinMs, op.waitMs);
                a.waitMaxMs = std::max(a.waitMaxMs, op.waitMs);
                a.synchronizationMaxMs = std::max(a.synchronizationMaxMs, op.synchronizationMs);
            }
        }
    }
    return out;
}

void CommOpModel::setMode(Mode mode)
{
    if (mode == m_mode)
        return;
    beginResetModel();
    m_mode = mode;
    endResetModel();
}

int CommOpModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid())
        return 0;
    return int(m_mode == PerRank ? m_entries.size() : m_aggregates.size());
}

int CommOpModel::columnCount(const QModelIndex& parent) const
{
    if (parent.isValid())
        return 0;
    return m_mode == PerRank ? int(PerRankColumnCount) : int(AggregatedColumnCount);
}

QVariant CommOpModel::perRankValue(const Entry& e, int column, bool display) const
{
    const CommOpRecord& op = *e.record;
    switch (column) {
    case OpColumn:
        return op.opName;
    case StepColumn:
        return op.step;
    case RankColumn:
        return e.rankId;
    case StartColumn:
        if (op.startNs == kInvalidTime)
            return display ? QVariant(QString()) : QVariant(qint64(0));
        return display ? QVariant(QLocale().toString(double(op.startNs) / 1e3, 'f', 3)) : QVariant(qint64(op.startNs));
    }
    return timeSplitValue({ op.elapseMs, op.transitMs, op.waitMs, op.synchronizationMs, op.idleMs, op.waitRatio,
                              op.synchronizationRatio },
        column - ElapseColumn, display);
}

QVariant CommOpModel::aggregatedValue(const Aggregate& a, int column, bool display) const
{
    auto ms = [display](double v) { return display ? QVariant(number(v, 3)) : QVariant(v); };
    switch (column) {
    case AggOpColumn:
        return a.opName;
    case AggStepColumn:
        return a.step;
    case AggRanksColumn:
        return int(a.entries.size());
    case ElapseMinColumn:
        return ms(a.elapseMinMs);
    case ElapseMaxColumn:
        return ms(a.elapseMaxMs);
    case ElapseSpreadColumn:
        return ms(a.elapseMaxMs - a.elapseMinMs);
    case TransitMaxColumn:
        return ms(a.transitMaxMs);
    case WaitMinColumn:
        return ms(a.waitMinMs);
    case WaitMaxColumn:
        return ms(a.waitMaxMs);
    case SynchronizationMaxColumn:
        return ms(a.synchronizationMaxMs);
    case SlowestRankColumn:
        return m_entries[a.longest].rankId;
    }
    return {};
}

QVariant CommOpModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Entry& e = m_mode == PerRank ? m_entries[std::size_t(index.row())]
                                       : m_entries[m_aggregates[std::size_t(index.row())].longest];
    switch (role) {
    case Qt::DisplayRole:
    case SortRole:
        return m_mode == PerRank
            ? perRankValue(e, index.column(), role == Qt::DisplayRole)
            : aggregatedValue(m_aggregates[std::size_t(index.row())], index.column(), role == Qt::DisplayRole);
    case RankIndexRole:
        return e.rankIndex;
    case StartNsRole:
        return qint64(e.record->startNs);
    case EndNsRole:
        return e.record->startNs == kInvalidTime ? qint64(kInvalidTime)
                                                 : qint64(e.record->startNs + TimeNs(e.record->elapseMs * 1e6));
    case OpNameRole:
        return e.record->opName;
    case Qt::TextAlignmentRole: {
        const bool text = index.column() == OpColumn || index.column() == StepColumn;
        return text ? QVariant(Qt::AlignLeft | Qt::AlignVCenter) : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    }
    }
    return {};
}

QVariant CommOpModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (m_mode == PerRank) {
        switch (section) {
        case OpColumn:
            return tr("Op");
        case StepColumn:
            return tr("Step");
        case RankColumn:
            return tr("Rank");
        case StartColumn:
            return tr("Start (µs)");
        }
        return timeSplitHeader(section - ElapseColumn);
    }
    switch (section) {
    case AggOpColumn:
        return tr("Op");
    case AggStepColumn:
        return tr("Step");
    case AggRanksColumn:
        return tr("Ranks");
    case ElapseMinColumn:
        return tr("Elapse Min (ms)");
    case ElapseMaxColumn:
        return tr("Elapse Max (ms)");
    case ElapseSpreadColumn:
        return tr("Elapse Spread (ms)");
    case TransitMaxColumn:
        return tr("Transit Max (ms)");
    case WaitMinColumn:
        return tr("Wait Min (ms)");
    case WaitMaxColumn:
        return tr("Wait Max (ms)");
    case SynchronizationMaxColumn:
        return tr("Sync Max (ms)");
    case SlowestRankColumn:
        return tr("Longest Rank");
    }
    return {};
}

} // namespace profscope
