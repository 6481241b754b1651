// SPDX-License-Identifier: Apache-2.0
#pragma once

// profiler_metadata.json read as a stream of SAX events straight into the
// rank's info, without building its DOM (metadatastream.cpp says why).

#include "../model/rank.h"
#include "jsonfile.h"

namespace profscope::jsonfile {

// Fills `info` exactly as the DOM path would (sizes, rank id when unknown,
// the parallel groups) and returns true when the file has the shape that
// path reads without a warning; otherwise leaves `info` and the report
// untouched and returns false, and the caller reads the file with the DOM.
bool streamProfilerMetadata(JsonFile& file, RankInfo& info, qint64& groups);

} // namespace profscope::jsonfile
