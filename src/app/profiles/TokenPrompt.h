// SPDX-License-Identifier: Apache-2.0
#pragma once

namespace k8::secrets {
class ProfileSecrets;
}

namespace k8::app {

// Makes `secrets` ask the person through MessageBox (over the active window) whether a token
// that no keychain could take is kept in memory for this session. Tests answer the box with
// MessageBox::setNextAnswer().
void installTokenPrompt(secrets::ProfileSecrets* secrets);

} // namespace k8::app
