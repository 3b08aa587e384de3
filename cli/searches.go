package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"rentwatch/config"
	"rentwatch/seen"
	"rentwatch/words"
)

const searchesUsage = "usage: rentwatch searches list | add URL [--name NAME] | remove NAME-OR-URL"

// cmdSearches lists, adds and removes saved searches by editing the settings
// file (created with defaults if missing). A running tray app notices the
// edit by itself. Exit status: 0 done, 1 the settings file is bad or the
// change was refused, 2 the command line was wrong.
func cmdSearches(g globals, args []string, stdout, stderr io.Writer) int {
	flags := newFlags("searches", &g, stderr)
	flags.SetOutput(io.Discard) // errors are reported below, in one line
	name := flags.String("name", "", "name of the new search (add only; default: made from the URL)")
	pos, err := parseInterspersed(flags, args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(stdout, searchesUsage)
		return 0
	}
	if err != nil {
		return usageError(stderr, err.Error())
	}
	if len(pos) == 0 {
		return usageError(stderr, "say what to do")
	}
	verb, rest := pos[0], pos[1:]
	switch {
	case verb != "list" && verb != "add" && verb != "remove":
		return usageError(stderr, fmt.Sprintf("unknown action %q", verb))
	case *name != "" && verb != "add":
		return usageError(stderr, "--name is only for add")
	case verb == "list" && len(rest) != 0:
		return usageError(stderr, fmt.Sprintf("list takes no arguments (got %q)", rest[0]))
	case verb == "add" && len(rest) > 1:
		return usageError(stderr, fmt.Sprintf("add takes one URL (got %q too; a name goes in --name)", rest[1]))
	case verb == "add" && len(rest) != 1:
		return usageError(stderr, "add takes one URL")
	case verb == "remove" && len(rest) == 0:
		return usageError(stderr, "remove takes the name or URL of a search")
	}

	path, s, created, err := readSettings(g, true)
	if created {
		fmt.Fprintf(stderr, "rentwatch searches: created %s\n", path)
	}
	if err != nil {
		fmt.Fprintf(stderr, "rentwatch searches: %v\n", err)
		return 1
	}
	switch verb {
	case "list":
		var delays map[string]time.Duration
		if len(s.Searches) > 0 {
			var why string
			if delays, why = timesToAlert(g, s.Searches); why != "" {
				defer fmt.Fprintf(stderr, "rentwatch searches: %s\n", why) // after the table
			}
		}
		listSearches(s, delays, stdout)
		return 0
	case "add":
		return addSearch(path, s, rest[0], *name, stdout, stderr)
	default:
		// A name with spaces may come unquoted: remove Kamernet Amsterdam.
		return removeSearch(path, s, strings.Join(rest, " "), stdout, stderr)
	}
}

func usageError(stderr io.Writer, msg string) int {
	fmt.Fprintf(stderr, "rentwatch searches: %s (%s)\n", msg, searchesUsage)
	return 2
}

// timesToAlert reads each search's typical time to alert (the median of
// its last 20, as the store keeps them) from the seen store. It is nil,
// with why in words, when the store cannot be read: the running app holds
// it (its tray menu shows the same number), or it is damaged. A search
// missing from it has had no alert yet. No store yet means no alert yet:
// nothing is created.
func timesToAlert(g globals, searches []config.Search) (map[string]time.Duration, string) {
	data, err := runDataDir(g)
	if err != nil {
		return nil, "time to alert unknown: " + err.Error()
	}
	dir := filepath.Join(data, "store")
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		return map[string]time.Duration{}, ""
	}
	store, err := seen.Open(dir)
	switch {
	case errors.Is(err, seen.ErrAlreadyRunning):
		return nil, "rentwatch is running and keeps its store to itself: each search's time to alert is in the tray menu (hover the search) and in the window (rentwatch open)"
	case err != nil:
		return nil, "time to alert unknown: " + err.Error()
	}
	defer store.Close()
	out := map[string]time.Duration{}
	for _, sr := range searches {
		d, ok, err := store.TypicalDelay(sr.URL)
		if err != nil {
			return nil, "time to alert unknown: " + err.Error()
		}
		if ok {
			out[sr.URL] = d
		}
	}
	return out, ""
}

// listSearches prints the saved searches with their typical time to
// alert, the number the app exists to keep small; delays nil: not known.
func listSearches(s config.Settings, delays map[string]time.Duration, stdout io.Writer) {
	if len(s.Searches) == 0 {
		fmt.Fprintln(stdout, "no searches yet — add one with: rentwatch searches add URL")
		return
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tENABLED\tTIME TO ALERT\tURL")
	for _, sr := range s.Searches {
		enabled := "yes"
		if !sr.Enabled {
			enabled = "no"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", sr.Name, enabled, delayWords(delays, sr.URL), sr.URL)
	}
	tw.Flush()
}

// delayWords is a search's typical time to alert in the table's words.
func delayWords(delays map[string]time.Duration, search string) string {
	if delays == nil {
		return "unknown"
	}
	if d, ok := delays[search]; ok {
		return words.Duration(d)
	}
	return "none yet"
}

// addSearch and removeSearch change the file through its owner, as the
// window does: the user's own comments and layout stay as they were. A
// running app notices the change and applies it once.

func addSearch(path string, s config.Settings, url, name string, stdout, stderr io.Writer) int {
	settings := config.Open(path, config.Options{})
	defer settings.Close()
	added, err := settings.AddSearch(name, url, config.Filter{}, "")
	if err != nil {
		fmt.Fprintf(stderr, "rentwatch searches: %v\n", err)
		if errors.Is(err, config.ErrBadSearchURL) || errors.Is(err, config.ErrBadSearchName) {
			return 2 // the URL or the name on the command line is what was wrong
		}
		return 1
	}
	fmt.Fprintf(stdout, "added %q (%s), search %d of at most %d\n", added.Name, added.URL, len(s.Searches)+1, config.MaxSearches)
	return 0
}

func removeSearch(path string, s config.Settings, key string, stdout, stderr io.Writer) int {
	found, err := s.RemoveSearch(key) // by name or URL, in the settings as loaded
	if err == nil {
		settings := config.Open(path, config.Options{})
		defer settings.Close()
		_, err = settings.RemoveSearch(found.URL)
	}
	if err != nil {
		fmt.Fprintf(stderr, "rentwatch searches: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "removed %q (%s)\n", found.Name, found.URL)
	return 0
}
