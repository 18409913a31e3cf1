// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QList>
#include <QPointer>
#include <QWidget>

class QPlainTextEdit;

namespace k8::app {

// Marks lines of a code editor that the reach scan flagged (a blocked host, a risky call): a
// coloured bar at the left edge of each line and a faint band across it, drawn by a transparent
// overlay on the editor's viewport. The editor, its text and its own selections stay untouched,
// so marking can never change the code under review.
class ReachLineMarker : public QWidget
{
    Q_OBJECT
public:
    explicit ReachLineMarker(QPlainTextEdit* editor);

    // 1-based line numbers; the tooltip per line says why it is marked.
    void setLines(const QList<int>& lines, const QStringList& reasons = {});
    QList<int> lines() const { return m_lines; }

protected:
    void paintEvent(QPaintEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QPointer<QPlainTextEdit> m_editor;
    QList<int> m_lines;
    QStringList m_reasons;
};

} // namespace k8::app
