// SPDX-License-Identifier: Apache-2.0
#include "sqlitedb.h"

#include "inputfile.h"
#include "sqlitepages.h"

#include <QCoreApplication>
#include <QtEndian>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QUrl>

#include <sqlite3.h>

#include <cerrno>
#include <cstdint>
#include <limits>
#include <cstdlib>

namespace profscope {

namespace {

// TEXT cells holding integers (PYTORCH_API.startNs): exact, no double; `fallback`
// when the text does not start with an integer or it is out of range.
qint64 integerFromText(std::string_view t, qint64 fallback)
{
    const std::string s(t);
    errno = 0;
    char* end = nullptr;
    const long long v = std::strtoll(s.c_str(), &end, 10);
    if (end == s.c_str() || errno == ERANGE)
        return fallback;
    return qint64(v);
}

// TEXT cells holding decimals: `fallback` when the text is no number.
double doubleFromText(std::string_view t, double fallback)
{
    bool ok = false;
    const double v = QByteArray(t.data(), qsizetype(t.size())).toDouble(&ok);
    return ok ? v : fallback;
}

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::SqliteDb)
};

// "SQLite format 3\0": the first 16 bytes of every database file.
constexpr char kMagic[] = "SQLite format 3";

} // namespace

QByteArray quoteIdentifier(const QString& name)
{
    QByteArray q = name.toUtf8();
    q.replace('"', "\"\"");
    return '"' + q + '"';
}

SqliteDb::SqliteDb() = default;

SqliteDb::~SqliteDb()
{
    if (m_db)
        sqlite3_close_v2(m_db);
}

QString SqliteDb::lastError() const
{
    return m_db ? QString::fromUtf8(sqlite3_errmsg(m_db)) : QString();
}

bool SqliteDb::open(const QString& path, QString* error)
{
    m_path = path;
    auto fail = [&](const QString& why) {
        if (m_db) {
            sqlite3_close_v2(m_db);
            m_db = nullptr;
        }
        if (error)
            *error = why;
        return false;
    };
    if (isSpecialFile(QFileInfo(path)))
        return fail(specialFileReason(path));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return fail(Tr::tr("cannot open the database: %1").arg(file.errorString()));
    if (file.size() == 0)
        return fail(Tr::tr("the database file is empty (0 bytes): the profiler did not finish writing it"));
    const QByteArray header = file.read(100);
    if (header.size() < 16 || !header.startsWith(QByteArray(kMagic, sizeof kMagic)))
        return fail(Tr::tr("not an SQLite database (no SQLite header at byte 0; encrypted or another format?)"));
    if (header.size() < 100)
        return fail(Tr::tr("the database is truncated: %1 bytes, shorter than the 100-byte SQLite header").arg(file.size()));
    file.close();

    QString target = path;
    const QFileInfo wal(path + QStringLiteral("-wal"));
    const bool immutable = !(wal.exists() && wal.size() > 0);
    if (!immutable) {
        // Committed pages may live in the -wal only: read a private copy of
        // both, so that SQLite can use the log without touching the user's folder.
        m_copy = std::make_unique<QTemporaryDir>();
        const QString copy = m_copy->filePath(QStringLiteral("copy.db"));
        if (!m_copy->isValid() || !QFile::copy(path, copy) || !QFile::copy(wal.filePath(), copy + QStringLiteral("-wal")))
            return fail(Tr::tr("the database has an unfinished write-ahead log (-wal) and no private copy could be made"));
        QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
        QFile::setPermissions(copy + QStringLiteral("-wal"), QFile::ReadOwner | QFile::WriteOwner);
        target = copy;
    }
    QUrl url = QUrl::fromLocalFile(QFileInfo(target).absoluteFilePath());
    url.setQuery(immutable ? QStringLiteral("immutable=1") : QString());
    const QByteArray uri = url.toString(QUrl::FullyEncoded).toUtf8();
    const int flags = (immutable ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE) | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX;
    if (sqlite3_open_v2(uri.constData(), &m_db, flags, nullptr) != SQLITE_OK)
        return fail(Tr::tr("cannot open the database: %1").arg(lastError()));
    sqlite3_extended_result_codes(m_db, 1);
    // Temporary tables and indexes (hash joins of unindexed columns) stay in memory.
    sqlite3_exec(m_db, "PRAGMA temp_store=MEMORY", nullptr, nullptr, nullptr);
    // No memory map: every page of a mapped file that a scan touches stays
    // resident (and counts in the peak) until the file is closed, while
    // read() copies go through SQLite's small page cache. Measured on the
    // 8-rank bench cluster: the same CPU time, peak RSS 196 -> 174 MiB.
    sqlite3_exec(m_db, "PRAGMA mmap_size=0", nullptr, nullptr, nullptr);

    // Tables, their root pages (the page reader starts there) and which of
    // them have an index (only those can be scanned through one).
    SqlQuery q(*this, "SELECT type, name, tbl_name, rootpage FROM sqlite_master WHERE type IN ('table', 'index')");
    while (q.next()) {
        if (q.text(0) == "table") {
            const QString name = q.string(1);
            m_tables.insert(name);
            m_rootPages.insert(name, q.int64(3));
        } else {
            m_indexed.insert(q.string(2));
        }
    }
    if (!q.error().isEmpty())
        return fail(Tr::tr("the database cannot be read: %1").arg(q.error()));
    return true;
}

