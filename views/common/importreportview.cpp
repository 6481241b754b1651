// SPDX-License-Identifier: Apache-2.0
#include "importreportview.h"

#include "export.h"

#include "statuscolors.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QIdentityProxyModel>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QSaveFile>
#include <QShortcut>
#include <QSplitter>
#include <QStandardPaths>
#include <QStyle>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace profscope {

namespace {

constexpr int kFilterDebounceMs = 300;

// Spreadsheets split pasted text on tabs and newlines only, so those are
// the characters to neutralise.
QString tsvField(QString text)
{
    text.replace(QLatin1Char('\t'), QLatin1Char(' '));
    text.replace(QLatin1Char('\r'), QLatin1Char(' '));
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return text;
}

// Adds a severity icon to the message list.
class MessageDecorationModel : public QIdentityProxyModel
{
public:
    MessageDecorationModel(const QWidget* styleSource, QObject* parent)
        : QIdentityProxyModel(parent)
        , m_styleSource(styleSource)
    {
    }

    QVariant data(const QModelIndex& index, int role) const override
    {
        if (role == Qt::DecorationRole) {
            const auto severity = ImportMessage::Severity(index.data(ImportMessageModel::SeverityRole).toInt());
            QStyle* style = m_styleSource->style();
            switch (severity) {
            case ImportMessage::Info:
                return style->standardIcon(QStyle::SP_MessageBoxInformation, nullptr, m_styleSource);
            case ImportMessage::Warning:
                return style->standardIcon(QStyle::SP_MessageBoxWarning, nullptr, m_styleSource);
            case ImportMessage::Error:
                return style->standardIcon(QStyle::SP_MessageBoxCritical, nullptr, m_styleSource);
            }
        }
        return QIdentityProxyModel::data(index, role);
    }

private:
    const QWidget* m_styleSource;
};

// Paths keep both ends readable (folder and file name); everything else is
// cut at the end as usual.
class ElideMiddleDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        option->textElideMode = Qt::ElideMiddle;
    }
};

} // namespace

ImportReportFilterModel::ImportReportFilterModel(const QWidget* paletteSource, QObject* parent)
    : QSortFilterProxyModel(parent)
    , m_paletteSource(paletteSource)
{
    setFilterCaseSensitivity(Qt::CaseInsensitive);
    setSortCaseSensitivity(Qt::CaseInsensitive);
    setFilterKeyColumn(-1); // the text filter looks at every column
    setSortRole(ImportReportModel::SortRole);
}

void ImportReportFilterModel::setStatusFilter(int status)
{
    if (status == m_status)
        return;
    m_status = status;
    invalidateFilter();
}

bool ImportReportFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (m_status >= 0) {
        const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
        if (index.data(ImportReportModel::StatusRole).toInt() != m_status)
            return false;
    }
    return QSortFilterProxyModel::filterAcceptsRow(sourceRow, sourceParent);
}

QVariant ImportReportFilterModel::data(const QModelIndex& index, int role) const
{
    if (index.column() == ImportReportModel::StatusColumn) {
        const auto status = FileStatus(QSortFilterProxyModel::data(index, ImportReportModel::StatusRole).toInt());
        if (role == Qt::ForegroundRole)
            return statusColor(status, m_paletteSource->palette());
        if (role == Qt::DecorationRole)
            return colorDotIcon(statusColor(status, m_paletteSource->palette()));
    } else if (role == Qt::ForegroundRole && index.column() == ImportReportModel::ReasonColumn) {
        const auto status = FileStatus(QSortFilterProxyModel::data(index, ImportReportModel::StatusRole).toInt());
        // A broken file's reason is the thing to read; skipped reasons are routine.
        if (status == FileStatus::Broken)
            return statusColor(status, m_paletteSource->palette());
        if (status == FileStatus::Skipped)
            return mutedTextColor(m_paletteSource->palette());
    }
    return QSortFilterProxyModel::data(index, role);
}

