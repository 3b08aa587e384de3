package outbox

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/zalando/go-keyring"
)

// ErrNoKeychain is matched by StorePassword's error on a machine without a
// keychain rentwatch can use (a bare Linux without a Secret Service).
var ErrNoKeychain = errors.New("this computer has no keychain rentwatch can use")

// Keychain is where rentwatch keeps the SMTP password, as the settings'
// owner asks for it (config.Secrets): StorePassword and PasswordVersion.
type Keychain struct{}

// Store is StorePassword.
func (Keychain) Store(username, password string) error { return StorePassword(username, password) }

// Version is PasswordVersion.
func (Keychain) Version(username string) string { return PasswordVersion(username) }

// StorePassword puts the SMTP password for username into the OS keychain
// (service "rentwatch"), where Password finds it. An empty password removes
// the entry. The error never holds the password; where there is no
// keychain it matches ErrNoKeychain and names the alternative,
// RENTWATCH_SMTP_PASSWORD.
func StorePassword(username, password string) error {
	if strings.TrimSpace(username) == "" {
		return errors.New("set the SMTP username first: the password is stored under it")
	}
	var err error
	if password == "" {
		err = keyring.Delete(keyringService, username)
		if errors.Is(err, keyring.ErrNotFound) {
			err = nil
		}
	} else {
		err = keyring.Set(keyringService, username, password)
	}
	switch {
	case err == nil:
		return nil
	case errors.Is(err, keyring.ErrSetDataTooBig):
		return errors.New("that password is too long for the keychain")
	}
	return fmt.Errorf("%w (%s); set the environment variable %s to the password before starting rentwatch instead",
		ErrNoKeychain, scrub(err.Error(), password), PasswordEnv)
}

// PasswordSource says where Password will find the SMTP password for
// username, in words for the settings page, and whether it will find one.
func PasswordSource(username string) (words string, found bool) {
	if os.Getenv(PasswordEnv) != "" || keptEnvPassword() != "" {
		return "from the environment variable " + PasswordEnv + " (the keychain is not used)", true
	}
	if username == "" {
		return "no username set yet", false
	}
	_, err := keyring.Get(keyringService, username)
	switch {
	case err == nil:
		return "stored in this computer's keychain", true
	case errors.Is(err, keyring.ErrNotFound):
		return "not stored yet", false
	}
	return fmt.Sprintf("this computer has no keychain rentwatch can use (%v); set the environment variable %s to the password before starting rentwatch",
		err, PasswordEnv), false
}

// scrub keeps a secret out of an error text a library may have built.
func scrub(s, secret string) string {
	if secret == "" {
		return s
	}
	return strings.ReplaceAll(s, secret, "…")
}
