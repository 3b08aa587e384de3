//go:build linux

package desktop

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// secret is the password in the test's environment that no child may see.
const secret = "smtp-secret-4e1d"

// fakeProgram is a program named name in its own folder that notes its
// arguments and its environment in dir/name.args and dir/name.env, then
// stays until dir/release exists (as xdg-open does on a desktop it does
// not know: until the browser it started closes) and exits with code.
// Its paths are written into it: it gets no variable of ours.
func fakeProgram(t *testing.T, dir, name string, code int) {
	t.Helper()
	script := "#!/bin/sh\n" +
		"printf '%s\\n' \"$*\" > '" + filepath.Join(dir, name+".args") + "'\n" +
		"/usr/bin/env > '" + filepath.Join(dir, name+".env.tmp") + "'\n" +
		"/bin/mv '" + filepath.Join(dir, name+".env.tmp") + "' '" + filepath.Join(dir, name+".env") + "'\n" +
		"while [ ! -e '" + filepath.Join(dir, "release") + "' ]; do /bin/sleep 0.05; done\n" +
		"exit " + string(rune('0'+code)) + "\n"
	if err := os.WriteFile(filepath.Join(dir, "bin", name), []byte(script), 0o700); err != nil {
		t.Fatal(err)
	}
}

// fakeDesktop is a PATH holding only a fake xdg-open, with a secret in the
// environment as a user's RENTWATCH_SMTP_PASSWORD is.
func fakeDesktop(t *testing.T, code int) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "bin"), 0o700); err != nil {
		t.Fatal(err)
	}
	fakeProgram(t, dir, "xdg-open", code)
	// A test that fails early still lets its fake go.
	t.Cleanup(func() { os.WriteFile(filepath.Join(dir, "release"), nil, 0o600) })
	t.Setenv("PATH", filepath.Join(dir, "bin"))
	t.Setenv("XDG_CURRENT_DESKTOP", "") // i3, Openbox, startx
	t.Setenv("RENTWATCH_SMTP_PASSWORD", secret)
	t.Setenv("SOME_API_TOKEN", secret+"-token")
	return dir
}

// waitFile waits for path to exist; the deadline only bounds a hang.
func waitFile(t *testing.T, path string) []byte {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if b, err := os.ReadFile(path); err == nil {
			return b
		}
	}
	t.Fatalf("%s never appeared", path)
	return nil
}

// checkEnv fails where the environment a child noted holds the secret, or
// lacks what a program needs (PATH, the display's XDG_ variables).
func checkEnv(t *testing.T, child string, env []byte) {
	t.Helper()
	if strings.Contains(string(env), secret) {
		t.Errorf("%s got the secret in its environment:\n%s", child, env)
	}
	if !strings.Contains("\n"+string(env), "\nPATH=") || !strings.Contains(string(env), "XDG_CURRENT_DESKTOP=") {
		t.Errorf("%s lacks PATH or the XDG_ variables:\n%s", child, env)
	}
}

// TestOpenDoesNotWait: OpenURL and OpenFile return while the opener still
// runs (it waits for the browser to close), hand it no secret, and report
// its end when it comes.
func TestOpenDoesNotWait(t *testing.T) {
	for _, tt := range []struct {
		name, arg string
		open      func(string, func(error)) error
	}{
		{"a page", "http://127.0.0.1:17345/?code=x", OpenURL},
		{"a file", "config.toml", OpenFile},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := fakeDesktop(t, 0)
			ended := make(chan error, 1)
			if err := tt.open(tt.arg, func(err error) { ended <- err }); err != nil {
				t.Fatal(err)
			}
			// Returned: the opener runs on, and has not ended.
			env := waitFile(t, filepath.Join(dir, "xdg-open.env"))
			select {
			case err := <-ended:
				t.Fatalf("the opener ended before it was released (%v)", err)
			default:
			}
			checkEnv(t, "xdg-open", env)
			args := strings.TrimSpace(string(waitFile(t, filepath.Join(dir, "xdg-open.args"))))
			if want := tt.arg; tt.name == "a file" {
				want, _ = filepath.Abs(tt.arg)
				if args != want {
					t.Errorf("xdg-open was given %q, want %q", args, want)
				}
			} else if args != want {
				t.Errorf("xdg-open was given %q, want %q", args, want)
			}
			if err := os.WriteFile(filepath.Join(dir, "release"), nil, 0o600); err != nil {
				t.Fatal(err)
			}
			if err := <-ended; err != nil {
				t.Errorf("ended with %v, want nil", err)
			}
		})
	}
}

func TestOpenFailures(t *testing.T) {
	for _, tt := range []struct {
		code int
		says string
	}{
		{3, "no program on this computer is set up to open it"},
		{4, "the program set up to open it failed"},
		{5, "xdg-open ended with exit status 5"},
	} {
		t.Run(fmt.Sprint("the opener fails with ", tt.code), func(t *testing.T) {
			dir := fakeDesktop(t, tt.code)
			os.WriteFile(filepath.Join(dir, "release"), nil, 0o600)
			ended := make(chan error, 1)
			if err := OpenURL("https://kamernet.nl/", func(err error) { ended <- err }); err != nil {
				t.Fatal(err)
			}
			if err := <-ended; err == nil || !strings.Contains(err.Error(), tt.says) {
				t.Errorf("ended with %v, want %q", err, tt.says)
			}
		})
	}
	t.Run("no opener at all", func(t *testing.T) {
		t.Setenv("PATH", t.TempDir())
		err := OpenFile("config.toml", nil)
		if !errors.Is(err, ErrNoOpener) || !strings.Contains(err.Error(), "install xdg-utils") {
			t.Errorf("OpenFile with no opener: %v", err)
		}
	})
}

// TestCommandEnv: Command hands a child the filtered environment.
func TestCommandEnv(t *testing.T) {
	t.Setenv("RENTWATCH_SMTP_PASSWORD", secret)
	out, err := Command("/usr/bin/env").Output()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out), secret) || !strings.Contains(string(out), "PATH=") {
		t.Errorf("the child's environment:\n%s", out)
	}
}

// TestKeepSecretsFromChildren runs itself again with a secret in its
// environment; that process calls KeepSecretsFromChildren and then starts
// a program as a library does (exec.Command, our environment inherited):
// the program sees no secret.
func TestKeepSecretsFromChildren(t *testing.T) {
	if os.Getenv("DESKTOP_TEST_CHILD") == "1" {
		if err := KeepSecretsFromChildren(); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command("/usr/bin/env").Output()
		if err != nil {
			t.Fatal(err)
		}
		os.Stdout.Write(out)
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestKeepSecretsFromChildren$", "-test.count=1")
	cmd.Env = append(os.Environ(), "DESKTOP_TEST_CHILD=1", "RENTWATCH_SMTP_PASSWORD="+secret, "SOME_API_TOKEN="+secret)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if strings.Contains(string(out), secret) || !strings.Contains(string(out), "\nPATH=") {
		t.Errorf("a program started as a library does saw:\n%s", out)
	}
}
