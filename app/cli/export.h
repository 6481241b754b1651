// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QStringList>
#include <QTextStream>

namespace profscope::cli {

// `profscope-cli export PATH --what KIND [--rank R] [--step S] [--format csv|json] [-o FILE]`
// (KIND: one of exportKinds() in commands.h)
int runExport(const QStringList& args, QTextStream& out, QTextStream& err);

} // namespace profscope::cli
