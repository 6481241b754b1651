// SPDX-License-Identifier: Apache-2.0
#include "timelinetables.h"

#include "timeformat.h"
#include "timelinemodel.h"

#include <QHash>

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace profscope {

namespace {

// Microseconds with 3 decimals: numeric (sortable, CSV-friendly) and exact to the ns.
QString micros(TimeNs ns)
{
    return QString::number(double(ns) / 1000.0, 'f', 3);
}

template <typename F> void forEachShownThreadLane(const TimelineModel& model, F&& f)
{
    for (std::size_t l = 0; l < model.lanes().size(); ++l)
        if (model.lane(int(l)).kind == LaneKind::Thread && !model.isEffectivelyHidden(int(l)))
            f(int(l));
}

} // namespace

RangeStatsModel::RangeStatsModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void RangeStatsModel::clear()
{
    beginResetModel();
    m_rows.clear();
    m_startNs = m_endNs = 0;
    endResetModel();
}

void RangeStatsModel::compute(const TimelineModel& model, double startNs, double endNs)
{
    beginResetModel();
    m_rows.clear();
    m_startNs = startNs;
    m_endNs = endNs;
    QHash<QString, std::size_t> byName;
    // Per rank, accumulate by interned id first: strings only once per name.
    std::unordered_map<std::uint64_t, Row> acc;
    forEachShownThreadLane(model, [&](int lane) {
        const TimelineLane& l = model.lane(lane);
        // The profiler's Computing / Communication / Free lanes are a summary
        // of the tasks, not ops: counting them would count time twice.
        if (model.threadTrack(lane).role == LaneRole::OverlapAnalysis)
            return;
        const SliceColumns& s = model.threadTrack(lane).slices;
        const TimeNs a = model.fromView(l.rank, TimeNs(std::floor(startNs)));
        const TimeNs b = model.fromView(l.rank, TimeNs(std::ceil(endNs)));
        for (const auto& v : model.threadIndex(lane).byDepth) {
            auto it = std::partition_point(
                v.begin(), v.end(), [&](std::uint32_t i) { return s.startNs[i] + s.durNs[i] <= a; });
            for (; it != v.end() && s.startNs[*it] < b; ++it) {
                const std::uint32_t i = *it;
                // Only the part inside the range counts: a step that sticks
                // out of a 6 ms selection contributes 6 ms, not its length.
                const TimeNs inside = std::min(s.startNs[i] + s.durNs[i], b) - std::max(s.startNs[i], a);
                Row& r = acc[(std::uint64_t(std::uint32_t(l.rank)) << 32) | s.name[i].value];
                if (r.count == 0 || inside < r.minNs)
                    r.minNs = inside;
                r.maxNs = std::max(r.maxNs, inside);
                r.totalNs += inside;
                ++r.count;
            }
        }
    });
    for (const auto& [key, r] : acc) {
        const int rank = int(key >> 32);
        const QString name = model.trace(rank)->strings.string(StringId { std::uint32_t(key & 0xffffffffu) });
        auto it = byName.find(name);
        if (it == byName.end()) {
            byName.insert(name, m_rows.size());
            Row row = r;
            row.name = name;
            m_rows.push_back(row);
        } else {
            Row& row = m_rows[*it];
            row.minNs = std::min(row.minNs, r.minNs);
            row.maxNs = std::max(row.maxNs, r.maxNs);
            row.totalNs += r.totalNs;
            row.count += r.count;
        }
    }
    endResetModel();
    sort(m_sortColumn, m_sortOrder);
}

int RangeStatsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int RangeStatsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RangeStatsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()))
        return {};
    const Row& r = m_rows[std::size_t(index.row())];
    const TimeNs avg = r.count ? TimeNs(std::llround(double(r.totalNs) / double(r.count))) : 0;
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Name:
            return r.name;
        case Count:
            return QString::number(r.count);
        case Total:
            return micros(r.totalNs);
        case Average:
            return micros(avg);
        case Min:
            return micros(r.minNs);
        case Max:
            return micros(r.maxNs);
        }
    } else if (role == SortRole) {
        switch (index.column()) {
        case Name:
            return r.name;
        case Count:
            return r.count;
        case Total:
            return r.totalNs;
        case Average:
            return avg;
        case Min:
            return r.minNs;
        case Max:
            return r.maxNs;
        }
    } else if (role == Qt::TextAlignmentRole) {
        return index.column() == Name ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                      : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    } else if (role == Qt::ToolTipRole && index.column() == Name) {
        return r.name;
    } else if (role == Qt::ToolTipRole && index.column() != Count) {
        return formatDurationNs(double(data(index, SortRole).toLongLong()));
    }
    return {};
}

QVariant RangeStatsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case Name:
            return tr("Name");
        case Count:
            return tr("Count");
        case Total:
            return tr("Total (us)");
        case Average:
            return tr("Avg (us)");
        case Min:
            return tr("Min (us)");
        case Max:
            return tr("Max (us)");
        }
    } else if (role == Qt::ToolTipRole) {
        return tr("Slices of the shown lanes that overlap the selected range, with their whole durations");
    }
    return {};
}

