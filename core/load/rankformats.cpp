// SPDX-License-Identifier: Apache-2.0
#include "rankformats.h"

#include "../parse/legacyparsers.h"
#include "../parse/legacytimelineparsers.h"
#include "../parse/minddataparsers.h"
#include "../parse/resourceparsers.h"
#include "../parse/strategyparser.h"
#include "../parse/summaryparser.h"
#include "../parse/tableparsers.h"
#include "../model/rowwindow.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::ProfileLoader)
};

// Tables that a rank holds once: a second file of the kind is reported, not merged.
template<typename Table>
Table* freshTable(std::unique_ptr<Table>& slot)
{
    slot = std::make_unique<Table>();
    return slot.get();
}

// Partial import: the step window, when the loader found it before the
// tables (it does whenever the rank has step markers), so that the timed
// tables leave the rows outside it unread (rowwindow.h).
const TimeRange* windowOf(const RankData& rank)
{
    return rank.stepWindow.applied ? &rank.stepWindow.windowNs : nullptr;
}

// Records that `table` was cut while it was read, and what that left out,
// for the import report (applyStepWindowToTables).
void noteCut(RankData& rank, unsigned table, const FileReport& report)
{
    if (!rank.stepWindow.applied)
        return;
    rank.stepWindow.cutWhileReading |= table;
    rank.stepWindow.rowsLeftOutWhileReading += std::max<qint64>(0, report.count(rowsOutsideWindowCount()));
}

bool alreadyRead(bool read, FileReport& report)
{
    if (!read)
        return false;
    report.status = FileStatus::Skipped;
    report.reason = Tr::tr("a file of this kind was already read for this rank");
    return true;
}

// profiler_info: from the file, or from its bytes when discovery read them
// for the rank id.
void readProfilerInfo(const QString& path, const QByteArray& text, RankData& rank, FileReport& report)
{
    const int idFromFolder = rank.info.rankId;
    parseProfilerInfo(path, rank.info, report, text);
    if (idFromFolder >= 0 && rank.info.rankId >= 0 && idFromFolder != rank.info.rankId)
        report.warnings << Tr::tr("rank id %1 in the file differs from %2 found before")
                               .arg(rank.info.rankId)
                               .arg(idFromFolder);
}

} // namespace