ImportReportView::ImportReportView(QWidget* parent)
    : QWidget(parent)
    , m_model(new ImportReportModel(this))
    , m_messageModel(new ImportMessageModel(this))
    , m_proxy(new ImportReportFilterModel(this, this))
    , m_messagesTitle(new QLabel(this))
    , m_messages(new QListView(this))
    , m_filterEdit(new QLineEdit(this))
    , m_statusCombo(new QComboBox(this))
    , m_table(new QTableView(this))
    , m_summary(new QLabel(this))
    , m_copyButton(new QPushButton(tr("&Copy"), this))
    , m_exportButton(new QPushButton(tr("&Export CSV…"), this))
    , m_filterTimer(new QTimer(this))
    , m_splitter(new QSplitter(Qt::Vertical, this))
{
    m_proxy->setSourceModel(m_model);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 12, 12, 12);
    layout->setSpacing(8);

    // Messages above the files; a splitter so that long messages (they can
    // list many paths) can be given more room.
    m_splitter->setChildrenCollapsible(false);
    m_messagesPanel = new QWidget(m_splitter);
    auto* messagesLayout = new QVBoxLayout(m_messagesPanel);
    messagesLayout->setContentsMargins(0, 0, 0, 6);
    messagesLayout->setSpacing(6);
    QFont titleFont = m_messagesTitle->font();
    titleFont.setBold(true);
    m_messagesTitle->setFont(titleFont);
    messagesLayout->addWidget(m_messagesTitle);

    auto* decorated = new MessageDecorationModel(this, this);
    decorated->setSourceModel(m_messageModel);
    m_messages->setModel(decorated);
    m_messages->setWordWrap(true);
    m_messages->setUniformItemSizes(false);
    m_messages->setAlternatingRowColors(true);
    m_messages->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_messages->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_messages->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_messages->setResizeMode(QListView::Adjust);
    m_messages->setIconSize(QSize(16, 16));
    m_messages->setSpacing(2);
    messagesLayout->addWidget(m_messages, 1);
    m_splitter->addWidget(m_messagesPanel);

    auto* filesPanel = new QWidget(m_splitter);
    auto* filesLayout = new QVBoxLayout(filesPanel);
    filesLayout->setContentsMargins(0, 6, 0, 0);
    filesLayout->setSpacing(8);
    auto* filterRow = new QHBoxLayout;
    filterRow->setSpacing(8);
    m_filterEdit->setPlaceholderText(tr("Filter files, kinds, reasons…"));
    m_filterEdit->setClearButtonEnabled(true);
    m_filterEdit->setMinimumWidth(280);
    filterRow->addWidget(m_filterEdit, 1);
    auto* statusLabel = new QLabel(tr("&Status:"), this);
    statusLabel->setBuddy(m_statusCombo);
    filterRow->addSpacing(8);
    filterRow->addWidget(statusLabel);
    m_statusCombo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    filterRow->addWidget(m_statusCombo);
    filesLayout->addLayout(filterRow);

    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // keep the loader's order until the user sorts
    m_table->setAlternatingRowColors(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_table->setWordWrap(false);
    m_table->setShowGrid(false);
    m_table->setItemDelegateForColumn(ImportReportModel::FileColumn, new ElideMiddleDelegate(m_table));
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 10);
    m_table->horizontalHeader()->setHighlightSections(false);
    m_table->horizontalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setSectionResizeMode(ImportReportModel::ReasonColumn, QHeaderView::Stretch);
    m_table->horizontalHeader()->setMinimumSectionSize(48);
    filesLayout->addWidget(m_table, 1);
    m_splitter->addWidget(filesPanel);
    m_splitter->setStretchFactor(0, 0);
    m_splitter->setStretchFactor(1, 1);
    layout->addWidget(m_splitter, 1);

    auto* bottomRow = new QHBoxLayout;
    bottomRow->setSpacing(8);
    bottomRow->addWidget(m_summary, 1);
    // In a dialog these would otherwise grab Enter as default buttons.
    m_copyButton->setAutoDefault(false);
    m_exportButton->setAutoDefault(false);
    m_copyButton->setToolTip(tr("Copy the selected rows (or all shown rows) as tab-separated text"));
    m_exportButton->setToolTip(tr("Save the rows shown, after filtering, as a CSV file"));
    bottomRow->addWidget(m_copyButton);
    bottomRow->addWidget(m_exportButton);
    layout->addLayout(bottomRow);

    m_filterTimer->setSingleShot(true);
    m_filterTimer->setInterval(kFilterDebounceMs);
    connect(m_filterEdit, &QLineEdit::textChanged, m_filterTimer, qOverload<>(&QTimer::start));
    connect(m_filterTimer, &QTimer::timeout, this, &ImportReportView::applyTextFilter);
    connect(m_statusCombo, &QComboBox::currentIndexChanged, this,
            [this](int) { m_proxy->setStatusFilter(m_statusCombo->currentData().toInt()); });
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, &ImportReportView::updateSummary);
    connect(m_proxy, &QAbstractItemModel::rowsRemoved, this, &ImportReportView::updateSummary);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &ImportReportView::updateSummary);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &ImportReportView::updateSummary);
    connect(m_copyButton, &QPushButton::clicked, this, &ImportReportView::copyToClipboard);
    connect(m_exportButton, &QPushButton::clicked, this, &ImportReportView::exportCsvInteractive);
    auto* copyShortcut = new QShortcut(QKeySequence::Copy, m_table, nullptr, nullptr, Qt::WidgetShortcut);
    connect(copyShortcut, &QShortcut::activated, this, &ImportReportView::copyToClipboard);
    // Messages often name paths one wants to paste into a terminal.
    auto* copyMessages = new QShortcut(QKeySequence::Copy, m_messages, nullptr, nullptr, Qt::WidgetShortcut);
    connect(copyMessages, &QShortcut::activated, this, [this] {
        QModelIndexList rows = m_messages->selectionModel()->selectedIndexes();
        std::sort(rows.begin(), rows.end(), [](const QModelIndex& a, const QModelIndex& b) { return a.row() < b.row(); });
        QStringList texts;
        for (const QModelIndex& index : rows)
            texts << index.data().toString();
        if (!texts.isEmpty())
            QApplication::clipboard()->setText(texts.join(QLatin1Char('\n')));
    });

    setProfile(nullptr);
}

