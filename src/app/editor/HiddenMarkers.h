// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QColor>
#include <QObject>
#include <QTextObjectInterface>

class QPalette;

namespace k8::app {

// Draws the markers that stand for hidden characters (see RevealedCode.h) as small boxed labels
// ("RLO", "ZWSP", "NUL", "NBSP") in a warning colour, so that a character that would draw nothing
// or reorder the line takes room and says what it is. Also paints the labels the editors put at
// line ends ("CRLF", "CR", "LS") and at the right edge of a line that runs out of view.
class HiddenMarkers : public QObject, public QTextObjectInterface
{
    Q_OBJECT
    Q_INTERFACES(QTextObjectInterface)
public:
    enum Style
    {
        Warning, // boxed, warning colours: something that hides or changes code
        Quiet,   // plain small text: worth knowing, not a warning (CRLF)
    };

    explicit HiddenMarkers(QObject* parent = nullptr);

    // Registers this painter for the marker objects of document.
    void attach(QTextDocument* document);
    // Picks light or dark warning colours for the palette's base.
    void setPalette(const QPalette& palette);
    QColor warningColour() const { return m_text; }
    QColor warningBackground() const { return m_fill; }

    QSizeF intrinsicSize(QTextDocument* document, int positionInDocument, const QTextFormat& format) override;
    void drawObject(QPainter* painter, const QRectF& rect, QTextDocument* document, int positionInDocument,
                    const QTextFormat& format) override;

    // The label a marker object shows.
    static QString labelOf(const QTextFormat& format);
    // A label's size for a text font (boxed labels are as tall as the font's ascent).
    QSizeF labelSize(const QFont& textFont, const QString& label) const;
    void paintLabel(QPainter* painter, const QRectF& rect, const QFont& textFont, const QString& label,
                    Style style) const;

private:
    QColor m_text;
    QColor m_fill;
    QColor m_border;
    QColor m_quiet;
};

} // namespace k8::app
