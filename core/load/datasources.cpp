// SPDX-License-Identifier: Apache-2.0
#include "datasources.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QRegularExpression>

#include <optional>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::ProfileLoader)
};

using Data = DataSources::Data;

std::optional<Data> dataOf(FileKind kind)
{
    switch (kind) {
    case FileKind::TraceView:
    case FileKind::LegacyTimeline:
    case FileKind::CannTimeline:
        return Data::Timeline;
    case FileKind::KernelDetails:
        return Data::Kernels;
    case FileKind::MemoryRecord:
    case FileKind::NpuModuleMem:
    case FileKind::OperatorMemory:
        return Data::Memory;
    case FileKind::StepTraceTime:
        return Data::StepTrace;
    case FileKind::Communication:
        return Data::Communication;
    case FileKind::CommunicationMatrix:
        return Data::Matrix;
    default:
        return std::nullopt;
    }
}

bool hasRows(SqliteDb& db, const char* table)
{
    const QString name = QLatin1String(table);
    if (!db.hasTable(name))
        return false;
    SqlQuery q(db, "SELECT 1 FROM " + quoteIdentifier(name) + " LIMIT 1");
    return q.next();
}

bool& takeFlag(DbTake& take, Data data)
{
    switch (data) {
    case Data::Timeline:
        return take.timeline;
    case Data::Kernels:
        return take.kernels;
    case Data::Memory:
        return take.memory;
    case Data::StepTrace:
        return take.stepTrace;
    case Data::Communication:
        return take.communication;
    case Data::Matrix:
    case Data::Count:
        break;
    }
    return take.communicationMatrix;
}

bool taken(const DbTake& take, Data data)
{
    DbTake copy = take;
    return takeFlag(copy, data);
}

// What a database carries, by kind of data.
std::vector<Data> carried(const OpenedDatabase& d)
{
    std::vector<Data> out;
    if (!d.db)
        return out;
    SqliteDb& db = *d.db;
    if (d.kind == DbKind::Unified || d.kind == DbKind::Msprof) {
        if (hasRows(db, "TASK") || hasRows(db, "CANN_API") || hasRows(db, "PYTORCH_API"))
            out.push_back(Data::Timeline);
        if (hasRows(db, "COMPUTE_TASK_INFO") || hasRows(db, "COMMUNICATION_OP"))
            out.push_back(Data::Kernels);
        if (hasRows(db, "MEMORY_RECORD") || hasRows(db, "OP_MEMORY") || hasRows(db, "NPU_MODULE_MEM")
            || hasRows(db, "NPU_OP_MEM"))
            out.push_back(Data::Memory);
    } else if (d.kind == DbKind::Analysis || d.kind == DbKind::CommAnalyzer) {
        if (hasRows(db, "StepTraceTime"))
            out.push_back(Data::StepTrace);
        if (hasRows(db, "CommAnalyzerTime"))
            out.push_back(Data::Communication);
        if (hasRows(db, "CommAnalyzerMatrix"))
            out.push_back(Data::Matrix);
    }
    return out;
}

// A CANN msprof DB without a rank's profiler_info: the rank id is
// RANK_DEVICE_MAP's (torch_npu rewrites it; plain msprof writes -1). The
// device is the one the database names (RANK_DEVICE_MAP, its tasks), else
// the N of msprof_N.db (MindStudio Insight's naming; a 14-digit
// msprof_{timestamp}.db names no device). Says which, for the report.
QString msprofRankNote(const QString& path, RankInfo& info)
{
    if (info.rankId >= 0)
        return Tr::tr("rank %1 from the database's RANK_DEVICE_MAP").arg(info.rankId);
    static const QRegularExpression re(QStringLiteral("^msprof_(\\d{1,5})\\.db$"), QRegularExpression::CaseInsensitiveOption);
    const auto m = re.match(QFileInfo(path).fileName());
    const int nameDevice = m.hasMatch() ? m.captured(1).toInt() : -1;
    const QString noRank = Tr::tr("no rank id in the database (no RANK_DEVICE_MAP rank)");
    if (info.deviceId >= 0 && nameDevice >= 0 && nameDevice != info.deviceId)
        return Tr::tr("%1: rank unknown, device %2 from the database (its file name says %3)")
            .arg(noRank)
            .arg(info.deviceId)
            .arg(nameDevice);
    if (info.deviceId >= 0)
        return Tr::tr("%1: rank unknown, device %2 from the database").arg(noRank).arg(info.deviceId);
    if (nameDevice >= 0) {
        info.deviceId = nameDevice;
        return Tr::tr("%1: rank unknown, device %2 from the file name").arg(noRank).arg(nameDevice);
    }
    return Tr::tr("%1: rank and device unknown").arg(noRank);
}

} // namespace

