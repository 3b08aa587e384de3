//go:build linux

package tray

import (
	"fmt"
	"os"
	"strconv"
	"sync"
	"testing"
	"time"

	"rentwatch/blocks"
	"rentwatch/engine"
	"rentwatch/listing"
)

// childEnv marks the test binary re-run as the tray process of TestTrayOverDBus.
const childEnv = "RENTWATCH_TRAY_CHILD"

func TestMain(m *testing.M) {
	if base := os.Getenv(childEnv); base != "" {
		runChild(base) // systray.Run wants the main goroutine: TestMain has it
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// scripted is the snapshot the child shows: two searches, Kamernet's host
// waiting ten minutes from base, one recent listing.
func scripted(base time.Time, paused bool) engine.Snapshot {
	s := engine.Snapshot{Overall: engine.OnHold, LastCycle: base, Paused: paused,
		Searches: []engine.SearchView{
			{Name: "Kamernet_West", URL: kamerWest, Host: "kamernet.nl", Status: engine.Waiting,
				Wall: blocks.RateLimited, Until: base.Add(10 * time.Minute)},
			{Name: "Funda Amsterdam", URL: fundaAms, Host: "www.funda.nl", Status: engine.Idle},
		},
		Recent: []engine.Told{{Alert: listing.Alert{Listing: listing.Listing{Price: "€ 750", Title: "Room in De Pijp", URL: "https://kamernet.nl/kamer/1"},
			SearchName: "Kamernet_West"}}},
	}
	if paused {
		s.Overall = engine.AllPaused
		for i := range s.Searches {
			s.Searches[i].Status = engine.Paused
		}
	}
	return s
}

// runChild runs the tray; every action prints one line on stdout for the
// test to read, and pausing sends the paused snapshot like the engine would.
func runChild(baseUnix string) {
	sec, err := strconv.ParseInt(baseUnix, 10, 64)
	if err != nil {
		fmt.Fprintln(os.Stderr, "bad base time:", err)
		os.Exit(2)
	}
	base := time.Unix(sec, 0)
	snaps := make(chan engine.Snapshot, 1)
	snaps <- scripted(base, false)
	var mu sync.Mutex
	autostart := false
	say := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Printf(format+"\n", args...)
	}
	Run(snaps, Actions{
		CheckNow:  func() { say("check-now") },
		PauseAll:  func() { say("pause-all"); snaps <- scripted(base, true) },
		ResumeAll: func() { say("resume-all"); snaps <- scripted(base, false) },
		Manual:    func(u string) { say("manual %s", u) },
		OpenURL:   func(u string) { say("open %s", u) },
		Open:      func() { say("open-window") },
		AddSearch: func() { say("add-search") },
		Settings:  func() { say("settings") },
		OpenPage:  func(path, fragment string) { say("open-page %s#%s", path, fragment) },
		Autostart: func(on bool) error {
			mu.Lock()
			autostart = on
			mu.Unlock()
			say("autostart %v", on)
			return nil
		},
		AutostartOn: func() bool { mu.Lock(); defer mu.Unlock(); return autostart },
		Quit:        func() { say("quit") },
	})
	say("run returned")
}
