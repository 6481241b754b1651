// SPDX-License-Identifier: Apache-2.0
// The simdjson fast path of JsonFile::load (parse/jsonfast.*): for every
// input it accepts it must report the same SAX events as nlohmann's parser
// (which builds the DOM the parsers read), and it must decline every input
// nlohmann rejects or reads differently, so that the slow path reports it.
//
// Independent references: nlohmann::json::sax_parse over the same bytes (a
// second, unrelated JSON implementation), every real fixture *.json under
// 5 MB, and event logs written by hand for the number and key rules.

#include "parse/jsonfast.h"
#include "testsupport.h"

#include <QDirIterator>
#include <QFile>
#include <QTest>

#include <nlohmann/json.hpp>

#include <string>

using namespace profscope;

namespace {

using Json = nlohmann::ordered_json;

// Writes every event as one line: "{", "}", "[", "]", "k:NAME", "s:TEXT",
// "i:N" (int64), "u:N" (uint64), "f:TEXT" (float, its source text), "b:1",
// "null".
class EventLog : public nlohmann::json_sax<Json>
{
public:
    std::string log;

    bool null() override { return add("null"); }
    bool boolean(bool v) override { return add(v ? "b:1" : "b:0"); }
    bool number_integer(number_integer_t v) override { return add("i:" + std::to_string(v)); }
    bool number_unsigned(number_unsigned_t v) override { return add("u:" + std::to_string(v)); }
    bool number_float(number_float_t, const string_t& text) override { return add("f:" + text); }
    bool string(string_t& v) override { return add("s:" + v); }
    bool binary(binary_t&) override { return add("binary"); }
    bool start_object(std::size_t) override { return add("{"); }
    bool key(string_t& v) override { return add("k:" + v); }
    bool end_object() override { return add("}"); }
    bool start_array(std::size_t) override { return add("["); }
    bool end_array() override { return add("]"); }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

private:
    bool add(const std::string& line)
    {
        log += line;
        log += '\n';
        return true;
    }
};

// The same log from a handler that takes unsigned integers in runs
// (jsonfast.h UnsignedRuns): each value written as its own "u:" line, so the
// log must equal the event-by-event one. Runs are also counted, to check that
// the run path is taken at all.
class RunLog final : public EventLog, public jsonfile::UnsignedRuns
{
public:
    int runs = 0;
    bool unsignedRun(const std::uint64_t* values, std::size_t count) override
    {
        ++runs;
        for (std::size_t i = 0; i < count; ++i)
            number_unsigned(values[i]);
        return true;
    }
};

// The fast path over a padded copy of `text`; nullopt when it declines.
// With `runs`, through a handler that takes runs of unsigned integers.
std::optional<std::string> fastEvents(const QByteArray& text, int maxDepth = 512, int* runs = nullptr)
{
    QByteArray padded = text;
    padded.append(QByteArray(qsizetype(jsonfile::jsonFastPadding()), '\0'));
    if (runs) {
        RunLog log;
        const bool ok = jsonfile::saxParseFast(padded.constData(), std::size_t(text.size()), maxDepth, log);
        *runs = log.runs;
        return ok ? std::optional<std::string>(log.log) : std::nullopt;
    }
    EventLog log;
    if (!jsonfile::saxParseFast(padded.constData(), std::size_t(text.size()), maxDepth, log))
        return std::nullopt;
    return log.log;
}

// nlohmann's events; nullopt when it rejects the text or the top level is not an object.
std::optional<std::string> referenceEvents(const QByteArray& text)
{
    EventLog log;
    if (!Json::sax_parse(text.constData(), text.constData() + text.size(), &log))
        return std::nullopt;
    if (log.log.rfind("{\n", 0) != 0)
        return std::nullopt;
    return log.log;
}

} // namespace

