// SPDX-License-Identifier: Apache-2.0
#include "partialopen.h"
#include "common/settingswriter.h"
#include "model/workpool.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPromise>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <QtConcurrent>

namespace profscope {

namespace {

constexpr const char* kLastDirKey = "partialOpen/lastDir";

} // namespace

PartialOpenDialog::PartialOpenDialog(const QStringList& paths, QWidget* parent)
    : QDialog(parent)
    , m_status(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_allSteps(new QCheckBox(tr("All steps"), this))
    , m_firstStep(new QSpinBox(this))
    , m_lastStep(new QSpinBox(this))
    , m_ranks(new QListWidget(this))
    , m_summary(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Open Part of a Profile"));
    resize(520, 560);
    auto* layout = new QVBoxLayout(this);
    auto* intro = new QLabel(tr("Load only some steps and ranks of a large run: events outside them are skipped "
                                "while reading. Folder: %1")
                                 .arg(QDir::toNativeSeparators(paths.join(QStringLiteral(", ")))),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_status->setText(tr("Scanning the folder for ranks and step markers…"));
    layout->addWidget(m_status);
    m_progress->setRange(0, 1000);
    layout->addWidget(m_progress);

    auto* steps = new QHBoxLayout;
    steps->addWidget(m_allSteps);
    steps->addSpacing(12);
    steps->addWidget(new QLabel(tr("Steps from"), this));
    steps->addWidget(m_firstStep);
    steps->addWidget(new QLabel(tr("to"), this));
    steps->addWidget(m_lastStep);
    steps->addStretch();
    layout->addLayout(steps);
    auto* ranksLabel = new QLabel(tr("Ranks:"), this);
    layout->addWidget(ranksLabel);
    layout->addWidget(m_ranks, 1);
    auto* rankButtons = new QHBoxLayout;
    auto* all = new QPushButton(tr("Check All"), this);
    auto* none = new QPushButton(tr("Check None"), this);
    rankButtons->addWidget(all);
    rankButtons->addWidget(none);
    rankButtons->addStretch();
    layout->addLayout(rankButtons);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    layout->addWidget(m_buttons);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("Load"));
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(false);
    for (QWidget* w : { static_cast<QWidget*>(m_allSteps), static_cast<QWidget*>(m_firstStep),
                        static_cast<QWidget*>(m_lastStep), static_cast<QWidget*>(m_ranks),
                        static_cast<QWidget*>(all), static_cast<QWidget*>(none) })
        w->setEnabled(false);

    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_allSteps, &QCheckBox::toggled, this, [this](bool on) {
        m_firstStep->setEnabled(!on && !m_scan.steps.empty());
        m_lastStep->setEnabled(!on && !m_scan.steps.empty());
        updateSummary();
    });
    connect(m_firstStep, &QSpinBox::valueChanged, this, [this](int v) {
        if (m_lastStep->value() < v)
            m_lastStep->setValue(v);
        updateSummary();
    });
    connect(m_lastStep, &QSpinBox::valueChanged, this, [this](int v) {
        if (m_firstStep->value() > v)
            m_firstStep->setValue(v);
        updateSummary();
    });
    connect(m_ranks, &QListWidget::itemChanged, this, &PartialOpenDialog::updateSummary);
    auto checkAll = [this](Qt::CheckState state) {
        for (int i = 0; i < m_ranks->count(); ++i)
            if (m_ranks->item(i)->flags() & Qt::ItemIsUserCheckable)
                m_ranks->item(i)->setCheckState(state);
    };
    connect(all, &QPushButton::clicked, this, [checkAll] { checkAll(Qt::Checked); });
    connect(none, &QPushButton::clicked, this, [checkAll] { checkAll(Qt::Unchecked); });
    connect(this, &PartialOpenDialog::scanned, this, [all, none] {
        all->setEnabled(true);
        none->setEnabled(true);
    });

    connect(&m_watcher, &QFutureWatcherBase::progressValueChanged, m_progress, &QProgressBar::setValue);
    connect(&m_watcher, &QFutureWatcherBase::finished, this, &PartialOpenDialog::onScanned);
    // The scan reads each rank's step markers (a byte search through its
    // trace): off the GUI thread, canceled when the dialog closes.
    m_watcher.setFuture(QtConcurrent::run(workPool(), [paths](QPromise<QuickScan>& promise) {
        promise.setProgressRange(0, 1000);
        QuickScan scan = quickScanProfile(paths, {}, [&promise](double f) {
            promise.setProgressValue(int(f * 1000.0));
            return !promise.isCanceled();
        });
        promise.addResult(std::move(scan));
    }));
}

PartialOpenDialog::~PartialOpenDialog()
{
    m_watcher.cancel();
    m_watcher.waitForFinished();
}

void PartialOpenDialog::onScanned()
{
    if (m_watcher.isCanceled() || m_watcher.future().resultCount() == 0)
        return;
    m_scan = m_watcher.result();
    m_scanned = true;
    m_progress->hide();
    const std::size_t withId = std::count_if(m_scan.ranks.begin(), m_scan.ranks.end(),
                                             [](const QuickScanRank& r) { return r.rankId >= 0; });
    if (m_scan.ranks.empty()) {
        m_status->setText(tr("No profiler output found in this folder."));
        emit scanned();
        return;
    }
    m_status->setText(m_scan.steps.empty()
            ? tr("%n rank(s) found; no step markers (ProfilerStep#N, STEP_TIME): only ranks can be chosen.", nullptr,
                 int(m_scan.ranks.size()))
            : tr("%n rank(s) found, steps %1.", nullptr, int(m_scan.ranks.size())).arg(formatIdList(m_scan.steps)));
    for (const QuickScanRank& r : m_scan.ranks) {
        const QString steps = r.steps.empty() ? tr("no step markers") : tr("steps %1").arg(formatIdList(r.steps));
        auto* item = new QListWidgetItem(
            r.rankId >= 0 ? tr("rank %1  —  %2  (%3)").arg(r.rankId).arg(r.displayName, steps)
                          : tr("%1  —  rank id unknown before loading, always loaded (%2)").arg(r.displayName, steps),
            m_ranks);
        item->setToolTip(QDir::toNativeSeparators(r.rootPath));
        if (r.rankId >= 0) {
            item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
            item->setCheckState(Qt::Checked);
        } else {
            item->setFlags(item->flags() & ~Qt::ItemIsEnabled);
        }
        item->setData(Qt::UserRole, r.rankId);
    }
    m_ranks->setEnabled(withId > 0);
    const bool hasSteps = !m_scan.steps.empty();
    if (hasSteps) {
        const int lo = int(m_scan.steps.front()), hi = int(m_scan.steps.back());
        m_firstStep->setRange(lo, hi);
        m_lastStep->setRange(lo, hi);
        m_firstStep->setValue(lo);
        m_lastStep->setValue(lo); // one step: the point of a partial import
        m_allSteps->setChecked(false);
        m_allSteps->setEnabled(true);
        m_firstStep->setEnabled(true);
        m_lastStep->setEnabled(true);
    } else {
        m_allSteps->setChecked(true);
    }
    emit scanned();
    updateSummary();
}

LoadFilter PartialOpenDialog::filter() const
{
    LoadFilter f;
    if (!m_scanned)
        return f;
    if (!m_allSteps->isChecked() && !m_scan.steps.empty()) {
        f.firstStep = m_firstStep->value();
        f.lastStep = m_lastStep->value();
    }
    bool allChecked = true;
    std::vector<int> ids;
    for (int i = 0; i < m_ranks->count(); ++i) {
        const QListWidgetItem* item = m_ranks->item(i);
        const int id = item->data(Qt::UserRole).toInt();
        if (id < 0)
            continue;
        if (item->checkState() == Qt::Checked)
            ids.push_back(id);
        else
            allChecked = false;
    }
    if (!allChecked) {
        std::sort(ids.begin(), ids.end());
        ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
        f.rankIds = ids;
    }
    return f;
}

void PartialOpenDialog::updateSummary()
{
    if (!m_scanned)
        return;
    const LoadFilter f = filter();
    PartialProfile p;
    p.filter = f;
    p.ranksFound = int(m_scan.ranks.size());
    p.stepsFound = m_scan.steps;
    // Ranks that will be read: the checked ones and those without an id.
    int loaded = 0;
    for (int i = 0; i < m_ranks->count(); ++i) {
        const QListWidgetItem* item = m_ranks->item(i);
        loaded += item->data(Qt::UserRole).toInt() < 0 || item->checkState() == Qt::Checked;
    }
    m_summary->setText(loaded == 0    ? tr("Check at least one rank.")
                           : f.isActive() ? tr("Will load %1.").arg(p.describe(loaded))
                                          : tr("Will load the whole profile (%n rank(s)).", nullptr, loaded));
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(loaded > 0);
}

bool askPartialOpen(QWidget* parent, QStringList& paths, LoadFilter& filter)
{
    QString start = settingValue(QLatin1String(kLastDirKey)).toString();
    if (start.isEmpty())
        start = QDir::homePath();
    const QString dir = QFileDialog::getExistingDirectory(parent, PartialOpenDialog::tr("Open Part of a Profile"), start);
    if (dir.isEmpty())
        return false;
    setSettingValue(QLatin1String(kLastDirKey), QFileInfo(dir).absolutePath());
    PartialOpenDialog dialog({ dir }, parent);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    paths = QStringList { dir };
    filter = dialog.filter();
    return true;
}

} // namespace profscope
