// SPDX-License-Identifier: Apache-2.0
// analysis.db of a generated rank, in torch_npu's form (db-format.md §3.1):
// the rows are read off the same objects the text files are written from,
// so the numbers are the ones of step_trace_time.csv, communication.json and
// communication_matrix.json, to the last bit.
#include "dbwriter.h"

#include "sqlitefile.h"
#include "textexport.h"

#include <QJsonArray>

namespace profscope::gen {

namespace {

constexpr const char* kSchema[] = {
    "CREATE TABLE StepTraceTime (step TEXT, computing NUMERIC, communication_not_overlapped NUMERIC, overlapped "
    "NUMERIC, communication NUMERIC, free NUMERIC, stage NUMERIC, bubble NUMERIC, "
    "communication_not_overlapped_and_exclude_receive NUMERIC, preparing NUMERIC)",
    "CREATE TABLE CommAnalyzerTime (hccl_op_name TEXT, group_name TEXT, start_timestamp NUMERIC, elapse_time "
    "NUMERIC, transit_time NUMERIC, wait_time NUMERIC, synchronization_time NUMERIC, idle_time NUMERIC, step TEXT, "
    "type TEXT)",
    "CREATE TABLE CommAnalyzerBandwidth (hccl_op_name TEXT, group_name TEXT, transport_type TEXT, transit_size "
    "NUMERIC, transit_time NUMERIC, bandwidth NUMERIC, large_packet_ratio NUMERIC, package_size NUMERIC, count "
    "NUMERIC, total_duration NUMERIC, step TEXT, type TEXT)",
    "CREATE TABLE CommAnalyzerMatrix (hccl_op_name TEXT, group_name TEXT, src_rank TEXT, dst_rank TEXT, "
    "transport_type TEXT, transit_size NUMERIC, transit_time NUMERIC, bandwidth NUMERIC, step TEXT, type TEXT, "
    "op_name TEXT)",
};

// "name@group" -> (name, group); the group id has no '@'.
std::pair<QByteArray, QByteArray> splitOpKey(const QString& key)
{
    const qsizetype at = key.lastIndexOf(QLatin1Char('@'));
    return { key.left(at).toUtf8(), key.mid(at + 1).toUtf8() };
}

double number(const QJsonObject& o, const char* key)
{
    return o.value(QLatin1String(key)).toDouble();
}

// Calls f(step, type, "op@group" key, value) for every op of a
// communication(.matrix).json object; keys come sorted, so the rows do too.
template <typename F> void forEachOp(const QJsonObject& root, F f)
{
    for (auto step = root.begin(); step != root.end(); ++step) {
        const QJsonObject types = step.value().toObject();
        for (auto type = types.begin(); type != types.end(); ++type) {
            const QJsonObject ops = type.value().toObject();
            for (auto op = ops.begin(); op != ops.end(); ++op)
                f(step.key().toUtf8(), type.key().toUtf8(), op.key(), op.value().toObject());
        }
    }
}

void writeCommunication(SqliteFile& db, const QJsonObject& communication, const QJsonObject& matrix)
{
    SqliteInsert time(db, "INSERT INTO CommAnalyzerTime VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10)");
    SqliteInsert bandwidth(db, "INSERT INTO CommAnalyzerBandwidth VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12)");
    forEachOp(
        communication, [&](const QByteArray& step, const QByteArray& type, const QString& key, const QJsonObject& op) {
            const auto [name, group] = splitOpKey(key);
            const QJsonObject t = op.value(QLatin1String("Communication Time Info")).toObject();
            time.row(name, group, number(t, "Start Timestamp(us)"), number(t, "Elapse Time(ms)"),
                number(t, "Transit Time(ms)"), number(t, "Wait Time(ms)"), number(t, "Synchronization Time(ms)"),
                number(t, "Idle Time(ms)"), step, type);
            // One row per (transport, package size); a used transport without
            // packets gets one row with package size 0 (like the fixtures'
            // SDMA). Unused transports have no rows: readers add the zeros.
            const QJsonObject transports = op.value(QLatin1String("Communication Bandwidth Info")).toObject();
            for (auto it = transports.begin(); it != transports.end(); ++it) {
                const QJsonObject b = it.value().toObject();
                const QJsonObject sizes = b.value(QLatin1String("Size Distribution")).toObject();
                const double sizeMB = number(b, "Transit Size(MB)");
                if (sizeMB == 0 && sizes.isEmpty())
                    continue;
                // init-captures: clang < 16 (the fuzz preset) cannot capture a structured binding
                auto row = [&, &name = name, &group = group](double packageMB, double count, double durationMs) {
                    bandwidth.row(name, group, it.key().toUtf8(), sizeMB, number(b, "Transit Time(ms)"),
                        number(b, "Bandwidth(GB/s)"), number(b, "Large Packet Ratio"), packageMB, count, durationMs,
                        step, type);
                };
                if (sizes.isEmpty())
                    row(0, 0, 0);
                for (auto size = sizes.begin(); size != sizes.end(); ++size) {
                    const QJsonArray countAndMs = size.value().toArray();
                    row(size.key().toDouble(), countAndMs.at(0).toDouble(), countAndMs.at(1).toDouble());
                }
            }
        });
    SqliteInsert links(db, "INSERT INTO CommAnalyzerMatrix VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11)");
    forEachOp(matrix, [&](const QByteArray& step, const QByteArray& type, const QString& key, const QJsonObject& op) {
        const auto [name, group] = splitOpKey(key);
        for (auto it = op.begin(); it != op.end(); ++it) {
            const QStringList ends = it.key().split(QLatin1Char('-'));
            const QJsonObject l = it.value().toObject();
            links.row(name, group, ends.value(0).toUtf8(), ends.value(1).toUtf8(),
                l.value(QLatin1String("Transport Type")).toString().toUtf8(), number(l, "Transit Size(MB)"),
                number(l, "Transit Time(ms)"), number(l, "Bandwidth(GB/s)"), step, type,
                l.value(QLatin1String("Op Name")).toString().toUtf8());
        }
    });
}

} // namespace

bool writeAnalysisDb(
    const QString& path, const Cluster& c, const RankSim& rs, const std::vector<StepValues>& values, QString* error)
{
    SqliteFile db;
    if (!db.create(path, error))
        return false;
    for (const char* sql : kSchema)
        db.exec(sql);
    {
        // µs from exact ns: double(ns) / 1000 is the double nearest to the
        // CSV's three-decimal text, so a reader gets the CSV's numbers.
        SqliteInsert step(db, "INSERT INTO StepTraceTime VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10)");
        auto us = [](TimeNs ns) { return double(ns) / 1000.0; };
        for (const StepValues& v : values)
            step.row(QByteArray::number(v.values[0]), us(v.values[1]), us(v.values[2]), us(v.values[3]),
                us(v.values[4]), us(v.values[5]), us(v.values[6]), us(v.values[7]), us(v.values[8]), us(v.values[9]));
    }
    writeCommunication(db, communicationObject(c, rs), communicationMatrixObject(c, rs));
    return db.commit(error);
}

} // namespace profscope::gen
