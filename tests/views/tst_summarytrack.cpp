// SPDX-License-Identifier: Apache-2.0
// A collapsed rank's summary row: device work over the host's step slice,
// idle device time shown as host time, and per pixel column the colour of
// what is there, whatever the zoom.
#include "timeline/summarytrack.h"

#include <QTest>

using namespace profscope;

class TestSummaryTrack : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void priorityDecidesTheColour();
    void rasterizePerPixel();
    void narrowIntervalsDoNotHideALongOne();
};

namespace {

constexpr QRgb kHost = 0xff8080ff;
constexpr QRgb kCompute = 0xff2080ff;
constexpr QRgb kComm = 0xffff8000;

} // namespace

void TestSummaryTrack::priorityDecidesTheColour()
{
    // Host step [0,100), a kernel [10,20), a collective [15,30), a kernel touching it at [30,40).
    const SummaryTrack t = buildSummaryTrack({ { 0, 100, 0, kHost }, { 10, 20, 3, kCompute }, { 15, 30, 2, kComm },
        { 30, 40, 3, kCompute }, { 50, 50, 3, kCompute } });
    const std::vector<TimeNs> starts { 0, 10, 20, 30, 40 };
    const std::vector<TimeNs> ends { 10, 20, 30, 40, 100 };
    const std::vector<QRgb> colors { kHost, kCompute, kComm, kCompute, kHost };
    QCOMPARE(t.startNs, starts);
    QCOMPARE(t.endNs, ends);
    QCOMPARE(t.color, colors);
    QCOMPARE(t.slices, 5LL);
    // Nothing in, nothing out; a gap stays a gap.
    QCOMPARE(buildSummaryTrack({}).size(), std::size_t(0));
    const SummaryTrack gap = buildSummaryTrack({ { 0, 10, 1, kComm }, { 20, 30, 1, kComm } });
    QCOMPARE(gap.size(), std::size_t(2));
    QCOMPARE(gap.endNs[0], 10LL);
    QCOMPARE(gap.startNs[1], 20LL);
}

void TestSummaryTrack::rasterizePerPixel()
{
    const SummaryTrack t = buildSummaryTrack({ { 0, 100, 0, kHost }, { 10, 20, 3, kCompute }, { 20, 30, 2, kComm } });
    std::vector<QRgb> px(12);
    // 10 ns per pixel from view time 0; the track is 5 ns later in view time.
    rasterizeSummary(t, 5, 0.0, 10.0, px);
    // A column shows the last interval drawn into it (intervals in time order):
    // column 1 = track [5,15): host, then the kernel from 10;
    // column 2 = [15,25): the kernel, then the collective from 20;
    // column 3 = [25,35): the collective, then host from 30.
    QCOMPARE(px[0], kHost);
    QCOMPARE(px[1], kCompute);
    QCOMPARE(px[2], kComm);
    QCOMPARE(px[3], kHost);
    QCOMPARE(px[5], kHost);
    QCOMPARE(px[10], kHost); // [100,110) view = [95,105) track: still host
    QCOMPARE(px[11], QRgb(0)); // after the end
}

void TestSummaryTrack::narrowIntervalsDoNotHideALongOne()
{
    // 100 kernels of 1 ns every 2 ns in [0,200), then a long collective from 201 to 5000.
    std::vector<SummaryPiece> pieces;
    for (TimeNs t = 0; t < 200; t += 2)
        pieces.push_back({ t, t + 1, 3, kCompute });
    pieces.push_back({ 201, 5000, 2, kComm });
    const SummaryTrack track = buildSummaryTrack(pieces);
    QCOMPARE(track.size(), std::size_t(101));
    std::vector<QRgb> px(10);
    rasterizeSummary(track, 0, 0.0, 1000.0, px); // 1 µs per pixel: 100 kernels and the start of the collective in column 0
    // The collective is drawn although 100 narrow kernels come first in its column.
    for (int c = 0; c < 5; ++c)
        QCOMPARE(px[std::size_t(c)], kComm);
    QCOMPARE(px[5], QRgb(0));
    // Only the kernels: column 0, nothing after.
    pieces.pop_back();
    rasterizeSummary(buildSummaryTrack(pieces), 0, 0.0, 1000.0, px);
    QCOMPARE(px[0], kCompute);
    QCOMPARE(px[1], QRgb(0));
}

QTEST_MAIN(TestSummaryTrack)
#include "tst_summarytrack.moc"
