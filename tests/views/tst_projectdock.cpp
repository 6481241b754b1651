// SPDX-License-Identifier: Apache-2.0
// The project tree as a user drives it, with the mouse: Ctrl+click stacks
// ranks in the timeline, a plain click goes back to one rank, a host's or a
// pipeline stage's ranks stack from the context menu, many ranks start as
// summary rows.
#include "common/viewstate.h"
#include "generate/clustergenerator.h"
#include "projectdock.h"
#include "projecttreemodel.h"
#include "load/profileloader.h"
#include "testsupport.h"
#include "timeline/timelinemodel.h"
#include "timeline/timelinepage.h"
#include "timeline/timelinewidget.h"
#include "viewtestsupport.h"

#include <QAction>
#include <QMenu>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>
#include <QtConcurrent>

#include <memory>
#include <set>

using namespace profscope;

class TestProjectDock : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void ctrlClickStacksRanks();
    void hostAndStageMenus();
    void manyRanksStartAsSummaryRows();
    void treeBuiltOffTheGuiThread();

private:
    void click(ProjectDock& dock, int rankIndex, Qt::KeyboardModifiers modifiers = {});

    QTemporaryDir m_dir;
    ProfilePtr m_profile;
};

void TestProjectDock::initTestCase()
{
    QVERIFY(test::isolateUserLocations(QStringLiteral("tst_projectdock")));
    GeneratorOptions options;
    options.ranks = 16;
    options.steps = 2;
    options.ops = 8;
    options.pipelineStages = 2;
    QString error;
    QVERIFY2(generateCluster(m_dir.path(), options, &error), qPrintable(error));
    m_profile = ProfileLoader::load({ m_dir.path() });
    QCOMPARE(m_profile->ranks.size(), std::size_t(16));
}

void TestProjectDock::click(ProjectDock& dock, int rankIndex, Qt::KeyboardModifiers modifiers)
{
    const QModelIndex node = dock.model()->rankNode(rankIndex);
    QVERIFY(node.isValid());
    dock.tree()->scrollTo(node);
    const QRect rect = dock.tree()->visualRect(node);
    QVERIFY(!rect.isEmpty());
    // Not on the check box at the left: on the label.
    QTest::mouseClick(dock.tree()->viewport(), Qt::LeftButton, modifiers, QPoint(rect.right() - 10, rect.center().y()));
}

void TestProjectDock::ctrlClickStacksRanks()
{
    ViewState state;
    ProjectDock dock(&state);
    TimelinePage page(&state);
    dock.resize(300, 900);
    dock.show();
    state.setProfile(m_profile);
    dock.setProfile(m_profile);
    QVERIFY(QTest::qWaitForWindowExposed(&dock));

    click(dock, 2);
    QCOMPARE(state.currentRank(), 2);
    QVERIFY(state.timelineRanks().isEmpty());
    QCOMPARE(page.timeline()->model().ranks(), QList<int>({ 2 }));

    click(dock, 5, Qt::ControlModifier);
    click(dock, 7, Qt::ControlModifier);
    QCOMPARE(state.timelineRanks(), QList<int>({ 2, 5, 7 }));
    QCOMPARE(page.timeline()->model().ranks(), QList<int>({ 2, 5, 7 }));
    // One shared axis: every rank's group is a root lane of the one timeline.
    QCOMPARE(int(page.timeline()->model().roots().size()), 3);

    // Shift+click extends the selection to a range of ranks.
    click(dock, 9, Qt::ShiftModifier);
    QVERIFY(state.timelineRanks().size() >= 4);
    QVERIFY(state.timelineRanks().contains(9));

    // A plain click: one rank again.
    click(dock, 3);
    QVERIFY(state.timelineRanks().isEmpty());
    QCOMPARE(state.currentRank(), 3);
    QCOMPARE(page.timeline()->model().ranks(), QList<int>({ 3 }));

    // Stacked from elsewhere (an advice finding): the tree selects them, and
    // making one of them current keeps the stack.
    state.setTimelineRanks({ 1, 4 });
    QCOMPARE(dock.tree()->selectionModel()->selectedRows().size(), 2);
    state.setCurrentRank(4);
    QCOMPARE(state.timelineRanks(), QList<int>({ 1, 4 }));
    QCOMPARE(page.timeline()->model().ranks(), QList<int>({ 1, 4 }));
    // Another profile forgets the stack.
    state.setProfile(m_profile);
    QVERIFY(state.timelineRanks().isEmpty());
}

