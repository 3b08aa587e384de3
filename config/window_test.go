package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWindowLoopback(t *testing.T) {
	for _, c := range []struct {
		listen string
		want   bool
	}{
		{"", true},
		{"127.0.0.1:17345", true},
		{"127.0.0.5:17345", false}, // another loopback address plays the home network in tests
		{"localhost:9000", true},
		{"[::1]:17345", true},
		{"0.0.0.0:17345", false},
		{":17345", false},
		{"192.168.1.20:17345", false},
		{"[::]:17345", false},
	} {
		if got := (Window{Listen: c.listen}).Loopback(); got != c.want {
			t.Errorf("Loopback(%q) = %v, want %v", c.listen, got, c.want)
		}
	}
}

func TestWindowTableLoads(t *testing.T) {
	hash, err := HashPassword("correct horse")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, table string
		want        Window
		problem     string // in the error; "" for none
	}{
		{"both", "listen = \"0.0.0.0:17345\"\npassword_hash = \"" + hash + "\"", Window{Listen: "0.0.0.0:17345", PasswordHash: hash}, ""},
		{"no port", `listen = "0.0.0.0"`, Window{}, "window.listen"},
		{"a name", `listen = "myhost.lan:17345"`, Window{}, "is not an IP address"},
		{"port 0", `listen = "0.0.0.0:0"`, Window{}, "does not end in a port"},
		{"not a hash", `password_hash = "hunter22"`, Window{}, "rentwatch set-password"},
		{"unknown key", `password = "hunter22"`, Window{}, "window.password"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "config.toml")
			if err := os.WriteFile(path, []byte("version = 1\n[window]\n"+c.table+"\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			s, err := Load(path)
			if c.problem == "" {
				if err != nil || s.Window != c.want {
					t.Fatalf("Load = %+v, %v; want %+v", s.Window, err, c.want)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.problem) {
				t.Fatalf("Load error = %v, want one saying %q", err, c.problem)
			}
		})
	}
}

// The password is set through the file's owner, as `rentwatch
// set-password` and the window do: the table is added with the user's
// comments kept, changed in place the second time, and the file is private.
func TestSetPasswordHash(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	const file = "version = 1\n# my own note\ninterval = \"45s\"\n\n[browser]\npath = \"\"\n"
	if err := os.WriteFile(path, []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	o := Open(path, Options{})
	defer o.Close()
	for _, pw := range []string{"first password", "second password"} {
		hash, err := HashPassword(pw)
		if err != nil {
			t.Fatal(err)
		}
		if err := o.SetPasswordHash(hash); err != nil {
			t.Fatalf("SetPasswordHash: %v", err)
		}
		s, err := Load(path)
		if err != nil {
			t.Fatal(err)
		}
		if !PasswordMatches(s.Window.PasswordHash, pw) {
			t.Fatalf("the file's hash does not match %q", pw)
		}
		if now, _ := o.Settings(); now.Window.PasswordHash != hash {
			t.Fatalf("the owner's settings do not have the new hash")
		}
	}
	b, _ := os.ReadFile(path)
	if !strings.Contains(string(b), "# my own note") || strings.Count(string(b), "[window]") != 1 {
		t.Fatalf("the file lost the user's note or has two [window] tables:\n%s", b)
	}
	if PasswordMatches("", "") {
		t.Fatal("an empty hash matched")
	}
	if _, err := HashPassword("short"); err != ErrShortPassword {
		t.Fatalf("HashPassword(short) = %v, want ErrShortPassword", err)
	}
}

// The window's switch to the home network writes listen through the
// file's owner: refused without a password, then set in the [window]
// table beside the hash with the user's notes kept, and removed again.
func TestSetWindowListen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	const file = "version = 1\n# my own note\ninterval = \"45s\"\n"
	if err := os.WriteFile(path, []byte(file), 0o644); err != nil {
		t.Fatal(err)
	}
	o := Open(path, Options{})
	defer o.Close()
	if err := o.SetWindowListen("0.0.0.0:17346"); !errors.Is(err, ErrNoWindowPassword) {
		t.Fatalf("without a password: %v, want ErrNoWindowPassword", err)
	}
	if b, _ := os.ReadFile(path); string(b) != file {
		t.Fatalf("a refused switch changed the file:\n%s", b)
	}
	hash, err := HashPassword("a long password")
	if err != nil {
		t.Fatal(err)
	}
	if err := o.SetPasswordHash(hash); err != nil {
		t.Fatal(err)
	}
	if err := o.SetWindowListen("0.0.0.0:17346"); err != nil {
		t.Fatalf("with a password: %v", err)
	}
	s, err := Load(path)
	if err != nil || s.Window.Listen != "0.0.0.0:17346" || s.Window.PasswordHash != hash {
		t.Fatalf("the file's window: %+v (%v)", s.Window, err)
	}
	b, _ := os.ReadFile(path)
	if !strings.Contains(string(b), "# my own note") || strings.Count(string(b), "[window]") != 1 {
		t.Fatalf("the file lost the user's note or has two [window] tables:\n%s", b)
	}
	if err := o.SetWindowListen(""); err != nil {
		t.Fatal(err)
	}
	if s, err := Load(path); err != nil || s.Window.Listen != "" || s.Window.PasswordHash != hash {
		t.Fatalf("after switching off: %+v (%v)", s.Window, err)
	}
	if now, _ := o.Settings(); now.Window.Listen != "" {
		t.Fatalf("the owner's settings still listen on %q", now.Window.Listen)
	}
}
