// SPDX-License-Identifier: Apache-2.0
// Zoomed out, a lane's sub-pixel slices merge into runs shaded by how much of
// the run they cover: a lane busy 10% of the time must not look like one busy
// 100% of the time. Two threads written here with known duty cycles.
#include "load/profileloader.h"
#include "testsupport.h"
#include "timeline/timelinewidget.h"

#include <QPainter>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace profscope;

namespace {

constexpr int kSlices = 4000;
constexpr int kPeriodUs = 100;

// Thread 1: 10 µs of every 100 µs (10% busy); thread 2: back to back (100%).
QByteArray dutyCycleTrace()
{
    QByteArray json = R"([{"ph":"M","name":"process_name","pid":1,"args":{"name":"Device"}},)"
                      R"({"ph":"M","name":"thread_name","pid":1,"tid":1,"args":{"name":"sparse"}},)"
                      R"({"ph":"M","name":"thread_name","pid":1,"tid":2,"args":{"name":"dense"}})";
    for (int i = 0; i < kSlices; ++i) {
        json += QByteArray(R"(,{"ph":"X","name":"k","pid":1,"tid":1,"ts":)") + QByteArray::number(i * kPeriodUs)
            + R"(,"dur":10})";
        json += QByteArray(R"(,{"ph":"X","name":"k","pid":1,"tid":2,"ts":)") + QByteArray::number(i * kPeriodUs)
            + R"(,"dur":100})";
    }
    return json + "]";
}

int threadLane(const TimelineModel& m, qint64 tid)
{
    for (std::size_t i = 0; i < m.lanes().size(); ++i)
        if (m.lane(int(i)).kind == LaneKind::Thread && m.threadTrack(int(i)).tid == tid)
            return int(i);
    return -1;
}

} // namespace

class TestTimelineCoverage : public QObject
{
    Q_OBJECT

private slots:
    void mergedRunsCarryTheirCoverage();
};

void TestTimelineCoverage::mergedRunsCarryTheirCoverage()
{
    QTemporaryDir dir;
    const QString path = test::writeFile(dir, QStringLiteral("trace_view.json"), dutyCycleTrace());
    const ProfilePtr profile = ProfileLoader::load({ path });
    QVERIFY(profile && profile->ranks.size() == 1);
    TimelineWidget w;
    w.resize(1000, 400);
    w.setProfile(profile, { 0 });
    w.fitAll();
    QImage image(w.size(), QImage::Format_ARGB32_Premultiplied);
    QPainter painter(&image);
    w.render(&painter);
    painter.end();

    const TimelineModel& m = w.model();
    struct Expect
    {
        qint64 tid;
        double busyShare;
    };
    for (const Expect e : { Expect { 1, 0.10 }, Expect { 2, 1.0 } }) {
        const int lane = threadLane(m, e.tid);
        QVERIFY(lane >= 0);
        const auto& blocks = w.renderer().blocks(lane, w.viewport());
        qint64 merged = 0;
        for (const TimelineBlock& b : blocks) {
            if (b.count < 8)
                continue; // the ends of the lane can hold a short run
            merged += b.count;
            QVERIFY2(std::abs(b.coverage - e.busyShare) < 0.03,
                qPrintable(QStringLiteral("tid %1: run of %2 slices covers %3, expected %4")
                               .arg(e.tid)
                               .arg(b.count)
                               .arg(b.coverage)
                               .arg(e.busyShare)));
        }
        // 400 ms over ~1000 px: hundreds of µs per pixel, so nearly all merge,
        // in runs of a few pixels (the shading follows the lane along).
        QVERIFY2(merged > kSlices / 2, qPrintable(QString::number(merged)));
        QVERIFY(blocks.size() > 100);
        for (const TimelineBlock& b : blocks)
            QVERIFY(b.x1 - b.x0 < 8.0f);
    }
}

QTEST_MAIN(TestTimelineCoverage)
#include "tst_timelinecoverage.moc"
