package testkit

import (
	"net"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestParseStat(t *testing.T) {
	tests := []struct {
		name string
		line string
		want ProcStat
		ok   bool
	}{
		{"plain", "42 (chromium) S 7 42 42 0 -1 4194560 100 0 0 0 250 30 12 3 20 0 9 0 100 0 0",
			ProcStat{PID: 42, PPID: 7, State: 'S', UTime: 2500 * time.Millisecond, STime: 300 * time.Millisecond,
				CUTime: 120 * time.Millisecond, CSTime: 30 * time.Millisecond}, true},
		{"a name with spaces and parentheses", "43 (Web Content) (x)) Z 1 0 0 0 -1 0 0 0 0 0 1 2 3 4 20",
			ProcStat{PID: 43, PPID: 1, State: 'Z', UTime: 10 * time.Millisecond, STime: 20 * time.Millisecond,
				CUTime: 30 * time.Millisecond, CSTime: 40 * time.Millisecond}, true},
		{"cut short", "44 (x) S 1 2 3", ProcStat{}, false},
		{"no name", "garbage", ProcStat{}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := parseStat(tc.want.PID, []byte(tc.line))
			if ok != tc.ok || got != tc.want {
				t.Errorf("parseStat(%q) = %+v, %v; want %+v, %v", tc.line, got, ok, tc.want, tc.ok)
			}
			if ok && got.CPU() != got.OwnCPU()+got.CUTime+got.CSTime {
				t.Errorf("CPU %v is not own %v plus the reaped children's", got.CPU(), got.OwnCPU())
			}
		})
	}
}

func TestSocketAddr(t *testing.T) {
	tests := []struct{ in, want string }{
		{"0100007F:4ABD", "127.0.0.1:19133"},
		{"00000000000000000000000001000000:0050", "[::1]:80"},
		{"0500007F:01BB", "127.0.0.5:443"},
	}
	for _, tc := range tests {
		if got, err := socketAddr(tc.in); err != nil || got != tc.want {
			t.Errorf("socketAddr(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	if got, err := socketAddr("zz:1"); err == nil {
		t.Errorf("socketAddr of garbage = %q, want an error", got)
	}
}

// TestProcOfRealProcesses reads this test's own process and a child it
// starts (a shell that sleeps, with a mark in its command line and
// environment): the
// tree, the children, the state, the command line, the environment, the
// memory and a listening socket are what they are.
func TestProcOfRealProcesses(t *testing.T) {
	NeedProc(t)
	mark := "rentwatch-proc-test-mark"
	// "; :" keeps the shell from becoming sleep: it stays the child.
	cmd := exec.Command(Need(t, "sh"), "-c", "sleep 300; :", mark)
	cmd.Env = append(os.Environ(), "PROC_TEST_MARK="+mark)
	StartProcess(t, cmd)
	child := cmd.Process.Pid
	self := os.Getpid()

	if !Alive(self) || !Alive(child) {
		t.Fatalf("Alive(self %d) = %v, Alive(child %d) = %v", self, Alive(self), child, Alive(child))
	}
	if s, ok := ReadStat(child); !ok || s.PPID != self {
		t.Errorf("ReadStat(child) = %+v, %v; want parent %d", s, ok, self)
	}
	if tree := Tree(self); len(tree) < 2 || tree[0] != self || !slices.Contains(tree, child) {
		t.Errorf("Tree(self) = %v, want self first and the child in it", tree)
	}
	if d := Descendants(self); slices.Contains(d, self) || !slices.Contains(d, child) {
		t.Errorf("Descendants(self) = %v, want the child and not self", d)
	}
	if c := Children(self); !slices.Contains(c, child) {
		t.Errorf("Children(self) = %v, want %d in it", c, child)
	}
	for end := time.Now().Add(Patience); len(Args(child)) < 4 && time.Now().Before(end); {
		time.Sleep(10 * time.Millisecond) // until the child has run the shell
	}
	if a := Args(child); len(a) != 4 || a[3] != mark {
		t.Errorf("Args(child) = %q, want sh -c ... %s", a, mark)
	}
	// The shell forks sleep: until the fork has exec'd, it carries the
	// shell's command line, mark and all (seen on a busy machine).
	sleeping := func() bool {
		for _, c := range Children(child) {
			if a := Args(c); len(a) > 0 && strings.HasSuffix(a[0], "sleep") {
				return true
			}
		}
		return false
	}
	for end := time.Now().Add(Patience); !sleeping() && time.Now().Before(end); {
		time.Sleep(10 * time.Millisecond)
	}
	if m := Matching(mark + "\x00"); !slices.Equal(m, []int{child}) {
		t.Errorf("Matching(mark) = %v, want [%d]", m, child)
	}
	if env, err := Environ(child); err != nil || !strings.Contains(string(env), "PROC_TEST_MARK="+mark) {
		t.Errorf("Environ(child) lacks the mark (err %v)", err)
	}
	if rss, ok := KB(self, "status", "VmRSS"); !ok || rss <= 0 {
		t.Errorf("KB(self, status, VmRSS) = %d, %v", rss, ok)
	}
	if _, ok := KB(self, "status", "NoSuchField"); ok {
		t.Error("KB found a field that is not there")
	}
	if m := TreeMem(self); m.Procs < 2 || m.RSS <= 0 {
		t.Errorf("TreeMem(self) = %+v, want two processes or more", m)
	}
	if th := Threads(self); len(th) == 0 || th[0].PID != self {
		t.Errorf("Threads(self) = %v", th)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	got, err := Listening([]int{self})
	if err != nil || !slices.Contains(got, l.Addr().String()) {
		t.Errorf("Listening(self) = %v, %v; want %s in it", got, err, l.Addr())
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	if Alive(child) {
		t.Errorf("Alive(%d) after it was killed and reaped", child)
	}
}
