// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QColor>
#include <QList>

class QPalette;

namespace k8::app {

// Every colour that says something (a state, a change, a warning) in one place, picked for the
// palette it is given: darker, saturated tones on a light Base, lighter ones on a dark Base, so
// each reads on both. Views ask for a role when they paint or style themselves and ask again
// when the palette changes; no view hard-codes a colour (tests/app/style/tst_statecolours.cpp
// checks the contrast of every role and that no view source holds a hex colour).
class StateColours
{
public:
    enum class Role
    {
        // Text and marks drawn on the palette's Base or Window.
        Success,
        Warning,
        Error,
        Accent,
        Neutral, // stopped, unknown, not yet known
                 // Row and line fills under the palette's Text.
        DiffAdded,
        DiffRemoved,
        DiffFiller, // the empty rows that keep the two sides of a diff aligned
        CurrentLine,
        // The boxes that name hidden characters in code (editor/HiddenMarkers): text on fill,
        // a border (also the stripe of editor/RevealBar) on Base.
        HiddenMarkerText,
        HiddenMarkerFill,
        HiddenMarkerBorder,
        // Timeline marks on Base.
        SnapshotMark,
        ForkMark,
        // "This view is stale": a banner, text on fill.
        StaleText,
        StaleFill,
    };

    explicit StateColours(const QPalette& palette);

    static QList<Role> roles();
    // Dark means the Base colour (what views paint on) is dark.
    static bool isDark(const QPalette& palette);
    bool isDark() const { return m_dark; }

    QColor colour(Role role) const;

    QColor success() const { return colour(Role::Success); }
    QColor warning() const { return colour(Role::Warning); }
    QColor error() const { return colour(Role::Error); }
    QColor accent() const { return colour(Role::Accent); }
    QColor neutral() const { return colour(Role::Neutral); }

    // WCAG 2 contrast ratio of two opaque colours (1 to 21).
    static double contrastRatio(const QColor& a, const QColor& b);

private:
    bool m_dark = false;
    QColor m_base;
};

} // namespace k8::app
