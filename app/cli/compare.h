// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QStringList>
#include <QTextStream>

namespace profscope::cli {

// `profscope-cli compare PATH_A PATH_B [--rank-a R] [--rank-b R] [--by type|op]
//  [--key type-shape|name] [--format csv|json] [-o FILE] [--top N]`
int runCompare(const QStringList& args, QTextStream& out, QTextStream& err);

} // namespace profscope::cli
