// SPDX-License-Identifier: Apache-2.0
// The import report and rank summary item models (core/itemmodels) on a real
// loaded profile (torch_npu text export, level1, 2 ranks) and on small
// hand-made reports for the cases the fixture does not have (broken files,
// warnings, messages, repeated rank ids).

#include "itemmodels/importreportmodel.h"
#include "itemmodels/ranksummarymodel.h"
#include "load/profileloader.h"
#include "testsupport.h"

#include <QAbstractItemModelTester>
#include <QSortFilterProxyModel>
#include <QTest>

using namespace profscope;

namespace {

QString level1()
{
    return test::fixture(QStringLiteral("ascend-msinsight/test/data/pytorch/text/level1"));
}

// Two ranks that share rank id 0 (as when two jobs are opened together), one
// broken file with a line, one used file with warnings, one cluster file.
ProfilePtr handMadeProfile()
{
    auto profile = std::make_shared<Profile>();
    profile->rootPath = QStringLiteral("/data/jobs");
    for (const char* job : { "a", "b" }) {
        auto rank = std::make_shared<RankData>();
        rank->info.rankId = 0;
        rank->info.deviceId = 4;
        rank->info.rootPath = QStringLiteral("/data/jobs/%1/rank0_ascend_pt").arg(QLatin1String(job));
        rank->info.displayName = QStringLiteral("rank0_ascend_pt");
        profile->ranks.push_back(rank);
    }
    FileReport broken;
    broken.path = QStringLiteral("/data/jobs/a/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/kernel_details.csv");
    broken.kind = QStringLiteral("kernel_details.csv");
    broken.rankIndex = 0;
    broken.status = FileStatus::Broken;
    broken.reason = QStringLiteral("unterminated quote");
    broken.line = 12;
    broken.sizeBytes = 3 * 1024 * 1024;
    broken.parseMs = 2.5;
    broken.addCount(QStringLiteral("rows"), 11);
    profile->report.files.push_back(broken);

    FileReport used;
    used.path = QStringLiteral("/data/jobs/b/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json");
    used.kind = QStringLiteral("trace_view.json");
    used.rankIndex = 1;
    used.status = FileStatus::Used;
    used.sizeBytes = 512;
    used.parseMs = 0.25;
    used.addCount(QStringLiteral("X"), 100);
    used.addCount(QStringLiteral("f"), 7);
    used.warnings << QStringLiteral("3 flow starts without a finish");
    profile->report.files.push_back(used);

    FileReport cluster;
    cluster.path = QStringLiteral("/data/jobs/cluster_analysis_output/cluster.db");
    cluster.kind = QStringLiteral("database (.db)");
    cluster.rankIndex = -1;
    cluster.status = FileStatus::Skipped;
    cluster.reason = QStringLiteral("not read");
    cluster.byteOffset = 4096;
    profile->report.files.push_back(cluster);

    profile->report.info(QStringLiteral("found 2 ranks"));
    profile->report.warning(QStringLiteral("2 folders claim rank 0"), QStringLiteral("/data/jobs"));
    profile->report.error(QStringLiteral("could not read /data/jobs/c"));
    return profile;
}

} // namespace

class TestImportReportModel : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void modelTester();
    void rowsMatchReport();
    void sortRoleIsNumeric();
    void statusRole();
    void displayTexts();
    void handMadeReport();
    void messages();
    void rankSummary();

private:
    ProfilePtr m_profile;
};

void TestImportReportModel::initTestCase()
{
    // Formatting checks expect English number formats, whatever the machine's locale.
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    m_profile = ProfileLoader::load({ level1() });
    QVERIFY(m_profile);
    QCOMPARE(m_profile->ranks.size(), std::size_t(2));
    QVERIFY(!m_profile->report.files.empty());
}

