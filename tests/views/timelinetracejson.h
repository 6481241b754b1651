// SPDX-License-Identifier: Apache-2.0
// What the timeline tests know about a level1 rank from its trace_view.json
// alone (read with QJsonDocument, not with Profscope's parser), shared by
// tst_timeline and tst_timelinenavigation.
#pragma once

#include "load/profileloader.h"
#include "testsupport.h"
#include "timeline/timelinemodel.h"

#include <QCoreApplication>
#include <QLocale>
#include <QSettings>
#include <QStandardPaths>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QPainter>
#include <QTest>
#include <QWidget>

#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <tuple>

namespace timelinetest {

using namespace profscope;

// Microseconds as written ("1736408883688177.930" or a number) to ns, exactly
// for strings.
inline qint64 usToNs(const QJsonValue& v)
{
    if (v.isString()) {
        const QString s = v.toString().trimmed();
        const qsizetype dot = s.indexOf(QLatin1Char('.'));
        const QString whole = dot < 0 ? s : s.left(dot);
        QString frac = dot < 0 ? QString() : s.mid(dot + 1);
        frac = QString(frac + QStringLiteral("000")).left(3);
        const qint64 w = whole.toLongLong();
        return w * 1000 + (whole.startsWith(QLatin1Char('-')) ? -1 : 1) * frac.toLongLong();
    }
    return qint64(std::llround(v.toDouble() * 1000.0));
}

inline qint64 toId(const QJsonValue& v)
{
    return v.isString() ? v.toString().toLongLong() : v.toVariant().toLongLong();
}

inline QString idKey(const QJsonValue& v)
{
    if (v.isString())
        return v.toString();
    return QString::number(v.toInteger(qint64(std::llround(v.toDouble()))));
}

struct Slice
{
    QString name;
    qint64 pid = 0;
    qint64 tid = 0;
    qint64 tsNs = 0;
    qint64 durNs = 0;
};

// What the test knows about one rank, from its trace_view.json alone.
struct JsonTrace
{
    QList<Slice> slices;
    std::set<std::pair<qint64, qint64>> threads;
    std::set<std::tuple<qint64, QString, QString>> counters; // pid, name, key
    QMap<qint64, QString> processNames;
    QMap<qint64, qint64> processSort;
    std::map<std::pair<qint64, qint64>, qint64> threadSort;
    QMap<QString, qint64> flowArrows; // category -> f events that have an s of the same (cat, id)
    QMap<QString, qint64> flowStarts;
    QMap<QString, qint64> flowFinishes;
    QList<std::tuple<QString, qint64, qint64>> finishes; // cat, f pid, s pid (of the matched start)
    qint64 minTsNs = std::numeric_limits<qint64>::max();
};

inline QString traceFile(int rank)
{
    QDirIterator it(
        test::textRank(1, rank), { QStringLiteral("trace_view.json") }, QDir::Files, QDirIterator::Subdirectories);
    return it.hasNext() ? it.next() : QString();
}

inline JsonTrace readTrace(int rank)
{
    JsonTrace t;
    QFile f(traceFile(rank));
    if (!f.open(QIODevice::ReadOnly))
        return t;
    const QJsonArray events = QJsonDocument::fromJson(f.readAll()).array();
    QMap<QString, qint64> startPid; // cat + '\n' + id -> pid of the (first) s
    QList<QJsonObject> fs;
    for (const QJsonValue& ev : events) {
        const QJsonObject e = ev.toObject();
        const QString ph = e.value(QLatin1String("ph")).toString();
        const qint64 pid = toId(e.value(QLatin1String("pid")));
        const qint64 tid = toId(e.value(QLatin1String("tid")));
        const QString name = e.value(QLatin1String("name")).toString();
        const QJsonObject args = e.value(QLatin1String("args")).toObject();
        if (ph == QLatin1String("M")) {
            if (name == QLatin1String("process_name"))
                t.processNames[pid] = args.value(QLatin1String("name")).toString();
            else if (name == QLatin1String("process_sort_index"))
                t.processSort[pid] = args.value(QLatin1String("sort_index")).toVariant().toLongLong();
            else if (name == QLatin1String("thread_name") || name == QLatin1String("thread_sort_index")) {
                t.threads.insert({ pid, tid });
                if (name == QLatin1String("thread_sort_index"))
                    t.threadSort[{ pid, tid }] = args.value(QLatin1String("sort_index")).toVariant().toLongLong();
            }
            continue;
        }
        const qint64 ts = usToNs(e.value(QLatin1String("ts")));
        if (ph == QLatin1String("X")) {
            t.slices.append(
                { name, pid, tid, ts, qint64(std::llround(e.value(QLatin1String("dur")).toDouble() * 1000.0)) });
            t.threads.insert({ pid, tid });
            t.minTsNs = std::min(t.minTsNs, ts);
        } else if (ph == QLatin1String("C")) {
            for (auto it = args.begin(); it != args.end(); ++it)
                if (it.value().isDouble())
                    t.counters.insert({ pid, name, it.key() });
            t.minTsNs = std::min(t.minTsNs, ts);
        } else if (ph == QLatin1String("s") || ph == QLatin1String("f")) {
            const QString cat = e.value(QLatin1String("cat")).toString();
            const QString key = cat + QLatin1Char('\n') + idKey(e.value(QLatin1String("id")));
            t.threads.insert({ pid, tid });
            if (ph == QLatin1String("s")) {
                ++t.flowStarts[cat];
                if (!startPid.contains(key))
                    startPid[key] = pid;
            } else {
                ++t.flowFinishes[cat];
                fs << e;
            }
        }
    }
    for (const QJsonObject& e : std::as_const(fs)) {
        const QString cat = e.value(QLatin1String("cat")).toString();
        const QString key = cat + QLatin1Char('\n') + idKey(e.value(QLatin1String("id")));
        if (startPid.contains(key)) {
            ++t.flowArrows[cat];
            t.finishes << std::make_tuple(cat, toId(e.value(QLatin1String("pid"))), startPid[key]);
        }
    }
    return t;
}

inline int laneOf(const TimelineModel& m, LaneKind kind, qint64 pid, qint64 tid = -1)
{
    for (std::size_t i = 0; i < m.lanes().size(); ++i) {
        const TimelineLane& l = m.lane(int(i));
        if (l.kind != kind)
            continue;
        if (m.processTrack(int(i)).pid != pid)
            continue;
        if (kind == LaneKind::Thread && m.threadTrack(int(i)).tid != tid)
            continue;
        return int(i);
    }
    return -1;
}

inline QImage renderWidget(QWidget* w)
{
    QImage image(w->size(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter p(&image);
    w->render(&p);
    return image;
}

// Both suites' initTestCase: settings in test mode under the suite's name,
// English number formats, the level1 cluster loaded and each rank's
// trace_view.json read independently into json[rank].
inline void loadLevel1(const QString& suiteName, ProfilePtr& profile, JsonTrace (&json)[2])
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("ProfscopeTest"));
    QCoreApplication::setApplicationName(suiteName);
    QSettings().clear();
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    profile = ProfileLoader::load({ test::fixture(QStringLiteral("ascend-msinsight/test/data/pytorch/text/level1")) });
    QVERIFY(profile);
    QCOMPARE(int(profile->ranks.size()), 2);
    for (int r = 0; r < 2; ++r) {
        QCOMPARE(profile->ranks[std::size_t(r)]->info.rankId, r);
        json[r] = readTrace(r);
        QVERIFY(!json[r].slices.isEmpty());
    }
}

} // namespace timelinetest
