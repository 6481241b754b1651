// SPDX-License-Identifier: Apache-2.0
#pragma once

class QWidget;

namespace profscope {

// File → Clear Cache…: shows where the trace cache is and how much it holds,
// and removes its entries after a confirmation (tracecache.h).
void askClearTraceCache(QWidget* parent);

} // namespace profscope
