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
		{"not in the keychain", "", "other@x.test", "", "no password for other@x.test in the keychain"},
		{"no username", "", "", "", "no username"},
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
