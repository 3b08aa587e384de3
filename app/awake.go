package app

import (
	"context"
	"time"

	"rentwatch/awake"
	"rentwatch/engine"
)

// awakeEvery is how often the app looks whether the computer should be
// kept awake: a plug pulled, the setting turned on, a pause are noticed
// within this.
const awakeEvery = 30 * time.Second

// keepAwake holds the computer awake while the user asked for it
// (keep_awake), something is being watched and it runs on mains power;
// the tray and the window say so while it holds. It lets go when ctx ends
// (the process ending lets go too: logind, caffeinate -w and Windows all
// drop a hold whose owner is gone).
func (a *app) keepAwake(ctx context.Context) {
	var k awake.Keeper
	defer k.Close()
	var wasHeld bool
	var lastErr string
	tick := time.NewTicker(awakeEvery)
	defer tick.Stop()
	for {
		setting := a.settings.Now().Settings.KeepAwake
		held, err := k.Update(setting, watching(a.engine.Snapshot()))
		if held != wasHeld {
			a.log.Info("keep awake", "holding", held)
			words := ""
			if held {
				words = awake.Holding
			}
			a.engine.SetAwake(words)
			wasHeld = held
		}
		if msg := errText(err); msg != lastErr {
			if msg != "" {
				a.log.Warn("could not keep the computer awake; it may sleep as usual", "err", err)
			}
			lastErr = msg
		}
		select {
		case <-ctx.Done():
			a.engine.SetAwake("")
			return
		case <-tick.C:
		}
	}
}

// watching: some search is being checked (not every one paused).
func watching(s engine.Snapshot) bool {
	if s.Paused {
		return false
	}
	for _, v := range s.Searches {
		if v.Status != engine.Paused {
			return true
		}
	}
	return false
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
