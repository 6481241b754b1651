// SPDX-License-Identifier: Apache-2.0
// A page's heading row: titles and controls side by side when there is room,
// the controls on their own row under the titles when not, and never drawn
// over each other.
#include "common/headerbar.h"

#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QTest>
#include <QVBoxLayout>

using namespace profscope;

class TestHeaderBar : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void controlsMoveUnderTheTitlesWhenNarrow();
};

void TestHeaderBar::controlsMoveUnderTheTitlesWhenNarrow()
{
    QWidget page;
    auto* layout = new QVBoxLayout(&page);
    auto* bar = new HeaderBar(&page);
    auto* titles = new QVBoxLayout;
    auto* heading = new QLabel(QStringLiteral("Overview"));
    auto* subtitle = new QLabel(QStringLiteral("2 of 5 ranks with device step data (2 old-format ranks: iteration times "
                                               "in the step table) · average over 40 steps · 2 pipeline stages"));
    subtitle->setWordWrap(true);
    subtitle->setMinimumWidth(240);
    titles->addWidget(heading);
    titles->addWidget(subtitle);
    bar->setTitles(titles);
    auto* combo = new QComboBox;
    combo->addItem(QStringLiteral("Communication (not overlapped)"));
    auto* button = new QPushButton(QStringLiteral("Largest first"));
    bar->addControl(combo);
    bar->addControl(button);
    layout->addWidget(bar);
    layout->addStretch();

    const int controlsWidth = combo->sizeHint().width() + button->sizeHint().width();
    const int sideBySide = 240 + controlsWidth;
    // The bar never holds the page wider than the stacked form needs.
    QVERIFY(bar->minimumSizeHint().width() < sideBySide);

    const auto apart = [&] {
        const QRect text(subtitle->mapTo(&page, QPoint()), subtitle->size());
        for (QWidget* w : { static_cast<QWidget*>(combo), static_cast<QWidget*>(button) }) {
            const QRect control(w->mapTo(&page, QPoint()), w->size());
            if (text.intersects(control) || control.right() >= page.width())
                return false;
        }
        return true;
    };
    page.resize(sideBySide + 400, 300);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QTRY_VERIFY(!bar->stacked());
    QTRY_VERIFY(apart());
    QCOMPARE(combo->mapTo(&page, QPoint()).y() < subtitle->mapTo(&page, QPoint()).y() + subtitle->height(), true);

    page.resize(sideBySide - 60, 300);
    QTRY_VERIFY(bar->stacked());
    QTRY_VERIFY(apart());
    // Under the titles, not beside them.
    QVERIFY(combo->mapTo(&page, QPoint()).y() >= subtitle->mapTo(&page, QPoint()).y() + subtitle->height());

    page.resize(sideBySide + 400, 300);
    QTRY_VERIFY(!bar->stacked());
}

QTEST_MAIN(TestHeaderBar)
#include "tst_headerbar.moc"
