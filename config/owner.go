package config

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"reflect"
	"strings"
	"sync/atomic"
	"time"
)

// Owner is the one owner of a settings file while rentwatch runs. One
// goroutine holds the settings in force and serves, in order, every change:
// the edits asked of it (the window's, a command's: the methods below) and
// the edits it notices on disk (by hand in an editor, or by another
// rentwatch such as `rentwatch searches add`; see watch.go). It saves
// atomically, changing only the lines an edit needs so the user's comments
// stay. It drops repeats by content: its own save read back from disk, an
// edit of comments only, the same bad file read twice, a password stored
// again are no change. Each change is handed to every subscriber once, as
// a State value.
//
// Open makes one; Close stops its goroutine and the watching of the file.
// The zero Owner is not usable. Its methods are safe for concurrent use.
// An edit returns once its change is written and in force: a caller that
// reads the settings right after its own edit sees it.
type Owner struct {
	path    string
	secrets Secrets
	log     *slog.Logger
	every   time.Duration
	trace   func(string) // tests: what the goroutine did, in order

	requests chan func()           // run by the goroutine, in order
	now      atomic.Pointer[State] // the State in force; stored by the goroutine only
	stop     context.CancelFunc
	done     chan struct{} // closed when the goroutine has returned

	// The goroutine's own; nothing else touches them.
	edit  editor
	watch watcher
	subs  map[chan State]struct{}
}

// Options are what an Owner is opened with; the zero Options are usable.
type Options struct {
	// Secrets keeps the SMTP password. nil: StorePassword fails, and the
	// email settings carry no PasswordVersion.
	Secrets Secrets
	// Log hears that the file was created; nil: nothing is logged.
	Log *slog.Logger
	// Every is how often the file is read while an edit by hand settles,
	// and polled where the OS does not tell of changes; 0: a second.
	Every time.Duration

	trace func(string) // see Owner.trace
}

// Secrets keeps the SMTP password outside the settings file (the OS
// keychain, or the environment that overrides it); outbox.Keychain is
// one.
type Secrets interface {
	// Store keeps password for username; "" removes it. Its error never
	// holds the password.
	Store(username, password string) error
	// Version names the password rentwatch will use for username, without
	// revealing it (a salted hash); "" when there is none.
	Version(username string) string
}

// State is the settings in force and what is wrong with the file, if
// anything. It is a value: the Owner never changes a State it handed out
// (a change is a new State), and each subscriber gets its own copy.
type State struct {
	// Settings are in force: the file's, or while it has a problem the
	// last good ones (Default() when it never loaded).
	Settings Settings
	// Problem says why the file as it is does not load (an *Error naming
	// its lines and fields; a missing or empty file); nil when it loads.
	Problem error
}

func (s State) clone() State { return State{Settings: s.Settings.clone(), Problem: s.Problem} }

// same reports whether a and b are the same State by content.
func same(a, b State) bool {
	return reflect.DeepEqual(a.Settings, b.Settings) && errText(a.Problem) == errText(b.Problem)
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// errClosed is an edit's error after Close.
var errClosed = errors.New("rentwatch is stopping: the settings cannot be changed now")

// Open opens the settings file at path, creating it with comments when it
// is missing, and starts the Owner's goroutine. A file that does not load
// is not an error here: the State says so (Problem), with the defaults in
// force, and a fixed file is picked up when saved.
func Open(path string, opts Options) *Owner {
	o := &Owner{path: path, secrets: opts.Secrets, log: opts.Log, every: opts.Every, trace: opts.trace,
		requests: make(chan func()), done: make(chan struct{}), subs: map[chan State]struct{}{}}
	if o.log == nil {
		o.log = slog.New(slog.DiscardHandler)
	}
	if o.every <= 0 {
		o.every = defaultWatchEvery
	}
	o.edit = editor{path: path, saved: o.saved}
	o.watch = watcher{path: path, onChange: o.fileChanged, private: o.keepPrivate, missAfter: max(2, int(time.Second/o.every))}
	var createErr error
	if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		if _, createErr = CreateDefault(path); createErr == nil {
			o.log.Info("created the settings file", "path", path)
		}
	}
	ctx, stop := context.WithCancel(context.Background())
	o.stop = stop
	changes := fileChanges(ctx, path) // before the first read: no edit falls between
	o.now.Store(&State{Settings: Default()})
	o.watch.first()
	if createErr != nil && o.now.Load().Problem != nil { // say why there is no file, not only that
		o.now.Store(&State{Settings: Default(), Problem: createErr})
	}
	go o.run(ctx, changes)
	return o
}

