// SPDX-License-Identifier: Apache-2.0
// The communication page offscreen: heatmap and bars against independent
// sums of the real level1 files, slow rank / slow link marking and host
// blocks on generated clusters, hit testing, navigation and export.
#include "common/export.h"
#include "common/viewstate.h"
#include "communication/commcharts.h"
#include "communication/commheatmap.h"
#include "communication/communicationpage.h"
#include "generate/clustergenerator.h"
#include "itemmodels/commdurationmodel.h"
#include "itemmodels/commmatrixmodel.h"
#include "load/profileloader.h"
#include "testsupport.h"
#include "viewtestsupport.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <limits>
#include <map>
#include <set>

using namespace profscope;

namespace {

bool near(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::abs(b));
}

QJsonObject readOutput(int rank, const QString& file)
{
    QFile f(test::textRank(1, rank) + QStringLiteral("/ASCEND_PROFILER_OUTPUT/") + file);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open %s", qPrintable(f.fileName()));
    return QJsonDocument::fromJson(f.readAll()).object();
}

// (src, dst) -> (Σ size MB, Σ time ms) of the "-total" entries of both files.
std::map<std::pair<int, int>, std::pair<double, double>> totalMatrix()
{
    std::map<std::pair<int, int>, std::pair<double, double>> out;
    for (const int rank : { 0, 1 }) {
        for (const QJsonValue& step : readOutput(rank, QStringLiteral("communication_matrix.json"))) {
            for (const QJsonValue& kind : step.toObject()) {
                const QJsonObject ops = kind.toObject();
                for (auto it = ops.begin(); it != ops.end(); ++it) {
                    if (!it.key().section(QLatin1Char('@'), 0, 0).endsWith(QLatin1String("-total")))
                        continue;
                    const QJsonObject links = it.value().toObject();
                    for (auto l = links.begin(); l != links.end(); ++l) {
                        auto& s = out[{ l.key().section(QLatin1Char('-'), 0, 0).toInt(),
                            l.key().section(QLatin1Char('-'), 1, 1).toInt() }];
                        s.first += l.value().toObject().value(QStringLiteral("Transit Size(MB)")).toDouble();
                        s.second += l.value().toObject().value(QStringLiteral("Transit Time(ms)")).toDouble();
                    }
                }
            }
        }
    }
    return out;
}

// Σ transit, wait, synchronization, idle over the ops of a rank's communication.json.
std::array<double, 4> timeInfo(int rank)
{
    std::array<double, 4> t {};
    for (const QJsonValue& step : readOutput(rank, QStringLiteral("communication.json"))) {
        for (const QJsonValue& kind : step.toObject()) {
            const QJsonObject ops = kind.toObject();
            for (auto it = ops.begin(); it != ops.end(); ++it) {
                if (it.key() == QLatin1String("Total Op Info"))
                    continue;
                const QJsonObject i = it.value().toObject().value(QStringLiteral("Communication Time Info")).toObject();
                t[0] += i.value(QStringLiteral("Transit Time(ms)")).toDouble();
                t[1] += i.value(QStringLiteral("Wait Time(ms)")).toDouble();
                t[2] += i.value(QStringLiteral("Synchronization Time(ms)")).toDouble();
                t[3] += i.value(QStringLiteral("Idle Time(ms)")).toDouble();
            }
        }
    }
    return t;
}

ProfilePtr generated(QTemporaryDir& dir, int ranks, int ops, int slowRank = -1, int slowSrc = -1, int slowDst = -1)
{
    GeneratorOptions o;
    o.ranks = ranks;
    o.steps = 2;
    o.ops = ops;
    o.slowRank = slowRank;
    o.slowLinkSrc = slowSrc;
    o.slowLinkDst = slowDst;
    QString error;
    if (!generateCluster(dir.path(), o, &error))
        qFatal("%s", qPrintable(error));
    return ProfileLoader::load({ dir.path() });
}

} // namespace

