// SPDX-License-Identifier: Apache-2.0
// The summaries of a 10 000-rank cluster are ~0.5 GB of small JSON files read
// at once, so they are parsed with simdjson's DOM (one parser per thread,
// reused), not with nlohmann/json like the profiler's own small files.
#include "summaryparser.h"

#include "../model/summary.h"
#include "../model/timebounds.h"
#include "inputfile.h"
#include "reportscope.h"

#include <QCoreApplication>
#include <QFile>

#include <simdjson.h>

#include <cmath>
#include <vector>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::SummaryParser)
};

using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::element_type;
using simdjson::dom::object;

// Far above any summary (tens of KiB); a bound against a hostile file.
constexpr qint64 kMaxSummaryBytes = qint64(256) << 20;

class SummaryFile : public ReportScope
{
public:
    SummaryFile(const QString& path, FileReport& report)
        : ReportScope(path, "profscope-summary.json", report, "profscope::SummaryParser")
    {
    }
    bool broken(const QString& reason, qint64 byteOffset = -1)
    {
        if (markBroken(reason))
            m_report.byteOffset = byteOffset;
        return false;
    }
};

bool isNumber(const element& e)
{
    const element_type t = e.type();
    return t == element_type::INT64 || t == element_type::UINT64 || t == element_type::DOUBLE;
}

// The member `key` of an object element, if there.
bool member(const element& object, const char* key, element& out)
{
    return object.is_object() && !object.at_key(key).get(out);
}

std::optional<qint64> toInt(const element& e)
{
    std::int64_t v = 0;
    if (e.type() == element_type::INT64 && !e.get_int64().get(v))
        return qint64(v);
    std::uint64_t u = 0;
    if (e.type() == element_type::UINT64 && !e.get_uint64().get(u) && u <= std::uint64_t(std::numeric_limits<qint64>::max()))
        return qint64(u);
    return std::nullopt;
}

qint64 intOr(const element& object, const char* key, qint64 fallback)
{
    element e;
    if (!member(object, key, e))
        return fallback;
    return toInt(e).value_or(fallback);
}

double doubleOf(const element& e, double fallback)
{
    double v = 0;
    return isNumber(e) && !e.get_double().get(v) ? v : fallback;
}

double doubleOr(const element& object, const char* key, double fallback)
{
    element e;
    return member(object, key, e) ? doubleOf(e, fallback) : fallback;
}

QString textOf(const element& object, const char* key)
{
    element e;
    std::string_view s;
    if (member(object, key, e) && !e.get_string().get(s))
        return QString::fromUtf8(s.data(), qsizetype(s.size()));
    return {};
}

std::string_view viewOf(const element& object, const char* key)
{
    element e;
    std::string_view s;
    if (member(object, key, e) && !e.get_string().get(s))
        return s;
    return {};
}

bool boolOf(const element& object, const char* key)
{
    element e;
    bool b = false;
    return member(object, key, e) && !e.get_bool().get(b) && b;
}

// A time in ns; kInvalidTime when absent, not an integer or beyond the bound.
TimeNs timeOf(const element& object, const char* key)
{
    element e;
    if (!member(object, key, e))
        return kInvalidTime;
    const auto v = toInt(e);
    return v && isRepresentableTime(*v) ? *v : kInvalidTime;
}

// The array member `key`; false (with a warning when it is there but not an array) otherwise.
bool arrayMember(SummaryFile& file, const element& object, const char* key, array& out)
{
    element e;
    if (!member(object, key, e))
        return false;
    if (e.get_array().get(out)) {
        file.warn(Tr::tr("\"%1\" is not an array, skipped").arg(QLatin1String(key)));
        return false;
    }
    return true;
}

