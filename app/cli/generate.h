// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QStringList>
#include <QTextStream>

namespace profscope::cli {

// `profscope-cli generate OUT --ranks N --steps S --ops K [--seed X] [--slow-rank R]
//  [--slow-link A-B] [--host-bound-rank R] [--force]`
int runGenerate(const QStringList& args, QTextStream& out, QTextStream& err);

} // namespace profscope::cli
