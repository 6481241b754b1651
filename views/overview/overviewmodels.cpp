// SPDX-License-Identifier: Apache-2.0
#include "overviewmodels.h"

#include "common/statuscolors.h"

#include <QFont>

#include <algorithm>
#include <map>

namespace profscope {

namespace {

bool valid(TimeNs ns)
{
    return ns != kInvalidTime;
}

QString optionalIndex(int index)
{
    return index >= 0 ? QString::number(index) : QString();
}

} // namespace

QString barComponentName(BarComponent component)
{
    switch (component) {
    case BarComponent::ComputingOnly:
        return OverviewBarsModel::tr("Computing (not overlapped)");
    case BarComponent::Overlapped:
        return OverviewBarsModel::tr("Overlapped");
    case BarComponent::CommunicationOnly:
        return OverviewBarsModel::tr("Communication (not overlapped)");
    case BarComponent::Free:
        return OverviewBarsModel::tr("Free");
    case BarComponent::Preparing:
        return OverviewBarsModel::tr("Preparing");
    }
    return {};
}

QString barComponentShortName(BarComponent component)
{
    switch (component) {
    case BarComponent::ComputingOnly:
        return OverviewBarsModel::tr("Compute only");
    case BarComponent::Overlapped:
        return OverviewBarsModel::tr("Overlapped");
    case BarComponent::CommunicationOnly:
        return OverviewBarsModel::tr("Comm. only");
    case BarComponent::Free:
        return OverviewBarsModel::tr("Free");
    case BarComponent::Preparing:
        return OverviewBarsModel::tr("Preparing");
    }
    return {};
}

QString barComponentDescription(BarComponent component)
{
    switch (component) {
    case BarComponent::ComputingOnly:
        return OverviewBarsModel::tr("Computing − Overlapped: kernels run while no communication does");
    case BarComponent::Overlapped:
        return OverviewBarsModel::tr("Computing and communication at the same time");
    case BarComponent::CommunicationOnly:
        return OverviewBarsModel::tr("Communication(Not Overlapped): communication with no kernel running");
    case BarComponent::Free:
        return OverviewBarsModel::tr("The device does neither inside the step");
    case BarComponent::Preparing:
        return OverviewBarsModel::tr("From the host's step start to the first device task");
    }
    return {};
}

QColor barComponentColor(BarComponent component, const QPalette& palette)
{
    static constexpr ThemedColor colors[kBarComponentCount] = {
        { 0x1f6fd0, 0x4c9aff }, // ComputingOnly: blue
        { 0x149c88, 0x3dc9b0 }, // Overlapped: teal
        { 0xe06c12, 0xff9e4a }, // CommunicationOnly: orange
        { 0xa8b0b9, 0x8b949e }, // Free: grey
        { 0x9b4dca, 0xd67ce8 }, // Preparing: violet
    };
    return themedColorAt(colors, int(component), palette);
}

std::array<TimeNs, kBarComponentCount> barComponents(const StepOverview& overview)
{
    // One definition with the run comparison (core), which explains the
    // step-time delta by these parts.
    return overviewParts(overview);
}

QString formatUs(TimeNs ns)
{
    if (!valid(ns))
        return {};
    return QString::number(double(ns) / 1000.0, 'f', 3);
}

// ---------------------------------------------------------------------------

OverviewBarsModel::OverviewBarsModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void OverviewBarsModel::setRows(std::vector<ClusterStepRow> rows)
{
    setRows(std::make_shared<const std::vector<ClusterStepRow>>(std::move(rows)), {});
}

void OverviewBarsModel::setRows(std::shared_ptr<const std::vector<ClusterStepRow>> rows,
                                const std::function<bool(const ClusterStepRow&)>& keep)
{
    beginResetModel();
    m_entries.clear();
    m_rows = std::move(rows);
    static const std::vector<ClusterStepRow> none;
    const std::vector<ClusterStepRow>& all = m_rows ? *m_rows : none; // both lvalues: no copy
    m_entries.reserve(all.size());
    for (const ClusterStepRow& row : all) {
        if (keep && !keep(row))
            continue;
        Entry entry;
        entry.componentsNs = barComponents(row.overview);
        for (const TimeNs part : entry.componentsNs)
            entry.totalNs += part;
        entry.row = &row;
        m_entries.push_back(entry);
    }
    applySort();
    endResetModel();
}

TimeNs OverviewBarsModel::componentNs(int r, BarComponent component) const
{
    return m_entries[std::size_t(r)].componentsNs[std::size_t(component)];
}

TimeNs OverviewBarsModel::totalNs(int r) const
{
    return m_entries[std::size_t(r)].totalNs;
}

TimeNs OverviewBarsModel::maxTotalNs() const
{
    TimeNs most = 0;
    for (const Entry& e : m_entries)
        most = std::max(most, e.totalNs);
    return most;
}

int OverviewBarsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

int OverviewBarsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

qint64 OverviewBarsModel::sortKey(const Entry& e, int column)
{
    switch (column) {
    case RankColumn:
        return e.row->rankId >= 0 ? e.row->rankId : e.row->rankIndex;
    case StageColumn:
        return e.row->stage;
    case TotalColumn:
        return e.totalNs;
    default:
        if (column >= ComputingOnlyColumn && column <= PreparingColumn)
            return e.componentsNs[std::size_t(column - ComputingOnlyColumn)];
    }
    return 0;
}

QVariant OverviewBarsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Entry& e = m_entries[std::size_t(index.row())];
    const int c = index.column();
    if (role == RankIndexRole)
        return e.row->rankIndex;
    if (role == Qt::TextAlignmentRole)
        return c == HostColumn ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                               : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == ValueNsRole) {
        if (c == TotalColumn)
            return qint64(e.totalNs);
        if (c >= ComputingOnlyColumn && c <= PreparingColumn)
            return qint64(e.componentsNs[std::size_t(c - ComputingOnlyColumn)]);
        return {};
    }
    if (role == SortRole) {
        if (c == HostColumn)
            return e.row->host;
        return sortKey(e, c);
    }
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (c) {
    case RankColumn:
        return rankText(e.row->rankId, e.row->rankIndex);
    case HostColumn:
        return e.row->host;
    case StageColumn:
        return optionalIndex(e.row->stage);
    case TotalColumn:
        return formatUs(e.totalNs);
    default:
        return formatUs(e.componentsNs[std::size_t(c - ComputingOnlyColumn)]);
    }
}

