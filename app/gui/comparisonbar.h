// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QFrame>

class QLabel;
class QPushButton;
class QToolButton;

namespace profscope {

// The strip above the page while a second run is compared: "Comparing with
// <path> (N ranks) · mapping … · Edit mapping… · Import report · Close".
// It says which run the comparison columns, bars and lanes come from, so
// that a screenshot of any page is unambiguous.
class ComparisonBar : public QFrame
{
    Q_OBJECT
public:
    explicit ComparisonBar(QWidget* parent = nullptr);

    // path: what was opened; mapping: the short description of the rank
    // mapping ("by rank id", "0:0,1:0").
    void showComparison(const QString& path, int rankCount, const QString& mapping, const QString& mappingToolTip);
    QString text() const;

    QPushButton* mappingButton() const
    {
        return m_mappingButton;
    }
    QPushButton* reportButton() const
    {
        return m_reportButton;
    }
    QToolButton* closeButton() const
    {
        return m_closeButton;
    }

signals:
    void editMappingRequested();
    void showReportRequested();
    void closeRequested();

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    // The path is elided in the middle so that the rank count and the
    // mapping stay readable in a narrow window.
    void updateText();

    QString m_path;
    int m_rankCount = 0;
    QString m_mapping;
    QString m_fullText;
    QLabel* m_text;
    QPushButton* m_mappingButton;
    QPushButton* m_reportButton;
    QToolButton* m_closeButton;
};

} // namespace profscope
