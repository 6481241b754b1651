// SPDX-License-Identifier: Apache-2.0
#include "strategyparser.h"

#include "jsonfile.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <QSet>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::LegacyParsers)
};

using jsonfile::Json;
using jsonfile::JsonFile;

QString text(const Json& object, const char* key)
{
    const Json* v = jsonfile::member(object, key);
    return v && v->is_string() ? jsonfile::toQString(v->get_ref<const std::string&>()) : QString();
}

// A ValueProto as Python's str() prints the value MindInsight builds from it
// (tuples and lists both as lists, which is how strategies are shown).
// `nested`: inside a list, where Python prints strings quoted.
QString valueText(const Json& value, bool nested)
{
    if (!value.is_object())
        return jsonfile::toText(&value);
    const QString dtype = text(value, "dtype");
    if (const Json* values = jsonfile::member(value, "values"); values && values->is_array()) {
        QStringList parts;
        for (const auto& v : *values)
            parts << valueText(v, true);
        return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
    }
    if (dtype == QLatin1String("DT_TUPLE") || dtype == QLatin1String("DT_LIST"))
        return QStringLiteral("[]"); // proto3 drops an empty values list
    if (dtype == QLatin1String("DT_NONE"))
        return QStringLiteral("None");
    if (const Json* s = jsonfile::member(value, "strVal")) {
        const QString str = jsonfile::toText(s);
        return nested ? QLatin1Char('\'') + str + QLatin1Char('\'') : str;
    }
    for (const char* key : { "intVal", "uintVal", "floatVal", "doubleVal" })
        if (const Json* n = jsonfile::member(value, key))
            return jsonfile::toText(n);
    if (const Json* b = jsonfile::member(value, "boolVal"))
        return b->is_boolean() && b->get<bool>() ? QStringLiteral("True") : QStringLiteral("False");
    if (const Json* t = jsonfile::path(value, { "typeVal", "dataType" }))
        return jsonfile::toText(t);
    // proto3 omits zero values: an integer or float without its value is 0,
    // a boolean False, a string empty.
    if (dtype.startsWith(QLatin1String("DT_INT")) || dtype.startsWith(QLatin1String("DT_UINT"))
        || dtype.startsWith(QLatin1String("DT_FLOAT")))
        return QStringLiteral("0");
    if (dtype == QLatin1String("DT_BOOL"))
        return QStringLiteral("False");
    return nested ? QStringLiteral("''") : QString();
}

// in_strategy / gen_strategy: a tuple of tuples of integers. False when the
// value has another shape (the caller warns).
bool readStrategy(const Json& value, std::vector<std::vector<qint64>>& out)
{
    out.clear();
    const Json* rows = jsonfile::member(value, "values");
    if (!rows || !rows->is_array())
        return false;
    for (const auto& row : *rows) {
        const Json* dims = jsonfile::member(row, "values");
        if (!dims || !dims->is_array())
            return false;
        std::vector<qint64> cells;
        for (const auto& d : *dims) {
            const Json* n = jsonfile::member(d, "intVal");
            if (!n)
                n = jsonfile::member(d, "uintVal");
            // A split factor is at most the device count: beyond 2^30 the value is not one.
            const auto v = jsonfile::toInt(n);
            if (!v || *v < 1 || *v > (qint64(1) << 30))
                return false;
            cells.push_back(*v);
        }
        out.push_back(std::move(cells));
    }
    return true;
}

