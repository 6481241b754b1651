// SPDX-License-Identifier: Apache-2.0
#include "mainwindow.h"

#include <QApplication>

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    profscope::MainWindow window;
    window.show();
    return app.exec();
}
