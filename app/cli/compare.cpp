// SPDX-License-Identifier: Apache-2.0
#include "compare.h"

#include "output.h"

#include "analysis/compare.h"
#include "load/profileloader.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>

namespace profscope::cli {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::Compare)
};

QString percent(double p)
{
    return hasValue(p) ? QString::number(p, 'f', 2) : QString();
}

QString canonical(const QString& path)
{
    const QString c = QFileInfo(path).canonicalFilePath();
    return c.isEmpty() ? QDir::cleanPath(QFileInfo(path).absoluteFilePath()) : c;
}

// The rank with this id, or the index-th rank when no id was given.
const RankData* pickRank(const Profile& profile, int rankId, std::size_t index)
{
    if (rankId >= 0)
        return profile.findRank(rankId);
    return index < profile.ranks.size() ? profile.ranks[index].get() : nullptr;
}

QJsonValue jsonPercent(double p)
{
    return hasValue(p) ? QJsonValue(p) : QJsonValue(QJsonValue::Null);
}

} // namespace

int runCompare(const QStringList& args, QTextStream& out, QTextStream& err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        Tr::tr("Compares the device kernels of two ranks or two runs. Kernels are paired per stream by sequence "
               "alignment; per-type or per-op duration deltas are written as CSV or JSON."));
    parser.addHelpOption();
    const QCommandLineOption rankA(QStringLiteral("rank-a"), Tr::tr("Rank id in PATH_A (default: its first rank)."),
                                   QStringLiteral("R"));
    const QCommandLineOption rankB(QStringLiteral("rank-b"),
                                   Tr::tr("Rank id in PATH_B (default: its first rank, or its second when PATH_A "
                                          "and PATH_B are the same)."),
                                   QStringLiteral("R"));
    const QCommandLineOption by(QStringLiteral("by"), Tr::tr("type (default): one row per op type; op: one row per "
                                                             "matched op pair and per op found on one side only."),
                                QStringLiteral("BY"), QStringLiteral("type"));
    const QCommandLineOption key(QStringLiteral("key"),
                                 Tr::tr("Alignment key: type-shape (default: op type and input shapes) or name."),
                                 QStringLiteral("KEY"), QStringLiteral("type-shape"));
    const QCommandLineOption format(QStringLiteral("format"), Tr::tr("csv (default) or json."), QStringLiteral("FORMAT"),
                                    QStringLiteral("csv"));
    const QCommandLineOption output(QStringList { QStringLiteral("o"), QStringLiteral("output") },
                                    Tr::tr("Write to FILE instead of standard output."), QStringLiteral("FILE"));
    const QCommandLineOption top(QStringLiteral("top"), Tr::tr("Only the N rows with the largest |delta| (0: all)."),
                                 QStringLiteral("N"), QStringLiteral("0"));
    const QCommandLineOption stepsOpt = loadStepsOption();
    const QCommandLineOption ranksOpt = loadRanksOption();
    parser.addOptions({ rankA, rankB, by, key, format, output, top, stepsOpt, ranksOpt, noCacheOption(), noSeekOption() });
    parser.addPositionalArgument(QStringLiteral("PATH_A"), Tr::tr("Base profile (rank folder or folder of ranks)."));
    parser.addPositionalArgument(QStringLiteral("PATH_B"), Tr::tr("Profile compared with the base."));
    if (const int code = parseCommandLine(parser, args, out, err); code >= 0)
        return code;
    const QStringList paths = parser.positionalArguments();
    const QString byValue = parser.value(by);
    const QString keyValue = parser.value(key);
    const QString fmt = parser.value(format);
    if (paths.size() != 2 || (byValue != QLatin1String("type") && byValue != QLatin1String("op"))
        || (keyValue != QLatin1String("type-shape") && keyValue != QLatin1String("name"))
        || (fmt != QLatin1String("csv") && fmt != QLatin1String("json"))) {
        err << Tr::tr("compare: give PATH_A PATH_B, --by type|op, --key type-shape|name and --format csv|json "
                      "(see --help)")
            << '\n';
        return 2;
    }
    bool okA = true, okB = true, okTop = true;
    const int idA = parser.isSet(rankA) ? parser.value(rankA).toInt(&okA) : -1;
    const int idB = parser.isSet(rankB) ? parser.value(rankB).toInt(&okB) : -1;
    const int topN = parser.value(top).toInt(&okTop);
    if (!okA || !okB || !okTop || idA < -1 || idB < -1 || topN < 0) {
        err << Tr::tr("compare: --rank-a, --rank-b and --top take a non-negative number") << '\n';
        return 2;
    }

    LoadOptions loadOptions; // the same steps and ranks of both runs
    if (!applyLoadFilterOptions(parser, stepsOpt, ranksOpt, loadOptions, err))
        return 2;
    const bool samePath = canonical(paths[0]) == canonical(paths[1]);
    const ProfilePtr profileA = ProfileLoader::load({ paths[0] }, loadOptions);
    const ProfilePtr profileB = samePath ? profileA : ProfileLoader::load({ paths[1] }, loadOptions);
    printPartialNote(*profileA, err);
    const RankData* a = pickRank(*profileA, idA, 0);
    const RankData* b = pickRank(*profileB, idB, samePath ? 1 : 0);
    if (!a || !b) {
        err << Tr::tr("error: rank not found in %1").arg(!a ? paths[0] : paths[1]) << '\n';
        return 1;
    }
    if (!a->kernels || !b->kernels) {
        err << Tr::tr("error: no kernel_details.csv for rank %1 (%2)")
                   .arg(!a->kernels ? a->info.rankId : b->info.rankId)
                   .arg(!a->kernels ? a->info.rootPath : b->info.rootPath)
            << '\n';
        return 1;
    }

    CompareOptions options;
    options.key = keyValue == QLatin1String("name") ? CompareKey::Name : CompareKey::TypeAndShape;
    const KernelTable& ka = *a->kernels;
    const KernelTable& kb = *b->kernels;
    const OperatorComparison cmp = compareOperators(ka, kb, options);
    if (cmp.truncated)
        err << Tr::tr("warning: the alignment hit its work limit; some ops are listed as one-sided") << '\n';
    if (!cmp.streamsMatchedById)
        err << Tr::tr("note: stream ids differ between the two sides; streams paired by order of first kernel") << '\n';

    QStringList header;
    QList<QStringList> rows;
    QJsonArray jsonRows;
    if (byValue == QLatin1String("type")) {
        header << QStringLiteral("Type") << QStringLiteral("Base Count") << QStringLiteral("Comparison Count")
               << QStringLiteral("Matched Count") << QStringLiteral("Base Total(us)")
               << QStringLiteral("Comparison Total(us)") << QStringLiteral("Delta(us)") << QStringLiteral("Delta(%)");
        for (const TypeDelta& d : cmp.byType) {
            if (topN > 0 && rows.size() >= topN)
                break;
            rows << QStringList { d.type, QString::number(d.baseCount), QString::number(d.otherCount),
                                  QString::number(d.matchedCount), microsText(d.baseTotalNs), microsText(d.otherTotalNs),
                                  microsText(d.deltaNs()), percent(d.deltaPercent()) };
            jsonRows.append(QJsonObject { { QStringLiteral("type"), d.type },
                                          { QStringLiteral("baseCount"), double(d.baseCount) },
                                          { QStringLiteral("comparisonCount"), double(d.otherCount) },
                                          { QStringLiteral("matchedCount"), double(d.matchedCount) },
                                          { QStringLiteral("baseTotalNs"), double(d.baseTotalNs) },
                                          { QStringLiteral("comparisonTotalNs"), double(d.otherTotalNs) },
                                          { QStringLiteral("deltaNs"), double(d.deltaNs()) },
                                          { QStringLiteral("deltaPercent"), jsonPercent(d.deltaPercent()) } });
        }
    } else {
        header << QStringLiteral("Side") << QStringLiteral("Stream") << QStringLiteral("Base Name")
               << QStringLiteral("Comparison Name") << QStringLiteral("Type") << QStringLiteral("Input Shapes")
               << QStringLiteral("Base Start(ns)") << QStringLiteral("Comparison Start(ns)")
               << QStringLiteral("Base Duration(us)") << QStringLiteral("Comparison Duration(us)")
               << QStringLiteral("Delta(us)") << QStringLiteral("Delta(%)");
        // One list of (|delta|, row) so --top cuts across matched and one-sided ops alike.
        struct OpRow
        {
            qint64 baseRow = -1;
            qint64 otherRow = -1;
            TimeNs deltaNs = 0;
        };
        std::vector<OpRow> ops;
        ops.reserve(cmp.matched.size() + cmp.onlyBase.size() + cmp.onlyOther.size());
        for (const MatchedOp& m : cmp.matched)
            ops.push_back({ m.baseIndex, m.otherIndex, m.deltaNs });
        for (qint64 r : cmp.onlyBase)
            ops.push_back({ r, -1, -ka.durNs[std::size_t(r)] });
        for (qint64 r : cmp.onlyOther)
            ops.push_back({ -1, r, kb.durNs[std::size_t(r)] });
        std::stable_sort(ops.begin(), ops.end(),
                         [](const OpRow& x, const OpRow& y) { return std::abs(x.deltaNs) > std::abs(y.deltaNs); });
        if (topN > 0 && ops.size() > std::size_t(topN))
            ops.resize(std::size_t(topN));
        for (const OpRow& op : ops) {
            const bool hasA = op.baseRow >= 0, hasB = op.otherRow >= 0;
            const std::size_t ra = std::size_t(op.baseRow), rb = std::size_t(op.otherRow);
            const QString side = hasA && hasB ? QStringLiteral("both")
                                              : (hasA ? QStringLiteral("base") : QStringLiteral("comparison"));
            const KernelTable& k = hasA ? ka : kb;
            const std::size_t r = hasA ? ra : rb;
            const TimeNs durA = hasA ? ka.durNs[ra] : 0;
            const TimeNs durB = hasB ? kb.durNs[rb] : 0;
            const double pct = hasA && hasB && durA ? 100.0 * double(op.deltaNs) / double(durA) : kNoValue;
            rows << QStringList { side,
                                  QString::number(k.streamId[r]),
                                  hasA ? ka.strings.string(ka.name[ra]) : QString(),
                                  hasB ? kb.strings.string(kb.name[rb]) : QString(),
                                  k.strings.string(k.type[r]),
                                  k.strings.string(k.inputShapes[r]),
                                  hasA ? QString::number(ka.startNs[ra]) : QString(),
                                  hasB ? QString::number(kb.startNs[rb]) : QString(),
                                  hasA ? microsText(durA) : QString(),
                                  hasB ? microsText(durB) : QString(),
                                  microsText(op.deltaNs),
                                  percent(pct) };
            QJsonObject j { { QStringLiteral("side"), side },
                            { QStringLiteral("stream"), double(k.streamId[r]) },
                            { QStringLiteral("type"), k.strings.string(k.type[r]) },
                            { QStringLiteral("inputShapes"), k.strings.string(k.inputShapes[r]) },
                            { QStringLiteral("deltaNs"), double(op.deltaNs) },
                            { QStringLiteral("deltaPercent"), jsonPercent(pct) } };
            if (hasA) {
                j[QStringLiteral("baseName")] = ka.strings.string(ka.name[ra]);
                j[QStringLiteral("baseStartNs")] = QString::number(ka.startNs[ra]);
                j[QStringLiteral("baseDurationNs")] = double(durA);
            }
            if (hasB) {
                j[QStringLiteral("comparisonName")] = kb.strings.string(kb.name[rb]);
                j[QStringLiteral("comparisonStartNs")] = QString::number(kb.startNs[rb]);
                j[QStringLiteral("comparisonDurationNs")] = double(durB);
            }
            jsonRows.append(j);
        }
    }

    QString text;
    if (fmt == QLatin1String("csv")) {
        text = csvText(header, rows);
    } else {
        auto side = [](const RankData& r) {
            return QJsonObject { { QStringLiteral("rank"), r.info.rankId },
                                 { QStringLiteral("path"), r.info.rootPath },
                                 { QStringLiteral("kernels"), double(r.kernels->size()) } };
        };
        const QJsonObject root { { QStringLiteral("by"), byValue },
                                 { QStringLiteral("key"), keyValue },
                                 { QStringLiteral("base"), side(*a) },
                                 { QStringLiteral("comparison"), side(*b) },
                                 { QStringLiteral("matched"), double(cmp.matched.size()) },
                                 { QStringLiteral("onlyBase"), double(cmp.onlyBase.size()) },
                                 { QStringLiteral("onlyComparison"), double(cmp.onlyOther.size()) },
                                 { QStringLiteral("streamsMatchedById"), cmp.streamsMatchedById },
                                 { QStringLiteral("truncated"), cmp.truncated },
                                 { QStringLiteral("rows"), jsonRows } };
        text = QString::fromUtf8(QJsonDocument(root).toJson(QJsonDocument::Indented));
    }
    if (overwritesAnInput(parser.value(output), { profileA.get(), profileB.get() }, err))
        return 2;
    return writeResult(text, parser.value(output), out, err);
}

} // namespace profscope::cli
