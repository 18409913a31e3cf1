// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QString>

namespace k8::kosa8 {

// Reads a progress percentage from a line of kosa8 output ("Pulling python:3.12-slim: 45%",
// "[=====>   ] 45.5 %"). Returns -1 when the line has none, so progress bars stay
// indeterminate for output that never says how far it is.
int percentInLine(const QString& line);

} // namespace k8::kosa8
