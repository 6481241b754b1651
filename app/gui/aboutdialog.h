// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

class QWidget;

namespace profscope {

// Help → About: what Profscope is, the Qt it runs on, and its licences
// (own files Apache-2.0; the program as distributed GPL-3.0-or-later
// because it links QCustomPlot).
QString aboutText();
void showAboutDialog(QWidget* parent);

} // namespace profscope
