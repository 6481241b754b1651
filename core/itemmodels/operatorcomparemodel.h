// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../analysis/compare.h"

#include <QAbstractTableModel>

#include <vector>

namespace profscope {

// One row of an operator comparison: an op type or an op name with its
// time on both sides. Kernels paired by the alignment count under the base
// kernel's name, so a renamed op does not split into two one-sided rows.
struct OperatorDelta
{
    enum class Side
    {
        Both,
        OnlyBase,
        OnlyOther
    };
    QString key; // op type or op name
    QString type; // op type (also for name rows)
    qint64 baseCount = 0;
    qint64 otherCount = 0;
    qint64 matchedCount = 0;
    TimeNs baseTotalNs = 0;
    TimeNs otherTotalNs = 0;

    TimeNs deltaNs() const
    {
        return otherTotalNs - baseTotalNs;
    }
    double deltaPercent() const
    {
        return baseTotalNs ? 100.0 * double(deltaNs()) / double(baseTotalNs) : kNoValue;
    }
    Side side() const
    {
        return otherCount == 0 ? Side::OnlyBase : baseCount == 0 ? Side::OnlyOther : Side::Both;
    }
};

// Sorted by |delta| descending, then key.
std::vector<OperatorDelta> operatorDeltasByType(const OperatorComparison& comparison);
std::vector<OperatorDelta> operatorDeltasByName(
    const KernelTable& base, const KernelTable& other, const OperatorComparison& comparison);

// The kernels of one Step Id (all of them for -1 or when the table has no
// step ids), as a table of their own so that the alignment sees one step.
KernelTable kernelsOfStep(const KernelTable& kernels, qint32 stepId);
bool hasStepIds(const KernelTable& kernels);

// Side-by-side totals of two ranks (or runs) per op type or op name, in the
// order given (|delta| first). QtCore only: the view colours one-sided rows.
class OperatorCompareModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        KeyColumn,
        BaseCountColumn,
        OtherCountColumn,
        BaseTotalColumn,
        OtherTotalColumn,
        DeltaColumn,
        DeltaPercentColumn,
        StatusColumn,
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole, // raw numbers for numeric columns, text elsewhere
        SideRole, // int(OperatorDelta::Side)
        FilterRole, // key and type
    };

    explicit OperatorCompareModel(QObject* parent = nullptr);

    // byType: the key column is the op type, else the op name.
    void setDeltas(std::vector<OperatorDelta> deltas, bool byType);
    const OperatorDelta& delta(int row) const
    {
        return m_deltas[std::size_t(row)];
    }
    const std::vector<OperatorDelta>& deltas() const
    {
        return m_deltas;
    }
    bool byType() const
    {
        return m_byType;
    }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<OperatorDelta> m_deltas;
    bool m_byType = true;
};

} // namespace profscope
