// SPDX-License-Identifier: Apache-2.0
#pragma once

// qcustomplot.h uses Qt's `foreach` in two inline templates, and the project
// builds with QT_NO_FOREACH: give those two loops a range-for for the time of
// the include. (Belongs in views/common once the pages share it.)
#ifndef foreach
#define foreach(variable, container) for (variable : container)
#define PROFSCOPE_QCP_DEFINED_FOREACH
#endif
#include <qcustomplot.h>
#ifdef PROFSCOPE_QCP_DEFINED_FOREACH
#undef foreach
#undef PROFSCOPE_QCP_DEFINED_FOREACH
#endif
