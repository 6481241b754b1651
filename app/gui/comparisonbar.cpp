// SPDX-License-Identifier: Apache-2.0
#include "comparisonbar.h"

#include "common/statuscolors.h"

#include <QDir>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QStyle>
#include <QToolButton>

#include <algorithm>

namespace profscope {

namespace {

// The comparison run's colour, as the project tree marks the comparison rank.
QColor comparisonAccent(const QPalette& palette)
{
    return isDarkPalette(palette) ? QColor(0xf0, 0x88, 0x3e) : QColor(0xbc, 0x4c, 0x00);
}

} // namespace

ComparisonBar::ComparisonBar(QWidget* parent)
    : QFrame(parent)
    , m_text(new QLabel(this))
    , m_mappingButton(new QPushButton(tr("Edit mapping…"), this))
    , m_reportButton(new QPushButton(tr("Import report"), this))
    , m_closeButton(new QToolButton(this))
{
    setObjectName(QStringLiteral("comparisonBar"));
    setFrameShape(QFrame::NoFrame);
    setAccessibleName(tr("Run comparison"));

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(14, 6, 8, 6);
    layout->setSpacing(10);
    m_text->setTextFormat(Qt::PlainText);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_text->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    layout->addWidget(m_text, 1);
    m_mappingButton->setObjectName(QStringLiteral("editMappingButton"));
    m_mappingButton->setToolTip(tr("Choose which rank of the comparison run stands for each rank of the base run"));
    layout->addWidget(m_mappingButton, 0, Qt::AlignVCenter);
    m_reportButton->setObjectName(QStringLiteral("comparisonReportButton"));
    m_reportButton->setToolTip(tr("The import report of the comparison run"));
    layout->addWidget(m_reportButton, 0, Qt::AlignVCenter);
    m_closeButton->setObjectName(QStringLiteral("closeComparisonButton"));
    m_closeButton->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    m_closeButton->setAutoRaise(true);
    m_closeButton->setToolTip(tr("Close the comparison (File → Close Comparison)"));
    m_closeButton->setAccessibleName(tr("Close Comparison"));
    layout->addWidget(m_closeButton, 0, Qt::AlignVCenter);

    connect(m_mappingButton, &QPushButton::clicked, this, &ComparisonBar::editMappingRequested);
    connect(m_reportButton, &QPushButton::clicked, this, &ComparisonBar::showReportRequested);
    connect(m_closeButton, &QToolButton::clicked, this, &ComparisonBar::closeRequested);
    hide();
}

QString ComparisonBar::text() const
{
    return m_fullText;
}

void ComparisonBar::showComparison(
    const QString& path, int rankCount, const QString& mapping, const QString& mappingToolTip)
{
    m_path = QDir::toNativeSeparators(path);
    m_rankCount = rankCount;
    m_mapping = mapping;
    m_fullText = tr("Comparing with %1 (%n rank(s)) · mapping %2", nullptr, rankCount).arg(m_path, mapping);
    m_text->setToolTip(tr("Comparison run: %1\nRank mapping (base:comparison): %2").arg(m_path, mappingToolTip));
    updateText();
    update();
    show();
}

void ComparisonBar::updateText()
{
    const QFontMetrics metrics = m_text->fontMetrics();
    const int room = m_text->width();
    const QString rest =
        tr("Comparing with %1 (%n rank(s)) · mapping %2", nullptr, m_rankCount).arg(QString(), m_mapping);
    const int pathRoom =
        std::max(metrics.horizontalAdvance(QStringLiteral("…/wwwwwwww")), room - metrics.horizontalAdvance(rest) - 8);
    const QString path = metrics.elidedText(m_path, Qt::ElideMiddle, pathRoom);
    m_text->setText(tr("Comparing with %1 (%n rank(s)) · mapping %2", nullptr, m_rankCount).arg(path, m_mapping));
}

void ComparisonBar::resizeEvent(QResizeEvent* event)
{
    QFrame::resizeEvent(event);
    updateText();
}

void ComparisonBar::paintEvent(QPaintEvent* event)
{
    // As the banner: a tint of the comparison colour with a solid edge line,
    // painted so that it follows palette (theme) changes by itself.
    const QColor accent = comparisonAccent(palette());
    const QColor window = palette().color(QPalette::Window);
    const qreal a = isDarkPalette(palette()) ? 0.20 : 0.12;
    const QColor tint = QColor::fromRgbF(window.redF() * (1 - a) + accent.redF() * a,
        window.greenF() * (1 - a) + accent.greenF() * a, window.blueF() * (1 - a) + accent.blueF() * a);
    QPainter painter(this);
    painter.fillRect(rect(), tint);
    painter.fillRect(QRect(0, 0, 4, height()), accent);
    painter.fillRect(QRect(0, height() - 1, width(), 1), accent);
    QFrame::paintEvent(event);
}

} // namespace profscope
