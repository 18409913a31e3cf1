#pragma once

#include <QColor>

namespace k8::app {

// The colours of the built-in highlighter, one set for light and one for dark backgrounds.
struct HighlightColours
{
    QColor keyword;
    QColor builtin;
    QColor string;
    QColor comment;
    QColor number;
    QColor decorator; // Python decorators, shell variables
    QColor key;       // JSON object keys

    static HighlightColours light();
    static HighlightColours dark();
};

} // namespace k8::app
