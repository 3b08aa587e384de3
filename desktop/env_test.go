package desktop

import (
	"slices"
	"testing"
)

func TestChildEnv(t *testing.T) {
	in := []string{
		"HOME=/home/sam", "PATH=/usr/bin:/bin", "LANG=nl_NL.UTF-8", "LC_ALL=nl_NL.UTF-8", "TZ=Europe/Amsterdam",
		"DISPLAY=:0", "WAYLAND_DISPLAY=wayland-0", "XAUTHORITY=/run/user/1000/.Xauthority", "XDG_RUNTIME_DIR=/run/user/1000",
		"XDG_SESSION_TYPE=wayland", "DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/1000/bus", "FONTCONFIG_PATH=/etc/fonts",
		"https_proxy=http://sam:proxypass@proxy:3128", "SystemRoot=C:\\Windows", "LOCALAPPDATA=C:\\Users\\sam\\AppData\\Local",
		// Dropped: ours, and anything that says or looks like a secret.
		"RENTWATCH_SMTP_PASSWORD=hunter2", "RENTWATCH_CHROME=/usr/bin/chromium", "RENTWATCH_DATA=/tmp/x",
		"GITHUB_TOKEN=ghp_x", "AWS_SECRET_ACCESS_KEY=x", "AWS_ACCESS_KEY_ID=x", "OPENAI_API_KEY=x", "SMTP_PASS=x",
		"DB_PASSWD=x", "SSH_AUTH_SOCK=/tmp/ssh-agent", "GPG_PASSPHRASE=x", "MY_CREDENTIALS=x", "SESSION_COOKIE=x",
		"DATABASE_URL=postgres://app:s3cret@db:5432/app", "Private_Thing=x", "NOEQUALSIGN", "=weird",
	}
	want := []string{
		"HOME=/home/sam", "PATH=/usr/bin:/bin", "LANG=nl_NL.UTF-8", "LC_ALL=nl_NL.UTF-8", "TZ=Europe/Amsterdam",
		"DISPLAY=:0", "WAYLAND_DISPLAY=wayland-0", "XAUTHORITY=/run/user/1000/.Xauthority", "XDG_RUNTIME_DIR=/run/user/1000",
		"XDG_SESSION_TYPE=wayland", "DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/1000/bus", "FONTCONFIG_PATH=/etc/fonts",
		"https_proxy=http://sam:proxypass@proxy:3128", "SystemRoot=C:\\Windows", "LOCALAPPDATA=C:\\Users\\sam\\AppData\\Local",
	}
	if got := ChildEnv(in); !slices.Equal(got, want) {
		t.Errorf("ChildEnv kept\n%q\nwant\n%q", got, want)
	}
}