QVariant OverviewBarsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole && section >= ComputingOnlyColumn && section <= PreparingColumn)
        return barComponentDescription(BarComponent(section - ComputingOnlyColumn));
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case RankColumn:
        return tr("Rank");
    case HostColumn:
        return tr("Host");
    case StageColumn:
        return tr("Pipeline stage");
    case TotalColumn:
        return tr("Step time (us)");
    default:
        return tr("%1 (us)").arg(barComponentName(BarComponent(section - ComputingOnlyColumn)));
    }
}

void OverviewBarsModel::sort(int column, Qt::SortOrder order)
{
    if (column < 0 || column >= ColumnCount)
        return;
    emit layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList before = persistentIndexList();
    std::vector<int> oldRankIndexes;
    for (const QModelIndex& i : before)
        oldRankIndexes.push_back(m_entries[std::size_t(i.row())].row->rankIndex);
    m_sortColumn = column;
    m_sortOrder = order;
    applySort();
    // Persistent indexes follow their rank.
    QModelIndexList after;
    for (std::size_t k = 0; k < oldRankIndexes.size(); ++k) {
        int newRow = 0;
        for (std::size_t r = 0; r < m_entries.size(); ++r)
            if (m_entries[r].row->rankIndex == oldRankIndexes[k])
                newRow = int(r);
        after << index(newRow, before[qsizetype(k)].column());
    }
    changePersistentIndexList(before, after);
    emit layoutChanged({}, QAbstractItemModel::VerticalSortHint);
}

