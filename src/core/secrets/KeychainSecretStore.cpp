// SPDX-License-Identifier: Apache-2.0
#include "secrets/KeychainSecretStore.h"

#include <QPointer>
#include <QTimer>

#include <qt6keychain/keychain.h>

#ifdef K8_SECRETS_DBUS
#include <QDBusConnection>
#include <QDBusConnectionInterface>
#endif

#include <spdlog/spdlog.h>

namespace k8::secrets {

namespace {

SecretStore::Error errorOf(QKeychain::Error error)
{
    switch (error) {
    case QKeychain::NoError:
        return SecretStore::Error::None;
    case QKeychain::EntryNotFound:
        return SecretStore::Error::NotFound;
    case QKeychain::AccessDenied:
    case QKeychain::AccessDeniedByUser:
        return SecretStore::Error::AccessDenied;
    case QKeychain::NoBackendAvailable:
    case QKeychain::NotImplemented:
        return SecretStore::Error::NoBackend;
    case QKeychain::CouldNotDeleteEntry:
    case QKeychain::OtherError:
        break;
    }
    return SecretStore::Error::Other;
}

// QtKeychain's libsecret backend reports a missing session bus or Secret Service as a plain
// OtherError ("Could not connect: ..."). Asked only after a failure: is there a Secret Service
// at all? If not, the error is "no keychain", which the app treats differently (it asks).
bool secretServiceMissing()
{
#ifdef K8_SECRETS_DBUS
    QDBusConnection bus = QDBusConnection::sessionBus();
    if (!bus.isConnected())
        return true;
    const QString service = QStringLiteral("org.freedesktop.secrets");
    QDBusConnectionInterface* names = bus.interface();
    if (!names)
        return true;
    if (names->isServiceRegistered(service).value())
        return false;
    return !names->activatableServiceNames().value().contains(service);
#else
    return false;
#endif
}

// Runs one QtKeychain job and answers from the event loop. The job deletes itself.
void run(SecretStore* store, QKeychain::Job* job, QObject* context, SecretStore::Callback done, bool isRemove)
{
    QPointer<QObject> guard(context);
    QObject::connect(job, &QKeychain::Job::finished, job,
                     [store, guard, done = std::move(done), isRemove](QKeychain::Job* finished) {
                         SecretStore::Result result;
                         result.error = errorOf(finished->error());
                         if (result.error == SecretStore::Error::Other && secretServiceMissing())
                             result.error = SecretStore::Error::NoBackend;
                         if (result.error != SecretStore::Error::None)
                             result.message = finished->errorString();
                         // Removing what is not there leaves the store as asked.
                         if (isRemove && result.error == SecretStore::Error::NotFound)
                             result = {};
                         if (auto* read = qobject_cast<QKeychain::ReadPasswordJob*>(finished);
                             read && result.ok())
                             result.secret = read->textData();
                         if (!result.ok())
                             spdlog::warn("keychain: {} failed: {}", finished->key().toStdString(),
                                          result.message.toStdString());
                         // Never inside the caller's call, whatever the backend does.
                         QTimer::singleShot(0, store, [guard, done, result] {
                             if (guard && done)
                                 done(result);
                         });
                     });
    job->setAutoDelete(true);
    job->setInsecureFallback(false);
    job->start();
}

} // namespace

KeychainSecretStore::KeychainSecretStore(QObject* parent)
    : KeychainSecretStore(ServiceName, parent)
{}

KeychainSecretStore::KeychainSecretStore(const QString& serviceName, QObject* parent)
    : SecretStore(parent)
    , m_service(serviceName)
{}

QString KeychainSecretStore::description() const
{
    return tr("the system keychain");
}

void KeychainSecretStore::read(const QString& key, QObject* context, Callback done)
{
    auto* job = new QKeychain::ReadPasswordJob(m_service, this);
    job->setKey(key);
    run(this, job, context, std::move(done), false);
}

void KeychainSecretStore::write(const QString& key, const QString& secret, QObject* context, Callback done)
{
    auto* job = new QKeychain::WritePasswordJob(m_service, this);
    job->setKey(key);
    job->setTextData(secret);
    run(this, job, context, std::move(done), false);
}

void KeychainSecretStore::remove(const QString& key, QObject* context, Callback done)
{
    auto* job = new QKeychain::DeletePasswordJob(m_service, this);
    job->setKey(key);
    run(this, job, context, std::move(done), true);
}

} // namespace k8::secrets
