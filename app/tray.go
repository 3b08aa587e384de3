package app

import (
	"context"
	"os"

	"rentwatch/engine"
	"rentwatch/tray"
)

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
