// SPDX-License-Identifier: Apache-2.0
#include "resourceparsers.h"

#include "csvtable.h"
#include "jsonfile.h"
#include "numbers.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QRegularExpression>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::LegacyParsers)
};

using jsonfile::Json;
using jsonfile::JsonFile;

// A JSON value that must be a number when present: absent and null stay
// kNoValue silently, anything else warns.
double jsonNumber(JsonFile& file, const Json& root, const char* key, bool& found)
{
    const Json* v = jsonfile::member(root, key);
    if (!v || v->is_null())
        return kNoValue;
    found = true;
    if (const auto d = jsonfile::toDouble(v))
        return *d;
    file.warn(Tr::tr("\"%1\" is not a number: %2").arg(QLatin1String(key), jsonfile::toText(v)));
    return kNoValue;
}

// The file holds none of the keys its kind is made of: say which were expected.
bool noKnownKeys(JsonFile& file, FileReport& report, const QString& expected)
{
    report.status = FileStatus::Broken;
    report.reason = Tr::tr("%1: none of the keys %2 is there").arg(file.fileName(), expected);
    report.byteOffset = 0;
    return file.fail();
}

} // namespace

bool parseFlopsTable(const QString& path, FlopsTable& out, FileReport& report)
{
    CsvTable t(path, nullptr, report, CsvFamily::Legacy);
    if (!t.open())
        return t.fail();

    const int nameCol = t.required({ "full_kernel_name", "op_full_name", "op_name" });
    // One MFLOPs column of whichever generation: without any the file says nothing.
    t.required({ "FLOPs", "MFLOPs(10^6)", "MFLOPs(10^6 cube)", "MFLOPs(10^6 vector)" });
    if (!t.checkRequired())
        return t.fail();
    const int totalCol = t.optional({ "FLOPs", "MFLOPs(10^6)" });
    const int rateCol = t.optional({ "FLOPS", "GFLOPS(10^9)" });
    const int utilCol = t.optional({ "FLOPS utilization", "FLOPS utilization(%)" });
    const int cubeCol = t.optional({ "MFLOPs(10^6 cube)" });
    const int cubeRateCol = t.optional({ "GFLOPS(10^9 cube)" });
    const int cubeUtilCol = t.optional({ "FLOPS utilization(cube)" });
    const int vecCol = t.optional({ "MFLOPs(10^6 vector)" });
    const int vecRateCol = t.optional({ "GFLOPS(10^9 vector)" });
    const int vecUtilCol = t.optional({ "FLOPS utilization(vec)", "FLOPS utilization(vector)" });
    if (totalCol >= 0)
        out.generation = FlopsGeneration::Total;
    else if (cubeUtilCol >= 0 || vecUtilCol >= 0)
        out.generation = FlopsGeneration::CubeVectorUtilization;
    else
        out.generation = FlopsGeneration::CubeVector;

    qint64 kept = 0;
    while (t.next()) {
        FlopsOpRow row;
        row.fullName = t.requiredText(nameCol);
        if (!t.rowOk()) {
            t.skipRow();
            continue;
        }
        row.mflops = t.optionalDouble(totalCol);
        row.gflops = t.optionalDouble(rateCol);
        row.utilizationPercent = t.optionalDouble(utilCol);
        row.cubeMflops = t.optionalDouble(cubeCol);
        row.cubeGflops = t.optionalDouble(cubeRateCol);
        row.cubeUtilizationPercent = t.optionalDouble(cubeUtilCol);
        row.vectorMflops = t.optionalDouble(vecCol);
        row.vectorGflops = t.optionalDouble(vecRateCol);
        row.vectorUtilizationPercent = t.optionalDouble(vecUtilCol);
        out.ops.push_back(std::move(row));
        ++kept;
    }
    return t.finish(kept);
}

