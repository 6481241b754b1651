// SPDX-License-Identifier: Apache-2.0
// The small JSON files: communication.json, communication_matrix.json,
// profiler_info*.json, profiler_metadata.json (from a file and, as the
// database import does, from memory), msprof-analyze's
// cluster_communication.json, cluster_communication_matrix.json and
// communication_group.json, and the MindInsight timeline_display_*.json
// (trace parser, as the loader reads it), and Profscope's own summaries
// (*.profscope-summary.json, profscope-cli summarize).
//
// Input: selector byte (selector % kinds picks the kind), then the file.
#include "fuzzsupport.h"

#include "load/rankformats.h"
#include "parse/clusteroutput.h"
#include "parse/tableparsers.h"
#include "parse/traceparser.h"

#include <iterator>

using namespace profscope;

namespace {

enum class Kind { RankFile, MetadataObject, ClusterCommunication, ClusterMatrix, ClusterGroup, LegacyTimeline };

struct JsonKind
{
    Kind kind;
    FileKind fileKind;
    const char* fileName;
};

constexpr JsonKind jsonKinds[] = {
    { Kind::RankFile, FileKind::Communication, "communication.json" },
    { Kind::RankFile, FileKind::CommunicationMatrix, "communication_matrix.json" },
    { Kind::RankFile, FileKind::ProfilerInfo, "profiler_info_0.json" },
    { Kind::RankFile, FileKind::ProfilerMetadata, "profiler_metadata.json" },
    { Kind::MetadataObject, FileKind::Unknown, "" },
    { Kind::ClusterCommunication, FileKind::ClusterCommunication, "cluster_communication.json" },
    { Kind::ClusterMatrix, FileKind::ClusterCommunicationMatrix, "cluster_communication_matrix.json" },
    { Kind::ClusterGroup, FileKind::ClusterCommunicationGroup, "communication_group.json" },
    { Kind::LegacyTimeline, FileKind::LegacyTimeline, "timeline_display_0.json" },
    { Kind::RankFile, FileKind::ProfscopeSummary, "rank0_fuzz.profscope-summary.json" },
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const fuzz::Selected in = fuzz::select(data, size);
    if (!in.data)
        return 0;
    const JsonKind& kind = jsonKinds[in.selector % std::size(jsonKinds)];
    if (kind.kind == Kind::MetadataObject) {
        RankInfo info;
        QStringList warnings;
        readProfilerMetadataObject(QByteArray(reinterpret_cast<const char*>(in.data), qsizetype(in.size)), info, warnings);
        return 0;
    }
    const QString path = fuzz::writeInput(QString::fromLatin1(kind.fileName), in.data, in.size);
    FileReport report;
    report.path = path;
    ClusterOutput cluster;
    switch (kind.kind) {
    case Kind::RankFile: {
        RankData rank;
        rankFormat(kind.fileKind)->read(path, rank, report);
        break;
    }
    case Kind::ClusterCommunication:
        parseClusterCommunication(path, cluster, report);
        break;
    case Kind::ClusterMatrix:
        parseClusterCommunicationMatrix(path, cluster, report);
        break;
    case Kind::ClusterGroup:
        parseClusterCommunicationGroup(path, cluster, report);
        break;
    case Kind::LegacyTimeline: {
        TraceBuilder builder;
        TraceParseOptions options;
        options.threads = 1;
        parseTraceFile(path, builder, report, options);
        builder.finish();
        break;
    }
    case Kind::MetadataObject:
        break;
    }
    return 0;
}
