//go:build !linux

package outbox

import "errors"

// ErrNoPopUps is matched by PopUpsHere's error on a computer that shows
// no desktop pop-ups.
var ErrNoPopUps = errors.New("this computer shows no desktop pop-ups")

// PopUpsHere says whether this computer can show desktop pop-ups: macOS
// and Windows always can.
func PopUpsHere() error { return nil }
