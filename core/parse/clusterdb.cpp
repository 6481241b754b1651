// SPDX-License-Identifier: Apache-2.0
// msprof-analyze's cluster_analysis.db, both table generations (see
// clusteroutput.h and ../shared/reference/db-format.md §3.3). pandas'
// to_sql and msprof-analyze's own CREATE TABLE declare TEXT / INTEGER / REAL
// / NUMERIC, so every value is cast on read: ranks may be REAL (3.0), step
// ids TEXT, times INTEGER or REAL. Columns are found by name.

#include "clusteroutput.h"

#include "dbcontext.h"
#include "numbers.h"
#include "sqlitedb.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <map>
#include <optional>
#include <tuple>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::ClusterOutput)
};

// A NUMERIC cell: NULL is "no value", a text that is no number is a bad cell
// (nullopt with `bad` set). Stored numbers are read as such, never through
// their text, which SQLite prints with 15 digits only.
std::optional<double> numberAt(const SqlQuery& q, int c, bool* bad = nullptr)
{
    if (q.isNull(c))
        return std::nullopt;
    if (!parseDouble(q.text(c))) {
        if (bad)
            *bad = true;
        return std::nullopt;
    }
    return q.real(c);
}

std::optional<int> rankAt(const SqlQuery& q, int c)
{
    bool bad = false;
    const auto v = numberAt(q, c, &bad);
    if (!v || *v < 0 || *v != std::floor(*v) || *v > 1e9)
        return std::nullopt;
    return int(*v);
}

// An epoch µs value stored as REAL (pandas): us * 1000 would leave the 2^53
// range of exact doubles, so the integer part is scaled as an integer.
TimeNs epochUsToNs(double us)
{
    const double whole = std::floor(us);
    return TimeNs(whole) * 1000 + TimeNs(std::llround((us - whole) * 1000.0));
}

// start_timestamp is µs since the epoch (~1.7e15): exact from an integer or
// decimal text, rounded from a REAL.
TimeNs startNsAt(const SqlQuery& q, int c)
{
    if (q.isNull(c))
        return kInvalidTime;
    const std::string_view text = q.text(c);
    if (text.find_first_of("eE") == std::string_view::npos)
        if (const auto ns = parseUsToNs(text))
            return *ns;
    const auto v = numberAt(q, c);
    return v && std::abs(*v) * 1000.0 < double(kMaxAbsTimeNs) ? epochUsToNs(*v) : kInvalidTime;
}

class ClusterDbReader
{
public:
    ClusterDbReader(SqliteDb& db, FileReport& report, ClusterOutput& out)
        : m_db(db)
        , m_ctx(db, report)
        , m_out(out)
    {
    }

    // True when the table exists and has every one of `required`; else the
    // file is Broken naming the table and the missing columns.
    bool usable(const QString& table, std::initializer_list<const char*> required)
    {
        if (!m_db.hasTable(table))
            return false;
        QStringList missing;
        for (const char* c : required)
            if (!m_db.hasColumn(table, QLatin1String(c)))
                missing << QLatin1String(c);
        if (missing.isEmpty())
            return true;
        m_ctx.fail(table, Tr::tr("no column %1: table not read").arg(missing.join(QStringLiteral(", "))));
        return false;
    }

    void badRow(const QString& table, qint64 row, const QString& what)
    {
        ++m_badRows;
        m_ctx.warn(Tr::tr("table %1, row %2: %3; row skipped").arg(table).arg(row).arg(what));
    }
    qint64 badRows() const
    {
        return m_badRows;
    }

