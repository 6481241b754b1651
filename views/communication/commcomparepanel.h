// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QWidget>

class QLabel;
class QSortFilterProxyModel;
class QTableView;

namespace profscope {

class CommLinkDeltaModel;
class CommOpDeltaModel;
class DeferredRefresh;
class ViewState;

// The Communication page's "Run comparison" tab: per link (src -> dst,
// transport) and per collective of the compared ranks, the base run against
// the comparison run (B), sorted by |Δ|. Computed by a background job
// (core/analysis/commcompare) while the tab is seen.
class CommComparePanel : public QWidget
{
    Q_OBJECT
public:
    explicit CommComparePanel(ViewState* state, QWidget* parent = nullptr);

    CommLinkDeltaModel* linkModel() const
    {
        return m_links;
    }
    CommOpDeltaModel* opModel() const
    {
        return m_ops;
    }
    QSortFilterProxyModel* linkProxy() const
    {
        return m_linkProxy;
    }
    QSortFilterProxyModel* opProxy() const
    {
        return m_opProxy;
    }
    QString summary() const;

private:
    void refresh();

    ViewState* m_state;
    QLabel* m_summary;
    CommLinkDeltaModel* m_links;
    CommOpDeltaModel* m_ops;
    QSortFilterProxyModel* m_linkProxy;
    QSortFilterProxyModel* m_opProxy;
    QTableView* m_linkTable;
    QTableView* m_opTable;
    QLabel* m_linkTitle;
    QLabel* m_opTitle;
    DeferredRefresh* m_refresh = nullptr;
};

} // namespace profscope
