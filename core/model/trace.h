// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "stringpool.h"
#include "types.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <array>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

namespace profscope {

// Where an event's "args" object sits in its source file. Args can be large
// (call stacks) and are only needed when a user inspects one slice, so the
// model keeps a reference and reads the text on demand: 8 bytes per slice
// instead of the text itself. Packed as file index (10 bits), byte offset
// (36 bits, 64 GiB) and length (18 bits; kLengthOverflow means "longer, scan
// to the closing brace").
struct ArgsRef
{
    std::uint64_t packed = 0;

    static constexpr std::uint64_t kLengthBits = 18;
    static constexpr std::uint64_t kOffsetBits = 36;
    static constexpr std::uint64_t kLengthOverflow = (1ull << kLengthBits) - 1;

    static ArgsRef make(std::uint32_t fileIndex, std::uint64_t offset, std::uint64_t length)
    {
        if (length == 0 || offset >= (1ull << kOffsetBits) || fileIndex >= 1023)
            return {};
        const std::uint64_t len = length >= kLengthOverflow ? kLengthOverflow : length;
        return ArgsRef { (std::uint64_t(fileIndex + 1) << (kOffsetBits + kLengthBits)) | (offset << kLengthBits) | len };
    }
    // A reference into a source that makes args on demand (ArgsSource): the
    // 54 bits below the file index are the source's own key (a table and row).
    static constexpr std::uint64_t kKeyBits = kOffsetBits + kLengthBits;
    static ArgsRef makeKey(std::uint32_t fileIndex, std::uint64_t key)
    {
        if (fileIndex >= 1023 || key >= (1ull << kKeyBits))
            return {};
        return ArgsRef { (std::uint64_t(fileIndex + 1) << kKeyBits) | key };
    }
    std::uint64_t key() const
    {
        return packed & ((1ull << kKeyBits) - 1);
    }
    bool isValid() const
    {
        return packed != 0;
    }
    std::uint32_t fileIndex() const
    {
        return std::uint32_t(packed >> (kOffsetBits + kLengthBits)) - 1;
    }
    std::uint64_t offset() const
    {
        return (packed >> kLengthBits) & ((1ull << kOffsetBits) - 1);
    }
    std::uint64_t length() const
    {
        return packed & kLengthOverflow;
    }
};

// Slices of one thread or stream, column by column, sorted by start time
// (longer first on ties, so parents precede their children). `depth` is the
// nesting level computed from the intervals; within one depth slices never
// overlap, which is what the timeline's binary search relies on.
struct SliceColumns
{
    std::vector<TimeNs> startNs;
    std::vector<TimeNs> durNs;
    std::vector<StringId> name;
    std::vector<StringId> category;
    std::vector<std::uint16_t> depth;
    std::vector<ArgsRef> args; // where the event's "args" are; invalid when absent
    // args["Task Type"] of device tasks (AI_CORE, MIX_AIV, SDMA, Notify Wait, ...),
    // read at parse time because the overview classifies every device task by it.
    std::vector<StringId> taskType;

    std::size_t size() const
    {
        return startNs.size();
    }
    TimeNs endNs(std::size_t i) const
    {
        return startNs[i] + durNs[i];
    }
    void reserve(std::size_t n);
};

// Instant events (ph i / I) of one thread.
struct InstantColumns
{
    std::vector<TimeNs> tsNs;
    std::vector<StringId> name;
    std::vector<StringId> category;
    std::vector<ArgsRef> args;

    std::size_t size() const
    {
        return tsNs.size();
    }
};

// One counter value series: a C event named `name` with args {key: value}
// gives one point in the series (name, key) of its process.
struct CounterSeries
{
    StringId name;
    StringId key;
    std::vector<TimeNs> tsNs;
    std::vector<double> value;
};

// What a lane holds, set by the importer that filled it (from lane names for
// trace JSON, from the tables for databases). Analyses select lanes by role,
// never by a file's process or thread names.
enum class LaneRole : std::uint8_t {
    Other,              // counters' owners, unknown lanes
    HostOps,            // framework ops on a host thread (Python / MindSpore lanes)
    HostApi,            // CANN API calls (AscendCL / Runtime / Node / Hccl levels)
    DeviceTasks,        // hardware tasks of one device stream; Task Type per slice
    CommunicationOps,   // collective / p2p communication ops ("Group N Communication")
    CommunicationTasks, // the small tasks of communication ops ("Plane N")
    OverlapAnalysis,    // the profiler's own Computing / Communication / Free lanes
    StepTrace,          // a CANN msprof step trace: Iteration N, FP_BP Time N, Iteration Refresh N, Reduce_N_k
};

struct ThreadTrack
{
    qint64 tid = 0;
    QString name;             // from thread_name metadata; empty when the trace has none
    qint64 sortIndex = 0;     // thread_sort_index, or tid when absent
    bool hasSortIndex = false;
    std::uint16_t maxDepth = 0;
    LaneRole role = LaneRole::Other;
    SliceColumns slices;
    InstantColumns instants;
};

struct ProcessTrack
{
    qint64 pid = 0;
    QString name;   // process_name: "Python", "CANN", "Ascend Hardware", "HCCL", "Overlap Analysis", ...
    QString labels; // process_labels: "CPU" / "NPU"
    qint64 sortIndex = 0;
    bool hasSortIndex = false;
    bool hasMetadata = false; // false for a pid only seen as a flow end point
    std::vector<ThreadTrack> threads;
    std::vector<CounterSeries> counters;