void readRank(const element& r, RankInfo& info)
{
    info.rankId = int(intOr(r, "rankId", info.rankId));
    info.deviceId = int(intOr(r, "deviceId", info.deviceId));
    info.host = textOf(r, "host");
    if (const QString name = textOf(r, "displayName"); !name.isEmpty())
        info.displayName = name;
    info.framework = textOf(r, "framework");
    info.profilerLevel = textOf(r, "profilerLevel");
    info.rankSize = intOr(r, "rankSize", -1);
    info.worldSize = int(intOr(r, "worldSize", -1));
    info.tpSize = int(intOr(r, "tpSize", -1));
    info.ppSize = int(intOr(r, "ppSize", -1));
    info.dpSize = int(intOr(r, "dpSize", -1));
    info.tpIndex = int(intOr(r, "tpIndex", -1));
    info.ppIndex = int(intOr(r, "ppIndex", -1));
    info.dpIndex = int(intOr(r, "dpIndex", -1));
    element groups;
    array list;
    if (!member(r, "parallelGroups", groups) || groups.get_array().get(list))
        return;
    for (const element g : list) {
        if (!g.is_object())
            continue;
        ParallelGroup group;
        group.groupId = textOf(g, "groupId");
        group.groupName = textOf(g, "groupName");
        group.groupRank = int(intOr(g, "groupRank", -1));
        element ranks;
        array ids;
        if (member(g, "globalRanks", ranks) && !ranks.get_array().get(ids)) {
            std::vector<int>& members = group.globalRanks.edit();
            members.reserve(ids.size()); // exact: grown by doubling, a 10,000-rank cluster kept 60 % more
            for (const element id : ids)
                if (const auto v = toInt(id))
                    members.push_back(int(*v));
        }
        info.parallelGroups.push_back(std::move(group));
    }
}

void readSteps(SummaryFile& file, const array& steps, RankData& rank)
{
    // By the step_trace_time.csv column names, as the writer keys them.
    static const char* const kColumns[StepTraceRow::ColumnCount] = { "Computing", "Communication(Not Overlapped)",
        "Overlapped", "Communication", "Free", "Stage", "Bubble", "Communication(Not Overlapped and Exclude Receive)",
        "Preparing" };
    for (const element s : steps) {
        if (!s.is_object()) {
            file.warn(Tr::tr("a step is not an object, skipped"));
            continue;
        }
        StepTraceRow row;
        row.step = textOf(s, "step");
        row.rankId = rank.info.rankId;
        row.hostRangeNs = { timeOf(s, "hostStartNs"), timeOf(s, "hostEndNs") };
        if (row.hostRangeNs.startNs == kInvalidTime || row.hostRangeNs.endNs == kInvalidTime)
            row.hostRangeNs = {};
        row.spanNs = { timeOf(s, "spanStartNs"), timeOf(s, "spanEndNs") };
        if (row.spanNs.startNs == kInvalidTime || row.spanNs.endNs == kInvalidTime || row.spanNs.endNs < row.spanNs.startNs)
            row.spanNs = {};
        row.kernelTimeNs = timeOf(s, "kernelTimeNs");
        row.computeTasks = intOr(s, "computeTasks", -1);
        row.communicationOps = intOr(s, "communicationOps", -1);
        element values;
        if (!member(s, "valuesNs", values) || !values.is_object()) {
            file.warn(Tr::tr("step \"%1\" has no \"valuesNs\" object, skipped").arg(row.step));
            continue;
        }
        for (int c = 0; c < StepTraceRow::ColumnCount; ++c)
            row.valueNs[std::size_t(c)] = timeOf(values, kColumns[c]);
        rank.stepTrace.push_back(std::move(row));
    }
}

void readOperators(const array& ops, RankData& rank)
{
    rank.opStatistics.reserve(rank.opStatistics.size() + ops.size());
    for (const element o : ops) {
        if (!o.is_object())
            continue;
        OpStatisticRow row;
        row.opType = textOf(o, "opType");
        row.coreType = textOf(o, "coreType");
        row.count = intOr(o, "count", 0);
        row.totalNs = std::max<TimeNs>(0, timeOf(o, "totalNs"));
        row.minNs = std::max<TimeNs>(0, timeOf(o, "minNs"));
        row.avgNs = std::max<TimeNs>(0, timeOf(o, "avgNs"));
        row.maxNs = std::max<TimeNs>(0, timeOf(o, "maxNs"));
        row.ratioPercent = doubleOr(o, "ratioPercent", kNoValue);
        rank.opStatistics.push_back(std::move(row));
    }
}

