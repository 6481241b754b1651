// SPDX-License-Identifier: Apache-2.0
// The interconnect and memory bandwidth tables of a profiler database as
// timeline counters, named and scaled as msprof's timeline export names the
// same series (msprof analysis/csrc/application/timeline/*_assembler.cpp):
//   QOS           "QoS"   "QoS <event>" {value | die N}    bandwidth / 2^20
//   DDR           "DDR"   "DDR/Read" {Read(MB/s)}, "DDR/Write" {Write(MB/s)}
//   PCIE          "PCIe"  "PCIe_post|nonpost|cpl/Tx|Rx" {Tx|Rx(MB/s)}, "PCIe_nonpost_latency/Tx" {Tx(us)}
//                 (msprof: counter "PCIe_post", series "Tx" / "Rx"; here one counter per
//                 direction with the unit in the series, as trace_view.json's "HBM 0/Read" {Read(MB/s)})
//   HCCS          "HCCS"  "Rx" {Rx(MB/s)}, "Tx" {Tx(MB/s)}
//   NIC / ROCE    "NIC" / "RoCE"  "Port <funcId>/Rx|Tx" {Packets, Error Rate, Dropped Rate, Bandwidth Efficiency}
//   NETDEV_STATS  "NetDev Stats"  MAC / NIC bandwidth (MB/s), RoCE and PFC packets
// The database stores every bandwidth in B/s (msprof's db export converts the
// MB/s of its intermediates), so MB/s = value / 2^20 gives the text's numbers.
#include "dbsystem.h"
#include "tracebuilder.h"

#include <QCoreApplication>

#include <map>
#include <string>
#include <vector>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::DbImport)
};

constexpr double kBytesPerMB = 1024.0 * 1024.0;

class CounterTables
{
public:
    CounterTables(DbContext& ctx, TraceBuilder& builder, const DbCounterProcessFn& process)
        : m_ctx(ctx)
        , m_builder(builder)
        , m_process(process)
    {
    }

    void run()
    {
        qos();
        ddr();
        pcie();
        hccs();
        sysIo(QStringLiteral("NIC"), DbCounterProcess::Nic, "NIC");
        sysIo(QStringLiteral("ROCE"), DbCounterProcess::Roce, "RoCE");
        netDev();
    }

private:
    StringId intern(std::string_view s)
    {
        return m_builder.strings().intern(s);
    }

    // The table when it exists and has every column the counters need; a
    // table without one of them is skipped, naming the table and the column.
    bool usable(const QString& table, std::initializer_list<const char*> columns)
    {
        if (!m_ctx.db.hasTable(table))
            return false;
        for (const char* c : columns) {
            if (m_ctx.db.column(table, QLatin1String(c)).isEmpty()) {
                m_ctx.warn(Tr::tr("table %1 skipped: it has no %2 column").arg(table, QLatin1String(c)));
                return false;
            }
        }
        return true;
    }

    template<typename Fn>
    void read(const QString& table, std::initializer_list<const char*> columns, Fn&& row)
    {
        const QByteArray sql = "SELECT " + m_ctx.select(table, columns) + " FROM " + quoteIdentifier(table)
            + m_ctx.orderBy(table, "timestampNs");
        m_ctx.count(table, m_ctx.forEachRow(table, sql, std::forward<Fn>(row)));
    }

    // QOS(deviceId, eventName → STRING_IDS "QoS <event>", bandwidth B/s, timestampNs[, dieId]).
    void qos()
    {
        const QString table = QStringLiteral("QOS");
        if (!usable(table, { "deviceId", "eventName", "bandwidth", "timestampNs" }))
            return;
        const StringId value = intern("value");
        std::map<qint64, StringId> names, dies;
        read(table, { "deviceId", "eventName", "bandwidth", "timestampNs", "dieId" }, [&](SqlQuery& q) {
            const qint64 device = q.int64(0, 0), event = q.int64(1, kDbNone32);
            auto name = names.find(event);
            if (name == names.end()) {
                std::string text(m_ctx.str(event));
                if (text.empty())
                    text = std::to_string(event);
                if (!text.starts_with("QoS "))
                    text = "QoS " + text; // the text trace's counter name
                name = names.emplace(event, intern(text)).first;
            }
            // V6 chips write one row per die: a series per die, as the text trace does.
            StringId key = value;
            if (!q.isNull(4) && q.int64(4) >= 0 && q.int64(4) != kDbNone32) {
                auto [die, inserted] = dies.try_emplace(q.int64(4));
                if (inserted)
                    die->second = intern("die " + std::to_string(q.int64(4)));
                key = die->second;
            }
            m_builder.addCounter(m_process(device, DbCounterProcess::Qos, "QoS"), name->second, key, q.int64(3),
                q.real(2) / kBytesPerMB);
        });
    }

