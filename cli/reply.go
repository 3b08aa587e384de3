package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"time"

	"rentwatch/config"
	"rentwatch/pages"
	"rentwatch/reply"
	"rentwatch/reply/recipe"
)

// replyUsage is the command line of `rentwatch reply`.
const replyUsage = "usage: rentwatch reply --dry-run LISTING-URL [--search NAME] [--title T] [--price P] [--out FILE]\n" +
	"       rentwatch reply --yes LISTING-URL [--search NAME] [--title T] [--price P]"

// cmdReply answers one listing by hand with the auto-reply's recipe and
// message, in the watcher's browser profile. --dry-run fills the form and
// saves a screenshot without sending, so the user can check a recipe before
// turning auto-reply on; without it the message really goes out, so --yes
// is required. While rentwatch runs it holds the watcher's profile, so the
// reply then goes out from a fresh one (without the user's logins).
func cmdReply(g globals, args []string, stdout, stderr io.Writer) int {
	fs := newFlags("reply", &g, stderr)
	dry := fs.Bool("dry-run", false, "fill the form and save a screenshot; send nothing")
	yes := fs.Bool("yes", false, "really send the message")
	searchName := fs.String("search", "", "use this search's reply_message (default: [reply] message)")
	title := fs.String("title", "", "the listing's title, for {title}")
	price := fs.String("price", "", "the listing's price, for {price}")
	out := fs.String("out", "", "where the dry run's screenshot goes (default: a new file in the temp folder)")
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return 2
	}
	if len(pos) > 1 {
		fmt.Fprintf(stderr, "rentwatch reply: unexpected argument %q (it takes one listing's URL)\n", pos[1])
	}
	if len(pos) != 1 {
		fmt.Fprintln(stderr, replyUsage)
		return 2
	}
	target := pos[0]
	switch {
	case *dry && *yes:
		fmt.Fprintln(stderr, "rentwatch reply: --dry-run and --yes contradict each other; pick one")
		return 2
	case !*dry && !*yes:
		fmt.Fprintln(stderr, "rentwatch reply: this would really send a message to the landlord.\n"+
			"Check the form first with --dry-run; add --yes to send it.")
		return 2
	}
	if _, err := recipe.For(target); err != nil {
		fmt.Fprintf(stderr, "rentwatch reply: %v\n", err)
		return 1
	}
	settings, msg, err := replyMessage(g, *searchName)
	if err != nil {
		fmt.Fprintf(stderr, "rentwatch reply: %v\n", err)
		return 1
	}
	var me config.Reply
	if settings.Reply != nil {
		me = *settings.Reply
	}
	// Without --title and --price the listing's page says them.
	r := reply.Reply{Template: msg, Values: config.MessageValues{Title: *title, Price: *price, URL: target, Name: me.Name},
		Name: me.Name, Email: me.Email, Phone: me.Phone, Consent: me.Consent, DryRun: *dry}
	res, err := replyInBrowser(g, settings, target, r, stderr)
	if res.Recipe != "" && res.Message != "" {
		printReply(stdout, res)
	}
	if err != nil {
		fmt.Fprintf(stderr, "rentwatch reply: %s\n", reply.Outcome(res, err))
		return 1
	}
	if !*dry {
		confirmed := "the page showed no confirmation; the network says it went"
		if res.Confirmed {
			confirmed = "confirmed on the page"
		}
		fmt.Fprintf(stdout, "sent: the portal answered %d in %v (%s)\n", res.Status, res.Took.Round(time.Millisecond), confirmed)
		return 0
	}
	path, err := saveScreenshot(*out, res.Screenshot)
	if err != nil {
		fmt.Fprintf(stderr, "rentwatch reply: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "screenshot: %s\nnothing was sent (dry run)\n", path)
	return 0
}

// printReply says what a reply did to the form: the recipe, the page, the
// listing as its page shows it, the fields filled, boxes ticked and
// choices made, the message, and the required fields left empty.
func printReply(w io.Writer, res reply.Result) {
	fmt.Fprintf(w, "recipe:   %s\nform:     %s\nlisting:  %s (%s)\nfilled:   %s\n",
		res.Recipe, res.URL, orNone(res.Title), orNone(res.Price), strings.Join(res.Filled, ", "))
	if len(res.Ticked) > 0 {
		fmt.Fprintf(w, "ticked:   %s (you allowed it: [reply] consent)\n", strings.Join(res.Ticked, "; "))
	}
	if len(res.Chosen) > 0 {
		fmt.Fprintf(w, "chose:    %s (the only option)\n", strings.Join(res.Chosen, "; "))
	}
	fmt.Fprintf(w, "message:\n%s\n", indent(res.Message))
	if len(res.Lacking) == 0 {
		fmt.Fprintln(w, "empty:    no required field is left empty")
		return
	}
	fmt.Fprintf(w, "empty:    %s\n", (&reply.IncompleteError{Fields: res.Lacking, Consent: len(res.Ticked) > 0}).Error())
	fmt.Fprintln(w, "          (a reply to this listing would not be sent)")
}

func orNone(s string) string {
	if s == "" {
		return "not shown"
	}
	return s
}

// replyInBrowser sends (or with DryRun, fills) the reply in the watcher's
// browser profile, or a fresh one while the watcher holds it.
func replyInBrowser(g globals, settings config.Settings, target string, r reply.Reply, stderr io.Writer) (reply.Result, error) {
	profile, release, err := watcherProfile(g, "reply", stderr)
	if err != nil {
		return reply.Result{}, err
	}
	defer release()
	chrome := g.chrome
	if chrome == "" {
		chrome = settings.Browser.Path
	}
	b := pages.NewBrowser(pages.BrowserOptions{Chrome: chrome, ProfileDir: profile})
	defer b.Close()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return reply.Send(ctx, b, target, r, reply.Direct)
}

// replyMessage loads the settings and picks the message template: the named
// search's own, else [reply] message.
func replyMessage(g globals, searchName string) (config.Settings, string, error) {
	path, s, _, err := readSettings(g, false)
	if err != nil {
		return config.Settings{}, "", err
	}
	msg := ""
	if s.Reply != nil {
		msg = s.Reply.Message
	}
	if searchName != "" {
		sr, ok := findSearch(s, searchName)
		if !ok {
			return s, "", fmt.Errorf("no search named %q in %s", searchName, path)
		}
		msg = s.MessageFor(sr)
	}
	if strings.TrimSpace(msg) == "" {
		return s, "", errors.New("no message to send: set message in [reply] (or reply_message on the search named with --search)")
	}
	return s, msg, nil
}

func findSearch(s config.Settings, name string) (config.Search, bool) {
	for _, sr := range s.Searches {
		if strings.EqualFold(sr.Name, name) {
			return sr, true
		}
	}
	return config.Search{}, false
}

// saveScreenshot writes the PNG to path, or to a new file in the temp
// folder, and returns where it went.
func saveScreenshot(path string, png []byte) (string, error) {
	if len(png) == 0 {
		return "", errors.New("the browser gave no screenshot")
	}
	if path == "" {
		f, err := os.CreateTemp("", "rentwatch-reply-*.png")
		if err != nil {
			return "", fmt.Errorf("save screenshot: %w", err)
		}
		path = f.Name()
		f.Close()
	}
	if err := os.WriteFile(path, png, 0o600); err != nil {
		return "", fmt.Errorf("save screenshot: %w", err)
	}
	return path, nil
}

func indent(s string) string {
	return "  " + strings.ReplaceAll(s, "\n", "\n  ")
}
