// SPDX-License-Identifier: Apache-2.0
#include "overviewcomparemodels.h"

#include "common/statuscolors.h"
#include "overviewmodels.h"

#include <QApplication>
#include <QFont>

#include <cmath>
#include <limits>

namespace profscope {

namespace {

QString usText(double ns)
{
    return QString::number(ns / 1000.0, 'f', 3);
}

// Rows without a value sort below every number in either order.
QVariant noValue()
{
    return std::numeric_limits<double>::lowest();
}

} // namespace

QColor deltaColor(double deltaNs, const QPalette& palette)
{
    if (deltaNs > 0)
        return statusColor(FileStatus::Broken, palette);
    if (deltaNs < 0)
        return statusColor(FileStatus::Used, palette);
    return palette.color(QPalette::Text);
}

QString formatDeltaUs(double deltaNs)
{
    const QString text = usText(std::abs(deltaNs));
    return (deltaNs < 0 ? QStringLiteral("-") : QStringLiteral("+")) + text;
}

// ---------------------------------------------------------------------------

OverviewCompareModel::OverviewCompareModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void OverviewCompareModel::setComparison(OverviewComparison comparison)
{
    beginResetModel();
    m_comparison = std::move(comparison);
    endResetModel();
}

int OverviewCompareModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_comparison.rows.size());
}

int OverviewCompareModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant OverviewCompareModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const OverviewCompareRow& r = row(index.row());
    const int c = index.column();
    if (role == BaseRankRole)
        return r.baseRank;
    if (role == OtherRankRole)
        return r.otherRank;
    if (role == Qt::TextAlignmentRole)
        return c >= BaseTotalColumn ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter)) : QVariant();

    // The value of a cell as a number (NaN: empty).
    double value = std::numeric_limits<double>::quiet_NaN();
    bool delta = false;
    switch (c) {
    case RankColumn:
        if (role == Qt::DisplayRole)
            return rankText(r.baseRankId, r.baseRank);
        if (role == SortRole)
            return r.baseRankId >= 0 ? r.baseRankId : r.baseRank;
        return {};
    case OtherRankColumn:
        if (role == Qt::DisplayRole)
            return r.otherRank < 0 ? tr("none") : rankText(r.otherRankId, r.otherRank);
        if (role == SortRole)
            return r.otherRank < 0 ? noValue() : QVariant(r.otherRankId >= 0 ? r.otherRankId : r.otherRank);
        return {};
    case BaseTotalColumn:
        if (r.base.known)
            value = double(r.base.totalNs);
        break;
    case OtherTotalColumn:
        if (r.other.known)
            value = double(r.other.totalNs);
        break;
    case DeltaTotalColumn:
        delta = true;
        if (r.paired())
            value = double(r.totalDeltaNs());
        break;
    case DeltaPercentColumn:
        delta = true;
        if (r.paired() && r.base.totalNs > 0)
            value = 100.0 * double(r.totalDeltaNs()) / double(r.base.totalNs);
        if (role == Qt::DisplayRole)
            return std::isnan(value) ? QString()
                                     : QStringLiteral("%1%2 %")
                                           .arg(value < 0 ? QStringLiteral("-") : QStringLiteral("+"))
                                           .arg(std::abs(value), 0, 'f', 1);
        break;
    default: {
        const int k = c - FirstPartColumn;
        const OverviewPart part = OverviewPart(k / 3);
        const int which = k % 3;
        if (which == 0 && r.base.known)
            value = double(r.base.partsNs[std::size_t(part)]);
        else if (which == 1 && r.other.known)
            value = double(r.other.partsNs[std::size_t(part)]);
        else if (which == 2 && r.paired())
            value = double(r.partDeltaNs(part));
        delta = which == 2;
        break;
    }
    }
    switch (role) {
    case Qt::DisplayRole:
        if (std::isnan(value))
            return QString();
        return delta ? formatDeltaUs(value) : usText(value);
    case SortRole:
        return std::isnan(value) ? noValue() : QVariant(value);
    case Qt::ForegroundRole:
        if (delta && !std::isnan(value) && value != 0)
            return deltaColor(value, QApplication::palette());
        return {};
    case Qt::ToolTipRole:
        if (!r.base.known)
            return tr("This rank has no figures for the step.");
        if (r.otherRank < 0)
            return tr("No rank of the comparison run is mapped to this rank (File → Edit Rank Mapping).");
        if (!r.other.known)
            return tr("The comparison rank has no figures for the step.");
        return {};
    default:
        return {};
    }
}

