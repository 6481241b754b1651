// SPDX-License-Identifier: Apache-2.0
#include "aboutdialog.h"

#include <QCoreApplication>
#include <QMessageBox>

namespace profscope {

namespace {
// The main window's context, where these strings were translated first.
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::MainWindow)
};
} // namespace

QString aboutText()
{
    return QStringLiteral("<h3>Profscope %1</h3><p>").arg(QCoreApplication::applicationVersion())
        + Tr::tr("A native viewer for the output of the MindSpore and Ascend PyTorch (torch_npu) profilers: "
                 "traces, kernels, steps, communication and memory of every rank of a training job.")
        + QStringLiteral("</p><p>")
        + Tr::tr("Built with Qt %1, running on Qt %2.")
              .arg(QStringLiteral(QT_VERSION_STR), QString::fromLatin1(qVersion()))
        + QStringLiteral("</p><p>")
        // Both licences, because both are true: the source files are
        // Apache-2.0, but linking QCustomPlot (GPL-3.0-or-later) makes the
        // program as distributed a GPL work.
        + Tr::tr("Profscope's own source files are licensed under the Apache License, Version 2.0. This program "
                 "links the QCustomPlot library, which is licensed under the GNU General Public License, version "
                 "3 or later, so the program as a whole is distributed under the GNU General Public License, "
                 "version 3 or later (GPL-3.0-or-later).")
        + QStringLiteral("</p><p>")
        + Tr::tr("This program comes with ABSOLUTELY NO WARRANTY. See "
                 "<a href=\"https://www.gnu.org/licenses/gpl-3.0.html\">the GNU General Public License</a> "
                 "for details.")
        + QStringLiteral("</p>");
}

void showAboutDialog(QWidget* parent)
{
    QMessageBox::about(parent, Tr::tr("About Profscope"), aboutText());
}

} // namespace profscope
