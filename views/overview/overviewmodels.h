// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "analysis/advice.h"
#include "analysis/cluster.h"
#include "analysis/overviewcompare.h"

#include <QAbstractTableModel>
#include <QColor>
#include <QPalette>

#include <array>
#include <functional>
#include <memory>
#include <vector>

namespace profscope {

// The parts of a rank's step time the overview stacks, bottom to top. They
// add up to the step time: Computing − Overlapped + Overlapped +
// Communication(Not Overlapped) + Free = the span of the device work, plus
// Preparing before it.
enum class BarComponent
{
    ComputingOnly,
    Overlapped,
    CommunicationOnly,
    Free,
    Preparing
};
inline constexpr int kBarComponentCount = kOverviewPartCount;

QString barComponentName(BarComponent component);
// For legends: "Compute only", "Comm. only", ...
QString barComponentShortName(BarComponent component);
QString barComponentDescription(BarComponent component);
// Distinct hues that keep their contrast on light and dark palettes.
QColor barComponentColor(BarComponent component, const QPalette& palette);
// The components of one overview row; negative differences (rounding in
// old data) are clamped to 0.
std::array<TimeNs, kBarComponentCount> barComponents(const StepOverview& overview);

// Microseconds with three decimals (exact ns), no group separators: the
// tables are also exported as CSV and read by scripts.
QString formatUs(TimeNs ns);

// One row per rank (averaged over the steps or for the selected step): the
// numbers behind the stacked bars. The model sorts itself, so that the chart
// draws the bars in the order the user chose.
class OverviewBarsModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        RankColumn,
        HostColumn,
        StageColumn,
        ComputingOnlyColumn, // the five components, in BarComponent order
        OverlappedColumn,
        CommunicationOnlyColumn,
        FreeColumn,
        PreparingColumn,
        TotalColumn,
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole + 1, // numbers as numbers
        RankIndexRole, // index into Profile::ranks
        ValueNsRole, // component / total in ns
    };

    explicit OverviewBarsModel(QObject* parent = nullptr);

    void setRows(std::vector<ClusterStepRow> rows);
    // The rows of `rows` that `keep` accepts, in its order; `rows` is shared,
    // not copied (sharedClusterStepAverages: 10,000 ranks).
    void setRows(std::shared_ptr<const std::vector<ClusterStepRow>> rows,
                 const std::function<bool(const ClusterStepRow&)>& keep);
    const ClusterStepRow& row(int r) const
    {
        return *m_entries[std::size_t(r)].row;
    }
    TimeNs componentNs(int r, BarComponent component) const;
    TimeNs totalNs(int r) const;
    TimeNs maxTotalNs() const;
    int sortColumn() const
    {
        return m_sortColumn;
    }
    Qt::SortOrder sortOrder() const
    {
        return m_sortOrder;
    }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

private:
    // Small, so that sorting moves no rows (10,000 ranks: each row copied
    // or moved again was megabytes of fresh pages on every step change).
    struct Entry
    {
        const ClusterStepRow* row = nullptr; // into m_rows
        std::array<TimeNs, kBarComponentCount> componentsNs {};
        TimeNs totalNs = 0;
    };
    static qint64 sortKey(const Entry& e, int column);
    void applySort();

    std::shared_ptr<const std::vector<ClusterStepRow>> m_rows;
    std::vector<Entry> m_entries;
    int m_sortColumn = RankColumn;
    Qt::SortOrder m_sortOrder = Qt::AscendingOrder;
};