void TestImportReportModel::modelTester()
{
    ImportReportModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setProfile(m_profile);
    model.setProfile(nullptr);
    model.setProfile(handMadeProfile());
    model.setProfile(m_profile);
    // Every role on every cell, so that the tester sees all data() paths.
    for (int row = 0; row < model.rowCount(); ++row)
        for (int column = 0; column < model.columnCount(); ++column)
            for (const int role : { int(Qt::DisplayRole), int(Qt::ToolTipRole), int(Qt::TextAlignmentRole),
                                    int(ImportReportModel::SortRole), int(ImportReportModel::StatusRole),
                                    int(ImportReportModel::PathRole) })
                model.index(row, column).data(role);

    ImportMessageModel messages;
    QAbstractItemModelTester messageTester(&messages, QAbstractItemModelTester::FailureReportingMode::QtTest);
    messages.setProfile(handMadeProfile());
    messages.setProfile(m_profile);

    RankSummaryModel ranks;
    QAbstractItemModelTester rankTester(&ranks, QAbstractItemModelTester::FailureReportingMode::QtTest);
    ranks.setProfile(m_profile);
    ranks.setProfile(handMadeProfile());
}

void TestImportReportModel::rowsMatchReport()
{
    ImportReportModel model;
    QCOMPARE(model.rowCount(), 0);
    model.setProfile(m_profile);
    QCOMPARE(model.rowCount(), int(m_profile->report.files.size()));
    QCOMPARE(model.columnCount(), int(ImportReportModel::ColumnCount));
    QCOMPARE(model.rowCount(model.index(0, 0)), 0); // a table: no children
    for (int row = 0; row < model.rowCount(); ++row)
        QCOMPARE(model.index(row, 0).data(ImportReportModel::PathRole).toString(),
                 m_profile->report.files[std::size_t(row)].path);
    QCOMPARE(model.headerData(ImportReportModel::FileColumn, Qt::Horizontal).toString(), QStringLiteral("File"));
    QCOMPARE(model.headerData(ImportReportModel::ParseTimeColumn, Qt::Horizontal).toString(), QStringLiteral("Parse time"));
}

void TestImportReportModel::sortRoleIsNumeric()
{
    ImportReportModel model;
    model.setProfile(m_profile);
    for (int row = 0; row < model.rowCount(); ++row) {
        const FileReport& file = m_profile->report.files[std::size_t(row)];
        const QVariant size = model.index(row, ImportReportModel::SizeColumn).data(ImportReportModel::SortRole);
        QCOMPARE(size.typeId(), QMetaType::LongLong);
        QCOMPARE(size.toLongLong(), file.sizeBytes);
        const QVariant parse = model.index(row, ImportReportModel::ParseTimeColumn).data(ImportReportModel::SortRole);
        QCOMPARE(parse.typeId(), QMetaType::Double);
        QCOMPARE(parse.toDouble(), file.parseMs);
        const QVariant rank = model.index(row, ImportReportModel::RankColumn).data(ImportReportModel::SortRole);
        QCOMPARE(rank.typeId(), QMetaType::Int);
        QCOMPARE(rank.toInt(), file.rankIndex);
    }

    // Sorting through a proxy on SortRole orders by bytes, not by "1.2 KiB" text.
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(ImportReportModel::SortRole);
    proxy.sort(ImportReportModel::SizeColumn, Qt::AscendingOrder);
    qint64 previous = -1;
    for (int row = 0; row < proxy.rowCount(); ++row) {
        const qint64 bytes = proxy.index(row, ImportReportModel::SizeColumn).data(ImportReportModel::SortRole).toLongLong();
        QVERIFY2(bytes >= previous, qPrintable(QStringLiteral("row %1: %2 < %3").arg(row).arg(bytes).arg(previous)));
        previous = bytes;
    }
    // The largest file of a level1 rank is its trace.
    const QModelIndex largest = proxy.index(proxy.rowCount() - 1, ImportReportModel::KindColumn);
    QCOMPARE(largest.data().toString(), QStringLiteral("trace_view.json"));
}

void TestImportReportModel::statusRole()
{
    ImportReportModel model;
    model.setProfile(m_profile);
    int used = 0;
    for (int row = 0; row < model.rowCount(); ++row) {
        const FileReport& file = m_profile->report.files[std::size_t(row)];
        for (int column = 0; column < model.columnCount(); ++column)
            QCOMPARE(model.index(row, column).data(ImportReportModel::StatusRole).toInt(), int(file.status));
        used += model.index(row, 0).data(ImportReportModel::StatusRole).toInt() == int(FileStatus::Used);
    }
    QCOMPARE(used, m_profile->report.countWithStatus(FileStatus::Used));
    QVERIFY(used > 0);
}

