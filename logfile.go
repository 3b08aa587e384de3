package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
)

// logFile is an append-only log that rotates itself: at maxSize bytes the
// file becomes rentwatch.log.1 (older ones shift up to keep files), so a
// tray app left running for months never fills the disk.
type logFile struct {
	path    string
	maxSize int64
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
	l := &logFile{path: filepath.Join(dir, "rentwatch.log"), maxSize: 5 << 20, keep: 3}
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

func (l *logFile) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.f == nil {
		return 0, os.ErrClosed
	}
	if l.size > 0 && l.size+int64(len(p)) > l.maxSize {
		if err := l.rotate(); err != nil {
			return 0, err
		}
	}
	n, err := l.f.Write(p)
	l.size += int64(n)
	return n, err
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
