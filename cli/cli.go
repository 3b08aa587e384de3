// Package cli is rentwatch's command line: one file per command, over
// one environment they share (env.go: paths, settings, the lock). main
// calls Main; `rentwatch run` hands over to package app.
package cli

import (
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"rentwatch/desktop"
	"rentwatch/outbox"
)

// version is main's, which the build stamps (Main sets it).
var version = "dev"

// globals are the flags every subcommand accepts (DESIGN.md, "Command line").
type globals struct {
	config string // settings file; env RENTWATCH_CONFIG
	data   string // Badger, Chrome profile, logs; env RENTWATCH_DATA
	chrome string // browser binary; env RENTWATCH_CHROME
}

// command is one subcommand. run returns the process exit status:
// 0 success, 1 the work failed, 2 the command line was wrong.
type command struct {
	usage string
	run   func(g globals, args []string, stdout, stderr io.Writer) int
}

var commands = map[string]command{
	"run":          {"run [--no-tray] [--once]          watch; --no-tray for a machine without a tray", cmdRun},
	"check":        {"check URL [--pick KEY] [--json]   load one page now, print verdict, lists and listings", cmdCheck},
	"inspect":      {"inspect FILE --url URL [--status N] [--header 'K: V']... [--pick KEY] [--json]", cmdInspect},
	"ladders":      {"ladders                           print the backoff policy and run its checks", cmdLadders},
	"searches":     {"searches list | add URL [--name NAME] | remove NAME-OR-URL", cmdSearches},
	"open":         {"open [--print]                    open the window in the default browser (or print a one-time address)", cmdOpen},
	"reply":        {"reply --dry-run LISTING-URL [--search NAME] fill a listing's contact form, screenshot, send nothing (--yes sends)", cmdReply},
	"set-password": {"set-password                      set the window's password (needed to open it to your home network)", cmdSetPassword},
	"status":       {"status [--json]                   print what the tray would show (for a machine without a tray)", cmdStatus},
	"test-email":   {"test-email                        send a test email with the current settings", cmdTestEmail},
	"test-push":    {"test-push                         send a test to every push URL, one result per channel", cmdTestPush},
	"version":      {"version                           print the version", cmdVersion},
}

// Main runs rentwatch with the process's arguments and environment and
// returns its exit status: 0 success, 1 the work failed, 2 the command
// line was wrong. v is the version the build stamped.
func Main(v string) int {
	version = v
	if len(os.Args) > 1 {
		attachConsole() // a subcommand's output reaches the terminal on Windows too
	}
	// What rentwatch takes from its environment is read first; then every
	// secret leaves the environment, which every program we start (a
	// browser, an opener, one a library starts) would inherit.
	g := envGlobals()
	outbox.KeepEnvPassword()
	if err := desktop.KeepSecretsFromChildren(); err != nil {
		fmt.Fprintf(os.Stderr, "rentwatch: %v\n", err)
		return 1
	}
	return dispatchWith(g, os.Args[1:], os.Stdout, os.Stderr)
}

// envGlobals are the global flags' values from the environment.
func envGlobals() globals {
	return globals{
		config: os.Getenv("RENTWATCH_CONFIG"),
		data:   os.Getenv("RENTWATCH_DATA"),
		chrome: os.Getenv("RENTWATCH_CHROME"),
	}
}

// Run runs the command line args (without the program's name) as main
// does, with the environment's global flags, and returns the exit status.
// It picks the subcommand; with none, the tray app starts. The
// global flags are taken out first, wherever they stand, so they work
// before or after the subcommand's name for every subcommand:
// `rentwatch --data D check URL` is `rentwatch check URL --data D`.
func Run(args []string, stdout, stderr io.Writer) int {
	return dispatchWith(envGlobals(), args, stdout, stderr)
}

// dispatchWith is Run with the environment's globals already read.
func dispatchWith(g globals, args []string, stdout, stderr io.Writer) int {
	args, err := takeGlobals(&g, args)
	if err != nil {
		fmt.Fprintf(stderr, "rentwatch: %v\n", err)
		return 2
	}
	if data, err := runDataDir(g); err == nil {
		// Where a computer has no keychain, the SMTP password is kept in
		// a file only the user can read, in the data folder.
		outbox.KeepPasswordFileIn(data)
	}
	if len(args) > 0 && (args[0] == "help" || args[0] == "-h" || args[0] == "--help") {
		usage(stdout)
		return 0
	}
	name := "run"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, args = args[0], args[1:]
	}
	cmd, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "rentwatch: unknown command %q\n", name)
		usage(stderr)
		return 2
	}
	return cmd.run(g, args, stdout, stderr)
}

// takeGlobals removes the global flags from args wherever they stand, up
// to a "--", in each form the flag package takes (-data D, --data D,
// --data=D), and sets them on g; a later one wins. What is left is the
// subcommand and its own arguments.
func takeGlobals(g *globals, args []string) ([]string, error) {
	fs := newFlags("", g, io.Discard)
	var rest []string
	for i := 0; i < len(args); i++ {
		if args[i] == "--" {
			return append(rest, args[i:]...), nil
		}
		name, value, hasValue := globalFlag(args[i])
		if name == "" {
			rest = append(rest, args[i])
			continue
		}
		if !hasValue {
			if i+1 == len(args) {
				return nil, fmt.Errorf("--%s needs a value: the %s", name, fs.Lookup(name).Usage)
			}
			i++
			value = args[i]
		}
		if err := fs.Set(name, value); err != nil {
			return nil, fmt.Errorf("--%s: %w", name, err)
		}
	}
	return rest, nil
}

// globalFlag says which global flag arg is ("" if none) and its value
// when written as --name=value.
func globalFlag(arg string) (name, value string, hasValue bool) {
	if !strings.HasPrefix(arg, "-") {
		return "", "", false
	}
	name, value, hasValue = strings.Cut(strings.TrimPrefix(arg[1:], "-"), "=")
	if name != "config" && name != "data" && name != "chrome" {
		return "", "", false
	}
	return name, value, hasValue
}

// newFlags makes a subcommand's flag set with the global flags on it, for
// its -h; Run has already taken them out of the command line.
func newFlags(name string, g *globals, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("rentwatch "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&g.config, "config", g.config, "settings file (env RENTWATCH_CONFIG)")
	fs.StringVar(&g.data, "data", g.data, "data folder: store, browser profile, logs (env RENTWATCH_DATA)")
	fs.StringVar(&g.chrome, "chrome", g.chrome, "Chrome or Chromium binary (env RENTWATCH_CHROME)")
	return fs
}

// parseInterspersed parses flags that may come before or after positional
// arguments (Go's flag package stops at the first positional one).
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return positional, nil
		}
		if args[0] == "--" {
			return append(positional, args[1:]...), nil
		}
		positional = append(positional, args[0])
		args = args[1:]
	}
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: rentwatch [command] [flags]")
	fmt.Fprintln(w, "\ncommands (none: start the tray app, same as `rentwatch run`):")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  rentwatch %s\n", commands[n].usage)
	}
	fmt.Fprintln(w, "\nglobal flags, before or after the command: --config FILE, --data DIR, --chrome PATH")
}

func cmdVersion(g globals, args []string, stdout, stderr io.Writer) int {
	fs := newFlags("version", &g, stderr)
	rest, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "rentwatch version: unexpected argument %q (it takes none)\n", rest[0])
		return 2
	}
	fmt.Fprintf(stdout, "rentwatch %s\n", version)
	return 0
}
