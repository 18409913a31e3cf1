// SPDX-License-Identifier: Apache-2.0
#include "editor/RevealBar.h"

#include "style/StateColours.h"
#include "style/Style.h"

#include <QApplication>
#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>

namespace k8::app {

using agent::HiddenText;

RevealBar::RevealBar(QWidget* parent)
    : QFrame(parent)
    , m_title(new QLabel(this))
    , m_text(new QLabel(this))
{
    setObjectName(QStringLiteral("revealBar"));
    setFrameShape(QFrame::StyledPanel);
    setAccessibleName(tr("Hidden text warning"));
    m_title->setTextFormat(Qt::PlainText);
    m_title->setText(tr("Check the marked characters before you approve"));
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    // The counts are ours, but plain text all the same: nothing here is ever markup.
    m_text->setTextFormat(Qt::PlainText);
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_text->setAccessibleDescription(tr("What the code holds that can hide code"));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 6, 8, 6);
    layout->setSpacing(2);
    layout->addWidget(m_title);
    layout->addWidget(m_text);
    // Again after a light/dark switch (not on PaletteChange: the style sheet's own background
    // changes this widget's palette; a widget inside a window never gets ApplicationPaletteChange).
    style::followPalette(this, [this] { applyStyle(); });
    setVisible(false);
}

QString RevealBar::text() const
{
    return m_text->text();
}

QStringList RevealBar::describe(const HiddenText::Report& report)
{
    QStringList parts;
    // One finding has its own sentence (it often reads differently: "a word in 1 place"); several
    // are a %n plural, so that each language says them in its own plural forms.
    using Several = QString (*)(int);
    const auto add = [&](HiddenText::Kind kind, const QString& one, Several several) {
        const int n = report.count(kind);
        if (n == 1)
            parts << one;
        else if (n > 1)
            parts << several(n);
    };
    // First: the one finding that changes what Python reads without any character to see.
    add(HiddenText::EncodingDeclaration,
        tr("1 source-encoding declaration other than UTF-8 (Python that reads the code from a file "
           "decodes it in that encoding, so what runs can differ from what you read)"),
        [](int n) {
            return tr("%n source-encoding declarations other than UTF-8 (Python that reads the code from a "
                      "file decodes it in that encoding, so what runs can differ from what you read)",
                      nullptr, n);
        });
    add(HiddenText::BidiControl, tr("1 bidirectional control"),
        [](int n) { return tr("%n bidirectional controls", nullptr, n); });
    add(HiddenText::Invisible, tr("1 zero-width or invisible character"),
        [](int n) { return tr("%n zero-width or invisible characters", nullptr, n); });
    add(HiddenText::ControlCharacter, tr("1 control character"),
        [](int n) { return tr("%n control characters", nullptr, n); });
    add(HiddenText::NonAsciiInIdentifier, tr("non-ASCII letters inside a word in 1 place (look-alikes)"),
        [](int n) { return tr("non-ASCII letters inside words in %n places (look-alikes)", nullptr, n); });
    add(HiddenText::RightToLeftText, tr("right-to-left text in 1 place (it can reorder the code around it)"),
        [](int n) {
            return tr("right-to-left text in %n places (it can reorder the code around it)", nullptr, n);
        });
    add(HiddenText::LoneCarriageReturn, tr("1 lone carriage return (CR)"),
        [](int n) { return tr("%n lone carriage returns (CR)", nullptr, n); });
    add(HiddenText::LineSeparator, tr("1 Unicode line or paragraph separator"),
        [](int n) { return tr("%n Unicode line or paragraph separators", nullptr, n); });
    add(HiddenText::UnusualSpace, tr("1 non-breaking or unusual space"),
        [](int n) { return tr("%n non-breaking or unusual spaces", nullptr, n); });
    const int longLines = report.count(HiddenText::LongLine);
    if (longLines == 1)
        parts << tr("1 line longer than %1 characters (%2 characters)")
                     .arg(report.longLineLimit)
                     .arg(report.longestLine);
    else if (longLines > 1)
        parts << tr("%n lines longer than %1 characters (the longest has %2)", nullptr, longLines)
                     .arg(report.longLineLimit)
                     .arg(report.longestLine);
    add(HiddenText::CrLfLineEnd, tr("1 Windows line end (CRLF)"),
        [](int n) { return tr("%n Windows line ends (CRLF)", nullptr, n); });
    return parts;
}

void RevealBar::setReport(const HiddenText::Report& report)
{
    const QStringList parts = describe(report);
    if (parts.isEmpty()) {
        m_text->clear();
        setVisible(false);
        return;
    }
    //: %1 is a list such as "2 bidirectional controls, 1 line longer than 200 characters (5000 characters)"
    const QString text =
        tr("This code holds %1. They are drawn as boxed markers or underlined in the code, and long lines "
           "wrap: read them before you approve.")
            .arg(parts.join(QStringLiteral(", ")));
    m_text->setText(text);
    setAccessibleDescription(text);
    setVisible(true);
}

void RevealBar::applyStyle()
{
    // The markers' warning red, as a tinted card with a strong left stripe (like MessageCard).
    const bool dark = StateColours::isDark(QApplication::palette());
    if (m_styled && dark == m_dark)
        return;
    m_styled = true;
    m_dark = dark;
    const QColor accent =
        StateColours(QApplication::palette()).colour(StateColours::Role::HiddenMarkerBorder);
    QColor tint = accent;
    tint.setAlpha(dark ? 48 : 30);
    setStyleSheet(QStringLiteral("QFrame#revealBar { background: rgba(%1,%2,%3,%4); border: 1px solid %5;"
                                 " border-left: 4px solid %5; border-radius: 4px; }")
                      .arg(tint.red())
                      .arg(tint.green())
                      .arg(tint.blue())
                      .arg(tint.alpha())
                      .arg(accent.name()));
}

} // namespace k8::app
