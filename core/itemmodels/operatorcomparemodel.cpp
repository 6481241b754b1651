// SPDX-License-Identifier: Apache-2.0
#include "operatorcomparemodel.h"
#include "operatorstatmodel.h"

#include <algorithm>
#include <cstdlib>
#include <map>

namespace profscope {

namespace {

    void sortByAbsDelta(std::vector<OperatorDelta>& rows)
    {
        std::stable_sort(rows.begin(), rows.end(), [](const OperatorDelta& a, const OperatorDelta& b) {
            const TimeNs da = std::abs(a.deltaNs()), db = std::abs(b.deltaNs());
            if (da != db)
                return da > db;
            return a.key < b.key;
        });
    }

} // namespace

std::vector<OperatorDelta> operatorDeltasByType(const OperatorComparison& comparison)
{
    std::vector<OperatorDelta> rows;
    rows.reserve(comparison.byType.size());
    for (const TypeDelta& t : comparison.byType) {
        OperatorDelta d;
        d.key = t.type;
        d.type = t.type;
        d.baseCount = t.baseCount;
        d.otherCount = t.otherCount;
        d.matchedCount = t.matchedCount;
        d.baseTotalNs = t.baseTotalNs;
        d.otherTotalNs = t.otherTotalNs;
        rows.push_back(std::move(d));
    }
    sortByAbsDelta(rows);
    return rows;
}

std::vector<OperatorDelta> operatorDeltasByName(
    const KernelTable& base, const KernelTable& other, const OperatorComparison& comparison)
{
    // Keyed by (name, type) text: the two tables have their own string pools.
    std::map<std::pair<QString, QString>, OperatorDelta> rows;
    const auto row = [&rows](const KernelTable& k, qint64 index) -> OperatorDelta& {
        const auto i = std::size_t(index);
        const QString name = k.strings.string(k.name[i]);
        const QString type = k.strings.string(k.type[i]);
        OperatorDelta& d = rows[{ name, type }];
        d.key = name;
        d.type = type;
        return d;
    };
    for (const MatchedOp& m : comparison.matched) {
        OperatorDelta& d = row(base, m.baseIndex);
        ++d.baseCount;
        ++d.otherCount;
        ++d.matchedCount;
        d.baseTotalNs += base.durNs[std::size_t(m.baseIndex)];
        d.otherTotalNs += other.durNs[std::size_t(m.otherIndex)];
    }
    for (const qint64 i : comparison.onlyBase) {
        OperatorDelta& d = row(base, i);
        ++d.baseCount;
        d.baseTotalNs += base.durNs[std::size_t(i)];
    }
    for (const qint64 i : comparison.onlyOther) {
        OperatorDelta& d = row(other, i);
        ++d.otherCount;
        d.otherTotalNs += other.durNs[std::size_t(i)];
    }
    std::vector<OperatorDelta> out;
    out.reserve(rows.size());
    for (auto& [key, d] : rows)
        out.push_back(std::move(d));
    sortByAbsDelta(out);
    return out;
}

bool hasStepIds(const KernelTable& kernels)
{
    return std::any_of(kernels.stepId.begin(), kernels.stepId.end(), [](qint32 s) { return s >= 0; });
}

KernelTable kernelsOfStep(const KernelTable& k, qint32 stepId)
{
    const bool all = stepId < 0 || !hasStepIds(k);
    KernelTable out;
    std::map<std::uint32_t, StringId> ids; // source id -> id in the new pool
    const auto copyString = [&](StringId id) {
        auto it = ids.find(id.value);
        if (it == ids.end())
            it = ids.emplace(id.value, out.strings.intern(k.strings.view(id))).first;
        return it->second;
    };
    const auto copyColumn = [](const auto& from, auto& to, std::size_t i) {
        if (i < from.size())
            to.push_back(from[i]);
    };
    for (std::size_t i = 0; i < k.size(); ++i) {
        if (!all && k.stepId[i] != stepId)
            continue;
        copyColumn(k.stepId, out.stepId, i);
        copyColumn(k.modelId, out.modelId, i);
        copyColumn(k.taskId, out.taskId, i);
        copyColumn(k.streamId, out.streamId, i);
        copyColumn(k.deviceId, out.deviceId, i);
        copyColumn(k.startNs, out.startNs, i);
        copyColumn(k.durNs, out.durNs, i);
        copyColumn(k.waitNs, out.waitNs, i);
        copyColumn(k.blockDim, out.blockDim, i);
        copyColumn(k.contextId, out.contextId, i);
        copyColumn(k.communication, out.communication, i);
        for (auto [from, to] : { std::pair { &k.name, &out.name }, { &k.type, &out.type }, { &k.opState, &out.opState },
                 { &k.acceleratorCore, &out.acceleratorCore }, { &k.inputShapes, &out.inputShapes },
                 { &k.inputDataTypes, &out.inputDataTypes }, { &k.outputShapes, &out.outputShapes } })
            if (i < from->size())
                to->push_back(copyString((*from)[i]));
    }
    return out;
}

OperatorCompareModel::OperatorCompareModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void OperatorCompareModel::setDeltas(std::vector<OperatorDelta> deltas, bool byType)
{
    beginResetModel();
    m_deltas = std::move(deltas);
    m_byType = byType;
    endResetModel();
    emit headerDataChanged(Qt::Horizontal, KeyColumn, KeyColumn);
}

int OperatorCompareModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_deltas.size());
}

int OperatorCompareModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant OperatorCompareModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount)
        return {};
    const OperatorDelta& d = m_deltas[std::size_t(index.row())];
    const auto column = Column(index.column());
    const auto status = [&d]() -> QString {
        switch (d.side()) {
        case OperatorDelta::Side::OnlyBase:
            return tr("only in baseline");
        case OperatorDelta::Side::OnlyOther:
            return tr("only in comparison");
        case OperatorDelta::Side::Both:
            break;
        }
        const qint64 unmatched = d.baseCount + d.otherCount - 2 * d.matchedCount;
        return unmatched > 0 ? tr("%1 unpaired kernels").arg(unmatched) : QString();
    };
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case KeyColumn:
            return d.key;
        case BaseCountColumn:
            return QString::number(d.baseCount);
        case OtherCountColumn:
            return QString::number(d.otherCount);
        case BaseTotalColumn:
            return formatMicroseconds(d.baseTotalNs);
        case OtherTotalColumn:
            return formatMicroseconds(d.otherTotalNs);
        case DeltaColumn:
            return QString((d.deltaNs() > 0 ? QStringLiteral("+") : QString()) + formatMicroseconds(d.deltaNs()));
        case DeltaPercentColumn:
            return hasValue(d.deltaPercent())
                ? (d.deltaPercent() > 0 ? QStringLiteral("+") : QString()) + QString::number(d.deltaPercent(), 'f', 1)
                : QStringLiteral("-");
        case StatusColumn:
            return status();
        case ColumnCount:
            break;
        }
        return {};
    case SortRole:
        switch (column) {
        case KeyColumn:
            return d.key;
        case BaseCountColumn:
            return d.baseCount;
        case OtherCountColumn:
            return d.otherCount;
        case BaseTotalColumn:
            return double(d.baseTotalNs) / 1000.0;
        case OtherTotalColumn:
            return double(d.otherTotalNs) / 1000.0;
        case DeltaColumn:
            return double(d.deltaNs()) / 1000.0;
        case DeltaPercentColumn:
            return hasValue(d.deltaPercent()) ? d.deltaPercent() : 1e300;
        case StatusColumn:
            return status();
        case ColumnCount:
            break;
        }
        return {};
    case Qt::TextAlignmentRole:
        return column == KeyColumn || column == StatusColumn ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                                             : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (column == KeyColumn && !m_byType)
            return QString(d.key + QStringLiteral("\n") + tr("Type: %1").arg(d.type));
        if (column == StatusColumn || column == KeyColumn)
            return tr("%1 of %2 baseline and %3 comparison kernels paired by the alignment")
                .arg(d.matchedCount)
                .arg(d.baseCount)
                .arg(d.otherCount);
        return {};
    case SideRole:
        return int(d.side());
    case FilterRole:
        return QString(d.key + QLatin1Char(' ') + d.type);
    default:
        return {};
    }
}

QVariant OperatorCompareModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case KeyColumn:
        return m_byType ? tr("Type") : tr("Name");
    case BaseCountColumn:
        return tr("Baseline count");
    case OtherCountColumn:
        return tr("Comparison count");
    case BaseTotalColumn:
        return tr("Baseline total (us)");
    case OtherTotalColumn:
        return tr("Comparison total (us)");
    case DeltaColumn:
        return tr("Delta (us)");
    case DeltaPercentColumn:
        return tr("Delta (%)");
    case StatusColumn:
        return tr("Status");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace profscope
