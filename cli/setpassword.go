package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/term"

	"rentwatch/config"
)

// cmdSetPassword sets the window's password, which it needs to listen
// beyond this computer ([window] listen): typed twice without echo at a
// terminal, or read once from stdin (a script, a pipe). Only its bcrypt
// hash is written, as [window] password_hash, through the settings' owner;
// a running app takes it at once. Exit status: 0 set, 1 not set, 2 the
// command line was wrong.
func cmdSetPassword(g globals, args []string, stdout, stderr io.Writer) int {
	flags := newFlags("set-password", &g, stderr)
	const usage = "usage: rentwatch set-password (type it twice, or pipe it in once)"
	if err := flags.Parse(args); err != nil {
		fmt.Fprintln(stderr, usage)
		return 2
	}
	if flags.NArg() > 0 {
		fmt.Fprintf(stderr, "rentwatch set-password: it takes no arguments (got %q): the password is typed, never on the command line, where others could read it (%s)\n", flags.Arg(0), usage)
		return 2
	}
	path, _, created, err := readSettings(g, true)
	if created {
		fmt.Fprintf(stderr, "rentwatch set-password: created %s\n", path)
	}
	if err != nil {
		fmt.Fprintf(stderr, "rentwatch set-password: %v\n", err)
		return 1
	}
	pw, err := readNewPassword(os.Stdin, stderr)
	if err == nil {
		var hash string
		if hash, err = config.HashPassword(pw); err == nil {
			owner := config.Open(path, config.Options{})
			defer owner.Close()
			err = owner.SetPasswordHash(hash)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "rentwatch set-password: %v; nothing was changed\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "The window's password is set (its hash is in %s). Phones and other browsers on your home network log in with it.\n", path)
	return 0
}

// readNewPassword reads the password twice without echo from a terminal,
// or its first line from anything else.
func readNewPassword(in *os.File, prompt io.Writer) (string, error) {
	fd := int(in.Fd())
	if !term.IsTerminal(fd) {
		line, err := bufio.NewReader(in).ReadString('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return "", fmt.Errorf("read the password: %w", err)
		}
		return strings.TrimRight(line, "\r\n"), nil
	}
	ask := func(what string) (string, error) {
		fmt.Fprint(prompt, what)
		b, err := term.ReadPassword(fd)
		fmt.Fprintln(prompt)
		return string(b), err
	}
	first, err := ask(fmt.Sprintf("New password for rentwatch's window (at least %d characters): ", config.MinPasswordLength))
	if err != nil {
		return "", fmt.Errorf("read the password: %w", err)
	}
	second, err := ask("The same again: ")
	if err != nil {
		return "", fmt.Errorf("read the password: %w", err)
	}
	if first != second {
		return "", errors.New("the two passwords differ")
	}
	return first, nil
}
