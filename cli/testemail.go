package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"rentwatch/app"
	"rentwatch/outbox"
)

// testEmailDeadline bounds the whole test send; each dial and command has
// outbox's own shorter timeout inside it.
const testEmailDeadline = 2 * time.Minute

// cmdTestEmail sends one test message with the current settings and says
// plainly what failed: the user runs it right after filling in [email].
func cmdTestEmail(g globals, args []string, stdout, stderr io.Writer) int {
	flags := newFlags("test-email", &g, stderr)
	rest, err := parseInterspersed(flags, args)
	if err != nil {
		return 2
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "rentwatch test-email: takes no arguments (got %q)\n", rest)
		return 2
	}
	path, settings, _, err := readSettings(g, false)
	if err != nil {
		fmt.Fprintf(stderr, "rentwatch test-email: %v\n", err)
		return 1
	}
	if settings.Email == nil {
		fmt.Fprintf(stderr, "rentwatch test-email: %s has no [email] section, so there is nothing to test.\n"+
			"Add one (to, host, port, security, username) to get alerts by email; desktop pop-ups work without it.\n", path)
		return 1
	}
	email := app.EmailSettings(*settings.Email)
	if _, err := outbox.Password(email.Username); err != nil {
		fmt.Fprintf(stderr, "rentwatch test-email: %v\n", err) // before "Sending…": nothing is sent
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	ctx, cancel := context.WithTimeout(ctx, testEmailDeadline)
	defer cancel()
	fmt.Fprintf(stdout, "Sending a test message to %s through %s:%d (%s)...\n", email.To, email.Host, email.Port, email.Security)
	if err := outbox.SendTestStored(ctx, email); err != nil {
		fmt.Fprintf(stderr, "rentwatch test-email: failed: %v\n", err)
		if outbox.IsPermanent(err) {
			fmt.Fprintln(stderr, "This will keep failing until the settings or the password are fixed.")
		} else {
			fmt.Fprintln(stderr, "This may be temporary: try again in a while.")
		}
		return 1
	}
	fmt.Fprintf(stdout, "Sent: the server accepted it. Check the inbox of %s.\n", email.To)
	return 0
}
