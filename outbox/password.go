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
// "rentwatch"), else the file KeepPasswordFileIn's folder keeps on a
// computer with no keychain. The error says, in words, where to store one;
// it never holds the password.
func Password(username string) (string, error) {
	if p := os.Getenv(PasswordEnv); p != "" {
		return p, nil
	}
	if p := keptEnvPassword(); p != "" {
		return p, nil
	}
	if username == "" {
		return "", fmt.Errorf("no login (username) is set, so there is no password to look up: fill in the login in Settings (or set %s)", PasswordEnv)
	}
	p, kerr := keyring.Get(keyringService, username)
	if kerr == nil {
		return p, nil
	}
	p, ferr := filePassword(username)
	switch {
	case p != "":
		return p, nil
	case ferr != nil:
		return "", fmt.Errorf("the password for %s could not be read: %w; store it again in Settings", username, ferr)
	case errors.Is(kerr, keyring.ErrNotFound):
		return "", fmt.Errorf("no password is stored for %s yet: store it in Settings (or set %s)", username, PasswordEnv)
	}
	return "", fmt.Errorf("no password is stored for %s, and this computer has no keychain rentwatch can use: store it in Settings, "+
		"where it is kept in a file only you can read (or set %s)", username, PasswordEnv)
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
