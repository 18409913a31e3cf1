// SPDX-License-Identifier: Apache-2.0
#include "agent/payload/PreparedText.h"

namespace k8::agent {

PreparedText PreparedText::of(const QString& text)
{
    PreparedText prepared;
    prepared.text = text;
    prepared.shown = ShownText::of(text);
    // Every character, shown or not (CodeEditor::refreshFindings does the same).
    prepared.findings = HiddenText::scan(text);
    return prepared;
}

PreparedText PreparedText::ofCode(const QString& code, const QString& language)
{
    PreparedText prepared = of(code);
    prepared.reachLanguage = language;
    prepared.reach = policy::scanCodeForReview(code, language);
    return prepared;
}

} // namespace k8::agent