// Close stops the Owner: its goroutine ends, subscribers' channels are
// closed and later edits fail. It waits for an edit under way to finish.
func (o *Owner) Close() {
	o.stop()
	<-o.done
}

// Path is the settings file.
func (o *Owner) Path() string { return o.path }

// Now is the State in force.
func (o *Owner) Now() State { return o.now.Load().clone() }

// Settings returns the settings in force, or, while the file as it is
// does not load, an error matching ErrFileProblem that says why (for the
// window, which shows the problem rather than settings that are not the
// file's).
func (o *Owner) Settings() (Settings, error) {
	st := o.Now()
	if st.Problem != nil {
		return Settings{}, fileProblem(st.Problem)
	}
	return st.Settings, nil
}

// Subscribe returns the State in force and a channel that receives each
// later one. The channel holds one State: a subscriber that is slow misses
// intermediate States but always gets the latest. It is closed by cancel
// and when the Owner closes.
func (o *Owner) Subscribe() (now State, changes <-chan State, cancel func()) {
	ch := make(chan State, 1)
	if o.do(func() { now = o.now.Load().clone(); o.subs[ch] = struct{}{} }) != nil {
		close(ch)
		return o.Now(), ch, func() {}
	}
	return now, ch, func() {
		o.do(func() {
			if _, ok := o.subs[ch]; ok {
				delete(o.subs, ch)
				close(ch)
			}
		})
	}
}

// AddSearch appends an enabled search, as Settings.AddSearch does (an
// empty name gets one from the URL), with filter f and pick, the list on
// the page to watch ("" lets the readers choose; else a key from the
// preview, see ValidPick).
func (o *Owner) AddSearch(name, rawURL string, f Filter, pick string) (added Search, err error) {
	return added, o.editing(func() { added, err = o.edit.AddSearch(name, rawURL, f, pick) }, &err)
}

// EditSearch changes the search whose URL is rawURL and returns it as it
// is now. A new name or URL must not be another search's.
func (o *Owner) EditSearch(rawURL string, c SearchChange) (edited Search, err error) {
	return edited, o.editing(func() { edited, err = o.edit.EditSearch(rawURL, c) }, &err)
}

// RemoveSearch removes the search whose URL is rawURL, with its own
// comments, and returns it.
func (o *Owner) RemoveSearch(rawURL string) (removed Search, err error) {
	return removed, o.editing(func() { removed, err = o.edit.RemoveSearch(rawURL) }, &err)
}

// SetEmail sets the [email] table to em (defaults filled as Load fills
// them), adding the table if there is none; nil removes it (desktop
// pop-ups only). It returns the email settings now in the file.
func (o *Owner) SetEmail(em *Email) (set *Email, err error) {
	return set, o.editing(func() { set, err = o.edit.SetEmail(em) }, &err)
}

// SetKeepAwake sets whether the computer is kept awake while watching.
func (o *Owner) SetKeepAwake(on bool) (err error) {
	return o.editing(func() { err = o.edit.SetKeepAwake(on) }, &err)
}

// SetInterval sets the time between cycles.
func (o *Owner) SetInterval(every time.Duration) (err error) {
	return o.editing(func() { err = o.edit.SetInterval(every) }, &err)
}

// StorePassword keeps the SMTP password for username with the Secrets
// ("" removes it); an empty username is the email settings' own. Storing
// a password is a change of the email settings when it is another
// password than before (its PasswordVersion): a channel stopped by a
// refusal then tries again at once with what a test email would use.
func (o *Owner) StorePassword(username, password string) (err error) {
	return o.editing(func() { err = o.storePassword(username, password) }, &err)
}

func (o *Owner) storePassword(username, password string) error {
	if o.secrets == nil {
		return errors.New("this rentwatch keeps no password")
	}
	cur := o.now.Load()
	if strings.TrimSpace(username) == "" && cur.Settings.Email != nil {
		username = cur.Settings.Email.Username
	}
	if err := o.secrets.Store(username, password); err != nil {
		return err
	}
	o.change(State{Settings: o.stamp(cur.Settings), Problem: cur.Problem})
	return nil
}

// editing runs f, an edit, on the goroutine and waits for it; *err is
// f's error. It returns errClosed after Close, else *err.
func (o *Owner) editing(f func(), err *error) error {
	if cerr := o.do(f); cerr != nil {
		return cerr
	}
	return *err
}