    void readGroups()
    {
        // CommunicationGroupMapping since 2025-03; CommunicationGroup before.
        QString table = QStringLiteral("CommunicationGroupMapping");
        if (!m_db.hasTable(table))
            table = QStringLiteral("CommunicationGroup");
        if (!usable(table, { "type", "rank_set" }))
            return;
        std::vector<ClusterCommGroup> groups;
        const qint64 rows = m_ctx.forEachRow(table,
            "SELECT " + m_ctx.select(table, { "type", "rank_set", "group_name", "group_id", "pg_name" }) + " FROM "
                + quoteIdentifier(table),
            [&](SqlQuery& q) {
                ClusterCommGroup g;
                g.p2p = q.text(0) == "p2p";
                if (!parseRankSet(q.string(1), g.globalRanks.edit())) {
                    badRow(table, q.rowsRead(), Tr::tr("rank_set \"%1\" is not a rank list").arg(q.string(1)));
                    return;
                }
                g.groupHash = q.string(2);
                g.groupId = q.string(3);
                g.pgName = q.string(4);
                for (int r : g.globalRanks)
                    m_out.rank(r);
                groups.push_back(std::move(g));
            });
        m_ctx.count(table, rows);
        m_out.groups = std::move(groups);
        m_out.groupsFrom = m_db.path();
    }

    void readStepTrace()
    {
        const QString table = QStringLiteral("ClusterStepTraceTime");
        if (!usable(table, { "step", "type", "index", "computing" }))
            return;
        const QByteArray sql = "SELECT "
            + m_ctx.select(table,
                { "step", "type", "index", "computing", "communication_not_overlapped", "overlapped", "communication",
                    "free", "stage", "bubble", "communication_not_overlapped_and_exclude_receive", "preparing",
                    "dp_index", "pp_index", "tp_index" })
            + " FROM ClusterStepTraceTime";
        qint64 stages = 0;
        const qint64 rows = m_ctx.forEachRow(table, sql, [&](SqlQuery& q) {
            std::array<TimeNs, StepTraceRow::ColumnCount> values;
            values.fill(kInvalidTime);
            static constexpr const char* kValueColumns[] = { "computing", "communication_not_overlapped", "overlapped",
                "communication", "free", "stage", "bubble", "communication_not_overlapped_and_exclude_receive",
                "preparing" };
            static_assert(std::size(kValueColumns) == StepTraceRow::ColumnCount);
            if (q.isNull(3)) {
                badRow(table, q.rowsRead(), Tr::tr("computing is empty"));
                return;
            }
            for (int c = 0; c < StepTraceRow::ColumnCount; ++c) {
                bool bad = false;
                if (const auto v = numberAt(q, 3 + c, &bad)) {
                    const auto ns = unitsToNs(*v, 1000.0);
                    if (!ns) {
                        badRow(table, q.rowsRead(),
                            Tr::tr("%1 holds %2 µs, outside the representable range of times")
                                .arg(QLatin1String(kValueColumns[c]), q.string(3 + c)));
                        return;
                    }
                    values[std::size_t(c)] = *ns;
                }
                if (bad) {
                    badRow(table, q.rowsRead(),
                        Tr::tr("%1 holds \"%2\", not a number").arg(QLatin1String(kValueColumns[c]), q.string(3 + c)));
                    return;
                }
            }
            const QString type = q.string(1).toLower();
            if (type == QLatin1String("rank")) {
                const auto rankId = rankAt(q, 2);
                if (!rankId) {
                    badRow(table, q.rowsRead(), Tr::tr("index \"%1\" of a rank row is not a rank id").arg(q.string(2)));
                    return;
                }
                StepTraceRow row;
                row.step = q.string(0);
                row.rankId = *rankId;
                row.valueNs = values;
                m_out.stepTrace[*rankId].push_back(std::move(row));
                ClusterRankEntry& e = m_out.rank(*rankId);
                e.dpIndex = rankAt(q, 12).value_or(e.dpIndex);
                e.ppIndex = rankAt(q, 13).value_or(e.ppIndex);
                e.tpIndex = rankAt(q, 14).value_or(e.tpIndex);
            } else if (type == QLatin1String("stage")) {
                ClusterStageRow row;
                row.step = q.string(0);
                if (!parseRankSet(q.string(2), row.ranks))
                    m_ctx.warn(Tr::tr("table %1, row %2: stage index \"%3\" is not a rank list")
                                   .arg(table)
                                   .arg(q.rowsRead())
                                   .arg(q.string(2)));
                row.valueNs = values;
                m_out.stages.push_back(std::move(row));
                ++stages;
            } else {
                badRow(table, q.rowsRead(), Tr::tr("type \"%1\" is neither rank nor stage").arg(q.string(1)));
            }
        });
        m_ctx.count(table, rows);
        m_ctx.count(QStringLiteral("stage rows"), stages);
        m_out.stepTraceFrom = m_db.path();
    }

