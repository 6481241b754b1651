// SPDX-License-Identifier: Apache-2.0
// The Overview's advice table (AdviceModel, declared in overviewmodels.h):
// the findings of the advice engine, grouped by root cause.
#include "overviewmodels.h"

#include <QApplication>
#include <QFont>
#include <QStyle>

namespace profscope {

AdviceModel::AdviceModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void AdviceModel::setFindings(std::vector<Finding> findings)
{
    beginResetModel();
    m_findings = std::move(findings); // the engine's order: causes, what they explain, the rest
    endResetModel();
}

int AdviceModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_findings.size());
}

int AdviceModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AdviceModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Finding& f = m_findings[std::size_t(index.row())];
    if (role == FindingRole)
        return index.row();
    if (role == SortRole && index.column() == SeverityColumn)
        return int(f.severity);
    if (role == Qt::DecorationRole && index.column() == SeverityColumn) {
        const QStyle::StandardPixmap icon = f.severity == Finding::Severity::Critical ? QStyle::SP_MessageBoxCritical
            : f.severity == Finding::Severity::Warning                                ? QStyle::SP_MessageBoxWarning
                                                       : QStyle::SP_MessageBoxInformation;
        return QApplication::style()->standardIcon(icon);
    }
    const bool hasCost = f.isCause || f.impactNs > 0;
    if (role == Qt::ToolTipRole) {
        QString tip = f.title;
        if (f.explainedBy >= 0 && std::size_t(f.explainedBy) < m_findings.size())
            tip += QLatin1Char('\n') + tr("Explained by: %1").arg(m_findings[std::size_t(f.explainedBy)].title);
        if (hasCost)
            tip += QLatin1Char('\n')
                + tr("Costs %1 µs per step (%2% of the step)")
                      .arg(f.impactNs / 1000.0, 0, 'f', 1)
                      .arg(f.impactShare * 100.0, 0, 'f', 1);
        if (!f.rule.isEmpty())
            tip += QLatin1Char('\n') + tr("Rule: %1").arg(f.rule);
        if (!f.measured.isEmpty())
            tip += QLatin1Char('\n') + tr("Measured: %1").arg(f.measured);
        if (!f.evidence.isEmpty())
            tip += QLatin1Char('\n') + tr("Evidence: %1").arg(f.evidence);
        if (f.target != Finding::Target::None)
            tip += QLatin1Char('\n') + tr("Double-click or press Enter to go there.");
        return tip;
    }
    if (role == Qt::FontRole && f.isCause && index.column() <= CostColumn) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (role == Qt::TextAlignmentRole && index.column() == CostColumn)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == SortRole && index.column() == CostColumn)
        return f.impactNs;
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    switch (index.column()) {
    case SeverityColumn:
        return severityName(f.severity);
    case TitleColumn:
        // A symptom sits under the cause that explains it.
        return f.explainedBy >= 0 ? QStringLiteral("    ↳ ") + f.title : f.title;
    case CostColumn:
        return hasCost ? tr("%1 µs (%2%)").arg(f.impactNs / 1000.0, 0, 'f', 1).arg(f.impactShare * 100.0, 0, 'f', 1)
                       : QString();
    case MeasuredColumn:
        return f.measured;
    case RuleColumn:
        return f.rule;
    case EvidenceColumn:
        return f.evidence;
    }
    return {};
}

QVariant AdviceModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case SeverityColumn:
        return tr("Severity");
    case TitleColumn:
        return tr("Finding");
    case CostColumn:
        return tr("Cost per step");
    case MeasuredColumn:
        return tr("Measured");
    case RuleColumn:
        return tr("Rule and threshold");
    case EvidenceColumn:
        return tr("Evidence");
    }
    return {};
}

} // namespace profscope
