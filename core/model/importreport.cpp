// SPDX-License-Identifier: Apache-2.0
#include "importreport.h"

#include <algorithm>

namespace profscope {

QString fileStatusName(FileStatus status)
{
    switch (status) {
    case FileStatus::Used:
        return QStringLiteral("used");
    case FileStatus::Skipped:
        return QStringLiteral("skipped");
    case FileStatus::Broken:
        return QStringLiteral("broken");
    }
    return {};
}

QString FileReport::location() const
{
    if (line > 0)
        return path + QLatin1Char(':') + QString::number(line);
    if (byteOffset >= 0)
        return path + QStringLiteral(" @byte ") + QString::number(byteOffset);
    return path;
}

int ImportReport::countWithStatus(FileStatus status) const
{
    return int(std::count_if(files.begin(), files.end(), [status](const FileReport& f) { return f.status == status; }));
}

} // namespace profscope