void ImportReportView::setProfile(ProfilePtr profile)
{
    m_model->setProfile(profile);
    m_messageModel->setProfile(profile);

    // Rebuild the status combo with counts, keeping the current choice.
    const int current = m_statusCombo->currentIndex() >= 0 ? m_statusCombo->currentData().toInt() : -1;
    const QSignalBlocker blocker(m_statusCombo);
    m_statusCombo->clear();
    const int total = profile ? int(profile->report.files.size()) : 0;
    m_statusCombo->addItem(tr("All (%1)").arg(total), -1);
    for (const FileStatus status : { FileStatus::Used, FileStatus::Skipped, FileStatus::Broken }) {
        const int n = profile ? profile->report.countWithStatus(status) : 0;
        m_statusCombo->addItem(colorDotIcon(statusColor(status, palette())),
                               tr("%1 (%2)").arg(ImportReportModel::statusText(status)).arg(n), int(status));
    }
    m_statusCombo->setCurrentIndex(std::max(0, m_statusCombo->findData(current)));
    m_proxy->setStatusFilter(m_statusCombo->currentData().toInt());

    updateMessages();
    updateSummary();
    m_needsFit = true;
    if (isVisible())
        fitColumns();
}

void ImportReportView::updateMessages()
{
    const int n = m_messageModel->rowCount();
    m_messagesTitle->setText(tr("Messages (%1)").arg(n));
    m_messagesPanel->setVisible(n > 0);
    m_needsFit = true;
}

