#include "editor/SyntaxBackend.h"

#include "editor/BuiltinHighlighter.h"

namespace k8::app {

#ifdef KOSA8DESK_HAVE_KSYNTAX
// Defined in KSyntaxBackend.cpp, which is only compiled in when KF6 was found.
std::unique_ptr<SyntaxBackend> createKSyntaxBackend(QTextDocument* document);
#endif

std::unique_ptr<SyntaxBackend> createSyntaxBackend(QTextDocument* document)
{
#ifdef KOSA8DESK_HAVE_KSYNTAX
    return createKSyntaxBackend(document);
#else
    return createBuiltinSyntaxBackend(document);
#endif
}

std::unique_ptr<SyntaxBackend> createBuiltinSyntaxBackend(QTextDocument* document)
{
    auto highlighter = std::make_unique<BuiltinHighlighter>();
    highlighter->setDocument(document);
    return highlighter;
}

QString preferredSyntaxBackendName()
{
#ifdef KOSA8DESK_HAVE_KSYNTAX
    return QStringLiteral("KSyntaxHighlighting");
#else
    return BuiltinHighlighter::backendName();
#endif
}

} // namespace k8::app
