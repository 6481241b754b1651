// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "common/export.h"
#include "model/profile.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QSplitter;
class QStandardItemModel;
class QTableView;

namespace profscope {

class RankSummaryModel;

// What was loaded, one row per rank, plus the files grouped by kind. The
// analysis pages (timeline, operators, communication) come later.
class SummaryPage : public QWidget, public Exportable
{
    Q_OBJECT
public:
    explicit SummaryPage(QWidget* parent = nullptr);

    void setProfile(const ProfilePtr& profile, qint64 loadMs = -1);
    // Selects and shows the row of Profile::ranks[rankIndex].
    void selectRank(int rankIndex);
    // The rank table and the files by kind, as shown.
    QList<ExportItem> exportItems() const override;

    RankSummaryModel* rankModel() const
    {
        return m_rankModel;
    }
    QTableView* rankTable() const
    {
        return m_rankTable;
    }
    QTableView* kindTable() const
    {
        return m_kindTable;
    }

signals:
    void showReportRequested();
    void rankActivated(int rankIndex);

private:
    void fillKinds(const Profile& profile);
    void fitRankTableHeight();

protected:
    void showEvent(QShowEvent* event) override;

private:
    bool m_needsHeightFit = false;
    // The columns fit their contents once the page is shown: a profile opens on the Overview,
    // and measuring the rank table (1024 ranks) while hidden was part of the load's hand-over.
    bool m_needsColumnFit = false;
    void fitTableColumns();

    QLabel* m_title;
    QLabel* m_path;
    QLabel* m_stats;
    QPushButton* m_reportButton;
    RankSummaryModel* m_rankModel;
    QSortFilterProxyModel* m_rankProxy;
    QTableView* m_rankTable;
    QStandardItemModel* m_kindModel;
    QTableView* m_kindTable;
    QSplitter* m_splitter;
};

} // namespace profscope
