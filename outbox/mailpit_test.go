package outbox

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// mailpit is a real SMTP server started by a test on loopback.
type mailpit struct {
	api  string // http://127.0.0.1:PORT
	port int    // SMTP
	cert testCert
}

const (
	mailpitUser     = "alice@example.test"
	mailpitPassword = "c0rrect-horse-battery"
)

// startMailpit runs mailpit with TLS required ("starttls" or "tls"), the
// auth file holding mailpitUser, and any extra flags; it is killed by PID
// when the test ends.
func startMailpit(t *testing.T, security string, extra ...string) *mailpit {
	t.Helper()
	bin := needTool(t, "mailpit", filepath.Join(goBin(), "mailpit"))
	dir := t.TempDir()
	m := &mailpit{cert: newTestCert(t), port: freePort(t)}
	httpPort := freePort(t)
	m.api = fmt.Sprintf("http://127.0.0.1:%d", httpPort)
	auth := filepath.Join(dir, "auth.txt")
	if err := os.WriteFile(auth, []byte(mailpitUser+":"+mailpitPassword+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	require := "--smtp-require-starttls"
	if security == "tls" {
		require = "--smtp-require-tls"
	}
	args := append([]string{
		"--listen", fmt.Sprintf("127.0.0.1:%d", httpPort),
		"--smtp", fmt.Sprintf("127.0.0.1:%d", m.port),
		"--smtp-auth-file", auth,
		"--smtp-tls-cert", m.cert.certFile, "--smtp-tls-key", m.cert.keyFile, require,
		"--smtp-disable-rdns", "--disable-version-check",
		"--database", filepath.Join(dir, "mailpit.db"),
	}, extra...)
	cmd := exec.Command(bin, args...)
	logFile, err := os.Create(filepath.Join(dir, "mailpit.log"))
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = logFile, logFile
	if err := cmd.Start(); err != nil {
		t.Fatalf("start mailpit: %v", err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		logFile.Close()
	})
	m.waitReady(t, filepath.Join(dir, "mailpit.log"))
	return m
}

func goBin() string {
	if p := os.Getenv("GOBIN"); p != "" {
		return p
	}
	out, err := exec.Command("go", "env", "GOPATH").Output()
	if err != nil {
		return ""
	}
	return filepath.Join(string(out[:len(out)-1]), "bin")
}

func (m *mailpit) waitReady(t *testing.T, logPath string) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		c, err := net.DialTimeout("tcp", "127.0.0.1:"+strconv.Itoa(m.port), time.Second)
		if err == nil {
			c.Close()
			if resp, err := http.Get(m.api + "/api/v1/messages"); err == nil {
				resp.Body.Close()
				if resp.StatusCode == 200 {
					return
				}
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	log, _ := os.ReadFile(logPath)
	t.Fatalf("mailpit did not come up in 15s; its log:\n%s", log)
}

// settings are EmailSettings for this mailpit, trusting its certificate.
func (m *mailpit) settings(security string) EmailSettings {
	return EmailSettings{
		To: "bob@example.test", From: mailpitUser,
		Host: "localhost", Port: m.port, Security: security,
		Username: mailpitUser, Password: mailpitPassword,
		CAFile: m.cert.certFile, Timeout: 10 * time.Second,
	}
}

// mailpitMessage is the part of mailpit's message view the tests read.
type mailpitMessage struct {
	ID        string
	MessageID string
	Subject   string
	Date      time.Time
	Text      string
	HTML      string
	From      struct{ Address string }
	To        []struct{ Address string }
}

// messages lists the stored messages' IDs, newest first.
func (m *mailpit) messages(t *testing.T) []string {
	t.Helper()
	var list struct {
		Messages []struct{ ID string }
	}
	m.getJSON(t, "/api/v1/messages", &list)
	ids := make([]string, len(list.Messages))
	for i, msg := range list.Messages {
		ids[i] = msg.ID
	}
	return ids
}

func (m *mailpit) message(t *testing.T, id string) (mailpitMessage, []byte) {
	t.Helper()
	var msg mailpitMessage
	m.getJSON(t, "/api/v1/message/"+id, &msg)
	return msg, m.get(t, "/api/v1/message/"+id+"/raw")
}

func (m *mailpit) getJSON(t *testing.T, path string, v any) {
	t.Helper()
	if err := json.Unmarshal(m.get(t, path), v); err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
}

func (m *mailpit) get(t *testing.T, path string) []byte {
	t.Helper()
	resp, err := http.Get(m.api + path)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("GET %s: %d %v %s", path, resp.StatusCode, err, body)
	}
	return body
}

func (m *mailpit) deleteAll(t *testing.T) {
	t.Helper()
	req, _ := http.NewRequestWithContext(context.Background(), http.MethodDelete, m.api+"/api/v1/messages", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
}
