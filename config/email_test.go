package config

import (
	"testing"
	"time"
)

func TestEmailEqual(t *testing.T) {
	base := Email{To: "me@example.com", From: "me@example.com", Host: "smtp.example.com", Port: 587,
		Security: SecurityStartTLS, Username: "me@example.com"}
	with := func(f func(*Email)) *Email { e := base; f(&e); return &e }
	tests := []struct {
		name string
		a, b *Email
		want bool
	}{
		{"no email either side", nil, nil, true},
		{"email added", nil, &base, false},
		{"email removed", &base, nil, false},
		{"the same settings, another copy", &base, with(func(*Email) {}), true},
		{"another recipient", &base, with(func(e *Email) { e.To = "you@example.com" }), false},
		{"another sender", &base, with(func(e *Email) { e.From = "bot@example.com" }), false},
		{"another server", &base, with(func(e *Email) { e.Host = "mail.example.com" }), false},
		{"another port", &base, with(func(e *Email) { e.Port = 465 }), false},
		{"another security", &base, with(func(e *Email) { e.Security = SecurityTLS }), false},
		{"another login", &base, with(func(e *Email) { e.Username = "you@example.com" }), false},
		{"a CA file", &base, with(func(e *Email) { e.CAFile = "/etc/ssl/company.pem" }), false},
	}
	for _, tt := range tests {
		if got := tt.a.Equal(tt.b); got != tt.want {
			t.Errorf("%s: Equal = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestDeliveryChanged(t *testing.T) {
	email := &Email{To: "me@example.com", Host: "smtp.example.com", Port: 587}
	push := &Push{URLs: []string{"ntfy://ntfy.sh/topic"}}
	base := Settings{Interval: 30 * time.Second, Email: email, Push: push, Searches: []Search{{Name: "a", URL: "https://a.example/"}}}
	tests := []struct {
		name string
		edit func(s *Settings)
		want bool
	}{
		{"nothing", func(*Settings) {}, false},
		{"a search renamed", func(s *Settings) { s.Searches = []Search{{Name: "b", URL: "https://a.example/"}} }, false},
		{"the interval", func(s *Settings) { s.Interval = time.Minute }, false},
		{"the same email settings in another copy", func(s *Settings) { e := *email; s.Email = &e }, false},
		{"another email server", func(s *Settings) { e := *email; e.Host = "mail.example.com"; s.Email = &e }, true},
		{"email removed", func(s *Settings) { s.Email = nil }, true},
		{"the same push URLs in another copy", func(s *Settings) { s.Push = &Push{URLs: []string{"ntfy://ntfy.sh/topic"}} }, false},
		{"a push URL added", func(s *Settings) {
			s.Push = &Push{URLs: []string{"ntfy://ntfy.sh/topic", "telegram://token@telegram?chats=1"}}
		}, true},
		{"push removed", func(s *Settings) { s.Push = nil }, true},
	}
	for _, tt := range tests {
		after := base
		tt.edit(&after)
		if got := after.DeliveryChanged(base); got != tt.want {
			t.Errorf("%s: DeliveryChanged = %v, want %v", tt.name, got, tt.want)
		}
	}
}
