// SPDX-License-Identifier: Apache-2.0
#include "inputfile.h"

#include <QCoreApplication>
#include <QFile>

#include <algorithm>
#include <cerrno>
#include <cstring>

#ifdef Q_OS_UNIX
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::TableParsers)
};

void allocatePadded(QByteArray& bytes, qint64 size, qsizetype padding)
{
    bytes.reserve(qsizetype(size) + padding);
    bytes.resize(qsizetype(size));
}

void zeroPadding(QByteArray& bytes, qsizetype padding)
{
    if (bytes.capacity() < bytes.size() + padding)
        bytes.reserve(bytes.size() + padding);
    std::fill_n(bytes.data() + bytes.size(), padding, '\0');
}

#ifdef Q_OS_UNIX
// Closes the descriptor on every way out.
struct Descriptor
{
    int fd = -1;
    ~Descriptor()
    {
        if (fd >= 0)
            ::close(fd);
    }
};
#endif

} // namespace

bool isSpecialFile(const QFileInfo& info)
{
    return info.exists() && !info.isDir() && !info.isFile();
}

QString specialFileReason(const QString& path)
{
    return Tr::tr("%1 is not a regular file (a FIFO, socket or device): not read").arg(path);
}

FileBytes readFileBytes(const QString& path, qsizetype padding, qint64 maxBytes)
{
    FileBytes out;
#ifdef Q_OS_UNIX
    // O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused
    // below, after fstat); O_NOCTTY: a terminal device must not become ours.
    Descriptor file;
    file.fd = ::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (file.fd < 0) {
        out.error = qt_error_string(errno);
        return out;
    }
    struct stat st
    {
    };
    if (::fstat(file.fd, &st) != 0) {
        out.status = FileBytes::Status::ReadError;
        out.error = qt_error_string(errno);
        return out;
    }
    if (S_ISDIR(st.st_mode)) {
        out.status = FileBytes::Status::Directory;
        return out;
    }
    if (!S_ISREG(st.st_mode)) {
        out.status = FileBytes::Status::Special;
        return out;
    }
    out.sizeBytes = qint64(st.st_size);
    if (maxBytes >= 0 && out.sizeBytes > maxBytes) {
        out.status = FileBytes::Status::TooLarge;
        return out;
    }
    allocatePadded(out.bytes, out.sizeBytes, padding);
    qint64 got = 0;
    while (got < out.sizeBytes) {
        const ssize_t n = ::read(file.fd, out.bytes.data() + got, std::size_t(out.sizeBytes - got));
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            out.status = FileBytes::Status::ReadError;
            out.error = qt_error_string(errno);
            out.bytes.clear();
            return out;
        }
        if (n == 0)
            break; // the file shrank meanwhile: what is there is read
        got += n;
    }
    out.bytes.resize(qsizetype(got));
    out.sizeBytes = got;
#else
    const QFileInfo info(path);
    if (info.isDir()) {
        out.status = FileBytes::Status::Directory;
        return out;
    }
    if (isSpecialFile(info)) {
        out.status = FileBytes::Status::Special;
        return out;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        out.error = file.errorString();
        return out;
    }
    out.sizeBytes = file.size();
    if (maxBytes >= 0 && out.sizeBytes > maxBytes) {
        out.status = FileBytes::Status::TooLarge;
        return out;
    }
    allocatePadded(out.bytes, out.sizeBytes, padding);
    const qint64 got = file.read(out.bytes.data(), out.sizeBytes);
    if (got < 0) {
        out.status = FileBytes::Status::ReadError;
        out.error = file.errorString();
        out.bytes.clear();
        return out;
    }
    out.bytes.resize(qsizetype(got));
    out.sizeBytes = got;
#endif
    zeroPadding(out.bytes, padding);
    out.status = FileBytes::Status::Ok;
    return out;
}

} // namespace profscope
