package main

import (
	"testing"

	"rentwatch/internal/testkit"
)

// The tests of the real app (app_*_test.go) build the rentwatch binary and
// run it with testkit's rig (testkit/app.go, testkit/pushrig.go).

func TestMain(m *testing.M) { testkit.AppTestMain(m) }

// pushRig is testkit's delivery rig, with the steps of this package's
// tests as its methods.
type pushRig struct{ *testkit.PushRig }

func newPushRig(t *testing.T, withEmail, withTray bool) *pushRig {
	return &pushRig{testkit.NewPushRig(t, withEmail, withTray)}
}