const QStringList& SqliteDb::columns(const QString& table)
{
    auto it = m_columns.find(table);
    if (it != m_columns.end())
        return *it;
    // table_xinfo: table_info's columns, and the hidden and generated ones
    // (marked; the page reader must know them), read once.
    QStringList cols;
    std::vector<SqlColumnInfo>& info = m_columnInfo[table];
    if (m_tables.contains(table)) {
        SqlQuery q(*this, "PRAGMA table_xinfo(" + quoteIdentifier(table) + ')');
        while (q.next()) {
            SqlColumnInfo c { q.string(1), q.string(2), !q.isNull(4), int(q.int64(5)), int(q.int64(6)) };
            if (c.hidden == 0)
                cols << c.name;
            info.push_back(std::move(c));
        }
    }
    return *m_columns.insert(table, cols);
}

const std::vector<SqlColumnInfo>& SqliteDb::columnInfo(const QString& table)
{
    columns(table);
    return m_columnInfo[table];
}

QString SqliteDb::column(const QString& table, const QString& camelName)
{
    const QStringList& cols = columns(table);
    if (cols.contains(camelName))
        return camelName;
    QString snake;
    for (const QChar c : camelName) {
        if (c.isUpper() && !snake.isEmpty())
            snake += QLatin1Char('_');
        snake += c.toLower();
    }
    return cols.contains(snake) ? snake : QString();
}

QByteArray SqliteDb::selectList(const QString& table, std::initializer_list<const char*> camelNames)
{
    QByteArray sql;
    for (const char* c : camelNames) {
        if (!sql.isEmpty())
            sql += ", ";
        const QString name = column(table, QLatin1String(c));
        sql += name.isEmpty() ? QByteArray("NULL") : quoteIdentifier(name);
    }
    return sql;
}

QString SqliteDb::firstColumn(const QString& table, std::initializer_list<const char*> candidates)
{
    const QStringList& cols = columns(table);
    for (const char* c : candidates)
        if (cols.contains(QLatin1String(c)))
            return QLatin1String(c);
    return {};
}

qint64 SqliteDb::rowCount(const QString& table)
{
    if (!hasTable(table))
        return -1;
    SqlQuery q(*this, "SELECT count(*) FROM " + quoteIdentifier(table));
    return q.next() ? q.int64(0) : -1;
}

qint64 SqliteDb::userVersion()
{
    SqlQuery q(*this, "PRAGMA user_version");
    return q.next() ? q.int64(0) : 0;
}

SqlQuery::SqlQuery(SqliteDb& db, const QByteArray& sql)
    : m_db(db)
{
    if (!db.handle()) {
        m_error = Tr::tr("database not open");
        return;
    }
    if (sqlite3_prepare_v2(db.handle(), sql.constData(), int(sql.size()), &m_stmt, nullptr) != SQLITE_OK) {
        m_error = db.lastError();
        if (m_stmt)
            sqlite3_finalize(m_stmt);
        m_stmt = nullptr;
    }
}

