//go:build windows

package outbox

import (
	"os"
	"path/filepath"
	"sync"

	toast "git.sr.ht/~jackmordaunt/go-toast"
)

// Clickable shows pop-ups as Windows toasts whose click opens what they
// name (toast.go says how: the listing by protocol activation, the
// check-by-hand window through the app's activation callback). Make one
// with NewClickable; Close it when done. Safe for concurrent use.
type Clickable struct {
	icon string // the app icon as a file, for the toast; "" without one
}

// toastSetup registers rentwatch with Windows once per process: its name,
// icon and COM activator (in the current user's registry, as go-toast
// does), and the activation callback.
var (
	toastSetup sync.Once
	// mu guards onClickFn, which the callback reads.
	toastMu   sync.Mutex
	onClickFn func(Action)
)

// NewClickable registers the app for toasts; onClick runs on its own
// goroutine for each click on a "needs you" toast (a click on a listing's
// toast opens the listing without the app).
// toastGUID names rentwatch's COM activator: go-toast's default is shared
// by every program built with it, whose clicks would then reach us.
const toastGUID = "{5A40CFCA-1CD0-4E78-BE61-BF6A6B21DB57}"

func NewClickable(onClick func(Action)) (*Clickable, error) {
	c := &Clickable{icon: toastIcon()}
	toastMu.Lock()
	onClickFn = onClick
	toastMu.Unlock()
	var err error
	toastSetup.Do(func() {
		err = toast.SetAppData(toast.AppData{AppID: toastAppID, GUID: toastGUID, IconPath: c.icon})
		toast.SetActivationCallback(func(args string, _ []toast.UserData) {
			a, ok := parseActivation(args)
			toastMu.Lock()
			f := onClickFn
			toastMu.Unlock()
			if ok && f != nil {
				go f(a)
			}
		})
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

// Notify shows a toast that opens nothing.
func (c *Clickable) Notify(title, body string) error { return c.NotifyClick(title, body, Action{}) }

// NotifyClick shows a toast; a click on it opens open.
func (c *Clickable) NotifyClick(title, body string, open Action) error {
	n := toastFor(title, body, open)
	return n.Push()
}

// Close stops hearing clicks.
func (c *Clickable) Close() error {
	toastMu.Lock()
	onClickFn = nil
	toastMu.Unlock()
	return nil
}

// toastIcon writes the app icon where a toast can read it (it takes a
// file's path, not pixels) and returns the path; "" when it cannot.
func toastIcon() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	p := filepath.Join(dir, "rentwatch", "toast-icon.png")
	if b, err := os.ReadFile(p); err == nil && string(b) == string(icon) {
		return p
	}
	if os.MkdirAll(filepath.Dir(p), 0o700) != nil || os.WriteFile(p, icon, 0o600) != nil {
		return ""
	}
	return p
}