// TypeProto: "DT_TENSOR[DT_FLOAT32]" / "DT_TUPLE[...]"; shape dims of tensors into `shape`.
QString typeText(const Json& type, QString& shape, int depth = 0)
{
    if (!type.is_object() || depth > 64)
        return {};
    const QString dataType = text(type, "dataType");
    if (const Json* elems = jsonfile::path(type, { "sequenceType", "elemTypes" }); elems && elems->is_array()) {
        QStringList types, shapes;
        for (const auto& e : *elems) {
            QString s;
            types << typeText(e, s, depth + 1);
            shapes << s;
        }
        shape = QLatin1Char('[') + shapes.join(QStringLiteral(", ")) + QLatin1Char(']');
        return dataType + QLatin1Char('[') + types.join(QStringLiteral(", ")) + QLatin1Char(']');
    }
    if (const Json* tensor = jsonfile::member(type, "tensorType"); tensor && tensor->is_object()) {
        QStringList dims;
        if (const Json* dim = jsonfile::path(*tensor, { "shape", "dim" }); dim && dim->is_array())
            for (const auto& d : *dim)
                dims << (d.is_object() && jsonfile::member(d, "size") ? jsonfile::toText(jsonfile::member(d, "size"))
                                                                      : QStringLiteral("0"));
        shape = QLatin1Char('[') + dims.join(QStringLiteral(", ")) + QLatin1Char(']');
        return dataType + QLatin1Char('[') + text(*tensor, "elemType") + QLatin1Char(']');
    }
    return dataType;
}

void readConfig(JsonFile& file, const Json& config, ParallelStrategyFile& out)
{
    auto intField = [&](const char* key) {
        const Json* v = jsonfile::member(config, key);
        if (!v)
            return 0; // proto3: zero is omitted
        const auto n = jsonfile::toInt(v);
        if (!n || *n < 0 || *n > (1 << 24)) {
            file.warn(
                Tr::tr("config.%1 is not a rank number: %2; 0 is used").arg(QLatin1String(key), jsonfile::toText(v)));
            return 0;
        }
        return int(*n);
    };
    out.rankId = intField("rankId");
    out.stageId = intField("stageId");
    out.parallelType = text(config, "parallelType");
    if (const Json* stages = jsonfile::member(config, "stageDevices"); stages && stages->is_array()) {
        for (const auto& stage : *stages) {
            std::vector<int> ranks;
            if (const Json* dims = jsonfile::member(stage, "dim"); dims && dims->is_array())
                for (const auto& d : *dims) {
                    const auto n = jsonfile::toInt(jsonfile::member(d, "size"));
                    if (n && *n >= 0 && *n <= (1 << 24))
                        ranks.push_back(int(*n));
                    else if (d.is_object() && !jsonfile::member(d, "size"))
                        ranks.push_back(0); // proto3 omits rank 0
                    else
                        file.warn(Tr::tr("config.stageDevices: %1 is not a rank").arg(jsonfile::toText(&d)));
                }
            out.stageDevices.push_back(std::move(ranks));
        }
    }
}

void readNode(JsonFile& file, const Json& node, ParallelStrategyFile& out, QSet<QString>& names)
{
    StrategyOpNode op;
    op.nodeName = text(node, "name");
    op.fullName = text(node, "fullName");
    if (op.nodeName.isEmpty() || op.fullName.isEmpty()) {
        ++out.skippedNodes; // MindInsight's op nodes have both
        return;
    }
    if (names.contains(op.nodeName)) {
        file.warn(Tr::tr("node %1 (%2) repeats a node name; the first is kept").arg(op.nodeName, op.fullName));
        return;
    }
    names.insert(op.nodeName);
    op.opType = text(node, "opType");
    op.scope = text(node, "scope");
    op.instanceName = text(node, "instanceName");
    if (const Json* inputs = jsonfile::member(node, "input"); inputs && inputs->is_array())
        for (const auto& in : *inputs)
            if (const QString name = in.is_object() ? text(in, "name") : QString(); !name.isEmpty())
                op.inputs << name;
    std::vector<std::vector<qint64>> genStrategy;
    if (const Json* attrs = jsonfile::member(node, "attribute"); attrs && attrs->is_array()) {
        for (const auto& a : *attrs) {
            if (!a.is_object())
                continue;
            StrategyAttribute attr;
            attr.name = text(a, "name");
            const Json* value = jsonfile::member(a, "value");
            if (attr.name.isEmpty() || !value)
                continue;
            attr.text = valueText(*value, false);
            if (attr.name == QLatin1String("in_strategy") || attr.name == QLatin1String("gen_strategy")) {
                auto& target = attr.name == QLatin1String("in_strategy") ? op.strategy : genStrategy;
                if (!readStrategy(*value, target))
                    file.warn(Tr::tr("node %1 (%2): %3 is not a list of split factors: %4")
                                  .arg(op.nodeName, op.fullName, attr.name, attr.text));
            }
            op.attributes.push_back(std::move(attr));
        }
    }
    // in_strategy is what the user set; gen_strategy the one the planner
    // generated, which MindInsight assumed equal. Prefer the first.
    if (!op.strategy.empty())
        op.strategySource = QStringLiteral("in_strategy");
    else if (!genStrategy.empty()) {
        op.strategy = std::move(genStrategy);
        op.strategySource = QStringLiteral("gen_strategy");
    }
    QString shape;
    if (const Json* type = jsonfile::member(node, "outputType"))
        op.outputType = typeText(*type, shape);
    if (const StrategyAttribute* shapes = op.attribute(QStringLiteral("shapes")))
        op.outputShape = shapes->text;
    else
        op.outputShape = shape;
    out.ops.push_back(std::move(op));
}

} // namespace

