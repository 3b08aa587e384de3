// Package awake keeps the computer from sleeping while rentwatch watches,
// when the user asked for it and only on mains power: Linux through
// logind's inhibitor (D-Bus), macOS through caffeinate, Windows through
// SetThreadExecutionState. A laptop asleep misses the room posted at 14:02.
package awake

import (
	"errors"
	"fmt"
)

// Holding is what the tray and `rentwatch status` say while a Keeper
// holds the computer awake.
const Holding = "Keeping this computer awake while watching"

// Why is the reason given to the OS (logind lists it in
// `systemd-inhibit --list`).
const Why = "Watching rental searches: a new listing is alerted within a minute"

// ErrUnsupported is Hold's error on a system rentwatch cannot keep awake.
var ErrUnsupported = errors.New("keeping the computer awake is not supported here")

// Lock is one hold on sleep. Release ends it; a second Release does
// nothing.
type Lock interface {
	Release() error
}

// Keeper holds the computer awake while it should, and lets it sleep
// otherwise. The zero Keeper uses this system's Hold and OnMains. It is
// not safe for concurrent use: one goroutine calls Update and Close.
type Keeper struct {
	// Hold and OnMains stand in for the system's (tests; nil: the system's).
	Hold    func(why string) (Lock, error)
	OnMains func() (bool, error)

	lock Lock
}

// Should is the policy: hold only when the user turned it on, something
// is being watched, and the computer runs on mains power (on battery a
// laptop sleeps as its owner set it to, or it would run flat).
func Should(setting, watching, mains bool) bool { return setting && watching && mains }

// Update holds or releases for the setting and whether anything is being
// watched now, reading the power source. It returns whether the computer
// is held awake after it; err says why it is not when it should be.
func (k *Keeper) Update(setting, watching bool) (held bool, err error) {
	mains := false
	if setting && watching {
		onMains := k.OnMains
		if onMains == nil {
			onMains = OnMains
		}
		if mains, err = onMains(); err != nil {
			err = fmt.Errorf("tell mains from battery: %w", err)
		}
	}
	if !Should(setting, watching, mains) {
		if rerr := k.release(); err == nil {
			err = rerr
		}
		return false, err
	}
	if k.lock != nil {
		return true, nil
	}
	hold := k.Hold
	if hold == nil {
		hold = Hold
	}
	lock, err := hold(Why)
	if err != nil {
		return false, fmt.Errorf("keep the computer awake: %w", err)
	}
	k.lock = lock
	return true, nil
}

// Close lets the computer sleep again.
func (k *Keeper) Close() error { return k.release() }

func (k *Keeper) release() error {
	if k.lock == nil {
		return nil
	}
	err := k.lock.Release()
	k.lock = nil
	if err != nil {
		return fmt.Errorf("let the computer sleep again: %w", err)
	}
	return nil
}
