// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QFrame>

class QLabel;
class QPushButton;
class QToolButton;

namespace profscope {

// A non-modal strip above the page: "some files could not be read — Show
// report". Closing it only hides it; the report stays in the File menu.
class Banner : public QFrame
{
    Q_OBJECT
public:
    enum Kind { Info, Warning, Error };

    explicit Banner(QWidget* parent = nullptr);

    void showMessage(Kind kind, const QString& text);
    Kind kind() const
    {
        return m_kind;
    }
    QString text() const;
    QPushButton* reportButton() const
    {
        return m_reportButton;
    }

signals:
    void showReportRequested();

protected:
    void paintEvent(QPaintEvent* event) override;

private:

    Kind m_kind = Info;
    QLabel* m_icon;
    QLabel* m_text;
    QPushButton* m_reportButton;
    QToolButton* m_closeButton;
};

} // namespace profscope