class TestCommunicationPage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        m_real = ProfileLoader::load({ test::textRank(1, 0), test::textRank(1, 1) });
        QVERIFY(m_real && m_real->ranks.size() == 2);
    }

    void realPairHeatmapEqualsJson()
    {
        ViewState state;
        CommunicationPage page(&state);
        QAbstractItemModelTester t1(page.matrixModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t2(page.linkOpsModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t3(page.durationModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester t4(page.opModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        page.resize(1400, 900);
        page.show();
        state.setProfile(m_real);
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        CommHeatmap* map = page.heatmap();
        QVERIFY(!map->aggregated());
        QCOMPARE(int(map->rows().size()), 8);
        QCOMPARE(int(map->columns().size()), 8);
        const auto expected = totalMatrix();
        int cells = 0;
        for (int r = 0; r < 8; ++r) {
            for (int c = 0; c < 8; ++c) {
                const auto& cell = map->cellAt(r, c);
                const auto it = expected.find(
                    { map->rows()[std::size_t(r)].ranks.front(), map->columns()[std::size_t(c)].ranks.front() });
                if (it == expected.end()) {
                    QCOMPARE(cell.links, 0);
                    continue;
                }
                ++cells;
                QVERIFY(near(cell.sizeMB, it->second.first));
                QVERIFY(near(cell.timeMs, it->second.second));
                QVERIFY(near(cell.bandwidthGBps(), it->second.first / it->second.second));
                // Hit testing: the cell's centre picks the cell.
                const auto hit = map->hitTest(map->cellRect(r, c).center());
                QCOMPARE(hit.row, r);
                QCOMPARE(hit.column, c);
                QVERIFY(map->cellToolTip(hit).contains(QStringLiteral("GB/s")));
            }
        }
        QCOMPARE(cells, int(expected.size()));
        QVERIFY(!map->hitTest(QPoint(1, 1)).valid());

        // Click a cell: the ops behind the link are listed; double-click: timeline request.
        QSignalSpy clicked(map, &CommHeatmap::linkClicked);
        QTest::mouseClick(map, Qt::LeftButton, {}, map->cellRect(1, 3).center());
        QCOMPARE(clicked.count(), 1);
        QCOMPARE(clicked.at(0).at(0).toInt(), 1);
        QCOMPARE(clicked.at(0).at(1).toInt(), 3);
        QVERIFY(page.linkOpsModel()->rowCount() > 0);
        for (const auto& l : page.linkOpsModel()->links())
            QVERIFY(l.srcRank == 1 && l.dstRank == 3);
        QSignalSpy timeline(&state, &ViewState::timelineRequested);
        QTest::mouseDClick(map, Qt::LeftButton, {}, map->cellRect(1, 3).center());
        QCOMPARE(timeline.count(), 1);
        QCOMPARE(timeline.at(0).at(0).toInt(), 1); // rank index of rank id 1
        QVERIFY(timeline.at(0).at(2).toLongLong() > timeline.at(0).at(1).toLongLong());

        // Duration bars: the four parts are Σ transit, Σ sync, Σ wait − Σ sync, Σ idle.
        CommDurationBars* bars = page.durationBars();
        QCOMPARE(page.durationModel()->rowCount(), 2);
        for (const RankCommunication& r : page.durationModel()->ranks()) {
            const auto json = timeInfo(r.rankId);
            const auto s = CommDurationBars::segments(r);
            QVERIFY(near(s[0], json[0]));
            QVERIFY(near(s[1], json[2]));
            QVERIFY(near(s[2], json[1] - json[2]));
            QVERIFY(near(s[3], json[3]));
        }
        page.showDurations();
        QTest::qWait(10);
        QVERIFY(bars->barRect(0).width() > 0);
        QCOMPARE(bars->rowAt(bars->barRect(1).center()), 1);
        // Per-op thumbnails: 4 ops x 2 ranks; aligning on an op puts its starts together.
        CommOpTimeline* tl = page.opTimeline();
        QCOMPARE(int(tl->blocks().size()), 8);
        // One row per rank, in rank id order, each op on its own rank's row.
        QCOMPARE(tl->rowRankIndexes().size(), 2);
        for (const auto& b : tl->blocks())
            QCOMPARE(tl->rowRankIndexes().at(b.row), page.opModel()->entries()[b.entry].rankIndex);
        QVERIFY(m_real->ranks[std::size_t(tl->rowRankIndexes().at(0))]->info.rankId
            < m_real->ranks[std::size_t(tl->rowRankIndexes().at(1))]->info.rankId);
        const QString op = page.opModel()->entries().back().record->opName;
        page.alignCombo()->setCurrentIndex(page.alignCombo()->findData(op));
        double first = -1;
        for (const auto& b : tl->blocks()) {
            if (page.opModel()->entries()[b.entry].record->opName != op)
                continue;
            if (first < 0)
                first = b.startMs;
            QVERIFY(std::abs(b.startMs - first) < 1e-6);
        }
        QVERIFY(first >= 0);
        const auto& b0 = tl->blocks().front();
        QCOMPARE(tl->blockAt(tl->blockRect(b0).center().toPoint()), 0);
        QVERIFY(!page.packetChart()->buckets().empty());
    }

    void slowRankAndLinkMarked()
    {
        QTemporaryDir dir;
        const ProfilePtr profile = generated(dir, 8, 20, 3, 1, 2);
        ViewState state;
        CommunicationPage page(&state);
        page.resize(1200, 800);
        page.show();
        state.setProfile(profile);
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        CommDurationModel* d = page.durationModel();
        QCOMPARE(d->rowCount(), 8);
        for (int row = 0; row < d->rowCount(); ++row) {
            const int rankId = d->index(row, 0).data(CommDurationModel::RankIdRole).toInt();
            QCOMPARE(d->index(row, 0).data(CommDurationModel::SlowRole).toBool(), rankId == 3);
        }
        QVERIFY(page.matrixModel()->isSlow(1, 2));
        QVERIFY(!page.matrixModel()->isSlow(0, 1));
        CommHeatmap* map = page.heatmap();
        QVERIFY(!map->aggregated());
        // The generator slows both directions of the link; nothing else is marked.
        QList<std::pair<int, int>> slowCells;
        for (int r = 0; r < int(map->rows().size()); ++r)
            for (int c = 0; c < int(map->columns().size()); ++c)
                if (map->cellAt(r, c).slowLinks > 0)
                    slowCells << std::make_pair(
                        map->rows()[std::size_t(r)].ranks.front(), map->columns()[std::size_t(c)].ranks.front());
        QVERIFY(slowCells.contains(std::make_pair(1, 2)));
        for (const auto& [src, dst] : slowCells)
            QVERIFY((src == 1 && dst == 2) || (src == 2 && dst == 1));
        // The bars outline the slow rank only.
        for (int row = 0; row < d->rowCount(); ++row)
            QCOMPARE(d->slowRank(row) != nullptr, d->ranks()[std::size_t(row)].rankId == 3);
    }

    void hostBlocksForBigClusters()
    {
        QTemporaryDir dir;
        const ProfilePtr profile = generated(dir, 128, 4);
        ViewState state;
        CommunicationPage page(&state);
        page.resize(760, 520);
        page.show();
        state.setProfile(profile);
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        CommHeatmap* map = page.heatmap();
        QVERIFY(map->width() < 128 * CommHeatmap::kMinCellPx + 150);
        QVERIFY(map->aggregated());
        QCOMPARE(int(map->rows().size()), 16); // one block per host of 8
        QCOMPARE(map->rows().front().label, QStringLiteral("node0"));
        // A block of the diagonal holds the host's HCCS mesh: 8 x 7 links.
        QCOMPARE(map->cellAt(0, 0).links, 56);
        // Click a block: zoom into its ranks; the ops table lists its links.
        QSignalSpy opened(map, &CommHeatmap::blockOpened);
        QTest::mouseClick(map, Qt::LeftButton, {}, map->cellRect(0, 1).center());
        QCOMPARE(opened.count(), 1);
        QVERIFY(map->zoomed());
        QCOMPARE(int(map->rows().size()), 8);
        QCOMPARE(map->rows().front().ranks.front(), 0);
        QCOMPARE(map->columns().front().ranks.front(), 8);
        QVERIFY(page.linkOpsModel()->rowCount() > 0);
        QTest::keyClick(map, Qt::Key_Escape);
        QVERIFY(!map->zoomed());
        QCOMPARE(int(map->rows().size()), 16);
        // Navigation to a link inside a block zooms to it and selects it.
        state.requestCommunicationLink(9, 17);
        QVERIFY(map->zoomed());
        QCOMPARE(map->selectedLink(), std::make_pair(9, 17));
        // Enough room: one cell per rank again.
        page.resize(2200, 1700);
        QTest::qWait(10);
        map->zoomOut();
        QVERIFY(!map->aggregated());
        QCOMPARE(int(map->rows().size()), 128);
    }

    // The group box lists "All groups" and every group, busiest first (the
    // prefetch job makes its items off the GUI thread), and starts on the
    // busiest one; each item says its id and rank count.
    void groupBox()
    {
        QTemporaryDir dir;
        GeneratorOptions o;
        o.ranks = 16;
        o.steps = 2;
        o.ops = 4;
        o.pipelineStages = 2; // data-parallel, tensor-parallel and pipeline groups of different sizes
        o.tensorParallel = 2;
        QString error;
        QVERIFY2(generateCluster(dir.path(), o, &error), qPrintable(error));
        const ProfilePtr profile = ProfileLoader::load({ dir.path() });
        ViewState state;
        CommunicationPage page(&state);
        page.show();
        state.setProfile(profile);
        QTRY_VERIFY(page.groupCombo()->count() > 1);
        // Independently: each group id with its ranks and summed op time, from the loaded records.
        std::map<QString, std::set<int>> ranksOf;
        std::map<QString, double> elapseOf;
        for (const auto& rank : profile->ranks)
            for (const CommOpRecord& op : rank->communication) {
                ranksOf[op.groupId].insert(rank->info.rankId);
                elapseOf[op.groupId] += op.elapseMs;
            }
        QVERIFY(ranksOf.size() > 1);
        QComboBox* box = page.groupCombo();
        QCOMPARE(box->count(), int(ranksOf.size()) + 1);
        QCOMPARE(box->itemData(0).toString(), QString());
        QCOMPARE(box->currentIndex(), 1);
        double previous = std::numeric_limits<double>::max();
        for (int i = 1; i < box->count(); ++i) {
            const QString id = box->itemData(i).toString();
            QVERIFY2(ranksOf.count(id), qPrintable(id));
            QVERIFY(elapseOf[id] <= previous + 1e-9); // busiest first
            previous = elapseOf[id];
            const QString tip = box->itemData(i, Qt::ToolTipRole).toString();
            QVERIFY2(tip.startsWith(id + QLatin1Char('\n')), qPrintable(tip));
            QVERIFY2(tip.contains(QString::number(ranksOf[id].size())), qPrintable(tip));
        }
    }

    void exportFiles()
    {
        ViewState state;
        CommunicationPage page(&state);
        page.resize(1200, 800);
        state.setProfile(m_real);
        QTemporaryDir dir;
        QStringList errors;
        const QStringList files = exportPage(page, dir.path(), &errors, QSize(900, 600));
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
        int png = 0, svg = 0, csv = 0;
        for (const QString& f : files) {
            QFile file(f);
            QVERIFY(file.open(QIODevice::ReadOnly));
            const QByteArray bytes = file.readAll();
            QVERIFY2(!bytes.isEmpty(), qPrintable(f));
            if (f.endsWith(QLatin1String(".png"))) {
                ++png;
                QVERIFY(!QImage::fromData(bytes, "PNG").isNull());
            } else if (f.endsWith(QLatin1String(".svg"))) {
                ++svg;
                QVERIFY(bytes.contains("<svg"));
            } else if (f.endsWith(QLatin1String(".csv"))) {
                ++csv;
                QVERIFY(bytes.contains(","));
            }
        }
        QCOMPARE(png, 4);
        QCOMPARE(svg, 4);
        QCOMPARE(csv, 4);
        QFile ranks(dir.filePath(QStringLiteral("communication-ranks.csv")));
        QVERIFY(ranks.open(QIODevice::ReadOnly));
        const QByteArray header = ranks.readLine();
        QVERIFY(header.startsWith("Rank,Host,Ops,Elapse (ms)"));
        QVERIFY(header.contains("HCCS Bandwidth (GB/s)"));
        QString error;
        QVERIFY2(exportWidgetImage(page.heatmap(), dir.filePath(QStringLiteral("m.pdf")), QSize(800, 600), &error),
            qPrintable(error));
        QVERIFY(QFileInfo(dir.filePath(QStringLiteral("m.pdf"))).size() > 0);
    }

    void emptyProfile()
    {
        ViewState state;
        CommunicationPage page(&state);
        page.resize(800, 600);
        state.setProfile(std::make_shared<Profile>());
        QCOMPARE(page.matrixModel()->rowCount(), 0);
        QCOMPARE(page.durationModel()->rowCount(), 0);
        state.setProfile(nullptr);
        QCOMPARE(page.opModel()->rowCount(), 0);
        QImage image(800, 600, QImage::Format_ARGB32);
        page.render(&image);
    }

    // Not a check: PROFSCOPE_SCREENSHOTS=dir writes the page as users see it.
    void screenshots()
    {
        const QString out = qEnvironmentVariable("PROFSCOPE_SCREENSHOTS");
        if (out.isEmpty())
            QSKIP("set PROFSCOPE_SCREENSHOTS to write screenshots");
        QDir().mkpath(out);
        QTemporaryDir dir;
        const ProfilePtr big = generated(dir, 64, 20, 5, 3, 4);
        for (const auto& [name, profile] :
            { std::make_pair(QStringLiteral("real"), m_real), std::make_pair(QStringLiteral("64"), big) }) {
            ViewState state;
            CommunicationPage page(&state);
            page.resize(1400, 900);
            page.show();
            state.setProfile(profile);
            QVERIFY(QTest::qWaitForWindowExposed(&page));
            if (name == QLatin1String("real"))
                state.requestCommunicationLink(0, 1);
            QTest::qWait(20);
            QVERIFY(exportWidgetImage(&page, out + QStringLiteral("/communication-%1-matrix.png").arg(name)));
            page.showDurations();
            QTest::qWait(20);
            QVERIFY(exportWidgetImage(&page, out + QStringLiteral("/communication-%1-duration.png").arg(name)));
            const QPalette dark = test::darkPalette();
            page.setPalette(dark);
            page.showMatrix();
            QTest::qWait(20);
            QVERIFY(exportWidgetImage(&page, out + QStringLiteral("/communication-%1-dark.png").arg(name)));
        }
        QTemporaryDir bigDir;
        const ProfilePtr huge = generated(bigDir, 128, 4, -1, 20, 29);
        ViewState state;
        CommunicationPage page(&state);
        page.resize(800, 520);
        page.show();
        state.setProfile(huge);
        QVERIFY(QTest::qWaitForWindowExposed(&page));
        QVERIFY(exportWidgetImage(&page, out + QStringLiteral("/communication-128-blocks.png")));
        page.heatmap()->zoomInto(2, 3);
        QVERIFY(exportWidgetImage(&page, out + QStringLiteral("/communication-128-zoomed.png")));
    }

private:
    ProfilePtr m_real;
};

QTEST_MAIN(TestCommunicationPage)
#include "tst_communicationpage.moc"