    void readRanks()
    {
        std::map<QString, QString> hostNames;
        const QString hostTable = QStringLiteral("HostInfo");
        if (usable(hostTable, { "hostUid", "hostName" }))
            m_ctx.count(hostTable,
                m_ctx.forEachRow(hostTable, "SELECT hostUid, hostName FROM HostInfo",
                    [&](SqlQuery& q) { hostNames[q.string(0)] = q.string(1); }));
        const QString table = QStringLiteral("RankDeviceMap");
        if (!usable(table, { "rankId" }))
            return;
        m_ctx.count(table,
            m_ctx.forEachRow(table,
                "SELECT " + m_ctx.select(table, { "rankId", "deviceId", "hostUid", "profilePath" })
                    + " FROM RankDeviceMap",
                [&](SqlQuery& q) {
                    const auto rankId = rankAt(q, 0);
                    if (!rankId) {
                        badRow(table, q.rowsRead(), Tr::tr("rankId \"%1\" is not a rank id").arg(q.string(0)));
                        return;
                    }
                    ClusterRankEntry& e = m_out.rank(*rankId);
                    e.deviceId = rankAt(q, 1).value_or(-1);
                    e.hostUid = q.string(2);
                    e.hostName = hostNames.count(e.hostUid) ? hostNames[e.hostUid] : QString();
                    e.profilePath = q.string(3); // on the analysing machine: display only
                }));
    }

