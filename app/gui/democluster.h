// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>
#include <QStringList>

namespace profscope {

// The generated 8-rank demo cluster (a slow rank, a slow link, a host-bound
// rank), written once into the cache folder and opened from there.
namespace DemoCluster {

// Where the demo cluster lives: <cache>/demo-<version>.
QString path();
// Writes the demo cluster unless a complete one is there.
bool ensure(QString* error = nullptr);
// Whether a load of `paths` is the demo.
bool isDemo(const QStringList& paths);

} // namespace DemoCluster

} // namespace profscope