SqlQuery::~SqlQuery()
{
    if (m_stmt)
        sqlite3_finalize(m_stmt);
}

bool SqlQuery::next()
{
    if (!m_stmt)
        return false;
    const int rc = sqlite3_step(m_stmt);
    if (rc == SQLITE_ROW) {
        ++m_rows;
        return true;
    }
    if (rc != SQLITE_DONE && m_error.isEmpty())
        m_error = m_db.lastError();
    return false;
}

bool SqlQuery::isNull(int column) const
{
    return sqlite3_column_type(m_stmt, column) == SQLITE_NULL;
}

qint64 SqlQuery::int64(int column, qint64 fallback) const
{
    // The common case first, in one API call: a non-zero value is an integer
    // (or a real or a decimal text, which SQLite converts exactly enough);
    // zero may also be NULL or text that is no number.
    if (const qint64 v = sqlite3_column_int64(m_stmt, column); v != 0)
        return v;
    switch (sqlite3_column_type(m_stmt, column)) {
    case SQLITE_NULL:
        return fallback;
    case SQLITE_INTEGER:
        return sqlite3_column_int64(m_stmt, column);
    case SQLITE_FLOAT:
        return qint64(sqlite3_column_double(m_stmt, column));
    default:
        return integerFromText(text(column), fallback);
    }
}

double SqlQuery::real(int column, double fallback) const
{
    switch (sqlite3_column_type(m_stmt, column)) {
    case SQLITE_NULL:
        return fallback;
    case SQLITE_TEXT:
        return doubleFromText(text(column), fallback);
    default:
        return sqlite3_column_double(m_stmt, column);
    }
}

std::string_view SqlQuery::text(int column) const
{
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(m_stmt, column));
    return p ? std::string_view(p, std::size_t(sqlite3_column_bytes(m_stmt, column))) : std::string_view();
}

QString SqlQuery::string(int column) const
{
    const std::string_view t = text(column);
    return QString::fromUtf8(t.data(), qsizetype(t.size()));
}

SqlCellConverter::~SqlCellConverter()
{
    if (m_stmt)
        sqlite3_finalize(m_stmt);
}

sqlite3_stmt* SqlCellConverter::bound(const SqlCell& cell)
{
    if (!m_stmt && sqlite3_prepare_v2(m_db, "SELECT ?1", -1, &m_stmt, nullptr) != SQLITE_OK) {
        m_stmt = nullptr;
        return nullptr;
    }
    sqlite3_reset(m_stmt);
    switch (cell.type) {
    case SQLITE_INTEGER:
        sqlite3_bind_int64(m_stmt, 1, cell.i);
        break;
    case SQLITE_FLOAT:
        sqlite3_bind_double(m_stmt, 1, cell.d);
        break;
    case SQLITE_TEXT:
        sqlite3_bind_text(m_stmt, 1, cell.p ? cell.p : "", cell.bytes, SQLITE_STATIC);
        break;
    case SQLITE_BLOB:
        sqlite3_bind_blob(m_stmt, 1, cell.p ? cell.p : "", cell.bytes, SQLITE_STATIC);
        break;
    default:
        sqlite3_bind_null(m_stmt, 1);
        break;
    }
    return sqlite3_step(m_stmt) == SQLITE_ROW ? m_stmt : nullptr;
}

qint64 SqlCellConverter::int64(const SqlCell& cell)
{
    sqlite3_stmt* s = bound(cell);
    const qint64 v = s ? sqlite3_column_int64(s, 0) : 0;
    if (m_stmt)
        sqlite3_reset(m_stmt); // the bound bytes belong to the row
    return v;
}

double SqlCellConverter::real(const SqlCell& cell)
{
    sqlite3_stmt* s = bound(cell);
    const double v = s ? sqlite3_column_double(s, 0) : 0;
    if (m_stmt)
        sqlite3_reset(m_stmt);
    return v;
}