    // DDR(deviceId, timestampNs, read, write B/s).
    void ddr()
    {
        const QString table = QStringLiteral("DDR");
        if (!usable(table, { "deviceId", "timestampNs", "read", "write" }))
            return;
        const StringId readName = intern("DDR/Read"), readKey = intern("Read(MB/s)"), writeName = intern("DDR/Write"),
                       writeKey = intern("Write(MB/s)");
        read(table, { "deviceId", "timestampNs", "read", "write" }, [&](SqlQuery& q) {
            const std::uint32_t p = m_process(q.int64(0, 0), DbCounterProcess::Ddr, "DDR");
            m_builder.addCounter(p, readName, readKey, q.int64(1), q.real(2) / kBytesPerMB);
            m_builder.addCounter(p, writeName, writeKey, q.int64(1), q.real(3) / kBytesPerMB);
        });
    }

    // PCIE(deviceId, timestampNs, {tx,rx}{Post,Nonpost,Cpl}{Min,Max,Avg} B/s,
    // txNonpostLatency{Min,Max,Avg} ns): the averages, as msprof's timeline shows them.
    void pcie()
    {
        const QString table = QStringLiteral("PCIE");
        if (!usable(table, { "deviceId", "timestampNs", "txPostAvg", "rxPostAvg", "txNonpostAvg", "rxNonpostAvg",
                               "txCplAvg", "rxCplAvg", "txNonpostLatencyAvg" }))
            return;
        const StringId tx = intern("Tx(MB/s)"), rx = intern("Rx(MB/s)"), txUs = intern("Tx(us)");
        const StringId names[] = { intern("PCIe_post/Tx"), intern("PCIe_post/Rx"), intern("PCIe_nonpost/Tx"),
            intern("PCIe_nonpost/Rx"), intern("PCIe_cpl/Tx"), intern("PCIe_cpl/Rx") };
        const StringId latency = intern("PCIe_nonpost_latency/Tx");
        read(table, { "deviceId", "timestampNs", "txPostAvg", "rxPostAvg", "txNonpostAvg", "rxNonpostAvg", "txCplAvg",
                        "rxCplAvg", "txNonpostLatencyAvg" },
            [&](SqlQuery& q) {
                const std::uint32_t p = m_process(q.int64(0, 0), DbCounterProcess::Pcie, "PCIe");
                const TimeNs ts = q.int64(1);
                for (int c = 0; c < 6; ++c)
                    m_builder.addCounter(p, names[c], c % 2 == 0 ? tx : rx, ts, q.real(2 + c) / kBytesPerMB);
                m_builder.addCounter(p, latency, txUs, ts, q.real(8) / 1000.0); // ns -> µs
            });
    }

    // HCCS(deviceId, timestampNs, txThroughput, rxThroughput B/s).
    void hccs()
    {
        const QString table = QStringLiteral("HCCS");
        if (!usable(table, { "deviceId", "timestampNs", "txThroughput", "rxThroughput" }))
            return;
        const StringId rxName = intern("Rx"), rxKey = intern("Rx(MB/s)"), txName = intern("Tx"), txKey = intern("Tx(MB/s)");
        read(table, { "deviceId", "timestampNs", "txThroughput", "rxThroughput" }, [&](SqlQuery& q) {
            const std::uint32_t p = m_process(q.int64(0, 0), DbCounterProcess::Hccs, "HCCS");
            m_builder.addCounter(p, rxName, rxKey, q.int64(1), q.real(3) / kBytesPerMB);
            m_builder.addCounter(p, txName, txKey, q.int64(1), q.real(2) / kBytesPerMB);
        });
    }

    // NIC / ROCE(deviceId, timestampNs, bandwidth B/s, {rx,tx}PacketRate, {rx,tx}ByteRate,
    // {rx,tx}Packets, {rx,tx}Bytes, {rx,tx}Errors, {rx,tx}Dropped, funcId). The text
    // trace shows rates msprof derives in its intermediates; from the raw columns:
    // packets = PacketRate, error / dropped rate = Errors / Dropped per packet,
    // bandwidth efficiency = ByteRate / bandwidth (fractions, 0 when undefined).
    void sysIo(const QString& table, DbCounterProcess kind, const char* processName)
    {
        if (!usable(table, { "deviceId", "timestampNs", "bandwidth", "rxPacketRate", "rxByteRate", "rxPackets",
                               "rxErrors", "rxDropped", "txPacketRate", "txByteRate", "txPackets", "txErrors",
                               "txDropped", "funcId" }))
            return;
        struct PortNames
        {
            StringId rx, tx;
        };
        std::map<qint64, PortNames> ports;
        const StringId rxKeys[] = { intern("Rx Packets"), intern("Rx Error Rate"), intern("Rx Dropped Rate"),
            intern("Rx Bandwidth Efficiency") };
        const StringId txKeys[] = { intern("Tx Packets"), intern("Tx Error Rate"), intern("Tx Dropped Rate"),
            intern("Tx Bandwidth Efficiency") };
        auto ratio = [](double a, double b) { return b > 0 ? a / b : 0.0; };
        read(table, { "deviceId", "timestampNs", "bandwidth", "rxPacketRate", "rxByteRate", "rxPackets", "rxErrors",
                        "rxDropped", "txPacketRate", "txByteRate", "txPackets", "txErrors", "txDropped", "funcId" },
            [&](SqlQuery& q) {
                const qint64 func = q.int64(13, 0);
                auto port = ports.find(func);
                if (port == ports.end()) {
                    const std::string base = "Port " + std::to_string(func) + "/";
                    port = ports.emplace(func, PortNames { intern(base + "Rx"), intern(base + "Tx") }).first;
                }
                const std::uint32_t p = m_process(q.int64(0, 0), kind, processName);
                const TimeNs ts = q.int64(1);
                const double bandwidth = q.real(2);
                for (int dir = 0; dir < 2; ++dir) {
                    const int c = 3 + dir * 5; // PacketRate, ByteRate, Packets, Errors, Dropped
                    const StringId name = dir == 0 ? port->second.rx : port->second.tx;
                    const StringId* keys = dir == 0 ? rxKeys : txKeys;
                    const double packets = q.real(c + 2);
                    m_builder.addCounter(p, name, keys[0], ts, q.real(c));
                    m_builder.addCounter(p, name, keys[1], ts, ratio(q.real(c + 3), packets));
                    m_builder.addCounter(p, name, keys[2], ts, ratio(q.real(c + 4), packets));
                    m_builder.addCounter(p, name, keys[3], ts, ratio(q.real(c + 1), bandwidth));
                }
            });
    }

