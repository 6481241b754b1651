// SPDX-License-Identifier: Apache-2.0
#include "summarywriter.h"

#include "../analysis/advice.h"
#include "../analysis/operators.h"
#include "../analysis/overview.h"
#include "../analysis/rootcause.h"
#include "../model/summary.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSaveFile>
#include <QSysInfo>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <numeric>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::SummaryWriter)
};

using Json = nlohmann::ordered_json;

std::string text(const QString& s)
{
    return s.toStdString();
}

// Seven significant digits: far below what a page shows, and a third of the
// bytes of a double's round-trip form (ten thousand ranks' summaries are read
// at once). Times are integer ns and never rounded.
double rounded(double v)
{
    if (!std::isfinite(v) || v == 0)
        return v;
    char text[32];
    std::snprintf(text, sizeof text, "%.7g", v);
    return std::strtod(text, nullptr);
}

// NaN (no value in the file) as null.
Json number(double v)
{
    return std::isnan(v) ? Json(nullptr) : Json(rounded(v));
}

Json rankJson(const RankInfo& info)
{
    Json groups = Json::array();
    for (const ParallelGroup& g : info.parallelGroups)
        groups.push_back({ { "groupId", text(g.groupId) }, { "groupName", text(g.groupName) },
            { "groupRank", g.groupRank }, { "globalRanks", g.globalRanks.vector() } });
    return { { "rankId", info.rankId }, { "deviceId", info.deviceId }, { "host", text(info.host) },
        { "displayName", text(info.displayName) }, { "framework", text(info.framework) },
        { "profilerLevel", text(info.profilerLevel) }, { "rankSize", info.rankSize }, { "worldSize", info.worldSize },
        { "tpSize", info.tpSize }, { "ppSize", info.ppSize }, { "dpSize", info.dpSize }, { "tpIndex", info.tpIndex },
        { "ppIndex", info.ppIndex }, { "dpIndex", info.dpIndex }, { "parallelGroups", std::move(groups) } };
}

Json stepsJson(const RankOverview& overview)
{
    Json steps = Json::array();
    for (const StepOverview& s : overview.steps) {
        Json values = Json::object();
        for (int c = 0; c < StepTraceRow::ColumnCount; ++c)
            values[text(stepTraceColumnName(StepTraceRow::Column(c)))] = s.valueNs[std::size_t(c)];
        steps.push_back({ { "step", text(s.step) }, { "hostStartNs", s.hostRangeNs.startNs },
            { "hostEndNs", s.hostRangeNs.endNs }, { "spanStartNs", s.spanNs.startNs }, { "spanEndNs", s.spanNs.endNs },
            { "computeTasks", s.computeTasks }, { "communicationOps", s.communicationOps },
            { "kernelTimeNs", s.kernelTimeNs }, { "valuesNs", std::move(values) } });
    }
    return steps;
}

Json operatorsJson(const RankData& rank)
{
    // From the kernels; without a kernel table, the profiler's own op_statistic.csv.
    Json out = Json::array();
    for (const OperatorStat& s : rankOperatorStatistics(rank, {}))
        out.push_back({ { "opType", text(s.type) }, { "coreType", text(s.core) }, { "count", s.count },
            { "totalNs", s.totalNs }, { "minNs", s.minNs }, { "avgNs", s.avgNs() }, { "maxNs", s.maxNs },
            { "ratioPercent", number(s.ratioPercent) } });
    return out;
}

Json communicationJson(const RankData& rank)
{
    Json out = Json::array();
    for (const CommOpRecord& op : rank.communication) {
        Json bandwidth = Json::array();
        for (const CommBandwidth& b : op.bandwidth) {
            // A transport the op did not use (all zero) adds nothing to any sum.
            if (b.transitSizeMB == 0 && b.transitTimeMs == 0 && b.bandwidthGBps == 0 && b.sizeDistribution.empty())
                continue;
            Json sizes = Json::array();
            for (const auto& [sizeMB, entry] : b.sizeDistribution)
                sizes.push_back({ rounded(sizeMB), entry.first, rounded(entry.second) });
            bandwidth.push_back({ { "transport", text(b.transport) }, { "transitSizeMB", number(b.transitSizeMB) },
                { "transitTimeMs", number(b.transitTimeMs) }, { "bandwidthGBps", number(b.bandwidthGBps) },
                { "largePacketRatio", number(b.largePacketRatio) }, { "sizeDistribution", std::move(sizes) } });
        }
        out.push_back({ { "step", text(op.step) }, { "p2p", op.p2p }, { "opName", text(op.opName) },
            { "groupId", text(op.groupId) }, { "startNs", op.startNs }, { "elapseMs", number(op.elapseMs) },
            { "transitMs", number(op.transitMs) }, { "waitMs", number(op.waitMs) },
            { "synchronizationMs", number(op.synchronizationMs) }, { "idleMs", number(op.idleMs) },
            { "waitRatio", number(op.waitRatio) },
            { "synchronizationRatio", number(op.synchronizationRatio) }, { "bandwidth", std::move(bandwidth) } });
    }
    return out;
}

