// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

namespace profscope {

// "12.40 GiB", "512.0 KiB", "17 B": a size as the CLI's commands and the
// collector's reports print it (binary units, untranslated).
QString byteSizeText(qint64 bytes);

} // namespace profscope
