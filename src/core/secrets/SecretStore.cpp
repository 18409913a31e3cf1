// SPDX-License-Identifier: Apache-2.0
#include "secrets/SecretStore.h"

namespace k8::secrets {

QString SecretStore::describe(Error error)
{
    switch (error) {
    case Error::None:
        return {};
    case Error::NoBackend:
        return tr("No keychain is available (no secret service answered).");
    case Error::NotFound:
        return tr("The keychain holds no token for this profile.");
    case Error::AccessDenied:
        return tr("Access to the keychain was denied.");
    case Error::Other:
        return tr("The keychain reported an error.");
    }
    return {};
}

} // namespace k8::secrets
