// SPDX-License-Identifier: Apache-2.0
// communication.json, communication_matrix.json, profiler_info*.json and
// profiler_metadata.json: small files, read into an nlohmann DOM.
//
// Exact numbers: nlohmann turns 1736408883732241.5 into a double, and a
// double holds only ~16 significant digits, so a µs timestamp with three
// decimals would lose its last nanoseconds. Instead of re-deriving the value
// from the double (std::llround(v * 1000.0), exact only when the writer's
// digits happen to survive the round trip), the DOM is built with our own SAX
// handler that keeps every floating-point number as the text it was written
// with; the exact decimal parsers of numbers.h then read that text. Integers
// stay int64 / uint64 (collectionTimeEnd 1736408884023552840 is exact).

#include "tableparsers.h"

#include "numbers.h"
#include "reportscope.h"

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

// ordered_json keeps the file's key order: ops come in time order and the
// parallel groups in the order the framework created them.
using Json = nlohmann::ordered_json;

// Builds an ordered_json DOM in which every floating-point number is stored
// as a JSON string holding its source text (see the comment at the top).
// Containers are only referenced while open, so the pointers on the stack
// stay valid: nothing is appended to a parent while a child is open.
class TextFloatDomBuilder final : public nlohmann::json_sax<Json>
{
public:
    explicit TextFloatDomBuilder(Json& root)
        : m_root(root)
    {
    }

    bool null() override
    {
        put(Json(nullptr));
        return true;
    }
    bool boolean(bool value) override
    {
        put(Json(value));
        return true;
    }
    bool number_integer(number_integer_t value) override
    {
        put(Json(value));
        return true;
    }
    bool number_unsigned(number_unsigned_t value) override
    {
        put(Json(value));
        return true;
    }
    bool number_float(number_float_t, const string_t& text) override
    {
        put(Json(text));
        return true;
    }
    bool string(string_t& value) override
    {
        put(Json(std::move(value)));
        return true;
    }
    bool binary(binary_t& value) override
    {
        put(Json::binary(std::move(value))); // never produced by JSON text
        return true;
    }
    bool start_object(std::size_t) override
    {
        m_stack.push_back(put(Json::object()));
        return true;
    }
    bool key(string_t& value) override
    {
        m_key = std::move(value);
        return true;
    }
    bool end_object() override
    {
        m_stack.pop_back();
        return true;
    }
    bool start_array(std::size_t) override
    {
        m_stack.push_back(put(Json::array()));
        return true;
    }
    bool end_array() override
    {
        m_stack.pop_back();
        return true;
    }
    bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& ex) override
    {
        m_errorPosition = position;
        m_errorText = ex.what();
        return false;
    }

    std::size_t errorPosition() const
    {
        return m_errorPosition;
    }
    const std::string& errorText() const
    {
        return m_errorText;
    }

private:
    Json* put(Json&& value)
    {
        if (m_stack.empty()) {
            m_root = std::move(value);
            return &m_root;
        }
        Json& parent = *m_stack.back();
        if (parent.is_array()) {
            parent.push_back(std::move(value));
            return &parent.back();
        }
        Json& slot = parent[m_key]; // a repeated key: the last one wins, as in nlohmann's own parser
        slot = std::move(value);
        return &slot;
    }

    Json& m_root;
    std::vector<Json*> m_stack;
    std::string m_key;
    std::size_t m_errorPosition = 0;
    std::string m_errorText;
};

// One JSON file being read: loading, warnings and the report.
class JsonFile : public ReportScope
{
public:
    JsonFile(const QString& path, const char* kind, FileReport& report)
        : ReportScope(path, kind, report, "profscope::TableParsers")
    {
    }

