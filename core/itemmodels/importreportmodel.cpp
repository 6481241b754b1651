// SPDX-License-Identifier: Apache-2.0
#include "importreportmodel.h"

#include "ranksummarymodel.h"

#include <QDir>
#include <QLocale>

#include <algorithm>

namespace profscope {

namespace {

// Relative path when `path` lies below `root`, else empty.
QString relativeBelow(const QString& root, const QString& path)
{
    if (root.isEmpty())
        return {};
    const QString rel = QDir(root).relativeFilePath(path);
    if (rel.isEmpty() || rel == QLatin1String(".") || rel.startsWith(QLatin1String("..")) || QDir::isAbsolutePath(rel))
        return {};
    return rel;
}

} // namespace

ImportReportModel::ImportReportModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void ImportReportModel::setProfile(ProfilePtr profile)
{
    beginResetModel();
    m_profile = std::move(profile);
    m_duplicateRankIds = m_profile && hasDuplicateRankIds(*m_profile);
    endResetModel();
}

const FileReport* ImportReportModel::fileAt(int row) const
{
    if (!m_profile || row < 0 || row >= int(m_profile->report.files.size()))
        return nullptr;
    return &m_profile->report.files[std::size_t(row)];
}

int ImportReportModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !m_profile)
        return 0;
    return int(m_profile->report.files.size());
}

int ImportReportModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString ImportReportModel::statusText(FileStatus status)
{
    switch (status) {
    case FileStatus::Used:
        return tr("Used");
    case FileStatus::Skipped:
        return tr("Skipped");
    case FileStatus::Broken:
        return tr("Broken");
    }
    return {};
}

QString ImportReportModel::formatBytes(qint64 bytes)
{
    // Binary units: profiler files are compared with `ls -lh` / `du -h`.
    return QLocale().formattedDataSize(bytes, 1, QLocale::DataSizeIecFormat);
}

QString ImportReportModel::formatCounts(const FileReport& file)
{
    QStringList parts;
    parts.reserve(qsizetype(file.counts.size()));
    for (const auto& [what, n] : file.counts)
        parts << what + QLatin1Char('=') + QString::number(n);
    return parts.join(QStringLiteral(", "));
}

QString ImportReportModel::formatWhere(const FileReport& file)
{
    QString where;
    if (file.line > 0)
        where = tr("line %1").arg(file.line);
    else if (file.byteOffset >= 0)
        where = tr("byte %1").arg(file.byteOffset);
    if (where.isEmpty())
        return file.reason;
    if (file.reason.isEmpty())
        return where;
    return tr("%1 (%2)").arg(file.reason, where);
}

QString ImportReportModel::displayPath(const FileReport& file) const
{
    if (m_profile) {
        if (file.rankIndex >= 0 && file.rankIndex < int(m_profile->ranks.size())) {
            const QString rel = relativeBelow(m_profile->ranks[std::size_t(file.rankIndex)]->info.rootPath, file.path);
            if (!rel.isEmpty())
                return rel;
        }
        const QString rel = relativeBelow(m_profile->rootPath, file.path);
        if (!rel.isEmpty())
            return rel;
    }
    return QDir::toNativeSeparators(file.path);
}

QString ImportReportModel::rankText(int rankIndex) const
{
    if (!m_profile || rankIndex < 0 || rankIndex >= int(m_profile->ranks.size()))
        return tr("—", "no rank: a cluster-level file");
    const RankInfo& info = m_profile->ranks[std::size_t(rankIndex)]->info;
    const QString id = info.rankId >= 0 ? QString::number(info.rankId) : info.displayName;
    if (m_duplicateRankIds)
        return id + QStringLiteral(" · ") + rankDisambiguation(*m_profile, std::size_t(rankIndex));
    return id;
}

