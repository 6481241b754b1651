// SPDX-License-Identifier: Apache-2.0
#include "commmatrixmodel.h"

#include "commselection.h"

#include <QHash>
#include <QLocale>

#include <algorithm>
#include <set>

namespace profscope {

namespace {
    QString number(double v, int decimals)
    {
        return QLocale().toString(v, 'f', decimals);
    }
} // namespace

CommMatrixModel::CommMatrixModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void CommMatrixModel::setProfile(ProfilePtr profile)
{
    m_profile = std::move(profile);
    m_slowLinks.clear();
    rebuild();
}

void CommMatrixModel::setProfile(ProfilePtr profile, const MatrixQuery& query)
{
    m_profile = std::move(profile);
    m_query = query;
    m_slowLinks.clear();
    rebuild();
}

void CommMatrixModel::setQuery(const MatrixQuery& query)
{
    // The page sets the query it just set with the profile: no second
    // reset (and no second layout of the heatmap) for the same cells.
    if (query == m_query)
        return;
    m_query = query;
    rebuild();
}

void CommMatrixModel::setSlowLinks(std::vector<SlowLink> slowLinks)
{
    m_slowLinks = std::move(slowLinks);
    m_slowIndex.clear();
    for (std::size_t i = 0; i < m_slowLinks.size(); ++i)
        m_slowIndex[{ m_slowLinks[i].srcRankId, m_slowLinks[i].dstRankId }] = i;
    if (!cells().empty())
        emit dataChanged(index(0, 0), index(int(cells().size()) - 1, ColumnCount - 1));
}

void CommMatrixModel::rebuild()
{
    beginResetModel();
    m_cells = m_profile ? sharedCommunicationMatrix(*m_profile, m_query) : nullptr;
    const std::vector<MatrixCell>& all = cells();
    std::vector<int> ids;
    ids.reserve(all.size() * 2);
    for (const MatrixCell& c : all) {
        ids.push_back(c.srcRank);
        ids.push_back(c.dstRank);
    }
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    m_rankIds = QList<int>(ids.begin(), ids.end());
    m_blocks.clear();
    m_blocksFor = -1;
    endResetModel();
}

const MatrixCell* CommMatrixModel::cell(int srcRankId, int dstRankId) const
{
    const int row = rowOf(srcRankId, dstRankId);
    return row >= 0 ? &cells()[std::size_t(row)] : nullptr;
}

int CommMatrixModel::rowOf(int srcRankId, int dstRankId) const
{
    const std::vector<MatrixCell>& all = cells();
    const std::pair<int, int> key { srcRankId, dstRankId };
    const auto it = std::lower_bound(all.begin(), all.end(), key, [](const MatrixCell& c, const std::pair<int, int>& k) {
        return std::pair(c.srcRank, c.dstRank) < k;
    });
    return it != all.end() && it->srcRank == srcRankId && it->dstRank == dstRankId ? int(it - all.begin()) : -1;
}

const SlowLink* CommMatrixModel::slowLink(int srcRankId, int dstRankId) const
{
    const auto it = m_slowIndex.find({ srcRankId, dstRankId });
    return it == m_slowIndex.end() ? nullptr : &m_slowLinks[it->second];
}

QStringList CommMatrixModel::transports() const
{
    std::set<QString> t;
    for (const MatrixCell& c : cells())
        if (!c.transport.isEmpty())
            t.insert(c.transport);
    return QStringList(t.begin(), t.end());
}

QString CommMatrixModel::hostOf(int rankId) const
{
    // The profile's memoized rank -> host table, as computeBlocks reads it.
    return m_profile ? rankHostsById(*m_profile)->value(rankId) : QString();
}

std::vector<RankBlock> CommMatrixModel::blocks(int maxBlocks) const
{
    // The heatmap lays out again on every change of the slow links and
    // every resize: the blocks only change with the ranks (rebuild) and the
    // room.
    maxBlocks = std::max(1, maxBlocks);
    if (m_blocksFor != maxBlocks) {
        m_blocks = computeBlocks(maxBlocks);
        m_blocksFor = maxBlocks;
    }
    return m_blocks;
}

std::vector<RankBlock> CommMatrixModel::computeBlocks(int maxBlocks) const
{
    std::vector<RankBlock> out;
    // Hosts first: a block per machine is what users reason about (HCCS
    // inside, RDMA between).
    std::map<QString, int> hostBlock;
    bool allKnown = !m_rankIds.isEmpty();
    // Each rank's host from one table per profile (rankHostsById): a search of the
    // ranks per rank made this quadratic, a fifth of a second at 10,000 ranks.
    static const QHash<int, QString> kNoHosts;
    const QHash<int, QString>& hosts = m_profile ? *rankHostsById(*m_profile) : kNoHosts;
    for (const int id : m_rankIds) {
        const QString host = hosts.value(id);
        if (host.isEmpty()) {
            allKnown = false;
            break;
        }
        auto [it, inserted] = hostBlock.try_emplace(host, int(out.size()));
        if (inserted)
            out.push_back(RankBlock { host, {} });
        out[std::size_t(it->second)].ranks << id;
    }
    const bool hostsUseful = allKnown && out.size() > 1 && int(out.size()) <= maxBlocks
        && std::all_of(out.begin(), out.end(), [](const RankBlock& b) { return b.ranks.size() <= 64; });
    if (hostsUseful)
        return out;
    out.clear();
    const int n = int(m_rankIds.size());
    int size = 8;
    while ((n + size - 1) / size > maxBlocks)
        size *= 2;
    for (int i = 0; i < n; i += size) {
        RankBlock b;
        for (int k = i; k < std::min(n, i + size); ++k)
            b.ranks << m_rankIds[k];
        b.label = b.ranks.size() == 1
            ? QString::number(b.ranks.front())
            : QString::number(b.ranks.front()) + QStringLiteral("–") + QString::number(b.ranks.back());
        out.push_back(std::move(b));
    }
    return out;
}

MatrixBlockCell CommMatrixModel::blockCell(const RankBlock& src, const RankBlock& dst) const
{
    MatrixBlockCell b;
    for (const int s : src.ranks) {
        for (const int d : dst.ranks) {
            // Local copies (s == d) are not traffic between ranks.
            const MatrixCell* c = s == d ? nullptr : cell(s, d);
            if (!c)
                continue;
            ++b.links;
            b.sizeMB += c->sizeMB;
            b.timeMs += c->timeMs;
            if (b.transport.isEmpty())
                b.transport = c->transport;
            else if (b.transport != c->transport)
                b.transport = QStringLiteral("mixed");
            if (isSlow(s, d))
                ++b.slowLinks;
        }
    }
    return b;
}

int CommMatrixModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(cells().size());
}

int CommMatrixModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CommMatrixModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const MatrixCell& c = cells()[std::size_t(index.row())];
    const bool slow = isSlow(c.srcRank, c.dstRank);
    switch (role) {
    case SrcRankRole:
        return c.srcRank;
    case DstRankRole:
        return c.dstRank;
    case SlowRole:
        return slow;
    case Qt::TextAlignmentRole:
        return index.column() >= SizeColumn && index.column() <= OpsColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                                                           : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (index.column() == OpsColumn)
            return c.opNames.join(QLatin1Char('\n'));
        return {};
    case Qt::DisplayRole:
    case SortRole: {
        const bool display = role == Qt::DisplayRole;
        switch (index.column()) {
        case SrcColumn:
            return c.srcRank;
        case DstColumn:
            return c.dstRank;
        case TransportColumn:
            return c.transport;
        case SizeColumn:
            return display ? QVariant(number(c.sizeMB, 3)) : QVariant(c.sizeMB);
        case TimeColumn:
            return display ? QVariant(number(c.timeMs, 3)) : QVariant(c.timeMs);
        case BandwidthColumn:
            return display ? QVariant(number(c.bandwidthGBps(), 2)) : QVariant(c.bandwidthGBps());
        case OpsColumn:
            return display ? QVariant(c.opNames.join(QStringLiteral(", "))) : QVariant(c.opNames.size());
        case SlowColumn:
            return display ? QVariant(slow ? tr("slow") : QString()) : QVariant(slow);
        }
        return {};
    }
    }
    return {};
}

