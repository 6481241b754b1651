// SPDX-License-Identifier: Apache-2.0
#pragma once

// Deterministic damage for tst_hostileinputs: copies of small valid profiles
// with byte flips, truncations, hostile numbers, wrong types, deep nesting,
// 10 MB lines, non-UTF-8 text, duplicate keys and headers, databases claiming
// billions of rows, and FIFOs / folders / symlink loops / unreadable files
// where files are expected.

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <functional>
#include <vector>

namespace profscope::test::hostile {

struct Damaged
{
    QString name; // "gen-text/huge 1e308": the base and the mutation
    QString base; // the base's name (its intact copy is the comparison side)
    QString path; // the damaged profile, as given to the programs
    // A file the loader must name as not (fully) usable: a path suffix, "*"
    // when the profile path itself is unusable, empty when nothing is checked.
    QString rejected;
    bool mayBeUsed = false;     // the loader may use what is left of it
    bool needsLocation = false; // a broken file's report must carry a line or byte offset
    bool needsNonRoot = false;  // an unreadable file: root reads it anyway
    QStringList reasonHas;      // what the rejected file's reason must say ("not a regular file")
    int baseIndex = 0;          // the base's position in the list given; -1: the profile path itself is odd
    int mutationIndex = 0;      // the mutation's position for its base
};

// Every damaged profile, written under `root` from the bases (by name; the
// folder of each from `basePath`). The same bases give the same bytes.
std::vector<Damaged> makeDamagedProfiles(
    const QString& root, const QStringList& bases, const std::function<QString(const QString&)>& basePath);

// Every file and folder under `root` writable again (copies of the read-only
// fixtures; the unreadable rows).
void makeWritable(const QString& root);
// Removes `root` and everything under it, names that are not UTF-8 too
// (QDir::removeRecursively cannot name them, and left 300 MB behind per run).
void removeTree(const QString& root);

bool makeFifo(const QString& path);

// --- the damage done to one file (hostilemutations.cpp), by its kind -------

enum class Kind { Json, Csv, Db, Text }; // .json, .csv, .db, anything else
Kind kindOf(const QString& path);
QStringList filesUnder(const QString& root); // regular files, sorted
QByteArray readAll(const QString& path);
void writeAll(const QString& path, const QByteArray& bytes);

// `value` in every other number field (JSON members, CSV cells, text tokens,
// integer and real database cells).
void hugeNumbers(const QString& path, const QByteArray& value);
// Ids, ranks, steps and counts in the billions; database rows at rowid 2^63
// and planner statistics claiming 4 billion rows.
void billionIds(const QString& path);
// 0: numbers become text, 1: text becomes numbers, 2: objects and arrays
// swapped / cells emptied / NULLs, 3: nulls and odd numbers ("1e400", "0x1F").
void wrongTypes(const QString& path, int variant);
void deepNesting(const QString& path); // 100 000 nested arrays
void longLine(const QString& path);    // a 10 MB line (or cell, or value)
void nonUtf8(const QString& path);     // invalid UTF-8 in every text value
void utf16(const QString& path);       // the whole text file as UTF-16LE with a BOM
void duplicates(const QString& path);  // duplicate keys, header columns, lines, rows

} // namespace profscope::test::hostile
