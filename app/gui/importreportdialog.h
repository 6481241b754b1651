// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "model/profile.h"

#include <QDialog>

namespace profscope {

class ImportReportView;

// The non-modal File → Import Report window: every file that was found, with
// its status, counts and problems.
class ImportReportDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ImportReportDialog(QWidget* parent);

    ImportReportView* view() const
    {
        return m_view;
    }
    // Shows (or raises) the report of `profile`; nothing without one.
    void showFor(const ProfilePtr& profile);

private:
    ImportReportView* m_view;
};

} // namespace profscope
