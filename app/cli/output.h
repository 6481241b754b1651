// SPDX-License-Identifier: Apache-2.0
#pragma once

// What the profscope-cli commands share: parsing a command line, writing
// CSV, exact µs text, and writing the result to a file or stdout.

#include "load/profileloader.h"
#include "model/bytesize.h" // byteSizeText: sizes as the commands print them
#include "model/types.h"

#include <QCommandLineParser>
#include <QList>
#include <QStringList>
#include <QTextStream>

namespace profscope::cli {

// Parses args into parser. Returns -1 when the command should go on, else
// the exit code (0 after printing --help, 2 after printing a parse error).
int parseCommandLine(QCommandLineParser& parser, const QStringList& args, QTextStream& out, QTextStream& err);

// --prefer auto|text|db: which source a rank with both text files and
// databases reads each kind of data from (never both).
QCommandLineOption preferOption();
// False with a message on err for a value other than auto, text or db.
bool applyPreferOption(const QCommandLineParser& parser, const QCommandLineOption& option, LoadOptions& load,
                       QTextStream& err);

// Partial import (issue 15): --steps A-B|N and --ranks 0-7,12 as the
// loader's LoadFilter. One parser for the range lists (core/model/loadfilter.h).
QCommandLineOption loadStepsOption(const QString& help = {});
QCommandLineOption loadRanksOption();
// --no-cache: parse every trace instead of reading it back from the trace cache (tracecache.h).
QCommandLineOption noCacheOption();
// --no-seek: with --steps, read the timed CSV tables whole (csvseek.h) instead of in part.
QCommandLineOption noSeekOption();
// False with a message on err for a malformed value.
bool applyLoadFilterOptions(const QCommandLineParser& parser, const QCommandLineOption& steps,
                            const QCommandLineOption& ranks, LoadOptions& load, QTextStream& err);
// Prints what a partial profile holds ("partial import: steps 3–5 of 1–20, …")
// on err when the profile is partial; nothing otherwise.
void printPartialNote(const Profile& profile, QTextStream& err);

// ns -> µs text with exactly three decimals, no floating point.
QString microsText(TimeNs ns);

// RFC 4180: a header line and rows, fields quoted when needed, '\n' line ends.
QString csvText(const QStringList& header, const QList<QStringList>& rows);

// Writes text to `path` (or `out` when path is empty). Returns 0, or 1 with a
// message on err when the file cannot be written.
int writeResult(const QString& text, const QString& path, QTextStream& out, QTextStream& err);

// True, with a message on err, when `path` is a file one of the profiles was
// read from: `-o trace_view.json` inside the rank folder would destroy the
// input (and the trace export reads event args from it while writing).
bool overwritesAnInput(const QString& path, const QList<const Profile*>& profiles, QTextStream& err);

} // namespace profscope::cli
