// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <cstddef>

namespace profscope {

// Skips the JSON value (string, object, array or scalar) that starts at `p`
// in raw text, without parsing it: the offset just after it; for a scalar,
// the offset of the ',' or closing bracket that ends it; npos when the text
// ends first. Strings and nesting are followed, escapes honoured. For the
// byte-level scanners (the trace's top level, the step-marker scan) that
// must not build a DOM.
std::size_t skipJsonValue(const char* data, std::size_t size, std::size_t p);

} // namespace profscope