QVariant ImportReportModel::data(const QModelIndex& index, int role) const
{
    const FileReport* file = index.isValid() ? fileAt(index.row()) : nullptr;
    if (!file)
        return {};
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case FileColumn:
            return displayPath(*file);
        case RankColumn:
            return rankText(file->rankIndex);
        case KindColumn:
            return file->kind;
        case StatusColumn:
            return statusText(file->status);
        case SizeColumn:
            return formatBytes(file->sizeBytes);
        case CountsColumn:
            return formatCounts(*file);
        case ReasonColumn:
            return formatWhere(*file);
        case ParseTimeColumn:
            // Nothing for files that were never opened, rather than "0.0 ms".
            return file->parseMs > 0 ? tr("%1 ms").arg(QLocale().toString(file->parseMs, 'f', 1)) : QString();
        }
        break;
    case SortRole:
        switch (column) {
        case RankColumn:
            return file->rankIndex;
        case StatusColumn:
            return int(file->status);
        case SizeColumn:
            return file->sizeBytes;
        case CountsColumn: {
            // The largest count is what one compares ("which file had most rows").
            qint64 most = 0;
            for (const auto& [what, n] : file->counts)
                most = std::max(most, n);
            return most;
        }
        case ParseTimeColumn:
            return file->parseMs;
        default:
            return data(index, Qt::DisplayRole);
        }
    case StatusRole:
        return int(file->status);
    case PathRole:
        return file->path;
    case Qt::ToolTipRole: {
        QString tip = QDir::toNativeSeparators(file->path);
        if (!file->reason.isEmpty())
            tip += QLatin1Char('\n') + formatWhere(*file);
        if (!file->warnings.isEmpty()) {
            tip += QLatin1Char('\n') + tr("Warnings:");
            for (const QString& w : file->warnings)
                tip += QStringLiteral("\n  • ") + w;
        }
        return tip;
    }
    case Qt::TextAlignmentRole:
        if (column == RankColumn || column == SizeColumn || column == ParseTimeColumn)
            return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
        break;
    default:
        break;
    }
    return {};
}

QVariant ImportReportModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole) {
        switch (section) {
        case FileColumn:
            return tr("File");
        case RankColumn:
            return tr("Rank");
        case KindColumn:
            return tr("Kind");
        case StatusColumn:
            return tr("Status");
        case SizeColumn:
            return tr("Size");
        case CountsColumn:
            return tr("Counts");
        case ReasonColumn:
            return tr("Reason / where");
        case ParseTimeColumn:
            return tr("Parse time");
        }
    } else if (role == Qt::ToolTipRole) {
        switch (section) {
        case FileColumn:
            return tr("Path relative to the rank folder (or to the opened folder for cluster-level files)");
        case CountsColumn:
            return tr("What the file contributed: rows, or trace events by phase letter (X, C, s, f, …)");
        case ReasonColumn:
            return tr("Why a file was skipped or what is wrong with it, with the line or byte offset when known");
        case ParseTimeColumn:
            return tr("Wall time spent reading the file");
        default:
            break;
        }
    } else if (role == Qt::TextAlignmentRole) {
        if (section == RankColumn || section == SizeColumn || section == ParseTimeColumn)
            return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    }
    return {};
}

ImportMessageModel::ImportMessageModel(QObject* parent)
    : QAbstractListModel(parent)
{
}

void ImportMessageModel::setProfile(ProfilePtr profile)
{
    beginResetModel();
    m_profile = std::move(profile);
    endResetModel();
}

int ImportMessageModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !m_profile)
        return 0;
    return int(m_profile->report.messages.size());
}

QString ImportMessageModel::severityText(ImportMessage::Severity severity)
{
    switch (severity) {
    case ImportMessage::Info:
        return tr("Info");
    case ImportMessage::Warning:
        return tr("Warning");
    case ImportMessage::Error:
        return tr("Error");
    }
    return {};
}

QVariant ImportMessageModel::data(const QModelIndex& index, int role) const
{
    if (!m_profile || !index.isValid() || index.row() < 0 || index.row() >= rowCount())
        return {};
    const ImportMessage& m = m_profile->report.messages[std::size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return m.text;
    case SeverityRole:
        return int(m.severity);
    case PathRole:
        return m.path;
    case Qt::ToolTipRole:
        return m.path.isEmpty() ? severityText(m.severity)
                                : severityText(m.severity) + QStringLiteral(": ") + QDir::toNativeSeparators(m.path);
    default:
        return {};
    }
}

} // namespace profscope
