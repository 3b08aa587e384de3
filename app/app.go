// Package app is the running rentwatch (`rentwatch run`): it takes the
// single-instance lock, opens the log, the settings' owner, the store and
// the browser, wires the engine to the outbox, the window and the tray,
// and closes them in order. It runs in a test's process as in the real
// one (openApp); package cli only parses the command line.
//
// Its files by concern: app.go opens and closes, settings.go hands each
// settings change on, open.go opens what the user clicked (a pop-up's
// listing, a check by hand, a file), tray.go and window.go run the tray
// and the window beside the engine (checkview.go: a check by hand in the
// window's page), awake.go keeps the computer awake while it watches,
// once.go ends `run --once`, store_room.go waits out a full disk, log.go
// picks the journal or the log file, logfile.go rotates that file,
// lock.go is the single-instance lock.
package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"syscall"

	"rentwatch/config"
	"rentwatch/engine"
	"rentwatch/outbox"
	"rentwatch/pages"
	"rentwatch/pages/byhand"
	"rentwatch/reply"
	"rentwatch/tray"
	"rentwatch/window"
	"rentwatch/words"
)

// app is everything `rentwatch run` opens, so it can be closed in order.
type app struct {
	settingsPath, dataDir, logPath string
	version                        string

	// settings is the settings file's one owner: the window's edits go to
	// it, and it hands every change (the window's, a command's, an edit by
	// hand) to follow, once.
	settings *config.Owner

	unlock  func() // releases the single-instance lock
	logs    *logFile
	log     *slog.Logger
	store   *patientStore
	browser *pages.Browser
	byHand  *byhand.Window  // the window of a check by hand, seeded with browser's cookies
	screens *byhand.Screens // a check by hand in the window's page, in browser's own tabs
	loads   *browserWatch   // the engine's loads through browser
	outbox  *outbox.Outbox  // one for the app's life: its channels keep their queues
	pops    *outbox.Clickable
	engine  *engine.Engine
	window  *window.Server // nil when it did not start (or for --once)
	// openWeb opens a page in the default browser (http and https only),
	// never waiting for it (openPage).
	openWeb func(url string) error
}

// Options are what `rentwatch run` starts with: the paths the command
// line and the environment resolved, and its flags.
type Options struct {
	Settings string // the settings file
	Data     string // the data folder: store, browser profile, lock
	Logs     string // the log folder
	Chrome   string // the browser binary; "": [browser] path, else one found
	Version  string // shown in the window
	NoTray   bool   // run without a tray icon (logs to stderr)
	Once     bool   // run one cycle, deliver its alerts, and exit
}

// Run is `rentwatch run`: it opens the app, watches until the user quits
// (or a signal, or one cycle with o.Once) and returns the exit status.
func Run(o Options, stderr io.Writer) int {
	a, err := openApp(o, stderr)
	if err != nil {
		return NotStarted(o, err, stderr)
	}
	defer a.close()
	if o.Once {
		st := a.settings.Now()
		if code, nothing := nothingToCheck(st.Settings, a.settingsPath, problemWords(st.Problem), stderr); nothing {
			return code
		}
	}

	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(engine.MemoryLimit)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if o.Once {
		if err := a.engine.RunOnce(ctx); err != nil && !errors.Is(err, context.Canceled) {
			a.log.Error("run", "err", err)
			return 1
		}
		return a.loads.onceEnd(stderr)
	}
	a.startWindow()
	go a.keepAwake(ctx) // awake.go
	a.openOnFirstStart(a.settings.Now().Settings)
	if !o.NoTray {
		if err := tray.Available(); err != nil {
			a.log.Warn(err.Error()) // it says that we run without a tray icon, and why
		} else {
			a.runWithTray(ctx, stop)
			return 0
		}
	}
	a.log.Info("watching", "searches", len(a.engine.Snapshot().Searches), "settings", a.settingsPath, "log", a.logPath)
	if len(a.engine.Snapshot().Searches) == 0 {
		a.log.Info("no searches yet: add one in the window (`rentwatch open`), with `rentwatch searches add URL` or in the settings file; it is picked up at once")
	}
	a.engine.Run(ctx)
	a.log.Info("stopped")
	return 0
}

// NotStarted says why the app did not start, on stderr and, unless run
// from a terminal (--no-tray, --once), in a pop-up; it returns the exit
// status, 1.
func NotStarted(o Options, err error, stderr io.Writer) int {
	fmt.Fprintf(stderr, "rentwatch: %v\n", err)
	if !o.NoTray && !o.Once {
		// Started from a menu or at login, nobody reads stderr: say
		// it where the user looks ("already running", a damaged store
		// and how to move it aside).
		outbox.Desktop{}.Notify("rentwatch did not start", err.Error())
	}
	return 1
}

// nothingToCheck says so for `run --once`, and how to add a search, when
// no search is on: one cycle of nothing would otherwise end without a
// word. code is the exit status: 1 when the settings file is bad.
func nothingToCheck(s config.Settings, path, problem string, stderr io.Writer) (code int, nothing bool) {
	for _, sr := range s.Searches {
		if sr.Enabled {
			return 0, false
		}
	}
	switch {
	case problem != "":
		fmt.Fprintf(stderr, "rentwatch run --once: there is nothing to check until the settings file is fixed.\n%s\n", problem)
		return 1, true
	case len(s.Searches) == 0:
		fmt.Fprintf(stderr, "rentwatch run --once: there is nothing to check: no searches yet.\n"+
			"Add one with `rentwatch searches add URL`, or in a [[search]] block of %s.\n", path)
	default:
		fmt.Fprintf(stderr, "rentwatch run --once: there is nothing to check: every search is turned off.\n"+
			"Turn one on with enabled = true in %s.\n", path)
	}
	return 0, true
}