void TestImportReportModel::displayTexts()
{
    ImportReportModel model;
    model.setProfile(m_profile);
    bool sawTrace = false;
    for (int row = 0; row < model.rowCount(); ++row) {
        const QString file = model.index(row, ImportReportModel::FileColumn).data().toString();
        // Paths are shown relative to their rank folder.
        QVERIFY2(!file.startsWith(QLatin1Char('/')), qPrintable(file));
        sawTrace = sawTrace || file == QLatin1String("ASCEND_PROFILER_OUTPUT/trace_view.json");
        const int rankIndex = m_profile->report.files[std::size_t(row)].rankIndex;
        QCOMPARE(model.index(row, ImportReportModel::RankColumn).data().toString(),
                 QString::number(m_profile->ranks[std::size_t(rankIndex)]->info.rankId));
        QCOMPARE(model.index(row, ImportReportModel::StatusColumn).data().toString(),
                 ImportReportModel::statusText(m_profile->report.files[std::size_t(row)].status));
    }
    QVERIFY(sawTrace);
    QCOMPARE(ImportReportModel::formatBytes(512), QStringLiteral("512 bytes"));
    QCOMPARE(ImportReportModel::formatBytes(3 * 1024 * 1024), QStringLiteral("3.0 MiB"));
}

void TestImportReportModel::handMadeReport()
{
    const ProfilePtr profile = handMadeProfile();
    ImportReportModel model;
    model.setProfile(profile);
    QCOMPARE(model.rowCount(), 3);

    // Broken file: reason with its line, size, counts, parse time.
    QCOMPARE(model.index(0, ImportReportModel::FileColumn).data().toString(),
             QStringLiteral("ASCEND_PROFILER_OUTPUT/kernel_details.csv"));
    QCOMPARE(model.index(0, ImportReportModel::StatusColumn).data().toString(), QStringLiteral("Broken"));
    QCOMPARE(model.index(0, ImportReportModel::StatusColumn).data(ImportReportModel::StatusRole).toInt(),
             int(FileStatus::Broken));
    QCOMPARE(model.index(0, ImportReportModel::ReasonColumn).data().toString(),
             QStringLiteral("unterminated quote (line 12)"));
    QCOMPARE(model.index(0, ImportReportModel::SizeColumn).data().toString(), QStringLiteral("3.0 MiB"));
    QCOMPARE(model.index(0, ImportReportModel::CountsColumn).data().toString(), QStringLiteral("rows=11"));
    QCOMPARE(model.index(0, ImportReportModel::ParseTimeColumn).data().toString(), QStringLiteral("2.5 ms"));

    // Used file with warnings: they are in the tooltip, on every column.
    QCOMPARE(model.index(1, ImportReportModel::CountsColumn).data().toString(), QStringLiteral("X=100, f=7"));
    QCOMPARE(model.index(1, ImportReportModel::CountsColumn).data(ImportReportModel::SortRole).toLongLong(), 100);
    for (int column = 0; column < model.columnCount(); ++column) {
        const QString tip = model.index(1, column).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QLatin1String("3 flow starts without a finish")), qPrintable(tip));
        QVERIFY(tip.contains(QLatin1String("/data/jobs/b/rank0_ascend_pt/ASCEND_PROFILER_OUTPUT/trace_view.json")));
    }

    // Both ranks have id 0: the Rank column tells them apart by folder.
    QCOMPARE(model.index(0, ImportReportModel::RankColumn).data().toString(), QStringLiteral("0 · a"));
    QCOMPARE(model.index(1, ImportReportModel::RankColumn).data().toString(), QStringLiteral("0 · b"));

    // Cluster-level file: no rank, path relative to the profile root, byte offset.
    QCOMPARE(model.index(2, ImportReportModel::RankColumn).data().toString(), QStringLiteral("—"));
    QCOMPARE(model.index(2, ImportReportModel::RankColumn).data(ImportReportModel::SortRole).toInt(), -1);
    QCOMPARE(model.index(2, ImportReportModel::FileColumn).data().toString(),
             QStringLiteral("cluster_analysis_output/cluster.db"));
    QCOMPARE(model.index(2, ImportReportModel::ReasonColumn).data().toString(), QStringLiteral("not read (byte 4096)"));
    QVERIFY(model.index(2, ImportReportModel::ParseTimeColumn).data().toString().isEmpty());
}

