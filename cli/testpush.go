package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	"rentwatch/outbox"
)

// testPushDeadline bounds the whole test; each request has the outbox's
// own shorter timeout inside it.
const testPushDeadline = 2 * time.Minute

// cmdTestPush sends a test message to every push URL and says, channel by
// channel, in plain words, whether it arrived at the service and, if not,
// why and whether it will keep failing. No URL is ever printed: each holds
// a secret.
func cmdTestPush(g globals, args []string, stdout, stderr io.Writer) int {
	flags := newFlags("test-push", &g, stderr)
	rest, err := parseInterspersed(flags, args)
	if err != nil {
		return 2
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "rentwatch test-push: takes no arguments (got %q)\n", rest[0])
		return 2
	}
	path, settings, _, err := readSettings(g, false)
	if err != nil {
		fmt.Fprintf(stderr, "rentwatch test-push: %v\n", err)
		return 1
	}
	if settings.Push == nil || len(settings.Push.URLs) == 0 {
		fmt.Fprintf(stderr, "rentwatch test-push: %s has no push URLs, so there is nothing to test.\n"+
			"Add a [push] section with urls = [\"ntfy://ntfy.sh/a-topic-only-you-know\"] to get alerts on your phone.\n", path)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	ctx, cancel := context.WithTimeout(ctx, testPushDeadline)
	defer cancel()
	fmt.Fprintf(stdout, "Sending a test message to %d push channel(s)...\n", len(settings.Push.URLs))
	failed := 0
	for _, r := range outbox.TestPush(ctx, settings.Push.URLs) {
		if r.Err == nil {
			fmt.Fprintf(stdout, "%s: sent; the service accepted it. Check your phone or chat.\n", r.Name)
			continue
		}
		failed++
		fmt.Fprintf(stdout, "%s: failed: %v\n", r.Name, r.Err)
		if outbox.IsPermanent(r.Err) {
			fmt.Fprintf(stdout, "  This will keep failing until the URL is fixed.\n")
		} else {
			fmt.Fprintf(stdout, "  This may be temporary: try again in a while.\n")
		}
	}
	if failed > 0 {
		fmt.Fprintf(stderr, "rentwatch test-push: %d of %d channel(s) failed\n", failed, len(settings.Push.URLs))
		return 1
	}
	return 0
}
