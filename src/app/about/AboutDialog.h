#pragma once

#include <QDialog>

class QLabel;

namespace k8::app {

// Versions (app, Qt at build and run time, kosa8 as last seen), the highlighter in use, and
// where the data and logs are. Text can be selected and copied for bug reports.
class AboutDialog : public QDialog
{
    Q_OBJECT
public:
    AboutDialog(const QString& kosa8Summary, const QString& dataDir, QWidget* parent = nullptr);

    // The KSyntaxHighlighting version and whether it is the system's or built in.
    static QString highlighterName();
    QString infoText() const;

private:
    QLabel* m_info;
};

} // namespace k8::app
