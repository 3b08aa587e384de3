package awake

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// countingLock is a Lock that counts its releases.
type countingLock struct{ released *int }

func (c countingLock) Release() error { *c.released++; return nil }

func TestKeeperSteps(t *testing.T) {
	var held, released int
	mains, mainsErr := true, error(nil)
	k := &Keeper{
		Hold:    func(string) (Lock, error) { held++; return countingLock{&released}, nil },
		OnMains: func() (bool, error) { return mains, mainsErr },
	}
	for i, step := range []struct {
		name              string
		setting, watching bool
		mains             bool
		mainsErr          error
		wantHeld          bool
		wantHolds         int
		wantReleases      int
	}{
		{"off by default", false, true, true, nil, false, 0, 0},
		{"turned on", true, true, true, nil, true, 1, 0},
		{"still on: the same hold", true, true, true, nil, true, 1, 0},
		{"unplugged", true, true, false, nil, false, 1, 1},
		{"plugged in again", true, true, true, nil, true, 2, 1},
		{"paused", true, false, true, nil, false, 2, 2},
		{"watching again", true, true, true, nil, true, 3, 2},
		{"power unreadable", true, true, false, errors.New("no sysfs"), false, 3, 3},
		{"turned off", false, true, true, nil, false, 3, 3},
	} {
		mains, mainsErr = step.mains, step.mainsErr
		got, err := k.Update(step.setting, step.watching)
		if got != step.wantHeld || held != step.wantHolds || released != step.wantReleases || (err != nil) != (step.mainsErr != nil) {
			t.Fatalf("step %d (%s): held %v (%v), %d holds %d releases; want %v, %d, %d",
				i, step.name, got, err, held, released, step.wantHeld, step.wantHolds, step.wantReleases)
		}
	}
	k.Update(true, true)
	if err := k.Close(); err != nil || released != 4 {
		t.Errorf("Close: %v, %d releases, want 4", err, released)
	}
}

func TestKeeperSaysWhyItCannotHold(t *testing.T) {
	k := &Keeper{
		Hold:    func(string) (Lock, error) { return nil, fmt.Errorf("logind inhibit: %w", os.ErrPermission) },
		OnMains: func() (bool, error) { return true, nil },
	}
	if held, err := k.Update(true, true); held || !errors.Is(err, os.ErrPermission) {
		t.Errorf("held %v, %v", held, err)
	}
}

func TestMainsFromSysfs(t *testing.T) {
	type supply struct{ name, typ, online, status, scope string }
	for _, tc := range []struct {
		name     string
		supplies []supply
		want     bool
	}{
		{"a desktop: no supplies", nil, true},
		{"laptop plugged in", []supply{{"AC", "Mains", "1", "", ""}, {"BAT0", "Battery", "", "Charging", ""}}, true},
		{"laptop on battery", []supply{{"AC", "Mains", "0", "", ""}, {"BAT0", "Battery", "", "Discharging", ""}}, false},
		{"USB-C power", []supply{{"ucsi-source-psy-USBC000:001", "USB", "1", "", ""}, {"BAT0", "Battery", "", "Discharging", ""}}, true},
		{"full battery, adapter without a node", []supply{{"BAT1", "Battery", "", "Full", ""}}, true},
		{"a mouse's battery on a desktop", []supply{{"hidpp_battery_0", "Battery", "", "Discharging", "Device"}}, true},
		{"a mouse's battery on a laptop on battery", []supply{{"hidpp_battery_0", "Battery", "", "Full", "Device"},
			{"BAT0", "Battery", "", "Discharging", ""}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, s := range tc.supplies {
				d := filepath.Join(dir, s.name)
				os.MkdirAll(d, 0o755)
				for file, v := range map[string]string{"type": s.typ, "online": s.online, "status": s.status, "scope": s.scope} {
					if v != "" {
						os.WriteFile(filepath.Join(d, file), []byte(v+"\n"), 0o644)
					}
				}
			}
			if got, err := mainsFromSysfs(dir); got != tc.want || err != nil {
				t.Errorf("on mains %v (%v), want %v", got, err, tc.want)
			}
		})
	}
	if got, err := mainsFromSysfs(filepath.Join(t.TempDir(), "none")); !got || err != nil {
		t.Errorf("no power_supply class: %v %v, want mains", got, err)
	}
}