QVariant CommMatrixModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case SrcColumn:
        return tr("Src Rank");
    case DstColumn:
        return tr("Dst Rank");
    case TransportColumn:
        return tr("Transport");
    case SizeColumn:
        return tr("Transit Size (MB)");
    case TimeColumn:
        return tr("Transit Time (ms)");
    case BandwidthColumn:
        return tr("Bandwidth (GB/s)");
    case OpsColumn:
        return tr("Ops");
    case SlowColumn:
        return tr("Slow Link");
    }
    return {};
}

// ---------------------------------------------------------------------------

CommLinkOpsModel::CommLinkOpsModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void CommLinkOpsModel::setLinks(const ProfilePtr& profile, const QString& step, const QString& groupId,
    const QList<int>& srcRanks, const QList<int>& dstRanks)
{
    beginResetModel();
    m_links.clear();
    if (profile) {
        const std::set<int> src(srcRanks.begin(), srcRanks.end());
        const std::set<int> dst(dstRanks.begin(), dstRanks.end());
        for (const auto& rank : profile->ranks) {
            for (const CommMatrixLink& l : rank->communicationMatrix) {
                if ((!step.isEmpty() && l.step != step) || (!groupId.isEmpty() && l.groupId != groupId))
                    continue;
                if (src.count(l.srcRank) && dst.count(l.dstRank))
                    m_links.push_back(l);
            }
        }
        std::stable_sort(m_links.begin(), m_links.end(), [](const CommMatrixLink& a, const CommMatrixLink& b) {
            return std::tie(a.srcRank, a.dstRank) < std::tie(b.srcRank, b.dstRank);
        });
    }
    endResetModel();
}

void CommLinkOpsModel::clear()
{
    beginResetModel();
    m_links.clear();
    endResetModel();
}

int CommLinkOpsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_links.size());
}

int CommLinkOpsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CommLinkOpsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const CommMatrixLink& l = m_links[std::size_t(index.row())];
    switch (role) {
    case SrcRankRole:
        return l.srcRank;
    case DstRankRole:
        return l.dstRank;
    case Qt::TextAlignmentRole:
        return index.column() >= SizeColumn ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                            : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    case Qt::DisplayRole:
    case SortRole: {
        const bool display = role == Qt::DisplayRole;
        switch (index.column()) {
        case StepColumn:
            return l.step;
        case SrcColumn:
            return l.srcRank;
        case DstColumn:
            return l.dstRank;
        case OpKeyColumn:
            return l.opKey.section(QLatin1Char('@'), 0, 0);
        case OpNameColumn:
            return l.opName;
        case TransportColumn:
            return l.transport;
        case SizeColumn:
            return display ? QVariant(number(l.transitSizeMB, 3)) : QVariant(l.transitSizeMB);
        case TimeColumn:
            return display ? QVariant(number(l.transitTimeMs, 3)) : QVariant(l.transitTimeMs);
        case BandwidthColumn: {
            const double bw = l.transitTimeMs > 0 ? l.transitSizeMB / l.transitTimeMs : l.bandwidthGBps;
            return display ? QVariant(number(bw, 2)) : QVariant(bw);
        }
        }
        return {};
    }
    }
    return {};
}

QVariant CommLinkOpsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case StepColumn:
        return tr("Step");
    case SrcColumn:
        return tr("Src");
    case DstColumn:
        return tr("Dst");
    case OpKeyColumn:
        return tr("Matrix Entry");
    case OpNameColumn:
        return tr("Op Name");
    case TransportColumn:
        return tr("Transport");
    case SizeColumn:
        return tr("Size (MB)");
    case TimeColumn:
        return tr("Time (ms)");
    case BandwidthColumn:
        return tr("Bandwidth (GB/s)");
    }
    return {};
}

} // namespace profscope
