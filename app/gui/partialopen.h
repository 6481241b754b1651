// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "load/stepscan.h"
#include "model/loadfilter.h"

#include <QDialog>
#include <QFutureWatcher>
#include <QStringList>

class QCheckBox;
class QDialogButtonBox;
class QLabel;
class QListWidget;
class QProgressBar;
class QSpinBox;

namespace profscope {

// File → Open Part of a Profile…: after a folder is chosen, a quick scan
// (discovery and the step markers, no trace parsed) runs in the background
// with a progress bar; the dialog then lists the steps and ranks found and
// the user picks a step range and ranks for a partial import.
class PartialOpenDialog : public QDialog
{
    Q_OBJECT
public:
    PartialOpenDialog(const QStringList& paths, QWidget* parent = nullptr);
    ~PartialOpenDialog() override;

    LoadFilter filter() const;
    // For tests: the scan has finished and the choices are filled in.
    bool isScanned() const
    {
        return m_scanned;
    }

signals:
    void scanned();

private:
    void onScanned();
    void updateSummary();

    QFutureWatcher<QuickScan> m_watcher;
    QuickScan m_scan;
    bool m_scanned = false;
    QLabel* m_status;
    QProgressBar* m_progress;
    QCheckBox* m_allSteps;
    QSpinBox* m_firstStep;
    QSpinBox* m_lastStep;
    QListWidget* m_ranks;
    QLabel* m_summary;
    QDialogButtonBox* m_buttons;
};

// The whole flow: the folder dialog, then PartialOpenDialog. False when the
// user cancels; else the paths to open and the filter.
bool askPartialOpen(QWidget* parent, QStringList& paths, LoadFilter& filter);

} // namespace profscope
