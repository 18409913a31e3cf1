// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/payload/HiddenText.h"
#include "agent/payload/ShownText.h"
#include "policy/CodeReach.h"

#include <QString>

namespace k8::agent {

// One agent text of a large request (an action's code or its other arguments as the review
// formats them) with what the review shows and warns of it, worked out off the UI thread when the
// request arrived (LinePreparer): a review of millions of lines cost seconds there, formatting,
// cutting and scanning, and the window could not react meanwhile.
//
// It stands for exactly one string: isFor() is true only for the very string it was made from
// (the same shared data), so an edited text, or any other, is never given these findings.
struct PreparedText
{
    QString text;
    ShownText shown;
    HiddenText::Report findings;
    // Code only: what it would reach (policy::scanCodeForReview) read as reachLanguage.
    QString reachLanguage;
    QList<policy::ReachFinding> reach;

    static PreparedText of(const QString& text);
    static PreparedText ofCode(const QString& code, const QString& language);
    // The reach findings of this very code read as `language`; null when not prepared so.
    const QList<policy::ReachFinding>* reachFor(const QString& code, const QString& language) const
    {
        return isFor(code) && !reachLanguage.isEmpty() && language == reachLanguage ? &reach : nullptr;
    }
    bool isFor(const QString& other) const
    {
        return other.size() == text.size() && other.constData() == text.constData();
    }
};

} // namespace k8::agent
