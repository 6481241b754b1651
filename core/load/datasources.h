// SPDX-License-Identifier: Apache-2.0
#pragma once

// Which file feeds which kind of a rank's data when the rank has both text
// exports and databases: one source per kind, never both.

#include "../parse/dbimport.h"
#include "../parse/sqlitedb.h"
#include "discovery.h"
#include "profileloader.h"

#include <map>
#include <memory>

namespace profscope {

struct OpenedDatabase
{
    std::unique_ptr<SqliteDb> db;
    DbKind kind = DbKind::Unknown;
    QString error; // why it could not be opened
};

OpenedDatabase openDatabase(const QString& path);

class DataSources
{
public:
    enum class Data { Timeline, Kernels, Memory, StepTrace, Communication, Matrix, Count };

    // The file name of the database that supplies what a text file of this
    // kind would; empty when the text file is to be read.
    QString supersededBy(FileKind kind) const;
    // "timeline", "kernel table", ... (translated), for the report.
    static QString dataName(FileKind kind);
    static QString dataName(Data data);
    DbTake takeFrom(const DiscoveredFile* file) const;

private:
    friend DataSources chooseSources(const DiscoveredRank&, const std::map<const DiscoveredFile*, OpenedDatabase>&,
                                     SourcePreference);
    std::map<const DiscoveredFile*, DbTake> m_take;
    std::map<Data, QString> m_database; // data -> database file name
};

DataSources chooseSources(const DiscoveredRank& rank, const std::map<const DiscoveredFile*, OpenedDatabase>& databases,
                          SourcePreference preference);

// Imports one database into the rank (what `take` allows) and fills its report.
void readDatabase(const OpenedDatabase& database, RankData& rank, const DbTake& take, FileReport& report);

} // namespace profscope
