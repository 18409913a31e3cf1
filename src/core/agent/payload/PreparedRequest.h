// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "agent/payload/ActionBinding.h"
#include "agent/request/Request.h"
#include "agent/request/RequestError.h"

#include <QList>

namespace k8::agent {

// A large review or run request, made from its message on LinePreparer's worker thread before
// it is queued (RpcMessage::prepared): the request with its review texts prepared and its
// actions bound and hashed for the rules, with the run defaults as they were when the line was
// handed over; or why it is invalid.
struct PreparedRequest
{
    bool valid = false;
    Request request;
    QList<ActionBinding> bindings; // actionBindings(request, the defaults it was made with)
    RpcError error;
};

} // namespace k8::agent
