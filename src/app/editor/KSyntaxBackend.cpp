// The KSyntaxHighlighting path, kept tiny on purpose: everything else in the editor is shared
// with the built-in highlighter. Compiled to nothing when the build did not find KF6.
#ifdef KOSA8DESK_HAVE_KSYNTAX

#include "editor/SyntaxBackend.h"

#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/SyntaxHighlighter>
#include <KSyntaxHighlighting/Theme>

#include <QHash>
#include <QPointer>

namespace k8::app {

namespace {

// Loading the repository reads every definition's metadata, so one is shared by all editors.
KSyntaxHighlighting::Repository& sharedRepository()
{
    static KSyntaxHighlighting::Repository repository;
    return repository;
}

class KSyntaxBackend final : public SyntaxBackend
{
public:
    explicit KSyntaxBackend(QTextDocument* document)
        : m_highlighter(new KSyntaxHighlighting::SyntaxHighlighter(document))
    {
        setDarkTheme(false);
    }

    // The document owns the highlighter as its QObject child; delete it first when we go first.
    ~KSyntaxBackend() override { delete m_highlighter.data(); }

    QString name() const override { return QStringLiteral("KSyntaxHighlighting"); }

    bool setLanguage(const QString& language) override
    {
        static const QHash<QString, QString> definitionNames{
            {QStringLiteral("python"), QStringLiteral("Python")},
            {QStringLiteral("bash"), QStringLiteral("Bash")},
            {QStringLiteral("json"), QStringLiteral("JSON")},
            {QStringLiteral("node"), QStringLiteral("JavaScript")},
        };
        const auto definition = sharedRepository().definitionForName(definitionNames.value(language));
        m_highlighter->setDefinition(definition);
        m_highlighter->rehighlight();
        return definition.isValid();
    }

    void setDarkTheme(bool dark) override
    {
        m_highlighter->setTheme(sharedRepository().defaultTheme(
            dark ? KSyntaxHighlighting::Repository::DarkTheme : KSyntaxHighlighting::Repository::LightTheme));
        m_highlighter->rehighlight();
    }

private:
    QPointer<KSyntaxHighlighting::SyntaxHighlighter> m_highlighter;
};

} // namespace

std::unique_ptr<SyntaxBackend> createKSyntaxBackend(QTextDocument* document)
{
    return std::make_unique<KSyntaxBackend>(document);
}

} // namespace k8::app

#endif
