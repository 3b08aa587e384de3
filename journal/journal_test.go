package journal

import (
	"bytes"
	"log"
	"log/slog"
	"strings"
	"testing"
)

func TestHandlerLinesLeadWithTheirPriorityAndNoTime(t *testing.T) {
	var buf bytes.Buffer
	logger := slog.New(NewHandler(&buf, slog.LevelDebug)).With("search", "Kamerplein")
	logger.Debug("loaded", "ms", 812)
	logger.Info("baseline", "listings", 3)
	logger.Warn("a wall", "kind", "challenge")
	logger.Error("store", "err", "disk full\nreally")
	want := []string{
		`<7>msg=loaded search=Kamerplein ms=812`,
		`<6>msg=baseline search=Kamerplein listings=3`,
		`<4>msg="a wall" search=Kamerplein kind=challenge`,
		`<3>msg=store search=Kamerplein err="disk full\nreally"`,
	}
	if got := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestHandlerLeavesOutWhatIsBelowItsLevel(t *testing.T) {
	var buf bytes.Buffer
	logger := slog.New(NewHandler(&buf, nil))
	logger.Debug("noise")
	logger.WithGroup("engine").Info("cycle", "due", 2)
	if got := buf.String(); got != "<6>msg=cycle engine.due=2\n" {
		t.Errorf("got %q", got)
	}
}

func TestWriterPrefixesEveryLineOfTheStandardLog(t *testing.T) {
	var buf bytes.Buffer
	l := log.New(Writer(&buf, slog.LevelWarn), "", 0)
	l.Print("systray: failed to register\nsecond line")
	if got := buf.String(); got != "<4>systray: failed to register\n<4>second line\n" {
		t.Errorf("got %q", got)
	}
}
