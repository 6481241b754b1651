// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QStringList>
#include <QTextStream>

namespace profscope::cli {

// `profscope-cli export PATH --what overview|overview-check [--rank R] [--step S] [--format csv|json] [-o FILE]`
int runExport(const QStringList& args, QTextStream& out, QTextStream& err);

} // namespace profscope::cli