bool parseParallelStrategy(const QString& path, ParallelStrategyFile& out, FileReport& report)
{
    JsonFile file(path, nullptr, report);
    Json root;
    if (!file.load(root))
        return file.fail();
    const Json* config = jsonfile::member(root, "config");
    const Json* graph = jsonfile::member(root, "graph");
    if ((!config || !config->is_object()) && (!graph || !graph->is_object())) {
        report.status = FileStatus::Broken;
        report.reason =
            Tr::tr("%1: neither \"config\" nor \"graph\" is there: not a parallel strategy file").arg(file.fileName());
        report.byteOffset = 0;
        return file.fail();
    }
    out = ParallelStrategyFile {};
    out.path = path;
    if (config && config->is_object())
        readConfig(file, *config, out);
    else
        file.warn(Tr::tr("no \"config\": rank 0, stage 0, parallel type unknown"));
    if (graph && graph->is_object()) {
        QSet<QString> names;
        if (const Json* nodes = jsonfile::member(*graph, "node"); nodes && nodes->is_array())
            for (const auto& n : *nodes)
                if (n.is_object())
                    readNode(file, n, out, names);
        if (const Json* params = jsonfile::member(*graph, "parameters"); params && params->is_array())
            for (const auto& p : *params) {
                StrategyConstNode c;
                c.name = p.is_object() ? text(p, "name") : QString();
                if (c.name.isEmpty())
                    continue;
                c.parameter = true;
                QString shape;
                if (const Json* type = jsonfile::member(p, "type"))
                    c.value = typeText(*type, shape);
                if (!shape.isEmpty())
                    c.value += QLatin1Char(' ') + shape;
                out.consts.push_back(std::move(c));
            }
        if (const Json* consts = jsonfile::member(*graph, "constVals"); consts && consts->is_array())
            for (const auto& k : *consts) {
                StrategyConstNode c;
                c.name = k.is_object() ? text(k, "key") : QString();
                if (c.name.isEmpty())
                    continue;
                if (const Json* value = jsonfile::member(k, "value"))
                    c.value = valueText(*value, false);
                out.consts.push_back(std::move(c));
            }
    } else {
        file.warn(Tr::tr("no \"graph\": the rank's operators are unknown"));
    }
    if (out.skippedNodes > 0)
        file.warn(Tr::tr("%n graph node(s) without name or fullName left out", nullptr, out.skippedNodes));
    report.addCount(QStringLiteral("ops"), qint64(out.ops.size()));
    report.addCount(QStringLiteral("consts"), qint64(out.consts.size()));
    return file.finish();
}

int parallelStrategyRankFromHead(const QByteArray& head)
{
    const qsizetype config = head.indexOf("\"config\"");
    if (config < 0)
        return -1;
    // The config object ends where the graph starts (or the file ends).
    qsizetype end = head.indexOf("\"graph\"", config);
    const QByteArray region = head.mid(config, end < 0 ? -1 : end - config);
    static const QRegularExpression re(QStringLiteral("\"rankId\"\\s*:\\s*\"?(\\d{1,8})\"?"));
    const auto m = re.match(QString::fromUtf8(region));
    if (m.hasMatch())
        return m.captured(1).toInt();
    return end >= 0 ? 0 : -1;
}

} // namespace profscope
