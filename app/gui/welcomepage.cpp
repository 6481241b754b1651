// SPDX-License-Identifier: Apache-2.0
#include "welcomepage.h"

#include "common/statuscolors.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPainter>
#include <QPushButton>
#include <QStyle>
#include <QStyledItemDelegate>
#include <QVBoxLayout>

#include <algorithm>

namespace profscope {

namespace {

constexpr int kPathsRole = Qt::UserRole + 1;

// Two lines per recent entry: the folder name, then its full path in a
// muted colour, so that equal names from different jobs can be told apart.
class RecentDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        QSize size = QStyledItemDelegate::sizeHint(option, index);
        size.setHeight(option.fontMetrics.height() * 2 + 16);
        return size;
    }

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        QStyleOptionViewItem opt = option;
        initStyleOption(&opt, index);
        const QString title = opt.text;
        opt.text.clear();
        QStyle* style = opt.widget ? opt.widget->style() : QApplication::style();
        style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, opt.widget);

        const QRect textRect = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, opt.widget).adjusted(4, 6, -4, -6);
        const bool selected = opt.state & QStyle::State_Selected;
        const QPalette& pal = opt.palette;
        QFont bold = opt.font;
        bold.setBold(true);
        painter->save();
        painter->setFont(bold);
        painter->setPen(pal.color(selected ? QPalette::HighlightedText : QPalette::Text));
        const QFontMetrics boldMetrics(bold);
        QRect line = textRect;
        line.setHeight(boldMetrics.height());
        painter->drawText(line, Qt::AlignLeft | Qt::AlignVCenter, boldMetrics.elidedText(title, Qt::ElideRight, line.width()));
        painter->setFont(opt.font);
        painter->setPen(selected ? pal.color(QPalette::HighlightedText) : mutedTextColor(pal));
        line.translate(0, boldMetrics.height() + 2);
        line.setHeight(opt.fontMetrics.height());
        const QString path = index.data(Qt::ToolTipRole).toString();
        painter->drawText(line, Qt::AlignLeft | Qt::AlignVCenter, opt.fontMetrics.elidedText(path, Qt::ElideMiddle, line.width()));
        painter->restore();
    }
};

QLabel* heading(const QString& text, QWidget* parent)
{
    auto* label = new QLabel(text, parent);
    QFont font = label->font();
    font.setBold(true);
    font.setPointSizeF(font.pointSizeF() * 1.15);
    label->setFont(font);
    return label;
}

} // namespace

