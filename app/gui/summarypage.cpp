// SPDX-License-Identifier: Apache-2.0
#include "summarypage.h"

#include "common/pagewidgets.h"
#include "common/statuscolors.h"
#include "itemmodels/importreportmodel.h"
#include "itemmodels/ranksummarymodel.h"

#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QVBoxLayout>

#include <map>
#include <set>

namespace profscope {

namespace {

// Colours for the file-status counts and database-only ranks (views decide
// colours; the core model only has numbers).
class RankSummaryProxy : public QSortFilterProxyModel
{
public:
    RankSummaryProxy(const QWidget* paletteSource, QObject* parent)
        : QSortFilterProxyModel(parent)
        , m_paletteSource(paletteSource)
    {
        setSortRole(RankSummaryModel::SortRole);
    }

    QVariant data(const QModelIndex& index, int role) const override
    {
        if (role == Qt::ForegroundRole) {
            const QPalette& pal = m_paletteSource->palette();
            const int column = index.column();
            const qint64 n = QSortFilterProxyModel::data(index, RankSummaryModel::SortRole).toLongLong();
            if (column == RankSummaryModel::BrokenColumn && n > 0)
                return statusColor(FileStatus::Broken, pal);
            if (column == RankSummaryModel::UsedColumn && n > 0)
                return statusColor(FileStatus::Used, pal);
            // Zero counts recede so that what a rank has stands out.
            const bool isCount = column >= RankSummaryModel::SlicesColumn && column <= RankSummaryModel::BrokenColumn;
            if (isCount && n == 0)
                return mutedTextColor(pal);
        }
        return QSortFilterProxyModel::data(index, role);
    }

private:
    const QWidget* m_paletteSource;
};

void setupTable(QTableView* table)
{
    table->setSortingEnabled(true);
    table->setAlternatingRowColors(true);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    table->setShowGrid(false);
    table->setWordWrap(false);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->verticalHeader()->hide();
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 10);
    table->horizontalHeader()->setHighlightSections(false);
    table->horizontalHeader()->setStretchLastSection(true);
    table->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    table->horizontalHeader()->setMinimumSectionSize(56);
}

QLabel* heading(const QString& text, QWidget* parent)
{
    auto* label = new QLabel(text, parent);
    QFont font = label->font();
    font.setBold(true);
    label->setFont(font);
    return label;
}

void fitColumns(QTableView* table, int padding)
{
    QHeaderView* header = table->horizontalHeader();
    for (int c = 0; c < header->count() - (header->stretchLastSection() ? 1 : 0); ++c) {
        if (header->sectionResizeMode(c) == QHeaderView::Stretch || header->isSectionHidden(c))
            continue;
        table->resizeColumnToContents(c);
        header->resizeSection(c, header->sectionSize(c) + padding);
    }
}

} // namespace

