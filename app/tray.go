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
		OpenLog:     func() { a.open(a.openFile(a.logPath)) },
		Autostart:   func(on bool) error { return tray.SetAutostart(on, exe) },
		AutostartOn: tray.AutostartEnabled,
		Quit:        stop,
	})
	stop()
	<-engineDone
}