    void readCommunication(bool newNames)
    {
        const QString table =
            newNames ? QStringLiteral("ClusterCommunicationTime") : QStringLiteral("ClusterCommAnalyzerTime");
        const QString bandTable =
            newNames ? QStringLiteral("ClusterCommunicationBandwidth") : QStringLiteral("ClusterCommAnalyzerBandwidth");
        if (!usable(table, { "step", "rank_id", "hccl_op_name", "group_name" }))
            return;
        // (step, rank, op, group) -> record, for the bandwidth rows.
        std::map<std::tuple<QString, int, QString, QString>, std::pair<int, std::size_t>> index;
        qint64 ops = 0, totals = 0;
        const QByteArray sql = "SELECT "
            + m_ctx.select(table,
                { "step", "rank_id", "hccl_op_name", "group_name", "start_timestamp", "elapsed_time", "transit_time",
                    "wait_time", "synchronization_time", "idle_time", "synchronization_time_ratio", "wait_time_ratio",
                    "rank_set", "elapse_time" })
            + " FROM " + quoteIdentifier(table);
        m_ctx.count(table, m_ctx.forEachRow(table, sql, [&](SqlQuery& q) {
            const QString opName = q.string(2);
            if (opName == QLatin1String("Total Op Info")) {
                ++totals; // per (step, rank, group) sums of the op rows
                return;
            }
            const auto rankId = rankAt(q, 1);
            if (!rankId) {
                badRow(table, q.rowsRead(), Tr::tr("rank_id \"%1\" is not a rank id").arg(q.string(1)));
                return;
            }
            CommOpRecord rec;
            rec.step = q.string(0);
            rec.opName = opName;
            rec.groupId = q.string(3);
            if (!newNames) {
                std::vector<int> ranks;
                if (parseRankSet(q.string(12), ranks))
                    m_out.noteGroup(rec.groupId, ranks, opName);
            }
            rec.p2p = m_out.isP2p(rec.groupId, opName);
            rec.startNs = startNsAt(q, 4);
            bool bad = false;
            // The writer spells it elapsed_time; the per-rank table's elapse_time is accepted too.
            rec.elapseMs = numberAt(q, q.isNull(5) ? 13 : 5, &bad).value_or(0);
            rec.transitMs = numberAt(q, 6, &bad).value_or(0);
            rec.waitMs = numberAt(q, 7, &bad).value_or(0);
            rec.synchronizationMs = numberAt(q, 8, &bad).value_or(0);
            rec.idleMs = numberAt(q, 9, &bad).value_or(0);
            if (bad) {
                badRow(table, q.rowsRead(), Tr::tr("a time of %1 is not a number").arg(opName));
                return;
            }
            // Ratios are only filled on the Total Op Info rows (0 on ops): compute them as communication.json has them.
            rec.waitRatio =
                rec.waitMs + rec.transitMs > 0 ? std::round(rec.waitMs / (rec.waitMs + rec.transitMs) * 1e4) / 1e4 : 0;
            rec.synchronizationRatio = rec.synchronizationMs + rec.transitMs > 0
                ? std::round(rec.synchronizationMs / (rec.synchronizationMs + rec.transitMs) * 1e4) / 1e4
                : 0;
            auto& list = m_out.communication[*rankId];
            index[{ rec.step, *rankId, rec.opName, rec.groupId }] = { *rankId, list.size() };
            list.push_back(std::move(rec));
            m_out.rank(*rankId);
            ++ops;
        }));
        m_ctx.count(QStringLiteral("communication ops"), ops);
        if (totals > 0)
            m_ctx.count(QStringLiteral("totalOpInfo"), totals);
        m_out.communicationFrom = m_db.path();
        if (!usable(bandTable, { "step", "rank_id", "hccl_op_name", "group_name", "band_type" }))
            return;
        const QByteArray bandSql = "SELECT "
            + m_ctx.select(bandTable,
                { "step", "rank_id", "hccl_op_name", "group_name", "band_type", "transit_size", "transit_time",
                    "bandwidth", "large_packet_ratio", "package_size", "count", "total_duration" })
            + " FROM " + quoteIdentifier(bandTable);
        m_ctx.count(bandTable, m_ctx.forEachRow(bandTable, bandSql, [&](SqlQuery& q) {
            const auto rankId = rankAt(q, 1);
            if (!rankId)
                return;
            const auto it = index.find({ q.string(0), *rankId, q.string(2), q.string(3) });
            if (it == index.end())
                return; // Total Op Info rows, or an op the time table lacks
            CommOpRecord& rec = m_out.communication[it->second.first][it->second.second];
            const QString transport = q.string(4);
            auto band = std::find_if(rec.bandwidth.begin(), rec.bandwidth.end(),
                [&transport](const CommBandwidth& b) { return b.transport == transport; });
            if (band == rec.bandwidth.end()) {
                // One row per (op, transport, package size): the transport's figures repeat on each.
                CommBandwidth b;
                b.transport = transport;
                b.transitSizeMB = numberAt(q, 5).value_or(0);
                b.transitTimeMs = numberAt(q, 6).value_or(0);
                b.bandwidthGBps = numberAt(q, 7).value_or(0);
                b.largePacketRatio = numberAt(q, 8).value_or(0);
                rec.bandwidth.push_back(b);
                band = rec.bandwidth.end() - 1;
            }
            if (const auto count = numberAt(q, 10); count && *count > 0)
                band->sizeDistribution[numberAt(q, 9).value_or(0)] = { qint64(*count), numberAt(q, 11).value_or(0) };
        }));
    }