QVariant OverviewCompareModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case RankColumn:
        return tr("Rank");
    case OtherRankColumn:
        return tr("Comparison rank");
    case BaseTotalColumn:
        return tr("Step time (µs)");
    case OtherTotalColumn:
        return tr("Comparison step time (µs)");
    case DeltaTotalColumn:
        return tr("Δ step time (µs)");
    case DeltaPercentColumn:
        return tr("Δ step time (%)");
    default:
        break;
    }
    const int k = section - FirstPartColumn;
    const QString name = barComponentName(BarComponent(k / 3));
    switch (k % 3) {
    case 0:
        return tr("%1 (µs)").arg(name);
    case 1:
        return tr("Comparison %1 (µs)").arg(name);
    default:
        return tr("Δ %1 (µs)").arg(name);
    }
}

// ---------------------------------------------------------------------------

OverviewExplainModel::OverviewExplainModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void OverviewExplainModel::setComparison(const OverviewComparison& comparison)
{
    beginResetModel();
    m_pairedRows = comparison.pairedRows;
    const double n = std::max(1, comparison.pairedRows);
    for (int p = 0; p < kOverviewPartCount; ++p) {
        m_baseNs[std::size_t(p)] = double(comparison.basePartSumNs[std::size_t(p)]) / n;
        m_otherNs[std::size_t(p)] = double(comparison.otherPartSumNs[std::size_t(p)]) / n;
    }
    m_baseNs[kTotalRow] = comparison.meanBaseTotalNs();
    m_otherNs[kTotalRow] = comparison.meanOtherTotalNs();
    endResetModel();
}

double OverviewExplainModel::baseNs(int row) const
{
    return row >= 0 && row <= kTotalRow ? m_baseNs[std::size_t(row)] : 0.0;
}

double OverviewExplainModel::otherNs(int row) const
{
    return row >= 0 && row <= kTotalRow ? m_otherNs[std::size_t(row)] : 0.0;
}

int OverviewExplainModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || m_pairedRows == 0 ? 0 : kTotalRow + 1;
}

int OverviewExplainModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant OverviewExplainModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const int r = index.row();
    const double delta = deltaNs(r);
    const double totalDelta = deltaNs(kTotalRow);
    if (role == DeltaNsRole)
        return delta;
    if (role == Qt::TextAlignmentRole)
        return index.column() == CategoryColumn ? QVariant() : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    if (role == Qt::FontRole && r == kTotalRow) {
        QFont bold = QApplication::font();
        bold.setBold(true);
        return bold;
    }
    if (role == Qt::ForegroundRole && (index.column() == DeltaColumn || index.column() == ShareColumn) && delta != 0)
        return deltaColor(delta, QApplication::palette());
    if (role == Qt::ToolTipRole && index.column() == CategoryColumn)
        return r == kTotalRow ? tr("The step time: the sum of the parts above")
                              : barComponentDescription(BarComponent(r));
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    switch (index.column()) {
    case CategoryColumn:
        if (role == SortRole)
            return r;
        return r == kTotalRow ? tr("Step time") : barComponentName(BarComponent(r));
    case BaseColumn:
        return role == SortRole ? QVariant(baseNs(r)) : QVariant(usText(baseNs(r)));
    case OtherColumn:
        return role == SortRole ? QVariant(otherNs(r)) : QVariant(usText(otherNs(r)));
    case DeltaColumn:
        return role == SortRole ? QVariant(delta) : QVariant(formatDeltaUs(delta));
    case ShareColumn: {
        // Of the step-time delta; meaningless when the step time did not move.
        if (std::abs(totalDelta) < 0.5)
            return role == SortRole ? noValue() : QVariant(QString());
        const double share = 100.0 * delta / totalDelta;
        return role == SortRole ? QVariant(share) : QVariant(QString::number(share, 'f', 1) + QStringLiteral(" %"));
    }
    default:
        return {};
    }
}

QVariant OverviewExplainModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case CategoryColumn:
        return tr("Category");
    case BaseColumn:
        return tr("Base, mean (µs)");
    case OtherColumn:
        return tr("Comparison, mean (µs)");
    case DeltaColumn:
        return tr("Δ (µs)");
    case ShareColumn:
        return tr("Share of Δ step time");
    default:
        return {};
    }
}

} // namespace profscope
