package testkit

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// This file reads processes out of /proc (Linux): their tree, state, CPU
// time, memory, command line, environment, threads and listening sockets.
// Every test and benchmark that looks at a process (the app's, Chrome's
// tree, the test's own) reads it here. A process that is gone by the time
// it is read is left out, never an error: trees change while they are read.

// tick is one clock tick of /proc/PID/stat's CPU times: USER_HZ is 100 on
// every Linux.
const tick = 10 * time.Millisecond

// NeedProc skips the test where there is no /proc to read (off Linux).
func NeedProc(t testing.TB) {
	t.Helper()
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("needs /proc (Linux)")
	}
}

// ProcStat is what /proc/PID/stat says of a process.
type ProcStat struct {
	PID, PPID int
	State     byte // R running, S sleeping, D in I/O, Z zombie, ...
	// UTime and STime are its own user and system CPU time; CUTime and
	// CSTime what its children it reaped used (a closed tab's renderer,
	// reaped by Chrome's zygote; a Chrome tree the app reaped).
	UTime, STime, CUTime, CSTime time.Duration
}

// OwnCPU is the CPU time the process itself used.
func (s ProcStat) OwnCPU() time.Duration { return s.UTime + s.STime }

// CPU is the CPU time the process and the children it reaped used.
func (s ProcStat) CPU() time.Duration { return s.UTime + s.STime + s.CUTime + s.CSTime }

// ReadStat reads pid's /proc/PID/stat; false when it is gone.
func ReadStat(pid int) (ProcStat, bool) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return ProcStat{}, false
	}
	return parseStat(pid, data)
}

// parseStat reads a stat line. The command name, in parentheses, may hold
// spaces and parentheses itself: the fields start after the last ")".
func parseStat(pid int, data []byte) (ProcStat, bool) {
	i := bytes.LastIndexByte(data, ')')
	if i < 0 || i+2 > len(data) {
		return ProcStat{}, false
	}
	f := strings.Fields(string(data[i+2:]))
	if len(f) < 15 || len(f[0]) != 1 {
		return ProcStat{}, false
	}
	num := func(k int) int64 { v, _ := strconv.ParseInt(f[k], 10, 64); return v }
	return ProcStat{
		PID: pid, PPID: int(num(1)), State: f[0][0],
		UTime: time.Duration(num(11)) * tick, STime: time.Duration(num(12)) * tick,
		CUTime: time.Duration(num(13)) * tick, CSTime: time.Duration(num(14)) * tick,
	}, true
}

// Alive reports whether pid is a live process: there, and not a zombie.
func Alive(pid int) bool {
	s, ok := ReadStat(pid)
	return ok && s.State != 'Z'
}

// pids lists every process now.
func pids() []int {
	entries, _ := os.ReadDir("/proc")
	out := make([]int, 0, len(entries))
	for _, e := range entries {
		if pid, err := strconv.Atoi(e.Name()); err == nil {
			out = append(out, pid)
		}
	}
	return out
}

// Tree is pid and every process below it, parents first.
func Tree(pid int) []int {
	children := map[int][]int{}
	for _, p := range pids() {
		if s, ok := ReadStat(p); ok {
			children[s.PPID] = append(children[s.PPID], p)
		}
	}
	var tree []int
	for queue := []int{pid}; len(queue) > 0; queue = queue[1:] {
		tree = append(tree, queue[0])
		queue = append(queue, children[queue[0]]...)
	}
	return tree
}

// Descendants is every process below pid, without pid.
func Descendants(pid int) []int { return Tree(pid)[1:] }

