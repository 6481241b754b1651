// SPDX-License-Identifier: Apache-2.0
#include "bytesize.h"

namespace profscope {

QString byteSizeText(qint64 bytes)
{
    if (bytes >= (qint64(1) << 30))
        return QString::number(double(bytes) / double(qint64(1) << 30), 'f', 2) + QStringLiteral(" GiB");
    if (bytes >= (1 << 20))
        return QString::number(double(bytes) / double(1 << 20), 'f', 1) + QStringLiteral(" MiB");
    if (bytes >= 1024)
        return QString::number(double(bytes) / 1024.0, 'f', 1) + QStringLiteral(" KiB");
    return QString::number(bytes) + QStringLiteral(" B");
}

} // namespace profscope
