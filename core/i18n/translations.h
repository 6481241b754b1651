// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QLocale>

class QCoreApplication;

namespace profscope {

// Installs Profscope's translation for `locale` (embedded as :/i18n/profscope_*.qm
// by the programs that link it) and Qt's own (file dialogs, message boxes,
// --help) when installed; nothing happens for a language without one. The GUI
// and the CLI both call it, so they speak the same language.
void installTranslators(QCoreApplication& app, const QLocale& locale);

} // namespace profscope
