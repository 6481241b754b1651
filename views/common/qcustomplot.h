// SPDX-License-Identifier: Apache-2.0
#pragma once

// The one way views include QCustomPlot. qcustomplot.h uses Qt's `foreach` in
// two inline templates, and the project builds with QT_NO_FOREACH: a range-for
// stands in for those two loops for the time of the include only.
#ifndef foreach
#define foreach(variable, container) for (variable : container)
#define PROFSCOPE_QCP_DEFINED_FOREACH
#endif
#include <qcustomplot.h>
#ifdef PROFSCOPE_QCP_DEFINED_FOREACH
#undef foreach
#undef PROFSCOPE_QCP_DEFINED_FOREACH
#endif
