// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QString>

class QTableView;

namespace profscope {

// Column widths of a data table the way users of profilers expect them:
// every column can be dragged; the name column (op, kernel, allocation names,
// often 60+ characters) takes the width the numbers leave, and follows the
// table's width until the user drags a column; the widths the user chose are
// remembered (QSettings, under "columns/<key>") and come back next time.
// Header's Stretch mode is not used: a stretched section cannot be dragged.
class ColumnSizer : public QObject
{
    Q_OBJECT
public:
    // Installs itself on `table` (parented to it).
    static ColumnSizer* install(QTableView* table, int nameColumn, const QString& key);

    // After the model changed: numbers sized to their contents (capped),
    // then the user's widths if any, else the name column gets the rest.
    void fitToContents();
    bool userSized() const
    {
        return m_userSized;
    }
    int nameColumn() const
    {
        return m_nameColumn;
    }
    // Tables whose columns change with a mode (operators by type / by name)
    // remember widths per mode: switch the key and the name column, then fitToContents().
    void setNameColumn(int column)
    {
        m_nameColumn = column;
    }
    void setKey(const QString& key);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    ColumnSizer(QTableView* table, int nameColumn, const QString& key);
    void giveNameTheRest();
    void save() const;
    bool restore();

    QTableView* m_table;
    QObject* m_viewport = nullptr; // compared only, never dereferenced
    int m_nameColumn;
    QString m_key;
    bool m_userSized = false;
    bool m_adjusting = false; // our own resizes are not the user's
};

} // namespace profscope
