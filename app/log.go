package app

import (
	"io"
	"log"
	"log/slog"

	"rentwatch/journal"
)

// openLog sets up the app's log. Started by systemd (stderr is the
// journal), it goes to the journal alone, each line led by its priority
// and without a time of its own: the journal keeps, rotates and caps it
// (`journalctl -u rentwatch`), and a second copy in a file would wear a
// small box's SD card twice over and fill its disk by another rule.
// Otherwise it goes to stderr and to the log file in logDir, which the
// tray opens.
func (a *app) openLog(logDir string, stderr io.Writer) error {
	if journal.Stderr() {
		a.log = slog.New(journal.NewHandler(stderr, nil))
		log.SetFlags(0)
		log.SetOutput(journal.Writer(stderr, slog.LevelWarn)) // libraries that use the standard logger
		a.logPath = "the journal (journalctl -u rentwatch)"
		return nil
	}
	var err error
	if a.logs, err = openLogFile(logDir); err != nil {
		return err
	}
	a.logPath = a.logs.path
	out := io.MultiWriter(stderr, a.logs)
	a.log = slog.New(slog.NewTextHandler(out, nil))
	log.SetOutput(out) // libraries that use the standard logger land in the log too
	return nil
}
