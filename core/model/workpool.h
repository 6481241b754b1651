// SPDX-License-Identifier: Apache-2.0
#pragma once

class QThreadPool;

namespace profscope {

// The pool for Profscope's own parallel work: discovery, the load job,
// analyses split over ranks. Not Qt's global pool: QtGui (6.4) converts and
// scales images in segments on the global pool and the GUI thread waits for
// them, so our long tasks there stalled painting. The longest GUI block of
// a 1024-rank load (56-74 ms, 5 ms of it on the CPU) was the GUI thread
// waiting in QSemaphore::acquire for discovery to free a global thread.
//
// Sized like the global pool, read at each call: the benchmarks and tests
// that limit threads set the global pool's size, and it holds for both.
QThreadPool* workPool();

} // namespace profscope