void TestProjectDock::hostAndStageMenus()
{
    ViewState state;
    ProjectDock dock(&state);
    state.setProfile(m_profile);
    dock.setProfile(m_profile);

    // The first host node and, independently, the ranks the profile puts on that host.
    const QModelIndex host = dock.model()->rankNode(0).parent();
    QCOMPARE(host.data(ProjectTreeModel::NodeKindRole).toInt(), int(ProjectTreeModel::HostNode));
    QList<int> onHost;
    for (std::size_t i = 0; i < m_profile->ranks.size(); ++i)
        if (m_profile->ranks[i]->info.host == m_profile->ranks[0]->info.host)
            onHost << int(i);
    QVERIFY(onHost.size() > 1);
    {
        std::unique_ptr<QMenu> menu(dock.createContextMenu(host));
        auto* action = menu->findChild<QAction*>(QStringLiteral("stackHostAction"));
        QVERIFY(action);
        action->trigger();
    }
    QCOMPARE(state.timelineRanks(), onHost);

    // A rank's pipeline stage: with pp = 2 over 16 ranks, 8 ranks, rank 0 among them.
    {
        std::unique_ptr<QMenu> menu(dock.createContextMenu(dock.model()->rankNode(0)));
        auto* action = menu->findChild<QAction*>(QStringLiteral("stackStageAction"));
        QVERIFY(action);
        action->trigger();
    }
    QCOMPARE(state.timelineRanks().size(), 8);
    QVERIFY(state.timelineRanks().contains(0));
}

void TestProjectDock::manyRanksStartAsSummaryRows()
{
    ViewState state;
    TimelinePage page(&state);
    state.setProfile(m_profile);
    QList<int> all;
    for (int r = 0; r < 16; ++r)
        all << r;
    state.setTimelineRanks(all);
    const TimelineModel& model = page.timeline()->model();
    QCOMPARE(model.ranks(), all);
    // Every rank starts as one summary row, the one looked at before too.
    for (int r : all)
        QVERIFY(model.isCollapsed(model.rankLane(r)));
    // Expanded by the user, a rank stays expanded when the stack grows.
    page.timeline()->model().setCollapsed(model.rankLane(3), false);
    state.setTimelineRanks(all.mid(0, 12));
    state.setTimelineRanks(all);
    QVERIFY(!model.isCollapsed(model.rankLane(3)));
    QVERIFY(model.isCollapsed(model.rankLane(14)));
    // A few ranks stay expanded.
    state.setTimelineRanks({ 0, 1 });
    QVERIFY(!model.isCollapsed(model.rankLane(0)));
}

// A large cluster's tree is built in a job (MainWindow above 256 ranks): built on another
// thread and handed to the dock, it is the tree the dock builds itself, icons included.
void TestProjectDock::treeBuiltOffTheGuiThread()
{
    ViewState state;
    state.setProfile(m_profile);
    ProjectDock direct(&state);
    direct.setProfile(m_profile);
    std::unique_ptr<QStandardItem> built(
        QtConcurrent::run([profile = m_profile] { return ProjectTreeModel::buildTree(*profile).release(); }).result());
    QVERIFY(built);
    ProjectDock handed(&state);
    handed.setProfile(m_profile, std::move(built));
    QCOMPARE(handed.model()->rankCount(), 16);
    // The same hosts, each once.
    std::set<QString> hostNames;
    const QModelIndex root = handed.model()->index(0, 0);
    for (int h = 0; h < handed.model()->rowCount(root); ++h)
        hostNames.insert(handed.model()->index(h, 0, root).data().toString());
    QCOMPARE(int(hostNames.size()), handed.model()->rowCount(root));
    QCOMPARE(handed.model()->rowCount(root), direct.model()->rowCount(direct.model()->index(0, 0)));
    QVERIFY(hostNames.size() > 1);
    for (int i = 0; i < 16; ++i) {
        const QModelIndex a = direct.model()->rankNode(i);
        const QModelIndex b = handed.model()->rankNode(i);
        QVERIFY(a.isValid() && b.isValid());
        QCOMPARE(b.data().toString(), a.data().toString());
        QCOMPARE(b.data(Qt::ToolTipRole).toString(), a.data(Qt::ToolTipRole).toString());
        QCOMPARE(b.data(Qt::CheckStateRole).toInt(), int(Qt::Checked));
        QVERIFY(!b.data(Qt::DecorationRole).value<QIcon>().isNull());
        QVERIFY(b.data().toString().contains(QString::number(m_profile->ranks[std::size_t(i)]->info.rankId)));
    }
    QVERIFY(!handed.model()->index(0, 0).data(Qt::DecorationRole).value<QIcon>().isNull());
    QVERIFY(!handed.model()->index(0, 0, root).data(Qt::DecorationRole).value<QIcon>().isNull());
    // The compare marks replace a rank's icon, and the kind's icon comes back after.
    handed.model()->setCompareRanks(2, -1);
    const QIcon marked = handed.model()->rankNode(2).data(Qt::DecorationRole).value<QIcon>();
    QVERIFY(!marked.isNull());
    QVERIFY(marked.cacheKey() != handed.model()->rankNode(3).data(Qt::DecorationRole).value<QIcon>().cacheKey());
    handed.model()->setCompareRanks(-1, -1);
    QCOMPARE(handed.model()->rankNode(2).data(Qt::DecorationRole).value<QIcon>().cacheKey(),
        handed.model()->rankNode(3).data(Qt::DecorationRole).value<QIcon>().cacheKey());
}

QTEST_MAIN(TestProjectDock)
#include "tst_projectdock.moc"
