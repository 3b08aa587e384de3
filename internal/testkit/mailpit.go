package testkit

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// The one account mailpit's auth file holds.
const (
	MailpitUser     = "alice@example.test"
	MailpitPassword = "c0rrect-horse-battery"
)

// mailpitStartTimeout bounds waiting for mailpit to answer; generous,
// because the machines running tests are shared and often busy.
const mailpitStartTimeout = Patience

// MailpitOptions change how StartMailpit runs mailpit. The zero value
// requires STARTTLS.
type MailpitOptions struct {
	// ImplicitTLS runs SMTP over TLS from the first byte (port 465 style)
	// instead of requiring STARTTLS.
	ImplicitTLS bool
	// Flags are more mailpit flags, e.g. "--smtp-allowed-recipients", "...".
	Flags []string
}

// Mailpit is a real SMTP server with a REST API to read back what it got.
// It requires TLS and a login (MailpitUser, MailpitPassword). Its methods
// are safe for concurrent use.
type Mailpit struct {
	Host     string // "localhost": the name its certificate is for
	SMTPPort int
	API      string // base URL of the web API, http://127.0.0.1:PORT
	// Security is "starttls" or "tls", as in the settings file.
	Security string
	Cert     Cert
	CAFile   string // the PEM file a client must trust (Cert.CertFile)

	bin  string
	args []string
	log  string // mailpit's output, shown when it does not come up

	// mu guards cmd.
	mu  sync.Mutex
	cmd *exec.Cmd // nil while stopped
}

// StartMailpit runs mailpit on free loopback ports with a fresh
// self-signed certificate, TLS required, and waits until it answers. It
// is killed by PID when the test ends. It looks for the binary in
// $(go env GOPATH)/bin, then on PATH; missing, see Need.
func StartMailpit(t testing.TB, opts ...MailpitOptions) *Mailpit {
	t.Helper()
	var o MailpitOptions
	if len(opts) > 0 {
		o = opts[0]
	}
	bin := Need(t, "mailpit", filepath.Join(GoBin(), "mailpit"))
	dir := t.TempDir()
	m := &Mailpit{Host: "localhost", SMTPPort: FreePort(t), Security: "starttls",
		Cert: NewCert(t), bin: bin, log: filepath.Join(dir, "mailpit.log")}
	m.CAFile = m.Cert.CertFile
	httpPort := FreePort(t)
	m.API = fmt.Sprintf("http://127.0.0.1:%d", httpPort)
	auth := filepath.Join(dir, "auth.txt")
	if err := os.WriteFile(auth, []byte(MailpitUser+":"+MailpitPassword+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	require := "--smtp-require-starttls"
	if o.ImplicitTLS {
		require, m.Security = "--smtp-require-tls", "tls"
	}
	// Never `mailpit version`, and --disable-version-check: both would
	// try to reach the internet.
	m.args = append([]string{
		"--listen", fmt.Sprintf("127.0.0.1:%d", httpPort),
		"--smtp", fmt.Sprintf("127.0.0.1:%d", m.SMTPPort),
		"--smtp-auth-file", auth,
		"--smtp-tls-cert", m.Cert.CertFile, "--smtp-tls-key", m.Cert.KeyFile, require,
		"--smtp-disable-rdns", "--disable-version-check",
		"--database", filepath.Join(dir, "mailpit.db"),
	}, o.Flags...)
	t.Cleanup(m.Stop)
	m.Restart(t)
	return m
}

// Stop kills mailpit, as a crashed or unreachable mail server; the test
// goes on. Calling it while stopped does nothing.
func (m *Mailpit) Stop() {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.cmd == nil {
		return
	}
	_ = m.cmd.Process.Kill()
	_ = m.cmd.Wait()
	m.cmd = nil
}

// Restart starts mailpit again on the same ports and database (stopping
// it first if it runs) and waits until it answers.
func (m *Mailpit) Restart(t testing.TB) {
	t.Helper()
	m.Stop()
	logFile, err := os.OpenFile(m.log, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer logFile.Close() // the child has its own copy
	cmd := exec.Command(m.bin, m.args...)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		t.Fatalf("start mailpit: %v", err)
	}
	m.mu.Lock()
	m.cmd = cmd
	m.mu.Unlock()
	m.waitReady(t)
}

// waitReady waits until both the SMTP port and the API answer.
func (m *Mailpit) waitReady(t testing.TB) {
	t.Helper()
	deadline := time.Now().Add(mailpitStartTimeout)
	for time.Now().Before(deadline) {
		c, err := net.DialTimeout("tcp", "127.0.0.1:"+strconv.Itoa(m.SMTPPort), time.Second)
		if err == nil {
			c.Close()
			if resp, err := http.Get(m.API + "/api/v1/messages"); err == nil {
				resp.Body.Close()
				if resp.StatusCode == http.StatusOK {
					return
				}
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	log, _ := os.ReadFile(m.log)
	t.Fatalf("mailpit did not come up in %v; its log:\n%s", mailpitStartTimeout, log)
}

// Address is a mailbox as mailpit reports it.
type Address struct {
	Name    string
	Address string
}

// Summary is one message in mailpit's list.
type Summary struct {
	ID      string
	Subject string
	From    Address
	To      []Address
	Created time.Time
}

// Message is one stored message, parsed by mailpit.
type Message struct {
	ID        string
	MessageID string
	Subject   string
	Date      time.Time
	From      Address
	To        []Address
	Text      string // the text/plain part
	HTML      string // the text/html part
}

// Messages lists the stored messages, newest first.
func (m *Mailpit) Messages(t testing.TB) []Summary {
	t.Helper()
	var list struct{ Messages []Summary }
	m.getJSON(t, "/api/v1/messages", &list)
	return list.Messages
}

// Message reads one stored message.
func (m *Mailpit) Message(t testing.TB, id string) Message {
	t.Helper()
	var msg Message
	m.getJSON(t, "/api/v1/message/"+id, &msg)
	return msg
}

// Containing reads every stored message whose text part contains s,
// newest first.
func (m *Mailpit) Containing(t testing.TB, s string) []Message {
	t.Helper()
	var out []Message
	for _, sum := range m.Messages(t) {
		if msg := m.Message(t, sum.ID); strings.Contains(msg.Text, s) {
			out = append(out, msg)
		}
	}
	return out
}

// Headers returns one stored message's headers, as sent.
func (m *Mailpit) Headers(t testing.TB, id string) map[string][]string {
	t.Helper()
	var h map[string][]string
	m.getJSON(t, "/api/v1/message/"+id+"/headers", &h)
	return h
}

// Raw returns one stored message exactly as it was received.
func (m *Mailpit) Raw(t testing.TB, id string) []byte {
	t.Helper()
	return m.get(t, "/api/v1/message/"+id+"/raw")
}

// DeleteAll empties the mailbox.
func (m *Mailpit) DeleteAll(t testing.TB) {
	t.Helper()
	req, err := http.NewRequest(http.MethodDelete, m.API+"/api/v1/messages", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("DELETE /api/v1/messages: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("DELETE /api/v1/messages: %s", resp.Status)
	}
}

func (m *Mailpit) getJSON(t testing.TB, path string, v any) {
	t.Helper()
	if err := json.Unmarshal(m.get(t, path), v); err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
}

func (m *Mailpit) get(t testing.TB, path string) []byte {
	t.Helper()
	resp, err := http.Get(m.API + path)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %v %s", path, resp.StatusCode, err, body)
	}
	return body
}