bool parseFlopsSummary(const QString& path, FlopsSummary& out, FileReport& report)
{
    JsonFile file(path, nullptr, report);
    Json root;
    if (!file.load(root))
        return file.fail();
    bool found = false;
    out.flopsM = jsonNumber(file, root, "FLOPs", found);
    out.flopsPerSecondG = jsonNumber(file, root, "FLOPS", found);
    out.utilizationPercent = jsonNumber(file, root, "FLOPS_Utilization", found);
    out.cubeFlopsM = jsonNumber(file, root, "cube_FLOPs", found);
    out.cubeFlopsPerSecondG = jsonNumber(file, root, "cube_FLOPS", found);
    out.vectorFlopsM = jsonNumber(file, root, "vec_FLOPs", found);
    out.vectorFlopsPerSecondG = jsonNumber(file, root, "vec_FLOPS", found);
    if (!found)
        return noKnownKeys(file, report, QStringLiteral("FLOPs, FLOPS, FLOPS_Utilization, cube_FLOPs, vec_FLOPs"));
    out.present = true;
    return file.finish();
}

bool parseMemoryUsageSummary(const QString& path, MemoryUsageSummary& out, FileReport& report)
{
    JsonFile file(path, nullptr, report);
    Json root;
    if (!file.load(root))
        return file.fail();
    bool found = false;
    out.capacityGiB = jsonNumber(file, root, "capacity", found);
    out.peakGiB = jsonNumber(file, root, "peak_mem", found);
    out.staticGiB = jsonNumber(file, root, "static_mem", found);
    bool counted = false;
    const double allocations = jsonNumber(file, root, "allocations", counted);
    const double deallocations = jsonNumber(file, root, "deallocations", counted);
    out.allocations = toIntegral<qint64>(allocations).value_or(-1);
    out.deallocations = toIntegral<qint64>(deallocations).value_or(-1);
    if (!found)
        return noKnownKeys(file, report, QStringLiteral("capacity, peak_mem, static_mem"));
    if (!std::isnan(out.capacityGiB) && out.capacityGiB <= 0) {
        file.warn(Tr::tr("\"capacity\" is %1 GiB; the device capacity is unknown").arg(out.capacityGiB));
        out.capacityGiB = kNoValue;
    }
    out.present = true;
    return file.finish();
}

bool parseClusterAnalyse(const QString& path, ClusterAnalyse& out, FileReport& report)
{
    static const QRegularExpression name(QStringLiteral("^ascend_cluster_analyse_(.+)_(\\d+)_(\\d+)_\\d+\\.csv$"),
                                         QRegularExpression::CaseInsensitiveOption);
    const auto m = name.match(QFileInfo(path).fileName());
    CsvTable t(path, nullptr, report, CsvFamily::Legacy);
    if (m.hasMatch()) {
        out.parallelMode = m.captured(1);
        out.stageNum = m.captured(2).toInt();
        out.rankSize = m.captured(3).toInt();
        if (out.stageNum <= 0 || out.rankSize <= 0 || out.rankSize % out.stageNum != 0) {
            t.warn(Tr::tr("the name says %1 stages over %2 ranks: not a usable pipeline layout")
                       .arg(out.stageNum)
                       .arg(out.rankSize));
            out.stageNum = -1;
            out.rankSize = -1;
        }
    } else {
        t.warn(Tr::tr("the name does not follow ascend_cluster_analyse_{mode}_{stages}_{ranks}_{rank}.csv: "
                      "the parallel layout is unknown"));
    }
    if (!t.open())
        return t.fail();
    const int computationCol = t.optional({ "computation_time" });
    const int commCol = t.optional({ "communication_alone_time" });
    const int stageCol = t.optional({ "stage_time" });
    const int receiveCol = t.optional({ "receive_alone_time" });
    const int collectiveCol = t.optional({ "collective_communication_alone_time" });
    qint64 kept = 0;
    while (t.next()) {
        ClusterAnalyseRow row;
        row.computationMs = t.optionalDouble(computationCol);
        row.communicationAloneMs = t.optionalDouble(commCol);
        row.stageMs = t.optionalDouble(stageCol);
        row.receiveAloneMs = t.optionalDouble(receiveCol);
        row.collectiveAloneMs = t.optionalDouble(collectiveCol);
        out.rows.push_back(row);
        ++kept;
    }
    return t.finish(kept);
}

} // namespace profscope
