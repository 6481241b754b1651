// SPDX-License-Identifier: Apache-2.0
#include "importreportdialog.h"

#include "common/importreportview.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QLineEdit>
#include <QScreen>
#include <QVBoxLayout>

namespace profscope {

namespace {
// The main window's context, where these strings were translated first.
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::MainWindow)
};
} // namespace

ImportReportDialog::ImportReportDialog(QWidget* parent)
    : QDialog(parent)
    , m_view(new ImportReportView(this))
{
    setObjectName(QStringLiteral("importReportDialog"));
    setModal(false);
    setSizeGripEnabled(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 10);
    layout->addWidget(m_view, 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->setContentsMargins(12, 0, 12, 0);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    layout->addWidget(buttons);
    QSize size(1240, 720);
    if (const QScreen* screen = parent ? parent->screen() : this->screen())
        size = size.boundedTo(screen->availableSize() * 0.9);
    resize(size);
}

void ImportReportDialog::showFor(const ProfilePtr& profile)
{
    if (!profile)
        return;
    m_view->setProfile(profile);
    setWindowTitle(Tr::tr("Import Report — %1").arg(QDir::toNativeSeparators(profile->rootPath)));
    show();
    raise();
    activateWindow();
    // Ready to type a filter; the message list would otherwise take the
    // focus and show its first row as selected.
    m_view->filterEdit()->setFocus();
}

} // namespace profscope
