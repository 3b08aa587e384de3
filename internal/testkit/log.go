package testkit

import (
	"bytes"
	"log/slog"
	"strings"
	"sync"
)

// Lines collects the log lines of the code under test, to wait on and to
// show when a test fails. The zero value is ready; safe for concurrent use.
type Lines struct {
	// mu guards lines.
	mu    sync.Mutex
	lines []string
}

// Logger returns a debug-level text logger writing to l.
func (l *Lines) Logger() *slog.Logger {
	return slog.New(slog.NewTextHandler(l, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// Write takes one line (slog writes one record per call).
func (l *Lines) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// Count is how many lines contain s.
func (l *Lines) Count(s string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, line := range l.lines {
		if strings.Contains(line, s) {
			n++
		}
	}
	return n
}

// String is every line so far, one per line.
func (l *Lines) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.lines, "\n")
}

// Output collects what a child process writes (give it as Stdout or
// Stderr), to wait on and to show when a test fails. The zero value is
// ready; safe for concurrent use.
type Output struct {
	// mu guards b.
	mu sync.Mutex
	b  bytes.Buffer
}

// Write keeps p; it never fails.
func (o *Output) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.b.Write(p)
}

// String is everything written so far.
func (o *Output) String() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.b.String()
}
