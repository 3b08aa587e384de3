package outbox

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
)

// PasswordFileName is the file in the data folder that keeps the SMTP
// password on a computer with no keychain rentwatch can use (a Linux
// without a Secret Service): readable by its owner only (0600), in a
// folder readable by its owner only (the app keeps the data folder 0700).
const PasswordFileName = "smtp-password.json"

// passwordFileVersion is the version of the file's format.
const passwordFileVersion = 1

// passwordFileRecord is the file: the password of each SMTP username.
type passwordFileRecord struct {
	V         int               `json:"v"`
	Passwords map[string]string `json:"passwords"`
}

// passwordFolder is the data folder KeepPasswordFileIn named; "" before.
var passwordFolder atomic.Pointer[string]

// passwordFileMu serialises the file's read-change-write.
var passwordFileMu sync.Mutex

// KeepPasswordFileIn names the data folder where, on a computer with no
// keychain, StorePassword keeps the SMTP password in a file only the user
// can read (PasswordFileName), and Password finds it. Call it before the
// first StorePassword or Password; without it there is no such file, and
// a computer without a keychain takes the password from
// RENTWATCH_SMTP_PASSWORD only.
func KeepPasswordFileIn(dataDir string) {
	if dataDir == "" {
		passwordFolder.Store(nil)
		return
	}
	passwordFolder.Store(&dataDir)
}

// passwordFilePath is the file's path; "" when no folder was named.
func passwordFilePath() string {
	if d := passwordFolder.Load(); d != nil {
		return filepath.Join(*d, PasswordFileName)
	}
	return ""
}

// readPasswordFile returns the file's passwords; none when there is no
// file. A file that is not this format is an error, never overwritten
// blindly.
func readPasswordFile(path string) (map[string]string, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]string{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	var r passwordFileRecord
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("read %s: not a password file rentwatch wrote: %w", path, err)
	}
	if r.V != passwordFileVersion {
		return nil, fmt.Errorf("read %s: version %d, this rentwatch reads %d", path, r.V, passwordFileVersion)
	}
	if r.Passwords == nil {
		r.Passwords = map[string]string{}
	}
	return r.Passwords, nil
}

// filePassword is the password the file keeps for username, "" if none.
func filePassword(username string) (string, error) {
	path := passwordFilePath()
	if path == "" {
		return "", nil
	}
	passwordFileMu.Lock()
	defer passwordFileMu.Unlock()
	pws, err := readPasswordFile(path)
	if err != nil {
		return "", err
	}
	return pws[username], nil
}

// setFilePassword keeps password for username in the file ("" removes
// it; the file goes when it keeps none). The file is written whole, 0600,
// and renamed into place, so it is never half written nor readable by
// anyone else for a moment.
func setFilePassword(path, username, password string) error {
	passwordFileMu.Lock()
	defer passwordFileMu.Unlock()
	pws, err := readPasswordFile(path)
	if err != nil {
		return err
	}
	if pws[username] == password {
		return nil
	}
	if password == "" {
		delete(pws, username)
	} else {
		pws[username] = password
	}
	if len(pws) == 0 {
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("remove %s: %w", path, err)
		}
		return nil
	}
	b, err := json.Marshal(passwordFileRecord{V: passwordFileVersion, Passwords: pws})
	if err != nil {
		return err
	}
	return writePrivate(path, b)
}

// writePrivate writes b to path through a temporary file of mode 0600 in
// the same folder, renamed over path.
func writePrivate(path string, b []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".smtp-password-*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	if runtime.GOOS != "windows" {
		if err := tmp.Chmod(0o600); err != nil {
			tmp.Close()
			return fmt.Errorf("write %s: %w", path, err)
		}
	}
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
