// SPDX-License-Identifier: Apache-2.0
#include "sqlitepages.h"

#include "sqliterecord.h"

#include <QCoreApplication>
#include <QFile>

#include <sqlite3.h>

#include <cstdint>
#include <cstring>
#include <vector>

#if defined(Q_OS_UNIX)
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace profscope {

namespace {

struct Tr
{
    Q_DECLARE_TR_FUNCTIONS(profscope::SqliteDb)
};

using namespace sqliteformat;

// SQLite's BTCURSOR_MAX_DEPTH: a deeper tree is corrupt (or a cycle).
constexpr int kMaxDepth = 20;

// sqlite3AffinityType's rule for REAL affinity (the one affinity applied
// when a column is read: an integral REAL is stored as an integer).
bool realAffinity(const QString& declared)
{
    const QString t = declared.toUpper();
    if (t.contains(QLatin1String("INT")) || t.contains(QLatin1String("CHAR")) || t.contains(QLatin1String("CLOB"))
        || t.contains(QLatin1String("TEXT")) || t.contains(QLatin1String("BLOB")))
        return false;
    return t.contains(QLatin1String("REAL")) || t.contains(QLatin1String("FLOA")) || t.contains(QLatin1String("DOUB"));
}

// One identifier at p: "quoted" (with "" inside) or a bare word.
bool identifier(const char*& p, const char* end, QByteArray* name, bool* quoted)
{
    name->clear();
    if (p < end && *p == '"') {
        ++p;
        for (;;) {
            if (p >= end)
                return false;
            if (*p == '"') {
                if (p + 1 < end && p[1] == '"') {
                    *name += '"';
                    p += 2;
                    continue;
                }
                ++p;
                break;
            }
            *name += *p++;
        }
        *quoted = true;
        return true;
    }
    while (p < end && ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_'))
        *name += *p++;
    *quoted = false;
    return !name->isEmpty();
}

void skipSpaces(const char*& p, const char* end)
{
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
        ++p;
}

enum class ItemKind { Null, Rowid, Column };

struct Item
{
    ItemKind kind = ItemKind::Null;
    int slot = 0;      // the field of the record (the column's declared position)
    bool real = false; // REAL affinity: an integer field reads as a REAL
};

struct Plan
{
    QString table;
    std::vector<Item> items;
    int fields = 0; // record fields to parse: the last wanted slot + 1
    std::uint32_t root = 0;
};

// Why not, or empty when the native path gives SQLite's rows exactly.
QString makePlan(SqliteDb& db, const QByteArray& columns, const QByteArray& from, Plan* plan)
{
    const char* p = from.constData();
    const char* end = p + from.size();
    skipSpaces(p, end);
    if (end - p < 5 || qstrnicmp(p, "FROM", 4) != 0 || !(p[4] == ' ' || p[4] == '\t' || p[4] == '\n'))
        return QStringLiteral("not a plain FROM");
    p += 4;
    skipSpaces(p, end);
    QByteArray name;
    bool quoted = false;
    if (!identifier(p, end, &name, &quoted))
        return QStringLiteral("no table name");
    skipSpaces(p, end);
    if (p != end)
        return QStringLiteral("more than a table after FROM");
    plan->table = QString::fromUtf8(name);
    if (!db.hasTable(plan->table))
        return QStringLiteral("unknown table");

    // Every column as declared (table_xinfo also lists generated columns,
    // which are not stored in the record); read once per file.
    struct Column
    {
        QString name;
        bool real = false;
        bool hasDefault = false;
        int pk = 0;
        QString type;
    };
    std::vector<Column> table;
    for (const SqlColumnInfo& info : db.columnInfo(plan->table)) {
        if (info.hidden != 0)
            return QStringLiteral("generated or hidden columns");
        table.push_back({ info.name, realAffinity(info.type), info.hasDefault, info.pk, info.type });
    }
    if (table.empty())
        return QStringLiteral("no table_xinfo");
    int pkColumns = 0, pkIndex = -1;
    bool rowidNamed = false;
    for (std::size_t i = 0; i < table.size(); ++i) {
        if (table[i].pk > 0) {
            ++pkColumns;
            pkIndex = int(i);
        }
        const QString lower = table[i].name.toLower();
        if (lower == QLatin1String("rowid") || lower == QLatin1String("oid") || lower == QLatin1String("_rowid_"))
            rowidNamed = true;
    }
    // An INTEGER PRIMARY KEY is the rowid (stored as NULL in the record),
    // unless it is DESC, which gives it an index of its own (origin "pk", as
    // every other primary key and WITHOUT ROWID tables have).
    int alias = -1;
    if (pkColumns == 1 && table[std::size_t(pkIndex)].type.compare(QLatin1String("INTEGER"), Qt::CaseInsensitive) == 0) {
        bool pkIndexFound = false;
        if (db.hasIndex(plan->table)) { // else there is no index at all
            SqlQuery q(db, "PRAGMA index_list(" + quoteIdentifier(plan->table) + ')');
            while (q.next())
                if (q.text(3) == "pk")
                    pkIndexFound = true;
        }
        if (!pkIndexFound)
            alias = pkIndex;
    }

    p = columns.constData();
    end = p + columns.size();
    for (;;) {
        skipSpaces(p, end);
        if (!identifier(p, end, &name, &quoted))
            return QStringLiteral("select item not understood");
        Item item;
        if (!quoted) {
            const QByteArray lower = name.toLower();
            if (lower == "null")
                item.kind = ItemKind::Null;
            else if ((lower == "rowid" || lower == "oid" || lower == "_rowid_") && !rowidNamed)
                item.kind = ItemKind::Rowid;
            else
                return QStringLiteral("select item not understood");
        } else {
            const QString column = QString::fromUtf8(name);
            int found = -1;
            for (std::size_t i = 0; i < table.size(); ++i)
                if (table[i].name == column)
                    found = int(i);
            if (found < 0)
                return QStringLiteral("select item not understood");
            if (found == alias) {
                item.kind = ItemKind::Rowid;
            } else {
                if (table[std::size_t(found)].hasDefault)
                    return QStringLiteral("a selected column has a default");
                item.kind = ItemKind::Column;
                item.slot = found;
                item.real = table[std::size_t(found)].real;
                plan->fields = std::max(plan->fields, found + 1);
            }
        }
        plan->items.push_back(item);
        skipSpaces(p, end);
        if (p == end)
            break;
        if (*p != ',')
            return QStringLiteral("select item not understood");
        ++p;
    }

    // SQLite scans the table itself, not a covering index (another order):
    // asked when the table has an index.
    if (db.hasIndex(plan->table)) {
        SqlQuery q(db, "EXPLAIN QUERY PLAN SELECT " + columns + ' ' + from);
        int steps = 0;
        bool tableScan = false;
        while (q.next()) {
            ++steps;
            const QString detail = q.string(3);
            tableScan = detail == QLatin1String("SCAN ") + plan->table || detail == QLatin1String("SCAN TABLE ") + plan->table;
        }
        if (steps != 1 || !tableScan)
            return QStringLiteral("SQLite would not scan the table itself");
    }
    const qint64 root = db.rootPage(plan->table);
    if (root <= 1 || root > 0xffffffffLL)
        return QStringLiteral("no root page");
    plan->root = std::uint32_t(root);
    return {};
}

// Where the rows go: cells to `row`, or integers to `integers`.
struct RowSink
{
    void (*row)(void*, const SqlValues&) = nullptr;
    void (*integers)(void*, const qint64*) = nullptr;
    const qint64* fallbacks = nullptr; // integers: per column, for NULL
    void* context = nullptr;
};

// The walk of one mapped file.
class PageScan
{
public:
    PageScan(const u8* base, std::uint32_t pageSize, std::uint32_t usable, std::uint32_t pages)
        : m_base(base)
        , m_fileEnd(base + std::size_t(pages) * pageSize)
        , m_pageSize(pageSize)
        , m_usable(usable)
        , m_pages(pages)
    {
        m_maxLocal = usable - 35;
        m_minLocal = (usable - 12) * 32 / 255 - 23;
    }

    const u8* page(std::uint32_t pgno) const
    {
        return m_base + std::size_t(pgno - 1) * m_pageSize;
    }
    int headerOffset(std::uint32_t pgno) const
    {
        return pgno == 1 ? 100 : 0;
    }

    // Visits every row; false with `error` set at a malformed page.
    bool run(const Plan& plan, const RowSink& sink, SqlCellConverter& converter, qint64* rows, QString* error);

private:
    bool malformed(std::uint32_t pgno, const QString& what)
    {
        m_error = Tr::tr("database page %1 is malformed (%2)").arg(pgno).arg(what);
        return false;
    }
    bool leaf(std::uint32_t pgno, const u8* pg, int hdr, int cells, const RowSink& sink, SqlCellConverter& converter,
        qint64* rows);
    // The row's cells from its record; `readableEnd`: how far past the
    // record bytes may be loaded (8-byte reads).
    bool record(std::uint32_t pgno, const u8* rec, std::uint64_t size, qint64 rowid, const u8* readableEnd);
    void touched();

    const u8* m_base;
    const u8* m_fileEnd; // the end of the pages mapped: how far a record's bytes may be loaded
    std::uint32_t m_pageSize, m_usable, m_pages;
    std::uint32_t m_maxLocal = 0, m_minLocal = 0;
    std::uint64_t m_visited = 0;
    std::uint64_t m_sinceRelease = 0;
    std::vector<u8> m_overflow;    // a record spread over overflow pages, joined
    std::vector<SqlCell> m_cells;  // the row's values
    std::vector<qint64> m_values;  // ... as integers (RowSink::integers)
    RecordDecoder m_decoder;
    std::vector<int> m_rowidItems;              // items that are the rowid
    std::vector<std::pair<int, int>> m_copies;  // (item, item it repeats)
    QString m_error;
};

void PageScan::touched()
{
    ++m_visited;
#if defined(Q_OS_LINUX)
    // Every mapped page that a scan touches stays resident until released:
    // hand them back every 8 MiB, so that the peak does not grow with the
    // table (the file stays in the page cache; a page read again faults in).
    if (++m_sinceRelease * m_pageSize >= (8u << 20)) {
        m_sinceRelease = 0;
        const long sys = sysconf(_SC_PAGESIZE);
        if (sys > 0 && reinterpret_cast<std::uintptr_t>(m_base) % std::uintptr_t(sys) == 0)
            madvise(const_cast<u8*>(m_base), std::size_t(m_pages) * m_pageSize, MADV_DONTNEED);
    }
#endif
}

bool PageScan::record(std::uint32_t pgno, const u8* rec, std::uint64_t size, qint64 rowid, const u8* readableEnd)
{
    switch (m_decoder.decode(rec, size, readableEnd, m_cells.data())) {
    case RecordDecoder::Result::Ok:
        break;
    case RecordDecoder::Result::BadHeader:
        return malformed(pgno, Tr::tr("record header of row %1").arg(rowid));
    case RecordDecoder::Result::TooLong:
        return malformed(pgno, Tr::tr("record of row %1 is longer than its payload").arg(rowid));
    }
    if (!m_values.empty()) {
        for (const int k : m_rowidItems)
            m_values[std::size_t(k)] = rowid;
        for (const auto& [to, from] : m_copies)
            m_values[std::size_t(to)] = m_values[std::size_t(from)];
        return true;
    }
    for (const int k : m_rowidItems)
        m_cells[std::size_t(k)].i = rowid;
    for (const auto& [to, from] : m_copies)
        m_cells[std::size_t(to)] = m_cells[std::size_t(from)];
    return true;
}

bool PageScan::leaf(std::uint32_t pgno, const u8* pg, int hdr, int cells, const RowSink& sink,
    SqlCellConverter& converter, qint64* rows)
{
    const u8* pageEnd = pg + m_usable;
    const u8* pointers = pg + hdr + 8;
    const std::uint32_t firstCell = std::uint32_t(hdr + 8 + 2 * cells);
    for (int i = 0; i < cells; ++i) {
        const std::uint32_t off = be16(pointers + 2 * i);
        if (off < firstCell || off >= m_usable)
            return malformed(pgno, Tr::tr("cell %1 points outside the page").arg(i));
        const u8* c = pg + off;
        std::uint64_t payload = 0, key = 0;
        int n = varint(c, pageEnd, &payload);
        if (n == 0)
            return malformed(pgno, Tr::tr("cell %1").arg(i));
        c += n;
        n = varint(c, pageEnd, &key);
        if (n == 0 || payload > 0x7fffffff)
            return malformed(pgno, Tr::tr("cell %1").arg(i));
        c += n;
        const qint64 rowid = qint64(key);
        std::uint64_t local = payload;
        if (payload > m_maxLocal) {
            const std::uint64_t surplus = m_minLocal + (payload - m_minLocal) % (m_usable - 4);
            local = surplus <= m_maxLocal ? surplus : m_minLocal;
        }
        const u8* rec = c;
        const u8* readableEnd = m_fileEnd;
        if (local == payload) {
            if (local > std::uint64_t(pageEnd - c))
                return malformed(pgno, Tr::tr("cell %1 runs past the page").arg(i));
        } else {
            if (local + 4 > std::uint64_t(pageEnd - c))
                return malformed(pgno, Tr::tr("cell %1 runs past the page").arg(i));
            m_overflow.assign(c, c + local);
            std::uint32_t next = be32(c + local);
            std::uint64_t need = payload - local;
            std::uint64_t chain = 0;
            while (need > 0) {
                if (next < 2 || next > m_pages || ++chain > m_pages)
                    return malformed(pgno, Tr::tr("overflow page %1 of row %2").arg(next).arg(rowid));
                const u8* o = page(next);
                touched();
                const std::uint64_t take = std::min<std::uint64_t>(need, m_usable - 4);
                m_overflow.insert(m_overflow.end(), o + 4, o + 4 + take);
                need -= take;
                next = be32(o);
            }
            m_overflow.resize(m_overflow.size() + 8); // record() may load 8 bytes at a time
            rec = m_overflow.data();
            readableEnd = m_overflow.data() + m_overflow.size();
        }
        if (!record(pgno, rec, payload, rowid, readableEnd))
            return false;
        ++*rows;
        converter.newRow();
        if (sink.integers)
            sink.integers(sink.context, m_values.data());
        else
            sink.row(sink.context, SqlValues(m_cells.data(), int(m_cells.size()), &converter));
    }
    return true;
}

bool PageScan::run(const Plan& plan, const RowSink& sink, SqlCellConverter& converter, qint64* rows, QString* error)
{
    m_cells.assign(plan.items.size(), SqlCell {});
    if (sink.integers) {
        // NULL items keep their fallback; the decoder writes the others.
        m_values.assign(sink.fallbacks, sink.fallbacks + plan.items.size());
        m_decoder.setIntegerOutput(m_values.data(), sink.fallbacks, &converter);
    }
    std::vector<int> fieldItem(std::size_t(plan.fields), -1); // record field -> item * 2 + REAL affinity, or -1
    for (std::size_t k = 0; k < plan.items.size(); ++k) {
        const Item& item = plan.items[k];
        if (item.kind == ItemKind::Rowid) {
            m_cells[k].type = SQLITE_INTEGER;
            m_rowidItems.push_back(int(k));
        } else if (item.kind == ItemKind::Column) {
            int& first = fieldItem[std::size_t(item.slot)];
            if (first < 0)
                first = int(k) * 2 + (item.real ? 1 : 0);
            else
                m_copies.push_back({ int(k), first >> 1 }); // the same column selected twice
        } // NULL items stay NULL
    }
    for (int j = 0; j < plan.fields; ++j)
        if (const int w = fieldItem[std::size_t(j)]; w >= 0)
            m_decoder.addField(j, w >> 1, (w & 1) != 0);
    m_decoder.setFields(plan.fields);
    struct Frame
    {
        std::uint32_t pgno;
        const u8* pg;
        int hdr;
        int cells;
        int next; // the child to visit next; cells: the right-most one
    };
    Frame stack[kMaxDepth];
    int depth = 0;
    std::uint32_t pgno = plan.root;
    bool ok = true;
    for (;;) {
        // Enter page `pgno`.
        if (pgno < 2 || pgno > m_pages) {
            ok = malformed(depth ? stack[depth - 1].pgno : pgno, Tr::tr("child page %1 does not exist").arg(pgno));
            break;
        }
        if (depth == kMaxDepth || m_visited > m_pages) {
            ok = malformed(pgno, Tr::tr("the tree is too deep or has a cycle"));
            break;
        }
        touched();
        const u8* pg = page(pgno);
        const int hdr = headerOffset(pgno);
        const u8 type = pg[hdr];
        const int cells = int(be16(pg + hdr + 3));
        if (type == 0x0D) {
            if (std::uint32_t(hdr + 8 + 2 * cells) > m_usable) {
                ok = malformed(pgno, Tr::tr("%1 cells do not fit").arg(cells));
                break;
            }
            if (!leaf(pgno, pg, hdr, cells, sink, converter, rows)) {
                ok = false;
                break;
            }
        } else if (type == 0x05) {
            if (std::uint32_t(hdr + 12 + 2 * cells) > m_usable) {
                ok = malformed(pgno, Tr::tr("%1 cells do not fit").arg(cells));
                break;
            }
            stack[depth++] = Frame { pgno, pg, hdr, cells, 0 };
        } else {
            ok = malformed(pgno, Tr::tr("type %1 is no table page").arg(int(type)));
            break;
        }
        // The next page: the next child of the deepest interior page left.
        pgno = 0;
        while (depth > 0) {
            Frame& f = stack[depth - 1];
            if (f.next < f.cells) {
                const std::uint32_t off = be16(f.pg + f.hdr + 12 + 2 * f.next);
                if (off < std::uint32_t(f.hdr + 12 + 2 * f.cells) || off + 4 > m_usable) {
                    ok = malformed(f.pgno, Tr::tr("cell %1 points outside the page").arg(f.next));
                    break;
                }
                pgno = be32(f.pg + off);
                ++f.next;
                break;
            }
            if (f.next == f.cells) {
                pgno = be32(f.pg + f.hdr + 8);
                ++f.next;
                break;
            }
            --depth;
        }
        if (!ok || pgno == 0)
            break;
    }
    if (!ok && error)
        *error = m_error;
    return ok;
}

} // namespace

bool nativePagesEnabled()
{
    return qgetenv("PROFSCOPE_SQLITE_NATIVE") != "0";
}

namespace {

bool scanPages(SqliteDb& db, const QByteArray& columns, const QByteArray& from, const RowSink& sink, qint64* rows,
    QString* error, QString* why)
{
    auto decline = [why](const QString& reason) {
        if (why)
            *why = reason;
        return false;
    };
    if (!nativePagesEnabled())
        return decline(QStringLiteral("PROFSCOPE_SQLITE_NATIVE=0"));
    if (!db.handle() || db.readsCopy())
        return decline(QStringLiteral("not open, or a -wal copy"));
    Plan plan;
    if (const QString reason = makePlan(db, columns, from, &plan); !reason.isEmpty())
        return decline(reason);
    if (sink.integers) {
        // A column selected twice is decoded once: its copies share its fallback.
        std::vector<int> itemOfSlot(std::size_t(plan.fields), -1);
        for (std::size_t k = 0; k < plan.items.size(); ++k) {
            if (plan.items[k].kind != ItemKind::Column)
                continue;
            int& first = itemOfSlot[std::size_t(plan.items[k].slot)];
            if (first < 0)
                first = int(k);
            else if (sink.fallbacks[first] != sink.fallbacks[k])
                return decline(QStringLiteral("a column selected twice with two fallbacks"));
        }
    }

    QFile file(db.path());
    if (!file.open(QIODevice::ReadOnly) || file.size() < 512)
        return decline(QStringLiteral("file not readable"));
    const qint64 size = file.size();
    const u8* base = file.map(0, size);
    if (!base)
        return decline(QStringLiteral("file not mapped"));
    struct Unmap
    {
        QFile& file;
        const u8* base;
        ~Unmap()
        {
            file.unmap(const_cast<u8*>(base));
        }
    } unmap { file, base };

    // Page 1's header: anything unusual, and SQLite reads the rows.
    const u8* h = base;
    static constexpr char kMagic[16] = { 'S', 'Q', 'L', 'i', 't', 'e', ' ', 'f', 'o', 'r', 'm', 'a', 't', ' ', '3', '\0' };
    if (std::memcmp(h, kMagic, 16) != 0)
        return decline(QStringLiteral("header: magic"));
    std::uint32_t pageSize = be16(h + 16);
    if (pageSize == 1)
        pageSize = 65536;
    if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) != 0)
        return decline(QStringLiteral("header: page size"));
    if (h[18] < 1 || h[18] > 2 || h[19] < 1 || h[19] > 2)
        return decline(QStringLiteral("header: file format version"));
    const std::uint32_t usable = pageSize - h[20];
    if (usable < 480)
        return decline(QStringLiteral("header: reserved bytes"));
    if (h[21] != 64 || h[22] != 32 || h[23] != 32)
        return decline(QStringLiteral("header: payload fractions"));
    if (be32(h + 56) != 1)
        return decline(QStringLiteral("header: text encoding is not UTF-8"));
    if (be32(h + 44) < 1 || be32(h + 44) > 4)
        return decline(QStringLiteral("header: schema format"));
    const std::uint64_t filePages = std::uint64_t(size) / pageSize;
    std::uint64_t pages = be32(h + 28);
    if (pages == 0 || be32(h + 24) != be32(h + 92))
        pages = filePages;
    if (pages > filePages || pages > 0xffffffffULL || plan.root > pages)
        return decline(QStringLiteral("header: page count"));
    PageScan scan(base, pageSize, usable, std::uint32_t(pages));
    {
        // A WITHOUT ROWID table's root is an index page: SQLite's business.
        const u8 type = scan.page(plan.root)[scan.headerOffset(plan.root)];
        if (type != 0x05 && type != 0x0D)
            return decline(QStringLiteral("root page is no table b-tree page"));
    }

    SqlCellConverter converter(db.handle());
    qint64 visited = 0;
    scan.run(plan, sink, converter, &visited, error);
    *rows = visited;
    return true;
}

} // namespace

bool scanTablePages(SqliteDb& db, const QByteArray& columns, const QByteArray& from,
    void (*row)(void* context, const SqlValues& values), void* context, qint64* rows, QString* error, QString* why)
{
    RowSink sink;
    sink.row = row;
    sink.context = context;
    return scanPages(db, columns, from, sink, rows, error, why);
}

bool scanTablePagesIntegers(SqliteDb& db, const QByteArray& columns, const QByteArray& from, const qint64* fallbacks,
    void (*row)(void* context, const qint64* values), void* context, qint64* rows, QString* error, QString* why)
{
    RowSink sink;
    sink.integers = row;
    sink.fallbacks = fallbacks;
    sink.context = context;
    return scanPages(db, columns, from, sink, rows, error, why);
}

} // namespace profscope
