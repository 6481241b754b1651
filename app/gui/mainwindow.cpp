// SPDX-License-Identifier: Apache-2.0
#include "mainwindow.h"

namespace profscope {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
{
    setWindowTitle(tr("Profscope"));
}

} // namespace profscope
