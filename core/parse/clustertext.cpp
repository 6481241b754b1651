// SPDX-License-Identifier: Apache-2.0
// msprof-analyze's text cluster output: cluster_step_trace_time.csv,
// cluster_communication.json, cluster_communication_matrix.json and
// communication_group.json (shapes from msprof-analyze's
// cluster_analyse/analysis/{step_trace_time,communication,comm_matrix}_analysis.py).

#include "clusteroutput.h"

#include "csvtable.h"
#include "jsonfile.h"
#include "numbers.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::ClusterOutput)
};

using jsonfile::Json;
using jsonfile::JsonFile;

constexpr const char* kTotalOpInfo = "Total Op Info";

bool isTotalOpKey(const std::string& opKey)
{
    return opKey.rfind(kTotalOpInfo, 0) == 0; // "Total Op Info@<group>"
}

QString qs(const std::string& text)
{
    return jsonfile::toQString(text);
}

// Walks {rank set: {step: {"op@group": object}}}, the shape that
// cluster_communication.json and cluster_communication_matrix.json share.
// Non-objects are warned about and skipped; `skip(opKey)` may claim keys
// before that check. visit(groupRanks, stepKey, where, opKey, object), where
// `where` is "set/step" for messages. The steps seen go into `steps`.
template<typename Skip, typename Visit>
void forEachClusterOp(JsonFile& file, const Json& root, QSet<QString>& steps, Skip&& skip, Visit&& visit)
{
    for (const auto& [setKey, stepMap] : root.items()) {
        std::vector<int> groupRanks;
        parseRankSet(qs(setKey), groupRanks); // "p2p" and other names give no ranks
        if (!stepMap.is_object()) {
            file.warn(Tr::tr("\"%1\" is not an object, skipped").arg(qs(setKey)));
            continue;
        }
        for (const auto& [stepKey, opMap] : stepMap.items()) {
            const QString where = qs(setKey) + QLatin1Char('/') + qs(stepKey);
            if (!opMap.is_object()) {
                file.warn(Tr::tr("%1 is not an object, skipped").arg(where));
                continue;
            }
            steps.insert(qs(stepKey));
            for (const auto& [opKey, object] : opMap.items()) {
                if (skip(opKey))
                    continue;
                if (!object.is_object()) {
                    file.warn(Tr::tr("%1/%2 is not an object, skipped").arg(where, qs(opKey)));
                    continue;
                }
                visit(groupRanks, stepKey, where, opKey, object);
            }
        }
    }
}

} // namespace

const ClusterCommGroup* ClusterOutput::findGroup(const QString& groupHash) const
{
    for (const auto& g : groups)
        if (!groupHash.isEmpty() && g.groupHash == groupHash)
            return &g;
    return nullptr;
}

bool ClusterOutput::isP2p(const QString& groupHash, const QString& opName) const
{
    if (const ClusterCommGroup* g = findGroup(groupHash))
        return g->p2p;
    return opName.startsWith(QLatin1String("hcom_send")) || opName.startsWith(QLatin1String("hcom_receive"))
        || opName.startsWith(QLatin1String("hcom_batchsendrecv"));
}

void ClusterOutput::noteGroup(const QString& groupHash, const std::vector<int>& rankIds, const QString& opName)
{
    if (groupHash.isEmpty() || findGroup(groupHash))
        return;
    ClusterCommGroup g;
    g.groupHash = groupHash;
    g.p2p = isP2p(groupHash, opName);
    g.globalRanks = rankIds;
    groups.push_back(std::move(g));
}

bool parseRankSet(const QString& text, std::vector<int>& ranks)
{
    static const QRegularExpression shape(
        QStringLiteral("^\\s*[\\(\\[]?\\s*(-?\\d+(\\.0+)?\\s*,?\\s*)*[\\)\\]]?\\s*$"));
    static const QRegularExpression number(QStringLiteral("-?\\d+(?:\\.0+)?"));
    ranks.clear();
    if (!shape.match(text).hasMatch())
        return false;
    for (auto it = number.globalMatch(text); it.hasNext();) {
        const auto rank = toIntegral<int>(it.next().captured(0).toDouble());
        if (!rank) {
            ranks.clear();
            return false;
        }
        ranks.push_back(*rank);
    }
    return true;
}

