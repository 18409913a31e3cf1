// SPDX-License-Identifier: Apache-2.0
#pragma once

#include <QDialog>

#include <memory>

namespace k8::app {

namespace Ui {
class AboutDialog;
}

// Versions (app, Qt at build and run time, kosa8 as last seen), the highlighter in use, where
// the data and logs are, and where agents connect (agent::SocketPath::statusText). Text can be
// selected and copied for bug reports.
class AboutDialog : public QDialog
{
    Q_OBJECT
public:
    AboutDialog(const QString& kosa8Summary, const QString& dataDir, const QString& agentSocketStatus = {},
                QWidget* parent = nullptr);
    ~AboutDialog() override;

    // The KSyntaxHighlighting version and whether it is the system's or built in.
    static QString highlighterName();
    QString infoText() const;

private:
    // The fixed layout (ui/about/AboutDialog.ui); the texts that carry versions and paths are set here.
    std::unique_ptr<Ui::AboutDialog> m_ui;
};

} // namespace k8::app