// do runs f on the goroutine and waits for it.
func (o *Owner) do(f func()) error {
	ran := make(chan struct{})
	select {
	case o.requests <- func() { defer close(ran); f() }:
	case <-o.done:
		return errClosed
	}
	<-ran
	return nil
}

func (o *Owner) note(what string) {
	if o.trace != nil {
		o.trace(what)
	}
}

// run is the Owner's goroutine: requests in order, and reads of the file
// when the kernel says it may have changed (then every `every` while what
// it read has not settled, else once every lookAnyway), or every `every`
// where the kernel does not tell. Between edits nothing wakes: a timer
// firing every second costs a tray app several thread wakeups a second
// (docs/BENCHMARKS.md, "Idle").
func (o *Owner) run(ctx context.Context, changes <-chan struct{}) {
	defer close(o.done)
	defer func() {
		for ch := range o.subs {
			close(ch)
		}
	}()
	t := time.NewTimer(lookAnyway)
	defer t.Stop()
	if changes == nil {
		t.Reset(o.every)
	}
	soon := false // t is set to `every`: a read is due shortly and will see the change
	for {
		select {
		case <-ctx.Done():
			return
		case f := <-o.requests:
			f()
			continue
		case _, ok := <-changes:
			if !ok { // the kernel stopped telling (the folder went away): poll
				changes, soon = nil, true
				t.Reset(o.every)
				continue
			}
			if soon {
				continue
			}
		case <-t.C:
		}
		o.note(o.watch.poll())
		soon = changes == nil || o.watch.settling()
		if soon {
			t.Reset(o.every)
		} else {
			t.Reset(lookAnyway)
		}
	}
}

// saved is the editor's report of the Owner's own save.
func (o *Owner) saved(text []byte, s Settings) {
	o.watch.saved(text, s)
	o.note("saved")
	o.change(State{Settings: o.stamp(s)})
}

// fileChanged is the watcher's report of the file as it is on disk now.
func (o *Owner) fileChanged(s Settings, err error) {
	if err != nil {
		o.change(State{Settings: o.now.Load().Settings, Problem: err})
		return
	}
	o.change(State{Settings: o.stamp(s)})
}

// keepPrivate makes the file readable by its owner only (0600) when data,
// the file as just read, holds or may hold a secret (push URLs): judged
// from the bytes, because a file with a mistake in it holds its secrets
// all the same.
func (o *Owner) keepPrivate(data []byte) {
	if !mayHoldSecret(data) {
		return
	}
	if fixed, err := KeepPrivate(o.path); err != nil {
		o.log.Warn(err.Error())
	} else if fixed {
		o.log.Info("made the settings file private (0600): it holds push URLs, which are secrets", "path", o.path)
	}
}

// stamp returns a copy of s whose email settings name the password stored
// for their username.
func (o *Owner) stamp(s Settings) Settings {
	c := s.clone()
	if c.Email != nil && o.secrets != nil {
		c.Email.PasswordVersion = o.secrets.Version(c.Email.Username)
	}
	return c
}

// change puts st in force and hands it to every subscriber, unless it is
// the State in force already.
func (o *Owner) change(st State) {
	if same(*o.now.Load(), st) {
		o.note("no change")
		return
	}
	o.now.Store(&st)
	for ch := range o.subs {
		select { // the subscriber has not taken the one before: this replaces it
		case <-ch:
		default:
		}
		ch <- st.clone()
	}
	if o.trace != nil {
		o.note("published " + describe(st))
	}
}

// describe is a State in a few words, for the trace.
func describe(st State) string {
	if st.Problem != nil {
		return "problem: " + st.Problem.Error()
	}
	s := st.Settings
	pw := ""
	if s.Email != nil {
		pw = s.Email.PasswordVersion
	}
	return fmt.Sprintf("%v, %d search(es), password %q", s.Interval, len(s.Searches), pw)
}

// AddPush adds a phone or chat channel: the push URL raw at the end of
// [push] urls (comments kept). A URL the service cannot read is refused
// (ErrBadPushURL), as is one there already (ErrDuplicatePush). The file
// stays private (0600): the URL holds a secret.
func (o *Owner) AddPush(raw string) (err error) {
	return o.editing(func() { err = o.edit.AddPush(raw) }, &err)
}

// RemovePush removes the push URL raw from [push] urls (ErrNoSuchPush
// when it is not there).
func (o *Owner) RemovePush(raw string) (err error) {
	return o.editing(func() { err = o.edit.RemovePush(raw) }, &err)
}
