// SPDX-License-Identifier: Apache-2.0
#pragma once

// A folder's entries as discovery needs them, listed with few system calls:
// the entry's type comes from the directory itself, and only files and
// symbolic links are stat'ed (for their size, or what they point to).
// QDir::entryInfoList made a QFileInfo per entry through Qt's iterator and
// stat'ed each one: about a tenth of the CPU of loading 1024 small ranks.

#include <QString>

#include <vector>

namespace profscope {

class ListedEntry
{
public:
    ListedEntry(const QString& folder, QString name);
    // As QFileInfo answers them: a symbolic link is followed for isDir(),
    // isFile() and size(); a dangling one is neither a folder nor a file.
    bool isDir() const
    {
        return m_type == Type::Dir;
    }
    bool isFile() const
    {
        return m_type == Type::File;
    }
    bool isSymLink() const
    {
        return m_symLink;
    }
    qint64 size() const
    {
        return m_sizeBytes;
    }
    const QString& fileName() const
    {
        return m_name;
    }
    const QString& absoluteFilePath() const
    {
        return m_path;
    }

private:
    friend struct FolderLister;
    enum class Type
    {
        Other, // a FIFO, socket, device or dangling link
        Dir,
        File,
    };
    QString m_name;
    QString m_path;
    Type m_type = Type::Other;
    bool m_symLink = false;
    qint64 m_sizeBytes = 0;
};

using EntryList = std::vector<ListedEntry>;

// `folder` + "/" + `name`, without a double slash after the root.
QString childPath(const QString& folder, const QString& name);

// Every entry of the folder at the absolute `path` but "." and "..", hidden
// and special ones included, sorted by name as QDir::Name sorts (by UTF-16
// code units). False, with nothing listed, when the folder cannot be read.
bool listFolder(const QString& path, EntryList& out);

} // namespace profscope
