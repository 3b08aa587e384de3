package main

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

	"github.com/gofrs/flock"

	"rentwatch/config"
	"rentwatch/desktop"
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

	// settings is the settings file's one owner: the window's edits go to
	// it, and it hands every change (the window's, a command's, an edit by
	// hand) to follow, once.
	settings *config.Owner

	lock    *flock.Flock
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

func cmdRun(g globals, args []string, stdout, stderr io.Writer) int {
	fs := newFlags("run", &g, stderr)
	noTray := fs.Bool("no-tray", false, "run without a tray icon (logs to stderr)")
	once := fs.Bool("once", false, "run one cycle, deliver its alerts, and exit")
	rest, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "rentwatch run: unexpected argument %q\n", rest[0])
		return 2
	}
	a, err := openApp(g, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "rentwatch: %v\n", err)
		if !*noTray && !*once {
			// Started from a menu or at login, nobody reads stderr: say
			// it where the user looks ("already running", a damaged store
			// and how to move it aside).
			outbox.Desktop{}.Notify("rentwatch did not start", err.Error())
		}
		return 1
	}
	defer a.close()
	if *once {
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
	if *once {
		if err := a.engine.RunOnce(ctx); err != nil && !errors.Is(err, context.Canceled) {
			a.log.Error("run", "err", err)
			return 1
		}
		return a.loads.onceEnd(stderr)
	}
	a.startWindow()
	go a.keepAwake(ctx) // run_awake.go
	a.openOnFirstStart(a.settings.Now().Settings)
	if !*noTray {
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
func openApp(g globals, stderr io.Writer) (*app, error) {
	a := &app{}
	var err error
	if a.settingsPath, err = settingsPath(g); err != nil {
		return nil, err
	}
	if a.dataDir, err = runDataDir(g); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(a.dataDir, 0o700); err != nil {
		return nil, fmt.Errorf("data folder: %w", err)
	}
	a.lock = flock.New(filepath.Join(a.dataDir, "rentwatch.lock"))
	if ok, err := a.lock.TryLock(); err != nil || !ok {
		return nil, fmt.Errorf("rentwatch is already running (data folder %s)", a.dataDir)
	}
	if err := a.openLog(g, stderr); err != nil { // run_log.go
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
	chrome := g.chrome
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
	if a.lock != nil {
		a.lock.Unlock()
	}
}

// problemWords is a settings file's problem as the tray and the window
// show it; "" for none.
func problemWords(err error) string {
	if err == nil {
		return ""
	}
	return "Settings file: " + err.Error()
}

// follow hands each change of the settings in force to the engine and to
// the delivery, in order, until the settings close. A good edit takes
// effect at once; a bad one leaves the last good settings in force and
// says why.
func (a *app) follow(before config.State, changes <-chan config.State) {
	for now := range changes {
		a.engineTakes(now)
		a.deliveryTakes(before, now)
		before = now
	}
}

// engineTakes gives the engine each good change (it says "settings
// applied" once per save, whatever was saved), and a bad file's problem.
func (a *app) engineTakes(now config.State) {
	if now.Problem != nil {
		a.log.Warn("the settings file has a problem; keeping the last good settings", "path", a.settingsPath, "err", now.Problem)
		a.engine.SetProblem(problemWords(now.Problem))
		return
	}
	a.engine.SetSettings(engineSettings(now.Settings)) // clears a problem shown
}

// deliveryTakes gives the outbox new email settings (a newly stored
// password among them) or push URLs. Only new delivery settings deserve a
// fresh try after a refusal; an edit to a search keeps "check your email".
// The same outbox takes them: its channels keep their queues (a push URL
// that stays keeps its own), a new URL starts with an empty queue.
func (a *app) deliveryTakes(before, now config.State) {
	if !now.Settings.DeliveryChanged(before.Settings) {
		return
	}
	a.outbox.SetEmail(a.emailFor(now.Settings))
	a.outbox.SetPush(pushURLs(now.Settings))
	a.keepPrivate(now.Settings)
	a.engine.SetOutbox(a.outbox)
}

func pushURLs(s config.Settings) []string {
	if s.Push == nil {
		return nil
	}
	return s.Push.URLs
}

// keepPrivate makes the settings file 0600 when it holds push URLs.
func (a *app) keepPrivate(s config.Settings) {
	if len(pushURLs(s)) == 0 {
		return
	}
	if fixed, err := config.KeepPrivate(a.settingsPath); err != nil {
		a.log.Warn(err.Error())
	} else if fixed {
		a.log.Info("made the settings file private (0600): its push URLs hold secrets", "path", a.settingsPath)
	}
}

func engineSettings(s config.Settings) engine.Settings {
	return engine.Settings{Interval: s.Interval, Searches: s.Searches}
}

// emailFor is the email delivery of the settings, with the password from
// the keychain or the environment (the one s.Email.PasswordVersion names,
// unless it changed again since); nil without [email] (desktop pop-ups
// only).
func (a *app) emailFor(s config.Settings) *outbox.EmailSettings {
	if s.Email == nil {
		return nil
	}
	es := emailSettings(*s.Email)
	pw, err := outbox.Password(s.Email.Username)
	if err != nil {
		a.log.Warn("no SMTP password", "err", err)
	}
	es.Password = pw
	return &es
}

// clicked opens what a clicked pop-up names: a listing (or a search's page)
// in the default browser, or a site's check-by-hand window.
func (a *app) clicked(open outbox.Action) {
	switch open.Kind {
	case outbox.OpenWeb:
		a.open(a.openWeb(open.URL)) // byhand.OpenDefault opens http and https only
	case outbox.OpenManual:
		if a.engine != nil {
			a.engine.ManualCheck(open.URL)
		}
	}
}

// manualCheck opens the site in a visible Chrome window of its own,
// seeded with the watcher's cookies (the ones earned there are carried
// back when it closes; the headless Chrome watches on meanwhile); with no
// display, in the user's default browser.
func (a *app) manualCheck(ctx context.Context, url string) error {
	err := a.byHand.Open(ctx, url)
	if errors.Is(err, byhand.ErrNoDisplay) {
		a.log.Info("no display for a browser window; opening the default browser")
		return a.openWeb(url)
	}
	return err
}

// runWithTray runs the engine beside the tray; the tray owns the main
// thread until the user quits.
func (a *app) runWithTray(ctx context.Context, stop context.CancelFunc) {
	snaps, unsubscribe := a.engine.Subscribe()
	defer unsubscribe()
	// The tray quits when its snapshots end: on Quit, and on SIGINT/SIGTERM.
	shown := make(chan engine.Snapshot)
	go func() {
		defer close(shown)
		for {
			select {
			case s := <-snaps:
				select {
				case shown <- s:
				case <-ctx.Done():
					return
				}
			case <-ctx.Done():
				return
			}
		}
	}()
	engineDone := make(chan struct{})
	go func() { a.engine.Run(ctx); close(engineDone) }()
	exe, _ := os.Executable()
	tray.Run(shown, tray.Actions{
		CheckNow:    a.engine.CheckNow,
		PauseAll:    func() { a.engine.Pause("") },
		ResumeAll:   func() { a.engine.Resume("") },
		Manual:      a.engine.ManualCheck,
		OpenURL:     func(u string) { a.open(a.openWeb(u)) },
		Open:        func() { a.openWindow("/", "") },
		AddSearch:   func() { a.openWindow("/", "add") },
		Settings:    func() { a.openWindow("/settings", "") },
		OpenPage:    a.openWindow,
		OpenLog:     func() { a.open(a.openFile(a.logPath)) },
		Autostart:   a.setAutostart(exe),
		AutostartOn: tray.AutostartEnabled,
		Quit:        stop,
	})
	stop()
	<-engineDone
}

// setAutostart is what the tray's "Start at login" does for exe. A
// refusal (a temporary build of `go run` with no installed copy) is said
// in a pop-up: the tray has nowhere to show it, and a tick that does not
// come says nothing of why.
func (a *app) setAutostart(exe string) func(on bool) error {
	return func(on bool) error {
		err := tray.SetAutostart(on, exe)
		if err != nil {
			a.openFailed("Start at login did not change", err)
		}
		return err
	}
}

// addSearch opens the settings file, where a commented example shows how
// to add a search; rentwatch picks up the saved file at once. It is what
// "Add search…" does when the window did not start.
func (a *app) addSearch() {
	a.open(a.openFile(a.settingsPath))
	outbox.Desktop{}.Notify("Add a search",
		"Copy the address of a search results page into a new [[search]] block in the settings file and save it. "+
			"Or run: rentwatch searches add URL")
}

// openPage opens a page in the default browser (http and https only)
// and returns once the opener runs: the tray, a pop-up's click, the engine
// and the window never wait for a browser (on a desktop xdg-open does not
// know, it returns only when the browser closes). A failure after that is
// reported on its own.
func (a *app) openPage(url string) error {
	return byhand.OpenDefault(url, a.openerEnded("The page did not open in your browser"))
}

// openFile opens a file in the user's own program for it, as openPage.
func (a *app) openFile(path string) error {
	return desktop.OpenFile(path, a.openerEnded(filepath.Base(path)+" did not open"))
}

// open reports an opener that did not start.
func (a *app) open(err error) {
	if err != nil {
		a.openFailed("That did not open", err)
	}
}

// openerEnded is what hears how an opener ended, on a goroutine of its
// own; what says what did not open.
func (a *app) openerEnded(what string) func(error) {
	return func(err error) {
		if err != nil {
			a.openFailed(what, err)
		}
	}
}

// openFailed says in the log and in a pop-up that what the user asked to
// open did not open: a click that opens nothing must say why.
func (a *app) openFailed(what string, err error) {
	a.log.Warn(what + ": " + err.Error())
	if a.pops != nil {
		_ = a.pops.Notify(what, err.Error())
	}
}

// watcherProfile is the browser profile a one-off command (check, reply)
// should use: the watcher's own, with the cookies the user earned by hand,
// unless the watcher is running and holds it (two Chromes cannot share a
// profile); then none (a fresh temporary one), and the user is told.
// Call release when done.
func watcherProfile(g globals, cmd string, stderr io.Writer) (profile string, release func(), err error) {
	data, err := runDataDir(g)
	if err != nil {
		return "", nil, err
	}
	if err := os.MkdirAll(data, 0o700); err != nil {
		return "", nil, fmt.Errorf("data folder: %w", err)
	}
	lock := flock.New(filepath.Join(data, "rentwatch.lock"))
	if ok, err := lock.TryLock(); err != nil || !ok {
		fmt.Fprintf(stderr, "rentwatch %s: rentwatch is running and has the browser profile; using a fresh one (no cookies)\n", cmd)
		return "", func() {}, nil
	}
	return filepath.Join(data, "chrome-profile"), func() { lock.Unlock() }, nil
}

func settingsPath(g globals) (string, error) {
	if g.config != "" {
		return g.config, nil
	}
	return config.DefaultPath()
}

func runDataDir(g globals) (string, error) {
	if g.data != "" {
		return g.data, nil
	}
	return config.DataDir()
}