bool parseClusterStepTraceTime(const QString& path, ClusterOutput& out, FileReport& report)
{
    CsvTable t(path, "cluster_step_trace_time.csv", report, CsvFamily::Deliverable);
    if (!t.open())
        return t.fail();
    // msprof-analyze puts Step, Type, Index before the per-rank file's columns
    // (StepTraceTimeBean.COMPLEMENT_HEADER), and DP/PP/TP Index after them
    // when profiler_metadata.json had the parallel sizes.
    const int cStep = t.required({ "Step" });
    const int cType = t.required({ "Type" });
    const int cIndex = t.required({ "Index" });
    const int cComputing = t.required({ "Computing" });
    if (!t.checkRequired())
        return t.fail();
    const auto cols = stepTraceColumns(t, cComputing);
    const int cDp = t.optional({ "DP Index" });
    const int cPp = t.optional({ "PP Index" });
    const int cTp = t.optional({ "TP Index" });

    qint64 rankRows = 0, stageRows = 0;
    while (t.next()) {
        const auto computing = t.requiredNs(cComputing);
        const QString type = t.requiredText(cType).toLower();
        const QString index = t.requiredText(cIndex);
        if (!t.rowOk()) {
            t.skipRow();
            continue;
        }
        const auto values = stepTraceValues(t, cols, *computing);
        const QString step = toQString(t.reader().cell(cStep));
        if (type == QLatin1String("rank")) {
            bool ok = false;
            const int rankId = toIntegral<int>(index.toDouble(&ok)).value_or(-1);
            if (!ok || rankId < 0) {
                t.warnLine(Tr::tr("rank row with Index \"%1\", not a rank id; skipped").arg(index));
                continue;
            }
            StepTraceRow row;
            row.step = step;
            row.rankId = rankId;
            row.valueNs = values;
            out.stepTrace[rankId].push_back(std::move(row));
            ClusterRankEntry& e = out.rank(rankId);
            e.dpIndex = int(t.optionalInt(cDp, e.dpIndex));
            e.ppIndex = int(t.optionalInt(cPp, e.ppIndex));
            e.tpIndex = int(t.optionalInt(cTp, e.tpIndex));
            ++rankRows;
        } else if (type == QLatin1String("stage")) {
            ClusterStageRow row;
            row.step = step;
            if (!parseRankSet(index, row.ranks))
                t.warnLine(Tr::tr("stage Index \"%1\" is not a rank list").arg(index));
            row.valueNs = values;
            out.stages.push_back(std::move(row));
            ++stageRows;
        } else {
            t.warnLine(Tr::tr("Type \"%1\" is neither rank nor stage; skipped").arg(type));
        }
    }
    out.stepTraceFrom = path;
    return t.finish(rankRows + stageRows,
        { { QStringLiteral("rank rows"), rankRows }, { QStringLiteral("stage rows"), stageRows } });
}

// {rank set: {step: {"op@group": {rank: {"Communication Time Info": …,
// "Communication Bandwidth Info": …}}}}}: BaseAnalysis.split_op_by_group
// keys the top level with str(tuple(ranks)), "(0, 1, 2, 3)".
bool parseClusterCommunication(const QString& path, ClusterOutput& out, FileReport& report)
{
    JsonFile file(path, "cluster_communication.json", report);
    Json root;
    if (!file.load(root))
        return file.fail();
    qint64 ops = 0, totals = 0;
    QSet<QString> steps;
    forEachClusterOp(
        file, root, steps,
        [&totals](const std::string& opKey) {
            if (!isTotalOpKey(opKey))
                return false;
            ++totals; // sums of the ops, per rank: not an op
            return true;
        },
        [&](const std::vector<int>& groupRanks, const std::string& stepKey, const QString& where,
            const std::string& opKey, const Json& rankMap) {
            QString opName, groupHash;
            jsonfile::splitOpKey(opKey, opName, groupHash);
            out.noteGroup(groupHash, groupRanks, opName);
            for (const auto& [rankKey, op] : rankMap.items()) {
                const auto rankId = parseInt(rankKey);
                if (!rankId || *rankId < 0 || !op.is_object()) {
                    file.warn(Tr::tr("%1/%2: rank \"%3\" is not a rank id with an object, skipped")
                                  .arg(where, qs(opKey), qs(rankKey)));
                    continue;
                }
                CommOpRecord rec;
                rec.step = qs(stepKey);
                rec.opName = opName;
                rec.groupId = groupHash;
                rec.p2p = out.isP2p(groupHash, opName);
                jsonfile::readCommOpInfo(file, op, where, qs(opKey) + QLatin1Char('/') + qs(rankKey), rec);
                out.communication[int(*rankId)].push_back(std::move(rec));
                out.rank(int(*rankId));
                ++ops;
            }
        });
    out.communicationFrom = path;
    report.addCount(QStringLiteral("steps"), steps.size());
    report.addCount(QStringLiteral("ops"), ops);
    if (totals > 0)
        report.addCount(QStringLiteral("totalOpInfo"), totals);
    return file.finish();
}

