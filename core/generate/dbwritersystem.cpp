// SPDX-License-Identifier: Apache-2.0
// Column lists as msprof's db export declares them (db-format.md 2.6f); every
// bandwidth in B/s (the MB/s of the timeline times 2^20).
#include "dbwritersystem.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace profscope::gen {

namespace {

constexpr double kMB = 1024.0 * 1024.0;
constexpr int kSamples = 48;

constexpr const char* kSchema[] = {
    "CREATE TABLE QOS (deviceId INTEGER,eventName INTEGER,bandwidth NUMERIC,timestampNs INTEGER)",
    "CREATE TABLE DDR (deviceId INTEGER,timestampNs INTEGER,read NUMERIC,write NUMERIC)",
    ("CREATE TABLE PCIE (deviceId INTEGER,timestampNs INTEGER,txPostMin NUMERIC,txPostMax NUMERIC,txPostAvg "
    "NUMERIC,txNonpostMin NUMERIC,txNonpostMax NUMERIC,txNonpostAvg NUMERIC,txCplMin NUMERIC,txCplMax NUMERIC,"
    "txCplAvg NUMERIC,txNonpostLatencyMin NUMERIC,txNonpostLatencyMax NUMERIC,txNonpostLatencyAvg NUMERIC,"
    "rxPostMin NUMERIC,rxPostMax NUMERIC,rxPostAvg NUMERIC,rxNonpostMin NUMERIC,rxNonpostMax NUMERIC,rxNonpostAvg "
    "NUMERIC,rxCplMin NUMERIC,rxCplMax NUMERIC,rxCplAvg NUMERIC)"),
    "CREATE TABLE HCCS (deviceId INTEGER,timestampNs INTEGER,txThroughput NUMERIC,rxThroughput NUMERIC)",
    ("CREATE TABLE NIC (deviceId INTEGER,timestampNs INTEGER,bandwidth NUMERIC,rxPacketRate NUMERIC,rxByteRate "
    "NUMERIC,rxPackets NUMERIC,rxBytes NUMERIC,rxErrors NUMERIC,rxDropped NUMERIC,txPacketRate NUMERIC,txByteRate "
    "NUMERIC,txPackets NUMERIC,txBytes NUMERIC,txErrors NUMERIC,txDropped NUMERIC,funcId INTEGER)"),
    ("CREATE TABLE NPU_OP_MEM (operatorName INTEGER,addr INTEGER,type INTEGER,size INTEGER,timestampNs "
    "INTEGER,globalTid INTEGER,totalAllocate NUMERIC,totalReserve NUMERIC,component INTEGER,deviceId INTEGER)"),
};

// The busy share of [a, b) covered by `ranges` (sorted by start, may overlap a little).
double busyShare(const std::vector<TimeRange>& ranges, TimeNs a, TimeNs b)
{
    if (b <= a)
        return 0;
    TimeNs covered = 0;
    TimeNs reached = a;
    auto it = std::lower_bound(ranges.begin(), ranges.end(), a, [](const TimeRange& r, TimeNs t) { return r.endNs <= t; });
    for (; it != ranges.end() && it->startNs < b; ++it) {
        const TimeNs from = std::max({ it->startNs, a, reached }), to = std::min(it->endNs, b);
        if (to > from) {
            covered += to - from;
            reached = to;
        }
    }
    return double(covered) / double(b - a);
}

qint64 bytesPerSecond(double mbPerSecond)
{
    return qint64(std::llround(mbPerSecond * kMB));
}

} // namespace