    // Reads and parses the file; the top level must be an object.
    bool load(Json& root)
    {
        const QFileInfo info(path());
        if (info.isDir())
            return broken(Tr::tr("%1 is a directory, not a JSON file").arg(path()));
        QFile file(path());
        if (!file.open(QIODevice::ReadOnly))
            return broken(Tr::tr("cannot open %1: %2").arg(path(), file.errorString()));
        const QByteArray bytes = file.readAll();
        m_report.sizeBytes = bytes.size();
        if (file.error() != QFileDevice::NoError)
            return broken(Tr::tr("cannot read %1: %2").arg(path(), file.errorString()));
        if (bytes.trimmed().isEmpty())
            return broken(Tr::tr("%1: empty file").arg(fileName()), 0);
        // A NUL byte is never valid JSON, and nlohmann reports it as an
        // "unexpected end of input", which would be misleading.
        if (const auto nul = bytes.indexOf('\0'); nul >= 0)
            return broken(Tr::tr("%1: binary data (NUL byte) at byte %2: not a JSON file").arg(fileName()).arg(nul), nul);

        TextFloatDomBuilder builder(root);
        const bool ok = Json::sax_parse(bytes.constData(), bytes.constData() + bytes.size(), &builder);
        if (!ok) {
            // nlohmann counts the characters read including the offending one;
            // the report wants the 0-based offset of that byte (the file size
            // for a truncated file).
            const auto offset = qint64(builder.errorPosition() > 0 ? builder.errorPosition() - 1 : 0);
            QString detail = QString::fromStdString(builder.errorText());
            // Drop the "[json.exception.parse_error.101] " tag; the rest says line, column and why.
            if (detail.startsWith(QLatin1Char('[')))
                detail = detail.mid(detail.indexOf(QLatin1Char(']')) + 1).trimmed();
            return broken(Tr::tr("%1: invalid JSON at byte %2: %3").arg(fileName()).arg(offset).arg(detail), offset);
        }
        if (!root.is_object())
            return broken(Tr::tr("%1: expected a JSON object at the top level").arg(fileName()), 0);
        return true;
    }

private:
    bool broken(const QString& reason, qint64 byteOffset = -1)
    {
        if (markBroken(reason))
            m_report.byteOffset = byteOffset;
        return false;
    }
};

QString toQString(const std::string& text)
{
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}