// {rank set: {step: {"op@group": {"src-dst": link}}}}: CommMatrixAnalysis
// already merged the ranks' links and mapped them to global ranks.
bool parseClusterCommunicationMatrix(const QString& path, ClusterOutput& out, FileReport& report)
{
    JsonFile file(path, "cluster_communication_matrix.json", report);
    Json root;
    if (!file.load(root))
        return file.fail();
    static const QRegularExpression linkPattern(QStringLiteral("^\\s*(\\d+)\\s*-\\s*(\\d+)\\s*$"));
    qint64 links = 0, ops = 0;
    QSet<QString> steps;
    forEachClusterOp(
        file, root, steps, [](const std::string&) { return false; },
        [&](const std::vector<int>& groupRanks, const std::string& stepKey, const QString& where,
            const std::string& opKey, const Json& linkMap) {
            ++ops;
            QString opName, groupHash;
            jsonfile::splitOpKey(opKey, opName, groupHash);
            if (!isTotalOpKey(opKey))
                out.noteGroup(groupHash, groupRanks, opName);
            for (const auto& [linkKey, link] : linkMap.items()) {
                const auto m = linkPattern.match(qs(linkKey));
                if (!m.hasMatch() || !link.is_object()) {
                    file.warn(Tr::tr("%1/%2: link \"%3\" is not \"src-dst\" with an object, skipped")
                                  .arg(where, qs(opKey), qs(linkKey)));
                    continue;
                }
                CommMatrixLink l;
                l.step = qs(stepKey);
                l.opKey = qs(opKey);
                l.groupId = groupHash;
                l.p2p = out.isP2p(groupHash, opName);
                l.srcRank = m.captured(1).toInt();
                l.dstRank = m.captured(2).toInt();
                jsonfile::readMatrixLinkInfo(link, l);
                out.rank(l.srcRank);
                out.rank(l.dstRank);
                out.communicationMatrix[l.srcRank].push_back(std::move(l));
                ++links;
            }
        });
    out.matrixFrom = path;
    report.addCount(QStringLiteral("steps"), steps.size());
    report.addCount(QStringLiteral("ops"), ops);
    report.addCount(QStringLiteral("links"), links);
    return file.finish();
}

// {"collective": [[0, 1, …], …], "p2p": [[…]], "comm_group_parallel_info":
// [{type, rank_set, group_name, group_id, pg_name}]} (CommunicationJsonGroup).
bool parseClusterCommunicationGroup(const QString& path, ClusterOutput& out, FileReport& report)
{
    JsonFile file(path, "communication_group.json", report);
    Json root;
    if (!file.load(root))
        return file.fail();
    std::vector<ClusterCommGroup> groups;
    auto ranksOf = [&file](const Json* v, const QString& where, std::vector<int>& ranks) {
        ranks.clear();
        if (v && v->is_array()) {
            for (const auto& r : *v)
                if (const auto id = jsonfile::toInt(&r))
                    ranks.push_back(int(*id));
                else
                    file.warn(Tr::tr("%1: rank %2 is not an integer").arg(where, jsonfile::toText(&r)));
        } else if (v && v->is_string() && !parseRankSet(jsonfile::toText(v), ranks)) {
            file.warn(Tr::tr("%1: rank set \"%2\" is not a rank list").arg(where, jsonfile::toText(v)));
        }
    };
    if (const Json* info = jsonfile::member(root, "comm_group_parallel_info"); info && info->is_array()) {
        int i = 0;
        for (const auto& g : *info) {
            const QString where = QStringLiteral("comm_group_parallel_info[%1]").arg(i++);
            if (!g.is_object()) {
                file.warn(Tr::tr("%1 is not an object, skipped").arg(where));
                continue;
            }
            ClusterCommGroup group;
            group.p2p = jsonfile::toText(jsonfile::member(g, "type")) == QLatin1String("p2p");
            group.groupHash = jsonfile::toText(jsonfile::member(g, "group_name"));
            group.groupId = jsonfile::toText(jsonfile::member(g, "group_id"));
            group.pgName = jsonfile::toText(jsonfile::member(g, "pg_name"));
            ranksOf(jsonfile::member(g, "rank_set"), where, group.globalRanks.edit());
            groups.push_back(std::move(group));
        }
    } else {
        // Older files: only the rank lists, without the group hashes.
        for (const char* type : { "collective", "p2p" }) {
            const Json* lists = jsonfile::member(root, type);
            if (!lists || !lists->is_array())
                continue;
            for (const auto& list : *lists) {
                ClusterCommGroup group;
                group.p2p = std::string_view(type) == "p2p";
                ranksOf(&list, QLatin1String(type), group.globalRanks.edit());
                groups.push_back(std::move(group));
            }
        }
    }
    for (auto& g : groups)
        for (int r : g.globalRanks)
            out.rank(r);
    report.addCount(QStringLiteral("groups"), qint64(groups.size()));
    // Groups named by the op keys of the other files only add what this file lacks.
    for (auto& g : groups) {
        if (!g.groupHash.isEmpty())
            std::erase_if(out.groups, [&g](const ClusterCommGroup& o) { return o.groupHash == g.groupHash; });
    }
    out.groups.insert(out.groups.end(), groups.begin(), groups.end());
    out.groupsFrom = path;
    return file.finish();
}

} // namespace profscope
