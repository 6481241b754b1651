// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "colorrules.h"

#include <QDialog>

#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace profscope {

// The editor of the timeline's colour rules: one row per rule (on/off, kind,
// pattern or category, colour), in the order they are tried. Edits show on
// the timeline at once (live preview) while every rule is valid; OK keeps
// them (QSettings), Cancel puts the rules back as they were.
class ColorRulesDialog : public QDialog
{
    Q_OBJECT
public:
    enum Column
    {
        EnabledColumn,
        KindColumn,
        PatternColumn,
        ColorColumn,
        ColumnCount
    };

    explicit ColorRulesDialog(ColorRules& rules, QWidget* parent = nullptr);

    const std::vector<ColorRule>& editedRules() const
    {
        return m_edited;
    }
    void setEditedRules(const std::vector<ColorRule>& rules);
    // What is wrong with the edited rules ("Rule 2: ..."), one line each; empty when nothing.
    QString problems() const;
    QTableWidget* table() const
    {
        return m_table;
    }
    QPushButton* okButton() const
    {
        return m_ok;
    }
    void setLivePreview(bool on);

    // The edits, as the row widgets make them (also for tests).
    void addRule();
    void removeRule(int row);
    void moveRule(int row, int delta);
    void setRuleKind(int row, ColorRule::Kind kind);
    void setRulePattern(int row, const QString& pattern);
    void setRuleColor(int row, const QColor& color);
    void setRuleEnabled(int row, bool on);

    // The tester under the table: which edited rule colours a slice of this
    // name and family (-1: none, its family colour; -2: the rules are invalid).
    int tryName(const QString& name, SliceClass family);

    // Import replaces the edited rules; false and `error` names the file and the fault.
    bool importFile(const QString& path, QString* error);
    bool exportFile(const QString& path, QString* error) const;

signals:
    // The rules in effect changed (preview, OK or Cancel): repaint.
    void rulesApplied();

public slots:
    void done(int result) override;

private:
    void rebuildTable();
    void fillRow(int row);
    void fillPatternCell(int row);
    void updateColorCell(int row);
    void edited();
    void updateProblems();
    void applyPreview();
    int currentRow() const;
    void chooseColor(int row);
    void importInteractive();
    void updateTry();
    void exportInteractive();

    ColorRules& m_rules;
    const std::vector<ColorRule> m_original;
    std::vector<ColorRule> m_edited;
    QTableWidget* m_table = nullptr;
    QLabel* m_message = nullptr;
    QLineEdit* m_tryName = nullptr;
    QComboBox* m_tryFamily = nullptr;
    QLabel* m_tryResult = nullptr;
    QCheckBox* m_preview = nullptr;
    QPushButton* m_ok = nullptr;
    QPushButton* m_remove = nullptr;
    QPushButton* m_up = nullptr;
    QPushButton* m_down = nullptr;
    QPushButton* m_export = nullptr;
    bool m_filling = false;
};

} // namespace profscope
