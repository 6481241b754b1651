// SPDX-License-Identifier: Apache-2.0
#pragma once

// Tables read from the profiler's CSV and small JSON files. Big tables
// (kernels, operator memory, memory records) are columnar with interned
// strings; small ones are plain rows. Times are ns, sizes keep the unit
// named in the member.

#include "kernelmetrics.h"
#include "numericcolumn.h"
#include "stringpool.h"
#include "types.h"

#include <QString>
#include <QStringList>

#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

namespace profscope {

inline constexpr double kNoValue = std::numeric_limits<double>::quiet_NaN();
inline bool hasValue(double v)
{
    return !std::isnan(v);
}

// kernel_details.csv (also CANN op_summary_*.csv): one row per device task.
struct KernelTable
{
    StringPool strings;
    std::vector<qint32> stepId;        // -1 when the file has no Step Id
    std::vector<qint64> modelId;       // -1 for the 4294967295 "none" sentinel
    std::vector<qint64> taskId;
    std::vector<qint64> streamId;
    std::vector<qint64> deviceId;      // -1 when no Device_id column
    std::vector<StringId> name;
    std::vector<StringId> type;
    std::vector<StringId> opState;
    std::vector<StringId> acceleratorCore; // "Accelerator Core" / "Task Type"
    // What the row is, set by the importer that read it: 1 for a
    // communication task (HCCL), 0 for a compute kernel. Analyses read this,
    // not the core or type names of a particular file version.
    std::vector<std::uint8_t> communication;
    std::vector<TimeNs> startNs;
    std::vector<TimeNs> durNs;
    std::vector<TimeNs> waitNs;        // kInvalidTime when no wait column or N/A
    std::vector<qint64> blockDim;
    std::vector<StringId> inputShapes;  // outer triple quotes removed: 32,3,224,224;...
    std::vector<StringId> inputDataTypes;
    std::vector<StringId> outputShapes;
    std::vector<qint64> contextId;      // -1 for N/A
    // Every other numeric column (PMU metrics such as aic_mac_ratio), by
    // header: metrics()[m][row], NaN when empty or N/A. A database import
    // defers them; the first call reads them (thread-safe, kernelmetrics.h).
    const QStringList& metricNames() const
    {
        return pmu().get().names;
    }
    const std::vector<NumericColumn>& metrics() const
    {
        return pmu().get().columns;
    }
    const KernelMetricsStore& pmu() const
    {
        static const KernelMetricsStore none;
        return m_pmu ? *m_pmu : none;
    }
    // For importers, the partial import's cut and the table cache.
    KernelMetricsStore& pmu()
    {
        if (!m_pmu)
            m_pmu = std::make_unique<KernelMetricsStore>();
        return *m_pmu;
    }

