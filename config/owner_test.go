package config

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"rentwatch/internal/testkit"
)

// trail is the Owner's trace as a test reads it: every line, in order.
type trail struct {
	mu    sync.Mutex // guards lines
	lines []string
}

func (tr *trail) add(s string) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	tr.lines = append(tr.lines, s)
}

func (tr *trail) since(i int) []string {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return append([]string(nil), tr.lines[i:]...)
}

func (tr *trail) len() int {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return len(tr.lines)
}

// fakeSecrets is a keychain in memory.
type fakeSecrets struct {
	mu     sync.Mutex // guards stored
	stored map[string]string
}

func (f *fakeSecrets) Store(user, pw string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if user == "" {
		return errors.New("no username")
	}
	f.stored[user] = pw
	return nil
}

func (f *fakeSecrets) Version(user string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	if pw, ok := f.stored[user]; ok {
		return passwordVersion(pw)
	}
	return ""
}

func passwordVersion(pw string) string { return fmt.Sprintf("%x", sha256.Sum256([]byte(pw)))[:8] }

// published is the trace line of a State put in force.
func published(interval string, searches int, password string) string {
	d, _ := time.ParseDuration(interval)
	return fmt.Sprintf("published %v, %d search(es), password %q", d, searches, password)
}

func settingsText(interval string, searches ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "version = 1\ninterval = %q\n\n[email]\nto = \"me@example.com\"\nhost = \"smtp.example.com\"\nusername = \"me@example.com\"\n", interval)
	for _, u := range searches {
		fmt.Fprintf(&b, "\n[[search]]\nname = %q\nurl = %q\nenabled = true\n", NameFromURL(u), u)
	}
	return b.String()
}

// TestOwnerSteps runs one Owner on a real file through the changes a
// running app meets: the window's edits, edits by hand (in place, by
// rename, vim's way), another rentwatch's edit (`rentwatch searches add`),
// a bad file and its fix, a stored password. Each step says which States
// the Owner puts in force (its trace: "published ..."), in order, and
// which trace line ends it: a read of the file that found the step's
// bytes (its own save read back, "unchanged"; an edit by hand settled,
// "judged"), so an echo of a change cannot come after the step ends. The
// file is watched for real (inotify on Linux).
func TestOwnerSteps(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	hand := byHand{t, path}
	secrets := &fakeSecrets{stored: map[string]string{"me@example.com": "old"}}
	old, fresh := passwordVersion("old"), passwordVersion("n3w")
	const a, b = "https://kamernet.nl/huren/kamers-amsterdam", "https://www.funda.nl/zoeken/huur"
	hand.write(settingsText("30s"))()
	tr := &trail{}
	o := Open(path, Options{Secrets: secrets, Every: 20 * time.Millisecond, trace: tr.add})
	defer o.Close()
	first, changes, cancel := o.Subscribe()
	defer cancel()
	if first.Problem != nil || first.Settings.Interval != 30*time.Second || first.Settings.Email.PasswordVersion != old {
		t.Fatalf("opened: %+v, want the file's settings with the stored password's version", first)
	}

	var another *Owner // a second rentwatch on the same file, as `rentwatch searches add` opens one
	steps := []struct {
		name      string
		do        func() error
		errHas    string   // the action's error has this; "" none
		published []string // the States put in force, in order
		until     string   // the trace line that ends the step, after those; "": the action's return
	}{
		{name: "the window adds a search: one change, its own save read back is none",
			do:        func() error { _, err := o.AddSearch("", a, Filter{}, ""); return err },
			published: []string{published("30s", 1, old)}, until: readUnchanged},
		{name: "an edit by hand, in place", do: act(hand.write(settingsText("1m", a))),
			published: []string{published("1m", 1, old)}, until: readJudged},
		{name: "comments only: no change", do: act(hand.write("# mine\n" + settingsText("1m", a))), until: readJudged},
		{name: "saved by rename", do: act(hand.renameSave(settingsText("2m", a))),
			published: []string{published("2m", 1, old)}, until: readJudged},
		{name: "a bad edit: named by line and field, the last good settings stay", do: act(hand.write(settingsText("1s", a))),
			published: []string{"published problem: line 2: interval: 1s is under the 10s minimum"}, until: readJudged},
		{name: "the same bad bytes again: no change", do: act(hand.write(settingsText("1s", a))), until: readUnchanged},
		{name: "the window cannot edit a bad file", do: func() error { return o.SetInterval(time.Minute) },
			errHas: "fix it first"},
		{name: "fixed back to the settings in force: the problem is gone", do: act(hand.renameSave(settingsText("2m", a))),
			published: []string{published("2m", 1, old)}, until: readJudged},
		{name: "another rentwatch adds a search", do: func() error {
			another = Open(path, Options{})
			defer another.Close()
			_, err := another.AddSearch("", b, Filter{}, "")
			return err
		}, published: []string{published("2m", 2, old)}, until: readJudged},
		{name: "a new password is new email settings", do: func() error { return o.StorePassword("", "n3w") },
			published: []string{published("2m", 2, fresh)}},
		{name: "the same password again: no change", do: func() error { return o.StorePassword("me@example.com", "n3w") }},
		{name: "the window removes a search", do: func() error { _, err := o.RemoveSearch(a); return err },
			published: []string{published("2m", 1, fresh)}, until: readUnchanged},
		{name: "saved vim's way", do: act(hand.vimSave(settingsText("3m", b))),
			published: []string{published("3m", 1, fresh)}, until: readJudged},
		{name: "deleted for a while", do: act(func() { os.Remove(path) }),
			published: []string{"published problem: open " + path + ": no such file or directory"}, until: readMissing},
		{name: "back again", do: act(hand.write(settingsText("3m", b))),
			published: []string{published("3m", 1, fresh)}, until: readJudged},
	}
	for _, st := range steps {
		runStep(t, tr, st.name, st.do, st.errHas, st.published, st.until)
		if len(st.published) > 0 {
			select {
			case got := <-changes:
				if want := strings.TrimPrefix(st.published[len(st.published)-1], "published "); describe(got) != want {
					t.Fatalf("step %q: the subscriber got %q, want %q", st.name, describe(got), want)
				}
			case <-time.After(testkit.Patience):
				t.Fatalf("step %q: the subscriber got nothing", st.name)
			}
		}
	}
	o.Close()
	if _, open := <-changes; open {
		t.Error("the subscriber's channel is open after Close")
	}
	if _, err := o.AddSearch("", a, Filter{}, ""); !errors.Is(err, errClosed) {
		t.Errorf("an edit after Close: %v, want errClosed", err)
	}
}

