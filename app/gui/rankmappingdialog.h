// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "analysis/runcompare.h"

#include <QDialog>

class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace profscope {

class ViewState;

// Which rank of the comparison run stands for each rank of the base run:
// a table (base rank, host → a combo of the comparison run's ranks or
// "none"), the same mapping as text ("0:0,1:0"), "By rank id" to reset.
// Apply / OK hand it to ViewState::setRankMapping. Runs of different sizes
// are fine: one comparison rank may stand for several base ranks.
class RankMappingDialog : public QDialog
{
    Q_OBJECT
public:
    RankMappingDialog(ViewState* state, QWidget* parent = nullptr);

    // The mapping as edited (not yet applied).
    const RankMapping& mapping() const
    {
        return m_mapping;
    }
    QTableWidget* table() const
    {
        return m_table;
    }
    QLineEdit* textEdit() const
    {
        return m_text;
    }
    QLabel* errorLabel() const
    {
        return m_error;
    }
    QPushButton* byRankIdButton() const
    {
        return m_byRankId;
    }

public slots:
    // Re-reads the state's profiles and mapping.
    void reload();
    // setRankMapping with the edited mapping; false (and the error shown)
    // when the text form does not parse.
    bool apply();
    void resetByRankId();

protected:
    void showEvent(QShowEvent* event) override;

private:
    void fillTable();
    void setEdited(const RankMapping& mapping);
    void onTextEdited();

    ViewState* m_state;
    RankMapping m_mapping;
    QLabel* m_heading;
    QTableWidget* m_table;
    QLineEdit* m_text;
    QLabel* m_error;
    QPushButton* m_byRankId;
    bool m_updating = false;
    bool m_textValid = true;
};

} // namespace profscope
