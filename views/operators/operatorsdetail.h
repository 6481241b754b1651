// SPDX-License-Identifier: Apache-2.0
#pragma once

// Helpers the Operators page's two translation units share (operatorspage.cpp:
// one rank; operatorspagecompare.cpp: two ranks or two runs).

#include "common/statuscolors.h"
#include "itemmodels/operatorcomparemodel.h"
#include "model/tables.h"

#include <QPalette>
#include <QSortFilterProxyModel>

namespace profscope::operators_detail {

inline constexpr int kDefaultChartBars = 10;
inline constexpr int kMaxChartBars = 20;

// Colours one-sided rows and the sign of the deltas; the core model stays
// free of QtGui.
class CompareProxy : public QSortFilterProxyModel
{
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;
    const QPalette* palette = nullptr;

    QString rowToolTip; // how to reach the timelines from a row

    QVariant data(const QModelIndex& index, int role) const override
    {
        if (role == Qt::ToolTipRole && !rowToolTip.isEmpty()) {
            const QVariant own = QSortFilterProxyModel::data(index, role);
            return own.toString().isEmpty() ? QVariant(rowToolTip)
                                            : QVariant(own.toString() + QLatin1Char('\n') + rowToolTip);
        }
        if (role != Qt::ForegroundRole || !palette)
            return QSortFilterProxyModel::data(index, role);
        const QModelIndex source = mapToSource(index);
        const auto side = OperatorDelta::Side(source.data(OperatorCompareModel::SideRole).toInt());
        if (side == OperatorDelta::Side::OnlyBase)
            return statusColor(FileStatus::Skipped, *palette);
        if (side == OperatorDelta::Side::OnlyOther)
            return severityColor(ImportMessage::Info, *palette);
        if (index.column() == OperatorCompareModel::DeltaColumn
            || index.column() == OperatorCompareModel::DeltaPercentColumn) {
            const double v = source.data(OperatorCompareModel::SortRole).toDouble();
            if (v > 0)
                return statusColor(FileStatus::Broken, *palette);
            if (v < 0)
                return statusColor(FileStatus::Used, *palette);
        }
        return {};
    }
};

// Row of the longest kernel matching a predicate in one step (-1: none).
template <typename Match> qint64 longestKernel(const KernelTable& k, qint32 stepId, Match match)
{
    qint64 best = -1;
    for (std::size_t i = 0; i < k.size(); ++i) {
        if (stepId >= 0 && k.stepId[i] != stepId)
            continue;
        if (match(i) && (best < 0 || k.durNs[i] > k.durNs[std::size_t(best)]))
            best = qint64(i);
    }
    return best;
}

inline StringId findId(const StringPool& pool, const QString& text)
{
    const QByteArray utf8 = text.toUtf8();
    return pool.find(std::string_view(utf8.constData(), std::size_t(utf8.size())));
}

} // namespace profscope::operators_detail
