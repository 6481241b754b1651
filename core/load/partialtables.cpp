// SPDX-License-Identifier: Apache-2.0
#include "partialtables.h"

#include "../parse/numbers.h"

#include <QCoreApplication>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::PartialImport)
};

// Keeps column rows whose flag is set; columns of another length (optional
// ones left empty by an importer) stay as they are.
template<typename T>
void keepRows(std::vector<T>& column, const std::vector<char>& keep)
{
    if (column.size() != keep.size())
        return;
    std::size_t out = 0;
    for (std::size_t i = 0; i < column.size(); ++i)
        if (keep[i])
            column[out++] = std::move(column[i]);
    column.resize(out);
}

template<typename Row, typename Pred>
qint64 eraseRowsIf(std::vector<Row>& rows, Pred&& drop)
{
    const auto before = rows.size();
    std::erase_if(rows, drop);
    return qint64(before - rows.size());
}

qint64 countDropped(const std::vector<char>& keep)
{
    return qint64(std::count(keep.begin(), keep.end(), char(0)));
}

} // namespace

qint64 stepNumberOf(const QString& step)
{
    QStringView s(step);
    s = s.trimmed();
    if (s.startsWith(QLatin1String("ProfilerStep#")))
        s = s.mid(13);
    else if (s.startsWith(QLatin1String("step"), Qt::CaseInsensitive))
        s = s.mid(4);
    bool ok = false;
    const qint64 n = s.toLongLong(&ok);
    return ok && n >= 0 ? n : -1;
}

