#include "editor/BuiltinHighlighter.h"

#include <QStringView>

namespace k8::app {

namespace {

QSet<QString> wordSet(std::initializer_list<const char*> words)
{
    QSet<QString> set;
    for (const char* word : words)
        set.insert(QString::fromLatin1(word));
    return set;
}

bool isWordChar(QChar c)
{
    return c.isLetterOrNumber() || c == u'_';
}

bool isPythonStringPrefix(const QString& word)
{
    static const QSet<QString> prefixes =
        wordSet({"r",  "b",  "f",  "u",  "rb", "br", "fr", "rf", "R",  "B",  "F",  "U",
                 "Rb", "rB", "RB", "bR", "Br", "BR", "fR", "Fr", "FR", "rF", "Rf", "RF"});
    return prefixes.contains(word);
}

} // namespace

BuiltinHighlighter::BuiltinHighlighter(QObject* parent)
    : QSyntaxHighlighter(parent)
{
    applyColours();
}

BuiltinHighlighter::Rules BuiltinHighlighter::rulesFor(const QString& language, bool* known)
{
    Rules rules;
    *known = true;
    if (language == u"python") {
        rules.keywords =
            wordSet({"False",   "None",  "True",     "and",      "as",   "assert", "async", "await",
                     "break",   "class", "continue", "def",      "del",  "elif",   "else",  "except",
                     "finally", "for",   "from",     "global",   "if",   "import", "in",    "is",
                     "lambda",  "match", "case",     "nonlocal", "not",  "or",     "pass",  "raise",
                     "return",  "try",   "while",    "with",     "yield"});
        rules.builtins = wordSet(
            {"print",      "len",     "range",   "open",    "int",   "str",        "float",     "list",
             "dict",       "set",     "tuple",   "bool",    "bytes", "isinstance", "enumerate", "zip",
             "map",        "filter",  "sorted",  "sum",     "min",   "max",        "abs",       "any",
             "all",        "type",    "super",   "self",    "cls",   "exec",       "eval",      "compile",
             "__import__", "getattr", "setattr", "hasattr", "input", "repr",       "iter",      "next"});
        rules.lineComment = QStringLiteral("#");
        rules.tripleQuotes = true;
        rules.decorators = true;
    } else if (language == u"bash" || language == u"sh" || language == u"shell") {
        rules.keywords =
            wordSet({"if",   "then",  "else",     "elif",     "fi",      "for",      "while",  "until",
                     "do",   "done",  "case",     "esac",     "in",      "function", "select", "return",
                     "exit", "local", "export",   "readonly", "declare", "set",      "unset",  "shift",
                     "trap", "break", "continue", "source",   "eval",    "exec"});
        rules.builtins = wordSet({"echo",  "printf", "cd",      "pwd",  "test", "read",  "cat", "grep",
                                  "sed",   "awk",    "curl",    "wget", "rm",   "mv",    "cp",  "mkdir",
                                  "chmod", "chown",  "sudo",    "ls",   "find", "xargs", "tee", "sh",
                                  "bash",  "python", "python3", "pip",  "nc",   "ssh",   "scp"});
        rules.lineComment = QStringLiteral("#");
        rules.hashCommentNeedsWordStart = true;
        rules.multiLineQuotes = true;
        rules.shellVariables = true;
    } else if (language == u"json") {
        rules.keywords = wordSet({"true", "false", "null"});
        rules.jsonKeys = true;
    } else if (language == u"node" || language == u"javascript" || language == u"js") {
        rules.keywords =
            wordSet({"break",   "case",     "catch", "class",  "const",  "continue",   "debugger",
                     "default", "delete",   "do",    "else",   "export", "extends",    "finally",
                     "for",     "function", "if",    "import", "in",     "instanceof", "let",
                     "new",     "return",   "super", "switch", "this",   "throw",      "try",
                     "typeof",  "var",      "void",  "while",  "with",   "yield",      "async",
                     "await",   "of",       "true",  "false",  "null",   "undefined"});
        rules.builtins = wordSet({"require", "console", "process", "module", "exports", "JSON", "Math",
                                  "Promise", "Object", "Array", "String", "Number", "Buffer", "fetch",
                                  "setTimeout", "eval", "Function"});
        rules.lineComment = QStringLiteral("//");
        rules.blockComments = true;
        rules.backtickStrings = true;
    } else {
        *known = false;
    }
    return rules;
}

bool BuiltinHighlighter::setLanguage(const QString& language)
{
    bool known = false;
    m_rules = rulesFor(language.toLower(), &known);
    m_language = known ? language.toLower() : QString();
    rehighlight();
    return known;
}

void BuiltinHighlighter::setDarkTheme(bool dark)
{
    if (dark == m_dark)
        return;
    m_dark = dark;
    applyColours();
    rehighlight();
}

void BuiltinHighlighter::applyColours()
{
    const HighlightColours colours = m_dark ? HighlightColours::dark() : HighlightColours::light();
    const auto make = [](const QColor& colour, bool bold = false, bool italic = false) {
        QTextCharFormat format;
        format.setForeground(colour);
        if (bold)
            format.setFontWeight(QFont::Bold);
        format.setFontItalic(italic);
        return format;
    };
    m_keyword = make(colours.keyword, true);
    m_builtin = make(colours.builtin);
    m_string = make(colours.string);
    m_comment = make(colours.comment, false, true);
    m_number = make(colours.number);
    m_decorator = make(colours.decorator);
    m_key = make(colours.key);
}

int BuiltinHighlighter::endOfString(const QString& text, int from, const QString& delimiter, bool escapes)
{
    const int n = int(text.size());
    for (int i = from; i < n;) {
        if (escapes && text.at(i) == u'\\') {
            i += 2;
            continue;
        }
        if (QStringView(text).mid(i).startsWith(delimiter))
            return i + int(delimiter.size());
        ++i;
    }
    return -1;
}

int BuiltinHighlighter::continueOpenState(const QString& text, int state)
{
    const int n = int(text.size());
    int end = -1;
    switch (state) {
    case InBlockComment: {
        const int close = int(text.indexOf(QLatin1String("*/")));
        end = close < 0 ? -1 : close + 2;
        setFormat(0, end < 0 ? n : end, m_comment);
        break;
    }
    case InTripleSingle:
        end = endOfString(text, 0, QStringLiteral("'''"), true);
        setFormat(0, end < 0 ? n : end, m_string);
        break;
    case InTripleDouble:
        end = endOfString(text, 0, QStringLiteral("\"\"\""), true);
        setFormat(0, end < 0 ? n : end, m_string);
        break;
    case InSingleQuoted:
        // Shell single quotes know no escapes.
        end = endOfString(text, 0, QStringLiteral("'"), false);
        setFormat(0, end < 0 ? n : end, m_string);
        break;
    case InDoubleQuoted:
        end = endOfString(text, 0, QStringLiteral("\""), true);
        setFormat(0, end < 0 ? n : end, m_string);
        break;
    case InBacktick:
        end = endOfString(text, 0, QStringLiteral("`"), true);
        setFormat(0, end < 0 ? n : end, m_string);
        break;
    default:
        return 0;
    }
    if (end < 0)
        setCurrentBlockState(state);
    return end;
}

void BuiltinHighlighter::highlightBlock(const QString& text)
{
    setCurrentBlockState(Normal);
    if (m_language.isEmpty())
        return;

    int i = 0;
    if (previousBlockState() > 0) {
        i = continueOpenState(text, previousBlockState());
        if (i < 0)
            return;
    }

    const int n = int(text.size());
    int firstNonSpace = 0;
    while (firstNonSpace < n && text.at(firstNonSpace).isSpace())
        ++firstNonSpace;

    while (i < n) {
        const QChar c = text.at(i);
        if (c.isSpace()) {
            ++i;
            continue;
        }
        const QStringView rest = QStringView(text).mid(i);

        if (!m_rules.lineComment.isEmpty() && rest.startsWith(m_rules.lineComment)) {
            const bool wordStart = i == 0 || text.at(i - 1).isSpace() || text.at(i - 1) == u';';
            if (!m_rules.hashCommentNeedsWordStart || wordStart) {
                setFormat(i, n - i, m_comment);
                return;
            }
        }
        if (m_rules.blockComments && rest.startsWith(u"/*")) {
            const int close = int(text.indexOf(QLatin1String("*/"), i + 2));
            if (close < 0) {
                setFormat(i, n - i, m_comment);
                setCurrentBlockState(InBlockComment);
                return;
            }
            setFormat(i, close + 2 - i, m_comment);
            i = close + 2;
            continue;
        }

        if (c == u'"' || c == u'\'' || (c == u'`' && m_rules.backtickStrings)) {
            const QString triple(3, c);
            int end = -1;
            int openState = Normal;
            if (m_rules.tripleQuotes && rest.startsWith(triple)) {
                end = endOfString(text, i + 3, triple, true);
                openState = c == u'\'' ? InTripleSingle : InTripleDouble;
            } else {
                const bool escapes = !(m_rules.shellVariables && c == u'\'');
                end = endOfString(text, i + 1, QString(c), escapes);
                if (c == u'`')
                    openState = InBacktick;
                else if (m_rules.multiLineQuotes)
                    openState = c == u'\'' ? InSingleQuoted : InDoubleQuoted;
            }
            if (end < 0) {
                setFormat(i, n - i, m_string);
                setCurrentBlockState(openState);
                return;
            }
            bool isKey = false;
            if (m_rules.jsonKeys) {
                int after = end;
                while (after < n && text.at(after).isSpace())
                    ++after;
                isKey = after < n && text.at(after) == u':';
            }
            setFormat(i, end - i, isKey ? m_key : m_string);
            i = end;
            continue;
        }

        if (m_rules.decorators && c == u'@' && i == firstNonSpace) {
            int j = i + 1;
            while (j < n && (isWordChar(text.at(j)) || text.at(j) == u'.'))
                ++j;
            setFormat(i, j - i, m_decorator);
            i = j;
            continue;
        }

        if (m_rules.shellVariables && c == u'$' && i + 1 < n) {
            int j = i + 1;
            if (text.at(j) == u'{') {
                const int close = int(text.indexOf(u'}', j));
                j = close < 0 ? n : close + 1;
            } else if (isWordChar(text.at(j))) {
                while (j < n && isWordChar(text.at(j)))
                    ++j;
            } else if (QStringLiteral("@*#?$!-").contains(text.at(j))) {
                ++j;
            }
            setFormat(i, j - i, m_decorator);
            i = j;
            continue;
        }

        const bool startsNumber =
            c.isDigit() || (c == u'-' && m_rules.jsonKeys && i + 1 < n && text.at(i + 1).isDigit());
        if (startsNumber && (i == 0 || !isWordChar(text.at(i - 1)))) {
            int j = i + 1;
            while (j < n) {
                const QChar d = text.at(j);
                if (isWordChar(d) || d == u'.')
                    ++j;
                else if ((d == u'+' || d == u'-') && (text.at(j - 1) == u'e' || text.at(j - 1) == u'E'))
                    ++j;
                else
                    break;
            }
            setFormat(i, j - i, m_number);
            i = j;
            continue;
        }

        if (c.isLetter() || c == u'_') {
            int j = i + 1;
            while (j < n && isWordChar(text.at(j)))
                ++j;
            const QString word = text.mid(i, j - i);
            if (m_rules.tripleQuotes && j < n && (text.at(j) == u'"' || text.at(j) == u'\'') &&
                isPythonStringPrefix(word)) {
                setFormat(i, j - i, m_string); // the string itself follows on the next round
            } else if (m_rules.keywords.contains(word)) {
                setFormat(i, j - i, m_keyword);
            } else if (m_rules.builtins.contains(word)) {
                setFormat(i, j - i, m_builtin);
            }
            i = j;
            continue;
        }
        ++i;
    }
}

} // namespace k8::app
