// SPDX-License-Identifier: Apache-2.0
#include "headerbar.h"

#include <QLabel>
#include <QLayout>
#include <QList>
#include <QRect>

#include <algorithm>

namespace profscope {

// The bar's own layout: one row when everything fits at its size hint (the
// titles taking the slack), else the titles on a row of their own and the
// controls flowed under them. Height depends on width (heightForWidth), so the
// page's vertical layout gives the bar the rows it needs.
class HeaderLayout : public QLayout
{
public:
    explicit HeaderLayout(QWidget* parent)
        : QLayout(parent)
    {
        setContentsMargins(0, 0, 0, 0);
    }
    ~HeaderLayout() override
    {
        for (Entry& e : m_entries)
            delete e.item;
    }

    void setTitles(QWidget* titles)
    {
        addChildWidget(titles);
        m_entries.prepend(Entry { new QWidgetItem(titles), true });
        invalidate();
    }
    void startGroup(int gapPixels, bool right)
    {
        m_pendingGroup = true;
        m_pendingGap = gapPixels;
        m_pendingRight = m_pendingRight || right;
    }

    void addItem(QLayoutItem* item) override
    {
        Entry e { item };
        e.groupStart = m_pendingGroup;
        e.groupGap = m_pendingGroup ? m_pendingGap : kGap;
        e.right = m_pendingRight;
        m_pendingGroup = false;
        m_entries.append(e);
        invalidate();
    }
    int count() const override
    {
        return int(m_entries.size());
    }
    QLayoutItem* itemAt(int index) const override
    {
        return index >= 0 && index < m_entries.size() ? m_entries[index].item : nullptr;
    }
    QLayoutItem* takeAt(int index) override
    {
        if (index < 0 || index >= m_entries.size())
            return nullptr;
        QLayoutItem* item = m_entries.takeAt(index).item;
        invalidate();
        return item;
    }
    Qt::Orientations expandingDirections() const override
    {
        return Qt::Horizontal;
    }
    bool hasHeightForWidth() const override
    {
        return true;
    }
    int heightForWidth(int width) const override
    {
        if (width != m_cachedWidth) {
            m_cachedWidth = width;
            m_cachedHeight = place(QRect(0, 0, width, 0), false).height;
        }
        return m_cachedHeight;
    }
    QSize sizeHint() const override
    {
        int width = 0;
        bool first = true;
        for (const Entry& e : m_entries) {
            if (e.item->isEmpty())
                continue;
            width += (first ? 0 : e.groupGap) + e.item->sizeHint().width();
            first = false;
        }
        return { width, place(QRect(0, 0, width, 0), false).height };
    }
    QSize minimumSize() const override
    {
        int width = 0;
        int height = 0;
        for (const Entry& e : m_entries) {
            if (e.item->isEmpty())
                continue;
            width = std::max(width, e.item->minimumSize().width());
            height = std::max(height, e.titles ? e.item->minimumSize().height() : e.item->sizeHint().height());
        }
        return { width, height };
    }
    void setGeometry(const QRect& rect) override
    {
        QLayout::setGeometry(rect);
        const Placement p = place(rect, true);
        m_oneRow = p.oneRow;
        m_controlRows = p.controlRows;
    }
    void invalidate() override
    {
        m_cachedWidth = -1;
        QLayout::invalidate();
    }

    bool oneRow() const
    {
        return m_oneRow;
    }
    int controlRows() const
    {
        return m_controlRows;
    }

private:
    static constexpr int kGap = 8; // between controls
    static constexpr int kRowGap = 4;

    struct Entry
    {
        QLayoutItem* item = nullptr;
        bool titles = false;
        bool groupStart = false; // a row may break before it without splitting a group
        int groupGap = kGap; // room before it on its row
        bool right = false; // at the row's right end while everything fits one row
    };
    struct Placement
    {
        int height = 0;
        bool oneRow = true;
        int controlRows = 0;
    };

    // A label with a buddy ("Stage:" for its combo) stays on its control's row.
    static bool namesNext(const Entry* e)
    {
        const auto* label = qobject_cast<QLabel*>(e->item->widget());
        return label && label->buddy();
    }

    static int itemHeight(const QLayoutItem* item, int width)
    {
        return item->hasHeightForWidth() ? item->heightForWidth(width) : item->sizeHint().height();
    }

