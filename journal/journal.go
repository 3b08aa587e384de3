// Package journal writes rentwatch's log the way systemd's journal keeps it
// best when rentwatch runs as a service: one line per record on stderr,
// led by its priority in the sd-daemon form ("<3>" error, "<4>" warning,
// "<6>" info, "<7>" debug) and without a time of its own, which the
// journal records already.
package journal

import (
	"context"
	"io"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"sync"
)

// Stderr reports whether stderr is connected to the journal: systemd sets
// JOURNAL_STREAM to the device and inode of the stream it gave the
// service, and stderr must still be that stream (a child whose stderr was
// sent elsewhere inherits the variable, not the stream).
func Stderr() bool {
	return connected(os.Getenv("JOURNAL_STREAM"), os.Stderr)
}

// connected: stream is JOURNAL_STREAM's "DEV:INODE" and f is that file.
func connected(stream string, f *os.File) bool {
	devText, inoText, ok := strings.Cut(stream, ":")
	if !ok {
		return false
	}
	dev, err1 := strconv.ParseUint(devText, 10, 64)
	ino, err2 := strconv.ParseUint(inoText, 10, 64)
	if err1 != nil || err2 != nil {
		return false
	}
	gotDev, gotIno, ok := deviceAndInode(f)
	return ok && gotDev == dev && gotIno == ino
}

// Priority is the sd-daemon prefix of a record of level l.
func Priority(l slog.Level) string {
	switch {
	case l >= slog.LevelError:
		return "<3>"
	case l >= slog.LevelWarn:
		return "<4>"
	case l >= slog.LevelInfo:
		return "<6>"
	}
	return "<7>"
}

// Handler is a slog.Handler writing key=value lines (slog's text format)
// led by each record's priority, with neither time nor level in the line:
// the journal keeps both in fields of its own. Safe for concurrent use.
type Handler struct {
	// One text handler per priority, each writing through a writer that
	// puts that priority first; they share w's lock.
	levels map[string]slog.Handler
	min    slog.Leveler
}

// NewHandler returns a Handler writing to w records of level min and up
// (nil: info and up).
func NewHandler(w io.Writer, min slog.Leveler) *Handler {
	if min == nil {
		min = slog.LevelInfo
	}
	shared := &lockedWriter{w: w}
	opts := &slog.HandlerOptions{Level: min, ReplaceAttr: dropTimeAndLevel}
	h := &Handler{levels: map[string]slog.Handler{}, min: min}
	for _, l := range []slog.Level{slog.LevelDebug, slog.LevelInfo, slog.LevelWarn, slog.LevelError} {
		p := Priority(l)
		h.levels[p] = slog.NewTextHandler(&prefixWriter{prefix: p, w: shared}, opts)
	}
	return h
}

// Writer is a writer for the standard library's log package (libraries
// rentwatch uses write there): each line at the given priority. The
// caller sets log.SetFlags(0), so no time is written twice.
func Writer(w io.Writer, l slog.Level) io.Writer {
	return &prefixWriter{prefix: Priority(l), w: &lockedWriter{w: w}}
}

func dropTimeAndLevel(groups []string, a slog.Attr) slog.Attr {
	if len(groups) == 0 && (a.Key == slog.TimeKey || a.Key == slog.LevelKey) {
		return slog.Attr{}
	}
	return a
}

// Enabled implements slog.Handler.
func (h *Handler) Enabled(_ context.Context, l slog.Level) bool { return l >= h.min.Level() }

// Handle implements slog.Handler.
func (h *Handler) Handle(ctx context.Context, r slog.Record) error {
	return h.levels[Priority(r.Level)].Handle(ctx, r)
}

// WithAttrs implements slog.Handler.
func (h *Handler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return h.with(func(x slog.Handler) slog.Handler { return x.WithAttrs(attrs) })
}

// WithGroup implements slog.Handler.
func (h *Handler) WithGroup(name string) slog.Handler {
	return h.with(func(x slog.Handler) slog.Handler { return x.WithGroup(name) })
}

func (h *Handler) with(f func(slog.Handler) slog.Handler) *Handler {
	c := &Handler{levels: map[string]slog.Handler{}, min: h.min}
	for p, x := range h.levels {
		c.levels[p] = f(x)
	}
	return c
}

// prefixWriter puts prefix before every line written through it. slog's
// text handler writes one whole line per Write and quotes any newline in
// a value, so a record is always one journal entry.
type prefixWriter struct {
	prefix string
	w      io.Writer
}

func (p *prefixWriter) Write(b []byte) (int, error) {
	text := strings.TrimSuffix(string(b), "\n")
	var out strings.Builder
	for line := range strings.SplitSeq(text, "\n") {
		out.WriteString(p.prefix)
		out.WriteString(line)
		out.WriteByte('\n')
	}
	if _, err := io.WriteString(p.w, out.String()); err != nil {
		return 0, err
	}
	return len(b), nil
}

// lockedWriter makes the writes of the four text handlers one at a time.
type lockedWriter struct {
	// mu guards writes to w.
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}
