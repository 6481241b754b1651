// SPDX-License-Identifier: Apache-2.0
#pragma once

// The one way the small-file fast paths (jsonfast.cpp, matrixwalk.cpp) run
// simdjson On-Demand over a padded file: a parser per loader thread, reused
// from file to file (one grown by a large file is dropped), the root taken as
// an object, and nothing but whitespace allowed after it. Internal to
// core/parse: it pulls in simdjson.

#include <simdjson.h>

#include <cstddef>

namespace profscope::jsonfile {

// Calls walk(root) on the document's root object; false when the text does not
// parse, the root is not an object, walk returns false, or text follows the root.
template <typename Walk> bool walkRootObject(const char* text, std::size_t length, Walk&& walk)
{
    namespace od = simdjson::ondemand;
    thread_local od::parser parser;
    struct Shrink
    {
        ~Shrink()
        {
            if (parser.capacity() > (std::size_t(8) << 20))
                parser = od::parser();
        }
    } shrink;
    od::document doc;
    if (parser.iterate(text, length, length + simdjson::SIMDJSON_PADDING).get(doc))
        return false;
    od::object root;
    if (doc.get_object().get(root))
        return false;
    if (!walk(root))
        return false;
    // Past the root's end the document has no location left.
    return doc.current_location().error() == simdjson::OUT_OF_BOUNDS;
}

} // namespace profscope::jsonfile
