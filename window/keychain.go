package window

import "rentwatch/outbox"

// OSKeychain is the OS keychain (service "rentwatch"), where outbox looks
// for the SMTP password.
type OSKeychain struct{}

// Store keeps password for username; "" removes it.
func (OSKeychain) Store(username, password string) error {
	return outbox.StorePassword(username, password)
}

// Source says where the password for username will come from.
func (OSKeychain) Source(username string) (string, bool) { return outbox.PasswordSource(username) }
