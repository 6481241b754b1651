// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "common/export.h"

#include <QWidget>

#include <memory>

#include <functional>

class QComboBox;
class QLabel;
class QSortFilterProxyModel;
class QStackedWidget;
class QTabWidget;
class QTableView;
class QToolButton;

namespace profscope {

class DeferredRefresh;
struct MatrixQuery;

class CommComparePanel;
class CommDurationBars;
class CommDurationModel;
class CommHeatmap;
class CommLinkOpsModel;
class CommMatrixModel;
class CommOpModel;
class CommOpTimeline;
class CommPacketChart;
class ViewState;

// Communication of a profile: the src x dst matrix of one group / step / op
// (heatmap with slow links, the ops behind a link), and the duration
// analysis of the group (time split per rank with slow ranks, bandwidth per
// transport, per-op table, packet sizes, op thumbnails per rank).
class CommunicationPage : public QWidget, public Exportable
{
    Q_OBJECT
public:
    explicit CommunicationPage(ViewState* state, QWidget* parent = nullptr);

    QList<ExportItem> exportItems() const override;

    // Selections (the combo boxes do the same). groupId empty = all groups.
    void setGroup(const QString& groupId);
    QString group() const;
    // "total", "top1", "middle", "bottom1".."bottom3" or an op name.
    void setOp(const QString& op);
    QString op() const;
    void showMatrix();
    void showDurations();

    CommHeatmap* heatmap() const
    {
        return m_heatmap;
    }
    CommDurationBars* durationBars() const
    {
        return m_bars;
    }
    CommPacketChart* packetChart() const
    {
        return m_packets;
    }
    CommOpTimeline* opTimeline() const
    {
        return m_timeline;
    }
    CommMatrixModel* matrixModel() const
    {
        return m_matrixModel;
    }
    CommLinkOpsModel* linkOpsModel() const
    {
        return m_linkOpsModel;
    }
    CommDurationModel* durationModel() const
    {
        return m_durationModel;
    }
    CommOpModel* opModel() const
    {
        return m_opModel;
    }
    QComboBox* alignCombo() const
    {
        return m_alignCombo;
    }
    QComboBox* groupCombo() const
    {
        return m_groupCombo;
    }
    QTableView* rankTable() const
    {
        return m_rankTable;
    }
    CommComparePanel* comparePanel() const
    {
        return m_comparePanel;
    }
    QTabWidget* tabs() const
    {
        return m_tabs;
    }

private:
    struct PreparedTables;
    std::shared_ptr<PreparedTables> m_prepared; // set only while the prefetch's fill() runs
    void onProfileChanged();
    void onStepChanged();
    void refresh();
    void fillOpCombo();
    void showLink(int srcRankId, int dstRankId);
    void showRank(int rankIndex);
    void openRankTimeline(int rankIndex);
    void openLinkTimeline(int srcRankId, int dstRankId);
    QString stepKey() const;
    QWidget* section(const QString& title, QWidget* content, QWidget* chart, const QAbstractItemModel* table,
        const QString& baseName, const QList<QWidget*>& controls = {});

    ViewState* m_state;
    bool m_updating = false;

    QStackedWidget* m_stack;
    QLabel* m_emptyLabel;
    QComboBox* m_groupCombo;
    QComboBox* m_stepCombo;
    QComboBox* m_opCombo;
    QTabWidget* m_tabs;

    QComboBox* m_metricCombo;
    QToolButton* m_backButton;
    QLabel* m_linkTitle;
    CommHeatmap* m_heatmap;
    CommMatrixModel* m_matrixModel;
    QSortFilterProxyModel* m_matrixProxy;
    CommLinkOpsModel* m_linkOpsModel;
    QTableView* m_linkOpsTable;
    QTableView* m_linksTable;

    CommDurationBars* m_bars;
    CommDurationModel* m_durationModel;
    QSortFilterProxyModel* m_rankProxy;
    QTableView* m_rankTable;
    CommPacketChart* m_packets;
    CommOpTimeline* m_timeline;
    QComboBox* m_alignCombo;
    CommOpModel* m_opModel;
    QSortFilterProxyModel* m_opProxy;
    QTableView* m_opTable;
    QComboBox* m_opModeCombo;
    CommComparePanel* m_comparePanel = nullptr;
    int m_compareTab = -1;
    MatrixQuery currentQuery() const;
    void prefetchThen(std::function<void()> fill);
    DeferredRefresh* m_refresh = nullptr;
    bool m_profileStale = false;
};

} // namespace profscope
