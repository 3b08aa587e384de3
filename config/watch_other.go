//go:build !linux

package config

import "context"

// fileChanges is nil where rentwatch does not ask the OS to tell of
// changes: the Owner polls the file every `every` instead.
func fileChanges(context.Context, string) <-chan struct{} { return nil }
