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
// it. On a computer with no keychain rentwatch can use, it is kept instead
// in a file only the user can read, in the data folder KeepPasswordFileIn
// named; with no such folder the error matches ErrNoKeychain and names the
// alternative, RENTWATCH_SMTP_PASSWORD. The error never holds the
// password, nor the keychain's own technical words.
func StorePassword(username, password string) error {
	if strings.TrimSpace(username) == "" {
		return errors.New("fill in the login (username) and save it first: the password is kept under it")
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
	path := passwordFilePath()
	switch {
	case err == nil:
		if path != "" {
			// The keychain has it now: no copy stays in a file.
			_ = setFilePassword(path, username, "")
		}
		return nil
	case errors.Is(err, keyring.ErrSetDataTooBig):
		return errors.New("that password is too long for the keychain")
	case path != "":
		if ferr := setFilePassword(path, username, password); ferr != nil {
			return fmt.Errorf("%w, and the password could not be kept in a file instead: %s", ErrNoKeychain, scrub(ferr.Error(), password))
		}
		return nil
	}
	return fmt.Errorf("%w: set the environment variable %s to the password before starting rentwatch instead",
		ErrNoKeychain, PasswordEnv)
}

// PasswordSource says, in a sentence for the settings page, where Password
// will find the SMTP password for username, and whether it will find one.
func PasswordSource(username string) (words string, found bool) {
	if os.Getenv(PasswordEnv) != "" || keptEnvPassword() != "" {
		return "The password comes from the environment variable " + PasswordEnv + " (the keychain is not used).", true
	}
	if username == "" {
		return "No login is set yet: fill in the login (username) above and save it, then store its password here.", false
	}
	_, kerr := keyring.Get(keyringService, username)
	if kerr == nil {
		return "The password is stored in this computer's keychain.", true
	}
	path := passwordFilePath()
	if pw, err := filePassword(username); err == nil && pw != "" {
		return "The password is stored in a file only you can read: " + path + ", because this computer has no keychain.", true
	} else if err != nil {
		return "The password file could not be read (" + err.Error() + "): store the password again here.", false
	}
	switch {
	case errors.Is(kerr, keyring.ErrNotFound):
		return "No password is stored yet: type it below and store it.", false
	case path != "":
		return "No password is stored yet. This computer has no keychain, so rentwatch keeps it in a file only you can read: " +
			path + ".", false
	}
	return "No password is stored, and this computer has no keychain rentwatch can use: set the environment variable " +
		PasswordEnv + " to the password before starting rentwatch.", false
}

// scrub keeps a secret out of an error text a library may have built.
func scrub(s, secret string) string {
	if secret == "" {
		return s
	}
	return strings.ReplaceAll(s, secret, "…")
}
