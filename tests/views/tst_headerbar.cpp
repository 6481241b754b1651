// SPDX-License-Identifier: Apache-2.0
// A page's heading row: titles and controls side by side when there is room,
// the controls on their own row under the titles when not, and never drawn
// over each other.
#include "common/headerbar.h"

#include <QCheckBox>
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
    void controlsWrapWithoutClipping_data();
    void controlsWrapWithoutClipping();
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

void TestHeaderBar::controlsWrapWithoutClipping_data()
{
    QTest::addColumn<int>("width");
    QTest::addColumn<bool>("withTitles");
    // From one row down to narrower than the widest group.
    for (int width : { 1400, 900, 600, 420, 260 }) {
        QTest::addRow("%d px", width) << width << false;
        QTest::addRow("%d px, titles", width) << width << true;
    }
}

void TestHeaderBar::controlsWrapWithoutClipping()
{
    // The Marey page's row: a label and its combo, two check boxes; three
    // buttons; two export buttons pushed to the right. At any width every
    // control gets its size hint's width (so no text is cut), none overlaps
    // another or the titles, none runs past the right edge, and a label
    // stays on the row of the control it names.
    QFETCH(int, width);
    QFETCH(bool, withTitles);
    QWidget page;
    auto* layout = new QVBoxLayout(&page);
    auto* bar = new HeaderBar(&page);
    QLabel* heading = nullptr;
    if (withTitles) {
        auto* titles = new QVBoxLayout;
        heading = new QLabel(QStringLiteral("Memory · rank 12 (solid) vs rank 3 (dashed)"));
        titles->addWidget(heading);
        bar->setTitles(titles);
    }
    auto* label = new QLabel(QStringLiteral("Stage:"));
    auto* combo = new QComboBox;
    combo->addItem(QStringLiteral("All stages of the pipeline"));
    label->setBuddy(combo);
    QList<QWidget*> controls { label, combo, new QCheckBox(QStringLiteral("Align clocks")),
        new QCheckBox(QStringLiteral("Memory curve")) };
    for (QWidget* c : controls)
        bar->addControl(c);
    bar->addSpacing(16);
    for (const char* text : { "Expand All", "Collapse All", "Reset Zoom" }) {
        controls << new QPushButton(QLatin1String(text));
        bar->addControl(controls.back());
    }
    bar->addStretch();
    for (const char* text : { "Export Chart…", "Export Table…" }) {
        controls << new QPushButton(QLatin1String(text));
        bar->addControl(controls.back());
    }
    auto* below = new QLabel(QStringLiteral("below"));
    layout->addWidget(bar);
    layout->addWidget(below);
    layout->addStretch();
    page.resize(width, 400);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));

    int oneRow = 0;
    for (QWidget* c : controls)
        oneRow += c->sizeHint().width();
    const auto rectOf = [&](QWidget* w) { return QRect(w->mapTo(&page, QPoint()), w->size()); };
    QTRY_VERIFY(rectOf(controls.back()).right() < page.width());
    const QRect content = page.contentsRect().marginsRemoved(layout->contentsMargins());
    for (int i = 0; i < controls.size(); ++i) {
        const QRect r = rectOf(controls[i]);
        QVERIFY2(r.width() >= std::min(controls[i]->sizeHint().width(), content.width()), qPrintable(QString::number(i)));
        QVERIFY2(r.left() >= content.left() && r.right() <= content.right(), qPrintable(QString::number(i)));
        for (int j = i + 1; j < controls.size(); ++j)
            QVERIFY2(!r.intersects(rectOf(controls[j])), qPrintable(QStringLiteral("%1 %2").arg(i).arg(j)));
        if (heading)
            QVERIFY(!r.intersects(rectOf(heading)));
        // The bar is as tall as its rows: what follows it is below every control.
        QVERIFY(r.bottom() < rectOf(below).top());
    }
    // "Stage:" on the row of its combo.
    QVERIFY(std::abs(rectOf(label).center().y() - rectOf(combo).center().y()) <= 2);
    if (oneRow + 7 * 8 + 16 + 16 < content.width() - (heading ? heading->sizeHint().width() : 0)) {
        QVERIFY(!bar->stacked());
        QCOMPARE(bar->controlRows(), 0);
        // The export buttons at the right end.
        QVERIFY(rectOf(controls.back()).right() >= content.right() - 1);
    } else {
        QVERIFY(bar->stacked());
        QVERIFY(bar->controlRows() >= 1);
    }
}

QTEST_MAIN(TestHeaderBar)
#include "tst_headerbar.moc"
