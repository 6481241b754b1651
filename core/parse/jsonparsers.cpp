// SPDX-License-Identifier: Apache-2.0
// communication.json, communication_matrix.json, profiler_info*.json and
// profiler_metadata.json: small files, read into an nlohmann DOM that keeps
// floating-point numbers as their source text (see jsonfile.h). The two
// communication files are streamed without a DOM when their shape allows
// (commstream.cpp); the DOM path below reads the rest, with its warnings.

#include "tableparsers.h"

#include "jsonfile.h"
#include "metadatastream.h"
#include "commstream.h"
#include "numbers.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <nlohmann/json.hpp>

#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::TableParsers)
};

using namespace jsonfile;

// The per-step aggregate of communication.json; it duplicates the sums of
// the ops and is not an op.
constexpr const char* kTotalOpInfo = "Total Op Info";

// Walks communication.json / communication_matrix.json, which share one
// shape: {step: {"p2p" | "collective": {opKey: op}}}. Non-objects are warned
// about and skipped; `aggregate(opKey)` may claim keys that are not ops
// before the shape check. Returns the number of steps.
template<typename Aggregate, typename Visit>
qint64 forEachCommOp(JsonFile& file, const Json& root, Aggregate&& aggregate, Visit&& visit)
{
    qint64 steps = 0;
    for (const auto& [stepKey, step] : root.items()) {
        if (!step.is_object()) {
            file.warn(Tr::tr("step \"%1\" is not an object, skipped").arg(toQString(stepKey)));
            continue;
        }
        ++steps;
        for (const char* kind : kCommKinds) {
            const Json* opMap = member(step, kind);
            if (!opMap)
                continue;
            if (!opMap->is_object()) {
                file.warn(Tr::tr("%1/%2 is not an object, skipped").arg(toQString(stepKey), QLatin1String(kind)));
                continue;
            }
            for (const auto& [opKey, op] : opMap->items()) {
                if (aggregate(opKey))
                    continue;
                if (!op.is_object()) {
                    file.warn(Tr::tr("%1/%2/%3 is not an object, skipped")
                                  .arg(toQString(stepKey), QLatin1String(kind), toQString(opKey)));
                    continue;
                }
                visit(stepKey, kind, opKey, op);
            }
        }
    }
    return steps;
}

} // namespace

bool parseCommunication(const QString& filePath, std::vector<CommOpRecord>& out, FileReport& report)
{
    JsonFile file(filePath, "communication.json", report);
    if (CommStreamCounts counts; streamCommunication(file, out, counts)) {
        report.addCount(QStringLiteral("steps"), counts.steps);
        report.addCount(QStringLiteral("ops"), counts.ops);
        if (counts.totals > 0)
            report.addCount(QStringLiteral("totalOpInfo"), counts.totals);
        return file.finish();
    }
    Json root;
    if (!file.load(root))
        return file.fail();

    qint64 ops = 0, totals = 0;
    const qint64 steps = forEachCommOp(
        file, root,
        [&totals](const std::string& opKey) {
            if (opKey != kTotalOpInfo)
                return false;
            ++totals;
            return true;
        },
        [&](const std::string& stepKey, const char* kind, const std::string& opKey, const Json& op) {
            CommOpRecord rec;
            rec.step = toQString(stepKey);
            rec.p2p = std::string_view(kind) == "p2p";
            splitOpKey(opKey, rec.opName, rec.groupId);
            readCommOpInfo(file, op, toQString(stepKey), toQString(opKey), rec);
            out.push_back(std::move(rec));
            ++ops;
        });
    report.addCount(QStringLiteral("steps"), steps);
    report.addCount(QStringLiteral("ops"), ops);
    if (totals > 0)
        report.addCount(QStringLiteral("totalOpInfo"), totals); // aggregates, not kept
    return file.finish();
}

