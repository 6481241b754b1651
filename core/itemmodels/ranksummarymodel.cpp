// SPDX-License-Identifier: Apache-2.0
#include "ranksummarymodel.h"

#include <QDir>
#include <QFileInfo>
#include <QLocale>

#include <set>

namespace profscope {

namespace {

// What the rank holds; the file counts come from the import report.
RankSummary rankContents(const RankData& rank)
{
    RankSummary s;
    s.slices = qint64(rank.trace.sliceCount());
    s.flows = qint64(rank.trace.flows.size());
    s.kernels = rank.kernels ? qint64(rank.kernels->size()) : 0;
    // Older MindSpore output has only the legacy step trace; either is "the steps".
    s.steps = !rank.stepTrace.empty() ? qint64(rank.stepTrace.size()) : qint64(rank.legacy.stepTrace.rows.size());
    s.memoryRecords = rank.memoryRecords ? qint64(rank.memoryRecords->size()) : 0;
    return s;
}

void countFile(RankSummary& s, FileStatus status)
{
    switch (status) {
    case FileStatus::Used:
        ++s.filesUsed;
        break;
    case FileStatus::Skipped:
        ++s.filesSkipped;
        break;
    case FileStatus::Broken:
        ++s.filesBroken;
        break;
    }
}

} // namespace

RankSummary summarizeRank(const Profile& profile, std::size_t rankIndex)
{
    if (rankIndex >= profile.ranks.size())
        return {};
    RankSummary s = rankContents(*profile.ranks[rankIndex]);
    for (const FileReport& f : profile.report.files)
        if (f.rankIndex == int(rankIndex))
            countFile(s, f.status);
    return s;
}

std::shared_ptr<const std::vector<RankSummary>> rankSummaries(const Profile& profile)
{
    // summarizeRank for every rank read the whole import report once per rank (1024 ranks of
    // ten files: ten million comparisons, on the GUI thread when a profile opened); one pass,
    // once per profile, computed by the load job (prepareAnalyses).
    return profile.memo.get<std::vector<RankSummary>>(QStringLiteral("rankSummaries"), [&profile] {
        std::vector<RankSummary> out;
        out.reserve(profile.ranks.size());
        for (const auto& rank : profile.ranks)
            out.push_back(rankContents(*rank));
        for (const FileReport& f : profile.report.files)
            if (f.rankIndex >= 0 && std::size_t(f.rankIndex) < out.size())
                countFile(out[std::size_t(f.rankIndex)], f.status);
        return out;
    });
}

bool hasDuplicateRankIds(const Profile& profile)
{
    // Asked once per rank by rankDisambiguation (quadratic at 1024 ranks): once per profile.
    return *profile.memo.get<bool>(QStringLiteral("hasDuplicateRankIds"), [&profile] {
        std::set<int> seen;
        for (const auto& rank : profile.ranks)
            if (rank->info.rankId >= 0 && !seen.insert(rank->info.rankId).second)
                return true;
        return false;
    });
}

QString rankRelativeFolder(const Profile& profile, std::size_t rankIndex)
{
    if (rankIndex >= profile.ranks.size())
        return {};
    const QString root = profile.ranks[rankIndex]->info.rootPath;
    const QString rel = QDir(profile.rootPath).relativeFilePath(root);
    if (rel.isEmpty() || rel == QLatin1String(".") || rel.startsWith(QLatin1String("..")))
        return QFileInfo(root).fileName();
    return rel;
}

QString rankDisambiguation(const Profile& profile, std::size_t rankIndex)
{
    if (!hasDuplicateRankIds(profile))
        return {};
    const QString rel = rankRelativeFolder(profile, rankIndex);
    const qsizetype slash = rel.lastIndexOf(QLatin1Char('/'));
    return slash > 0 ? rel.left(slash) : rel;
}

RankSummaryModel::RankSummaryModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void RankSummaryModel::setProfile(ProfilePtr profile)
{
    beginResetModel();
    m_profile = std::move(profile);
    m_summaries.clear();
    if (m_profile)
        m_summaries = *rankSummaries(*m_profile);
    endResetModel();
}

int RankSummaryModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_summaries.size());
}

int RankSummaryModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

bool RankSummaryModel::isNumericColumn(int column)
{
    return column == RankColumn || column == DeviceColumn || (column >= SlicesColumn && column <= BrokenColumn);
}