void writeSystemTables(SqliteFile& db, const SystemTablesInput& in, const std::function<qint64(const QByteArray&)>& stringId)
{
    for (const char* sql : kSchema)
        db.exec(sql);
    SqliteInsert qos(db, "INSERT INTO QOS VALUES (?1,?2,?3,?4)");
    SqliteInsert ddr(db, "INSERT INTO DDR VALUES (?1,?2,?3,?4)");
    SqliteInsert pcie(db, "INSERT INTO PCIE VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16,?17,?18,"
                          "?19,?20,?21,?22,?23)");
    SqliteInsert hccs(db, "INSERT INTO HCCS VALUES (?1,?2,?3,?4)");
    SqliteInsert nic(db, "INSERT INTO NIC VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16)");
    const qint64 qosOthers = stringId("QoS OTHERS"), qosHccl = stringId("QoS HCCL");
    const TimeNs spanNs = in.sessionNs.endNs - in.sessionNs.startNs;
    const TimeNs stepNs = std::max<TimeNs>(1, spanNs / kSamples);
    const double seconds = double(stepNs) / 1e9;
    // Odd samples first, then even ones: readers must sort (real files are not in time order either).
    for (int pass = 0; pass < 2; ++pass) {
        for (int i = pass + 1; i <= kSamples; i += 2) {
            const TimeNs ts = in.sessionNs.startNs + stepNs * i;
            const double compute = busyShare(in.computeNs, ts - stepNs, ts);
            const double comm = busyShare(in.commNs, ts - stepNs, ts);
            qos.row(in.deviceId, qosOthers, bytesPerSecond(std::round(40 + 360 * compute)), ts);
            qos.row(in.deviceId, qosHccl, bytesPerSecond(std::round(10 + 900 * comm)), ts);
            ddr.row(in.deviceId, ts, bytesPerSecond(150 + 1850 * compute), bytesPerSecond(80 + 920 * compute));
            // PCIe: host traffic, a little while kernels run; min / avg / max around the average.
            const double post = 20 + 180 * compute, nonpost = 5 + 20 * compute, cpl = 10 + 90 * compute;
            auto band = [](double avgMB) {
                return std::tuple { bytesPerSecond(avgMB * 0.5), bytesPerSecond(avgMB * 1.5), bytesPerSecond(avgMB) };
            };
            const auto [tpMin, tpMax, tpAvg] = band(post);
            const auto [tnMin, tnMax, tnAvg] = band(nonpost);
            const auto [tcMin, tcMax, tcAvg] = band(cpl);
            const auto [rpMin, rpMax, rpAvg] = band(post * 0.6);
            const auto [rnMin, rnMax, rnAvg] = band(nonpost * 0.6);
            const auto [rcMin, rcMax, rcAvg] = band(cpl * 0.6);
            const qint64 latencyNs = qint64(std::llround(700 + 500 * compute));
            pcie.row(in.deviceId, ts, tpMin, tpMax, tpAvg, tnMin, tnMax, tnAvg, tcMin, tcMax, tcAvg, latencyNs / 2,
                latencyNs * 2, latencyNs, rpMin, rpMax, rpAvg, rnMin, rnMax, rnAvg, rcMin, rcMax, rcAvg);
            const double hccsMB = 5 + 18000 * comm;
            hccs.row(in.deviceId, ts, bytesPerSecond(hccsMB), bytesPerSecond(hccsMB * 0.97));
            // One 100 Gb/s port: 12500 MB/s; 4 KiB packets; a dropped packet every 7th sample.
            const double lineMB = 12500, rxMB = 2 + 3000 * comm, txMB = 2 + 2800 * comm;
            const qint64 rxPacketRate = qint64(std::llround(rxMB * kMB / 4096)), txPacketRate = qint64(std::llround(txMB * kMB / 4096));
            const qint64 rxPackets = qint64(std::llround(double(rxPacketRate) * seconds)),
                         txPackets = qint64(std::llround(double(txPacketRate) * seconds));
            nic.row(in.deviceId, ts, bytesPerSecond(lineMB), rxPacketRate, bytesPerSecond(rxMB), rxPackets,
                rxPackets * 4096, 0, i % 7 == 0 ? 1 : 0, txPacketRate, bytesPerSecond(txMB), txPackets, txPackets * 4096,
                0, 0, 0);
        }
    }
    // NPU_OP_MEM: each GE op's workspace, allocated just before its kernel and
    // released just after; the last one is still alive at the end of the capture.
    struct Event
    {
        TimeNs ts;
        qint64 op;
        qint64 addr;
        bool allocate;
        qint64 size;
    };
    std::vector<Event> events;
    for (std::size_t k = 0; k < in.geOps.size(); ++k) {
        const auto& [name, range] = in.geOps[k];
        const qint64 op = stringId(name), addr = 0x12C000000000LL + qint64(k % 3) * 8 * 1024 * 1024;
        const qint64 size = qint64(1 + k % 4) * 256 * 1024;
        events.push_back({ range.startNs - 2000, op, addr, true, size });
        if (k + 1 < in.geOps.size())
            events.push_back({ range.endNs + 1000, op, addr, false, size });
    }
    std::stable_sort(events.begin(), events.end(), [](const Event& a, const Event& b) { return a.ts < b.ts; });
    SqliteInsert opMem(db, "INSERT INTO NPU_OP_MEM VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10)");
    const qint64 allocate = stringId("allocate"), release = stringId("release"), ge = stringId("GE");
    constexpr qint64 kReservedBytes = 64LL * 1024 * 1024;
    qint64 allocated = 0;
    for (const Event& e : events) {
        allocated += e.allocate ? e.size : -e.size;
        opMem.row(e.op, e.addr, e.allocate ? allocate : release, e.size, e.ts, in.globalTid, allocated, kReservedBytes,
            ge, in.deviceId);
    }
}

} // namespace profscope::gen