    // NETDEV_STATS(deviceId, timestampNs, mac{Tx,Rx}{PfcPkt,Byte,Bandwidth,BadByte},
    // roce{Tx,Rx}{Pkt,ErrPkt,CnpPkt}, roceNewPktRty, nic{Tx,Rx}{Byte,Bandwidth}): the
    // bandwidths (B/s) and packet counts; columns that are absent are left out.
    void netDev()
    {
        const QString table = QStringLiteral("NETDEV_STATS");
        if (!usable(table, { "deviceId", "timestampNs" }))
            return;
        struct Series
        {
            const char* tx;
            const char* rx;
            const char* name;
            bool bandwidth; // B/s -> MB/s, keys Tx(MB/s) / Rx(MB/s)
        };
        static constexpr Series kSeries[] = {
            { "macTxBandwidth", "macRxBandwidth", "MAC Bandwidth", true },
            { "nicTxBandwidth", "nicRxBandwidth", "NIC Bandwidth", true },
            { "roceTxPkt", "roceRxPkt", "RoCE Packets", false },
            { "roceTxErrPkt", "roceRxErrPkt", "RoCE Error Packets", false },
            { "macTxPfcPkt", "macRxPfcPkt", "PFC Packets", false },
        };
        std::vector<const Series*> present;
        for (const Series& s : kSeries)
            if (!m_ctx.db.column(table, QLatin1String(s.tx)).isEmpty() && !m_ctx.db.column(table, QLatin1String(s.rx)).isEmpty())
                present.push_back(&s);
        if (present.empty()) {
            m_ctx.warn(Tr::tr("table %1 skipped: none of its bandwidth or packet columns is known").arg(table));
            return;
        }
        QByteArray extra; // the present columns, by the table's own spelling
        for (const Series* s : present)
            extra += ", " + quoteIdentifier(m_ctx.db.column(table, QLatin1String(s->tx))) + ", "
                + quoteIdentifier(m_ctx.db.column(table, QLatin1String(s->rx)));
        std::vector<std::pair<StringId, std::pair<StringId, StringId>>> names;
        const StringId txMB = intern("Tx(MB/s)"), rxMB = intern("Rx(MB/s)"), tx = intern("Tx"), rx = intern("Rx");
        for (const Series* s : present)
            names.push_back({ intern(s->name), s->bandwidth ? std::pair { txMB, rxMB } : std::pair { tx, rx } });
        const QByteArray sql = "SELECT " + m_ctx.select(table, { "deviceId", "timestampNs" }) + extra
            + " FROM NETDEV_STATS" + m_ctx.orderBy(table, "timestampNs");
        m_ctx.count(table, m_ctx.forEachRow(table, sql, [&](SqlQuery& q) {
            const std::uint32_t p = m_process(q.int64(0, 0), DbCounterProcess::NetDev, "NetDev Stats");
            for (std::size_t i = 0; i < present.size(); ++i) {
                const double scale = present[i]->bandwidth ? 1.0 / kBytesPerMB : 1.0;
                const int c = 2 + int(i) * 2;
                m_builder.addCounter(p, names[i].first, names[i].second.first, q.int64(1), q.real(c) * scale);
                m_builder.addCounter(p, names[i].first, names[i].second.second, q.int64(1), q.real(c + 1) * scale);
            }
        }));
    }

    DbContext& m_ctx;
    TraceBuilder& m_builder;
    const DbCounterProcessFn& m_process;
};

} // namespace

void importDbCounterTables(DbContext& ctx, TraceBuilder& builder, const DbCounterProcessFn& process)
{
    CounterTables(ctx, builder, process).run();
}

} // namespace profscope