OpenedDatabase openDatabase(const QString& path)
{
    OpenedDatabase d;
    d.kind = ignoredDatabaseKind(path);
    if (d.kind != DbKind::Unknown)
        return d;
    d.db = std::make_unique<SqliteDb>();
    if (!d.db->open(path, &d.error)) {
        d.db.reset();
        return d;
    }
    d.kind = classifyDatabase(path, *d.db);
    return d;
}

QString DataSources::dataName(Data data)
{
    switch (data) {
    case Data::Timeline:
        return Tr::tr("timeline");
    case Data::Kernels:
        return Tr::tr("kernel table");
    case Data::Memory:
        return Tr::tr("memory data");
    case Data::StepTrace:
        return Tr::tr("step trace summary");
    case Data::Communication:
        return Tr::tr("communication statistics");
    case Data::Matrix:
        return Tr::tr("communication matrix");
    case Data::Count:
        break;
    }
    return {};
}

QString DataSources::dataName(FileKind kind)
{
    const auto data = dataOf(kind);
    return data ? dataName(*data) : QString();
}

QString DataSources::supersededBy(FileKind kind) const
{
    const auto data = dataOf(kind);
    if (!data)
        return {};
    const auto it = m_database.find(*data);
    return it == m_database.end() ? QString() : it->second;
}

DbTake DataSources::takeFrom(const DiscoveredFile* file) const
{
    const auto it = m_take.find(file);
    if (it != m_take.end())
        return it->second;
    DbTake none;
    for (int d = 0; d < int(Data::Count); ++d)
        takeFlag(none, Data(d)) = false;
    return none;
}

DataSources chooseSources(const DiscoveredRank& rank, const std::map<const DiscoveredFile*, OpenedDatabase>& databases,
                          SourcePreference preference)
{
    DataSources sources;
    bool text[int(Data::Count)] = {};
    for (const DiscoveredFile& f : rank.files)
        if (const auto d = dataOf(f.kind))
            text[int(*d)] = true;
    // The framework's unified DB before a plain msprof DB; otherwise file order.
    std::vector<const DiscoveredFile*> order;
    for (const auto& [file, db] : databases)
        order.push_back(file);
    std::stable_sort(order.begin(), order.end(), [&databases](const DiscoveredFile* a, const DiscoveredFile* b) {
        const bool ua = databases.at(a).kind == DbKind::Unified, ub = databases.at(b).kind == DbKind::Unified;
        return ua != ub ? ua : a->path < b->path;
    });
    for (const DiscoveredFile* file : order) {
        DbTake take;
        for (int d = 0; d < int(Data::Count); ++d)
            takeFlag(take, Data(d)) = false;
        for (const Data d : carried(databases.at(file))) {
            if (sources.m_database.count(d) || (preference == SourcePreference::Text && text[int(d)]))
                continue;
            takeFlag(take, d) = true;
            sources.m_database[d] = QFileInfo(file->path).fileName();
        }
        sources.m_take[file] = take;
    }
    return sources;
}

