package blocks

import "strings"

// vercel: Attack Challenge Mode and the firewall's challenge action serve
// "Vercel Security Checkpoint", which loads its script from the reserved
// /.well-known/vercel/security/ path (with a 429 and x-vercel-mitigated,
// which fromHeaders reads first when there are headers).
func vercel(w *wallView) (Verdict, bool) {
	switch {
	case w.attr("src", "/.well-known/vercel/security/"):
		return wall(Challenge, "Vercel security checkpoint script")
	case w.title == "vercel security checkpoint":
		return wall(Challenge, `title "Vercel Security Checkpoint"`)
	}
	return Verdict{}, false
}

// radware: Radware Bot Manager (formerly ShieldSquare) redirects a
// suspected bot to its captcha on validate.perfdrive.com, whose form posts
// back there.
func radware(w *wallView) (Verdict, bool) {
	onPerfdrive := strings.Contains(hostOf(w.url), "perfdrive.com") ||
		w.attr("action", "perfdrive.com") || w.attr("src", "perfdrive.com")
	switch {
	case onPerfdrive:
		return wall(Challenge, "Radware Bot Manager captcha (validate.perfdrive.com)")
	case strings.Contains(w.title, "radware") && strings.Contains(w.title, "captcha"):
		return wall(Challenge, `title "Radware ... Captcha"`)
	}
	return Verdict{}, false
}

// f5: BIG-IP ASM / Advanced WAF's blocking page, unchanged for a decade
// and served with a 200 by default, so its text is all there is: "The
// requested URL was rejected ... Your support ID is ...". Sites that
// restyle it keep the support ID, which their help desk asks for.
func f5(w *wallView) (Verdict, bool) {
	switch {
	case w.inText("the requested url was rejected"):
		return wall(Denied, `F5 "The requested URL was rejected"`)
	case w.title == "request rejected" && w.inText("support id"):
		return wall(Denied, `F5 "Request Rejected" with a support ID`)
	}
	return Verdict{}, false
}

// hostOf returns the host of a lowercased absolute URL, or "".
func hostOf(url string) string {
	_, rest, ok := strings.Cut(url, "://")
	if !ok {
		return ""
	}
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	if i := strings.LastIndexByte(rest, '@'); i >= 0 {
		rest = rest[i+1:]
	}
	return rest
}
