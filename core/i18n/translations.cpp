// SPDX-License-Identifier: Apache-2.0
#include "translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

namespace profscope {

void installTranslators(QCoreApplication& app, const QLocale& locale)
{
    auto* own = new QTranslator(&app);
    if (own->load(locale, QStringLiteral("profscope"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(own);
    auto* qt = new QTranslator(&app);
    if (qt->load(
            locale, QStringLiteral("qtbase"), QStringLiteral("_"), QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
}

} // namespace profscope
