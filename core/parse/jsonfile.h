// SPDX-License-Identifier: Apache-2.0
#pragma once

// Shared by the readers of the profilers' small JSON files (jsonparsers.cpp,
// clustertext.cpp): loading into an nlohmann DOM, the value helpers, and the
// per-op objects of communication.json / communication_matrix.json, which
// msprof-analyze's cluster files repeat per rank.
//
// Exact numbers: nlohmann turns 1736408883732241.5 into a double, and a
// double holds only ~16 significant digits, so a µs timestamp with three
// decimals would lose its last nanoseconds. Instead of re-deriving the value
// from the double (std::llround(v * 1000.0), exact only when the writer's
// digits happen to survive the round trip), the DOM is built with our own SAX
// handler that keeps every floating-point number as the text it was written
// with; the exact decimal parsers of numbers.h then read that text. Integers
// stay int64 / uint64 (collectionTimeEnd 1736408884023552840 is exact).

#include "../model/tables.h"
#include "inputfile.h"
#include "reportscope.h"

#include <QString>

#include <nlohmann/json.hpp>

#include <cstddef>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>

namespace profscope::jsonfile {

// ordered_json keeps the file's key order: ops come in time order and the
// parallel groups in the order the framework created them.
using Json = nlohmann::ordered_json;

// The two op maps of a step in communication.json / communication_matrix.json,
// in the order their ops are read.
inline constexpr const char* kCommKinds[] = { "p2p", "collective" };

// One JSON file being read: loading, warnings and the report.
class JsonFile : public ReportScope
{
public:
    JsonFile(const QString& path, const char* kind, FileReport& report);
    // The same, on bytes already read from `path` (padded by
    // jsonFastPadding()): load() and the fast paths parse them instead of
    // reading the file. Empty `text`: the file is read as usual.
    JsonFile(const QString& path, const QByteArray& text, const char* kind, FileReport& report);

    // Reads and parses the file; the top level must be an object. On failure
    // the report is Broken with the byte offset of the problem.
    bool load(Json& root);
    // The fast path without a DOM: streams the file's SAX events into
    // `handler` (simdjson On-Demand, the same events load() builds its DOM
    // from). False, with nothing reported, when the file is not read that
    // way (unreadable, empty, broken, larger than the fast path takes) or the
    // handler stopped: the caller then uses load(), whose messages and byte
    // offsets the report keeps.
    bool streamFast(nlohmann::json_sax<Json>& handler);
    // The same fast path for a reader that walks the text itself:
    // `walk(text, length)` gets the whole file (readable for length +
    // jsonFastPadding() bytes) and returns whether it took it; false as
    // streamFast.
    bool walkFast(const std::function<bool(const char* text, std::size_t length)>& walk);

private:
    bool broken(const QString& reason, qint64 byteOffset = -1);
    FileBytes read(qint64 maxBytes = -1) const;

    QByteArray m_text;
};

// Deeper than any profiler writes (they nest a few levels), shallow enough
// that nlohmann's recursive copy, comparison and dump() of a DOM stay far
// from the stack's end.
constexpr int kMaxJsonNesting = 512;
// The byte offset of the first '[' / '{' (outside strings) that opens level
// maxDepth + 1, or -1 when the text never nests that deep.
qint64 jsonNestingBeyond(const QByteArray& text, int maxDepth = kMaxJsonNesting);

QString toQString(const std::string& text);
const Json* member(const Json& object, const char* key);
const Json* path(const Json& object, std::initializer_list<const char*> keys);
// Floats are text in our DOM; strings such as rank_id "0" are accepted too.
std::optional<double> toDouble(const Json* v);
std::optional<qint64> toInt(const Json* v);
// Exact µs -> ns from the number's source text.
std::optional<TimeNs> usToNs(const Json* v);
QString toText(const Json* v);
// "hcom_allReduce__586_0_1@17522688603477080586": the group (communication
// domain hash) follows the last '@'; op names themselves may contain '@'.
void splitOpKey(const std::string& key, QString& name, QString& group);

// The "Communication Time Info" and "Communication Bandwidth Info" of one op
// into `rec`; `step` and `opKey` name the op in warnings.
void readCommOpInfo(JsonFile& file, const Json& op, const QString& step, const QString& opKey, CommOpRecord& rec);
// Transport Type, Transit Size(MB), Transit Time(ms), Bandwidth(GB/s) and Op
// Name of one matrix link; the ranks come from its key and stay untouched.
void readMatrixLinkInfo(const Json& link, CommMatrixLink& l);

} // namespace profscope::jsonfile
