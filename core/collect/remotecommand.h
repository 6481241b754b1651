// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>
#include <QStringList>

namespace profscope {

// Quoting for the few places where a string is interpreted by someone else's
// parser. Everything run locally is started with an argument list; these
// helpers exist because the *remote* side of ssh always hands the command to
// the remote user's login shell, and because rsync and ssh parse a few of
// their own option values.

// One argument for a POSIX shell (sh, dash, bash, ksh, zsh): returned as is
// when it only has characters no shell treats specially, otherwise wrapped in
// single quotes with each ' written as '\''. Newlines, $(), backticks, ;, *
// and friends all end up literal.
QString shellQuote(const QString& arg);
// The remote command line: every argument shellQuote()d, joined by spaces.
QString shellCommand(const QStringList& args);

// One word of rsync's -e/--rsh value. rsync splits that string itself (no
// shell): spaces separate words, '...' and "..." group, and a doubled quote
// inside quotes is a literal quote.
QString rsyncRshQuote(const QString& arg);
QString rsyncRshCommand(const QStringList& args);

// ssh expands %-tokens (and ~) in file options: a literal % must be %%.
QString sshPercentEscape(const QString& path);
// A value for `ssh -o Key=VALUE` whose config parser splits on spaces:
// percent-escaped and wrapped in double quotes with \" and \\ escapes.
QString sshConfigQuote(const QString& value);

// rsync (with --protect-args) and scp (SFTP mode) expand wildcards in remote
// paths themselves; a backslash makes *, ?, [ and \ literal again.
QString escapeRemoteGlob(const QString& path);
// True when the string has a wildcard find -name would expand.
bool hasGlob(const QString& s);

} // namespace profscope
