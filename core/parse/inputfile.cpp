// SPDX-License-Identifier: Apache-2.0
#include "inputfile.h"

#include <QCoreApplication>

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::TableParsers)
};

} // namespace

bool isSpecialFile(const QFileInfo& info)
{
    return info.exists() && !info.isDir() && !info.isFile();
}

QString specialFileReason(const QString& path)
{
    return Tr::tr("%1 is not a regular file (a FIFO, socket or device): not read").arg(path);
}

} // namespace profscope
