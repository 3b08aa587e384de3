package app

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"unicode/utf8"
)

// logFile is an append-only log that rotates itself: at maxSize bytes the
// file becomes rentwatch.log.1 (older ones shift up to keep files), so a
// tray app left running for months never fills the disk.
type logFile struct {
	path    string
	maxSize int64
	// maxLine is the most one write (one line of the log) may add: a longer
	// one is cut, saying so. A line of megabytes (a whole page quoted in an
	// error) would otherwise make a file of its own past maxSize.
	maxLine int
	keep    int

	// mu guards f and size.
	mu   sync.Mutex
	f    *os.File
	size int64
}

func openLogFile(dir string) (*logFile, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("log folder: %w", err)
	}
	l := &logFile{path: filepath.Join(dir, "rentwatch.log"), maxSize: 5 << 20, maxLine: 64 << 10, keep: 3}
	if err := l.open(); err != nil {
		return nil, err
	}
	return l, nil
}

func (l *logFile) open() error {
	f, err := os.OpenFile(l.path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return fmt.Errorf("log file: %w", err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return fmt.Errorf("log file: %w", err)
	}
	l.f, l.size = f, st.Size()
	return nil
}

// Write appends p, one line of the log, rotating first when it would take
// the file past maxSize. A line longer than maxLine is cut to it, ending
// in a note that says so; all of p counts as written.
func (l *logFile) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.f == nil {
		return 0, os.ErrClosed
	}
	whole := len(p)
	if limit := min(int64(l.maxLine), l.maxSize); int64(len(p)) > limit {
		p = cutLine(p, int(limit))
	}
	if l.size > 0 && l.size+int64(len(p)) > l.maxSize {
		if err := l.rotate(); err != nil {
			return 0, err
		}
	}
	n, err := l.f.Write(p)
	l.size += int64(n)
	if err != nil {
		return 0, err
	}
	return whole, nil
}

// cutLine is the start of p and a note that the rest was left out, limit
// bytes in all (the note alone when limit leaves no room for more), cut
// between two characters.
func cutLine(p []byte, limit int) []byte {
	note := fmt.Sprintf(" … [line cut: it was %s long; the rest is left out]\n", sizeWords(len(p)))
	keep := max(0, limit-len(note))
	for keep > 0 && !utf8.RuneStart(p[keep]) {
		keep--
	}
	return append(bytes.TrimRight(p[:keep:keep], "\n"), note...)
}

// sizeWords is n bytes for a person: "52.0 MB", "70 KB", "900 bytes".
func sizeWords(n int) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// rotate shifts rentwatch.log.N up by one, dropping the oldest.
func (l *logFile) rotate() error {
	l.f.Close()
	for i := l.keep - 1; i >= 1; i-- {
		os.Rename(fmt.Sprintf("%s.%d", l.path, i), fmt.Sprintf("%s.%d", l.path, i+1))
	}
	os.Rename(l.path, l.path+".1")
	return l.open()
}

func (l *logFile) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.f == nil {
		return nil
	}
	err := l.f.Close()
	l.f = nil
	return err
}