// openApp takes the single-instance lock, then opens the log, the settings,
// the store, the browser and the engine, in that order.
func openApp(o Options, stderr io.Writer) (*app, error) {
	a := &app{settingsPath: o.Settings, dataDir: o.Data, version: o.Version}
	unlock, err := Lock(a.dataDir)
	if err != nil {
		return nil, err
	}
	a.unlock = unlock
	if err := a.openLog(o.Logs, stderr); err != nil { // log.go
		a.close()
		return nil, err
	}
	// Subscribed before anything is built from the settings: no change
	// falls between what the engine and the outbox start with and what
	// follow hands them.
	a.settings = config.Open(a.settingsPath, config.Options{Secrets: outbox.Keychain{}, Log: a.log})
	first, changes, _ := a.settings.Subscribe()
	settings := first.Settings
	if first.Problem != nil {
		a.log.Error("the settings file has a problem", "path", a.settingsPath, "err", first.Problem)
	}
	a.keepDataPrivate()
	// On a full disk the store opens once there is room; the engine says
	// why it waits (store_room.go).
	if a.store, err = openStore(filepath.Join(a.dataDir, "store")); err != nil {
		a.close()
		return nil, err
	}
	chrome := o.Chrome
	if chrome == "" {
		chrome = settings.Browser.Path
	}
	a.browser = pages.NewBrowser(pages.BrowserOptions{Chrome: chrome, ProfileDir: filepath.Join(a.dataDir, "chrome-profile"), Log: a.log})
	a.byHand = byhand.New(a.browser)
	a.screens = byhand.NewScreens(a.browser, a.log)
	a.openWeb = a.openPage
	var pop outbox.Notifier // nil: beeep's pop-ups, which open nothing when clicked
	if c, err := outbox.NewClickable(a.clicked); err == nil {
		a.pops, pop = c, c
	}
	a.outbox = outbox.New(a.emailFor(settings), pop)
	a.outbox.Logf = func(format string, args ...any) { a.log.Info(fmt.Sprintf(format, args...)) }
	a.outbox.SetPush(pushURLs(settings))
	// A computer with no notification service (a server, run --no-tray)
	// gets no pop-up channel: it could never deliver, and would hold every
	// listing and say it fails, for ever. Said once, in the log and the
	// activity, below.
	noPopUps := outbox.PopUpsHere()
	a.outbox.SetPopUps(noPopUps == nil)
	a.keepPrivate(settings)
	a.loads = &browserWatch{Loader: a.browser}
	a.engine = engine.New(engine.Deps{
		Loader: a.loads, Store: a.store, Outbox: a.outbox, Notices: a.outbox, Manual: a.manualCheck, CheckPage: a.checkPage, Log: a.log,
		Replier: reply.NewReplier(a.browser, func() config.Settings { return a.settings.Now().Settings }),
		Release: a.browser.Release, // Chrome stops while nothing is to be checked for a while
	}, engineSettings(settings))
	if first.Problem != nil {
		a.engine.SetProblem(problemWords(first.Problem))
	}
	if noPopUps != nil {
		a.log.Warn(words.NoPopUps, "why", noPopUps)
		a.engine.Note(words.NoPopUps)
	}
	a.store.reportTo(func(note string) { // a store started anew: said in the log and the activity
		a.log.Warn(note)
		a.engine.Note(note)
	})
	go a.follow(first, changes)
	return a, nil
}

// keepDataPrivate makes the data folder readable by its owner only (0700)
// when it is not: MkdirAll leaves a folder that exists as it is, and one
// made by hand or by an older rentwatch may be open to every user of the
// computer, with the searches, the listings and the browser's cookies in
// it. Windows keeps the ACLs of the user's profile folder.
func (a *app) keepDataPrivate() {
	st, err := os.Stat(a.dataDir)
	if runtime.GOOS == "windows" || err != nil || st.Mode().Perm()&0o077 == 0 {
		return
	}
	if err := os.Chmod(a.dataDir, 0o700); err != nil {
		a.log.Warn("could not make the data folder private", "folder", a.dataDir, "err", err)
		return
	}
	a.log.Info("made the data folder private (0700): other users of this computer could read it", "folder", a.dataDir)
}

func (a *app) close() {
	if a.window != nil {
		a.window.Close() // before the store it reads
	}
	if a.settings != nil {
		a.settings.Close() // ends follow
	}
	if a.pops != nil {
		a.pops.Close()
	}
	if a.byHand != nil {
		a.byHand.Close() // before the browser it carries cookies back to
	}
	if a.screens != nil {
		a.screens.Close() // before the browser whose tab it shows
	}
	if a.browser != nil {
		a.browser.Close()
	}
	if a.store != nil {
		if err := a.store.Close(); err != nil && a.log != nil {
			a.log.Error("closing the store", "err", err)
		}
	}
	if a.logs != nil {
		a.logs.Close()
	}
	if a.unlock != nil {
		a.unlock()
	}
}