std::string_view SqlCellConverter::text(const SqlCell& cell)
{
    sqlite3_stmt* s = bound(cell);
    const auto* p = s ? reinterpret_cast<const char*>(sqlite3_column_text(s, 0)) : nullptr;
    if (!p) {
        if (m_stmt)
            sqlite3_reset(m_stmt);
        return {};
    }
    // Kept until the next row, as sqlite3_value_text's conversion was.
    if (m_usedTexts == m_texts.size())
        m_texts.emplace_back();
    std::string& t = m_texts[m_usedTexts++];
    t.assign(p, std::size_t(sqlite3_column_bytes(s, 0)));
    sqlite3_reset(m_stmt);
    return t;
}

void SqlCellConverter::releaseTexts()
{
    m_usedTexts = 0;
}

namespace {

// Eight ASCII digits at p as their value (SWAR: one load, a few multiplies),
// or -1 when one of them is no digit.
inline qint64 eightDigits(const char* p)
{
    std::uint64_t x = qFromLittleEndian<quint64>(p);
    if (((x & 0xF0F0F0F0F0F0F0F0ull) | (((x + 0x0606060606060606ull) & 0xF0F0F0F0F0F0F0F0ull) >> 4))
        != 0x3333333333333333ull)
        return -1;
    x -= 0x3030303030303030ull;
    x = x * 10 + (x >> 8); // pairs of digits
    constexpr std::uint64_t kMask = 0x000000FF000000FFull;
    x = (((x & kMask) * (100 + (1000000ull << 32))) + (((x >> 16) & kMask) * (1 + (10000ull << 32)))) >> 32;
    return qint64(std::uint32_t(x));
}

// Plain decimal digits, at most maxDigits (no sign, space or exponent): the
// value, which every SQLite text-to-integer conversion gives exactly; -1
// otherwise. Eight digits at a time (torch_npu's TEXT times have 19).
qint64 plainDigits(const char* p, int n, int maxDigits)
{
    if (!p || n <= 0 || n > maxDigits)
        return -1;
    std::uint64_t v = 0; // 19 digits fit in 64 unsigned bits
    int i = 0;
    for (; i + 8 <= n; i += 8) {
        const qint64 eight = eightDigits(p + i);
        if (eight < 0)
            return -1;
        v = v * 100000000u + std::uint64_t(eight);
    }
    for (; i < n; ++i) {
        if (p[i] < '0' || p[i] > '9')
            return -1;
        v = v * 10 + std::uint64_t(p[i] - '0');
    }
    return v <= std::uint64_t(std::numeric_limits<qint64>::max()) ? qint64(v) : -1;
}

} // namespace

qint64 SqlValues::int64Other(const SqlCell& c, qint64 fallback) const
{
    // As SqlQuery::int64: sqlite3_value_int64, and when that reads 0, NULL
    // gives `fallback` and a text its leading integer (or `fallback`).
    if (c.type == SQLITE_FLOAT)
        return doubleToInt64(c.d);
    qint64 v = c.type == SQLITE_TEXT ? plainDigits(c.p, c.bytes, 18) : -1;
    if (v < 0)
        v = m_converter->int64(c);
    if (v != 0)
        return v;
    return integerFromText(std::string_view(c.p ? c.p : "", std::size_t(c.bytes)), fallback);
}

double SqlValues::realOther(const SqlCell& c, double fallback) const
{
    if (c.type == SQLITE_TEXT)
        return doubleFromText(std::string_view(c.p ? c.p : "", std::size_t(c.bytes)), fallback);
    return m_converter->real(c); // BLOB
}

qint64 SqlValues::castInteger(int column) const
{
    // CAST(x AS INTEGER) is sqlite3VdbeIntValue, as sqlite3_value_int64.
    const SqlCell& c = m_cells[column];
    switch (c.type) {
    case SQLITE_INTEGER:
        return c.i;
    case SQLITE_NULL:
        return 0;
    case SQLITE_FLOAT:
        return doubleToInt64(c.d);
    case SQLITE_TEXT:
        // Plain digits only: one value, exact.
        if (const qint64 v = plainDigits(c.p, c.bytes, 19); v >= 0)
            return v;
        [[fallthrough]];
    default:
        return m_converter->int64(c);
    }
}