CommBandwidth readBandwidth(const element& b)
{
    CommBandwidth band;
    band.transport = textOf(b, "transport");
    band.transitSizeMB = doubleOr(b, "transitSizeMB", 0);
    band.transitTimeMs = doubleOr(b, "transitTimeMs", 0);
    band.bandwidthGBps = doubleOr(b, "bandwidthGBps", 0);
    band.largePacketRatio = doubleOr(b, "largePacketRatio", 0);
    element sizes;
    array entries;
    if (member(b, "sizeDistribution", sizes) && !sizes.get_array().get(entries))
        for (const element e : entries) {
            array triple;
            if (e.get_array().get(triple) || triple.size() < 3)
                continue;
            const element size = triple.at(0).value_unsafe();
            if (!isNumber(size))
                continue;
            band.sizeDistribution[doubleOf(size, 0)]
                = { toInt(triple.at(1).value_unsafe()).value_or(0), doubleOf(triple.at(2).value_unsafe(), 0) };
        }
    return band;
}

// Ops and links repeat a few steps, group ids and names: one QString each,
// shared (implicitly) by every record that names it. The views point into
// the parser's buffer, which outlives the records' reading.
class SharedStrings
{
public:
    QString operator()(std::string_view s)
    {
        auto it = m_known.find(s);
        if (it == m_known.end())
            it = m_known.insert(s, QString::fromUtf8(s.data(), qsizetype(s.size())));
        return *it;
    }

private:
    QHash<std::string_view, QString> m_known;
};

// The records' vectors are reserved for the arrays' sizes (one of them per
// rank, 10,000 ranks): grown by doubling they kept up to twice their size.
void readCommunication(const array& ops, RankData& rank)
{
    SharedStrings intern;
    rank.communication.reserve(rank.communication.size() + ops.size());
    for (const element o : ops) {
        if (!o.is_object())
            continue;
        CommOpRecord rec;
        rec.step = intern(viewOf(o, "step"));
        rec.p2p = boolOf(o, "p2p");
        rec.opName = textOf(o, "opName");
        rec.groupId = intern(viewOf(o, "groupId"));
        rec.startNs = timeOf(o, "startNs");
        rec.elapseMs = doubleOr(o, "elapseMs", 0);
        rec.transitMs = doubleOr(o, "transitMs", 0);
        rec.waitMs = doubleOr(o, "waitMs", 0);
        rec.synchronizationMs = doubleOr(o, "synchronizationMs", 0);
        rec.idleMs = doubleOr(o, "idleMs", 0);
        rec.waitRatio = doubleOr(o, "waitRatio", kNoValue);
        rec.synchronizationRatio = doubleOr(o, "synchronizationRatio", kNoValue);
        element bw;
        array bands;
        if (member(o, "bandwidth", bw) && !bw.get_array().get(bands)) {
            rec.bandwidth.reserve(bands.size());
            for (const element b : bands)
                if (b.is_object())
                    rec.bandwidth.push_back(readBandwidth(b));
        }
        rank.communication.push_back(std::move(rec));
    }
}

void readMatrix(const array& links, RankData& rank)
{
    SharedStrings intern;
    rank.communicationMatrix.reserve(rank.communicationMatrix.size() + links.size());
    for (const element o : links) {
        if (!o.is_object())
            continue;
        CommMatrixLink l;
        l.step = intern(viewOf(o, "step"));
        l.p2p = boolOf(o, "p2p");
        l.opKey = intern(viewOf(o, "opKey"));
        l.groupId = intern(viewOf(o, "groupId"));
        l.srcRank = int(intOr(o, "srcRank", -1));
        l.dstRank = int(intOr(o, "dstRank", -1));
        l.transport = intern(viewOf(o, "transport"));
        l.transitSizeMB = doubleOr(o, "transitSizeMB", 0);
        l.transitTimeMs = doubleOr(o, "transitTimeMs", 0);
        l.bandwidthGBps = doubleOr(o, "bandwidthGBps", 0);
        l.opName = intern(viewOf(o, "opName"));
        rank.communicationMatrix.push_back(std::move(l));
    }
}