// Children are pid's direct children as its threads list them
// (/proc/PID/task/*/children), zombies included.
func Children(pid int) []int {
	var out []int
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", pid))
	for _, f := range tasks {
		data, _ := os.ReadFile(f)
		for _, c := range strings.Fields(string(data)) {
			if n, err := strconv.Atoi(c); err == nil {
				out = append(out, n)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Matching are the processes whose command line (its arguments joined by
// NUL, and ending with one) holds s: "--user-data-dir=" + dir + "\x00"
// finds the Chrome on that profile and its helpers.
func Matching(s string) []int {
	var out []int
	for _, p := range pids() {
		cmdline, err := os.ReadFile("/proc/" + strconv.Itoa(p) + "/cmdline")
		if err == nil && bytes.Contains(cmdline, []byte(s)) {
			out = append(out, p)
		}
	}
	return out
}

// Args are pid's command-line arguments; nil when it is gone.
func Args(pid int) []string {
	cmdline, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
	if err != nil {
		return nil
	}
	return strings.Split(strings.TrimSuffix(string(cmdline), "\x00"), "\x00")
}

// ChromeType says what a Chrome process does: its --type ("renderer",
// "gpu-process", "zygote", "utility"; "" for the browser process) and, for
// a utility, its --utility-sub-type ("network.mojom.NetworkService"). It
// copes with helpers that rewrote their command line as one string.
func ChromeType(pid int) (kind, sub string) {
	for _, a := range Args(pid) {
		for _, arg := range strings.Fields(a) {
			if v, ok := strings.CutPrefix(arg, "--type="); ok {
				kind = v
			}
			if v, ok := strings.CutPrefix(arg, "--utility-sub-type="); ok {
				sub = v
			}
		}
	}
	return kind, sub
}

// Environ is pid's environment as it started, NUL-separated.
func Environ(pid int) ([]byte, error) {
	return os.ReadFile("/proc/" + strconv.Itoa(pid) + "/environ")
}

// KB reads a "Name:   123 kB" line of one of pid's /proc files: "status"
// (VmRSS, VmHWM, RssAnon...) or "smaps_rollup" (Pss, Pss_Anon...). name is
// without its colon. false when the process or the line is not there.
func KB(pid int, file, name string) (int64, bool) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/" + file)
	if err != nil {
		return 0, false
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, name+":"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb, err == nil
		}
	}
	return 0, false
}

// Mem is the memory of a process tree, in kB.
type Mem struct {
	// RSS counts a page shared by several processes once in each; PSS
	// splits it between them (from smaps_rollup, where the kernel has it).
	RSS, PSS int64
	Procs    int // the processes counted
}

// TreeMem sums the memory of pid and every process below it.
func TreeMem(pid int) Mem {
	var m Mem
	for _, p := range Tree(pid) {
		rss, ok := KB(p, "status", "VmRSS")
		if !ok {
			continue
		}
		pss, _ := KB(p, "smaps_rollup", "Pss")
		m.RSS += rss
		m.PSS += pss
		m.Procs++
	}
	return m
}

// TreeCPU is the CPU time pid and every process below it used: each live
// one's own, plus what their reaped children used, which covers every
// process of the tree that exited since it started. Unlike wall time on a
// shared machine, it does not depend on what else runs.
func TreeCPU(pid int) time.Duration {
	var d time.Duration
	for _, p := range Tree(pid) {
		if s, ok := ReadStat(p); ok {
			d += s.CPU()
		}
	}
	return d
}

// Thread is one thread of a process, as its schedstat says.
type Thread struct {
	PID, TID int
	CPU      time.Duration // time on a CPU
	Runs     int64         // times it was put on a CPU: every wakeup is one
}

// Threads are pid's threads.
func Threads(pid int) []Thread {
	dir := fmt.Sprintf("/proc/%d/task", pid)
	tids, _ := os.ReadDir(dir)
	var out []Thread
	for _, e := range tids {
		tid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name(), "schedstat"))
		f := strings.Fields(string(data))
		if err != nil || len(f) < 3 {
			continue
		}
		ns, _ := strconv.ParseInt(f[0], 10, 64)
		runs, _ := strconv.ParseInt(f[2], 10, 64)
		out = append(out, Thread{PID: pid, TID: tid, CPU: time.Duration(ns), Runs: runs})
	}
	return out
}

// OpenFiles are what pid's open file descriptors point at ("socket:[123]",
// "/path/to/file", "pipe:[456]").
func OpenFiles(pid int) []string {
	dir := fmt.Sprintf("/proc/%d/fd", pid)
	fds, _ := os.ReadDir(dir)
	var out []string
	for _, fd := range fds {
		if link, err := os.Readlink(filepath.Join(dir, fd.Name())); err == nil {
			out = append(out, link)
		}
	}
	return out
}

// Listening lists the TCP sockets (v4 and v6) the processes pids listen on,
// as ip:port.
func Listening(pids []int) ([]string, error) {
	inodes := map[string]bool{}
	for _, pid := range pids {
		for _, f := range OpenFiles(pid) {
			if inode, ok := strings.CutPrefix(f, "socket:["); ok {
				inodes[strings.TrimSuffix(inode, "]")] = true
			}
		}
	}
	var out []string
	for _, table := range []string{"/proc/net/tcp", "/proc/net/tcp6"} {
		f, err := os.Open(table)
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			// sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
			fields := strings.Fields(sc.Text())
			if len(fields) < 10 || fields[3] != "0A" || !inodes[fields[9]] { // 0A: LISTEN
				continue
			}
			addr, err := socketAddr(fields[1])
			if err != nil {
				f.Close()
				return out, err
			}
			out = append(out, addr)
		}
		f.Close()
	}
	return out, nil
}

// socketAddr reads /proc/net/tcp's "0100007F:4ABD" (little-endian words).
func socketAddr(s string) (string, error) {
	hexIP, hexPort, _ := strings.Cut(s, ":")
	raw, err := hex.DecodeString(hexIP)
	port, err2 := strconv.ParseUint(hexPort, 16, 16)
	if err != nil || err2 != nil || len(raw)%4 != 0 {
		return "", fmt.Errorf("cannot read the address %q", s)
	}
	ip := make(net.IP, len(raw))
	for i := 0; i < len(raw); i += 4 {
		ip[i], ip[i+1], ip[i+2], ip[i+3] = raw[i+3], raw[i+2], raw[i+1], raw[i]
	}
	return net.JoinHostPort(ip.String(), strconv.FormatUint(port, 10)), nil
}

// CheckChromeEnv reads the environment of the Chrome pid, of every process
// below it and of every process started on its profile, and fails the test
// where one holds secret; pid's must hold PATH (what Chrome needs stays).
// (Processes Chrome forks from its zygote write their command line over
// that memory: theirs show no PATH.)
func CheckChromeEnv(t testing.TB, pid int, profile, secret string) {
	t.Helper()
	procs := append(Tree(pid), Matching("--user-data-dir="+profile+"\x00")...)
	slices.Sort(procs)
	procs = slices.Compact(procs)
	read := 0
	for _, p := range procs {
		env, err := Environ(p)
		if err != nil {
			continue // gone meanwhile
		}
		read++
		if bytes.Contains(env, []byte(secret)) {
			t.Errorf("Chrome process %d (of %d) has the secret in its environment", p, pid)
		}
		if p == pid && !bytes.Contains(append([]byte{0}, env...), []byte("\x00PATH=")) {
			t.Errorf("Chrome (%d) has no PATH in its environment", p)
		}
	}
	if read < 3 {
		t.Errorf("read the environment of %d Chrome processes (pid %d), want the browser and its helpers", read, pid)
	}
}