QStringList applyStepWindowToTables(RankData& rank, const LoadFilter& filter)
{
    QStringList notes;
    const RankStepWindow& w = rank.stepWindow;
    if (!filter.hasSteps())
        return notes;
    // Rows that name their step go by the step number, whatever the window.
    const auto dropStep = [&filter](const QString& step) {
        const qint64 n = stepNumberOf(step);
        return n >= 0 && !filter.keepsStep(n);
    };
    qint64 dropped = 0;
    dropped += eraseRowsIf(rank.stepTrace, [&](const StepTraceRow& r) { return dropStep(r.step); });
    dropped += eraseRowsIf(rank.communicationMatrix, [&](const CommMatrixLink& l) { return dropStep(l.step); });
    // MindInsight's step_trace_raw rows carry their step_num (1-based, as
    // ProfilerStep#N and CANN's Iteration N): they are cut by number, and
    // their steps count as found for a rank without timeline markers.
    if (!rank.legacy.stepTrace.rows.empty()) {
        if (!w.applied) {
            for (const LegacyStepTraceRow& r : rank.legacy.stepTrace.rows) {
                rank.stepWindow.stepsFound.push_back(r.stepNum);
                if (filter.keepsStep(r.stepNum))
                    rank.stepWindow.stepsKept.push_back(r.stepNum);
            }
        }
        dropped += eraseRowsIf(rank.legacy.stepTrace.rows, [&](const LegacyStepTraceRow& r) { return !filter.keepsStep(r.stepNum); });
    }
    if (w.applied) {
        const TimeRange win = w.windowNs;
        dropped += eraseRowsIf(rank.communication, [&](const CommOpRecord& op) {
            if (stepNumberOf(op.step) >= 0)
                return dropStep(op.step);
            return op.startNs != kInvalidTime && !overlapsWindow(win, op.startNs, unitsToNs(op.elapseMs, 1e6).value_or(0));
        });
        const auto cutAfter = [&w](unsigned table) { return (w.cutWhileReading & table) == 0; };
        dropped += w.rowsLeftOutWhileReading;
        if (KernelTable* k = rank.kernels.get(); k && cutAfter(RankStepWindow::Kernels)) {
            std::vector<char> keep(k->size());
            for (std::size_t i = 0; i < keep.size(); ++i)
                keep[i] = keepsTaskRow(win, k->startNs[i], k->durNs[i]);
            dropped += countDropped(keep);
            keepRows(k->stepId, keep);
            keepRows(k->modelId, keep);
            keepRows(k->taskId, keep);
            keepRows(k->streamId, keep);
            keepRows(k->deviceId, keep);
            keepRows(k->name, keep);
            keepRows(k->type, keep);
            keepRows(k->opState, keep);
            keepRows(k->acceleratorCore, keep);
            keepRows(k->communication, keep);
            keepRows(k->waitNs, keep);
            keepRows(k->blockDim, keep);
            keepRows(k->inputShapes, keep);
            keepRows(k->inputDataTypes, keep);
            keepRows(k->outputShapes, keep);
            keepRows(k->contextId, keep);
            k->pmu().keepRows(keep); // a deferred read then brings the kept rows only
            keepRows(k->durNs, keep);
            keepRows(k->startNs, keep); // last: size() reads it
        }
        if (MemoryRecordTable* m = rank.memoryRecords.get(); m && cutAfter(RankStepWindow::MemoryRecords)) {
            std::vector<char> keep(m->size());
            for (std::size_t i = 0; i < keep.size(); ++i)
                keep[i] = keepsSampleRow(win, m->tsNs[i]);
            dropped += countDropped(keep);
            keepRows(m->component, keep);
            keepRows(m->allocatedMB, keep);
            keepRows(m->reservedMB, keep);
            keepRows(m->activeMB, keep);
            keepRows(m->streamPtr, keep);
            keepRows(m->deviceType, keep);
            keepRows(m->tsNs, keep);
        }
        if (NpuModuleMemTable* m = rank.npuModuleMem.get(); m && cutAfter(RankStepWindow::NpuModuleMem)) {
            std::vector<char> keep(m->size());
            for (std::size_t i = 0; i < keep.size(); ++i)
                keep[i] = keepsSampleRow(win, m->tsNs[i]);
            dropped += countDropped(keep);
            keepRows(m->component, keep);
            keepRows(m->reservedMB, keep);
            keepRows(m->device, keep);
            keepRows(m->tsNs, keep);
        }
        if (OperatorMemoryTable* m = rank.operatorMemory.get(); m && cutAfter(RankStepWindow::OperatorMemory)) {
            std::vector<char> keep(m->size());
            for (std::size_t i = 0; i < keep.size(); ++i)
                keep[i] = keepsMemoryBlockRow(win, m->allocationNs[i], m->releaseNs[i]);
            dropped += countDropped(keep);
            keepRows(m->sizeKB, keep);
            keepRows(m->allocationNs, keep);
            keepRows(m->releaseNs, keep);
            keepRows(m->activeReleaseNs, keep);
            keepRows(m->durationNs, keep);
            keepRows(m->activeDurationNs, keep);
            keepRows(m->allocationTotalAllocatedMB, keep);
            keepRows(m->allocationTotalReservedMB, keep);
            keepRows(m->allocationTotalActiveMB, keep);
            keepRows(m->releaseTotalAllocatedMB, keep);
            keepRows(m->releaseTotalReservedMB, keep);
            keepRows(m->releaseTotalActiveMB, keep);
            keepRows(m->streamPtr, keep);
            keepRows(m->deviceType, keep);
            keepRows(m->name, keep); // last: size() reads it
        }
    }
    if (dropped > 0)
        notes << Tr::tr("%n table row(s) outside the step window were left out", nullptr, int(std::min<qint64>(dropped, INT_MAX)));
    QStringList whole;
    if (!rank.opStatistics.empty())
        whole << QStringLiteral("op_statistic");
    if (!rank.apiStatistics.empty())
        whole << QStringLiteral("api_statistic");
    if (rank.operatorDetails && rank.operatorDetails->size() > 0)
        whole << QStringLiteral("operator_details");
    if (!rank.l2Cache.empty())
        whole << QStringLiteral("l2_cache");
    if (!whole.isEmpty())
        notes << Tr::tr("%1: no times or steps in these summaries, they cover the whole run")
                     .arg(whole.join(QStringLiteral(", ")));
    return notes;
}

} // namespace profscope
