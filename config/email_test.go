package config

import "testing"

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