Json matrixJson(const RankData& rank)
{
    Json out = Json::array();
    for (const CommMatrixLink& l : rank.communicationMatrix)
        out.push_back({ { "step", text(l.step) }, { "p2p", l.p2p }, { "opKey", text(l.opKey) },
            { "groupId", text(l.groupId) }, { "srcRank", l.srcRank }, { "dstRank", l.dstRank },
            { "transport", text(l.transport) }, { "transitSizeMB", number(l.transitSizeMB) },
            { "transitTimeMs", number(l.transitTimeMs) }, { "bandwidthGBps", number(l.bandwidthGBps) },
            { "opName", text(l.opName) } });
    return out;
}

// The rows of one component in time order, cut into at most
// kSummaryMemoryPoints buckets; each bucket keeps its maximum of every metric
// at the time of its largest value, so every peak survives exactly.
std::vector<std::vector<std::size_t>> buckets(std::vector<std::size_t> rows, const std::vector<TimeNs>& tsNs)
{
    std::stable_sort(rows.begin(), rows.end(), [&tsNs](std::size_t a, std::size_t b) { return tsNs[a] < tsNs[b]; });
    const std::size_t per = std::max<std::size_t>(1, (rows.size() + kSummaryMemoryPoints - 1) / kSummaryMemoryPoints);
    std::vector<std::vector<std::size_t>> out;
    for (std::size_t i = 0; i < rows.size(); i += per)
        out.emplace_back(rows.begin() + std::ptrdiff_t(i), rows.begin() + std::ptrdiff_t(std::min(rows.size(), i + per)));
    return out;
}

double bucketMax(const std::vector<std::size_t>& bucket, const std::vector<double>& values)
{
    double best = std::nan("");
    for (std::size_t r : bucket)
        if (!std::isnan(values[r]) && (std::isnan(best) || values[r] > best))
            best = values[r];
    return best;
}

// The time of the bucket's largest value of `values` (the first row when it has none).
TimeNs bucketTime(const std::vector<std::size_t>& bucket, const std::vector<double>& values, const std::vector<TimeNs>& tsNs)
{
    std::size_t at = bucket.front();
    for (std::size_t r : bucket)
        if (!std::isnan(values[r]) && (std::isnan(values[at]) || values[r] > values[at]))
            at = r;
    return tsNs[at];
}

// Memory values unrounded: the peaks are kept exact.
Json nullableArray(const std::vector<double>& v)
{
    Json out = Json::array();
    for (double x : v)
        out.push_back(std::isnan(x) ? Json(nullptr) : Json(x));
    return out;
}

