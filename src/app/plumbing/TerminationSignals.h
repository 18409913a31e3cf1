// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QObject>

class QSocketNotifier;

namespace k8::app {

// Turns SIGTERM and SIGINT into a Qt signal delivered from the event loop (self-pipe trick:
// the async-signal handler only writes one byte to a socket pair). So `kill PID` ends the app
// through the same clean path as Quit: pending agent requests are answered, logs flushed.
// One instance per process.
class TerminationSignals : public QObject
{
    Q_OBJECT
public:
    explicit TerminationSignals(QObject* parent = nullptr);
    ~TerminationSignals() override;

    bool isInstalled() const { return m_installed; }

Q_SIGNALS:
    void terminationRequested(int signalNumber);

private:
    void readSignal();
    QSocketNotifier* m_notifier = nullptr;
    bool m_installed = false;
};

} // namespace k8::app
