// SPDX-License-Identifier: Apache-2.0
// The damage tst_hostileinputs does to one file, by its kind: text edits for
// JSON, CSV and text files, SQL through the sqlite3 C API for databases.
#include "hostilemutations.h"

#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <sqlite3.h>

#include <functional>

namespace profscope::test::hostile {

namespace {

constexpr qsizetype kLongLineBytes = 10 * 1024 * 1024;
constexpr int kDeepNesting = 100000;
// Invalid UTF-8: stray continuation bytes, an overlong '/', a lone surrogate,
// a code point above U+10FFFF.
const QByteArray kBadUtf8("\xff\xfe\xc0\xaf\xed\xa0\x80\xf4\x90\x80\x80");

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

QByteArray hugeSql(const QByteArray& value)
{
    bool ok = false;
    value.toDouble(&ok);
    return ok ? value : "'" + value + "'";
}

} // namespace

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

} // namespace profscope::test::hostile
