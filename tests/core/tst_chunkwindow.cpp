// SPDX-License-Identifier: Apache-2.0
// Partial import's decision to skip a chunk of trace events undecoded
// (core/parse/chunkwindow.*). The expected answers are worked out by hand
// from the events' ts / dur (µs) against the window (ns): a chunk may be
// skipped only when every event ends before the window or starts at or after
// its end; skipping an event that overlaps would lose it, so every doubt
// (metadata, B/E, a value that is not a number) must answer "decode".
#include "parse/chunkwindow.h"

#include <QTest>

using namespace profscope;

class TestChunkWindow : public QObject
{
    Q_OBJECT
private slots:
    void decision_data();
    void decision();
    void keysAcrossBlocks();
};

void TestChunkWindow::decision_data()
{
    QTest::addColumn<QByteArray>("chunk");
    QTest::addColumn<qint64>("startNs");
    QTest::addColumn<qint64>("endNs");
    QTest::addColumn<bool>("outside");
    // The window [10 000 000, 20 000 000) ns = [10 000, 20 000) µs.
    const qint64 s = 10'000'000, e = 20'000'000;
    QTest::newRow("all before") << QByteArray(R"({"ph":"X","ts":100.5,"dur":20},{"ph":"X","ts":"9000.000","dur":"899.9"})")
                                << s << e << true; // ends at 9899.9 µs < 10 000 µs
    QTest::newRow("last ends inside") << QByteArray(R"({"ph":"X","ts":9000,"dur":1000.5})") << s << e
                                      << false; // ends at 10 000.5 µs
    QTest::newRow("ends within the same µs as the start") << QByteArray(R"({"ph":"X","ts":9999.9995,"dur":0})") << s
                                                           << e << false; // rounds to 10 000 000 ns: touches
    QTest::newRow("all after") << QByteArray(R"({"ph":"X","ts":20000,"dur":5},{"ph":"X","ts":"30000.25","dur":1})")
                               << s << e << true; // starts at 20 000 µs = the window's end
    QTest::newRow("one inside") << QByteArray(R"({"ph":"X","ts":500,"dur":1},{"ph":"X","ts":15000,"dur":1})") << s
                                << e << false;
    QTest::newRow("starts just before the end") << QByteArray(R"({"ph":"X","ts":19999.999,"dur":0})") << s << e
                                                << false;
    QTest::newRow("metadata is always kept")
        << QByteArray(R"({"ph":"M","name":"process_name","pid":1,"ts":0,"args":{"name":"x"}},{"ph":"X","ts":1,"dur":1})")
        << s << e << false;
    QTest::newRow("B/E pairs are never split") << QByteArray(R"({"ph":"B","ts":1},{"ph":"E","ts":2})") << s << e
                                               << false;
    QTest::newRow("a time that is not a number") << QByteArray(R"({"ph":"X","ts":"soon","dur":1})") << s << e
                                                 << false;
    QTest::newRow("no times at all") << QByteArray(R"({"ph":"X","name":"a"})") << s << e << false;
    QTest::newRow("exponent, exact") << QByteArray(R"({"ph":"X","ts":9.9e3,"dur":"1e2"})") << s << e
                                     << false; // 9900 + 100 = 10 000 µs: touches the start
    QTest::newRow("exponent, before") << QByteArray(R"({"ph":"X","ts":9.8e3,"dur":"1e2"})") << s << e << true;
    QTest::newRow("negative ts before") << QByteArray(R"({"ph":"X","ts":-5,"dur":1})") << s << e << true;
    QTest::newRow("\"ts\" as a string value is not a key")
        << QByteArray(R"({"ph":"X","name":"ts","ts":30000,"dur":1})") << s << e << true;
    QTest::newRow("spaces around the colon") << QByteArray("{\"ph\" : \"X\", \"ts\" :\t 15000 , \"dur\" : 1}") << s
                                             << e << false;
    // Epoch-scale µs with 16 integer digits, as real traces write them.
    // The decision may keep a chunk that ends within a few µs before the
    // window (the times are read as whole µs), never skip one that overlaps.
    QTest::newRow("epoch, before") << QByteArray(R"({"ph":"X","ts":"1736410576386409.710","dur":"0.500"})")
                                   << qint64(1736410576386412000) << qint64(1736410576538298460) << true;
    QTest::newRow("epoch, overlapping by 210 ns")
        << QByteArray(R"({"ph":"X","ts":"1736410576386409.710","dur":"2.500"})") << qint64(1736410576386412000)
        << qint64(1736410576538298460) << false; // ends at ...412210 ns
    QTest::newRow("epoch, after the end") << QByteArray(R"({"ph":"X","ts":"1736410576538299.000","dur":"1"})")
                                          << qint64(1736410576386412000) << qint64(1736410576538298460)
                                          << true; // starts 540 ns after the window's end
}

void TestChunkWindow::decision()
{
    QFETCH(QByteArray, chunk);
    QFETCH(qint64, startNs);
    QFETCH(qint64, endNs);
    QFETCH(bool, outside);
    std::vector<std::size_t> scratch;
    QCOMPARE(chunkOutsideWindow(chunk.constData(), std::size_t(chunk.size()), { startNs, endNs }, scratch), outside);
}

void TestChunkWindow::keysAcrossBlocks()
{
    // An inside event whose "ts" key straddles a 64-byte edge, at every
    // offset: found each time, so the chunk is never skipped.
    for (int pad = 0; pad < 80; ++pad) {
        const QByteArray chunk = R"({"ph":"X","name":")" + QByteArray(pad, 'n') + R"(","ts":15000,"dur":1})";
        std::vector<std::size_t> scratch;
        QVERIFY2(!chunkOutsideWindow(chunk.constData(), std::size_t(chunk.size()), { 10'000'000, 20'000'000 }, scratch),
                 qPrintable(QString::number(pad)));
        const QByteArray before = R"({"ph":"X","name":")" + QByteArray(pad, 'n') + R"(","ts":150,"dur":1})";
        QVERIFY(chunkOutsideWindow(before.constData(), std::size_t(before.size()), { 10'000'000, 20'000'000 }, scratch));
    }
}

QTEST_GUILESS_MAIN(TestChunkWindow)
#include "tst_chunkwindow.moc"
