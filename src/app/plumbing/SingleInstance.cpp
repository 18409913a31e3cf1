// SPDX-License-Identifier: Apache-2.0
#include "plumbing/SingleInstance.h"

#include "agent/socket/SocketPath.h"

#include <QCryptographicHash>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLocalServer>
#include <QLocalSocket>
#include <QRegularExpression>
#include <QThread>
#include <QTimer>

#include <spdlog/spdlog.h>

#include <cerrno>
#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace k8::app {

namespace {

const QByteArray ActivationPrefix = QByteArrayLiteral("kosa8-desk activate");
const QByteArray Acknowledgement = QByteArrayLiteral("ok\n");
constexpr int MaxTokenChars = 200;

// The same folder a relative or symlinked --data-dir names gives the same channel.
QString canonicalDataDir(const QString& dataDir)
{
    QDir().mkpath(dataDir);
    const QString canonical = QFileInfo(dataDir).canonicalFilePath();
    return canonical.isEmpty() ? QDir::cleanPath(QFileInfo(dataDir).absoluteFilePath()) : canonical;
}

// The token a desktop handed this launch: Wayland's xdg-activation first, then X11's startup
// notification id.
QString launchToken(const QProcessEnvironment& environment)
{
    const QString wayland = environment.value(QStringLiteral("XDG_ACTIVATION_TOKEN"));
    return wayland.isEmpty() ? environment.value(QStringLiteral("DESKTOP_STARTUP_ID")) : wayland;
}

// An flock() on a file beside the channel, held while one launch looks for a running app and
// starts listening, released when it goes out of scope (or its process ends, crashed or not:
// the kernel drops the lock with the file descriptor). Not QLockFile: that writes its holder into
// the file and fdatasyncs it, on the window's thread before the window exists (a millisecond on a
// quiet disk, several on a busy one: bench/README.md, bench_startup), and removes the file again;
// this file is made once, stays empty and is never synced.
class ClaimLock
{
public:
    explicit ClaimLock(const QString& path)
        : m_path(path)
        , m_fd(::open(QFile::encodeName(path).constData(), O_RDWR | O_CREAT | O_CLOEXEC, 0600))
    {}
    ~ClaimLock()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    ClaimLock(const ClaimLock&) = delete;
    ClaimLock& operator=(const ClaimLock&) = delete;

    // Waits for the lock up to `timeoutMs`; false when another launch held it all that time or
    // the file cannot be opened.
    bool tryLock(int timeoutMs)
    {
        if (m_fd < 0)
            return false;
        const QDeadlineTimer deadline(timeoutMs);
        while (::flock(m_fd, LOCK_EX | LOCK_NB) != 0) {
            if ((errno != EWOULDBLOCK && errno != EINTR) || deadline.hasExpired())
                return false;
            QThread::msleep(LockPollMs);
        }
        return true;
    }

    QString path() const { return m_path; }

private:
    // A running claim is over within milliseconds unless a running app is slow to answer.
    static constexpr int LockPollMs = 10;
    QString m_path;
    int m_fd = -1;
};

} // namespace

SingleInstance::SingleInstance(const QString& dataDir, const QProcessEnvironment& environment,
                               QObject* parent)
    : QObject(parent)
    , m_channelPath(channelPathFor(dataDir, environment))
    , m_token(launchToken(environment))
{}

SingleInstance::~SingleInstance() = default;

QString SingleInstance::channelPathFor(const QString& dataDir, const QProcessEnvironment& environment)
{
    const QString folder = QFileInfo(agent::SocketPath::platformDefault(environment)).absolutePath();
    const QByteArray hash =
        QCryptographicHash::hash(canonicalDataDir(dataDir).toUtf8(), QCryptographicHash::Sha256).toHex();
    return QDir(folder).filePath(QStringLiteral("desk-%1.sock").arg(QString::fromLatin1(hash.left(16))));
}

bool SingleInstance::isValidToken(const QString& token)
{
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9._:+=@/-]+$"));
    return !token.isEmpty() && token.size() <= MaxTokenChars && plain.match(token).hasMatch();
}

QByteArray SingleInstance::activationMessage(const QString& token)
{
    QByteArray message = ActivationPrefix;
    if (isValidToken(token))
        message += ' ' + token.toLatin1();
    return message + '\n';
}

bool SingleInstance::parseActivation(const QByteArray& line, QString* token)
{
    if (!line.endsWith('\n') || line.size() > MaxMessageBytes)
        return false;
    const QByteArray body = line.chopped(1);
    if (body == ActivationPrefix) {
        token->clear();
        return true;
    }
    if (!body.startsWith(ActivationPrefix + ' '))
        return false;
    const QString candidate = QString::fromLatin1(body.mid(ActivationPrefix.size() + 1));
    if (!isValidToken(candidate))
        return false;
    *token = candidate;
    return true;
}

