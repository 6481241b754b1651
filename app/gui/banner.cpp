// SPDX-License-Identifier: Apache-2.0
#include "banner.h"

#include "common/statuscolors.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QStyle>
#include <QToolButton>

namespace profscope {

Banner::Banner(QWidget* parent)
    : QFrame(parent)
    , m_icon(new QLabel(this))
    , m_text(new QLabel(this))
    , m_reportButton(new QPushButton(tr("Show report"), this))
    , m_closeButton(new QToolButton(this))
{
    setObjectName(QStringLiteral("profscopeBanner"));
    setFrameShape(QFrame::NoFrame);
    setAccessibleName(tr("Import notice"));

    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(14, 8, 8, 8);
    layout->setSpacing(10);
    layout->addWidget(m_icon, 0, Qt::AlignTop);
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_text->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_reportButton, 0, Qt::AlignVCenter);
    m_closeButton->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    m_closeButton->setAutoRaise(true);
    m_closeButton->setToolTip(tr("Hide this notice (the report stays under File → Import Report)"));
    m_closeButton->setAccessibleName(tr("Close"));
    layout->addWidget(m_closeButton, 0, Qt::AlignVCenter);

    connect(m_reportButton, &QPushButton::clicked, this, &Banner::showReportRequested);
    connect(m_closeButton, &QToolButton::clicked, this, &QWidget::hide);
    hide();
}

QString Banner::text() const
{
    return m_text->text();
}

void Banner::showMessage(Kind kind, const QString& text)
{
    m_kind = kind;
    m_text->setText(text);
    const QStyle::StandardPixmap pixmap = kind == Error ? QStyle::SP_MessageBoxCritical
        : kind == Warning                               ? QStyle::SP_MessageBoxWarning
                                                        : QStyle::SP_MessageBoxInformation;
    const int size = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this) + 4;
    m_icon->setPixmap(style()->standardIcon(pixmap, nullptr, this).pixmap(size, size));
    update();
    show();
}

void Banner::paintEvent(QPaintEvent* event)
{
    // A tint of the severity colour over the window colour, with a solid
    // edge line: readable in light and dark palettes alike. Painted rather
    // than style-sheeted so that it follows palette changes by itself.
    const ImportMessage::Severity severity = m_kind == Error ? ImportMessage::Error
        : m_kind == Warning                                  ? ImportMessage::Warning
                                                             : ImportMessage::Info;
    const QColor accent = severityColor(severity, palette());
    const QColor window = palette().color(QPalette::Window);
    const qreal a = isDarkPalette(palette()) ? 0.22 : 0.14;
    const QColor tint = QColor::fromRgbF(window.redF() * (1 - a) + accent.redF() * a,
                                         window.greenF() * (1 - a) + accent.greenF() * a,
                                         window.blueF() * (1 - a) + accent.blueF() * a);
    QPainter painter(this);
    painter.fillRect(rect(), tint);
    painter.fillRect(QRect(0, 0, 4, height()), accent);
    painter.fillRect(QRect(0, height() - 1, width(), 1), accent);
    QFrame::paintEvent(event);
}

} // namespace profscope