WelcomePage::WelcomePage(QWidget* parent)
    : QWidget(parent)
    , m_openButton(new QPushButton(tr("Open a profile folder…"), this))
    , m_recent(new QListWidget(this))
    , m_noRecent(new QLabel(tr("No recent folders yet."), this))
{
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(48, 32, 48, 32);
    outer->addStretch(1);

    auto* content = new QWidget(this);
    content->setMaximumWidth(1040);
    auto* column = new QVBoxLayout(content);
    column->setContentsMargins(0, 0, 0, 0);
    column->setSpacing(6);

    auto* title = new QLabel(tr("Profscope"), content);
    QFont titleFont = title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 2.4);
    titleFont.setBold(true);
    title->setFont(titleFont);
    column->addWidget(title);

    auto* subtitle = new QLabel(tr("A native viewer for MindSpore and Ascend PyTorch (torch_npu) profiler output."), content);
    QPalette subtitlePalette = subtitle->palette();
    subtitlePalette.setColor(QPalette::WindowText, mutedTextColor(palette()));
    subtitle->setPalette(subtitlePalette);
    subtitle->setWordWrap(true);
    column->addWidget(subtitle);
    column->addSpacing(20);

    auto* openRow = new QHBoxLayout;
    openRow->setSpacing(14);
    QFont buttonFont = m_openButton->font();
    buttonFont.setPointSizeF(buttonFont.pointSizeF() * 1.15);
    buttonFont.setBold(true);
    m_openButton->setFont(buttonFont);
    m_openButton->setIcon(style()->standardIcon(QStyle::SP_DirOpenIcon));
    m_openButton->setIconSize(QSize(22, 22));
    m_openButton->setMinimumHeight(46);
    m_openButton->setMinimumWidth(260);
    m_openButton->setDefault(true);
    openRow->addWidget(m_openButton);
    auto* dropHint = new QLabel(tr("or drop a folder or a profiler file onto this window  ·  %1").arg(QKeySequence(QKeySequence::Open).toString(QKeySequence::NativeText)), content);
    dropHint->setPalette(subtitlePalette);
    openRow->addWidget(dropHint);
    openRow->addStretch(1);
    // The demo of the first start stays one click away.
    auto* demo = new QPushButton(tr("Open the Demo Cluster"), content);
    demo->setObjectName(QStringLiteral("welcomeDemoButton"));
    demo->setToolTip(tr("A generated 8-rank cluster with a slow rank, a slow link and a host-bound rank to find"));
    connect(demo, &QPushButton::clicked, this, &WelcomePage::openDemoRequested);
    openRow->addWidget(demo);
    column->addLayout(openRow);
    column->addSpacing(28);

    auto* columns = new QHBoxLayout;
    columns->setSpacing(36);

    auto* recentColumn = new QVBoxLayout;
    recentColumn->setSpacing(8);
    recentColumn->addWidget(heading(tr("Recent folders"), content));
    m_recent->setItemDelegate(new RecentDelegate(m_recent));
    m_recent->setMinimumWidth(360);
    m_recent->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_recent->setToolTip(tr("Double-click or press Enter to open"));
    recentColumn->addWidget(m_recent);
    m_noRecent->setPalette(subtitlePalette);
    m_noRecent->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    recentColumn->addWidget(m_noRecent);
    recentColumn->addStretch(1);
    columns->addLayout(recentColumn, 5);

    auto* supportedColumn = new QVBoxLayout;
    supportedColumn->setSpacing(8);
    supportedColumn->addWidget(heading(tr("Supported folders"), content));
    auto* supported = new QLabel(content);
    supported->setWordWrap(true);
    supported->setTextFormat(Qt::RichText);
    supported->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    const QString item = QStringLiteral("<tr><td style='padding:3px 14px 3px 0'><b>%1</b></td><td style='padding:3px 0'>%2</td></tr>");
    supported->setText(
        QStringLiteral("<table cellspacing='0'>")
        + item.arg(QStringLiteral("*_ascend_ms"), tr("MindSpore 2.x profiler output"))
        + item.arg(QStringLiteral("*_ascend_pt"), tr("Ascend PyTorch (torch_npu) profiler output"))
        + item.arg(QStringLiteral("profiler/"), tr("MindInsight-era MindSpore profiler folder"))
        + item.arg(QStringLiteral("cluster_profiler/"), tr("legacy MindSpore cluster layout (one folder per host)"))
        + item.arg(QStringLiteral("PROF_*/device_N"), tr("CANN msprof output with timeline JSON"))
        + QStringLiteral("</table><p>")
        + tr("Open one rank folder, or a parent folder of many: every rank below it is found, and each file "
             "read or skipped is listed in the import report.")
        + QStringLiteral("</p>"));
    supportedColumn->addWidget(supported);
    supportedColumn->addStretch(1);
    columns->addLayout(supportedColumn, 6);
    column->addLayout(columns, 1);

    auto* centering = new QHBoxLayout;
    centering->addStretch(1);
    centering->addWidget(content, 100);
    centering->addStretch(1);
    outer->addLayout(centering, 4);
    outer->addStretch(1);

    connect(m_openButton, &QPushButton::clicked, this, &WelcomePage::openFolderRequested);
    connect(m_recent, &QListWidget::itemActivated, this,
            [this](QListWidgetItem* item) { emit openRecentRequested(item->data(kPathsRole).toStringList()); });

    setRecent({});
}

void WelcomePage::setRecent(const QList<QStringList>& recent)
{
    m_recent->clear();
    for (const QStringList& paths : recent) {
        if (paths.isEmpty())
            continue;
        QString name = QFileInfo(paths.first()).fileName();
        if (paths.size() > 1)
            name = tr("%1 and %n more", nullptr, int(paths.size() - 1)).arg(name);
        QStringList native;
        for (const QString& p : paths)
            native << QDir::toNativeSeparators(p);
        auto* item = new QListWidgetItem(name, m_recent);
        item->setToolTip(native.join(QStringLiteral("; ")));
        item->setData(kPathsRole, paths);
        item->setIcon(style()->standardIcon(QStyle::SP_DirIcon));
    }
    m_recent->setVisible(m_recent->count() > 0);
    m_noRecent->setVisible(m_recent->count() == 0);
    // As tall as the entries (up to six, then it scrolls): an almost empty
    // white box looks broken.
    const int rows = std::clamp(m_recent->count(), 1, 6);
    const int rowHeight = m_recent->sizeHintForRow(0) > 0 ? m_recent->sizeHintForRow(0) : fontMetrics().height() * 2 + 16;
    m_recent->setFixedHeight(rows * rowHeight + 2 * m_recent->frameWidth() + 4);
}

} // namespace profscope
