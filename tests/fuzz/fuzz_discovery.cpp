// SPDX-License-Identifier: Apache-2.0
// Profile discovery and loading on a folder tree built from the input:
// rank folders, legacy cluster roots (hccl.json, host_ips_mapping.txt),
// symlink loops, FIFOs and folders where files are expected, unreadable
// files. The loader then reads whatever discovery found, as `inspect` does.
//
// Input: selector byte (unused, kept so the corpus shares the others'
// shape), then text records, each starting a line:
//   "@D dir"   a folder            "@F file"  a file; the lines up to the next record are its content
//   "@L link -> target"  a symlink to a path inside the tree
//   "@P fifo"  a named pipe        "@U file"  a file without read permission
// Paths are relative to the tree's root; "..", "." and empty components are
// dropped. The first record's path is the one given to the loader.
#include "fuzzsupport.h"

#include "load/profileloader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <sys/stat.h>
#include <unistd.h>

using namespace profscope;

namespace {

constexpr int kMaxRecords = 64;
constexpr int kMaxComponents = 10;

QString cleanRelative(const QByteArray& raw)
{
    QStringList parts;
    for (const QByteArray& part : raw.trimmed().split('/')) {
        if (part.isEmpty() || part == "." || part == ".." || parts.size() == kMaxComponents)
            continue;
        parts << QString::fromUtf8(part.left(120)).remove(QChar(0));
    }
    return parts.join(QLatin1Char('/'));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const fuzz::Selected in = fuzz::select(data, size);
    if (!in.data)
        return 0;
    fuzz::clearScratch();
    const QString root = fuzz::scratchDir() + QStringLiteral("/tree");
    QDir().mkpath(root);
    const QByteArray text(reinterpret_cast<const char*>(in.data), qsizetype(in.size));
    const QList<QByteArray> lines = text.split('\n');
    QString given;
    bool haveGiven = false;
    int records = 0;
    for (qsizetype i = 0; i < lines.size() && records < kMaxRecords; ++i) {
        const QByteArray& line = lines[i];
        if (line.size() < 2 || line[0] != '@')
            continue;
        ++records;
        const char op = line[1];
        QByteArray arg = line.mid(2);
        QByteArray target;
        if (op == 'L') {
            const qsizetype arrow = arg.indexOf("->");
            target = arrow >= 0 ? arg.mid(arrow + 2) : QByteArray();
            arg = arrow >= 0 ? arg.left(arrow) : arg;
        }
        const QString rel = cleanRelative(arg);
        const QString path = rel.isEmpty() ? root : root + QLatin1Char('/') + rel;
        if (!haveGiven) {
            given = path;
            haveGiven = true;
        }
        if (rel.isEmpty())
            continue; // the root itself
        QDir().mkpath(QFileInfo(path).absolutePath());
        switch (op) {
        case 'D':
            QDir().mkpath(path);
            break;
        case 'F':
        case 'U': {
            QByteArray content;
            while (i + 1 < lines.size() && !lines[i + 1].startsWith('@'))
                content += lines[++i] + '\n';
            QFile file(path);
            if (file.open(QIODevice::WriteOnly | QIODevice::Truncate))
                file.write(content);
            file.close();
            if (op == 'U')
                ::chmod(QFile::encodeName(path).constData(), 0);
            break;
        }
        case 'L': {
            const QString to = cleanRelative(target);
            ::symlink(QFile::encodeName(to.isEmpty() ? root : root + QLatin1Char('/') + to).constData(),
                      QFile::encodeName(path).constData());
            break;
        }
        case 'P':
            ::mkfifo(QFile::encodeName(path).constData(), 0600);
            break;
        default:
            break;
        }
    }
    LoadOptions options;
    options.maxThreads = 1;
    ProfileLoader::load({ haveGiven ? given : root }, options);
    return 0;
}