// One curve's values; null (no value in the file) as NaN.
std::vector<double> values(const element& curve, const char* key, std::size_t n)
{
    std::vector<double> out(n, kNoValue);
    element e;
    array list;
    if (member(curve, key, e) && !e.get_array().get(list)) {
        std::size_t i = 0;
        for (const element v : list) {
            if (i >= n)
                break;
            out[i++] = doubleOf(v, kNoValue);
        }
    }
    return out;
}

std::vector<TimeNs> times(const element& curve)
{
    std::vector<TimeNs> out;
    element e;
    array list;
    if (member(curve, "tsNs", e) && !e.get_array().get(list))
        for (const element t : list) {
            const auto ns = toInt(t);
            out.push_back(ns && isRepresentableTime(*ns) ? *ns : kInvalidTime);
        }
    return out;
}

// Columns grown point by point keep up to half their capacity unused: one
// copy each at the end (a few hundred points a rank, 10,000 ranks).
template <typename... Columns> void shrinkColumns(Columns&... columns)
{
    (columns.shrink_to_fit(), ...);
}

void readMemory(SummaryFile& file, const element& memory, RankData& rank)
{
    array records;
    if (arrayMember(file, memory, "records", records) && records.size() > 0) {
        auto table = std::make_unique<MemoryRecordTable>();
        const StringId noStream = table->strings.intern({});
        for (const element c : records) {
            if (!c.is_object())
                continue;
            const std::vector<TimeNs> ts = times(c);
            const std::vector<double> allocated = values(c, "allocatedMB", ts.size());
            const std::vector<double> reserved = values(c, "reservedMB", ts.size());
            const std::vector<double> active = values(c, "activeMB", ts.size());
            const StringId component = table->strings.intern(viewOf(c, "component"));
            const StringId deviceType = table->strings.intern(viewOf(c, "deviceType"));
            for (std::size_t i = 0; i < ts.size(); ++i) {
                if (ts[i] == kInvalidTime)
                    continue;
                table->component.push_back(component);
                table->tsNs.push_back(ts[i]);
                table->allocatedMB.push_back(allocated[i]);
                table->reservedMB.push_back(reserved[i]);
                table->activeMB.push_back(active[i]);
                table->streamPtr.push_back(noStream);
                table->deviceType.push_back(deviceType);
            }
        }
        if (table->size() > 0) {
            shrinkColumns(table->component, table->tsNs, table->allocatedMB, table->reservedMB, table->activeMB,
                          table->streamPtr, table->deviceType);
            rank.memoryRecords = std::move(table);
        }
    }
    array modules;
    if (arrayMember(file, memory, "modules", modules) && modules.size() > 0) {
        auto table = std::make_unique<NpuModuleMemTable>();
        for (const element c : modules) {
            if (!c.is_object())
                continue;
            const std::vector<TimeNs> ts = times(c);
            const std::vector<double> reserved = values(c, "reservedMB", ts.size());
            const StringId component = table->strings.intern(viewOf(c, "component"));
            const StringId device = table->strings.intern(viewOf(c, "device"));
            for (std::size_t i = 0; i < ts.size(); ++i) {
                if (ts[i] == kInvalidTime)
                    continue;
                table->component.push_back(component);
                table->tsNs.push_back(ts[i]);
                table->reservedMB.push_back(reserved[i]);
                table->device.push_back(device);
            }
        }
        if (table->size() > 0) {
            shrinkColumns(table->component, table->tsNs, table->reservedMB, table->device);
            rank.npuModuleMem = std::move(table);
        }
    }
}

} // namespace