void ImportReportView::fitMessages()
{
    if (!m_messagesPanel->isVisible())
        return;
    // Room for the messages as they wrap at the current width, but at most
    // about a third of the view; the splitter gives more on demand.
    const QFontMetrics fm = m_messages->fontMetrics();
    const int textWidth = std::max(200, m_messages->viewport()->width() - m_messages->iconSize().width() - 24);
    int wanted = 2 * m_messages->frameWidth() + 4;
    for (int row = 0; row < m_messageModel->rowCount(); ++row) {
        const QString text = m_messageModel->index(row).data().toString();
        const QRect bounds = fm.boundingRect(QRect(0, 0, textWidth, 100000), Qt::TextWordWrap, text);
        wanted += std::max(bounds.height(), m_messages->iconSize().height()) + 2 * m_messages->spacing() + 6;
    }
    const int title = m_messagesTitle->sizeHint().height() + 12;
    const int total = m_splitter->height();
    const int top = std::min(wanted + title, std::max(total / 3, 2 * fm.height() + title + 24));
    m_splitter->setSizes({ top, std::max(total - top, 100) });
}

void ImportReportView::fitColumns()
{
    QHeaderView* header = m_table->horizontalHeader();
    const int charWidth = m_table->fontMetrics().horizontalAdvance(QLatin1Char('x'));
    // Content-based widths, capped so that one long path does not push the
    // reasons off screen.
    int total = 0;
    for (int c = 0; c < ImportReportModel::ColumnCount; ++c) {
        if (c == ImportReportModel::ReasonColumn)
            continue;
        m_table->resizeColumnToContents(c);
        int cap = charWidth * 20;
        if (c == ImportReportModel::FileColumn)
            cap = charWidth * 48;
        else if (c == ImportReportModel::CountsColumn)
            cap = charWidth * 34;
        else if (c == ImportReportModel::KindColumn)
            cap = charWidth * 26;
        const int width = std::min(header->sectionSize(c) + 12, cap);
        header->resizeSection(c, width);
        total += width;
    }
    // The Reason column stretches into what is left; when that is too little,
    // take it from the wide text columns (their cells elide, tooltips show all).
    const int available = m_table->viewport()->width() > 100 ? m_table->viewport()->width() : width() - 40;
    const int reasonMin = charWidth * 46;
    int excess = total + reasonMin - available;
    // Kind mostly repeats the file name, so it gives first; the path last.
    const std::pair<int, int> shrinkable[] = { { ImportReportModel::KindColumn, 16 },
                                               { ImportReportModel::CountsColumn, 22 },
                                               { ImportReportModel::FileColumn, 30 } };
    for (const auto& [c, floorChars] : shrinkable) {
        if (excess <= 0)
            break;
        const int take = std::min(excess, std::max(0, header->sectionSize(c) - charWidth * floorChars));
        header->resizeSection(c, header->sectionSize(c) - take);
        excess -= take;
    }
    fitMessages();
    m_needsFit = false;
}

void ImportReportView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    // Widths depend on the viewport, known only once the dialog's layout has
    // run, which is after this event.
    if (m_needsFit)
        QTimer::singleShot(0, this, [this] {
            if (m_needsFit)
                fitColumns();
        });
}

void ImportReportView::applyTextFilter()
{
    m_filterTimer->stop();
    m_proxy->setFilterFixedString(m_filterEdit->text().trimmed());
}

void ImportReportView::setTextFilter(const QString& text)
{
    {
        const QSignalBlocker blocker(m_filterEdit);
        m_filterEdit->setText(text);
    }
    applyTextFilter();
}

void ImportReportView::setStatusFilter(int status)
{
    const int index = m_statusCombo->findData(status);
    if (index >= 0)
        m_statusCombo->setCurrentIndex(index);
}