// act is a step's action that cannot fail.
func act(f func()) func() error { return func() error { f(); return nil } }

// runStep runs one step: do, then the trace must show the published lines
// in order and then the until line (none but those published).
func runStep(t *testing.T, tr *trail, name string, do func() error, errHas string, published []string, until string) {
	t.Helper()
	mark := tr.len()
	err := do()
	switch {
	case errHas == "" && err != nil:
		t.Fatalf("step %q: %v", name, err)
	case errHas != "" && (err == nil || !strings.Contains(err.Error(), errHas)):
		t.Fatalf("step %q: error %v, want one saying %q", name, err, errHas)
	}
	var got []string
	testkit.Eventually(t, "step "+name, testkit.Patience, func() error {
		lines := tr.since(mark)
		got = got[:0]
		end := -1
		for i, l := range lines {
			if strings.HasPrefix(l, "published") {
				got = append(got, l)
			}
			if l == until && len(got) >= len(published) {
				end = i
				break
			}
		}
		if until == "" || end >= 0 {
			return nil
		}
		return fmt.Errorf("trace so far: %q", lines)
	})
	if !slices.Equal(got, published) {
		t.Fatalf("step %q: put in force\n  %s\nwant\n  %s\n(trace %q)", name, strings.Join(got, "\n  "), strings.Join(published, "\n  "), tr.since(mark))
	}
}

// TestOwnerCannotCreate: a settings file that cannot be made is a problem
// that says why, with the defaults in force; nothing panics or hangs.
func TestOwnerCannotCreate(t *testing.T) {
	notADir := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(notADir, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	o := Open(filepath.Join(notADir, "config.toml"), Options{Every: 20 * time.Millisecond})
	defer o.Close()
	st := o.Now()
	if st.Problem == nil || !strings.Contains(st.Problem.Error(), "not a directory") || st.Settings.Interval != DefaultInterval {
		t.Errorf("State %+v, want the defaults and why the file could not be made", st)
	}
	if _, err := o.AddSearch("", "https://kamernet.nl/huren/kamers-amsterdam", Filter{}, ""); err == nil {
		t.Error("an edit of a file that cannot be made succeeded")
	}
}
