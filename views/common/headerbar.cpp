// SPDX-License-Identifier: Apache-2.0
#include "headerbar.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QResizeEvent>

#include <algorithm>

namespace profscope {

HeaderBar::HeaderBar(QWidget* parent)
    : QWidget(parent)
    , m_grid(new QGridLayout(this))
    , m_titles(new QWidget(this))
    , m_controls(new QWidget(this))
    , m_controlRow(new QHBoxLayout(m_controls))
{
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setHorizontalSpacing(8);
    m_grid->setVerticalSpacing(4);
    m_controlRow->setContentsMargins(0, 0, 0, 0);
    m_controlRow->setSpacing(8);
    arrange(false);
}

void HeaderBar::setTitles(QLayout* titles)
{
    titles->setContentsMargins(0, 0, 0, 0);
    m_titles->setLayout(titles);
}

void HeaderBar::addControl(QWidget* control)
{
    m_controlRow->addWidget(control);
}

void HeaderBar::addSpacing(int pixels)
{
    m_controlRow->addSpacing(pixels);
}

int HeaderBar::sideBySideWidth() const
{
    return m_titles->minimumSizeHint().width() + m_grid->horizontalSpacing() + m_controls->sizeHint().width();
}

QSize HeaderBar::minimumSizeHint() const
{
    // The stacked form's: the titles' or the controls' minimum, whichever is wider.
    const int width = std::max(m_titles->minimumSizeHint().width(), m_controls->minimumSizeHint().width());
    return { width, QWidget::minimumSizeHint().height() };
}

void HeaderBar::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    const bool stack = event->size().width() < sideBySideWidth();
    if (stack != m_stacked)
        arrange(stack);
}

void HeaderBar::arrange(bool stacked)
{
    m_stacked = stacked;
    m_grid->removeWidget(m_titles);
    m_grid->removeWidget(m_controls);
    m_grid->addWidget(m_titles, 0, 0);
    if (stacked) {
        m_grid->addWidget(m_controls, 1, 0, Qt::AlignLeft);
        m_grid->setColumnStretch(1, 0);
    } else {
        m_grid->addWidget(m_controls, 0, 1, Qt::AlignRight | Qt::AlignVCenter);
    }
    m_grid->setColumnStretch(0, 1);
    updateGeometry();
}

} // namespace profscope