bool parseCommunicationMatrix(const QString& filePath, std::vector<CommMatrixLink>& out, FileReport& report)
{
    JsonFile file(filePath, "communication_matrix.json", report);
    if (CommStreamCounts counts; streamCommunicationMatrix(file, out, counts)) {
        // Kept for the whole session: without the growth's slack (a third
        // of a small rank's links on average).
        out.shrink_to_fit();
        report.addCount(QStringLiteral("steps"), counts.steps);
        report.addCount(QStringLiteral("ops"), counts.ops);
        report.addCount(QStringLiteral("links"), counts.links);
        return file.finish();
    }
    Json root;
    if (!file.load(root))
        return file.fail();

    static const QRegularExpression linkPattern(QStringLiteral("^\\s*(-?\\d+)\\s*-\\s*(-?\\d+)\\s*$"));
    qint64 ops = 0, links = 0;
    // Op keys are single ops ("hcom_send__822_0@…"), size classes
    // ("allreduce-top1@…") or "Total Op Info"; all are kept, the key says which.
    const qint64 steps = forEachCommOp(
        file, root, [](const std::string&) { return false; },
        [&](const std::string& stepKey, const char* kind, const std::string& opKey, const Json& linkMap) {
            ++ops;
            QString unusedName, groupId;
            splitOpKey(opKey, unusedName, groupId);
            for (const auto& [linkKey, link] : linkMap.items()) {
                if (!link.is_object()) {
                    file.warn(Tr::tr("%1/%2 link \"%3\" is not an object, skipped")
                                  .arg(toQString(stepKey), toQString(opKey), toQString(linkKey)));
                    continue;
                }
                CommMatrixLink l;
                l.step = toQString(stepKey);
                l.p2p = std::string_view(kind) == "p2p";
                l.opKey = toQString(opKey);
                l.groupId = groupId;
                const auto match = linkPattern.match(toQString(linkKey));
                if (match.hasMatch()) {
                    l.srcRank = match.captured(1).toInt();
                    l.dstRank = match.captured(2).toInt();
                } else {
                    file.warn(Tr::tr("%1/%2: link \"%3\" is not \"src-dst\"; ranks unknown")
                                  .arg(toQString(stepKey), toQString(opKey), toQString(linkKey)));
                }
                readMatrixLinkInfo(link, l);
                out.push_back(std::move(l));
                ++links;
            }
        });
    report.addCount(QStringLiteral("steps"), steps);
    report.addCount(QStringLiteral("ops"), ops);
    report.addCount(QStringLiteral("links"), links);
    return file.finish();
}

bool parseProfilerInfo(const QString& filePath, RankInfo& info, FileReport& report, const QByteArray& text)
{
    JsonFile file(filePath, text, "profiler_info.json", report);
    Json root;
    if (!file.load(root))
        return file.fail();

    bool known = false;
    // Three schemas:
    // - torch_npu: config.experimental_config._profiler_level ..., end_info, rank_id (int);
    // - MindSpore 2.x: profiler_parameters.profiler_level ..., ms_version;
    // - old MindSpore (MindInsight era): context_mode, rank_id (string), rank_size.
    const Json* experimental = path(root, { "config", "experimental_config" });
    const Json* msParameters = member(root, "profiler_parameters");
    if (experimental || path(root, { "config", "common_config" }) || member(root, "torch_npu_version")) {
        info.framework = QStringLiteral("PyTorch");
        known = true;
    } else if (msParameters || member(root, "ms_version") || member(root, "context_mode")) {
        info.framework = QStringLiteral("MindSpore");
        known = true;
    }

    const Json* params = experimental ? experimental : msParameters;
    if (params) {
        const Json* level = member(*params, "_profiler_level");
        if (!level)
            level = member(*params, "profiler_level");
        if (level && !level->is_null()) {
            QString text = toText(level);
            // An enum written with str(): "ProfilerLevel.Level1" -> "Level1".
            if (const auto dot = text.lastIndexOf(QLatin1Char('.')); dot >= 0)
                text = text.mid(dot + 1);
            info.profilerLevel = text;
        }
        for (const char* key : { "_aic_metrics", "aic_metrics", "aicore_metrics" }) {
            if (const Json* v = member(*params, key); v && !v->is_null()) {
                info.aicMetrics = toText(v);
                break;
            }
        }
        for (const char* key : { "_export_type", "export_type" }) {
            const Json* v = member(*params, key);
            if (!v || v->is_null())
                continue;
            if (v->is_array()) {
                QStringList types;
                for (const auto& t : *v)
                    types << toText(&t);
                info.exportType = types.join(QLatin1Char(','));
            } else {
                info.exportType = toText(v);
            }
            break;
        }
    }

    for (const Json* end : { path(root, { "end_info", "collectionTimeEnd" }),
                             path(root, { "cann_profiler_info", "end_info", "collectionTimeEnd" }) }) {
        if (!end)
            continue;
        known = true;
        // ns already; an integer (exact) or, defensively, a decimal text.
        std::optional<qint64> ns = end->is_string() ? parseScaledDecimal(end->get_ref<const std::string&>(), 0) : toInt(end);
        if (ns && isRepresentableTime(*ns))
            info.collectionEndNs = *ns;
        else if (ns)
            file.warn(Tr::tr("\"collectionTimeEnd\" is outside the representable range of times: %1").arg(toText(end)));
        else
            file.warn(Tr::tr("\"collectionTimeEnd\" is not an integer: %1").arg(toText(end)));
        break;
    }

    if (const Json* rank = member(root, "rank_id")) {
        known = true;
        if (const auto id = toInt(rank))
            info.rankId = int(*id);
        else
            file.warn(Tr::tr("\"rank_id\" is not an integer: %1").arg(toText(rank)));
    } else {
        // profiler_info_3.json: the writer puts the rank in the file name.
        static const QRegularExpression namePattern(QStringLiteral("^profiler_info_(\\d+)\\.json$"));
        const auto match = namePattern.match(file.fileName());
        if (match.hasMatch() && info.rankId < 0)
            info.rankId = match.captured(1).toInt();
    }
    if (const auto size = toInt(member(root, "rank_size")))
        info.rankSize = *size;

    if (!known)
        file.warn(Tr::tr("no known profiler_info keys (config, profiler_parameters, rank_id, end_info)"));
    return file.finish();
}