const std::vector<RankFormat>& rankFormats()
{
    static const std::vector<RankFormat> formats {
        { FileKind::ProfilerInfo,
            [](const QString& path, RankData& rank, FileReport& report) { readProfilerInfo(path, {}, rank, report); },
            &readProfilerInfo },
        { FileKind::ProfscopeSummary,
            [](const QString& path, RankData& rank, FileReport& report) { parseProfscopeSummary(path, rank, report); } },
        { FileKind::ProfilerMetadata,
            [](const QString& path, RankData& rank, FileReport& report) { parseProfilerMetadata(path, rank.info, report); } },
        { FileKind::KernelDetails,
            [](const QString& path, RankData& rank, FileReport& report) {
                if (rank.kernels) {
                    report.status = FileStatus::Skipped;
                    report.reason = Tr::tr("a kernel table was already read for this rank");
                    return;
                }
                parseKernelDetails(path, *freshTable(rank.kernels), report, windowOf(rank));
                noteCut(rank, RankStepWindow::Kernels, report);
            } },
        { FileKind::OpStatistic,
            [](const QString& path, RankData& rank, FileReport& report) { parseOpStatistic(path, rank.opStatistics, report); } },
        { FileKind::ApiStatistic,
            [](const QString& path, RankData& rank, FileReport& report) { parseApiStatistic(path, rank.apiStatistics, report); } },
        { FileKind::StepTraceTime,
            [](const QString& path, RankData& rank, FileReport& report) { parseStepTraceTime(path, rank.stepTrace, report); } },
        { FileKind::Communication,
            [](const QString& path, RankData& rank, FileReport& report) { parseCommunication(path, rank.communication, report); } },
        { FileKind::CommunicationMatrix,
            [](const QString& path, RankData& rank, FileReport& report) {
                parseCommunicationMatrix(path, rank.communicationMatrix, report);
            } },
        { FileKind::MemoryRecord,
            [](const QString& path, RankData& rank, FileReport& report) {
                parseMemoryRecord(path, *freshTable(rank.memoryRecords), report, windowOf(rank));
                noteCut(rank, RankStepWindow::MemoryRecords, report);
            } },
        { FileKind::OperatorMemory,
            [](const QString& path, RankData& rank, FileReport& report) {
                parseOperatorMemory(path, *freshTable(rank.operatorMemory), report, windowOf(rank));
                noteCut(rank, RankStepWindow::OperatorMemory, report);
            } },
        { FileKind::NpuModuleMem,
            [](const QString& path, RankData& rank, FileReport& report) {
                parseNpuModuleMem(path, *freshTable(rank.npuModuleMem), report, windowOf(rank));
                noteCut(rank, RankStepWindow::NpuModuleMem, report);
            } },
        { FileKind::OperatorDetails,
            [](const QString& path, RankData& rank, FileReport& report) {
                parseOperatorDetails(path, *freshTable(rank.operatorDetails), report);
            } },
        { FileKind::L2Cache, [](const QString& path, RankData& rank, FileReport& report) { parseL2Cache(path, rank.l2Cache, report); } },
        { FileKind::LegacyStepTrace,
            [](const QString& path, RankData& rank, FileReport& report) {
                parseLegacyStepTrace(path, rank.legacy.stepTrace, report);
            } },
        { FileKind::LegacyFrameworkRaw,
            [](const QString& path, RankData& rank, FileReport& report) {
                parseFrameworkRaw(path, rank.legacy.frameworkOps, report);
            } },
        { FileKind::LegacyAicoreDetail,
            [](const QString& path, RankData& rank, FileReport& report) {
                parseAicoreDetail(path, rank.legacy.aicoreDetails, report);
            } },
        { FileKind::LegacyAicoreType,
            [](const QString& path, RankData& rank, FileReport& report) {
                parseAicoreType(path, rank.legacy.aicoreTypes, report);
            } },
        { FileKind::LegacyAicpu,
            [](const QString& path, RankData& rank, FileReport& report) {
                parseAicpuIntermediate(path, rank.legacy.aicpuOps, report);
            } },
        { FileKind::LegacyHcclRaw,
            [](const QString& path, RankData& rank, FileReport& report) { parseHcclRaw(path, rank.legacy.hccl, report); } },
        { FileKind::LegacyMinddataPipeline,
            [](const QString& path, RankData& rank, FileReport& report) {
                parseMinddataPipeline(path, rank.legacy.minddataPipeline, report);
            } },
        { FileKind::MinddataPipelineJson,
            [](const QString& path, RankData& rank, FileReport& report) {
                rank.minddata.pipelineJsonPath = path;
                parsePipelineProfiling(path, rank.minddata.pipeline, report);
            } },
        { FileKind::MinddataSummary,
            [](const QString& path, RankData& rank, FileReport& report) {
                // Both forms carry the same lists: the JSON is read, the CSV only without it.
                const QFileInfo info(path);
                const QString json = info.path() + QLatin1Char('/') + info.completeBaseName() + QStringLiteral(".json");
                if (info.suffix().compare(QLatin1String("csv"), Qt::CaseInsensitive) == 0 && QFileInfo::exists(json)) {
                    report.status = FileStatus::Skipped;
                    report.reason = Tr::tr("the same summary is read from %1").arg(QFileInfo(json).fileName());
                    return;
                }
                parsePipelineSummary(path, rank.minddata.summary, report);
            } },
        { FileKind::DatasetStages,
            [](const QString& path, RankData& rank, FileReport& report) {
                parseDatasetCsv(path, rank.minddata.datasetStages, report);
            } },
        { FileKind::MinddataQueueTrace,
            [](const QString& path, RankData& rank, FileReport& report) {
                // Sink mode writes device_queue_profiling, non-sink mode
                // dataset_iterator_profiling; MindInsight prefers the former.
                const QFileInfo info(path);
                if (info.fileName().startsWith(QLatin1String("dataset_iterator"), Qt::CaseInsensitive)) {
                    const QString deviceQueue = info.path() + QLatin1Char('/')
                        + info.fileName().replace(QLatin1String("dataset_iterator"), QLatin1String("device_queue"),
                                                  Qt::CaseInsensitive);
                    if (QFileInfo::exists(deviceQueue)) {
                        report.status = FileStatus::Skipped;
                        report.reason = Tr::tr("the host queue is read from %1").arg(QFileInfo(deviceQueue).fileName());
                        return;
                    }
                }
                parseQueueTrace(path, rank.minddata.deviceQueue, report);
            } },
        { FileKind::MinddataAicpu,
            [](const QString& path, RankData& rank, FileReport& report) {
                parseMinddataAicpu(path, rank.minddata.getNext, report);
            } },
        { FileKind::MinddataGetNextGpu,
            [](const QString& path, RankData& rank, FileReport& report) {
                // MindInsight reads the GPU file only when minddata_aicpu is absent.
                const QString aicpu = QFileInfo(path).dir().filePath(
                    QFileInfo(path).fileName().replace(QStringLiteral("minddata_getnext_profiling_"),
                        QStringLiteral("minddata_aicpu_")));
                if (QFileInfo::exists(aicpu)) {
                    report.status = FileStatus::Skipped;
                    report.reason = Tr::tr("the device GetNext queue is read from %1").arg(QFileInfo(aicpu).fileName());
                    return;
                }
                parseMinddataGetNextGpu(path, rank.minddata.getNext, report);
            } },
        { FileKind::MinddataCpu,
            [](const QString& path, RankData& rank, FileReport& report) {
                parseCpuUtilization(path, rank.minddata.cpu, report);
            } },
        // Device resources: a second file of a kind replaces nothing (one per rank id).
        { FileKind::LegacyFlops,
            [](const QString& path, RankData& rank, FileReport& report) {
                if (alreadyRead(!rank.legacy.resources.flops.ops.empty(), report))
                    return;
                parseFlopsTable(path, rank.legacy.resources.flops, report);
            } },
        { FileKind::LegacyFlopsSummary,
            [](const QString& path, RankData& rank, FileReport& report) {
                if (alreadyRead(rank.legacy.resources.flopsSummary.present, report))
                    return;
                parseFlopsSummary(path, rank.legacy.resources.flopsSummary, report);
            } },
        { FileKind::LegacyMemoryUsageSummary,
            [](const QString& path, RankData& rank, FileReport& report) {
                if (alreadyRead(rank.legacy.resources.memoryUsage.present, report))
                    return;
                parseMemoryUsageSummary(path, rank.legacy.resources.memoryUsage, report);
            } },
        { FileKind::LegacyClusterAnalyse,
            [](const QString& path, RankData& rank, FileReport& report) {
                if (alreadyRead(!rank.legacy.resources.clusterAnalyse.parallelMode.isEmpty(), report))
                    return;
                parseClusterAnalyse(path, rank.legacy.resources.clusterAnalyse, report);
            } },
        // The step trace's companions and the op compute time reports; how
        // each is used (and checked against the others) is said in its report
        // once the rank is loaded (legacytimeline.h).
        { FileKind::LegacyMinCycleCounter,
            [](const QString& path, RankData& rank, FileReport& report) {
                if (alreadyRead(rank.legacy.stepTrace.minCycleCounterTicks >= 0, report))
                    return;
                parseMinCycleCounter(path, rank.legacy.stepTrace.minCycleCounterTicks, report);
            } },
        { FileKind::LegacyStepTracePointInfo,
            [](const QString& path, RankData& rank, FileReport& report) {
                parseStepTracePointInfo(path, rank.legacy.stepTrace.points, report);
            } },
        { FileKind::LegacyTimelineSummary,
            [](const QString& path, RankData& rank, FileReport& report) {
                if (alreadyRead(rank.legacy.timelineSummary.present, report))
                    return;
                parseTimelineSummary(path, rank.legacy.timelineSummary, report);
            } },
        { FileKind::LegacyOpComputeTime,
            [](const QString& path, RankData& rank, FileReport& report) {
                if (alreadyRead(!rank.legacy.opComputeTimes.ops.empty(), report))
                    return;
                parseOpComputeTime(path, rank.legacy.opComputeTimes, report);
            } },
        { FileKind::LegacyOpComputeTimeDetail,
            [](const QString& path, RankData& rank, FileReport& report) {
                if (alreadyRead(!rank.legacy.opComputeTimes.types.empty() || !rank.legacy.opComputeTimes.details.empty(),
                                report))
                    return;
                parseOpComputeTimeDetail(path, rank.legacy.opComputeTimes, report);
            } },
        { FileKind::LegacyAicpuPreprocess,
            [](const QString& path, RankData& rank, FileReport& report) {
                if (alreadyRead(!rank.legacy.aicpuPreprocess.empty(), report))
                    return;
                parseAicpuPreprocess(path, rank.legacy.aicpuPreprocess, report);
            } },
        { FileKind::LegacyHwtsLog,
            [](const QString&, RankData&, FileReport& report) {
                report.status = FileStatus::Skipped;
                report.reason = Tr::tr("the raw HWTS task log MindSpore turns into output_timeline_data: not read");
            } },
        { FileKind::ParallelStrategy,
            [](const QString& path, RankData& rank, FileReport& report) {
                if (alreadyRead(rank.parallelStrategy.present(), report))
                    return;
                if (!parseParallelStrategy(path, rank.parallelStrategy, report))
                    return;
                // Discovery routed the file by its config.rankId; a rank id
                // known otherwise (profiler_info, hccl.json) that disagrees is noted.
                if (rank.info.rankId >= 0 && rank.info.rankId != rank.parallelStrategy.rankId)
                    report.warnings << Tr::tr("config.rankId %1 differs from rank %2 found before")
                                           .arg(rank.parallelStrategy.rankId)
                                           .arg(rank.info.rankId);
                else if (rank.info.rankId < 0)
                    rank.info.rankId = rank.parallelStrategy.rankId;
            } },
    };
    return formats;
}

const RankFormat* rankFormat(FileKind kind)
{
    for (const RankFormat& f : rankFormats())
        if (f.kind == kind)
            return &f;
    return nullptr;
}

} // namespace profscope