    std::size_t size() const
    {
        return startNs.size();
    }
    bool isCommunication(std::size_t row) const
    {
        return row < communication.size() && communication[row] != 0;
    }

private:
    std::unique_ptr<KernelMetricsStore> m_pmu; // made on first write
};

// kernel_details.csv / the databases' task tables: a row is a communication
// task when its core is HCCL / COMMUNICATION or its type an hcom_ op (the
// importers' rule, shared by the text and database readers).
inline bool isCommunicationKernel(std::string_view type, std::string_view core)
{
    return core == "HCCL" || core == "COMMUNICATION" || type.starts_with("hcom_");
}

// op_statistic.csv
struct OpStatisticRow
{
    QString opType;
    QString coreType;
    qint64 count = 0;
    TimeNs totalNs = 0;
    TimeNs minNs = 0;
    TimeNs avgNs = 0;
    TimeNs maxNs = 0;
    double ratioPercent = kNoValue;
};

// api_statistic.csv
struct ApiStatisticRow
{
    QString level;
    QString apiName;
    TimeNs totalNs = 0;
    qint64 count = 0;
    TimeNs avgNs = 0;
    TimeNs minNs = 0;
    TimeNs maxNs = 0;
    double variance = kNoValue;
};

// step_trace_time.csv. Columns differ between versions (Preparing is new,
// some writers add Device_id / Rank ID first): absent columns stay kInvalidTime.
struct StepTraceRow
{
    enum Column {
        Computing,
        CommunicationNotOverlapped,
        Overlapped,
        Communication,
        Free,
        Stage,
        Bubble,
        CommunicationNotOverlappedExcludeReceive,
        Preparing,
        ColumnCount
    };
    QString step;       // "50"; empty when the profile has no steps
    qint64 deviceId = -1;
    qint64 rankId = -1;
    std::array<TimeNs, ColumnCount> valueNs = [] {
        std::array<TimeNs, ColumnCount> a;
        a.fill(kInvalidTime);
        return a;
    }();
    // Only in a Profscope summary (profscope-cli summarize recomputed the
    // step from the timeline next to the data): the step's device span and
    // host marker, its task counts and Σ kernel time. The profiler's own
    // files leave them unset (empty ranges, -1).
    TimeRange spanNs {};
    TimeRange hostRangeNs {};
    TimeNs kernelTimeNs = kInvalidTime;
    qint64 computeTasks = -1;
    qint64 communicationOps = -1;
};

// communication.json: one entry per communication op of a step.
struct CommBandwidth
{
    QString transport; // RDMA, HCCS, PCIE, SDMA, SIO, ...
    double transitSizeMB = 0;
    double transitTimeMs = 0;
    double bandwidthGBps = 0;
    double largePacketRatio = 0;
    // packet size (MB) -> (count, total time ms)
    std::map<double, std::pair<qint64, double>> sizeDistribution;
};

struct CommOpRecord
{
    QString step;    // "step50"
    bool p2p = false;
    QString opName;  // hcom_allReduce__586_0_1
    QString groupId; // text after '@' (the communication domain hash)
    TimeNs startNs = kInvalidTime;
    double elapseMs = 0;
    double transitMs = 0;
    double waitMs = 0;
    double synchronizationMs = 0;
    double idleMs = 0;
    double waitRatio = kNoValue;
    double synchronizationRatio = kNoValue;
    std::vector<CommBandwidth> bandwidth;
};

// communication_matrix.json: one entry per link of an op (or aggregate).
struct CommMatrixLink
{
    QString step;
    bool p2p = false;
    QString opKey;   // "allreduce-top1@17522688603477080586"
    QString groupId;
    int srcRank = -1;
    int dstRank = -1;
    QString transport;
    double transitSizeMB = 0;
    double transitTimeMs = 0;
    double bandwidthGBps = 0;
    QString opName;
};

// memory_record.csv
struct MemoryRecordTable
{
    StringPool strings;
    std::vector<StringId> component; // APP, PTA, GE, PTA+GE, ...
    std::vector<TimeNs> tsNs;
    std::vector<double> allocatedMB;  // NaN when empty
    std::vector<double> reservedMB;
    std::vector<double> activeMB;
    std::vector<StringId> streamPtr;
    std::vector<StringId> deviceType;

    std::size_t size() const
    {
        return tsNs.size();
    }
};

// npu_module_mem.csv
struct NpuModuleMemTable
{
    StringPool strings;
    std::vector<StringId> component;
    std::vector<TimeNs> tsNs;
    std::vector<double> reservedMB;
    std::vector<StringId> device;

    std::size_t size() const
    {
        return tsNs.size();
    }
};

// operator_memory.csv
struct OperatorMemoryTable
{
    StringPool strings;
    std::vector<StringId> name;
    std::vector<double> sizeKB;
    std::vector<TimeNs> allocationNs;
    std::vector<TimeNs> releaseNs;       // kInvalidTime when never released in the capture
    std::vector<TimeNs> activeReleaseNs; // kInvalidTime when absent
    std::vector<TimeNs> durationNs;      // kInvalidTime when absent
    std::vector<TimeNs> activeDurationNs;
    std::vector<double> allocationTotalAllocatedMB;
    std::vector<double> allocationTotalReservedMB;
    std::vector<double> allocationTotalActiveMB; // NaN when the file has no Active columns (older torch_npu)
    std::vector<double> releaseTotalAllocatedMB;
    std::vector<double> releaseTotalReservedMB;
    std::vector<double> releaseTotalActiveMB;
    std::vector<StringId> streamPtr;
    std::vector<StringId> deviceType;

    std::size_t size() const
    {
        return name.size();
    }
};

// operator_details.csv
struct OperatorDetailsTable
{
    StringPool strings;
    std::vector<StringId> name;
    std::vector<StringId> inputShapes;
    std::vector<StringId> callStack;
    std::vector<TimeNs> hostSelfNs;
    std::vector<TimeNs> hostTotalNs;
    std::vector<TimeNs> deviceSelfNs;
    std::vector<TimeNs> deviceTotalNs;
    std::vector<TimeNs> deviceSelfWithAiCoreNs;
    std::vector<TimeNs> deviceTotalWithAiCoreNs;

    std::size_t size() const
    {
        return name.size();
    }
};

// l2_cache.csv
struct L2CacheRow
{
    qint64 streamId = -1;
    qint64 taskId = -1;
    double hitRate = kNoValue; // N/A -> NaN
    double victimRate = kNoValue;
    QString opName;
};

} // namespace profscope
