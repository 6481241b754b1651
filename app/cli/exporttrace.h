// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "load/profileloader.h"

#include <QStringList>
#include <QTextStream>

namespace profscope::cli {

// `export PATH --what trace [--rank R[,R...]] [--steps A-B] [--with-args] [-o FILE]`:
// Chrome Trace Event JSON (core/report/traceexport.h). rankIds and steps as
// given on the command line; empty: every rank / every step.
int exportTrace(const QStringList& paths, const LoadOptions& load, const QString& rankIds, const QString& steps,
    bool withArgs, const QString& outputPath, QTextStream& out, QTextStream& err);

} // namespace profscope::cli
