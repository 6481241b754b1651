// SPDX-License-Identifier: Apache-2.0
#pragma once

// The one list of profscope-cli's commands and export kinds: the dispatcher,
// `--help`, `export --help` and the documentation test (tst_clidocs) all
// read it, so that a command or kind cannot be added without the README and
// the man page failing the test until they describe it.

#include <QList>
#include <QString>
#include <QStringList>
#include <QTextStream>

namespace profscope::cli {

struct CliCommand
{
    QString name; // as typed: "inspect"
    QString synopsis; // arguments after the name, untranslated
    QString summary; // one line, translated
    int (*run)(const QStringList& args, QTextStream& out, QTextStream& err);
};

struct ExportKind
{
    QString name; // as given to --what
    QString summary; // translated
};

const QList<CliCommand>& cliCommands();
QStringList commandNames();
const CliCommand* findCommand(const QString& name);

const QList<ExportKind>& exportKindList();
QStringList exportKinds();

// `profscope-cli --help`.
QString usageText();
// The --what option's help: every kind with its summary.
QString exportWhatHelp();

} // namespace profscope::cli
