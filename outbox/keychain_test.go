package outbox

import (
	"errors"
	"strings"
	"testing"

	"github.com/zalando/go-keyring"
)

func TestStorePassword(t *testing.T) {
	keyring.MockInit()
	t.Setenv(PasswordEnv, "")
	if words, found := PasswordSource("me@x.test"); found || words != "not stored yet" {
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

func TestStorePasswordWithoutKeychain(t *testing.T) {
	keyring.MockInitWithError(errors.New("The name org.freedesktop.secrets was not provided by any .service files s3cret"))
	t.Cleanup(keyring.MockInit)
	err := StorePassword("me@x.test", "s3cret")
	if !errors.Is(err, ErrNoKeychain) || !strings.Contains(err.Error(), PasswordEnv) {
		t.Errorf("error = %v; want ErrNoKeychain naming %s", err, PasswordEnv)
	}
	if strings.Contains(err.Error(), "s3cret") {
		t.Errorf("the error shows the password: %v", err)
	}
	if words, found := PasswordSource("me@x.test"); found || !strings.Contains(words, PasswordEnv) {
		t.Errorf("source = %q, %v", words, found)
	}
}
