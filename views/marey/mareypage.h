// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "analysis/marey.h"
#include "common/export.h"

#include <QWidget>

#include <memory>

class QCheckBox;
class QComboBox;
class QLabel;
class QPushButton;
class QScrollArea;
class QSortFilterProxyModel;
class QTableView;

namespace profscope {

class DeferredRefresh;

class MareyCanvas;
class MareyOpsModel;
class ViewState;

// The Marey page: how the ops of every device line up in time, stage by
// stage (see MareyCanvas), for the ViewState's step and rank filter, with
// the ops of the zoomed window in a table below. Clicking an op opens it in
// the timeline of that rank.
class MareyPage : public QWidget, public Exportable
{
    Q_OBJECT
public:
    explicit MareyPage(ViewState* state, QWidget* parent = nullptr);
    ~MareyPage() override;

    QList<ExportItem> exportItems() const override;

    // For tests and the main window.
    MareyCanvas* canvas() const
    {
        return m_canvas;
    }
    MareyOpsModel* opsModel() const
    {
        return m_ops;
    }
    QSortFilterProxyModel* opsProxy() const
    {
        return m_proxy;
    }
    // What the chart shows (downsampled for big clusters) and everything.
    std::shared_ptr<const MareyData> data() const
    {
        return m_data;
    }
    std::shared_ptr<const MareyData> fullData() const
    {
        return m_full;
    }
    bool isBusy() const;
    // Ops per stage the chart draws at most (the longest and merged runs of
    // short ones); 0: automatic (every op up to 64 devices, 800 beyond).
    void setMaxOpsPerStage(int maxOps);
    // Above this many ranks the data is computed in the background.
    static constexpr int kSynchronousRanksUpTo = 64;

public Q_SLOTS:
    void refresh();

Q_SIGNALS:
    void dataChanged();

private:
    void onProfileChanged();
    void setMareyData(std::shared_ptr<const MareyData> data);
    void updateInfo();
    void openOp(int op, int device);
    void selectOp(int op);
    MareyOptions currentOptions() const;
    // What the chart draws for a window: the full data, or the window's ops
    // downsampled to m_budget per stage when there are more.
    std::shared_ptr<const MareyData> drawnData(TimeRange window) const;

    ViewState* m_state;
    std::shared_ptr<const MareyData> m_full; // every op
    std::shared_ptr<const MareyData> m_data; // drawn: m_full or the zoomed window downsampled
    TimeRange m_drawnWindow {};
    int m_budget = 0; // ops per stage the chart draws
    int m_budgetOverride = 0;
    QComboBox* m_stage = nullptr;
    QCheckBox* m_align = nullptr;
    QCheckBox* m_memory = nullptr;
    QPushButton* m_expand = nullptr;
    QPushButton* m_collapse = nullptr;
    QPushButton* m_resetZoom = nullptr;
    QPushButton* m_exportChart = nullptr;
    QPushButton* m_exportTable = nullptr;
    QLabel* m_info = nullptr;
    QScrollArea* m_scroll = nullptr;
    MareyCanvas* m_canvas = nullptr;
    MareyOpsModel* m_ops = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    QTableView* m_table = nullptr;
    DeferredRefresh* m_refresh = nullptr;
    bool m_profileStale = false;
};

} // namespace profscope