QVariant RankSummaryModel::rawValue(int row, int column) const
{
    const RankInfo& info = m_profile->ranks[std::size_t(row)]->info;
    const RankSummary& s = m_summaries[std::size_t(row)];
    switch (column) {
    case RankColumn:
        return info.rankId;
    case DeviceColumn:
        return info.deviceId;
    case HostColumn:
        return info.host;
    case LayoutColumn:
        return rankLayoutName(info.layout);
    case LevelColumn:
        return info.profilerLevel;
    case SlicesColumn:
        return s.slices;
    case FlowsColumn:
        return s.flows;
    case KernelsColumn:
        return s.kernels;
    case StepsColumn:
        return s.steps;
    case MemoryRecordsColumn:
        return s.memoryRecords;
    case UsedColumn:
        return s.filesUsed;
    case SkippedColumn:
        return s.filesSkipped;
    case BrokenColumn:
        return s.filesBroken;
    case FolderColumn:
        return rankRelativeFolder(*m_profile, std::size_t(row));
    }
    return {};
}

QVariant RankSummaryModel::data(const QModelIndex& index, int role) const
{
    if (!m_profile || !index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return {};
    const int row = index.row();
    const int column = index.column();
    const RankInfo& info = m_profile->ranks[std::size_t(row)]->info;
    switch (role) {
    case Qt::DisplayRole: {
        const QVariant raw = rawValue(row, column);
        if (column == RankColumn || column == DeviceColumn)
            return raw.toInt() >= 0 ? QString::number(raw.toInt()) : tr("?", "unknown rank or device id");
        if (column == LevelColumn && info.profilerLevel.isEmpty())
            return tr("—", "profiler level not recorded");
        if (column == HostColumn && info.host.isEmpty())
            return tr("—", "host not recorded");
        if (isNumericColumn(column))
            return QLocale().toString(raw.toLongLong());
        return raw;
    }
    case SortRole:
        return rawValue(row, column);
    case RankIndexRole:
        return row;
    case DbOnlyRole:
        return info.dbOnly;
    case Qt::ToolTipRole: {
        QString tip = QDir::toNativeSeparators(info.rootPath);
        if (!info.framework.isEmpty())
            tip += QLatin1Char('\n') + tr("Framework: %1").arg(info.framework);
        if (info.dbOnly)
            tip += QLatin1Char('\n') + tr("Read from the profiler's SQLite exports (.db)");
        return tip;
    }
    case Qt::TextAlignmentRole:
        if (isNumericColumn(column))
            return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
        break;
    default:
        break;
    }
    return {};
}

QVariant RankSummaryModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (section) {
        case RankColumn:
            return tr("Rank");
        case DeviceColumn:
            return tr("Device");
        case HostColumn:
            return tr("Host");
        case LayoutColumn:
            return tr("Layout");
        case LevelColumn:
            return tr("Level");
        case SlicesColumn:
            return tr("Slices");
        case FlowsColumn:
            return tr("Flows");
        case KernelsColumn:
            return tr("Kernels");
        case StepsColumn:
            return tr("Steps");
        case MemoryRecordsColumn:
            return tr("Memory records");
        case UsedColumn:
            return tr("Used");
        case SkippedColumn:
            return tr("Skipped");
        case BrokenColumn:
            return tr("Broken");
        case FolderColumn:
            return tr("Folder");
        }
    } else if (role == Qt::ToolTipRole) {
        switch (section) {
        case SlicesColumn:
            return tr("Duration events on the timeline (all processes and threads)");
        case FlowsColumn:
            return tr("Flow arrows (e.g. host launch → device kernel)");
        case KernelsColumn:
            return tr("Rows of kernel_details.csv / op_summary");
        case StepsColumn:
            return tr("Training steps in the step trace");
        case MemoryRecordsColumn:
            return tr("Rows of memory_record.csv");
        case UsedColumn:
            return tr("Files of this rank that were read");
        case SkippedColumn:
            return tr("Files of this rank that were deliberately not read");
        case BrokenColumn:
            return tr("Files of this rank that could not be read completely");
        default:
            break;
        }
    } else if (role == Qt::TextAlignmentRole) {
        if (isNumericColumn(section))
            return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    }
    return {};
}

} // namespace profscope
