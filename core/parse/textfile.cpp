// SPDX-License-Identifier: Apache-2.0
#include "textfile.h"

#include "inputfile.h"
#include "numbers.h"

#include <QCoreApplication>

#include <string_view>

namespace profscope {

namespace {

// The messages keep the context they were translated in (they were first
// written for the MindData files).
struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::MindDataParsers)
};

} // namespace

TextFile::TextFile(const QString& path, const char* kind, FileReport& report)
    : ReportScope(path, kind, report, "profscope::LegacyParsers")
{
}

bool TextFile::load(QList<QByteArray>& lines)
{
    // Far beyond a real trace (4 short lines per step), small enough to hold.
    constexpr qint64 kMaxBytes = qint64(512) << 20;
    FileBytes file = readFileBytes(path(), 0, kMaxBytes);
    switch (file.status) {
    case FileBytes::Status::Ok:
        break;
    case FileBytes::Status::Directory:
        return broken(Tr::tr("%1 is a directory, not a text file").arg(path()));
    case FileBytes::Status::Special:
        return broken(specialFileReason(path()));
    case FileBytes::Status::CannotOpen:
    case FileBytes::Status::ReadError:
        return broken(Tr::tr("cannot open %1: %2").arg(path(), file.error));
    case FileBytes::Status::TooLarge:
        return broken(
            Tr::tr("%1: %2 bytes is more than a MindData trace can be; not read").arg(fileName()).arg(file.sizeBytes));
    }
    const QByteArray bytes = std::move(file.bytes);
    m_report.sizeBytes = bytes.size();
    if (const auto nul = bytes.indexOf('\0'); nul >= 0) {
        if (markBroken(Tr::tr("%1: binary data (NUL byte) at byte %2: not a text file").arg(fileName()).arg(nul)))
            m_report.byteOffset = nul;
        return false;
    }
    lines = bytes.split('\n');
    return true;
}

void TextFile::warnLine(qint64 line, const QString& text)
{
    warn(Tr::tr("%1:%2: %3").arg(fileName()).arg(line).arg(text));
}

bool TextFile::brokenAtLine(qint64 line, const QString& reason)
{
    if (markBroken(Tr::tr("%1:%2: %3").arg(fileName()).arg(line).arg(reason)))
        m_report.line = line;
    return false;
}

bool TextFile::broken(const QString& reason)
{
    markBroken(reason);
    return false;
}

bool TextFile::finishWith(qint64 rows, qint64 skipped)
{
    m_report.addCount(QStringLiteral("rows"), rows);
    if (skipped > 0)
        m_report.addCount(QStringLiteral("skippedRows"), skipped);
    if (rows == 0 && !failed()) {
        markBroken(Tr::tr("%1: no usable record").arg(fileName()));
        m_report.line = 1;
    }
    return finish();
}

std::optional<qint64> intToken(const QByteArray& token)
{
    return parseInt(std::string_view(token.constData(), std::size_t(token.size())));
}

} // namespace profscope
