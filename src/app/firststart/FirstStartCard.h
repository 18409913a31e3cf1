// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QFrame>

class QLabel;
class QVBoxLayout;

namespace k8::app {

// The frame both ways to connect share on the first-start page: a rounded box with a bold
// title and a short explanation, then the card's own controls (layout()).
class FirstStartCard : public QFrame
{
    Q_OBJECT
public:
    FirstStartCard(const QString& title, const QString& text, QWidget* parent = nullptr);

    QVBoxLayout* contents() const { return m_contents; }
    QLabel* titleLabel() const { return m_title; }
    // A plain-text label for a check's result: green when it worked, red when not.
    static void showResult(QLabel* label, const QString& text, bool ok);

private:
    QLabel* m_title;
    QVBoxLayout* m_contents;
};

} // namespace k8::app