QString ImportReportView::summaryText() const
{
    const ProfilePtr& profile = m_model->profile();
    if (!profile)
        return tr("No profile loaded");
    const ImportReport& report = profile->report;
    QString text = tr("%1 used, %2 skipped, %3 broken")
                       .arg(report.countWithStatus(FileStatus::Used))
                       .arg(report.countWithStatus(FileStatus::Skipped))
                       .arg(report.countWithStatus(FileStatus::Broken));
    if (m_proxy->rowCount() != m_model->rowCount())
        text += QStringLiteral("  ·  ") + tr("showing %1 of %2 files").arg(m_proxy->rowCount()).arg(m_model->rowCount());
    if (report.canceled)
        text += QStringLiteral("  ·  ") + tr("loading was canceled");
    return text;
}

void ImportReportView::updateSummary()
{
    m_summary->setText(summaryText());
    const bool any = m_proxy->rowCount() > 0;
    m_copyButton->setEnabled(any);
    m_exportButton->setEnabled(any);
}

QList<int> ImportReportView::shownColumns() const
{
    QList<int> columns;
    const QHeaderView* header = m_table->horizontalHeader();
    for (int visual = 0; visual < header->count(); ++visual) {
        const int logical = header->logicalIndex(visual);
        if (!header->isSectionHidden(logical))
            columns << logical;
    }
    return columns;
}

QStringList ImportReportView::rowTexts(int proxyRow, const QList<int>& columns) const
{
    QStringList texts;
    texts.reserve(columns.size());
    for (const int c : columns)
        texts << m_proxy->index(proxyRow, c).data(Qt::DisplayRole).toString();
    return texts;
}

QString ImportReportView::toCsv() const
{
    return modelToCsv(*m_proxy, shownColumns());
}

QString ImportReportView::toTsv(bool selectedOnly) const
{
    const QList<int> columns = shownColumns();
    QList<int> rows;
    if (selectedOnly && m_table->selectionModel()) {
        for (const QModelIndex& index : m_table->selectionModel()->selectedRows())
            rows << index.row();
        std::sort(rows.begin(), rows.end());
    }
    if (rows.isEmpty())
        for (int row = 0; row < m_proxy->rowCount(); ++row)
            rows << row;
    QStringList lines;
    QStringList header;
    for (const int c : columns)
        header << tsvField(m_proxy->headerData(c, Qt::Horizontal).toString());
    lines << header.join(QLatin1Char('\t'));
    for (const int row : rows) {
        QStringList fields = rowTexts(row, columns);
        for (QString& f : fields)
            f = tsvField(f);
        lines << fields.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

bool ImportReportView::exportCsv(const QString& path, QString* error) const
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = file.errorString();
        return false;
    }
    file.write(toCsv().toUtf8());
    if (!file.commit()) {
        if (error)
            *error = file.errorString();
        return false;
    }
    return true;
}

void ImportReportView::copyToClipboard()
{
    auto* mime = new QMimeData;
    mime->setText(toTsv(true));
    QApplication::clipboard()->setMimeData(mime);
}

void ImportReportView::exportCsvInteractive()
{
    QString dir = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (dir.isEmpty())
        dir = QDir::homePath();
    const QString suggested = QDir(dir).filePath(QStringLiteral("import-report.csv"));
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Import Report"), suggested,
                                                      tr("CSV files (*.csv);;All files (*)"));
    if (path.isEmpty())
        return;
    QString error;
    if (!exportCsv(path, &error))
        QMessageBox::warning(this, tr("Export Import Report"),
                             tr("Could not write %1:\n%2").arg(QDir::toNativeSeparators(path), error));
}

void ImportReportView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::StyleChange) {
        // Status colours depend on whether the palette is light or dark.
        for (int i = 1; i < m_statusCombo->count(); ++i)
            m_statusCombo->setItemIcon(i, colorDotIcon(statusColor(FileStatus(m_statusCombo->itemData(i).toInt()), palette())));
        m_table->viewport()->update();
    }
}

} // namespace profscope