SummaryPage::SummaryPage(QWidget* parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_path(new QLabel(this))
    , m_stats(new QLabel(this))
    , m_reportButton(new QPushButton(tr("Import report…"), this))
    , m_rankModel(new RankSummaryModel(this))
    , m_rankProxy(new RankSummaryProxy(this, this))
    , m_rankTable(new QTableView(this))
    , m_kindModel(new QStandardItemModel(this))
    , m_kindTable(new QTableView(this))
    , m_splitter(new QSplitter(Qt::Vertical, this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(20, 16, 20, 16);
    layout->setSpacing(6);

    auto* headerRow = new QHBoxLayout;
    auto* headerText = new QVBoxLayout;
    headerText->setSpacing(4);
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.6);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    headerText->addWidget(m_title);
    m_path->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QPalette muted = m_path->palette();
    muted.setColor(QPalette::WindowText, mutedTextColor(palette()));
    m_path->setPalette(muted);
    headerText->addWidget(m_path);
    headerText->addSpacing(4);
    headerText->addWidget(m_stats);
    headerRow->addLayout(headerText, 1);
    m_reportButton->setToolTip(tr("Every file that was found, with its status (Ctrl+R)"));
    headerRow->addWidget(m_reportButton, 0, Qt::AlignBottom);
    layout->addLayout(headerRow);
    layout->addSpacing(14);

    // Ranks above, files by kind below; the splitter lets a long rank list
    // take more room without a fixed split.
    m_splitter->setChildrenCollapsible(false);
    auto* rankSection = new QWidget(m_splitter);
    auto* rankLayout = new QVBoxLayout(rankSection);
    rankLayout->setContentsMargins(0, 0, 0, 8);
    rankLayout->setSpacing(6);
    rankLayout->addWidget(heading(tr("Ranks"), rankSection));
    m_rankProxy->setSourceModel(m_rankModel);
    setupTable(m_rankTable);
    m_rankTable->setModel(m_rankProxy);
    limitContentsSizing(m_rankTable);
    m_rankTable->sortByColumn(-1, Qt::AscendingOrder);
    // Columns keep their content width; a stretched last count column would
    // push its number far from the others.
    m_rankTable->horizontalHeader()->setStretchLastSection(false);
    rankLayout->addWidget(m_rankTable, 1);
    m_splitter->addWidget(rankSection);

    auto* kindSection = new QWidget(m_splitter);
    auto* kindLayout = new QVBoxLayout(kindSection);
    kindLayout->setContentsMargins(0, 8, 0, 0);
    kindLayout->setSpacing(6);
    kindLayout->addWidget(heading(tr("Files by kind"), kindSection));
    m_kindModel->setSortRole(kSortRole);
    setupTable(m_kindTable);
    m_kindTable->setModel(m_kindModel);
    limitContentsSizing(m_kindTable);
    // The name column takes the slack so the numbers stay together.
    m_kindTable->horizontalHeader()->setStretchLastSection(false);
    m_kindTable->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    kindLayout->addWidget(m_kindTable, 1);
    m_splitter->addWidget(kindSection);
    m_splitter->setStretchFactor(0, 0);
    m_splitter->setStretchFactor(1, 1);
    layout->addWidget(m_splitter, 1);

    connect(m_reportButton, &QPushButton::clicked, this, &SummaryPage::showReportRequested);
    connect(m_rankTable, &QTableView::activated, this,
        [this](const QModelIndex& index) { emit rankActivated(index.data(RankSummaryModel::RankIndexRole).toInt()); });
}

void SummaryPage::setProfile(const ProfilePtr& profile, qint64 loadMs)
{
    m_rankModel->setProfile(profile);
    m_kindModel->clear();
    if (!profile) {
        m_title->clear();
        m_path->clear();
        m_stats->clear();
        return;
    }
    const QFileInfo root(profile->rootPath);
    m_title->setText(root.fileName().isEmpty() ? QDir::toNativeSeparators(profile->rootPath) : root.fileName());
    m_path->setText(QDir::toNativeSeparators(root.absoluteFilePath()));

    std::set<QString> hosts;
    for (const auto& rank : profile->ranks)
        hosts.insert(rank->info.host);
    const ImportReport& report = profile->report;
    QStringList stats;
    stats << tr("%n rank(s)", nullptr, int(profile->ranks.size()));
    stats << tr("%n host(s)", nullptr, int(hosts.size()));
    stats << tr("%1 files used, %2 skipped, %3 broken")
                 .arg(report.countWithStatus(FileStatus::Used))
                 .arg(report.countWithStatus(FileStatus::Skipped))
                 .arg(report.countWithStatus(FileStatus::Broken));
    if (loadMs >= 1000)
        stats << tr("loaded in %1 s").arg(QLocale().toString(double(loadMs) / 1000.0, 'f', 1));
    else if (loadMs >= 0)
        stats << tr("loaded in %1 ms").arg(loadMs);
    m_stats->setText(stats.join(QStringLiteral("   ·   ")));

    fillKinds(*profile);
    m_kindTable->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    // Many profiles do not record the host; a column of dashes only takes room.
    m_rankTable->setColumnHidden(RankSummaryModel::HostColumn, hosts.size() == 1 && hosts.begin()->isEmpty());
    // The folder only matters when rank ids repeat (several jobs or levels).
    m_rankTable->setColumnHidden(RankSummaryModel::FolderColumn, !hasDuplicateRankIds(*profile));
    m_needsColumnFit = true;
    m_needsHeightFit = true;
    if (isVisible()) {
        fitTableColumns();
        fitRankTableHeight();
    }
}

void SummaryPage::fitTableColumns()
{
    fitColumns(m_rankTable, 0);
    fitColumns(m_kindTable, 24);
    m_needsColumnFit = false;
}

void SummaryPage::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_needsColumnFit)
        fitTableColumns();
    // The split depends on the page height, known once the page is shown.
    if (m_needsHeightFit)
        fitRankTableHeight();
}

