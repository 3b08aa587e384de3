package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"rentwatch/app"
	"rentwatch/status"
	"rentwatch/window"
)

// statusNotRunning is `rentwatch status`'s exit status when rentwatch is
// not running (as `systemctl status` says it), so a script can tell that
// from a failure (1).
const statusNotRunning = 3

// serviceData is the system service's home, which holds its settings and
// data folder (packaging/linux/rentwatch.service).
const serviceData = "/var/lib/rentwatch"

// cmdStatus prints what the tray would show, asked of the running app's
// window on loopback; when rentwatch does not run, it says so.
func cmdStatus(g globals, args []string, stdout, stderr io.Writer) int {
	fs := newFlags("status", &g, stderr)
	asJSON := fs.Bool("json", false, `print {"running":true,"state":{...}} (the window's /api/state) or {"running":false,"message":"..."}`)
	rest, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "rentwatch status: unexpected argument %q (it takes only --json)\n", rest[0])
		return 2
	}
	data, err := runDataDir(g)
	if err != nil {
		fmt.Fprintf(stderr, "rentwatch status: %v\n", err)
		return 1
	}
	ctx, cancel := context.WithTimeout(context.Background(), openDeadline)
	defer cancel()
	state, raw, err := runningState(ctx, data)
	if errors.Is(err, window.ErrNotRunning) {
		msg := fmt.Sprintf("rentwatch is not running (data folder %s).", data)
		if *asJSON {
			json.NewEncoder(stdout).Encode(map[string]any{"running": false, "message": msg})
		} else {
			fmt.Fprintln(stdout, msg)
			fmt.Fprintln(stdout, "Start it with `rentwatch`, or on a server with `sudo systemctl start rentwatch`.")
			if st, err := os.Stat(serviceData); err == nil && st.IsDir() && !strings.HasPrefix(filepath.Clean(data), serviceData+"/") {
				fmt.Fprintf(stdout, "The service keeps its own data in %s: ask it with `sudo -u rentwatch rentwatch status`.\n", serviceData)
			}
		}
		return statusNotRunning
	}
	if err != nil {
		fmt.Fprintf(stderr, "rentwatch status: %v\n", err)
		return 1
	}
	if *asJSON {
		json.NewEncoder(stdout).Encode(map[string]any{"running": true, "state": raw})
		return 0
	}
	fmt.Fprint(stdout, status.Text(state, time.Now(), time.Local))
	return 0
}

// runningState is the state of the rentwatch running on data, found as
// `rentwatch open` finds it (runningWindow): the lock first, then the
// address in window.url.
func runningState(ctx context.Context, data string) (status.State, json.RawMessage, error) {
	if _, err := os.Stat(data); err != nil {
		return status.State{}, nil, fmt.Errorf("%w (no data folder %s)", window.ErrNotRunning, data)
	}
	if !app.Running(data) {
		return status.State{}, nil, fmt.Errorf("%w (data folder %s)", window.ErrNotRunning, data)
	}
	addr, err := window.Find(ctx, data)
	if err != nil {
		return status.State{}, nil, err
	}
	return status.Fetch(ctx, addr)
}
