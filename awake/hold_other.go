//go:build !linux && !darwin && !windows

package awake

// OnMains: unknown here.
func OnMains() (bool, error) { return false, ErrUnsupported }

// Hold: not supported here.
func Hold(string) (Lock, error) { return nil, ErrUnsupported }
