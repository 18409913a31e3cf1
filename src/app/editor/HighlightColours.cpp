#include "editor/HighlightColours.h"

namespace k8::app {

// Chosen for contrast against a white and a near-black base; close to common editor defaults so
// reviewers read them without thinking.
HighlightColours HighlightColours::light()
{
    return {QColor(0x0033b3), QColor(0x8a3ffc), QColor(0x067d17), QColor(0x8c8c8c),
            QColor(0x1750eb), QColor(0x9e880d), QColor(0x871094)};
}

HighlightColours HighlightColours::dark()
{
    return {QColor(0xcc7832), QColor(0xb39ddb), QColor(0x6a8759), QColor(0x808080),
            QColor(0x6897bb), QColor(0xbbb529), QColor(0x9876aa)};
}

} // namespace k8::app