    void readMatrix(bool newNames)
    {
        const QString table =
            newNames ? QStringLiteral("ClusterCommunicationMatrix") : QStringLiteral("ClusterCommAnalyzerMatrix");
        if (!usable(table, { "step", "hccl_op_name", "group_name", "src_rank", "dst_rank" }))
            return;
        qint64 links = 0;
        const QByteArray sql = "SELECT "
            + m_ctx.select(table,
                { "step", "hccl_op_name", "group_name", "src_rank", "dst_rank", "transport_type", "transit_size",
                    "transit_time", "bandwidth", "op_name", "rank_set" })
            + " FROM " + quoteIdentifier(table);
        m_ctx.count(table, m_ctx.forEachRow(table, sql, [&](SqlQuery& q) {
            const auto src = rankAt(q, 3), dst = rankAt(q, 4);
            if (!src || !dst) {
                badRow(table, q.rowsRead(),
                    Tr::tr("src_rank \"%1\" / dst_rank \"%2\" are not rank ids").arg(q.string(3), q.string(4)));
                return;
            }
            CommMatrixLink l;
            l.step = q.string(0);
            l.groupId = q.string(2);
            l.opKey = q.string(1) + QLatin1Char('@') + l.groupId;
            if (!newNames && q.string(1) != QLatin1String("Total Op Info")) {
                std::vector<int> ranks;
                if (parseRankSet(q.string(10), ranks))
                    m_out.noteGroup(l.groupId, ranks, q.string(1));
            }
            l.p2p = m_out.isP2p(l.groupId, q.string(1));
            l.srcRank = *src;
            l.dstRank = *dst;
            l.transport = q.string(5);
            l.transitSizeMB = numberAt(q, 6).value_or(0);
            l.transitTimeMs = numberAt(q, 7).value_or(0);
            l.bandwidthGBps = numberAt(q, 8).value_or(0);
            l.opName = q.string(9);
            m_out.rank(l.srcRank);
            m_out.rank(l.dstRank);
            m_out.communicationMatrix[l.srcRank].push_back(std::move(l));
            ++links;
        }));
        m_ctx.count(QStringLiteral("links"), links);
        m_out.matrixFrom = m_db.path();
    }

private:
    SqliteDb& m_db;
    DbContext m_ctx;
    ClusterOutput& m_out;
    qint64 m_badRows = 0;
};

} // namespace

bool parseClusterAnalysisDb(const QString& path, ClusterOutput& out, FileReport& report)
{
    QElapsedTimer timer;
    timer.start();
    if (report.path.isEmpty())
        report.path = path;
    if (report.kind.isEmpty())
        report.kind = QStringLiteral("cluster_analysis.db");
    report.sizeBytes = QFileInfo(path).size();
    SqliteDb db;
    QString error;
    if (!db.open(path, &error)) {
        report.status = FileStatus::Broken;
        report.reason = error;
        report.byteOffset = 0;
        report.parseMs = double(timer.nsecsElapsed()) / 1e6;
        return false;
    }
    auto has = [&db](const char* t) { return db.hasTable(QLatin1String(t)); };
    const bool newNames = has("ClusterCommunicationTime") || has("ClusterCommunicationMatrix")
        || has("CommunicationGroupMapping") || has("RankDeviceMap");
    const bool oldNames =
        has("ClusterCommAnalyzerTime") || has("ClusterCommAnalyzerMatrix") || has("CommunicationGroup");
    if (!newNames && !oldNames && !has("ClusterStepTraceTime")) {
        report.status = FileStatus::Skipped;
        report.reason = Tr::tr("SQLite file without msprof-analyze cluster tables (%1)")
                            .arg(QStringList(db.tables().begin(), db.tables().end()).join(QStringLiteral(", ")));
        report.parseMs = double(timer.nsecsElapsed()) / 1e6;
        return false;
    }
    report.status = FileStatus::Used;
    if (db.readsCopy())
        report.warnings << Tr::tr(
            "an unfinished write-ahead log (-wal) lies beside it: read from a private copy of both");
    ClusterDbReader reader(db, report, out);
    // Groups first: they say which ops are p2p.
    reader.readGroups();
    reader.readStepTrace();
    reader.readRanks();
    // A file with both generations (an old run updated in place) is read by the new names.
    const bool useNew = has("ClusterCommunicationTime") || !has("ClusterCommAnalyzerTime");
    reader.readCommunication(useNew);
    reader.readMatrix(has("ClusterCommunicationMatrix") || !has("ClusterCommAnalyzerMatrix"));
    if (reader.badRows() > 0)
        report.addCount(QStringLiteral("skippedRows"), reader.badRows());
    if (report.status != FileStatus::Broken)
        report.reason = newNames ? Tr::tr("msprof-analyze tables (current names)")
                                 : Tr::tr("msprof-analyze tables (names before 2025-03)");
    report.parseMs = double(timer.nsecsElapsed()) / 1e6;
    return report.status != FileStatus::Broken || !out.ranks.empty();
}

} // namespace profscope
