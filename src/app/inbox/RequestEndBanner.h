// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/request/Request.h"
#include "agent/request/RequestEnd.h"

#include <QFrame>

class QLabel;
class QPushButton;

namespace k8::app {

// Says in place why the request in view ended without the person: it timed out and was rejected
// automatically, the agent withdrew it, the app is shutting down... with a "Next request" button.
// The review keeps showing the request, read-only, under it (ReviewView::showEnded).
class RequestEndBanner : public QFrame
{
    Q_OBJECT
public:
    explicit RequestEndBanner(QWidget* parent = nullptr);

    // Shows why `request` ended (`decidedBy` as ReviewCoordinator::requestRemoved() gives it).
    void showEnd(agent::RequestEnd end, const agent::Request& request, const QString& decidedBy);
    void clear();

    QString text() const;
    QPushButton* nextButton() const { return m_next; }

    // The sentence for an end, in words.
    static QString messageFor(agent::RequestEnd end, const agent::Request& request, const QString& decidedBy);

Q_SIGNALS:
    void nextRequested();

private:
    QLabel* m_text;
    QPushButton* m_next;
};

} // namespace k8::app