void RangeStatsModel::sort(int column, Qt::SortOrder order)
{
    if (column < 0 || column >= ColumnCount)
        return;
    m_sortColumn = column;
    m_sortOrder = order;
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    auto key = [column](const Row& r) -> double {
        switch (column) {
        case Count:
            return double(r.count);
        case Total:
            return double(r.totalNs);
        case Average:
            return r.count ? double(r.totalNs) / double(r.count) : 0;
        case Min:
            return double(r.minNs);
        case Max:
            return double(r.maxNs);
        }
        return 0;
    };
    std::vector<std::size_t> perm(m_rows.size());
    for (std::size_t i = 0; i < perm.size(); ++i)
        perm[i] = i;
    std::stable_sort(perm.begin(), perm.end(), [&](std::size_t ia, std::size_t ib) {
        const Row& a = m_rows[ia];
        const Row& b = m_rows[ib];
        if (column == Name) {
            const int c = a.name.compare(b.name);
            return order == Qt::AscendingOrder ? c < 0 : c > 0;
        }
        const double ka = key(a), kb = key(b);
        if (ka != kb)
            return order == Qt::AscendingOrder ? ka < kb : ka > kb;
        return a.name < b.name;
    });
    std::vector<Row> sorted;
    sorted.reserve(m_rows.size());
    std::vector<int> newRowOf(m_rows.size());
    for (std::size_t i = 0; i < perm.size(); ++i) {
        sorted.push_back(std::move(m_rows[perm[i]]));
        newRowOf[perm[i]] = int(i);
    }
    m_rows = std::move(sorted);
    const QModelIndexList persistent = persistentIndexList();
    QModelIndexList moved;
    for (const QModelIndex& i : persistent)
        moved << index(newRowOf[std::size_t(i.row())], i.column());
    changePersistentIndexList(persistent, moved);
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

// ---------------------------------------------------------------------------

SearchHitsModel::SearchHitsModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void SearchHitsModel::clear()
{
    beginResetModel();
    m_hits.clear();
    m_truncated = false;
    endResetModel();
}

int SearchHitsModel::search(const TimelineModel& model, const QString& text, Qt::CaseSensitivity cs)
{
    beginResetModel();
    m_model = &model;
    m_hits.clear();
    m_truncated = false;
    if (!text.isEmpty()) {
        // Match the few thousand distinct names once, then scan ids.
        std::unordered_map<int, std::vector<bool>> matchByRank;
        for (int r : model.ranks()) {
            const StringPool& pool = model.trace(r)->strings;
            std::vector<bool> match(pool.size() + 1, false);
            for (std::size_t i = 1; i <= pool.size(); ++i)
                match[i] = pool.string(StringId { std::uint32_t(i) }).contains(text, cs);
            matchByRank[r] = std::move(match);
        }
        forEachShownThreadLane(model, [&](int lane) {
            if (m_truncated)
                return;
            const auto& match = matchByRank[model.lane(lane).rank];
            const SliceColumns& s = model.threadTrack(lane).slices;
            for (std::size_t i = 0; i < s.size(); ++i) {
                if (s.name[i].value < match.size() && match[s.name[i].value]) {
                    if (int(m_hits.size()) >= kMaxHits) {
                        m_truncated = true;
                        return;
                    }
                    m_hits.push_back({ lane, std::uint32_t(i) });
                }
            }
        });
        auto viewStart = [&model](const SliceRef& h) {
            return model.toView(model.lane(h.lane).rank, model.threadTrack(h.lane).slices.startNs[h.slice]);
        };
        std::stable_sort(m_hits.begin(), m_hits.end(),
            [&](const SliceRef& a, const SliceRef& b) { return viewStart(a) < viewStart(b); });
    }
    endResetModel();
    return int(m_hits.size());
}

int SearchHitsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_hits.size());
}

int SearchHitsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant SearchHitsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !m_model || index.row() >= int(m_hits.size()))
        return {};
    const SliceRef& h = m_hits[std::size_t(index.row())];
    const TimelineLane& l = m_model->lane(h.lane);
    const SliceColumns& s = m_model->threadTrack(h.lane).slices;
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case Name:
            return m_model->trace(l.rank)->strings.string(s.name[h.slice]);
        case Lane:
            return m_model->lanePath(h.lane);
        case Start:
            return formatDurationNs(double(m_model->toView(l.rank, s.startNs[h.slice])), 6);
        case Duration:
            return formatDurationNs(double(s.durNs[h.slice]));
        }
    } else if (role == Qt::TextAlignmentRole) {
        return index.column() >= Start ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                       : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    } else if (role == Qt::ToolTipRole) {
        return data(index, Qt::DisplayRole);
    }
    return {};
}

QVariant SearchHitsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Name:
        return tr("Name");
    case Lane:
        return tr("Lane");
    case Start:
        return tr("Start");
    case Duration:
        return tr("Duration");
    }
    return {};
}

} // namespace profscope
