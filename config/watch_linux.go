//go:build linux

package config

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"unsafe"
)

// inotifyMask is what changes a file in a folder, whichever way an editor
// saves: in place (MODIFY, CLOSE_WRITE), by a new file renamed over it
// (MOVED_TO), by moving it aside first (MOVED_FROM, CREATE), or deleting
// it; and the folder itself going away (DELETE_SELF, MOVE_SELF).
const inotifyMask = syscall.IN_CREATE | syscall.IN_DELETE | syscall.IN_MODIFY | syscall.IN_CLOSE_WRITE |
	syscall.IN_MOVED_FROM | syscall.IN_MOVED_TO | syscall.IN_ATTRIB | syscall.IN_DELETE_SELF | syscall.IN_MOVE_SELF

// fileChanges asks the kernel (inotify, in the standard library's syscall
// package) to say when the file at path may have changed: it watches the
// file's folder, since a save by rename replaces the file, and the folder
// of the file a symlink at path points to. A value arrives on the channel
// after each such change (changes in a burst may come as one); the channel
// is closed when ctx ends or the kernel can no longer tell (the folder was
// removed or moved). It returns nil when inotify is not to be had (a
// per-user limit reached): then the Owner polls.
func fileChanges(ctx context.Context, path string) <-chan struct{} {
	fd, err := syscall.InotifyInit1(syscall.IN_CLOEXEC | syscall.IN_NONBLOCK)
	if err != nil {
		return nil
	}
	names := map[int32]string{} // watch descriptor -> the file's name in that folder
	paths := []string{path}
	if real, err := filepath.EvalSymlinks(path); err == nil && real != path {
		paths = append(paths, real)
	}
	for _, p := range paths {
		wd, err := syscall.InotifyAddWatch(fd, filepath.Dir(p), inotifyMask)
		if err != nil {
			if p == path {
				syscall.Close(fd)
				return nil
			}
			continue
		}
		names[int32(wd)] = filepath.Base(p)
	}
	// Non-blocking, the descriptor goes to the runtime's poller: reading
	// it parks the goroutine until the kernel has news, with no thread
	// and no timer awake meanwhile.
	f := os.NewFile(uintptr(fd), "inotify")
	ch := make(chan struct{}, 1)
	stop := context.AfterFunc(ctx, func() { f.Close() })
	go func() {
		defer close(ch)
		defer stop()
		defer f.Close()
		buf := make([]byte, 16<<10)
		for {
			n, err := f.Read(buf)
			if err != nil {
				return
			}
			changed, gone := readEvents(buf[:n], names)
			if changed {
				select {
				case ch <- struct{}{}:
				default: // one is waiting already
				}
			}
			if gone {
				return
			}
		}
	}()
	return ch
}

// readEvents says whether the inotify events in buf touched a watched
// file (an overflowed queue may have: it counts) and whether a watched
// folder went away.
func readEvents(buf []byte, names map[int32]string) (changed, gone bool) {
	for len(buf) >= syscall.SizeofInotifyEvent {
		ev := (*syscall.InotifyEvent)(unsafe.Pointer(&buf[0]))
		end := syscall.SizeofInotifyEvent + int(ev.Len)
		if end > len(buf) {
			break
		}
		name := buf[syscall.SizeofInotifyEvent:end]
		for len(name) > 0 && name[len(name)-1] == 0 {
			name = name[:len(name)-1]
		}
		switch {
		case ev.Mask&syscall.IN_Q_OVERFLOW != 0:
			changed = true
		case ev.Mask&(syscall.IN_DELETE_SELF|syscall.IN_MOVE_SELF|syscall.IN_IGNORED|syscall.IN_UNMOUNT) != 0:
			changed, gone = true, true
		case string(name) == names[ev.Wd]:
			changed = true
		}
		buf = buf[end:]
	}
	return changed, gone
}
