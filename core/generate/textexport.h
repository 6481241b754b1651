// SPDX-License-Identifier: Apache-2.0
// The text deliverables of a generated rank (trace_view.json, the CSVs, the
// communication JSON files, profiler_info / profiler_metadata), written the
// way MindSpore / torch_npu write them. The communication and memory content
// is also exposed as data so that the SQLite export writes the same numbers.
// Internal to core/generate.
#pragma once

#include "clustersim.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>

#include <vector>

namespace profscope::gen {

QByteArray traceView(const Cluster& c, const RankSim& rs, const std::vector<std::vector<const Kernel*>>& perStep,
    const std::vector<StepValues>& values);
QByteArray stepTraceCsv(const std::vector<StepValues>& values);
QByteArray kernelDetailsCsv(const Cluster& c, const RankSim& rs);
QByteArray opStatisticCsv(const Cluster& c, const RankSim& rs);

// One sample of memory_record.csv: an APP row (whole-process reservation,
// only reservedMB set) or a PTA allocator row.
struct MemoryRow
{
    bool app = false;
    TimeNs tsNs = 0;
    double allocatedMB = 0;
    double reservedMB = 0;
    double activeMB = 0;
};
std::vector<MemoryRow> memoryRows(const Cluster& c, const RankSim& rs);
QByteArray memoryRecordCsv(const Cluster& c, const RankSim& rs);

// communication.json / communication_matrix.json as JSON objects
// (step -> collective / p2p -> "op@group" -> ...).
QJsonObject communicationObject(const Cluster& c, const RankSim& rs);
QJsonObject communicationMatrixObject(const Cluster& c, const RankSim& rs);

// profiler_info_{rank}.json, with export_type after the chosen format.
QByteArray profilerInfo(const Cluster& c, const RankSim& rs, GeneratorOptions::Format format);
// profiler_metadata.json: distributed_args and parallel_group_info (keyed by
// the group ids of communication.json).
QJsonObject profilerMetadataObject(const Cluster& c, const RankSim& rs);

QByteArray toJson(const QJsonObject& object);

// The args torch_npu puts on a framework op (cpu_op) and the same values in
// PYTORCH_API / PYTORCH_CALLCHAINS, in the shares the real level-2 fixture
// shows (ascend-msinsight pytorch/text/level2 rank 0: every op has "Sequence
// number" (-1 on 89%) and "Fwd thread id" 0; 64% "Input Dims" / "Input type";
// 37% a "Call stack" of ~15 frames, ~1.2 KB). Empty fields are not written.
struct HostOpArgs
{
    qint64 sequenceNumber = -1;
    QByteArray inputDims;  // ";\r\n"-separated, one entry per input
    QByteArray inputType;
    QList<QByteArray> callStack; // frames, innermost first
};
HostOpArgs hostOpArgs(const Cluster& c, const Kernel& k);

} // namespace profscope::gen
