package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"rentwatch/internal/testkit"
)

// TestAppLogsToTheJournalUnderSystemd runs the real binary as systemd
// runs a service: stderr is a stream whose device and inode JOURNAL_STREAM
// names. Every line must lead with its priority, carry no time of its own,
// and nothing goes to the log file.
func TestAppLogsToTheJournalUnderSystemd(t *testing.T) {
	bin := testkit.AppBinary(t)
	dir := t.TempDir()
	for _, k := range []string{"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME", "XDG_RUNTIME_DIR"} {
		t.Setenv(k, dir)
	}
	portal := testkit.StartPortal(t, "127.0.0.2", testkit.CardPage)
	cfg, data := filepath.Join(dir, "config.toml"), filepath.Join(dir, "data")
	testkit.WriteAppSettings(t, cfg, "10s", testkit.AppSearch{Name: "Kamerplein", URL: portal.Search(t, "/huren/kamers-amsterdam",
		testkit.AppRooms(2345601, "Damrak", "Kinkerstraat")...)})
	stream, err := os.Create(filepath.Join(dir, "journal-stream"))
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Close()
	var st syscall.Stat_t
	if err := syscall.Fstat(int(stream.Fd()), &st); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "run", "--no-tray", "--once", "--config", cfg, "--data", data)
	cmd.Env = testkit.AppEnv(t, fmt.Sprintf("JOURNAL_STREAM=%d:%d", st.Dev, st.Ino))
	cmd.Stdout, cmd.Stderr = stream, stream
	if err := cmd.Run(); err != nil {
		out, _ := os.ReadFile(stream.Name())
		t.Fatalf("run --once: %v\n%s", err, out)
	}
	b, err := os.ReadFile(stream.Name())
	if err != nil {
		t.Fatal(err)
	}
	out := string(b)
	priority := regexp.MustCompile(`^<[3467]>`)
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if !priority.MatchString(line) {
			t.Errorf("a line without its priority: %q", line)
		}
		if strings.Contains(line, "time=") || strings.Contains(line, "level=") {
			t.Errorf("a line with a time or a level of its own: %q", line)
		}
	}
	if !strings.Contains(out, "<6>msg=baseline") {
		t.Errorf("no baseline at priority 6 (info) in:\n%s", out)
	}
	if _, err := os.Stat(filepath.Join(data, "logs", "rentwatch.log")); !os.IsNotExist(err) {
		t.Errorf("the log file was written too (%v): the journal keeps the log", err)
	}
}
