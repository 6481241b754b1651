// SPDX-License-Identifier: Apache-2.0
#include "commcomparemodel.h"

#include <QLocale>

#include <cmath>

namespace profscope {

namespace {

QString number(double v, int decimals)
{
    return QLocale().toString(v, 'f', decimals);
}

// "+1.234" / "−1.234": the sign always shown, a real minus.
QString signedNumber(double v, int decimals)
{
    const QString text = QLocale().toString(std::abs(v), 'f', decimals);
    if (text == QLocale().toString(0.0, 'f', decimals))
        return text;
    return (v < 0 ? QStringLiteral("\u2212") : QStringLiteral("+")) + text;
}

QVariant alignment(bool numeric)
{
    return numeric ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
}

} // namespace

void CommLinkDeltaModel::setRows(std::vector<CommLinkDelta> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

int CommLinkDeltaModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CommLinkDeltaModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CommLinkDeltaModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()))
        return {};
    const CommLinkDelta& r = m_rows[std::size_t(index.row())];
    if (role == Qt::TextAlignmentRole)
        return alignment(index.column() >= BaseTime);
    if (role == Qt::ToolTipRole && (!r.inBase || !r.inOther))
        return r.inBase ? tr("Only in the base run") : tr("Only in the comparison run (B)");
    if (role == SortRole) {
        switch (index.column()) {
        case Link:
            return r.srcRank * 100000 + r.dstRank;
        case Transport:
            return r.transport;
        case BaseTime:
            return r.baseTimeMs;
        case OtherTime:
            return r.otherTimeMs;
        case DeltaTime:
            return std::abs(r.deltaTimeMs());
        case BaseBandwidth:
            return r.baseBandwidthGBps();
        case OtherBandwidth:
            return r.otherBandwidthGBps();
        case DeltaBandwidth:
            return std::abs(r.deltaBandwidthGBps());
        }
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Link:
        return tr("%1 \u2192 %2").arg(r.srcRank).arg(r.dstRank);
    case Transport:
        return r.transport;
    case BaseTime:
        return r.inBase ? number(r.baseTimeMs, 3) : tr("\u2014");
    case OtherTime:
        return r.inOther ? number(r.otherTimeMs, 3) : tr("\u2014");
    case DeltaTime:
        return signedNumber(r.deltaTimeMs(), 3);
    case BaseBandwidth:
        return r.inBase ? number(r.baseBandwidthGBps(), 2) : tr("\u2014");
    case OtherBandwidth:
        return r.inOther ? number(r.otherBandwidthGBps(), 2) : tr("\u2014");
    case DeltaBandwidth:
        return signedNumber(r.deltaBandwidthGBps(), 2);
    }
    return {};
}

QVariant CommLinkDeltaModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Link:
        return tr("Link");
    case Transport:
        return tr("Transport");
    case BaseTime:
        return tr("Base time (ms)");
    case OtherTime:
        return tr("B time (ms)");
    case DeltaTime:
        return tr("\u0394 time (ms)");
    case BaseBandwidth:
        return tr("Base GB/s");
    case OtherBandwidth:
        return tr("B GB/s");
    case DeltaBandwidth:
        return tr("\u0394 GB/s");
    }
    return {};
}

void CommOpDeltaModel::setRows(std::vector<CommOpDelta> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

int CommOpDeltaModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CommOpDeltaModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CommOpDeltaModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= int(m_rows.size()))
        return {};
    const CommOpDelta& r = m_rows[std::size_t(index.row())];
    const bool inBase = !r.baseName.isEmpty();
    const bool inOther = !r.otherName.isEmpty();
    const double pct = r.baseTotalMs > 0 ? 100.0 * r.deltaMs() / r.baseTotalMs : 0;
    if (role == Qt::TextAlignmentRole)
        return alignment(index.column() >= DeltaTotal);
    if (role == Qt::ToolTipRole) {
        if (!inBase)
            return tr("Only in the comparison run (B)");
        if (!inOther)
            return tr("Only in the base run");
        return r.byName ? tr("Paired by name") : tr("Paired by op type (%1) and order").arg(r.opType);
    }
    if (role == SortRole) {
        switch (index.column()) {
        case Op:
            return r.name();
        case OtherOp:
            return r.otherName;
        case BaseCount:
            return r.baseCount;
        case OtherCount:
            return r.otherCount;
        case BaseTotal:
            return r.baseTotalMs;
        case OtherTotal:
            return r.otherTotalMs;
        case BaseMean:
            return r.baseMeanMs();
        case OtherMean:
            return r.otherMeanMs();
        case DeltaTotal:
            return std::abs(r.deltaMs());
        case DeltaPercent:
            return std::abs(pct);
        }
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Op:
        return inBase ? r.baseName : tr("(not in base)");
    case OtherOp:
        return inOther ? r.otherName : tr("(not in B)");
    case BaseCount:
        return r.baseCount;
    case OtherCount:
        return r.otherCount;
    case BaseTotal:
        return number(r.baseTotalMs, 3);
    case OtherTotal:
        return number(r.otherTotalMs, 3);
    case BaseMean:
        return inBase ? number(r.baseMeanMs(), 3) : tr("\u2014");
    case OtherMean:
        return inOther ? number(r.otherMeanMs(), 3) : tr("\u2014");
    case DeltaTotal:
        return signedNumber(r.deltaMs(), 3);
    case DeltaPercent:
        return inBase && inOther && r.baseTotalMs > 0 ? signedNumber(pct, 1) + QLatin1Char('%') : tr("\u2014");
    }
    return {};
}

QVariant CommOpDeltaModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Op:
        return tr("Op");
    case OtherOp:
        return tr("B op");
    case BaseCount:
        return tr("Base count");
    case OtherCount:
        return tr("B count");
    case BaseTotal:
        return tr("Base total (ms)");
    case OtherTotal:
        return tr("B total (ms)");
    case BaseMean:
        return tr("Base mean (ms)");
    case OtherMean:
        return tr("B mean (ms)");
    case DeltaTotal:
        return tr("\u0394 total (ms)");
    case DeltaPercent:
        return tr("\u0394 %");
    }
    return {};
}

} // namespace profscope
