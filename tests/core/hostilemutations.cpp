// SPDX-License-Identifier: Apache-2.0
#include "hostilemutations.h"

#include "testsupport.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>

namespace profscope::test::hostile {

namespace {

constexpr qsizetype kLongLineBytes = 10 * 1024 * 1024;
constexpr int kDeepNesting = 100000;
// Invalid UTF-8: stray continuation bytes, an overlong '/', a lone surrogate,
// a code point above U+10FFFF.
const QByteArray kBadUtf8("\xff\xfe\xc0\xaf\xed\xa0\x80\xf4\x90\x80\x80");

enum class Kind { Json, Csv, Db, Text };

Kind kindOf(const QString& path)
{
    if (path.endsWith(QLatin1String(".json")))
        return Kind::Json;
    if (path.endsWith(QLatin1String(".csv")))
        return Kind::Csv;
    if (path.endsWith(QLatin1String(".db")))
        return Kind::Db;
    return Kind::Text;
}

QStringList filesUnder(const QString& root)
{
    QStringList files;
    QDirIterator it(root, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next();
    files.sort();
    return files;
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeAll(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    if (f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        f.write(bytes);
}

struct Lcg
{
    quint32 state;
    quint32 next()
    {
        state = state * 1664525u + 1013904223u;
        return state >> 8;
    }
};

quint32 seedOf(const QString& text, quint32 salt)
{
    quint32 h = 2166136261u ^ salt;
    for (const QChar c : text) {
        h ^= c.unicode();
        h *= 16777619u;
    }
    return h;
}

bool isNumber(QByteArray cell)
{
    cell = cell.trimmed();
    if (cell.isEmpty())
        return false;
    bool ok = false;
    cell.toDouble(&ok);
    return ok;
}

// --- CSV: split and join lines and cells, quotes respected ---------------

QList<QByteArray> splitCells(const QByteArray& line)
{
    QList<QByteArray> cells;
    QByteArray cell;
    bool quoted = false;
    for (const char c : line) {
        if (c == '"')
            quoted = !quoted;
        if (c == ',' && !quoted) {
            cells << cell;
            cell.clear();
        } else {
            cell += c;
        }
    }
    cells << cell;
    return cells;
}

using CellFn = std::function<void(QByteArray& cell, int row, int column)>;

QByteArray mapCsvCells(const QByteArray& text, const CellFn& fn)
{
    QList<QByteArray> lines = text.split('\n');
    for (int row = 1; row < lines.size(); ++row) {
        QByteArray& line = lines[row];
        const bool cr = line.endsWith('\r');
        if (cr)
            line.chop(1);
        if (line.isEmpty())
            continue;
        QList<QByteArray> cells = splitCells(line);
        for (int c = 0; c < cells.size(); ++c)
            fn(cells[c], row, c);
        line = cells.join(',') + (cr ? "\r" : "");
    }
    return lines.join('\n');
}

// --- JSON -----------------------------------------------------------------

// Every number that is an object member's value (or a quoted number, as the
// profilers write ts), every other one replaced by `value`.
QByteArray mapJsonNumbers(const QByteArray& text, const std::function<QByteArray(int index, bool quoted)>& fn)
{
    static const QRegularExpression number(QStringLiteral(
        R"re(("(?:[^"\\\n]|\\.)*"\s*:\s*)(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?\s*")(?=\s*[,}\]]))re"));
    const QString in = QString::fromUtf8(text);
    QString out;
    out.reserve(in.size() + in.size() / 4);
    qsizetype last = 0;
    int index = 0;
    auto it = number.globalMatch(in);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        out += QStringView(in).mid(last, m.capturedStart(2) - last);
        const QByteArray replacement = fn(index++, m.captured(2).startsWith(QLatin1Char('"')));
        out += replacement.isNull() ? m.captured(2) : QString::fromUtf8(replacement);
        last = m.capturedEnd(2);
    }
    out += QStringView(in).mid(last);
    return out.toUtf8();
}

QJsonValue retype(const QJsonValue& v, int variant, int depth)
{
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        if (variant == 2) { // an object becomes the array of its values
            QJsonArray a;
            for (auto it = o.begin(); it != o.end(); ++it)
                a.append(retype(it.value(), variant, depth + 1));
            return a;
        }
        QJsonObject out;
        int i = 0;
        for (auto it = o.begin(); it != o.end(); ++it, ++i)
            out.insert(it.key(), variant == 3 && i % 2 == 1 ? QJsonValue(QJsonObject()) : retype(it.value(), variant, depth + 1));
        return out;
    }
    if (v.isArray()) {
        const QJsonArray a = v.toArray();
        if (variant == 2) { // an array becomes an object keyed by position
            QJsonObject o;
            for (int i = 0; i < a.size(); ++i)
                o.insert(QString::number(i), retype(a[i], variant, depth + 1));
            return o;
        }
        QJsonArray out;
        for (const QJsonValue& e : a)
            out.append(retype(e, variant, depth + 1));
        return out;
    }
    switch (variant) {
    case 0: return v.isDouble() || v.isBool() ? QJsonValue(QStringLiteral("x%1").arg(depth)) : v;
    case 1: return v.isString() ? QJsonValue(12345) : v;
    case 3: return QJsonValue();
    default: return v;
    }
}

// Right after the first '{' (the first object: in a trace, the first event).
QByteArray insertMember(const QByteArray& text, const QByteArray& member)
{
    const qsizetype brace = text.indexOf('{');
    if (brace < 0)
        return member + text;
    return text.left(brace + 1) + member + ',' + text.mid(brace + 1);
}

QByteArray deepArray()
{
    return QByteArray(kDeepNesting, '[') + QByteArray(kDeepNesting, ']');
}

// --- SQLite ---------------------------------------------------------------

struct Db
{
    sqlite3* db = nullptr;
    explicit Db(const QString& path)
    {
        if (sqlite3_open(QFile::encodeName(path).constData(), &db) != SQLITE_OK) {
            sqlite3_close(db);
            db = nullptr;
        }
        // One transaction without syncs: hundreds of UPDATEs per database.
        exec(QStringLiteral("PRAGMA synchronous=OFF"));
        exec(QStringLiteral("PRAGMA journal_mode=MEMORY"));
        exec(QStringLiteral("BEGIN"));
    }
    ~Db()
    {
        exec(QStringLiteral("COMMIT"));
        sqlite3_close(db);
    }
    void exec(const QString& sql) const
    {
        if (db)
            sqlite3_exec(db, sql.toUtf8().constData(), nullptr, nullptr, nullptr);
    }
    QStringList column(const QString& sql) const
    {
        QStringList out;
        sqlite3_stmt* st = nullptr;
        if (db && sqlite3_prepare_v2(db, sql.toUtf8().constData(), -1, &st, nullptr) == SQLITE_OK)
            while (sqlite3_step(st) == SQLITE_ROW)
                out << QString::fromUtf8(reinterpret_cast<const char*>(sqlite3_column_text(st, 0)));
        sqlite3_finalize(st);
        return out;
    }
    QStringList tables() const
    {
        return column(QStringLiteral("SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' "
                                     "ORDER BY name"));
    }
    QStringList columns(const QString& table) const
    {
        return column(QStringLiteral("SELECT name FROM pragma_table_info('%1')").arg(table));
    }
};

QString q(const QString& name)
{
    return QLatin1Char('"') + name + QLatin1Char('"');
}

// Runs `sql` (with %T and %C for the table and column) on every column.
void eachColumn(const QString& path, const QString& sql, bool alternate = false)
{
    Db db(path);
    for (const QString& t : db.tables()) {
        const QStringList cols = db.columns(t);
        for (int c = 0; c < cols.size(); ++c)
            if (!alternate || c % 2 == 0)
                db.exec(QString(sql).replace(QLatin1String("%T"), q(t)).replace(QLatin1String("%C"), q(cols[c])));
    }
}

// --- the mutations ----------------------------------------------------------

struct Mutation
{
    QString name;
    // Applied to every file of the profile (`index`: the file's position).
    std::function<void(const QString& path, int index)> apply;
    bool checkMainFile = false; // the main file must be reported, with a location if broken
};

QByteArray hugeSql(const QByteArray& value)
{
    bool ok = false;
    value.toDouble(&ok);
    return ok ? value : "'" + value + "'";
}

void hugeNumbers(const QString& path, const QByteArray& value)
{
    bool numeric = false;
    value.toDouble(&numeric);
    const QByteArray json = numeric ? value : '"' + value + '"';
    switch (kindOf(path)) {
    case Kind::Json:
        writeAll(path, mapJsonNumbers(readAll(path), [&](int i, bool quoted) {
            return i % 2 == 0 ? (quoted ? '"' + value + '"' : json) : QByteArray();
        }));
        break;
    case Kind::Csv:
        writeAll(path, mapCsvCells(readAll(path), [&](QByteArray& cell, int row, int column) {
            if ((row + column) % 2 == 0 && isNumber(cell))
                cell = value;
        }));
        break;
    case Kind::Text: {
        static const QRegularExpression number(QStringLiteral(R"(-?\d+(?:\.\d+)?)"));
        // Text files (MindInsight .txt): every other number token.
        const QString in = QString::fromUtf8(readAll(path));
        QString out;
        qsizetype last = 0;
        auto it = number.globalMatch(in);
        int n = 0;
        while (it.hasNext()) {
            const auto m = it.next();
            out += QStringView(in).mid(last, m.capturedStart() - last);
            out += n++ % 2 == 0 ? QString::fromUtf8(value) : m.captured();
            last = m.capturedEnd();
        }
        out += QStringView(in).mid(last);
        writeAll(path, out.toUtf8());
        break;
    }
    case Kind::Db:
        eachColumn(path,
            QStringLiteral("UPDATE %T SET %C = ") + QString::fromUtf8(hugeSql(value))
                + QStringLiteral(" WHERE rowid % 2 = 0 AND typeof(%C) IN ('integer','real')"),
            true);
        break;
    }
}

// ids, ranks, steps and counts in the billions: beyond int32, far beyond any
// table the files hold.
void billionIds(const QString& path)
{
    switch (kindOf(path)) {
    case Kind::Json: {
        static const QRegularExpression key(QStringLiteral(R"re("([^"]*(?:id|Id|ID|rank|step|count|num|pid|tid)[^"]*)"\s*:\s*"?(-?\d+)"?)re"));
        QString in = QString::fromUtf8(readAll(path));
        QString out;
        qsizetype last = 0;
        auto it = key.globalMatch(in);
        qint64 n = 0;
        while (it.hasNext()) {
            const auto m = it.next();
            out += QStringView(in).mid(last, m.capturedStart(2) - last);
            out += QString::number(n % 2 == 0 ? 4000000000LL + n : 2147483648LL);
            ++n;
            last = m.capturedEnd(2);
        }
        out += QStringView(in).mid(last);
        // Matrix links name their ranks "src-dst".
        static const QRegularExpression link(QStringLiteral(R"re("(\d+)-(\d+)"\s*:)re"));
        out.replace(link, QStringLiteral("\"\\1-4000000000\":"));
        writeAll(path, out.toUtf8());
        break;
    }
    case Kind::Csv: {
        const QList<QByteArray> header = splitCells(readAll(path).split('\n').value(0).trimmed());
        writeAll(path, mapCsvCells(readAll(path), [&](QByteArray& cell, int row, int column) {
            const QByteArray h = header.value(column).toLower();
            if ((h.contains("id") || h.contains("rank") || h.contains("step") || h.contains("count")) && isNumber(cell))
                cell = QByteArray::number(row % 2 == 0 ? 4000000000LL + row : 2147483648LL);
        }));
        break;
    }
    case Kind::Db: {
        eachColumn(path, QStringLiteral("UPDATE %T SET %C = 4000000000 + rowid WHERE typeof(%C) = 'integer' AND "
                                        "(lower('%C') LIKE '%id%' OR lower('%C') LIKE '%rank%')"));
        Db db(path);
        for (const QString& t : db.tables()) {
            // A row at the end of the rowid space: a table that claims 2^63 rows.
            db.exec(QStringLiteral("INSERT INTO %1 SELECT * FROM %1 LIMIT 1").arg(q(t)));
            db.exec(QStringLiteral("UPDATE %1 SET rowid = 9223372036854775807 WHERE rowid = (SELECT max(rowid) FROM %1)")
                        .arg(q(t)));
        }
        // The planner's statistics claim billions of rows in every table.
        db.exec(QStringLiteral("ANALYZE"));
        db.exec(QStringLiteral("UPDATE sqlite_stat1 SET stat = '4000000000 1'"));
        break;
    }
    case Kind::Text:
        break;
    }
}

void wrongTypes(const QString& path, int variant)
{
    switch (kindOf(path)) {
    case Kind::Json: {
        const QJsonDocument doc = QJsonDocument::fromJson(readAll(path));
        if (doc.isNull())
            return;
        const QJsonValue v = retype(doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object()), variant, 0);
        writeAll(path, v.isArray() ? QJsonDocument(v.toArray()).toJson() : QJsonDocument(v.toObject()).toJson());
        break;
    }
    case Kind::Csv:
        writeAll(path, mapCsvCells(readAll(path), [&](QByteArray& cell, int row, int column) {
            const bool number = isNumber(cell);
            static const QByteArray odd[] = { "1e400", "0x1F", "\"1,5\"", "--1", "1.2.3", "inf" };
            switch (variant) {
            case 0: if (number) cell = "abc"; break;
            case 1: if (!number) cell = "123"; break;
            case 2: cell.clear(); break;
            default: if (number) cell = odd[(row + column) % 6]; break;
            }
        }));
        break;
    case Kind::Text: {
        static const QRegularExpression number(QStringLiteral(R"(-?\d+(?:\.\d+)?)"));
        static const QString with[] = { QStringLiteral("abc"), QStringLiteral("-1"), QString(), QStringLiteral("1e400") };
        writeAll(path, QString::fromUtf8(readAll(path)).replace(number, with[variant % 4]).toUtf8());
        break;
    }
    case Kind::Db: {
        static const QString sql[] = {
            QStringLiteral("UPDATE %T SET %C = 'abc' WHERE typeof(%C) IN ('integer','real')"),
            QStringLiteral("UPDATE %T SET %C = x'fffe00' WHERE typeof(%C) = 'text'"),
            QStringLiteral("UPDATE %T SET %C = NULL"),
            QStringLiteral("UPDATE %T SET %C = CASE typeof(%C) WHEN 'integer' THEN -1 WHEN 'real' THEN 0.5 "
                           "ELSE %C END"),
        };
        eachColumn(path, sql[variant % 4]);
        break;
    }
    }
}

void deepNesting(const QString& path)
{
    switch (kindOf(path)) {
    case Kind::Json:
        writeAll(path, insertMember(readAll(path), "\"deep\":" + deepArray()));
        break;
    case Kind::Csv:
    case Kind::Text: {
        QByteArray text = readAll(path);
        const qsizetype eol = text.indexOf('\n');
        text.insert(eol < 0 ? text.size() : eol, ',' + deepArray());
        writeAll(path, text);
        break;
    }
    case Kind::Db:
        // Text cells that are read as JSON (args, metadata values) hold the nesting.
        eachColumn(path, QStringLiteral("UPDATE %T SET %C = '") + QString::fromLatin1(deepArray())
                             + QStringLiteral("' WHERE rowid IN (SELECT min(rowid) FROM %T) AND typeof(%C) = 'text'"));
        break;
    }
}

void longLine(const QString& path)
{
    const QByteArray longText(kLongLineBytes, 'A');
    switch (kindOf(path)) {
    case Kind::Json:
        writeAll(path, insertMember(readAll(path), "\"name\":\"" + longText + '"'));
        break;
    case Kind::Csv:
        writeAll(path, mapCsvCells(readAll(path), [&](QByteArray& cell, int row, int column) {
            if (row == 1 && column == 4)
                cell = longText;
        }));
        break;
    case Kind::Text:
        writeAll(path, readAll(path) + longText + '\n');
        break;
    case Kind::Db: {
        // The last string (a name few rows use: every use is written out
        // again by the trace export) and the metadata values.
        Db db(path);
        for (const QString& t : db.tables()) {
            if (t != QLatin1String("STRING_IDS") && t != QLatin1String("META_DATA"))
                continue;
            for (const QString& c : db.columns(t))
                db.exec(QStringLiteral("UPDATE %1 SET %2 = printf('%.*c', %3, 'A') WHERE rowid IN (SELECT max(rowid) "
                                       "FROM %1) AND typeof(%2) = 'text'")
                            .arg(q(t), q(c))
                            .arg(kLongLineBytes));
        }
        break;
    }
    }
}

void nonUtf8(const QString& path)
{
    switch (kindOf(path)) {
    case Kind::Json: {
        // Into every string value, after its opening quote.
        const QByteArray in = readAll(path);
        QByteArray out;
        out.reserve(in.size() * 2);
        for (qsizetype i = 0; i < in.size(); ++i) {
            out += in[i];
            if (in[i] == '"' && i > 0) {
                qsizetype j = i - 1;
                while (j > 0 && (in[j] == ' ' || in[j] == '\t'))
                    --j;
                if (in[j] == ':')
                    out += kBadUtf8;
            }
        }
        writeAll(path, out);
        break;
    }
    case Kind::Csv:
        writeAll(path, mapCsvCells(readAll(path), [&](QByteArray& cell, int, int) {
            if (!isNumber(cell))
                cell.prepend(kBadUtf8);
        }));
        break;
    case Kind::Text: {
        QList<QByteArray> lines = readAll(path).split('\n');
        for (int i = 0; i < lines.size(); i += 3)
            lines[i].prepend(kBadUtf8);
        writeAll(path, lines.join('\n'));
        break;
    }
    case Kind::Db:
        eachColumn(path, QStringLiteral("UPDATE %T SET %C = CAST(x'") + QString::fromLatin1(kBadUtf8.toHex())
                             + QStringLiteral("' AS TEXT) || %C WHERE typeof(%C) = 'text'"));
        break;
    }
}

void utf16(const QString& path)
{
    if (kindOf(path) == Kind::Db)
        return;
    const QString text = QString::fromUtf8(readAll(path));
    QByteArray out("\xff\xfe", 2);
    out.append(reinterpret_cast<const char*>(text.utf16()), text.size() * 2);
    writeAll(path, out);
}

void duplicates(const QString& path)
{
    switch (kindOf(path)) {
    case Kind::Json: {
        // Each object's first key twice: first an object, then the real value.
        static const QRegularExpression first(QStringLiteral(R"re(\{(\s*)("(?:[^"\\\n]|\\.)*")\s*:)re"));
        writeAll(path, QString::fromUtf8(readAll(path))
                           .replace(first, QStringLiteral("{\\1\\2:{\"dup\":[1,2]},\\2:"))
                           .toUtf8());
        break;
    }
    case Kind::Csv: {
        // Every column twice in the header, and the header again halfway.
        QList<QByteArray> lines = readAll(path).split('\n');
        if (lines.isEmpty())
            return;
        QByteArray header = lines[0];
        const bool cr = header.endsWith('\r');
        if (cr)
            header.chop(1);
        lines[0] = header + ',' + header + (cr ? "\r" : "");
        lines.insert(qMax(1, int(lines.size() / 2)), header);
        writeAll(path, lines.join('\n'));
        break;
    }
    case Kind::Text: {
        QList<QByteArray> lines = readAll(path).split('\n');
        QList<QByteArray> out;
        for (const QByteArray& l : lines)
            out << l << l;
        writeAll(path, out.join('\n'));
        break;
    }
    case Kind::Db: {
        Db db(path);
        for (const QString& t : db.tables())
            db.exec(QStringLiteral("INSERT INTO %1 SELECT * FROM %1").arg(q(t)));
        break;
    }
    }
}

// --- files replaced by what is not a file ------------------------------------

struct Replacement
{
    QString name;
    std::function<bool(const QString& path)> make;
    bool needsNonRoot = false;
    QString reasonHas; // besides the file's name
};

QList<Replacement> replacements()
{
    return {
        { QStringLiteral("fifo"), [](const QString& p) { return makeFifo(p); }, false,
            QStringLiteral("not a regular file") },
        { QStringLiteral("folder"), [](const QString& p) { return QDir().mkpath(p + QStringLiteral("/inner")); }, false,
            {} },
        { QStringLiteral("symlink loop"), [](const QString& p) { return QFile::link(p, p); }, false, {} },
        { QStringLiteral("dangling symlink"),
            [](const QString& p) { return QFile::link(p + QStringLiteral(".missing"), p); }, false, {} },
        { QStringLiteral("/dev/zero"), [](const QString& p) { return QFile::link(QStringLiteral("/dev/zero"), p); },
            false, QStringLiteral("not a regular file") },
        { QStringLiteral("empty"), [](const QString& p) { return QFile(p).open(QIODevice::WriteOnly); }, false, {} },
        { QStringLiteral("unreadable"),
            [](const QString& p) {
                writeAll(p, "{}");
                return QFile::setPermissions(p, QFileDevice::Permissions());
            },
            true, {} },
    };
}

// The file of a base that carries the most (the trace, the database, the
// kernel table, the MindInsight step trace).
QString mainFile(const QString& root)
{
    const QStringList files = filesUnder(root);
    // The database first: where a rank has both, it is the source read.
    for (const QString& want : { QStringLiteral("_profiler_0.db"), QStringLiteral("trace_view.json"),
             QStringLiteral("kernel_details.csv"), QStringLiteral("step_trace_raw_0_detail_time.csv") })
        for (const QString& f : files)
            if (f.endsWith(want))
                return f;
    return files.value(0);
}

// The largest file of each kind (10 MB lines go there only: a profile stays small).
QStringList largestPerKind(const QString& root)
{
    QHash<int, QPair<qint64, QString>> best;
    for (const QString& f : filesUnder(root)) {
        const int k = int(kindOf(f));
        const qint64 size = QFileInfo(f).size();
        if (!best.contains(k) || best[k].first < size)
            best[k] = { size, f };
    }
    QStringList out;
    for (const auto& v : std::as_const(best))
        out << v.second;
    return out;
}

} // namespace

bool makeFifo(const QString& path)
{
    return ::mkfifo(QFile::encodeName(path).constData(), 0600) == 0;
}

void makeWritable(const QString& root)
{
    QDirIterator it(root, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QFileInfo info(it.next());
        if (info.isSymLink())
            continue;
        ::chmod(QFile::encodeName(info.filePath()).constData(), info.isDir() ? 0700 : 0600);
    }
}

std::vector<Damaged> makeDamagedProfiles(
    const QString& root, const QStringList& bases, const std::function<QString(const QString&)>& basePath)
{
    std::vector<Damaged> out;
    QList<Mutation> mutations;
    for (const quint32 seed : { 1u, 2u })
        mutations << Mutation { QStringLiteral("byte flips %1").arg(seed),
            [seed](const QString& path, int) {
                QByteArray b = readAll(path);
                if (b.isEmpty())
                    return;
                Lcg lcg { seedOf(QFileInfo(path).fileName(), seed) };
                const int flips = int(std::clamp<qsizetype>(b.size() / 512, 4, 64));
                for (int i = 0; i < flips; ++i)
                    b[qsizetype(lcg.next() % quint32(b.size()))] ^= char(1 + lcg.next() % 255);
                writeAll(path, b);
            },
            true };
    for (const int percent : { 0, 37, 91 })
        mutations << Mutation { percent == 0 ? QStringLiteral("truncated to 1 byte")
                                             : QStringLiteral("truncated at %1%").arg(percent),
            [percent](const QString& path, int) {
                QFile f(path);
                f.resize(percent == 0 ? qMin<qint64>(1, f.size()) : f.size() * percent / 100);
            },
            true };
    for (const char* value : { "1e308", "-1e308", "9223372036854775807", "1e48", "NaN" })
        mutations << Mutation { QStringLiteral("huge %1").arg(QLatin1String(value)),
            [value](const QString& path, int) { hugeNumbers(path, value); } };
    mutations << Mutation { QStringLiteral("ids in the billions"), [](const QString& path, int) { billionIds(path); } };
    for (int variant = 0; variant < 4; ++variant)
        mutations << Mutation { QStringLiteral("wrong types %1").arg(variant),
            [variant](const QString& path, int) { wrongTypes(path, variant); } };
    mutations << Mutation { QStringLiteral("100000-deep nesting"), [](const QString& path, int) { deepNesting(path); } };
    mutations << Mutation { QStringLiteral("non-UTF-8"), [](const QString& path, int) { nonUtf8(path); } };
    mutations << Mutation { QStringLiteral("UTF-16"), [](const QString& path, int) { utf16(path); } };
    mutations << Mutation { QStringLiteral("duplicate keys and headers"),
        [](const QString& path, int) { duplicates(path); } };

    int counter = 0;
    int mutationIndex = 0;
    auto fresh = [&](const QString& baseName, const QString& mutation) {
        Damaged d;
        d.baseIndex = int(bases.indexOf(baseName));
        d.mutationIndex = mutationIndex++;
        d.name = baseName + QLatin1Char('/') + mutation;
        d.base = baseName;
        d.path = QDir(root).filePath(QStringLiteral("%1").arg(++counter, 3, 10, QLatin1Char('0')));
        copyTree(basePath(baseName), d.path);
        makeWritable(d.path);
        return d;
    };

    for (const QString& b : bases) {
        mutationIndex = 0;
        for (const Mutation& m : std::as_const(mutations)) {
            Damaged d = fresh(b, m.name);
            const QStringList files = filesUnder(d.path);
            for (int i = 0; i < files.size(); ++i)
                m.apply(files[i], i);
            if (m.checkMainFile) {
                d.rejected = QDir(d.path).relativeFilePath(mainFile(d.path));
                d.mayBeUsed = true;
                // SQLite names the table it failed in, never a byte offset.
                d.needsLocation = !d.rejected.endsWith(QLatin1String(".db"));
            }
            out.push_back(d);
        }
        {
            Damaged d = fresh(b, QStringLiteral("10 MB lines"));
            for (const QString& f : largestPerKind(d.path))
                longLine(f);
            out.push_back(d);
        }
        for (const Replacement& r : replacements()) {
            Damaged d = fresh(b, QStringLiteral("main file is ") + r.name);
            const QString target = mainFile(d.path);
            d.rejected = QDir(d.path).relativeFilePath(target);
            d.needsNonRoot = r.needsNonRoot;
            // The report's entry names the file; its reason says what is wrong.
            if (!r.reasonHas.isEmpty())
                d.reasonHas << r.reasonHas;
            QFile::remove(target);
            r.make(target);
            out.push_back(d);
        }
    }

    // Profile paths that are not profiles at all.
    const QString text = bases.value(0);
    mutationIndex = 0;
    const std::size_t firstFolderLevel = out.size();
    {
        Damaged d = fresh(text, QStringLiteral("path is a fifo"));
        QDir(d.path).removeRecursively();
        makeFifo(d.path);
        d.rejected = QStringLiteral("*");
        out.push_back(d);
    }
    {
        Damaged d = fresh(text, QStringLiteral("path is a symlink loop"));
        QDir(d.path).removeRecursively();
        QFile::link(d.path, d.path);
        d.rejected = QStringLiteral("*");
        out.push_back(d);
    }
    {
        Damaged d = fresh(text, QStringLiteral("path is a garbage file"));
        QDir(d.path).removeRecursively();
        QByteArray garbage(4096, '\0');
        Lcg lcg { 7 };
        for (char& c : garbage)
            c = char(lcg.next());
        writeAll(d.path, garbage);
        d.rejected = QStringLiteral("*");
        out.push_back(d);
    }
    {
        // Symlinks back up the tree inside the rank folders.
        Damaged d = fresh(text, QStringLiteral("symlink loops inside"));
        for (const QFileInfo& rank : QDir(d.path).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            QFile::link(rank.filePath(), rank.filePath() + QStringLiteral("/loop"));
            QFile::link(d.path, rank.filePath() + QStringLiteral("/ASCEND_PROFILER_OUTPUT/up"));
        }
        out.push_back(d);
    }
    {
        // A rank folder whose name is not UTF-8 and holds a newline.
        Damaged d = fresh(text, QStringLiteral("non-UTF-8 folder name"));
        const QFileInfoList ranks = QDir(d.path).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
        if (!ranks.isEmpty()) {
            const QByteArray from = QFile::encodeName(ranks.first().filePath());
            const QByteArray to = QFile::encodeName(d.path) + "/rank\xff\xfe\n0_ascend_ms";
            ::rename(from.constData(), to.constData());
        }
        out.push_back(d);
    }
    {
        // The ranks 1000 folders down.
        Damaged d = fresh(text, QStringLiteral("1000-deep folders"));
        QString deep = d.path;
        for (int i = 0; i < 1000; ++i)
            deep += QStringLiteral("/d");
        QDir().mkpath(deep);
        for (const QFileInfo& rank : QDir(d.path).entryInfoList(QDir::Dirs | QDir::NoDotAndDotDot))
            if (rank.fileName() != QLatin1String("d"))
                QDir().rename(rank.filePath(), deep + QLatin1Char('/') + rank.fileName());
        out.push_back(d);
    }
    for (std::size_t i = firstFolderLevel; i < out.size(); ++i)
        out[i].baseIndex = -1; // not a damaged copy of one base: the whole path is the damage
    return out;
}

} // namespace profscope::test::hostile
