// SPDX-License-Identifier: Apache-2.0
// The database importers: the unified per-rank DB and msprof_*.db
// (importProfilerDb), analysis.db / communication_analyzer.db
// (importAnalysisDb), both through the loader's openDatabase / readDatabase,
// and msprof-analyze's cluster_analysis.db.
//
// Input: selector byte, then either the database file itself (bit 3 clear:
// SQLite's own page format, damaged) or an SQL script (bit 3 set) run into a
// fresh database first: mutating the SQL text reaches wrong column types,
// missing tables, NULLs and huge values far more often than flipping bytes
// of pages. Bits 0-2 choose the file name, which the classifier consults.
#include "fuzzsupport.h"

#include "load/datasources.h"
#include "parse/clusteroutput.h"

#include <QFile>

#include <sqlite3.h>

#include <iterator>

using namespace profscope;

namespace {

constexpr const char* dbNames[] = {
    "ascend_mindspore_profiler_0.db", "ascend_pytorch_profiler_0.db", "msprof_20250101000000.db", "analysis.db",
    "communication_analyzer.db", "cluster_analysis.db", "ascend_mindspore_profiler_1.db", "analysis.db",
};

// Only statements that build tables and rows: no ATTACH / VACUUM INTO (they
// would write files outside the scratch folder), no PRAGMA.
int authorize(void*, int action, const char*, const char*, const char*, const char*)
{
    switch (action) {
    case SQLITE_CREATE_TABLE:
    case SQLITE_CREATE_INDEX:
    case SQLITE_CREATE_VIEW:
    case SQLITE_INSERT:
    case SQLITE_UPDATE:
    case SQLITE_DELETE:
    case SQLITE_READ:
    case SQLITE_SELECT:
    case SQLITE_FUNCTION:
    case SQLITE_TRANSACTION:
    case SQLITE_RECURSIVE:
        return SQLITE_OK;
    default:
        return SQLITE_DENY;
    }
}

// Bounds a script's work (recursive CTEs, huge zeroblob()s): the target
// fuzzes the importers, not SQLite.
int stopLongScripts(void* steps)
{
    return ++*static_cast<int*>(steps) > 2000 ? 1 : 0;
}

void runScript(const QString& path, const std::uint8_t* data, std::size_t size)
{
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(QFile::encodeName(path).constData(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr)
        != SQLITE_OK) {
        sqlite3_close(db);
        return;
    }
    sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 1 << 20);
    sqlite3_limit(db, SQLITE_LIMIT_SQL_LENGTH, 1 << 20);
    sqlite3_set_authorizer(db, authorize, nullptr);
    int steps = 0;
    sqlite3_progress_handler(db, 1000, stopLongScripts, &steps);
    const std::string script(reinterpret_cast<const char*>(data), size);
    sqlite3_exec(db, script.c_str(), nullptr, nullptr, nullptr);
    sqlite3_close(db);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const fuzz::Selected in = fuzz::select(data, size);
    if (!in.data)
        return 0;
    fuzz::clearScratch(); // a fresh file, not the previous input's database
    const QString name = QString::fromLatin1(dbNames[in.selector % std::size(dbNames)]);
    QString path;
    if (in.selector & 8u) {
        path = fuzz::scratchDir() + QLatin1Char('/') + name;
        runScript(path, in.data, in.size);
        if (!QFile::exists(path))
            return 0;
    } else {
        path = fuzz::writeInput(name, in.data, in.size);
    }
    FileReport report;
    report.path = path;
    if (name == QLatin1String("cluster_analysis.db")) {
        ClusterOutput out;
        parseClusterAnalysisDb(path, out, report);
        return 0;
    }
    const OpenedDatabase database = openDatabase(path);
    RankData rank;
    readDatabase(database, rank, DbTake {}, report);
    return 0;
}