void SummaryPage::fillKinds(const Profile& profile)
{
    struct KindTotals
    {
        int files = 0;
        int used = 0;
        int skipped = 0;
        int broken = 0;
        qint64 bytes = 0;
        double parseMs = 0;
    };
    std::map<QString, KindTotals> kinds;
    for (const FileReport& f : profile.report.files) {
        KindTotals& k = kinds[f.kind];
        ++k.files;
        k.used += f.status == FileStatus::Used;
        k.skipped += f.status == FileStatus::Skipped;
        k.broken += f.status == FileStatus::Broken;
        k.bytes += f.sizeBytes;
        k.parseMs += f.parseMs;
    }
    m_kindModel->setHorizontalHeaderLabels(
        { tr("Kind"), tr("Files"), tr("Used"), tr("Skipped"), tr("Broken"), tr("Total size"), tr("Parse time") });
    // Numbers are right-aligned; so are their headers.
    for (int c = 1; c < m_kindModel->columnCount(); ++c)
        m_kindModel->setHeaderData(c, Qt::Horizontal,
            QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter)), Qt::TextAlignmentRole);
    const QLocale locale;
    const auto number = [&](qint64 n, FileStatus colourFor, bool colour) {
        auto* item = sortableItem(locale.toString(n), n, kNumberAlignment);
        if (colour && n > 0)
            item->setForeground(statusColor(colourFor, palette()));
        else if (n == 0)
            item->setForeground(mutedTextColor(palette()));
        return item;
    };
    for (const auto& [kind, k] : kinds) {
        QList<QStandardItem*> row;
        auto* name = sortableItem(kind.isEmpty() ? tr("(not recognised)") : kind);
        if (kind.isEmpty())
            name->setForeground(mutedTextColor(palette()));
        row << name;
        row << number(k.files, FileStatus::Used, false);
        row << number(k.used, FileStatus::Used, false);
        row << number(k.skipped, FileStatus::Skipped, false);
        row << number(k.broken, FileStatus::Broken, true);
        row << sortableItem(ImportReportModel::formatBytes(k.bytes), k.bytes, kNumberAlignment);
        row << sortableItem(k.parseMs > 0 ? tr("%1 ms").arg(locale.toString(k.parseMs, 'f', 1)) : QString(), k.parseMs,
            kNumberAlignment);
        m_kindModel->appendRow(row);
    }
    m_kindTable->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
}

void SummaryPage::fitRankTableHeight()
{
    // Few ranks: the rank table is as tall as its rows and the kinds table
    // gets the rest. Many ranks: up to about 14 rows, then it scrolls.
    const int rows = std::clamp(m_rankModel->rowCount(), 1, 14);
    const int tableHeight = m_rankTable->horizontalHeader()->sizeHint().height()
        + rows * m_rankTable->verticalHeader()->defaultSectionSize() + 2 * m_rankTable->frameWidth()
        + m_rankTable->horizontalScrollBar()->sizeHint().height();
    const int sectionHeight = tableHeight + m_splitter->widget(0)->layout()->spacing()
        + m_splitter->widget(0)->layout()->contentsMargins().bottom() + fontMetrics().height() + 4;
    const int total = std::max(m_splitter->height(), 400);
    m_splitter->setSizes({ std::min(sectionHeight, total * 2 / 3), std::max(total - sectionHeight, total / 3) });
    m_needsHeightFit = false;
}

void SummaryPage::selectRank(int rankIndex)
{
    const QModelIndex source = m_rankModel->index(rankIndex, 0);
    const QModelIndex index = m_rankProxy->mapFromSource(source);
    if (!index.isValid())
        return;
    m_rankTable->selectRow(index.row());
    m_rankTable->scrollTo(index);
}

QList<ExportItem> SummaryPage::exportItems() const
{
    return {
        { QStringLiteral("summary-ranks"), nullptr, m_rankProxy },
        { QStringLiteral("summary-files"), nullptr, m_kindModel },
    };
}

} // namespace profscope