bool parseProfscopeSummary(const QString& path, RankData& rank, FileReport& report)
{
    SummaryFile file(path, report);
    const QFileInfo info(path);
    if (info.isDir())
        return file.broken(Tr::tr("%1 is a directory, not a summary file").arg(path));
    if (isSpecialFile(info))
        return file.broken(specialFileReason(path));
    QFile in(path);
    if (!in.open(QIODevice::ReadOnly))
        return file.broken(Tr::tr("cannot open %1: %2").arg(path, in.errorString()));
    if (in.size() > kMaxSummaryBytes)
        return file.broken(Tr::tr("%1: %2 bytes, far larger than any summary: not read").arg(file.fileName()).arg(in.size()));
    // One buffer per loading thread, kept across files: a fresh one per
    // summary was zeroed and faulted in page by page by the read, about a
    // quarter of opening 10,000 summaries. A rare large file gets its own.
    constexpr std::size_t kKeptBufferBytes = std::size_t(4) << 20;
    const auto size = std::size_t(in.size());
    thread_local std::vector<char> kept;
    std::vector<char> own;
    std::vector<char>& text = size + simdjson::SIMDJSON_PADDING <= kKeptBufferBytes ? kept : own;
    if (text.size() < size + simdjson::SIMDJSON_PADDING)
        text.resize(size + simdjson::SIMDJSON_PADDING);
    const qint64 read = in.read(text.data(), qint64(size));
    report.sizeBytes = read;
    if (read != qint64(size))
        return file.broken(Tr::tr("cannot read %1: %2").arg(path, in.errorString()));
    if (read == 0)
        return file.broken(Tr::tr("%1: empty file").arg(file.fileName()), 0);

    thread_local simdjson::dom::parser parser;
    element root;
    if (const auto error = parser.parse(text.data(), size, false).get(root))
        return file.broken(
            Tr::tr("%1: not valid JSON (%2)").arg(file.fileName(), QString::fromUtf8(simdjson::error_message(error))));
    if (!root.is_object())
        return file.broken(Tr::tr("%1: expected a JSON object at the top level").arg(file.fileName()), 0);

    const QString format = textOf(root, "format");
    const qint64 version = intOr(root, "version", 0);
    if (format != QLatin1String(kSummaryFormatName))
        return file.broken(Tr::tr("not a Profscope summary: \"format\" is \"%1\", expected \"%2\"")
                               .arg(format, QLatin1String(kSummaryFormatName)));
    if (version < 1)
        return file.broken(Tr::tr("no valid \"version\" (a positive integer)"));
    if (version > kSummaryFormatVersion)
        return file.broken(Tr::tr("written by a newer Profscope (summary format version %1; this build reads version "
                                  "%2): open it with a newer Profscope, or run its summarize again with this one")
                               .arg(version)
                               .arg(kSummaryFormatVersion));

    SummaryOrigin& origin = rank.summary;
    origin.version = int(version);
    origin.generator = textOf(root, "generator");
    origin.createdUtc = textOf(root, "createdUtc");
    origin.computedOn = textOf(root, "computedOn");
    element e;
    if (member(root, "source", e)) {
        origin.sourcePath = textOf(e, "path");
        origin.sourceLayout = textOf(e, "layout");
    }
    if (member(root, "rank", e) && e.is_object())
        readRank(e, rank.info);
    else
        file.warn(Tr::tr("no \"rank\" object: the rank id comes from the file name"));
    origin.stepsRecomputed = textOf(root, "stepsSource") != QLatin1String("profiler summary");
    array list;
    if (arrayMember(file, root, "steps", list))
        readSteps(file, list, rank);
    if (arrayMember(file, root, "operators", list))
        readOperators(list, rank);
    if (arrayMember(file, root, "communication", list))
        readCommunication(list, rank);
    if (arrayMember(file, root, "communicationMatrix", list))
        readMatrix(list, rank);
    if (member(root, "memory", e) && e.is_object())
        readMemory(file, e, rank);
    if (member(root, "advice", e) && e.is_object()) {
        origin.launchGapUs = doubleOr(e, "launchGapUs", 0);
        origin.launchTasks = intOr(e, "launchTasks", -1);
        origin.launchPrompt = intOr(e, "launchPrompt", 0);
        origin.launchStarved = intOr(e, "launchStarved", 0);
    }
    report.addCount(QStringLiteral("steps"), qint64(rank.stepTrace.size()));
    report.addCount(QStringLiteral("operators"), qint64(rank.opStatistics.size()));
    report.addCount(QStringLiteral("commOps"), qint64(rank.communication.size()));
    report.addCount(QStringLiteral("links"), qint64(rank.communicationMatrix.size()));
    return file.finish();
}

} // namespace profscope