const Json* member(const Json& object, const char* key)
{
    if (!object.is_object())
        return nullptr;
    const auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

const Json* path(const Json& object, std::initializer_list<const char*> keys)
{
    const Json* v = &object;
    for (const char* key : keys) {
        v = member(*v, key);
        if (!v)
            return nullptr;
    }
    return v;
}

// Floats are text in our DOM; strings such as rank_id "0" are accepted too.
std::optional<double> toDouble(const Json* v)
{
    if (!v)
        return std::nullopt;
    if (v->is_number())
        return v->get<double>();
    if (v->is_string())
        return parseDouble(v->get_ref<const std::string&>());
    return std::nullopt;
}

std::optional<qint64> toInt(const Json* v)
{
    if (!v)
        return std::nullopt;
    if (v->is_number_unsigned()) {
        const auto u = v->get<std::uint64_t>();
        if (u > std::uint64_t(std::numeric_limits<qint64>::max()))
            return std::nullopt;
        return qint64(u);
    }
    if (v->is_number_integer())
        return v->get<std::int64_t>();
    if (v->is_string())
        return parseInt(v->get_ref<const std::string&>());
    return std::nullopt;
}

// Exact µs -> ns from the number's source text.
std::optional<TimeNs> usToNs(const Json* v)
{
    if (!v)
        return std::nullopt;
    if (v->is_string())
        return parseUsToNs(v->get_ref<const std::string&>());
    if (const auto i = toInt(v)) {
        constexpr qint64 kLimit = std::numeric_limits<qint64>::max() / 1000;
        if (*i > kLimit || *i < -kLimit)
            return std::nullopt;
        return *i * 1000;
    }
    return std::nullopt;
}

QString toText(const Json* v)
{
    if (!v || v->is_null())
        return {};
    if (v->is_string())
        return toQString(v->get_ref<const std::string&>());
    return toQString(v->dump());
}

// "hcom_allReduce__586_0_1@17522688603477080586": the group (communication
// domain hash) follows the last '@'; op names themselves may contain '@'.
void splitOpKey(const std::string& key, QString& name, QString& group)
{
    const auto at = key.rfind('@');
    if (at == std::string::npos) {
        name = toQString(key);
        group.clear();
        return;
    }
    name = toQString(key.substr(0, at));
    group = toQString(key.substr(at + 1));
}

// The per-step aggregate of communication.json; it duplicates the sums of
// the ops and is not an op.
constexpr const char* kTotalOpInfo = "Total Op Info";

constexpr const char* kCommKinds[] = { "p2p", "collective" };

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
            if (const Json* time = member(op, "Communication Time Info"); time && time->is_object()) {
                const Json* start = member(*time, "Start Timestamp(us)");
                if (const auto ns = usToNs(start))
                    rec.startNs = *ns;
                else
                    file.warn(
                        Tr::tr("%1/%2: no valid \"Start Timestamp(us)\"").arg(toQString(stepKey), toQString(opKey)));
                rec.elapseMs = toDouble(member(*time, "Elapse Time(ms)")).value_or(0);
                rec.transitMs = toDouble(member(*time, "Transit Time(ms)")).value_or(0);
                rec.waitMs = toDouble(member(*time, "Wait Time(ms)")).value_or(0);
                rec.synchronizationMs = toDouble(member(*time, "Synchronization Time(ms)")).value_or(0);
                rec.idleMs = toDouble(member(*time, "Idle Time(ms)")).value_or(0);
                rec.waitRatio = toDouble(member(*time, "Wait Time Ratio")).value_or(kNoValue);
                rec.synchronizationRatio = toDouble(member(*time, "Synchronization Time Ratio")).value_or(kNoValue);
            } else {
                file.warn(Tr::tr("%1/%2: no \"Communication Time Info\"").arg(toQString(stepKey), toQString(opKey)));
            }
            if (const Json* bw = member(op, "Communication Bandwidth Info"); bw && bw->is_object()) {
                for (const auto& [transport, info] : bw->items()) {
                    if (!info.is_object())
                        continue;
                    CommBandwidth b;
                    b.transport = toQString(transport);
                    b.transitSizeMB = toDouble(member(info, "Transit Size(MB)")).value_or(0);
                    b.transitTimeMs = toDouble(member(info, "Transit Time(ms)")).value_or(0);
                    b.bandwidthGBps = toDouble(member(info, "Bandwidth(GB/s)")).value_or(0);
                    b.largePacketRatio = toDouble(member(info, "Large Packet Ratio")).value_or(0);
                    // "2.064384": [12, 1.578891625] -> packet size MB: (count, total ms)
                    if (const Json* dist = member(info, "Size Distribution"); dist && dist->is_object()) {
                        for (const auto& [sizeText, entry] : dist->items()) {
                            const auto sizeMB = parseDouble(sizeText);
                            if (!sizeMB || !entry.is_array() || entry.size() < 2) {
                                file.warn(
                                    Tr::tr("%1/%2/%3: bad \"Size Distribution\" entry \"%4\"")
                                        .arg(toQString(stepKey), toQString(opKey), b.transport, toQString(sizeText)));
                                continue;
                            }
                            b.sizeDistribution[*sizeMB] = { toInt(&entry[0]).value_or(0),
                                toDouble(&entry[1]).value_or(0) };
                        }
                    }
                    rec.bandwidth.push_back(std::move(b));
                }
            }
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
                l.transport = toText(member(link, "Transport Type"));
                l.transitSizeMB = toDouble(member(link, "Transit Size(MB)")).value_or(0);
                l.transitTimeMs = toDouble(member(link, "Transit Time(ms)")).value_or(0);
                l.bandwidthGBps = toDouble(member(link, "Bandwidth(GB/s)")).value_or(0);
                l.opName = toText(member(link, "Op Name"));
                out.push_back(std::move(l));
                ++links;
            }
        });
    report.addCount(QStringLiteral("steps"), steps);
    report.addCount(QStringLiteral("ops"), ops);
    report.addCount(QStringLiteral("links"), links);
    return file.finish();
}

bool parseProfilerInfo(const QString& filePath, RankInfo& info, FileReport& report)
{
    JsonFile file(filePath, "profiler_info.json", report);
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
        if (ns)
            info.collectionEndNs = *ns;
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

bool parseProfilerMetadata(const QString& filePath, RankInfo& info, FileReport& report)
{
    JsonFile file(filePath, "profiler_metadata.json", report);
    Json root;
    if (!file.load(root))
        return file.fail();

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
            file.warn(Tr::tr("\"parallel_group_info\" is not an object, ignored"));
        } else {
            info.parallelGroups.clear();
            for (const auto& [groupKey, g] : groupInfo->items()) {
                if (!g.is_object()) {
                    file.warn(Tr::tr("group \"%1\" is not an object, skipped").arg(toQString(groupKey)));
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
                            file.warn(Tr::tr("group \"%1\": rank %2 is not an integer").arg(group.groupId, toText(&r)));
                    }
                }
                info.parallelGroups.push_back(std::move(group));
                ++groups;
            }
        }
    }
    // Files with only ENV_VARIABLES (single-process runs) are fine: nothing to fill.
    report.addCount(QStringLiteral("groups"), groups);
    return file.finish();
}

} // namespace profscope
