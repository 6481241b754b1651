// SPDX-License-Identifier: Apache-2.0
#include "timelinetables.h"

#include "timeformat.h"
#include "timelinemodel.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

namespace profscope {

namespace {

template <typename F> void forEachShownThreadLane(const TimelineModel& model, F&& f)
{
    for (std::size_t l = 0; l < model.lanes().size(); ++l)
        if (model.lane(int(l)).kind == LaneKind::Thread && !model.isEffectivelyHidden(int(l)))
            f(int(l));
}

} // namespace

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
        for (int r : model.allRanks()) {
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