    QString displayName() const
    {
        return name.isEmpty() ? QString::number(pid) : name;
    }
};

// What a flow arrow means. Launch: host launch -> device task (HostToDevice,
// async_npu, or the database's connection ids); analyses take a task's launch
// time from it.
enum class FlowRole : std::uint8_t { Other, Launch };

// Flow arrows as an edge table. One start with several finishes gives one
// edge per finish. Slice indices refer to the bound thread's SliceColumns
// (-1 when no slice encloses the end point).
struct FlowColumns
{
    std::vector<StringId> category;
    std::vector<FlowRole> role;
    std::vector<StringId> name;    // invalid when the name is category + id ("HostToDevice936"): see flowName()
    std::vector<std::uint64_t> id; // numeric ids (also "936" strings) exactly, 64-bit
    std::vector<StringId> idText;  // non-numeric ids as written; invalid for numeric ids
    std::vector<TimeNs> fromNs;
    std::vector<TimeNs> toNs;
    std::vector<std::uint32_t> fromProcess;
    std::vector<std::uint32_t> fromThread;
    std::vector<std::int32_t> fromSlice;
    std::vector<std::uint32_t> toProcess;
    std::vector<std::uint32_t> toThread;
    std::vector<std::int32_t> toSlice;

    std::size_t size() const
    {
        return fromNs.size();
    }
    // Calls apply(column...) with every column, in the order declared: the
    // one list behind reserve, resize, the flow pairing's moves, the trace
    // cache's file layout and its size check, and memoryBytes.
    template <class Apply>
    decltype(auto) withColumns(Apply&& apply)
    {
        return apply(category, role, name, id, idText, fromNs, toNs, fromProcess, fromThread, fromSlice, toProcess,
                     toThread, toSlice);
    }
    template <class Apply>
    decltype(auto) withColumns(Apply&& apply) const
    {
        return apply(category, role, name, id, idText, fromNs, toNs, fromProcess, fromThread, fromSlice, toProcess,
                     toThread, toSlice);
    }
    void reserve(std::size_t n)
    {
        withColumns([n](auto&... column) { (column.reserve(n), ...); });
    }
    void resize(std::size_t n)
    {
        withColumns([n](auto&... column) { (column.resize(n), ...); });
    }
    // Bytes the columns hold (their capacity).
    std::size_t capacityBytes() const
    {
        return withColumns([](const auto&... column) {
            return ((column.capacity() * sizeof(typename std::decay_t<decltype(column)>::value_type)) + ...);
        });
    }
};

struct TraceData;
// The display name of flow edge i (rebuilds "HostToDevice936" style names).
QString flowName(const TraceData& trace, std::size_t i);

// The event phases reported per file and per rank, in the order they are shown.
inline constexpr const char* kReportedPhases = "XBEiICMstfbenR";

// What the parser saw, for the import report and `profscope-cli inspect`.
struct TraceStats
{
    // Events by phase letter; index is the ASCII code.
    std::array<qint64, 128> eventsByPhase {};
    qint64 totalEvents = 0;
    qint64 unmatchedEnds = 0;       // E without B
    qint64 unterminatedBegins = 0;  // B without E, closed at the thread's last timestamp
    qint64 flowStartsWithoutEnd = 0;
    qint64 flowEndsWithoutStart = 0;
    qint64 skippedEvents = 0;       // events without a usable ph/ts
    qint64 timesOutOfRange = 0;     // events with a time beyond ±kMaxAbsTimeNs (damaged files), dropped
    qint64 outsideWindow = 0;       // partial import: events (and flows) outside the step window, dropped
    qint64 bytes = 0;
    // Flow edges per category name, filled by the builder.
    std::vector<std::pair<QString, qint64>> flowsByCategory;

    qint64 phase(char ph) const
    {
        return eventsByPhase[std::uint8_t(ph) & 0x7f];
    }
};

// Makes the args text of events whose source is no JSON file (database rows)
// when a user inspects one, from the key in its ArgsRef: the model keeps 8
// bytes per slice instead of the text. Implementations must be thread-safe.
class ArgsSource
{
public:
    virtual ~ArgsSource() = default;
    virtual QByteArray argsText(std::uint64_t key) const = 0;
};

// A training step as the host marked it (ProfilerStep#N, STEP_TIME row).
struct StepMarker
{
    QString id; // "50"
    TimeRange rangeNs;
    // Where a step trace gives them (CANN msprof: FP_BP Time N from FP Start to BP
    // End): the forward pass's start and the backward pass's end; kInvalidTime otherwise.
    TimeNs fpStartNs = kInvalidTime;
    TimeNs bpEndNs = kInvalidTime;
};

struct TraceData
{
    QStringList sourceFiles; // the trace files, in ArgsRef::fileIndex order
    // Sources that make args on demand (databases), by ArgsRef::fileIndex;
    // null for JSON files, whose args are read from the file.
    std::vector<std::shared_ptr<const ArgsSource>> argsSources;
    StringPool strings;
    std::vector<ProcessTrack> processes; // sorted by (sortIndex, pid)
    FlowColumns flows;
    std::vector<StepMarker> steps; // in time order; empty when the host marked no steps
    TraceStats stats;
    TimeRange rangeNs; // over all slices, instants and counters

    bool isEmpty() const
    {
        return processes.empty();
    }
    std::size_t sliceCount() const;
    std::size_t counterPointCount() const;
    const ProcessTrack* findProcess(const QString& name) const;
    // The JSON text of an event's args, read from its source file; empty when
    // the file cannot be read any more.
    QByteArray argsText(ArgsRef ref) const;
    std::size_t memoryBytes() const;
};

} // namespace profscope