    // Lays the visible entries out in `rect` (apply: moves the widgets) and
    // returns the height used. The same code answers heightForWidth, so the
    // height asked for is the height used.
    Placement place(const QRect& rect, bool apply) const
    {
        std::vector<const Entry*> shown;
        for (const Entry& e : m_entries)
            if (!e.item->isEmpty())
                shown.push_back(&e);
        Placement p;
        if (shown.empty())
            return p;
        const int width = std::max(1, rect.width());
        std::vector<int> widths;
        int oneRowWidth = 0;
        for (std::size_t i = 0; i < shown.size(); ++i) {
            const QLayoutItem* item = shown[i]->item;
            widths.push_back(std::min(width,
                shown[i]->titles ? item->minimumSize().width() : item->sizeHint().width()));
            oneRowWidth += (i == 0 ? 0 : shown[i]->groupGap) + widths.back();
        }
        if (oneRowWidth <= width) {
            // Everything on one row: the titles (else the gap before the
            // right-hand group) take the slack.
            const int slack = width - oneRowWidth;
            auto slackAt = std::find_if(shown.begin(), shown.end(), [](const Entry* e) { return e->titles; });
            if (slackAt == shown.end())
                slackAt = std::find_if(shown.begin(), shown.end(), [](const Entry* e) { return e->right; });
            std::vector<int> heights;
            int rowHeight = 0;
            for (std::size_t i = 0; i < shown.size(); ++i) {
                if (shown[i]->titles)
                    widths[i] += slack;
                heights.push_back(itemHeight(shown[i]->item, widths[i]));
                rowHeight = std::max(rowHeight, heights.back());
            }
            if (apply) {
                int x = rect.left();
                for (std::size_t i = 0; i < shown.size(); ++i) {
                    x += i == 0 ? 0 : shown[i]->groupGap;
                    if (shown.begin() + std::ptrdiff_t(i) == slackAt && !shown[i]->titles)
                        x += slack;
                    const int y = shown[i]->titles ? rect.top() : rect.top() + (rowHeight - heights[i]) / 2;
                    shown[i]->item->setGeometry(QRect(x, y, widths[i], heights[i]));
                    x += widths[i];
                }
            }
            p.height = rowHeight;
            return p;
        }

        // Stacked: the titles' row, then the controls flowed under them.
        p.oneRow = false;
        int y = rect.top();
        std::size_t first = 0;
        if (shown.front()->titles) {
            const int h = itemHeight(shown.front()->item, width);
            if (apply)
                shown.front()->item->setGeometry(QRect(rect.left(), y, width, h));
            y += h + kRowGap;
            first = 1;
        }
        std::vector<std::size_t> row;
        int x = 0;
        const auto flush = [&] {
            if (row.empty())
                return;
            int h = 0;
            for (std::size_t i : row)
                h = std::max(h, shown[i]->item->sizeHint().height());
            if (apply) {
                int left = rect.left();
                for (std::size_t k = 0; k < row.size(); ++k) {
                    const std::size_t i = row[k];
                    left += k == 0 ? 0 : shown[i]->groupGap;
                    const int ih = shown[i]->item->sizeHint().height();
                    shown[i]->item->setGeometry(QRect(left, y + (h - ih) / 2, widths[i], ih));
                    left += widths[i];
                }
            }
            y += h + kRowGap;
            ++p.controlRows;
            row.clear();
            x = 0;
        };
        // Width from entry i to the end of what must share its row: a group
        // when `wholeGroup`, else a label and the control it names.
        const auto spanWidth = [&](std::size_t i, bool wholeGroup) {
            int w = widths[i];
            for (std::size_t j = i + 1; j < shown.size(); ++j) {
                const bool together = wholeGroup ? !shown[j]->groupStart : namesNext(shown[j - 1]);
                if (!together)
                    break;
                w += shown[j]->groupGap + widths[j];
            }
            return w;
        };
        for (std::size_t i = first; i < shown.size(); ++i) {
            const int gap = row.empty() ? 0 : shown[i]->groupGap;
            const bool labelBefore = !row.empty() && namesNext(shown[i - 1]);
            if (!row.empty() && !labelBefore) {
                const bool startsGroup = shown[i]->groupStart;
                const int need = spanWidth(i, startsGroup);
                if (x + gap + need > width)
                    flush();
            }
            x += (row.empty() ? 0 : shown[i]->groupGap) + widths[i];
            row.push_back(i);
        }
        flush();
        p.height = y - kRowGap - rect.top();
        return p;
    }

    QList<Entry> m_entries;
    bool m_pendingGroup = false;
    int m_pendingGap = kGap;
    bool m_pendingRight = false;
    bool m_oneRow = true;
    int m_controlRows = 0;
    mutable int m_cachedWidth = -1;
    mutable int m_cachedHeight = 0;
};

HeaderBar::HeaderBar(QWidget* parent)
    : QWidget(parent)
    , m_layout(new HeaderLayout(this))
{
}

void HeaderBar::setTitles(QLayout* titles)
{
    titles->setContentsMargins(0, 0, 0, 0);
    auto* block = new QWidget(this);
    block->setLayout(titles);
    m_layout->setTitles(block);
}

void HeaderBar::addControl(QWidget* control)
{
    m_layout->addWidget(control);
}

void HeaderBar::addSpacing(int pixels)
{
    m_layout->startGroup(pixels, false);
}

void HeaderBar::addStretch()
{
    m_layout->startGroup(16, true);
}

bool HeaderBar::stacked() const
{
    return !m_layout->oneRow();
}

int HeaderBar::controlRows() const
{
    return m_layout->controlRows();
}

} // namespace profscope
