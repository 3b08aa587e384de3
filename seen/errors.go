package seen

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"time"
)

// ErrAlreadyRunning is returned by Open when another process holds the
// store: the usual cause is a second copy of rentwatch started by hand or at
// login. The error Open returns wraps it and names the directory.
var ErrAlreadyRunning = errors.New("rentwatch is already running")

// CorruptError says the store on disk cannot be read. Open leaves the
// directory exactly as it found it: the user (or the caller, with MoveAside)
// moves it aside and rentwatch starts a new one. It never wipes the store
// by itself, because the store is the only record of what the user was told.
type CorruptError struct {
	Dir   string
	Cause error
	At    time.Time // when it was found; picks the name suggested for the move
}

func (e *CorruptError) Error() string {
	return fmt.Sprintf("the store in %s is damaged (%v). Move it aside with: %s — rentwatch will start a new one",
		e.Dir, e.Cause, moveAsideHint(e.Dir, e.At))
}

func (e *CorruptError) Unwrap() error { return e.Cause }

// NewerVersionError says the store was written by a newer rentwatch, whose
// records this version might misread. Open refuses it without writing.
type NewerVersionError struct {
	Dir       string
	Found     int // the store's schema version
	Supported int // the newest this build understands
	At        time.Time
}

func (e *NewerVersionError) Error() string {
	return fmt.Sprintf("the store in %s was written by a newer rentwatch (schema version %d; this one reads up to %d). "+
		"Update rentwatch, or move the store aside with: %s — rentwatch will start a new one",
		e.Dir, e.Found, e.Supported, moveAsideHint(e.Dir, e.At))
}

// asideName is where MoveAside puts dir: DIR.broken-YYYYMMDD, with -2, -3,
// ... appended when that name is taken (two breakages in one day).
func asideName(dir string, now time.Time) (string, error) {
	base := strings.TrimRight(dir, `/\`) + ".broken-" + now.Format("20060102")
	for i := 1; i < 1000; i++ {
		name := base
		if i > 1 {
			name = fmt.Sprintf("%s-%d", base, i)
		}
		if _, err := os.Lstat(name); errors.Is(err, os.ErrNotExist) {
			return name, nil
		} else if err != nil {
			return "", fmt.Errorf("check %s: %w", name, err)
		}
	}
	return "", fmt.Errorf("no free name to move %s aside to (tried %s ... -999)", dir, base)
}

func moveAsideHint(dir string, now time.Time) string {
	to, err := asideName(dir, now)
	if err != nil {
		to = strings.TrimRight(dir, `/\`) + ".broken-" + now.Format("20060102")
	}
	return "mv " + shellQuote(dir) + " " + shellQuote(to)
}

// shellQuote quotes a path for a POSIX shell when it needs quoting, so the
// hint can be pasted as it is even for "Application Support" paths.
func shellQuote(s string) string {
	safe := func(r rune) bool {
		return r == '/' || r == '.' || r == '-' || r == '_' || r == '+' || r == ':' ||
			(r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9')
	}
	if s != "" && strings.IndexFunc(s, func(r rune) bool { return !safe(r) }) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// MoveAside renames a damaged (or too new) store out of the way so the next
// Open starts a new one, and returns where it went. It takes the store's
// lock first, so it never moves a store another rentwatch is using
// (errors.Is(err, ErrAlreadyRunning)).
func MoveAside(dir string, now time.Time) (string, error) {
	if _, err := os.Stat(dir); err != nil {
		return "", fmt.Errorf("move store aside: %w", err)
	}
	lock, err := lockDir(dir)
	if err != nil {
		return "", err
	}
	to, err := asideName(dir, now)
	if err != nil {
		lock.release()
		return "", err
	}
	// Release before the rename: on Windows an open lock file blocks it.
	lock.release()
	if err := os.Rename(dir, to); err != nil {
		return "", fmt.Errorf("move store aside: %w", err)
	}
	return to, nil
}
