// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QStringList>
#include <QTextStream>

namespace profscope::cli {

// `profscope-cli collect --hosts FILE --remote-path PATTERN [--from DIR]... OUT_DIR`
int runCollect(const QStringList& args, QTextStream& out, QTextStream& err);

} // namespace profscope::cli
