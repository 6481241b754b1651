// SPDX-License-Identifier: Apache-2.0
#include "fuzzsupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <cstdio>
#include <cstdlib>
#include <memory>

namespace profscope::fuzz {

namespace {

QTemporaryDir& scratch()
{
    // Created once per process: a fresh folder per input would cost more
    // than the parse of a small input.
    static QTemporaryDir dir(QDir::tempPath() + QStringLiteral("/profscope-fuzz-XXXXXX"));
    if (!dir.isValid()) {
        std::fprintf(stderr, "fuzz: cannot create a temporary folder: %s\n", qPrintable(dir.errorString()));
        std::abort();
    }
    return dir;
}

} // namespace

QString scratchDir()
{
    return scratch().path();
}

QString writeInput(const QString& relativePath, const std::uint8_t* data, std::size_t size)
{
    const QString path = scratchDir() + QLatin1Char('/') + relativePath;
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)
        || file.write(reinterpret_cast<const char*>(data), qint64(size)) != qint64(size)) {
        std::fprintf(stderr, "fuzz: cannot write %s: %s\n", qPrintable(path), qPrintable(file.errorString()));
        std::abort();
    }
    return path;
}

QString writeInput(const QString& relativePath, const QByteArray& bytes)
{
    return writeInput(relativePath, reinterpret_cast<const std::uint8_t*>(bytes.constData()), std::size_t(bytes.size()));
}

void clearScratch()
{
    QDir dir(scratchDir());
    // Unreadable folders a previous input made would stop removeRecursively.
    const auto entries = dir.entryInfoList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System);
    for (const QFileInfo& entry : entries) {
        if (entry.isDir() && !entry.isSymLink())
            QDir(entry.absoluteFilePath()).removeRecursively();
        else
            QFile::remove(entry.absoluteFilePath());
    }
}

Selected select(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return {};
    return {data[0], data + 1, size - 1};
}

} // namespace profscope::fuzz
