// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "model/profile.h"

#include <QJsonObject>
#include <QTextStream>

namespace profscope::cli {

// `profscope-cli inspect PATH... [--json]`
int runInspect(const QStringList& args, QTextStream& out, QTextStream& err);

// Machine-readable summary of a loaded profile (also used by tests).
QJsonObject profileToJson(const Profile& profile);
void printProfile(const Profile& profile, QTextStream& out);

} // namespace profscope::cli