void readDatabase(const OpenedDatabase& database, RankData& rank, const DbTake& take, FileReport& report)
{
    QElapsedTimer timer;
    timer.start();
    report.kind = dbKindName(database.kind);
    switch (database.kind) {
    case DbKind::InsightCache:
        report.status = FileStatus::Skipped;
        report.reason = Tr::tr("MindStudio Insight's own cache, not profiler output: ignored");
        return;
    case DbKind::Intermediate:
        report.status = FileStatus::Skipped;
        report.reason = Tr::tr("msprof intermediate database: not read, the exports are used");
        return;
    default:
        break;
    }
    if (!database.db) {
        report.status = FileStatus::Broken;
        report.reason = database.error;
        report.byteOffset = 0;
        return;
    }
    SqliteDb& db = *database.db;
    if (database.kind == DbKind::Unknown) {
        report.status = FileStatus::Skipped;
        report.reason = Tr::tr("SQLite file without any table Profscope knows (%1)")
                            .arg(QStringList(db.tables().begin(), db.tables().end()).join(QStringLiteral(", ")));
        return;
    }
    if (database.kind == DbKind::ClusterAnalysis) {
        report.status = FileStatus::Skipped;
        report.reason = Tr::tr("msprof-analyze cluster output inside a rank folder: not read here");
        return;
    }
    bool anything = false;
    for (int d = 0; d < int(DataSources::Data::Count); ++d)
        anything = anything || taken(take, DataSources::Data(d));
    if (!anything) {
        report.status = FileStatus::Skipped;
        report.reason = Tr::tr("not read: every kind of data it holds comes from another file of this rank");
        return;
    }
    if (db.readsCopy())
        report.warnings << Tr::tr("an unfinished write-ahead log (-wal) lies beside it: read from a private copy of both");
    if (db.userVersion() != 0 || db.hasTable(QStringLiteral("status_info")))
        report.warnings << Tr::tr("modified by MindStudio Insight (extra tables and columns): those are ignored");
    report.status = FileStatus::Used;
    QStringList fed;
    for (int d = 0; d < int(DataSources::Data::Count); ++d)
        if (taken(take, DataSources::Data(d)))
            fed << DataSources::dataName(DataSources::Data(d));
    const int rankBefore = rank.info.rankId;
    if (database.kind == DbKind::Unified || database.kind == DbKind::Msprof)
        importProfilerDb(db, rank, take, report);
    else
        importAnalysisDb(db, rank, take, report);
    if (report.status != FileStatus::Broken)
        report.reason = Tr::tr("feeds: %1").arg(fed.join(QStringLiteral(", ")));
    if (database.kind == DbKind::Msprof && rankBefore < 0 && report.status != FileStatus::Broken)
        report.reason += QLatin1Char('\n') + msprofRankNote(report.path, rank.info);
    if (database.kind == DbKind::Unified || database.kind == DbKind::Msprof) {
        // What the text export has and a profiler database does not (or not here): said once per file.
        QStringList missing { Tr::tr("operator and API statistics, operator details and L2 cache (text-only "
                                     "deliverables: op_statistic, api_statistic, operator_details, l2_cache)") };
        if (take.timeline && db.hasTable(QStringLiteral("PYTORCH_API")))
            missing << Tr::tr("async_npu arrows to copy tasks (torch_npu links framework ops to kernel launches only)");
        QStringList unread;
        for (const char* table : { "GC_RECORD", "OSRT_API", "SIO", "CPU_USAGE", "HOST_MEM_USAGE" })
            if (db.hasTable(QLatin1String(table)))
                unread << QLatin1String(table);
        if (!unread.isEmpty())
            missing << Tr::tr("tables not shown yet: %1").arg(unread.join(QStringLiteral(", ")));
        if (report.status != FileStatus::Broken) { // notes, not problems of the file
            report.reason += QLatin1Char('\n') + Tr::tr("not in this database or not read from it: %1").arg(missing.join(QStringLiteral("; ")));
            // Two thirds of the rows, needed by no page at load (dbtables.cpp).
            if (take.kernels && db.hasTable(QStringLiteral("TASK_PMU_INFO")))
                report.reason += QLatin1Char('\n') + Tr::tr("read when first used, not at load: TASK_PMU_INFO (the kernels' PMU metrics)");
        }
    }
    report.parseMs = double(timer.nsecsElapsed()) / 1e6;
}

} // namespace profscope