void OverviewBarsModel::applySort()
{
    const int column = m_sortColumn;
    const bool descending = m_sortOrder == Qt::DescendingOrder;
    const auto less = [&](const Entry& a, const Entry& b) {
        if (column == HostColumn && a.row->host != b.row->host)
            return descending ? b.row->host < a.row->host : a.row->host < b.row->host;
        const qint64 ka = sortKey(a, column);
        const qint64 kb = sortKey(b, column);
        if (ka != kb)
            return descending ? kb < ka : ka < kb;
        return sortKey(a, RankColumn) < sortKey(b, RankColumn); // ties: by rank, always ascending
    };
    // The rows come in rank order, the default sort: a merge sort of 10,000 entries moved each
    // of them a dozen times on every step change.
    if (!std::is_sorted(m_entries.begin(), m_entries.end(), less))
        std::stable_sort(m_entries.begin(), m_entries.end(), less);
}

// ---------------------------------------------------------------------------

ClusterStepTableModel::ClusterStepTableModel(QObject* parent)
    : QAbstractTableModel(parent)
{
    setRows({});
}

TimeNs ClusterStepTableModel::valueNs(const ClusterStepRow& row, Field field) const
{
    const StepOverview& o = row.overview;
    switch (field) {
    case StepTimeField: {
        TimeNs total = 0;
        for (const TimeNs part : barComponents(o))
            total += part;
        return total;
    }
    case ComputingField:
        return o.value(StepTraceRow::Computing);
    case CommunicationNotOverlappedField:
        return o.value(StepTraceRow::CommunicationNotOverlapped);
    case OverlappedField:
        return o.value(StepTraceRow::Overlapped);
    case CommunicationField:
        return o.value(StepTraceRow::Communication);
    case FreeField:
        return o.value(StepTraceRow::Free);
    case StageField:
        return o.value(StepTraceRow::Stage);
    case BubbleField:
        return o.value(StepTraceRow::Bubble);
    case CommunicationExcludeReceiveField:
        return o.value(StepTraceRow::CommunicationNotOverlappedExcludeReceive);
    case PreparingField:
        return o.value(StepTraceRow::Preparing);
    case IterationIntervalField:
        return row.iterationIntervalNs;
    case FpBpField:
        return row.fpBpNs;
    case TailField:
        return row.tailNs;
    default:
        return kInvalidTime;
    }
}

void ClusterStepTableModel::setRows(std::vector<ClusterStepRow> rows)
{
    auto owned = std::make_shared<const std::vector<ClusterStepRow>>(std::move(rows));
    std::vector<const ClusterStepRow*> pointers;
    pointers.reserve(owned->size());
    for (const ClusterStepRow& r : *owned)
        pointers.push_back(&r);
    setRows(std::move(owned), std::move(pointers));
}

void ClusterStepTableModel::setRows(std::shared_ptr<const void> owner, std::vector<const ClusterStepRow*> rows)
{
    beginResetModel();
    // The new rows before the old owner goes: `rows` may point into it.
    m_rows = std::move(rows);
    m_owner = std::move(owner);
    // Columns the data can fill; an always-empty column is noise (and noise
    // in the CSV).
    bool stage = false, dp = false, pp = false, tp = false, interval = false, fpBp = false, tail = false;
    for (const ClusterStepRow* row : m_rows) {
        const ClusterStepRow& r = *row;
        stage = stage || r.stage >= 0;
        dp = dp || r.parallel.dp >= 0;
        pp = pp || r.parallel.pp >= 0;
        tp = tp || r.parallel.tp >= 0;
        interval = interval || valid(r.iterationIntervalNs);
        fpBp = fpBp || valid(r.fpBpNs);
        tail = tail || valid(r.tailNs);
    }
    m_fields = { StepField, RankField, HostField };
    if (stage)
        m_fields << StageIndexField;
    if (dp)
        m_fields << DpField;
    if (pp)
        m_fields << PpField;
    if (tp)
        m_fields << TpField;
    m_fields << StepTimeField << ComputingField << CommunicationNotOverlappedField << OverlappedField
             << CommunicationField << FreeField << StageField << BubbleField << CommunicationExcludeReceiveField
             << PreparingField;
    if (interval)
        m_fields << IterationIntervalField;
    if (fpBp)
        m_fields << FpBpField;
    if (tail)
        m_fields << TailField;
    endResetModel();
}

int ClusterStepTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ClusterStepTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_fields.size());
}