namespace {

// distributed_args and parallel_group_info, from profiler_metadata.json or
// from the same keys in a database's META_DATA. Returns the groups read.
template<typename Warn>
qint64 readMetadataKeys(const Json& root, RankInfo& info, Warn&& warn)
{
    if (const Json* args = member(root, "distributed_args"); args && args->is_object()) {
        auto size = [&](const char* key, int& target) {
            if (const auto v = toInt(member(*args, key)))
                target = int(*v);
        };
        size("tensor_model_parallel_size", info.tpSize);
        size("pipeline_model_parallel_size", info.ppSize);
        size("data_parallel_size", info.dpSize);
        size("world_size", info.worldSize);
        if (info.rankId < 0) {
            if (const auto rank = toInt(member(*args, "rank")))
                info.rankId = int(*rank);
        }
    }

    qint64 groups = 0;
    if (const Json* groupInfo = member(root, "parallel_group_info")) {
        if (!groupInfo->is_object()) {
            warn(Tr::tr("\"parallel_group_info\" is not an object, ignored"));
        } else {
            info.parallelGroups.clear();
            for (const auto& [groupKey, g] : groupInfo->items()) {
                if (!g.is_object()) {
                    warn(Tr::tr("group \"%1\" is not an object, skipped").arg(toQString(groupKey)));
                    continue;
                }
                ParallelGroup group;
                group.groupId = toQString(groupKey);
                group.groupName = toText(member(g, "group_name"));
                group.groupRank = int(toInt(member(g, "group_rank")).value_or(-1));
                if (const Json* ranks = member(g, "global_ranks"); ranks && ranks->is_array()) {
                    for (const auto& r : *ranks) {
                        if (const auto id = toInt(&r))
                            group.globalRanks.push_back(int(*id));
                        else
                            warn(Tr::tr("group \"%1\": rank %2 is not an integer").arg(group.groupId, toText(&r)));
                    }
                }
                info.parallelGroups.push_back(std::move(group));
                ++groups;
            }
        }
    }
    return groups;
}

} // namespace

bool parseProfilerMetadata(const QString& filePath, RankInfo& info, FileReport& report)
{
    JsonFile file(filePath, "profiler_metadata.json", report);
    if (qint64 streamed = 0; streamProfilerMetadata(file, info, streamed)) {
        report.addCount(QStringLiteral("groups"), streamed);
        return file.finish();
    }
    Json root;
    if (!file.load(root))
        return file.fail();
    const qint64 groups = readMetadataKeys(root, info, [&file](const QString& w) { file.warn(w); });
    // Files with only ENV_VARIABLES (single-process runs) are fine: nothing to fill.
    report.addCount(QStringLiteral("groups"), groups);
    return file.finish();
}

qint64 readProfilerMetadataObject(const QByteArray& jsonObject, RankInfo& info, QStringList& warnings)
{
    if (const qint64 deep = jsonfile::jsonNestingBeyond(jsonObject); deep >= 0) {
        warnings << Tr::tr("profiler metadata: JSON nested deeper than %1 levels at byte %2")
                        .arg(jsonfile::kMaxJsonNesting)
                        .arg(deep);
        return 0;
    }
    const Json root = Json::parse(jsonObject.constBegin(), jsonObject.constEnd(), nullptr, false);
    if (root.is_discarded() || !root.is_object()) {
        warnings << Tr::tr("profiler metadata is not a JSON object");
        return 0;
    }
    return readMetadataKeys(root, info, [&warnings](const QString& w) { warnings << w; });
}

} // namespace profscope
