// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "itemmodels/importreportmodel.h"

#include <QSortFilterProxyModel>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QListView;
class QPushButton;
class QSplitter;
class QTableView;
class QTimer;

namespace profscope {

// Filters the report by status and by text in any column, and adds the
// status colours (the core model has none).
class ImportReportFilterModel : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    explicit ImportReportFilterModel(const QWidget* paletteSource, QObject* parent = nullptr);

    // -1: all statuses, else int(FileStatus).
    void setStatusFilter(int status);
    int statusFilter() const
    {
        return m_status;
    }

    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    const QWidget* m_paletteSource;
    int m_status = -1;
};

// The import report: messages, then every file with its status, filterable,
// copyable and exportable as CSV.
class ImportReportView : public QWidget
{
    Q_OBJECT
public:
    explicit ImportReportView(QWidget* parent = nullptr);

    void setProfile(ProfilePtr profile);
    const ProfilePtr& profile() const
    {
        return m_model->profile();
    }

    // The rows and columns currently shown (after filters and sorting), with
    // the header first; RFC 4180 quoting, CRLF line ends.
    QString toCsv() const;
    bool exportCsv(const QString& path, QString* error = nullptr) const;
    // Tab-separated, for pasting into a spreadsheet: selected rows, or all
    // shown rows when nothing is selected.
    QString toTsv(bool selectedOnly) const;

    void setStatusFilter(int status); // -1 or int(FileStatus)
    // Applies the text filter at once (the line edit waits for typing to pause).
    void setTextFilter(const QString& text);

    ImportReportModel* model() const
    {
        return m_model;
    }
    ImportReportFilterModel* proxyModel() const
    {
        return m_proxy;
    }
    QTableView* tableView() const
    {
        return m_table;
    }
    QLineEdit* filterEdit() const
    {
        return m_filterEdit;
    }
    QComboBox* statusCombo() const
    {
        return m_statusCombo;
    }
    QString summaryText() const;

public slots:
    void copyToClipboard();
    void exportCsvInteractive();

protected:
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void applyTextFilter();
    void updateSummary();
    void updateMessages();
    void fitColumns();
    void fitMessages();
    QList<int> shownColumns() const;
    QStringList rowTexts(int proxyRow, const QList<int>& columns) const;

    ImportReportModel* m_model;
    ImportMessageModel* m_messageModel;
    ImportReportFilterModel* m_proxy;
    QWidget* m_messagesPanel = nullptr;
    QLabel* m_messagesTitle;
    QListView* m_messages;
    QLineEdit* m_filterEdit;
    QComboBox* m_statusCombo;
    QTableView* m_table;
    QLabel* m_summary;
    QPushButton* m_copyButton;
    QPushButton* m_exportButton;
    QTimer* m_filterTimer;
    QSplitter* m_splitter;
    bool m_needsFit = true;
};

} // namespace profscope