QVariant ClusterStepTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ClusterStepRow& r = *m_rows[std::size_t(index.row())];
    const Field f = m_fields[index.column()];
    if (role == RankIndexRole)
        return r.rankIndex;
    if (r.overview.fromProfscopeSummary && role == Qt::ToolTipRole)
        return tr("From a Profscope summary (profscope-cli summarize): recomputed from this rank's timeline next to "
                  "the data, with the same definitions; the timeline itself was not copied");
    if (r.overview.fromSummary && role == Qt::ToolTipRole)
        return tr("From the profiler's summary (step_trace_time.csv / StepTraceTime): this rank has no timeline, "
                  "so the figures are shown as written, not recomputed");
    if (r.overview.fromSummary && role == Qt::FontRole) {
        QFont italic;
        italic.setItalic(true);
        return italic;
    }
    if (role == Qt::TextAlignmentRole)
        return f == HostField ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                              : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == SortRole) {
        switch (f) {
        case StepField: {
            bool ok = false;
            const qint64 n = r.overview.step.toLongLong(&ok);
            return ok ? QVariant(n) : QVariant(r.overview.step);
        }
        case RankField:
            return r.rankId >= 0 ? r.rankId : r.rankIndex;
        case HostField:
            return r.host;
        case StageIndexField:
            return r.stage;
        case DpField:
            return r.parallel.dp;
        case PpField:
            return r.parallel.pp;
        case TpField:
            return r.parallel.tp;
        default: {
            const TimeNs v = valueNs(r, f);
            return valid(v) ? qint64(v) : qint64(-1);
        }
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (f) {
    case StepField:
        return r.overview.step;
    case RankField:
        return rankText(r.rankId, r.rankIndex);
    case HostField:
        return r.host;
    case StageIndexField:
        return optionalIndex(r.stage);
    case DpField:
        return optionalIndex(r.parallel.dp);
    case PpField:
        return optionalIndex(r.parallel.pp);
    case TpField:
        return optionalIndex(r.parallel.tp);
    default:
        return formatUs(valueNs(r, f));
    }
}

QVariant ClusterStepTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= m_fields.size())
        return QAbstractTableModel::headerData(section, orientation, role);
    const Field f = m_fields[section];
    if (role == FieldRole)
        return int(f);
    if (role == Qt::ToolTipRole) {
        switch (f) {
        case StepTimeField:
            return tr("Preparing + the span from the first to the last device task of the step");
        case StageIndexField:
            return tr("Pipeline stage, from the communication groups");
        case IterationIntervalField:
        case FpBpField:
        case TailField:
            return tr("From the old-format step trace (MindInsight)");
        default:
            return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    const auto timeColumn = [](StepTraceRow::Column c) -> QString { return tr("%1 (us)").arg(stepTraceColumnName(c)); };
    switch (f) {
    case StepField:
        return tr("Step");
    case RankField:
        return tr("Rank");
    case HostField:
        return tr("Host");
    case StageIndexField:
        return tr("Pipeline stage");
    case DpField:
        return tr("DP");
    case PpField:
        return tr("PP");
    case TpField:
        return tr("TP");
    case StepTimeField:
        return tr("Step time (us)");
    case ComputingField:
        return timeColumn(StepTraceRow::Computing);
    case CommunicationNotOverlappedField:
        return timeColumn(StepTraceRow::CommunicationNotOverlapped);
    case OverlappedField:
        return timeColumn(StepTraceRow::Overlapped);
    case CommunicationField:
        return timeColumn(StepTraceRow::Communication);
    case FreeField:
        return timeColumn(StepTraceRow::Free);
    case StageField:
        return timeColumn(StepTraceRow::Stage);
    case BubbleField:
        return timeColumn(StepTraceRow::Bubble);
    case CommunicationExcludeReceiveField:
        return timeColumn(StepTraceRow::CommunicationNotOverlappedExcludeReceive);
    case PreparingField:
        return timeColumn(StepTraceRow::Preparing);
    case IterationIntervalField:
        return tr("Iteration interval (us)");
    case FpBpField:
        return tr("FP+BP (us)");
    case TailField:
        return tr("Iteration tail (us)");
    }
    return {};
}

// ---------------------------------------------------------------------------

StepTrendModel::StepTrendModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void StepTrendModel::setRows(const std::vector<ClusterStepRow>& rows, const QStringList& stepOrder)
{
    std::vector<const ClusterStepRow*> pointers;
    pointers.reserve(rows.size());
    for (const ClusterStepRow& r : rows)
        pointers.push_back(&r);
    setRows(pointers, stepOrder);
}

void StepTrendModel::setRows(const std::vector<const ClusterStepRow*>& rows, const QStringList& stepOrder)
{
    beginResetModel();
    m_steps.clear();
    std::map<QString, std::size_t> byName;
    const auto stepFor = [&](const QString& name) -> Step& {
        auto it = byName.find(name);
        if (it == byName.end()) {
            it = byName.emplace(name, m_steps.size()).first;
            m_steps.push_back(Step { name });
        }
        return m_steps[it->second];
    };
    for (const QString& name : stepOrder)
        stepFor(name);
    std::vector<std::array<qint64, kBarComponentCount>> sums(m_steps.size());
    std::vector<qint64> totals(m_steps.size());
    for (const ClusterStepRow* row : rows) {
        const ClusterStepRow& r = *row;
        Step& s = stepFor(r.overview.step);
        const std::size_t i = std::size_t(&s - m_steps.data());
        if (sums.size() < m_steps.size()) {
            sums.resize(m_steps.size());
            totals.resize(m_steps.size());
        }
        const auto parts = barComponents(r.overview);
        TimeNs total = 0;
        for (int c = 0; c < kBarComponentCount; ++c) {
            sums[i][std::size_t(c)] += parts[std::size_t(c)];
            total += parts[std::size_t(c)];
        }
        totals[i] += total;
        ++s.ranks;
        if (total > s.maxNs || s.slowestRankId < 0) {
            s.maxNs = total;
            s.slowestRankId = r.rankId >= 0 ? r.rankId : r.rankIndex;
        }
    }
    // Steps no shown rank ran are left out.
    std::vector<Step> kept;
    for (std::size_t i = 0; i < m_steps.size(); ++i) {
        Step s = m_steps[i];
        if (s.ranks == 0)
            continue;
        s.meanNs = totals[i] / s.ranks;
        for (int c = 0; c < kBarComponentCount; ++c)
            s.meanComponentsNs[std::size_t(c)] = sums[i][std::size_t(c)] / s.ranks;
        kept.push_back(std::move(s));
    }
    m_steps = std::move(kept);
    endResetModel();
}

int StepTrendModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_steps.size());
}

int StepTrendModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant StepTrendModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Step& s = m_steps[std::size_t(index.row())];
    const int c = index.column();
    const auto ns = [&]() -> TimeNs {
        switch (c) {
        case MaxStepTimeColumn:
            return s.maxNs;
        case MeanStepTimeColumn:
            return s.meanNs;
        default:
            if (c >= ComputingOnlyColumn && c <= PreparingColumn)
                return s.meanComponentsNs[std::size_t(c - ComputingOnlyColumn)];
            return kInvalidTime;
        }
    };
    if (role == Qt::TextAlignmentRole)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == ValueNsRole) {
        const TimeNs v = ns();
        return valid(v) ? QVariant(qint64(v)) : QVariant();
    }
    if (role == SortRole) {
        switch (c) {
        case StepColumn: {
            bool ok = false;
            const qint64 n = s.name.toLongLong(&ok);
            return ok ? QVariant(n) : QVariant(s.name);
        }
        case RanksColumn:
            return s.ranks;
        case SlowestRankColumn:
            return s.slowestRankId;
        default:
            return qint64(ns());
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (c) {
    case StepColumn:
        return s.name;
    case RanksColumn:
        return s.ranks;
    case SlowestRankColumn:
        return s.slowestRankId >= 0 ? QVariant(s.slowestRankId) : QVariant(QString());
    default:
        return formatUs(ns());
    }
}

QVariant StepTrendModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case StepColumn:
        return tr("Step");
    case RanksColumn:
        return tr("Ranks");
    case MaxStepTimeColumn:
        return tr("Slowest step time (us)");
    case MeanStepTimeColumn:
        return tr("Mean step time (us)");
    case SlowestRankColumn:
        return tr("Slowest rank");
    default:
        return tr("Mean %1 (us)").arg(barComponentName(BarComponent(section - ComputingOnlyColumn)));
    }
}

} // namespace profscope
