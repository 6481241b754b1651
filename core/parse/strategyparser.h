// SPDX-License-Identifier: Apache-2.0
#pragma once

// Reader of MindSpore's parallel_strategy_{RANK_ID}.json (core/model/strategy.h).
// Same contract as the other parsers: false only when nothing usable was
// read; every problem is in the FileReport naming the file.

#include "../model/importreport.h"
#include "../model/strategy.h"

#include <QByteArray>
#include <QString>

namespace profscope {

bool parseParallelStrategy(const QString& path, ParallelStrategyFile& out, FileReport& report);

// The rank a strategy file states (config.rankId), from the start of the
// file: the writer puts config before the (possibly large) graph. 0 when
// config is there without rankId (proto3 omits zeros), -1 when the head
// does not show a config.
int parallelStrategyRankFromHead(const QByteArray& head);

} // namespace profscope
