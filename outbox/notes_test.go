package outbox

import (
	"context"
	"strings"
	"testing"
	"time"
)

// A note (an auto-reply that failed) rides along in the next email, is
// escaped like page text, survives a failed send, and is sent only once.
func TestNotesGoOutWithTheNextEmail(t *testing.T) {
	m := startMailpit(t, "starttls")
	good := mailpitSettings(m)
	o := New(&good, &recordingPop{})
	o.Note("the auto-reply to \"<b>Sunny room</b>\r\nBcc: x@evil.test\" failed: recipe out of date")

	bad := good
	bad.Password = "wrong"
	failing := New(&bad, &recordingPop{})
	failing.Note("kept for later")
	if err := mailTo(context.Background(), failing, hostileBatch(time.Now())[:1]); err == nil {
		t.Fatal("a wrong password delivered")
	}
	if notes, _ := failing.takeNotes(); len(notes) != 1 {
		t.Errorf("after a failed send the notes are %q, want the note kept", notes)
	}

	if err := mailTo(context.Background(), o, hostileBatch(time.Now())[:1]); err != nil {
		t.Fatalf("Deliver: %v", err)
	}
	msg, raw := lastMessage(t, m)
	if !strings.Contains(msg.Text, "Also:") || !strings.Contains(msg.Text, "recipe out of date") {
		t.Errorf("the text part has no note:\n%s", msg.Text)
	}
	if strings.Contains(msg.HTML, "<b>Sunny room</b>") || !strings.Contains(msg.HTML, "&lt;b&gt;Sunny room&lt;/b&gt;") {
		t.Errorf("the note was not escaped in the HTML part:\n%s", msg.HTML)
	}
	if strings.Contains(string(raw), "\r\nBcc: x@evil.test") {
		t.Errorf("a note injected a header")
	}
	if err := mailTo(context.Background(), o, hostileBatch(time.Now())[1:2]); err != nil {
		t.Fatalf("Deliver: %v", err)
	}
	if msg, _ := lastMessage(t, m); strings.Contains(msg.Text, "recipe out of date") {
		t.Errorf("the note was sent twice")
	}
}
