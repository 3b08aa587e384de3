package outbox

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"

	"github.com/zalando/go-keyring"
)

// PasswordEnv overrides the keychain: handy on a machine without one.
const PasswordEnv = "RENTWATCH_SMTP_PASSWORD"

// keyringService is the keychain entry's service name; the user name is
// the SMTP username.
const keyringService = "rentwatch"

// Password returns the SMTP password for username: env
// RENTWATCH_SMTP_PASSWORD if set, else the OS keychain (service
// "rentwatch"). The error says where it looked; it never holds the
// password.
func Password(username string) (string, error) {
	if p := os.Getenv(PasswordEnv); p != "" {
		return p, nil
	}
	if p := keptEnvPassword(); p != "" {
		return p, nil
	}
	if username == "" {
		return "", fmt.Errorf("no username set, so no password to look up (or set %s)", PasswordEnv)
	}
	p, err := keyring.Get(keyringService, username)
	switch {
	case errors.Is(err, keyring.ErrNotFound):
		return "", fmt.Errorf("no password for %s in the keychain (service %q); store one there or set %s",
			username, keyringService, PasswordEnv)
	case err != nil:
		return "", fmt.Errorf("the keychain could not be read (%v); set %s instead", err, PasswordEnv)
	}
	return p, nil
}

// versionSalt makes PasswordVersion's hashes this process's own: a version
// seen in a log or a crash report says nothing about the password.
var versionSalt = func() []byte {
	b := make([]byte, 16)
	rand.Read(b) // never fails (crypto/rand)
	return b
}()

// PasswordVersion names the password Password finds for username now,
// without revealing it: a salted hash, the same for the same password
// within this process; "" when Password finds none. The email settings
// carry it, so a password stored anew is a change of the settings.
func PasswordVersion(username string) string {
	pw, err := Password(username)
	if err != nil {
		return ""
	}
	h := sha256.New()
	h.Write(versionSalt)
	h.Write([]byte(pw))
	return hex.EncodeToString(h.Sum(nil)[:8])
}