Json memoryJson(const RankData& rank)
{
    Json records = Json::array();
    if (const MemoryRecordTable* m = rank.memoryRecords.get()) {
        std::map<StringId, std::vector<std::size_t>> byComponent;
        for (std::size_t i = 0; i < m->size(); ++i)
            byComponent[m->component[i]].push_back(i);
        for (const auto& [component, rows] : byComponent) {
            std::vector<TimeNs> ts;
            std::vector<double> allocated, reserved, active;
            // The time of a bucket is that of its reserved peak (allocated when the file has no reserved).
            const bool anyReserved = std::any_of(rows.begin(), rows.end(), [m](std::size_t r) { return !std::isnan(m->reservedMB[r]); });
            for (const auto& bucket : buckets(rows, m->tsNs)) {
                ts.push_back(bucketTime(bucket, anyReserved ? m->reservedMB : m->allocatedMB, m->tsNs));
                allocated.push_back(bucketMax(bucket, m->allocatedMB));
                reserved.push_back(bucketMax(bucket, m->reservedMB));
                active.push_back(bucketMax(bucket, m->activeMB));
            }
            records.push_back({ { "component", std::string(m->strings.view(component)) },
                { "deviceType", std::string(m->strings.view(m->deviceType[rows.front()])) }, { "tsNs", ts },
                { "allocatedMB", nullableArray(allocated) }, { "reservedMB", nullableArray(reserved) },
                { "activeMB", nullableArray(active) } });
        }
    }
    Json modules = Json::array();
    if (const NpuModuleMemTable* m = rank.npuModuleMem.get()) {
        std::map<StringId, std::vector<std::size_t>> byComponent;
        for (std::size_t i = 0; i < m->size(); ++i)
            byComponent[m->component[i]].push_back(i);
        for (const auto& [component, rows] : byComponent) {
            std::vector<TimeNs> ts;
            std::vector<double> reserved;
            for (const auto& bucket : buckets(rows, m->tsNs)) {
                ts.push_back(bucketTime(bucket, m->reservedMB, m->tsNs));
                reserved.push_back(bucketMax(bucket, m->reservedMB));
            }
            modules.push_back({ { "component", std::string(m->strings.view(component)) },
                { "device", std::string(m->strings.view(m->device[rows.front()])) }, { "tsNs", ts },
                { "reservedMB", nullableArray(reserved) } });
        }
    }
    return { { "records", std::move(records) }, { "modules", std::move(modules) } };
}

Json adviceJson(const RankData& rank)
{
    const double gapUs = AdviceThresholds().hostBoundLaunchGapUs;
    if (rank.trace.isEmpty() && !rank.summary.isSummary())
        return { { "launchGapUs", gapUs }, { "launchTasks", -1 } };
    const advice::LaunchMeasure m = advice::measureLaunches(rank, gapUs);
    return { { "launchGapUs", gapUs }, { "launchTasks", m.tasks }, { "launchPrompt", m.prompt },
        { "launchStarved", m.starved } };
}

} // namespace

QByteArray rankSummaryJson(const RankData& rank)
{
    const std::shared_ptr<const RankOverview> overview = rankOverview(rank);
    Json root = Json::object();
    root["format"] = kSummaryFormatName;
    root["version"] = kSummaryFormatVersion;
    root["generator"] = text(QStringLiteral("profscope-cli %1").arg(QStringLiteral(PROFSCOPE_VERSION)));
    root["createdUtc"] = text(QDateTime::currentDateTimeUtc().toString(Qt::ISODate));
    root["computedOn"] = text(QSysInfo::machineHostName());
    root["source"] = { { "path", text(rank.info.rootPath) }, { "layout", text(rankLayoutName(rank.info.layout)) } };
    root["rank"] = rankJson(rank.info);
    // "recomputed": from the timeline with Profscope's definitions (overview.h);
    // "profiler summary": the rank had no timeline, the profiler's own figures.
    root["stepsSource"] = overview->fromSummary && !overview->fromProfscopeSummary ? "profiler summary" : "recomputed";
    root["steps"] = stepsJson(*overview);
    root["operators"] = operatorsJson(rank);
    root["communication"] = communicationJson(rank);
    root["communicationMatrix"] = matrixJson(rank);
    root["memory"] = memoryJson(rank);
    root["advice"] = adviceJson(rank);
    const std::string dumped = root.dump(-1, ' ', false, Json::error_handler_t::replace);
    return QByteArray(dumped.data(), qsizetype(dumped.size()));
}

QString summaryFileName(const RankData& rank)
{
    static const QRegularExpression unsafe(QStringLiteral("[^A-Za-z0-9._-]+"));
    QString folder = QFileInfo(rank.info.rootPath).fileName();
    folder.replace(unsafe, QStringLiteral("_"));
    const QString id = rank.info.rankId >= 0 ? QStringLiteral("rank%1").arg(rank.info.rankId) : QStringLiteral("rank");
    return (folder.isEmpty() ? id : id + QLatin1Char('_') + folder) + QLatin1String(kSummaryFileSuffix);
}

QString writeRankSummary(const RankData& rank, const QString& outDir, QString* error)
{
    if (!QDir().mkpath(outDir)) {
        if (error)
            *error = Tr::tr("cannot create the folder %1").arg(outDir);
        return {};
    }
    const QString path = QDir(outDir).filePath(summaryFileName(rank));
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(rankSummaryJson(rank)) < 0 || !file.commit()) {
        if (error)
            *error = Tr::tr("cannot write %1: %2").arg(path, file.errorString());
        return {};
    }
    return path;
}

} // namespace profscope
