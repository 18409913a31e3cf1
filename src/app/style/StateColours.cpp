// SPDX-License-Identifier: Apache-2.0
#include "style/StateColours.h"

#include <QPalette>

#include <cmath>

namespace k8::app {

namespace {

struct Pair
{
    QRgb light;
    QRgb dark;
};

// Light values reach 4.5:1 against white and dark values against a Base of #2a2a2a or darker
// (text roles); fills keep 4.5:1 for the text drawn on them. The test holds every role to it.
Pair fixedPair(StateColours::Role role)
{
    using Role = StateColours::Role;
    switch (role) {
    case Role::Success:
        return {0x1e7b34, 0x5cc98a};
    case Role::Warning:
        return {0x8a5a00, 0xf0b43c};
    case Role::Error:
        return {0xc62828, 0xff8a80};
    case Role::Accent:
        return {0x1565c0, 0x6cb6ff};
    case Role::Neutral:
        return {0x5f6b7a, 0x9aa4b2};
    case Role::DiffAdded:
        return {0xd6f5dd, 0x1f4a2c};
    case Role::DiffRemoved:
        return {0xfbdcdc, 0x5a2323};
    case Role::CurrentLine:
        return {0xfff8dc, 0x3a3a2e};
    case Role::HiddenMarkerText:
        return {0xa1160a, 0xffb4ab};
    case Role::HiddenMarkerFill:
        return {0xfde4e0, 0x5c1d18};
    case Role::HiddenMarkerBorder:
        return {0xd93025, 0xff8a80};
    case Role::SnapshotMark:
        return {0x3f51b5, 0x8c9eff};
    case Role::ForkMark:
        return {0x8e24aa, 0xce93d8};
    case Role::StaleText:
        return {0x000000, 0xffe082};
    case Role::StaleFill:
        return {0xffe082, 0x5c4a12};
    case Role::DiffFiller:
        break; // derived from Base
    }
    return {0x808080, 0x808080};
}

double channel(double c)
{
    return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

double luminance(const QColor& colour)
{
    return 0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF()) +
           0.0722 * channel(colour.blueF());
}

} // namespace

StateColours::StateColours(const QPalette& palette)
    : m_dark(isDark(palette))
    , m_base(palette.color(QPalette::Base))
{}

QList<StateColours::Role> StateColours::roles()
{
    return {Role::Success,          Role::Warning,          Role::Error,
            Role::Accent,           Role::Neutral,          Role::DiffAdded,
            Role::DiffRemoved,      Role::DiffFiller,       Role::CurrentLine,
            Role::HiddenMarkerText, Role::HiddenMarkerFill, Role::HiddenMarkerBorder,
            Role::SnapshotMark,     Role::ForkMark,         Role::StaleText,
            Role::StaleFill};
}

bool StateColours::isDark(const QPalette& palette)
{
    return palette.color(QPalette::Base).lightness() < 128;
}

QColor StateColours::colour(Role role) const
{
    // A filler row is the Base shifted a little, so it reads as "nothing here" in any theme.
    if (role == Role::DiffFiller)
        return m_dark ? m_base.lighter(120) : m_base.darker(106);
    const Pair pair = fixedPair(role);
    return QColor::fromRgb(m_dark ? pair.dark : pair.light);
}

double StateColours::contrastRatio(const QColor& a, const QColor& b)
{
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

} // namespace k8::app
