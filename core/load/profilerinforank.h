// SPDX-License-Identifier: Apache-2.0
#pragma once
// The rank id discovery reads from a rank's profiler_info*.json before the
// rank is loaded (to order ranks and apply --ranks). One small file per rank,
// so on a cluster of many small ranks it is read by the fast JSON walk and
// only the top-level "rank_id" is kept; a file the fast walk declines goes
// through nlohmann, as before.
#include <QByteArray>
#include <QString>

namespace profscope {

// rank_id from the text of a profiler_info file: the top-level "rank_id" (the
// last one when repeated) as an integer or a string holding one; -1 when it
// is absent, of another type, or the text is not a JSON object. `text` needs
// jsonfile::jsonFastPadding() readable bytes after its end for the fast path
// (readFileBytes with that padding); without them pass fastPath = false.
int profilerInfoRankId(const QByteArray& text, bool fastPath = true);

// The same, read from the file; -1 when it cannot be read. `text`, when
// given, gets the file's bytes (padded for the fast JSON path; empty when it
// cannot be read), so that the loader parses them without reading the file
// a second time.
int profilerInfoRankIdFromFile(const QString& path, QByteArray* text = nullptr);

} // namespace profscope
