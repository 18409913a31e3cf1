// SPDX-License-Identifier: Apache-2.0
#include "editor/HiddenMarkers.h"

#include "style/StateColours.h"

#include "agent/payload/HiddenText.h"
#include "editor/RevealedCode.h"

#include <QAbstractTextDocumentLayout>
#include <QFontMetricsF>
#include <QPainter>
#include <QPalette>
#include <QTextDocument>

namespace k8::app {

namespace {

constexpr qreal Padding = 2.0; // inside the box, left and right
constexpr qreal Margin = 1.0;  // outside the box, so two markers in a row do not touch

QFont labelFont(const QFont& textFont)
{
    QFont font = textFont;
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * 0.72);
    else if (font.pixelSize() > 0)
        font.setPixelSize(qMax(6, qRound(font.pixelSize() * 0.72)));
    font.setBold(false);
    font.setItalic(false);
    font.setUnderline(false);
    return font;
}

} // namespace

HiddenMarkers::HiddenMarkers(QObject* parent)
    : QObject(parent)
{
    setPalette(QPalette());
}

void HiddenMarkers::attach(QTextDocument* document)
{
    document->documentLayout()->registerHandler(revealed::MarkerObjectType, this);
}

void HiddenMarkers::setPalette(const QPalette& palette)
{
    const StateColours colours(palette);
    m_text = colours.colour(StateColours::Role::HiddenMarkerText);
    m_fill = colours.colour(StateColours::Role::HiddenMarkerFill);
    m_border = colours.colour(StateColours::Role::HiddenMarkerBorder);
    m_quiet = palette.color(QPalette::Text);
    m_quiet.setAlphaF(0.45f);
}

QString HiddenMarkers::labelOf(const QTextFormat& format)
{
    const QString original = revealed::originalOf(format.toCharFormat());
    if (original.isEmpty())
        return QStringLiteral("?");
    // Not toUcs4(): it turns a lone surrogate into U+FFFD, and the label must name what is there.
    char32_t first = original.at(0).unicode();
    if (original.size() > 1 && QChar::isHighSurrogate(first) &&
        QChar::isLowSurrogate(original.at(1).unicode()))
        first = QChar::surrogateToUcs4(original.at(0), original.at(1));
    return agent::HiddenText::markerLabel(first);
}

QSizeF HiddenMarkers::labelSize(const QFont& textFont, const QString& label) const
{
    const QFontMetricsF text(textFont);
    const QFontMetricsF small(labelFont(textFont));
    return {small.horizontalAdvance(label) + 2 * (Padding + Margin), text.ascent()};
}

void HiddenMarkers::paintLabel(QPainter* painter, const QRectF& rect, const QFont& textFont,
                               const QString& label, Style style) const
{
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    const QFont font = labelFont(textFont);
    painter->setFont(font);
    const QRectF box = rect.adjusted(Margin, 0.5, -Margin, -0.5);
    if (style == Warning) {
        painter->setPen(QPen(m_border, 1.0));
        painter->setBrush(m_fill);
        painter->drawRoundedRect(box, 2.5, 2.5);
        painter->setPen(m_text);
    } else {
        painter->setPen(m_quiet);
    }
    painter->drawText(box, Qt::AlignCenter, label);
    painter->restore();
}

QSizeF HiddenMarkers::intrinsicSize(QTextDocument* document, int, const QTextFormat& format)
{
    return labelSize(document->defaultFont(), labelOf(format));
}

void HiddenMarkers::drawObject(QPainter* painter, const QRectF& rect, QTextDocument* document, int,
                               const QTextFormat& format)
{
    paintLabel(painter, rect, document->defaultFont(), labelOf(format), Warning);
}

} // namespace k8::app