QString SqlValues::string(int column) const
{
    const std::string_view t = text(column);
    return QString::fromUtf8(t.data(), qsizetype(t.size()));
}

namespace {

struct ScanState
{
    void (*row)(void*, const SqlValues&);
    void* context;
    SqlCellConverter* converter;
    std::vector<SqlCell> cells;
    qint64 rows = 0;
};

void scanStep(sqlite3_context* c, int count, sqlite3_value** values)
{
    auto* state = static_cast<ScanState*>(sqlite3_user_data(c));
    ++state->rows;
    if (state->cells.size() < std::size_t(count))
        state->cells.resize(std::size_t(count));
    for (int k = 0; k < count; ++k) {
        SqlCell& cell = state->cells[std::size_t(k)];
        sqlite3_value* v = values[k];
        cell.type = sqlite3_value_type(v);
        switch (cell.type) {
        case SQLITE_INTEGER:
            cell.i = sqlite3_value_int64(v);
            break;
        case SQLITE_FLOAT:
            cell.d = sqlite3_value_double(v);
            break;
        case SQLITE_TEXT:
            cell.p = reinterpret_cast<const char*>(sqlite3_value_text(v));
            cell.bytes = sqlite3_value_bytes(v);
            break;
        case SQLITE_BLOB:
            cell.p = static_cast<const char*>(sqlite3_value_blob(v));
            cell.bytes = sqlite3_value_bytes(v);
            break;
        default:
            break;
        }
    }
    state->converter->newRow();
    state->row(state->context, SqlValues(state->cells.data(), count, state->converter));
}

void scanFinal(sqlite3_context* c)
{
    sqlite3_result_null(c);
}

} // namespace

qint64 scanRows(SqliteDb& db, const QByteArray& columns, const QByteArray& from,
    void (*row)(void* context, const SqlValues& values), void* context, QString* error)
{
    if (!db.handle()) {
        if (error)
            *error = Tr::tr("database not open");
        return 0;
    }
    qint64 nativeRows = 0;
    if (scanTablePages(db, columns, from, row, context, &nativeRows, error))
        return nativeRows;
    SqlCellConverter converter(db.handle());
    ScanState state { row, context, &converter, {} };
    // Registered per scan with its own state (a connection is used by one thread).
    static constexpr char kName[] = "profscope_scan_row";
    if (sqlite3_create_function_v2(db.handle(), kName, -1, SQLITE_UTF8, &state, nullptr, scanStep, scanFinal, nullptr)
        != SQLITE_OK) {
        if (error)
            *error = db.lastError();
        return 0;
    }
    {
        SqlQuery q(db, QByteArray("SELECT ") + kName + '(' + columns + ") " + from);
        while (q.next()) {
        }
        if (!q.error().isEmpty() && error)
            *error = q.error();
    }
    sqlite3_create_function_v2(db.handle(), kName, -1, SQLITE_UTF8, nullptr, nullptr, nullptr, nullptr, nullptr);
    return state.rows;
}

qint64 scanIntegerRows(SqliteDb& db, const QByteArray& columns, const QByteArray& from,
    const std::vector<qint64>& fallbacks, void (*row)(void* context, const qint64* values), void* context,
    QString* error)
{
    if (db.handle()) {
        qint64 nativeRows = 0;
        if (scanTablePagesIntegers(db, columns, from, fallbacks.data(), row, context, &nativeRows, error))
            return nativeRows;
    }
    // SQLite's rows, converted one by one.
    std::vector<qint64> values(fallbacks.size());
    return scanRows(
        db, columns, from,
        [&](const SqlValues& q) {
            const int n = std::min(q.count(), int(values.size()));
            for (int k = 0; k < n; ++k)
                values[std::size_t(k)] = q.int64(k, fallbacks[std::size_t(k)]);
            row(context, values.data());
        },
        error);
}

} // namespace profscope
