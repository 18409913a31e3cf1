// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/payload/HiddenText.h"

#include <QFrame>

class QLabel;

namespace k8::app {

// The warning above the Approve button: what in the code could hide something from the person
// reading it, counted per kind ("This code holds 2 bidirectional controls, 1 zero-width or
// invisible character, 1 line longer than 200 characters…"). Hidden when nothing was found.
// Plain text only. Feed it CodeEditor::findingsChanged.
class RevealBar : public QFrame
{
    Q_OBJECT
public:
    explicit RevealBar(QWidget* parent = nullptr);

    // The sentence shown (empty when nothing was found).
    QString text() const;
    // One part per kind found, in the order shown ("2 bidirectional controls").
    static QStringList describe(const agent::HiddenText::Report& report);

public Q_SLOTS:
    void setReport(const k8::agent::HiddenText::Report& report);

private:
    void applyStyle();

    QLabel* m_title;
    QLabel* m_text;
    bool m_styled = false;
    bool m_dark = false;
};

} // namespace k8::app