SingleInstance::Claim SingleInstance::claim(QString* error)
{
    if (!agent::SocketPath::prepareFolder(m_channelPath, error))
        return Claim::Unavailable;
    // Two launches at once must not both find no one and remove each other's channel.
    ClaimLock lock(m_channelPath.chopped(int(qstrlen(".sock"))) + QStringLiteral(".lock"));
    if (!lock.tryLock(AcknowledgeTimeoutMs + ConnectTimeoutMs))
        spdlog::warn("single instance: cannot lock {}; going on without the lock", lock.path().toStdString());

    bool connected = false;
    if (activateRunning(&connected))
        return Claim::AlreadyRunning;
    if (connected) {
        // Something accepts there but did not answer as the app does: it is left alone.
        *error = tr("Another program holds %1 and did not answer as kosa8 Desk does.").arg(m_channelPath);
        return Claim::Unavailable;
    }
    return listen(error) ? Claim::First : Claim::Unavailable;
}

bool SingleInstance::activateRunning(bool* connected)
{
    QLocalSocket socket;
    socket.connectToServer(m_channelPath);
    *connected = socket.waitForConnected(ConnectTimeoutMs);
    if (!*connected)
        return false;
    socket.write(activationMessage(m_token));
    if (!socket.waitForBytesWritten(AcknowledgeTimeoutMs))
        return false;
    QByteArray answer;
    while (answer.size() < Acknowledgement.size() && socket.waitForReadyRead(AcknowledgeTimeoutMs))
        answer += socket.read(Acknowledgement.size() - answer.size());
    return answer == Acknowledgement;
}

bool SingleInstance::listen(QString* error)
{
    m_server = new QLocalServer(this);
    // The 0700 folder keeps other users out (prepareFolder), as for the agent socket.
    m_server->setSocketOptions(QLocalServer::NoOptions);
    if (!m_server->listen(m_channelPath)) {
        // Only reached after a connect failed: a file left by an app that crashed.
        QLocalServer::removeServer(m_channelPath);
        if (!m_server->listen(m_channelPath)) {
            *error = tr("Cannot listen on %1: %2").arg(m_channelPath, m_server->errorString());
            delete m_server;
            m_server = nullptr;
            return false;
        }
    }
    QString chmodError;
    if (!agent::SocketPath::restrictSocketFile(m_channelPath, &chmodError))
        spdlog::warn("single instance: {}", chmodError.toStdString());
    connect(m_server, &QLocalServer::newConnection, this, &SingleInstance::acceptClients);
    return true;
}

void SingleInstance::acceptClients()
{
    while (QLocalSocket* client = m_server->nextPendingConnection()) {
        if (m_clients >= MaxClients) {
            client->abort();
            client->deleteLater();
            continue;
        }
        ++m_clients;
        connect(client, &QObject::destroyed, this, [this] { --m_clients; });
        connect(client, &QLocalSocket::disconnected, client, &QObject::deleteLater);
        // A client that connects and says nothing is not kept.
        QTimer::singleShot(ClientIdleTimeoutMs, client, [client] {
            client->abort();
            client->deleteLater();
        });
        connect(client, &QLocalSocket::readyRead, this, [this, client] { readFrom(client); });
        if (client->bytesAvailable() > 0)
            readFrom(client);
    }
}

void SingleInstance::readFrom(QLocalSocket* client)
{
    QByteArray buffer = client->property("k8_buffer").toByteArray();
    if (buffer.endsWith('\n'))
        return; // answered already
    buffer += client->read(MaxMessageBytes + 1 - buffer.size());
    client->setProperty("k8_buffer", buffer);
    const qsizetype newline = buffer.indexOf('\n');
    if (newline < 0 && buffer.size() <= MaxMessageBytes)
        return;
    QString token;
    if (newline < 0 || newline != buffer.size() - 1 || !parseActivation(buffer, &token)) {
        client->setProperty("k8_buffer", QByteArray("\n"));
        client->abort();
        client->deleteLater();
        spdlog::warn("single instance: refused a client that did not send the activation line");
        Q_EMIT clientRefused(tr("A program sent something other than the activation line."));
        return;
    }
    client->write(Acknowledgement);
    client->flush();
    client->disconnectFromServer();
    Q_EMIT activationRequested(token);
}

} // namespace k8::app
