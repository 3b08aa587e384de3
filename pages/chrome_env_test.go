package pages

import (
	"bytes"
	"context"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestChromeGetsNoSecret starts the headless Chrome with a password in the
// app's environment, loads a page (so its renderers run), and reads the
// environment of every process of Chrome's: the password is in none of
// them, what Chrome needs is.
func TestChromeGetsNoSecret(t *testing.T) {
	if _, err := os.Stat("/proc/self/environ"); err != nil {
		t.Skip("needs /proc")
	}
	const secret = "smtp-secret-7f3a9c"
	t.Setenv("RENTWATCH_SMTP_PASSWORD", secret)
	t.Setenv("SOME_API_TOKEN", secret+"-token")
	portal := newFixturePortal(t, "127.0.0.1", 0)
	b, _ := newTestBrowser(t, BrowserOptions{PageTimeout: time.Minute})
	if _, err := b.Load(context.Background(), portal.URL+"/results"); err != nil {
		t.Fatal(err)
	}
	checkChromeEnv(t, b.chromePID(), b.opts.ProfileDir, secret)
}

// checkChromeEnv reads /proc/PID/environ of pid, its descendants and every
// process started on profile, and fails where one holds secret; pid's must
// hold PATH (what Chrome needs stays). (Processes Chrome forks from its
// zygote write their command line over that memory: theirs show no PATH.)
func checkChromeEnv(t *testing.T, pid int, profile, secret string) {
	t.Helper()
	tree, _ := procTree(pid)
	procs := append(tree, profileProcs(profile)...)
	slices.Sort(procs)
	procs = slices.Compact(procs)
	read := 0
	for _, p := range procs {
		env, err := os.ReadFile("/proc/" + strconv.Itoa(p) + "/environ")
		if err != nil {
			continue // gone meanwhile
		}
		read++
		if bytes.Contains(env, []byte(secret)) {
			t.Errorf("Chrome process %d (of %d) has the secret in its environment", p, pid)
		}
		if p == pid && !bytes.Contains(append([]byte{0}, env...), []byte("\x00PATH=")) {
			t.Errorf("Chrome (%d) has no PATH in its environment", p)
		}
	}
	if read < 3 {
		t.Errorf("read the environment of %d Chrome processes (pid %d), want the browser and its helpers", read, pid)
	}
}

// profileProcs are the processes started with --user-data-dir=profile.
func profileProcs(profile string) []int {
	var out []int
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		cmdline, err := os.ReadFile("/proc/" + e.Name() + "/cmdline")
		if err == nil && strings.Contains(string(cmdline), "--user-data-dir="+profile+"\x00") {
			out = append(out, pid)
		}
	}
	return out
}
