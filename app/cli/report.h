// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QStringList>
#include <QTextStream>

namespace profscope::cli {

// `profscope-cli report PATH [--compare PATH_B] [-o FILE] [--format html|md] [--step S]
//  [--thresholds FILE] [--fail-above PCT]`: one self-contained HTML file or
// Markdown; with --fail-above, exit status 3 when the comparison's mean step
// time is more than PCT percent above the base's.
int runReport(const QStringList& args, QTextStream& out, QTextStream& err);

} // namespace profscope::cli