class TestJsonFast : public QObject
{
    Q_OBJECT

private slots:
    void handWritten_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QByteArray>("events");
        // nlohmann's number rules: '.', 'e' or 'E' make a float (kept as
        // written, trailing zero and all); otherwise int64 when negative
        // ("-0" too), uint64 when not, up to 2^64 - 1.
        QTest::newRow("numbers") << QByteArray("{\"a\": -0, \"b\": 1.50 ,\"c\":[18446744073709551615, -9223372036854775808,"
                                               " 2E3, 1e-7]}\n")
                                 << QByteArray("{\nk:a\ni:0\nk:b\nf:1.50\nk:c\n[\nu:18446744073709551615\n"
                                               "i:-9223372036854775808\nf:2E3\nf:1e-7\n]\n}\n");
        // Around int64's edges: simdjson types 2^63 - 1 as signed and 2^63 as
        // unsigned; nlohmann, uint64 for both. Whitespace before a comma or a
        // bracket is not part of the number.
        QTest::newRow("integer edges")
            << QByteArray("{\"r\":[0, 9223372036854775807 ,9223372036854775808\n,-1,\t-9223372036854775807 , 12\r\n]}")
            << QByteArray("{\nk:r\n[\nu:0\nu:9223372036854775807\nu:9223372036854775808\ni:-1\n"
                          "i:-9223372036854775807\nu:12\n]\n}\n");
        // A repeated key is passed on twice (the DOM builder keeps the last);
        // escapes are decoded (é is C3 A9 in UTF-8).
        QTest::newRow("keys and escapes") << QByteArray("{\"k\":true,\"k\":null,\"s\":\"caf\\u00e9 \\\"x\\\"\\n\"}")
                                          << QByteArray("{\nk:k\nb:1\nk:k\nnull\nk:s\ns:caf\xc3\xa9 \"x\"\n\n}\n");
        // Runs of unsigned integers broken by other values, nested arrays
        // with runs of their own, and the walk going on after them.
        QTest::newRow("integer runs")
            << QByteArray("{\"r\":[0, 1,\n 2, -3, 4, 5.5, 6, \"7\", [8, 9], {\"a\":10}, 11, true, 12],\"z\":[13]}")
            << QByteArray("{\nk:r\n[\nu:0\nu:1\nu:2\ni:-3\nu:4\nf:5.5\nu:6\ns:7\n[\nu:8\nu:9\n]\n{\nk:a\nu:10\n}\n"
                          "u:11\nb:1\nu:12\n]\nk:z\n[\nu:13\n]\n}\n");
        QTest::newRow("nested") << QByteArray("{ \"a\" : { \"b\" : [ [ ] , { } ] } }")
                                << QByteArray("{\nk:a\n{\nk:b\n[\n[\n]\n{\n}\n]\n}\n}\n");
    }

    void handWritten()
    {
        QFETCH(QByteArray, text);
        QFETCH(QByteArray, events);
        const auto fast = fastEvents(text);
        QVERIFY(fast.has_value());
        QCOMPARE(QByteArray::fromStdString(*fast), events);
        QCOMPARE(QByteArray::fromStdString(referenceEvents(text).value_or("declined")), events);
        int runs = 0;
        QCOMPARE(QByteArray::fromStdString(fastEvents(text, 512, &runs).value_or("declined")), events);
        if (QByteArray(QTest::currentDataTag()) == "integer runs")
            QCOMPARE(runs, 7); // 0 1 2 | 4 | 6 | 8 9 | 11 | 12 | 13 (10 is an object's value: an event)
    }

    // Everything nlohmann rejects, and what it reads otherwise than the fast
    // path would (numbers beyond 64 bits become floats), must be declined.
    void declines_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<bool>("nlohmannAccepts");
        QTest::newRow("top-level array") << QByteArray("[1, 2]") << false;
        QTest::newRow("top-level number") << QByteArray("12") << false;
        QTest::newRow("trailing garbage") << QByteArray("{\"a\":1} x") << false;
        QTest::newRow("second object") << QByteArray("{\"a\":1} {}") << false;
        QTest::newRow("extra brace") << QByteArray("{\"a\":1}}") << false;
        QTest::newRow("truncated") << QByteArray("{\"a\": [1, 2") << false;
        QTest::newRow("truncated string") << QByteArray("{\"a\": \"abc") << false;
        QTest::newRow("missing colon") << QByteArray("{\"a\" 1}") << false;
        QTest::newRow("missing comma") << QByteArray("{\"a\":1 \"b\":2}") << false;
        QTest::newRow("trailing comma") << QByteArray("{\"a\":[1,2,],}") << false;
        QTest::newRow("leading zero") << QByteArray("{\"a\":01}") << false;
        QTest::newRow("leading zero in a run") << QByteArray("{\"a\":[1,02]}") << false;
        QTest::newRow("letter after a number in a run") << QByteArray("{\"a\":[1,2x]}") << false;
        QTest::newRow("unclosed run") << QByteArray("{\"a\":[1,2}") << false;
        QTest::newRow("bare dot") << QByteArray("{\"a\":1.}") << false;
        QTest::newRow("two dots") << QByteArray("{\"a\":1.2.3}") << false;
        QTest::newRow("lone minus") << QByteArray("{\"a\":-}") << false;
        QTest::newRow("plus sign") << QByteArray("{\"a\":+1}") << false;
        QTest::newRow("hex") << QByteArray("{\"a\":0x10}") << false;
        QTest::newRow("huge exponent") << QByteArray("{\"a\":1e400}") << false;
        // nlohmann reads integers beyond 64 bits as floats; the fast path leaves them to it.
        QTest::newRow("beyond uint64") << QByteArray("{\"a\":18446744073709551616}") << true;
        QTest::newRow("beyond int64") << QByteArray("{\"a\":-9223372036854775809}") << true;
        QTest::newRow("bad literal") << QByteArray("{\"a\":nul}") << false;
        QTest::newRow("bad true") << QByteArray("{\"a\":tru}") << false;
        QTest::newRow("true suffix") << QByteArray("{\"a\":truex}") << false;
        QTest::newRow("single quotes") << QByteArray("{'a':1}") << false;
        QTest::newRow("raw tab in string") << QByteArray("{\"a\":\"x\ty\"}") << false;
        QTest::newRow("raw newline in string") << QByteArray("{\"a\":\"x\ny\"}") << false;
        QTest::newRow("control byte in string") << QByteArray("{\"a\":\"x\x01y\"}") << false;
        QTest::newRow("bad escape") << QByteArray("{\"a\":\"\\q\"}") << false;
        QTest::newRow("lone surrogate") << QByteArray("{\"a\":\"\\ud800\"}") << false;
        QTest::newRow("invalid utf-8") << QByteArray("{\"a\":\"\xff\xfe\"}") << false;
        QTest::newRow("comment") << QByteArray("{\"a\":1 /* c */}") << false;
        QTest::newRow("NaN") << QByteArray("{\"a\":NaN}") << false;
        QTest::newRow("unquoted key") << QByteArray("{a:1}") << false;
        QTest::newRow("byte order mark") << QByteArray("\xef\xbb\xbf{\"a\":1}") << true;
        QTest::newRow("empty") << QByteArray("") << false;
        QTest::newRow("blank") << QByteArray("  \n") << false;
    }

    void declines()
    {
        QFETCH(QByteArray, text);
        QFETCH(bool, nlohmannAccepts);
        QCOMPARE(referenceEvents(text).has_value(), nlohmannAccepts);
        QVERIFY(!fastEvents(text).has_value());
        int runs = 0;
        QVERIFY(!fastEvents(text, 512, &runs).has_value());
    }

    // Nested 4 deep: allowed at maxDepth 4, declined at 3 (the top-level object is level 1).
    void depthLimit()
    {
        const QByteArray text("{\"a\":[{\"b\":[]}]}");
        QVERIFY(fastEvents(text, 4).has_value());
        QVERIFY(!fastEvents(text, 3).has_value());
    }

    // Every real JSON fixture with an object at the top: the same events as nlohmann.
    void realFixtures()
    {
        int compared = 0;
        QDirIterator it(QStringLiteral(PROFSCOPE_FIXTURES_DIR), { QStringLiteral("*.json") }, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            if (QFileInfo(path).size() > 5 * 1024 * 1024)
                continue;
            QFile f(path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray text = f.readAll();
            const auto reference = referenceEvents(text);
            const auto fast = fastEvents(text);
            QVERIFY2(fast == reference, qPrintable(path));
            int runs = 0;
            QVERIFY2(fastEvents(text, 512, &runs) == reference, qPrintable(path));
            compared += reference ? 1 : 0;
        }
        // 150 *.json files under the fixtures; most have an object at the top.
        QVERIFY2(compared >= 40, qPrintable(QString::number(compared)));
    }
};

QTEST_GUILESS_MAIN(TestJsonFast)
#include "tst_jsonfast.moc"
