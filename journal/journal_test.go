package journal

import (
	"bytes"
	"fmt"
	"log"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"syscall"
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

func TestConnectedOnlyToTheStreamSystemdNamed(t *testing.T) {
	dir := t.TempDir()
	mine, err := os.Create(filepath.Join(dir, "stream"))
	if err != nil {
		t.Fatal(err)
	}
	defer mine.Close()
	other, err := os.Create(filepath.Join(dir, "other"))
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	var st syscall.Stat_t
	if err := syscall.Fstat(int(mine.Fd()), &st); err != nil {
		t.Fatal(err)
	}
	stream := fmt.Sprintf("%d:%d", st.Dev, st.Ino)
	for _, tc := range []struct {
		name   string
		stream string
		f      *os.File
		want   bool
	}{
		{"the stream", stream, mine, true},
		{"stderr sent elsewhere", stream, other, false},
		{"not set", "", mine, false},
		{"garbage", "journal", mine, false},
		{"inode only", fmt.Sprint(st.Ino), mine, false},
	} {
		if got := connected(tc.stream, tc.f); got != tc.want {
			t.Errorf("%s: connected(%q) = %v, want %v", tc.name, tc.stream, got, tc.want)
		}
	}
}
