// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>
#include <QPointer>

class QWidget;

namespace k8::app {

// A ring in the palette's highlight colour around whatever has the keyboard, in every window of
// the app. The style's own marks are faint or absent (a focused list or table showed none at
// all, light or dark), and a keyboard user must always see where the next key goes. The ring is a
// child of the focused widget's parent, drawn above it, so it scrolls and clips with it; it takes
// no clicks and no focus.
class FocusMark : public QObject
{
    Q_OBJECT
public:
    // Follows the focus from now on (once per process; main() calls it).
    static void followApplicationFocus();

    // The ring now shown, or null (for tests).
    static QWidget* shownRing();

    // Space between the widget and the ring, and the ring's width, in pixels.
    static constexpr int Gap = 1;
    static constexpr int Width = 2;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    explicit FocusMark(QObject* parent);
    void follow(QWidget* focused);
    void place();

    QPointer<QWidget> m_target;
    QPointer<QWidget> m_ring;
};

} // namespace k8::app
