// SPDX-License-Identifier: Apache-2.0
#pragma once

// Deterministic damage for tst_hostileinputs: copies of small valid profiles
// with byte flips, truncations, hostile numbers, wrong types, deep nesting,
// 10 MB lines, non-UTF-8 text, duplicate keys and headers, databases claiming
// billions of rows, and FIFOs / folders / symlink loops / unreadable files
// where files are expected.

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

bool makeFifo(const QString& path);

} // namespace profscope::test::hostile
