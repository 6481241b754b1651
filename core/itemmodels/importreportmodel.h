// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "../model/profile.h"

#include <QAbstractListModel>
#include <QAbstractTableModel>

namespace profscope {

// The files of an import report as a table, one row per FileReport. QtCore
// only: colours, fonts and icons are the views' business (they key off
// StatusRole), so the CLI and the tests can use the same model.
class ImportReportModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column {
        FileColumn,
        RankColumn,
        KindColumn,
        StatusColumn,
        SizeColumn,
        CountsColumn,
        ReasonColumn,
        ParseTimeColumn,
        ColumnCount
    };
    enum Role {
        // Raw value to sort by: numbers for Rank / Size / Parse time / line,
        // display text elsewhere.
        SortRole = Qt::UserRole,
        // int(FileStatus) on every column.
        StatusRole,
        // Absolute path of the file.
        PathRole,
    };

    explicit ImportReportModel(QObject* parent = nullptr);

    // Keeps the profile alive for as long as it is shown.
    void setProfile(ProfilePtr profile);
    const ProfilePtr& profile() const
    {
        return m_profile;
    }
    const FileReport* fileAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // Shared formatting, so that every view shows sizes and statuses alike.
    static QString statusText(FileStatus status);
    static QString formatBytes(qint64 bytes);
    static QString formatCounts(const FileReport& file);
    static QString formatWhere(const FileReport& file);
    // Path shown in the File column: relative to the rank folder, else to the
    // profile root, else absolute.
    QString displayPath(const FileReport& file) const;
    // The rank id, plus its folder when several ranks share the id.
    QString rankText(int rankIndex) const;

private:
    ProfilePtr m_profile;
    bool m_duplicateRankIds = false;
};

// The report's messages (discovery findings, rank conflicts, cancel notes).
class ImportMessageModel : public QAbstractListModel
{
    Q_OBJECT
public:
    enum Role {
        SeverityRole = Qt::UserRole, // int(ImportMessage::Severity)
        PathRole,
    };

    explicit ImportMessageModel(QObject* parent = nullptr);

    void setProfile(ProfilePtr profile);
    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

    static QString severityText(ImportMessage::Severity severity);

private:
    ProfilePtr m_profile;
};

} // namespace profscope
