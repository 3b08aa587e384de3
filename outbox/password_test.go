package outbox

import (
	"strings"
	"testing"

	"github.com/zalando/go-keyring"
)

func TestPassword(t *testing.T) {
	keyring.MockInit()
	if err := keyring.Set("rentwatch", "me@x.test", "from-keychain"); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, env, user, want, wantErr string
	}{
		{"keychain", "", "me@x.test", "from-keychain", ""},
		{"env wins", "from-env", "me@x.test", "from-env", ""},
		{"env without a username", "from-env", "", "from-env", ""},
		{"not in the keychain", "", "other@x.test", "", "no password is stored for other@x.test yet: store it in Settings"},
		{"no username", "", "", "", "no login (username) is set"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv(PasswordEnv, tt.env)
			got, err := Password(tt.user)
			if got != tt.want || (tt.wantErr == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("Password(%q) = %q, %v; want %q, %q", tt.user, got, err, tt.want, tt.wantErr)
			}
			if err != nil && strings.Contains(err.Error(), "from-keychain") {
				t.Errorf("error shows a password: %v", err)
			}
		})
	}
}

// TestPasswordVersion: the version follows the password Password finds
// (the keychain's, or the environment's, which wins), names none as "",
// and never shows the password.
func TestPasswordVersion(t *testing.T) {
	keyring.MockInit()
	const user = "me@x.test"
	steps := []struct {
		name  string
		do    func()
		same  bool // the version is the one before
		empty bool
	}{
		{"nothing stored", func() {}, false, true},
		{"a password stored", func() { StorePassword(user, "first-secret") }, false, false},
		{"the same again", func() { StorePassword(user, "first-secret") }, true, false},
		{"another password", func() { StorePassword(user, "second-secret") }, false, false},
		{"the environment wins", func() { t.Setenv(PasswordEnv, "env-secret") }, false, false},
		{"the keychain changes under the environment", func() { StorePassword(user, "third-secret") }, true, false},
		{"removed, the environment gone", func() { StorePassword(user, ""); t.Setenv(PasswordEnv, "") }, false, true},
	}
	before := "unset"
	for _, st := range steps {
		st.do()
		got := PasswordVersion(user)
		switch {
		case st.empty != (got == ""):
			t.Fatalf("%s: version %q", st.name, got)
		case st.same != (got == before):
			t.Fatalf("%s: version %q, before %q: want same=%v", st.name, got, before, st.same)
		case strings.Contains(got, "secret"):
			t.Fatalf("%s: the version %q shows the password", st.name, got)
		}
		before = got
	}
}
