// SPDX-License-Identifier: Apache-2.0
#include "openfiles.h"
#include "common/settingswriter.h"

#include "load/discovery.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMimeData>
#include <QUrl>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::OpenFiles)
};

const char* const kDemoShownKey = "startup/demoShown";

} // namespace

bool isOpenableProfileFile(const QFileInfo& info)
{
    if (!info.isFile())
        return false;
    const FileKind kind = classifyFile(info.fileName());
    if (kind == FileKind::TraceView || kind == FileKind::LegacyTimeline || kind == FileKind::CannTimeline
        || kind == FileKind::Database || kind == FileKind::ClusterAnalysisDb)
        return true;
    const QString suffix = info.suffix().toLower();
    return suffix == QLatin1String("csv") || suffix == QLatin1String("db");
}

QStringList droppedProfilePaths(const QMimeData* mime)
{
    QStringList paths;
    if (!mime || !mime->hasUrls())
        return paths;
    for (const QUrl& url : mime->urls()) {
        if (!url.isLocalFile())
            continue;
        const QFileInfo info(url.toLocalFile());
        if (info.isDir() || isOpenableProfileFile(info))
            paths << info.absoluteFilePath();
    }
    return paths;
}

QString askProfileFile(QWidget* parent, const char* settingsKey)
{
    QString start = settingValue(QLatin1String(settingsKey)).toString();
    if (start.isEmpty())
        start = QDir::homePath();
    const QString filter =
        Tr::tr("Profiler files (trace_view.json *.json *.csv *.db)") + QStringLiteral(";;") + Tr::tr("All files (*)");
    const QString file = QFileDialog::getOpenFileName(parent, Tr::tr("Open Profile File"), start, filter);
    if (!file.isEmpty())
        setSettingValue(QLatin1String(settingsKey), QFileInfo(file).absolutePath());
    return file;
}

bool startWithDemo()
{
    if (settingValue(QLatin1String(kDemoShownKey), false).toBool())
        return false;
    setSettingValue(QLatin1String(kDemoShownKey), true);
    return true;
}

} // namespace profscope
