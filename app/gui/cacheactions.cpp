// SPDX-License-Identifier: Apache-2.0
#include "cacheactions.h"

#include "itemmodels/importreportmodel.h"
#include "load/tracecache.h"

#include <QCoreApplication>
#include <QDir>
#include <QMessageBox>

namespace profscope {

namespace {
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::MainWindow)
};
} // namespace

void askClearTraceCache(QWidget* parent)
{
    const TraceCache cache;
    const qint64 bytes = cache.sizeBytes();
    const int entries = cache.entryCount();
    const QString where = QDir::toNativeSeparators(cache.directory());
    if (entries == 0) {
        QMessageBox::information(parent, Tr::tr("Clear Cache"),
            Tr::tr("The trace cache is empty.\n\nParsed traces are kept in %1 so that a profile opened "
                            "again loads at once.")
                .arg(where));
        return;
    }
    const auto answer = QMessageBox::question(parent, Tr::tr("Clear Cache"),
        Tr::tr("Remove %n parsed trace(s) (%1) from the cache in %2?\n\nProfiles opened again are parsed "
                        "from their files, and cached again.",
            nullptr, entries)
            .arg(ImportReportModel::formatBytes(bytes), where),
        QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel);
    if (answer != QMessageBox::Yes)
        return;
    if (!cache.clear())
        QMessageBox::warning(parent, Tr::tr("Clear Cache"),
            Tr::tr("Some cache entries in %1 could not be removed.").arg(where));
}

} // namespace profscope
