// SPDX-License-Identifier: Apache-2.0
#include "agent/request/RequestError.h"

namespace k8::agent {

RpcError makeRpcError(int code, const QString& message, const QJsonValue& data)
{
    RpcError error;
    error.code = code;
    error.message = message;
    error.data = data;
    return error;
}

} // namespace k8::agent