void TestImportReportModel::messages()
{
    ImportMessageModel model;
    model.setProfile(handMadeProfile());
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.index(0).data().toString(), QStringLiteral("found 2 ranks"));
    QCOMPARE(model.index(0).data(ImportMessageModel::SeverityRole).toInt(), int(ImportMessage::Info));
    QCOMPARE(model.index(1).data(ImportMessageModel::SeverityRole).toInt(), int(ImportMessage::Warning));
    QCOMPARE(model.index(1).data(ImportMessageModel::PathRole).toString(), QStringLiteral("/data/jobs"));
    QVERIFY(model.index(1).data(Qt::ToolTipRole).toString().contains(QLatin1String("/data/jobs")));
    QCOMPARE(model.index(2).data(ImportMessageModel::SeverityRole).toInt(), int(ImportMessage::Error));
    model.setProfile(nullptr);
    QCOMPARE(model.rowCount(), 0);
}

void TestImportReportModel::rankSummary()
{
    RankSummaryModel model;
    model.setProfile(m_profile);
    QCOMPARE(model.rowCount(), 2);
    for (int row = 0; row < 2; ++row) {
        const RankInfo& info = m_profile->ranks[std::size_t(row)]->info;
        QCOMPARE(model.index(row, RankSummaryModel::RankColumn).data(RankSummaryModel::SortRole).toInt(), info.rankId);
        QCOMPARE(model.index(row, RankSummaryModel::LevelColumn).data().toString(), QStringLiteral("Level1"));
        QCOMPARE(model.index(row, RankSummaryModel::LayoutColumn).data().toString(), QStringLiteral("ascend_pt"));
        QVERIFY(model.index(row, RankSummaryModel::SlicesColumn).data(RankSummaryModel::SortRole).toLongLong() > 0);
        QVERIFY(model.index(row, RankSummaryModel::FlowsColumn).data(RankSummaryModel::SortRole).toLongLong() > 0);
        QCOMPARE(model.index(row, RankSummaryModel::KernelsColumn).data(RankSummaryModel::SortRole).toLongLong(), 191);
        QCOMPARE(model.index(row, RankSummaryModel::StepsColumn).data(RankSummaryModel::SortRole).toLongLong(), 1);
        int used = 0;
        for (const FileReport& f : m_profile->report.files)
            used += f.rankIndex == row && f.status == FileStatus::Used;
        QCOMPARE(model.index(row, RankSummaryModel::UsedColumn).data(RankSummaryModel::SortRole).toInt(), used);
        QCOMPARE(model.index(row, RankSummaryModel::BrokenColumn).data(RankSummaryModel::SortRole).toInt(), 0);
    }
    QVERIFY(!hasDuplicateRankIds(*m_profile));
    QVERIFY(rankDisambiguation(*m_profile, 0).isEmpty());
    QCOMPARE(rankRelativeFolder(*m_profile, 1), QStringLiteral("rank1_ascend_pt"));

    const ProfilePtr handMade = handMadeProfile();
    model.setProfile(handMade);
    QVERIFY(hasDuplicateRankIds(*handMade));
    QCOMPARE(model.index(0, RankSummaryModel::FolderColumn).data().toString(), QStringLiteral("a/rank0_ascend_pt"));
    QCOMPARE(model.index(0, RankSummaryModel::BrokenColumn).data(RankSummaryModel::SortRole).toInt(), 1);
    QCOMPARE(model.index(1, RankSummaryModel::UsedColumn).data(RankSummaryModel::SortRole).toInt(), 1);
    QCOMPARE(model.index(0, RankSummaryModel::LevelColumn).data().toString(), QStringLiteral("—"));
    // The one-pass summaries (memoised, what the model shows) count the same files by hand.
    const auto summaries = rankSummaries(*handMade);
    QCOMPARE(summaries->size(), handMade->ranks.size());
    QCOMPARE(summaries->at(0).filesBroken, 1);
    QCOMPARE(summaries->at(1).filesUsed, 1);
    QVERIFY(handMade->memo.has(QStringLiteral("rankSummaries")));
    QCOMPARE(rankSummaries(*handMade).get(), summaries.get());
}

QTEST_GUILESS_MAIN(TestImportReportModel)
#include "tst_importreportmodel.moc"
