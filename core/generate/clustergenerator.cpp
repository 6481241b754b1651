// SPDX-License-Identifier: Apache-2.0
#include "clustergenerator.h"

#include "clustersim.h"
#include "dbwriter.h"
#include "textexport.h"

#include <QDir>
#include <QFile>

namespace profscope {

namespace {

using namespace gen;

bool writeFile(const QString& path, const QByteArray& data, QString* error)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(data) != data.size() || !f.flush()) {
        if (error)
            *error = Tr::tr("cannot write %1: %2").arg(QDir::toNativeSeparators(path), f.errorString());
        return false;
    }
    return true;
}

bool validate(const QString& out, const GeneratorOptions& o, QString* error)
{
    auto fail = [error](const QString& text) {
        if (error)
            *error = text;
        return false;
    };
    if (out.isEmpty())
        return fail(Tr::tr("no output folder given"));
    if (o.ranks < 1 || o.ranks > 16384)
        return fail(Tr::tr("--ranks must be between 1 and 16384"));
    if (o.steps < 1 || o.steps > 10000)
        return fail(Tr::tr("--steps must be between 1 and 10000"));
    if (o.ops < 1 || o.ops > 100000)
        return fail(Tr::tr("--ops must be between 1 and 100000"));
    if (o.pipelineStages < 1 || o.tensorParallel < 1 || o.ranks % (o.pipelineStages * o.tensorParallel) != 0)
        return fail(Tr::tr("--ranks (%1) must be divisible by --pp × --tp (%2 × %3)")
                        .arg(o.ranks)
                        .arg(o.pipelineStages)
                        .arg(o.tensorParallel));
    if (o.microBatches < 0 || o.microBatches > 1000)
        return fail(Tr::tr("the number of micro-batches must be between 0 (automatic) and 1000"));
    if (o.slowRank >= o.ranks || o.slowRank < -1)
        return fail(Tr::tr("--slow-rank must be a rank between 0 and %1").arg(o.ranks - 1));
    if (o.hostBoundRank >= o.ranks || o.hostBoundRank < -1)
        return fail(Tr::tr("--host-bound-rank must be a rank between 0 and %1").arg(o.ranks - 1));
    if (o.slowDataRank >= o.ranks || o.slowDataRank < -1)
        return fail(Tr::tr("--slow-data-rank must be a rank between 0 and %1").arg(o.ranks - 1));
    if (o.slowStage >= o.pipelineStages || o.slowStage < -1)
        return fail(Tr::tr("--slow-stage must be a pipeline stage between 0 and %1").arg(o.pipelineStages - 1));
    if (!(o.jitter >= 0 && o.jitter <= 0.5))
        return fail(Tr::tr("--jitter must be between 0 and 0.5"));
    if (o.slowLinkSrc != -1 || o.slowLinkDst != -1) {
        if (o.slowLinkSrc < 0 || o.slowLinkDst < 0 || o.slowLinkSrc >= o.ranks || o.slowLinkDst >= o.ranks
            || o.slowLinkSrc == o.slowLinkDst)
            return fail(Tr::tr("--slow-link must name two different ranks between 0 and %1").arg(o.ranks - 1));
    }
    const QDir dir(out);
    if (dir.exists() && !dir.isEmpty(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden) && !o.force)
        return fail(Tr::tr("%1 is not empty (use --force to write into it anyway)").arg(QDir::toNativeSeparators(out)));
    return true;
}

bool writeTextFiles(
    const QDir& output, const Cluster& c, const RankSim& rs, const std::vector<StepValues>& values, QString* error)
{
    return writeFile(
               output.filePath(QStringLiteral("trace_view.json")), traceView(c, rs, kernelsPerStep(rs), values), error)
        && writeFile(output.filePath(QStringLiteral("kernel_details.csv")), kernelDetailsCsv(c, rs), error)
        && writeFile(output.filePath(QStringLiteral("step_trace_time.csv")), stepTraceCsv(values), error)
        && writeFile(output.filePath(QStringLiteral("communication.json")), toJson(communicationObject(c, rs)), error)
        && writeFile(output.filePath(QStringLiteral("communication_matrix.json")),
            toJson(communicationMatrixObject(c, rs)), error)
        && writeFile(output.filePath(QStringLiteral("op_statistic.csv")), opStatisticCsv(c, rs), error)
        && writeFile(output.filePath(QStringLiteral("memory_record.csv")), memoryRecordCsv(c, rs), error);
}

} // namespace

GeneratorOptions demoClusterOptions()
{
    GeneratorOptions options;
    options.ranks = 8;
    options.steps = 3;
    options.ops = 20;
    options.slowRank = 5;
    options.slowLinkSrc = 2;
    options.slowLinkDst = 3;
    options.hostBoundRank = 6;
    return options;
}

bool generateCluster(const QString& out, const GeneratorOptions& options, QString* error)
{
    if (!validate(out, options, error))
        return false;
    Cluster c;
    c.options = options;
    if (!simulateCluster(c)) {
        if (error)
            *error = Tr::tr("internal error: the pipeline schedule did not complete");
        return false;
    }

    const bool text = options.format != GeneratorOptions::Format::Db;
    const bool db = options.format != GeneratorOptions::Format::Text;
    for (const RankSim& rs : c.ranks) {
        // {worker}_{pid}_{timestamp}_ascend_ms, as MindSpore names rank folders (_ascend_pt: torch_npu).
        const bool torch = options.style == GeneratorOptions::Style::PyTorch;
        const QString folder = QStringLiteral("%1_%2_%3_%4")
                                   .arg(QString::fromLatin1(hostName(rs.rank)))
                                   .arg(rs.pid)
                                   .arg(20250109153803000LL + rs.rank * 17)
                                   .arg(torch ? QStringLiteral("ascend_pt") : QStringLiteral("ascend_ms"));
        const QString root = QDir(out).filePath(folder);
        const QString output = QDir(root).filePath(QStringLiteral("ASCEND_PROFILER_OUTPUT"));
        if (!QDir().mkpath(output)) {
            if (error)
                *error = Tr::tr("cannot create %1").arg(QDir::toNativeSeparators(output));
            return false;
        }
        const std::vector<StepValues> values = rankStepValues(rs);
        const QDir r(root), o(output);
        if (!writeFile(r.filePath(QStringLiteral("profiler_info_%1.json").arg(rs.rank)),
                profilerInfo(c, rs, options.format), error)
            || !writeFile(
                r.filePath(QStringLiteral("profiler_metadata.json")), toJson(profilerMetadataObject(c, rs)), error))
            return false;
        if (text && !writeTextFiles(o, c, rs, values, error))
            return false;
        if (db
            && (!writeProfilerDb(
                    o.filePath((torch ? QStringLiteral("ascend_pytorch_profiler_%1.db")
                                      : QStringLiteral("ascend_mindspore_profiler_%1.db"))
                            .arg(rs.rank)),
                    c, rs, error)
                || !writeAnalysisDb(o.filePath(QStringLiteral("analysis.db")), c, rs, values, error)))
            return false;
    }
    return true;
}

} // namespace profscope
