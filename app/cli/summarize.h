// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QStringList>
#include <QTextStream>

namespace profscope::cli {

// `profscope-cli summarize PATH... -o OUT [-j N]`: one Profscope summary per
// rank found under the paths, computed where the data is (summarywriter.h).
int runSummarize(const QStringList& args, QTextStream& out, QTextStream& err);

} // namespace profscope::cli