// The cluster step table: one row per rank and step, every overview column
// in µs, the parallel indexes and the pipeline stage when known, and the
// old-format (MindInsight) iteration columns when the data has them.
class ClusterStepTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Field
    {
        StepField,
        RankField,
        HostField,
        StageIndexField,
        DpField,
        PpField,
        TpField,
        StepTimeField,
        ComputingField,
        CommunicationNotOverlappedField,
        OverlappedField,
        CommunicationField,
        FreeField,
        StageField,
        BubbleField,
        CommunicationExcludeReceiveField,
        PreparingField,
        IterationIntervalField,
        FpBpField,
        TailField,
    };
    enum Role
    {
        SortRole = Qt::UserRole + 1,
        RankIndexRole,
        FieldRole, // on the header: the Field of a column
    };

    explicit ClusterStepTableModel(QObject* parent = nullptr);

    void setRows(std::vector<ClusterStepRow> rows);
    // The rows of `rows` that `keep` accepts, in its order; `rows` is shared,
    // not copied (sharedClusterStepAverages: 10,000 ranks).
    void setRows(std::shared_ptr<const std::vector<ClusterStepRow>> rows,
                 const std::function<bool(const ClusterStepRow&)>& keep);
    // Rows of a shared table, shown in place: `owner` keeps them alive (the profile's
    // cluster step table, 3,072 rows at 1024 ranks, was copied on the GUI thread on
    // every refresh).
    void setRows(std::shared_ptr<const void> owner, std::vector<const ClusterStepRow*> rows);
    const ClusterStepRow& row(int r) const
    {
        return *m_rows[std::size_t(r)];
    }
    // The rows whose cells are the widest of each column: for a number, its largest and
    // smallest value (the most digits, the sign; the text is the value in µs, 3 decimals),
    // for a text the longest; each among the italic (summary) and the upright rows. Fitting
    // the columns to these cells gives the widths all rows give, without measuring 3,072 rows.
    QModelIndexList widestCells() const;
    // Column of a field, -1 when the data does not have it.
    int column(Field field) const
    {
        return int(m_fields.indexOf(field));
    }
    Field field(int column) const
    {
        return m_fields[column];
    }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    TimeNs valueNs(const ClusterStepRow& row, Field field) const;

    std::shared_ptr<const void> m_owner; // what m_rows point into
    std::vector<const ClusterStepRow*> m_rows;
    QList<Field> m_fields;
};

// Per step over the shown ranks: the slowest rank's step time (the
// cluster's step time), the mean, and the mean of every component.
class StepTrendModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        StepColumn,
        RanksColumn,
        MaxStepTimeColumn,
        MeanStepTimeColumn,
        SlowestRankColumn,
        ComputingOnlyColumn, // the five mean components, in BarComponent order
        OverlappedColumn,
        CommunicationOnlyColumn,
        FreeColumn,
        PreparingColumn,
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole + 1,
        ValueNsRole,
    };
    struct Step
    {
        QString name;
        int ranks = 0;
        TimeNs maxNs = 0;
        TimeNs meanNs = 0;
        int slowestRankId = -1;
        std::array<TimeNs, kBarComponentCount> meanComponentsNs {};
    };

    explicit StepTrendModel(QObject* parent = nullptr);

    // rows: the cluster step rows of the shown ranks, steps in execution order.
    void setRows(const std::vector<ClusterStepRow>& rows, const QStringList& stepOrder);
    void setRows(const std::vector<const ClusterStepRow*>& rows, const QStringList& stepOrder);
    const std::vector<Step>& steps() const
    {
        return m_steps;
    }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<Step> m_steps;
};

// The advice engine's findings in its order: each root cause with what it
// costs per step, followed by the symptoms it explains (indented); then the
// other findings. Severity, title, cost, the measured value, the rule with its
// threshold and the evidence.
class AdviceModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        SeverityColumn,
        TitleColumn,
        CostColumn,
        MeasuredColumn,
        RuleColumn,
        EvidenceColumn,
        ColumnCount
    };
    enum Role
    {
        SortRole = Qt::UserRole + 1,
        FindingRole, // row index into findings()
    };

    explicit AdviceModel(QObject* parent = nullptr);

    void setFindings(std::vector<Finding> findings);
    const std::vector<Finding>& findings() const
    {
        return m_findings;
    }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<Finding> m_findings;
};

} // namespace profscope
