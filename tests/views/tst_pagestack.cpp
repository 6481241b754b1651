// SPDX-License-Identifier: Apache-2.0
// PageStack: the main window's pages are not asked for their height at a
// width (QStackedLayout asks every page, hidden ones included, and laid out
// their wrapped labels' text on each layout request).
#include "common/pagestack.h"

#include <QLabel>
#include <QTest>
#include <QVBoxLayout>

using namespace profscope;

class TestPageStack : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void noHeightForWidth();
};

namespace {

// A page with a word-wrapped label: a height-for-width widget.
QWidget* wrappedPage(int* asked)
{
    class CountingLabel : public QLabel
    {
    public:
        CountingLabel(int* asked)
            : QLabel(QStringLiteral("<b>Why are the steps slow?</b> a long explanation that wraps over lines"))
            , m_asked(asked)
        {
            setWordWrap(true);
        }
        int heightForWidth(int width) const override
        {
            ++*m_asked;
            return QLabel::heightForWidth(width);
        }

    private:
        int* m_asked;
    };
    auto* page = new QWidget;
    auto* layout = new QVBoxLayout(page);
    layout->addWidget(new CountingLabel(asked));
    return page;
}

} // namespace

void TestPageStack::noHeightForWidth()
{
    // Two pages with wrapped labels; the first shown. What the hidden second page is asked counts.
    int shownPlain = 0;
    int hiddenPlain = 0;
    int shownStack = 0;
    int hiddenStack = 0;
    QStackedWidget plain;
    plain.addWidget(wrappedPage(&shownPlain));
    plain.addWidget(wrappedPage(&hiddenPlain));
    PageStack stack;
    stack.addWidget(wrappedPage(&shownStack));
    stack.addWidget(wrappedPage(&hiddenStack));
    // A plain stack reports height-for-width and asks the hidden page's label for it too.
    QVERIFY(plain.hasHeightForWidth());
    QVERIFY(plain.heightForWidth(300) > 0);
    QVERIFY(hiddenPlain > 0);
    QVERIFY(!stack.hasHeightForWidth());
    QCOMPARE(stack.heightForWidth(300), -1);
    QCOMPARE(hiddenStack, 0);
    // Pages still switch and fill the stack.
    stack.resize(400, 300);
    stack.show();
    QVERIFY(QTest::qWaitForWindowExposed(&stack));
    stack.setCurrentIndex(1);
    QCOMPARE(stack.currentWidget()->size(), stack.size());
    Q_UNUSED(shownPlain);
    Q_UNUSED(shownStack);
}

QTEST_MAIN(TestPageStack)
#include "tst_pagestack.moc"
