// SPDX-License-Identifier: Apache-2.0
#include "pagebar.h"

#include "common/viewstate.h"
#include "dataprep/dataprepage.h"
#include "resources/resourcespage.h"
#include "steptrace/steptracepage.h"
#include "strategy/strategypage.h"

#include <QActionGroup>
#include <QComboBox>
#include <QCoreApplication>
#include <QLabel>

#include <algorithm>

namespace profscope {

namespace {
// The main window's context, where these strings were translated first.
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::MainWindow)
};
} // namespace

QString pageTitle(Page page)
{
    switch (page) {
    case Page::Summary:
        return Tr::tr("Summary");
    case Page::Overview:
        return Tr::tr("Overview");
    case Page::StepTrace:
        return Tr::tr("Step Trace");
    case Page::Timeline:
        return Tr::tr("Timeline");
    case Page::Operators:
        return Tr::tr("Operators");
    case Page::Communication:
        return Tr::tr("Communication");
    case Page::Marey:
        return Tr::tr("Marey");
    case Page::Memory:
        return Tr::tr("Memory");
    case Page::DataPrep:
        return Tr::tr("Data Preparation");
    case Page::Resources:
        return Tr::tr("Resources");
    case Page::Strategy:
        return Tr::tr("Strategy");
    }
    return {};
}

QString pageObjectName(Page page)
{
    static const char* const names[] = { "summary", "overview", "steptrace", "timeline", "operators", "communication",
        "marey", "memory", "dataprep", "resources", "strategy" };
    return QString::fromLatin1(names[int(page)]);
}

PageBar::PageBar(ViewState* state, QWidget* parent)
    : QToolBar(Tr::tr("Pages"), parent)
    , m_state(state)
    , m_group(new QActionGroup(this))
{
    setObjectName(QStringLiteral("pageBar"));
    setMovable(false);
    setFloatable(false);
    setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_group->setExclusive(true);
    for (int i = 0; i < kPageCount; ++i) {
        const auto page = Page(i);
        QAction* action = addAction(pageTitle(page));
        action->setObjectName(pageObjectName(page) + QStringLiteral("PageAction"));
        action->setCheckable(true);
        // Ctrl+1 … Ctrl+9 for the first nine pages (Ctrl+0 is the timeline's zoom reset).
        if (i < 9) {
            action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
            action->setShortcutContext(Qt::WindowShortcut);
            action->setToolTip(
                QStringLiteral("%1 (%2)").arg(pageTitle(page), action->shortcut().toString(QKeySequence::NativeText)));
        } else {
            action->setToolTip(pageTitle(page));
        }
        action->setData(i);
        m_group->addAction(action);
        m_actions[std::size_t(i)] = action;
        connect(action, &QAction::triggered, this, [this, page] { emit pageRequested(page); });
    }
    auto* spacer = new QWidget(this);
    spacer->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    addWidget(spacer);
    auto* stepLabel = new QLabel(Tr::tr("Step:"), this);
    stepLabel->setContentsMargins(8, 0, 6, 0);
    addWidget(stepLabel);
    m_stepCombo = new QComboBox(this);
    m_stepCombo->setObjectName(QStringLiteral("stepCombo"));
    m_stepCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_stepCombo->setMinimumContentsLength(14);
    m_stepCombo->setToolTip(Tr::tr("The step all pages show; \"All steps\" averages the overview over the steps"));
    stepLabel->setBuddy(m_stepCombo);
    addWidget(m_stepCombo);
    connect(m_stepCombo, &QComboBox::currentIndexChanged, this, [this](int row) {
        if (row >= 0)
            m_state->setStep(m_stepCombo->itemData(row).toString());
    });
    connect(m_state, &ViewState::profileChanged, this, &PageBar::refillSteps);
    connect(m_state, &ViewState::stepChanged, this, [this](const QString& step) {
        const int row = m_stepCombo->findData(step);
        if (row >= 0 && row != m_stepCombo->currentIndex())
            m_stepCombo->setCurrentIndex(row);
    });
    refillSteps();
}

void PageBar::refillSteps()
{
    const QSignalBlocker blocker(m_stepCombo);
    m_stepCombo->clear();
    m_stepCombo->addItem(Tr::tr("All steps"), QString());
    for (const QString& step : m_state->steps())
        m_stepCombo->addItem(Tr::tr("Step %1").arg(step), step);
    m_stepCombo->setCurrentIndex(std::max(0, m_stepCombo->findData(m_state->step())));
    m_stepCombo->setEnabled(!m_state->steps().isEmpty());
}

void PageBar::updateActions(const Profile* profile, int current, const PageWidgets& pages)
{
    const bool loaded = profile != nullptr;
    setEnabled(loaded);
    // Data Preparation is offered only for profiles with MindData files.
    action(Page::DataPrep)->setVisible(loaded && DataPrepPage::hasData(*profile));
    action(Page::StepTrace)->setVisible(loaded && StepTracePage::hasData(*profile));
    // Strategy only for profiles with parallel_strategy_{rank}.json.
    action(Page::Strategy)->setVisible(loaded && StrategyPage::hasData(*profile));
    for (int i = 0; i < kPageCount; ++i) {
        QAction* pageAction = m_actions[std::size_t(i)];
        pageAction->setEnabled(loaded);
        // Pages of data only some profiles have appear only with it (decided from what
        // was loaded: the page itself computes its contents in a job, when shown).
        if (qobject_cast<const ResourcesPage*>(pages[std::size_t(i)]))
            pageAction->setVisible(loaded && ResourcesPage::hasData(*profile));
        if (i == current)
            pageAction->setChecked(true);
    }
    if (current < 0) {
        // Nothing checked on the welcome / loading page.
        m_group->setExclusionPolicy(QActionGroup::ExclusionPolicy::ExclusiveOptional);
        if (QAction* checked = m_group->checkedAction())
            checked->setChecked(false);
        m_group->setExclusionPolicy(QActionGroup::ExclusionPolicy::Exclusive);
    }
}

} // namespace profscope
