package cli

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// commandNames is every subcommand in the table, sorted: the tests below
// loop over it, so a new subcommand is covered without a new test.
func commandNames() []string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// call is what a subcommand was started with.
type call struct {
	name string
	g    globals
	args []string
}

// recordCommands swaps every subcommand for one that records its call,
// until the test ends.
func recordCommands(t *testing.T) *[]call {
	t.Helper()
	var calls []call
	saved := commands
	commands = map[string]command{}
	for name, c := range saved {
		commands[name] = command{usage: c.usage, run: func(g globals, args []string, _, _ io.Writer) int {
			calls = append(calls, call{name, g, args})
			return 0
		}}
	}
	t.Cleanup(func() { commands = saved })
	return &calls
}

// TestGlobalFlagsBeforeOrAfterEveryCommand: --config, --data and --chrome
// (also -config and --config=F) reach every subcommand, before or after
// its name, and never reach it as an argument of its own.
func TestGlobalFlagsBeforeOrAfterEveryCommand(t *testing.T) {
	t.Setenv("RENTWATCH_CONFIG", "env.toml")
	t.Setenv("RENTWATCH_DATA", "env-data")
	t.Setenv("RENTWATCH_CHROME", "")
	forms := []struct {
		name string
		args func(cmd string) []string
		want globals
	}{
		{"--config F before", func(c string) []string { return []string{"--config", "f.toml", c, "x"} },
			globals{config: "f.toml", data: "env-data"}},
		{"-config F before", func(c string) []string { return []string{"-config", "f.toml", c, "x"} },
			globals{config: "f.toml", data: "env-data"}},
		{"--config=F before", func(c string) []string { return []string{"--config=f.toml", c, "x"} },
			globals{config: "f.toml", data: "env-data"}},
		{"all three before", func(c string) []string {
			return []string{"--data", "d", "-chrome=/c", "--config", "f.toml", c, "x"}
		}, globals{config: "f.toml", data: "d", chrome: "/c"}},
		{"after the name", func(c string) []string { return []string{c, "--data", "d", "x"} },
			globals{config: "env.toml", data: "d"}},
		{"after an argument", func(c string) []string { return []string{c, "x", "--chrome=/c", "-data", "d"} },
			globals{config: "env.toml", data: "d", chrome: "/c"}},
		{"before and after: the later wins", func(c string) []string {
			return []string{"--data", "first", c, "x", "--data", "second"}
		}, globals{config: "env.toml", data: "second"}},
	}
	for _, name := range commandNames() {
		for _, f := range forms {
			t.Run(name+"/"+f.name, func(t *testing.T) {
				calls := recordCommands(t)
				var out, errb bytes.Buffer
				if code := Run(f.args(name), &out, &errb); code != 0 {
					t.Fatalf("exit %d: %s", code, errb.String())
				}
				want := call{name, f.want, []string{"x"}}
				if len(*calls) != 1 || (*calls)[0].name != want.name || (*calls)[0].g != want.g ||
					!slices.Equal((*calls)[0].args, want.args) {
					t.Errorf("%q started %+v, want %+v", f.args(name), *calls, want)
				}
			})
		}
	}
}

// TestNoCommandIsRun: global flags and run's own flags with no subcommand
// start the tray app, as `rentwatch` alone does.
func TestNoCommandIsRun(t *testing.T) {
	t.Setenv("RENTWATCH_CONFIG", "")
	t.Setenv("RENTWATCH_DATA", "")
	t.Setenv("RENTWATCH_CHROME", "")
	tests := []struct {
		args []string
		want call
	}{
		{nil, call{"run", globals{}, nil}},
		{[]string{"--data", "d"}, call{"run", globals{data: "d"}, nil}},
		{[]string{"--config=f.toml", "--no-tray"}, call{"run", globals{config: "f.toml"}, []string{"--no-tray"}}},
		{[]string{"--once", "-data", "d"}, call{"run", globals{data: "d"}, []string{"--once"}}},
	}
	for _, tt := range tests {
		calls := recordCommands(t)
		var out, errb bytes.Buffer
		if code := Run(tt.args, &out, &errb); code != 0 || len(*calls) != 1 {
			t.Errorf("%q: exit %d, calls %+v: %s", tt.args, code, *calls, errb.String())
			continue
		}
		if got := (*calls)[0]; got.name != tt.want.name || got.g != tt.want.g || !slices.Equal(got.args, tt.want.args) {
			t.Errorf("%q started %+v, want %+v", tt.args, got, tt.want)
		}
	}
}

// TestCommandLineMistakesExit2: a global flag without its value, and an
// argument a subcommand does not take, are refused in plain words with
// status 2, for every subcommand: nothing extra is ignored.
func TestCommandLineMistakesExit2(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "page.html")
	if err := os.WriteFile(page, []byte("<html></html>"), 0o600); err != nil {
		t.Fatal(err)
	}
	global := []string{"--config", filepath.Join(dir, "config.toml"), "--data", filepath.Join(dir, "data")}
	// Each subcommand's command line with one argument too many.
	extra := map[string][]string{
		"check":        {"check", "https://example.test/rooms", "junk"},
		"inspect":      {"inspect", page, "junk", "--url", "https://example.test/rooms"},
		"ladders":      {"ladders", "junk"},
		"open":         {"open", "--print", "junk"},
		"reply":        {"reply", "--dry-run", "https://example.test/rooms/1", "junk"},
		"run":          {"run", "--once", "junk"},
		"searches":     {"searches", "list", "junk"},
		"set-password": {"set-password", "junk"},
		"status":       {"status", "junk"},
		"test-email":   {"test-email", "junk"},
		"test-push":    {"test-push", "junk"},
		"version":      {"version", "junk"},
	}
	for _, name := range commandNames() {
		t.Run(name, func(t *testing.T) {
			args, ok := extra[name]
			if !ok {
				t.Fatalf("no command line with an extra argument for %q: add one here", name)
			}
			var out, errb bytes.Buffer
			if code := Run(append(slices.Clone(global), args...), &out, &errb); code != 2 {
				t.Errorf("%q: exit %d, want 2; stdout %q stderr %q", args, code, out.String(), errb.String())
			}
			if msg := errb.String(); !strings.Contains(msg, "junk") || strings.Contains(msg, "panic") {
				t.Errorf("%q: stderr %q, want it to name the extra argument", args, msg)
			}
		})
	}
	for _, flag := range []string{"--config", "--data", "-chrome"} {
		var out, errb bytes.Buffer
		if code := Run([]string{"version", flag}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "needs a value") {
			t.Errorf("%s without a value: exit %d, stderr %q", flag, code, errb.String())
		}
	}
}

// TestGlobalFlagsBeforeTheCommandForReal: the commands the issue named,
// run for real, with the flags first.
func TestGlobalFlagsBeforeTheCommandForReal(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "config.toml")
	if err := os.WriteFile(cfg, []byte("version = 1\n\n[[search]]\nname = \"Kamernet West\"\nurl = \"https://kamernet.test/west\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := Run([]string{"--data", dir, "version"}, &out, &errb); code != 0 || !strings.HasPrefix(out.String(), "rentwatch ") {
		t.Errorf("--data DIR version: exit %d, %q %q", code, out.String(), errb.String())
	}
	out.Reset()
	if code := Run([]string{"--config", cfg, "searches", "list"}, &out, &errb); code != 0 || !strings.Contains(out.String(), "Kamernet West") {
		t.Errorf("--config F searches list: exit %d, %q %q", code, out.String(), errb.String())
	}
}
