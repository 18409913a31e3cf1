// SPDX-License-Identifier: Apache-2.0
#include "plumbing/TerminationSignals.h"

#include <QSocketNotifier>

#include <spdlog/spdlog.h>

#include <csignal>
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

namespace k8::app {

namespace {

int g_pipe[2] = {-1, -1};
struct sigaction g_previousTerm = {};
struct sigaction g_previousInt = {};

extern "C" void onTerminationSignal(int signalNumber)
{
    const unsigned char byte = static_cast<unsigned char>(signalNumber);
    // Nothing to do on failure: the handler may not log, and a full pipe already woke the app.
    [[maybe_unused]] const ssize_t written = ::write(g_pipe[1], &byte, 1);
}

} // namespace

TerminationSignals::TerminationSignals(QObject* parent)
    : QObject(parent)
{
    if (g_pipe[0] != -1 || ::socketpair(AF_UNIX, SOCK_STREAM, 0, g_pipe) != 0) {
        spdlog::warn("termination signals: cannot create the signal pipe; SIGTERM will end the app abruptly");
        return;
    }
    for (int fd : g_pipe) {
        ::fcntl(fd, F_SETFD, FD_CLOEXEC);
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
    }
    m_notifier = new QSocketNotifier(g_pipe[0], QSocketNotifier::Read, this);
    connect(m_notifier, &QSocketNotifier::activated, this, &TerminationSignals::readSignal);

    struct sigaction action = {};
    action.sa_handler = onTerminationSignal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    m_installed = ::sigaction(SIGTERM, &action, &g_previousTerm) == 0 &&
                  ::sigaction(SIGINT, &action, &g_previousInt) == 0;
}

TerminationSignals::~TerminationSignals()
{
    if (m_installed) {
        ::sigaction(SIGTERM, &g_previousTerm, nullptr);
        ::sigaction(SIGINT, &g_previousInt, nullptr);
    }
    if (g_pipe[0] != -1) {
        delete m_notifier;
        m_notifier = nullptr;
        ::close(g_pipe[0]);
        ::close(g_pipe[1]);
        g_pipe[0] = g_pipe[1] = -1;
    }
}

void TerminationSignals::readSignal()
{
    unsigned char byte = 0;
    while (::read(g_pipe[0], &byte, 1) == 1)
        Q_EMIT terminationRequested(int(byte));
}

} // namespace k8::app
