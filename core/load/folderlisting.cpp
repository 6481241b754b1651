// SPDX-License-Identifier: Apache-2.0
#include "folderlisting.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>

#ifdef Q_OS_UNIX
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#endif

namespace profscope {

QString childPath(const QString& folder, const QString& name)
{
    QString path;
    path.reserve(folder.size() + 1 + name.size());
    path += folder;
    if (!folder.endsWith(QLatin1Char('/')))
        path += QLatin1Char('/');
    path += name;
    return path;
}

ListedEntry::ListedEntry(const QString& folder, QString name)
    : m_name(std::move(name))
    , m_path(childPath(folder, m_name))
{
}

struct FolderLister
{
#ifdef Q_OS_UNIX
    // The entry's type and size; a link (or an entry of unknown type) is
    // stat'ed through, as QFileInfo follows it.
    static void classify(int dirFd, const char* name, unsigned char dType, ListedEntry& e)
    {
        struct stat st
        {
        };
        if (dType == DT_UNKNOWN) {
            if (::fstatat(dirFd, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
                return;
            if (S_ISLNK(st.st_mode))
                dType = DT_LNK;
            else if (S_ISDIR(st.st_mode))
                dType = DT_DIR;
            else if (S_ISREG(st.st_mode)) {
                e.m_type = ListedEntry::Type::File;
                e.m_sizeBytes = qint64(st.st_size);
                return;
            } else
                return;
        }
        if (dType == DT_DIR) {
            e.m_type = ListedEntry::Type::Dir;
            return;
        }
        if (dType != DT_REG && dType != DT_LNK)
            return; // FIFO, socket, device
        e.m_symLink = dType == DT_LNK;
        if (::fstatat(dirFd, name, &st, 0) != 0)
            return; // a dangling link
        if (S_ISDIR(st.st_mode))
            e.m_type = ListedEntry::Type::Dir;
        else if (S_ISREG(st.st_mode)) {
            e.m_type = ListedEntry::Type::File;
            e.m_sizeBytes = qint64(st.st_size);
        }
    }
#else
    static ListedEntry fromInfo(const QString& folder, const QFileInfo& info)
    {
        ListedEntry e(folder, info.fileName());
        e.m_symLink = info.isSymLink();
        if (info.isDir())
            e.m_type = ListedEntry::Type::Dir;
        else if (info.isFile()) {
            e.m_type = ListedEntry::Type::File;
            e.m_sizeBytes = info.size();
        }
        return e;
    }
#endif

    static bool list(const QString& path, EntryList& out)
    {
        out.clear();
#ifdef Q_OS_UNIX
        DIR* dir = ::opendir(QFile::encodeName(path).constData());
        if (!dir)
            return false;
        const int dirFd = ::dirfd(dir);
        while (const dirent* d = ::readdir(dir)) {
            const char* name = d->d_name;
            if (name[0] == '.' && (name[1] == '\0' || (name[1] == '.' && name[2] == '\0')))
                continue;
            ListedEntry e(path, QFile::decodeName(name));
            classify(dirFd, name, d->d_type, e);
            out.push_back(std::move(e));
        }
        ::closedir(dir);
#else
        QDir dir(path);
        if (!dir.isReadable())
            return false;
        for (const QFileInfo& info :
             dir.entryInfoList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System, QDir::Unsorted))
            out.push_back(fromInfo(path, info));
#endif
        std::sort(out.begin(), out.end(),
                  [](const ListedEntry& a, const ListedEntry& b) { return a.fileName() < b.fileName(); });
        return true;
    }
};

bool listFolder(const QString& path, EntryList& out)
{
    return FolderLister::list(path, out);
}

} // namespace profscope
