package outbox

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zalando/go-keyring"
)

func TestStorePassword(t *testing.T) {
	keyring.MockInit()
	t.Setenv(PasswordEnv, "")
	if words, found := PasswordSource("me@x.test"); found || words != "No password is stored yet: type it below and store it." {
		t.Errorf("before: %q, %v", words, found)
	}
	if err := StorePassword("me@x.test", "s3cret"); err != nil {
		t.Fatal(err)
	}
	if p, err := Password("me@x.test"); err != nil || p != "s3cret" {
		t.Errorf("Password after StorePassword = %q, %v", p, err)
	}
	if words, found := PasswordSource("me@x.test"); !found || !strings.Contains(words, "keychain") {
		t.Errorf("after: %q, %v", words, found)
	}
	t.Setenv(PasswordEnv, "from-env")
	if words, _ := PasswordSource("me@x.test"); !strings.Contains(words, PasswordEnv) {
		t.Errorf("with the env set: %q", words)
	}
	t.Setenv(PasswordEnv, "")
	if err := StorePassword("me@x.test", ""); err != nil {
		t.Fatal(err)
	}
	if _, found := PasswordSource("me@x.test"); found {
		t.Error("an empty password did not remove the entry")
	}
	if err := StorePassword("", "x"); err == nil || !strings.Contains(err.Error(), "username") {
		t.Errorf("no username: %v", err)
	}
}

// dbusNoSecrets is what go-keyring says on a Linux whose session bus has
// no Secret Service (no GNOME Keyring, no KWallet): the words a user saw.
const dbusNoSecrets = "The name org.freedesktop.secrets was not provided by any .service files"

// TestStorePasswordWithoutKeychain: with no data folder named there is
// nowhere safe to keep it, and the error says what to do instead, in
// plain words; with one, the password goes into a file only the user can
// read, Password finds it there, and the settings page says so.
func TestStorePasswordWithoutKeychain(t *testing.T) {
	keyring.MockInitWithError(errors.New(dbusNoSecrets + " s3cret"))
	t.Cleanup(keyring.MockInit)
	t.Setenv(PasswordEnv, "")
	KeepPasswordFileIn("")
	err := StorePassword("me@x.test", "s3cret")
	if !errors.Is(err, ErrNoKeychain) || !strings.Contains(err.Error(), PasswordEnv) {
		t.Errorf("error = %v; want ErrNoKeychain naming %s", err, PasswordEnv)
	}
	for _, bad := range []string{"s3cret", "org.freedesktop", ".service"} {
		if strings.Contains(err.Error(), bad) {
			t.Errorf("the error says %q: %v", bad, err)
		}
	}
	if words, found := PasswordSource("me@x.test"); found || !strings.Contains(words, PasswordEnv) || strings.Contains(words, "freedesktop") {
		t.Errorf("source = %q, %v", words, found)
	}

	dir := t.TempDir()
	KeepPasswordFileIn(dir)
	t.Cleanup(func() { KeepPasswordFileIn("") })
	path := filepath.Join(dir, PasswordFileName)
	if words, _ := PasswordSource("me@x.test"); !strings.Contains(words, path) {
		t.Errorf("before storing, the source does not say where it will go: %q", words)
	}
	if err := StorePassword("me@x.test", "s3cret"); err != nil {
		t.Fatalf("StorePassword with a data folder: %v", err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("%s has mode %v, want 0600", path, fi.Mode().Perm())
	}
	if p, err := Password("me@x.test"); err != nil || p != "s3cret" {
		t.Errorf("Password = %q, %v; want it from the file", p, err)
	}
	want := "The password is stored in a file only you can read: " + path + ", because this computer has no keychain."
	if words, found := PasswordSource("me@x.test"); !found || words != want {
		t.Errorf("source = %q, %v; want %q", words, found, want)
	}
	if v := PasswordVersion("me@x.test"); v == "" {
		t.Error("no version for the password in the file: storing it would not reach the alerts")
	}
	if err := StorePassword("me@x.test", ""); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("removing the only password left the file: %v", err)
	}
	if _, err := Password("me@x.test"); err == nil || strings.Contains(err.Error(), "freedesktop") {
		t.Errorf("after removing: %v", err)
	}
}

// TestPasswordWords reads every sentence the settings page shows about
// the password: each is a whole sentence of its own (the page no longer
// puts "The password is" in front), without a programmer's error in it.
func TestPasswordWords(t *testing.T) {
	t.Setenv(PasswordEnv, "")
	dir := t.TempDir()
	tests := []struct {
		name, user string
		keychain   error // nil: a working keychain
		folder     string
		store      string // stored first
		want       string
		found      bool
	}{
		{name: "no login yet", want: "No login is set yet: fill in the login (username) above and save it, then store its password here."},
		{name: "keychain, nothing stored", user: "me@x.test", want: "No password is stored yet: type it below and store it."},
		{name: "keychain, stored", user: "me@x.test", store: "pw", want: "The password is stored in this computer's keychain.", found: true},
		{name: "no keychain, a data folder", user: "me@x.test", keychain: errors.New(dbusNoSecrets), folder: dir,
			want: "No password is stored yet. This computer has no keychain, so rentwatch keeps it in a file only you can read: " +
				filepath.Join(dir, PasswordFileName) + "."},
		{name: "no keychain, no folder", user: "me@x.test", keychain: errors.New(dbusNoSecrets),
			want: "No password is stored, and this computer has no keychain rentwatch can use: set the environment variable " +
				PasswordEnv + " to the password before starting rentwatch."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			keyring.MockInit()
			if tt.keychain != nil {
				keyring.MockInitWithError(tt.keychain)
			}
			t.Cleanup(keyring.MockInit)
			KeepPasswordFileIn(tt.folder)
			t.Cleanup(func() { KeepPasswordFileIn("") })
			if tt.store != "" {
				if err := StorePassword(tt.user, tt.store); err != nil {
					t.Fatal(err)
				}
			}
			words, found := PasswordSource(tt.user)
			if words != tt.want || found != tt.found {
				t.Errorf("PasswordSource(%q) = %q, %v\nwant %q, %v", tt.user, words, found, tt.want, tt.found)
			}
			if strings.HasPrefix(words, "The password is no") || strings.Contains(words, "freedesktop") {
				t.Errorf("garbled or technical: %q", words)
			}
		})
	}
}
