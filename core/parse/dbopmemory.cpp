// SPDX-License-Identifier: Apache-2.0
// NPU_OP_MEM: GE's operator memory as allocate / release events (CANN msprof
// DB), paired into operator_memory rows the way torch_npu pairs them into the
// GE rows of OP_MEMORY (db-format.md 2.6f): by (operator, addr, device) in time
// order; size from the allocation (torch_npu negates it on release rows);
// totals from each event's totalAllocate / totalReserve; no stream pointer and
// no Active figures (GE has none).
#include "../model/rank.h"
#include "dbsystem.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <deque>
#include <map>
#include <memory>
#include <tuple>
#include <type_traits>
#include <vector>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::DbImport)
};

constexpr double kBytesPerMB = 1024.0 * 1024.0;

struct OpenBlock
{
    qint64 operatorName;
    double sizeBytes;
    TimeNs allocationNs;
    double totalAllocate;
    double totalReserve;
    qint64 deviceId;
};

} // namespace

void importDbNpuOpMemory(DbContext& ctx, RankData& rank)
{
    const QString table = QStringLiteral("NPU_OP_MEM");
    SqliteDb& db = ctx.db;
    if (!db.hasTable(table))
        return;
    for (const char* c : { "operatorName", "addr", "type", "size", "timestampNs" }) {
        if (db.column(table, QLatin1String(c)).isEmpty()) {
            ctx.warn(Tr::tr("table %1 skipped: it has no %2 column").arg(table, QLatin1String(c)));
            return;
        }
    }
    // Early msprof DBs (2023) keep the type as an ENUM_MEMORY id (5 allocate,
    // 6 release); later ones as a STRING_IDS id.
    const bool enumTypes = db.hasTable(QStringLiteral("ENUM_MEMORY"));
    std::map<qint64, int> kinds; // type id -> +1 allocate, -1 release, 0 other
    auto kindOf = [&](qint64 type) {
        auto [it, inserted] = kinds.try_emplace(type, 0);
        if (inserted) {
            const std::string_view name = enumTypes ? ctx.enumName("ENUM_MEMORY", type) : ctx.str(type);
            it->second = name == "allocate" ? 1 : name == "release" ? -1 : 0;
        }
        return it->second;
    };

    auto ops = std::make_unique<OperatorMemoryTable>();
    OperatorMemoryTable& m = *ops;
    std::map<std::tuple<qint64, qint64, qint64>, std::deque<OpenBlock>> open; // (operator, addr, device)
    std::map<qint64, StringId> names, devices;
    auto nameOf = [&](qint64 id) {
        auto [it, inserted] = names.try_emplace(id);
        if (inserted) {
            const std::string_view name = ctx.str(id);
            it->second = m.strings.intern(name.empty() ? std::to_string(id) : std::string(name));
        }
        return it->second;
    };
    auto deviceOf = [&](qint64 id) {
        auto [it, inserted] = devices.try_emplace(id);
        if (inserted)
            it->second = m.strings.intern("NPU:" + std::to_string(id));
        return it->second;
    };
    auto append = [&](const OpenBlock& b, TimeNs releaseNs, double releaseAllocate, double releaseReserve) {
        m.name.push_back(nameOf(b.operatorName));
        m.sizeKB.push_back(b.sizeBytes / 1024.0);
        m.allocationNs.push_back(b.allocationNs);
        m.releaseNs.push_back(releaseNs);
        m.activeReleaseNs.push_back(kInvalidTime);
        TimeNs durationNs = kInvalidTime; // also when damaged times would overflow
        if (releaseNs != kInvalidTime && __builtin_sub_overflow(releaseNs, b.allocationNs, &durationNs))
            durationNs = kInvalidTime;
        m.durationNs.push_back(durationNs);
        m.activeDurationNs.push_back(kInvalidTime);
        m.allocationTotalAllocatedMB.push_back(b.totalAllocate / kBytesPerMB);
        m.allocationTotalReservedMB.push_back(b.totalReserve / kBytesPerMB);
        m.allocationTotalActiveMB.push_back(kNoValue);
        m.releaseTotalAllocatedMB.push_back(releaseAllocate / kBytesPerMB);
        m.releaseTotalReservedMB.push_back(releaseReserve / kBytesPerMB);
        m.releaseTotalActiveMB.push_back(kNoValue);
        m.streamPtr.push_back({});
        m.deviceType.push_back(deviceOf(b.deviceId));
    };
    // Events sorted by time, an allocation before a release of the same time
    // (msprof_0.db writes one release ahead of its allocation at the same ns).
    struct Event
    {
        qint64 op, addr, device;
        int kind;
        TimeNs ts;
        double sizeBytes, totalAllocate, totalReserve;
    };
    std::vector<Event> events;
    qint64 unmatched = 0, unknownType = 0;
    const qint64 rows = ctx.forEachRow(table,
        "SELECT " + ctx.select(table, { "operatorName", "addr", "type", "size", "timestampNs", "totalAllocate", "totalReserve", "deviceId" })
            + " FROM NPU_OP_MEM",
        [&](SqlQuery& q) {
            const int kind = kindOf(q.int64(2, kDbNone32));
            if (kind == 0) {
                ++unknownType;
                return;
            }
            events.push_back({ q.int64(0, kDbNone32), q.int64(1, 0), q.int64(7, 0), kind, q.int64(4), std::fabs(q.real(3)),
                q.isNull(5) ? kNoValue : q.real(5), q.isNull(6) ? kNoValue : q.real(6) });
        });
    std::stable_sort(events.begin(), events.end(), [](const Event& a, const Event& b) {
        return a.ts != b.ts ? a.ts < b.ts : a.kind > b.kind; // allocate (+1) first
    });
    for (const Event& e : events) {
        if (e.kind == 1) {
            open[{ e.op, e.addr, e.device }].push_back({ e.op, e.sizeBytes, e.ts, e.totalAllocate, e.totalReserve, e.device });
            continue;
        }
        const auto it = open.find({ e.op, e.addr, e.device });
        if (it == open.end() || it->second.empty()) {
            ++unmatched; // released before the capture started
            continue;
        }
        append(it->second.front(), e.ts, e.totalAllocate, e.totalReserve);
        it->second.pop_front();
    }
    ctx.count(table, rows);
    // Blocks still alive at the end of the capture: release columns empty, as in OP_MEMORY.
    qint64 alive = 0;
    for (const auto& [key, blocks] : open)
        for (const OpenBlock& b : blocks) {
            append(b, kInvalidTime, kNoValue, kNoValue);
            ++alive;
        }
    if (unmatched > 0)
        ctx.warn(Tr::tr("NPU_OP_MEM: %n release event(s) without an allocation in the capture are left out", nullptr, int(unmatched)));
    if (unknownType > 0)
        ctx.warn(Tr::tr("NPU_OP_MEM: %n event(s) neither allocate nor release are left out", nullptr, int(unknownType)));
    ctx.count(QStringLiteral("NPU_OP_MEM blocks paired"), qint64(m.size()) - alive);
    if (m.size() == 0)
        return;
    // The memory views expect allocation order (OP_MEMORY is read ORDER BY allocationTime).
    std::vector<std::size_t> idx(m.size());
    for (std::size_t i = 0; i < idx.size(); ++i)
        idx[i] = i;
    std::stable_sort(idx.begin(), idx.end(), [&m](std::size_t a, std::size_t b) { return m.allocationNs[a] < m.allocationNs[b]; });
    auto permute = [&idx](auto& column) {
        std::remove_reference_t<decltype(column)> sorted;
        sorted.reserve(column.size());
        for (std::size_t i : idx)
            sorted.push_back(column[i]);
        column = std::move(sorted);
    };
    permute(m.name);
    permute(m.sizeKB);
    permute(m.allocationNs);
    permute(m.releaseNs);
    permute(m.activeReleaseNs);
    permute(m.durationNs);
    permute(m.activeDurationNs);
    permute(m.allocationTotalAllocatedMB);
    permute(m.allocationTotalReservedMB);
    permute(m.allocationTotalActiveMB);
    permute(m.releaseTotalAllocatedMB);
    permute(m.releaseTotalReservedMB);
    permute(m.releaseTotalActiveMB);
    permute(m.streamPtr);
    permute(m.deviceType);
    rank.operatorMemory = std::move(ops);
}

} // namespace profscope
