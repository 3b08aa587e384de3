package outbox

import (
	"bytes"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"io"
	"log"
	"sync"

	"github.com/esiqveland/notify"
	"github.com/godbus/dbus/v5"
)

// Clickable shows pop-ups through org.freedesktop.Notifications with a
// default action, and hears the server's ActionInvoked: a click on a
// pop-up calls OnClick with what the pop-up opens (the listing, the search,
// the check-by-hand window). Make one with NewClickable; Close it when
// done. Safe for concurrent use.
type Clickable struct {
	conn *dbus.Conn
	n    notify.Notifier

	// mu guards opens.
	mu    sync.Mutex
	opens map[uint32]Action // by notification id; the oldest go first
	order []uint32
}

// maxOpens is how many pop-ups' actions are kept: a click on an older one
// (long gone from the screen) does nothing.
const maxOpens = 200

// NewClickable connects to the session bus named by
// DBUS_SESSION_BUS_ADDRESS or found at $XDG_RUNTIME_DIR/bus, and never
// starts one (godbus would otherwise launch a bus of its own, which a
// machine without a desktop must not get). onClick runs on its own
// goroutine for each click on a pop-up that opens something.
func NewClickable(onClick func(Action)) (*Clickable, error) {
	addr, err := sessionBusAddress()
	if err != nil {
		return nil, fmt.Errorf("desktop pop-ups: %w", err)
	}
	conn, err := dbus.Connect(addr)
	if err != nil {
		return nil, fmt.Errorf("desktop pop-ups: no session bus: %w", err)
	}
	c := &Clickable{conn: conn, opens: map[uint32]Action{}}
	c.n, err = notify.New(conn, notify.WithLogger(log.New(io.Discard, "", 0)), notify.WithOnAction(func(s *notify.ActionInvokedSignal) {
		if s.ActionKey != "default" && s.ActionKey != "open" {
			return
		}
		c.mu.Lock()
		a, ok := c.opens[s.ID]
		c.mu.Unlock()
		if ok && onClick != nil {
			go onClick(a)
		}
	}))
	if err != nil {
		conn.Close()
		return nil, fmt.Errorf("desktop pop-ups: %w", err)
	}
	return c, nil
}

// Notify shows a pop-up that opens nothing.
func (c *Clickable) Notify(title, body string) error { return c.NotifyClick(title, body, Action{}) }

// NotifyClick shows a pop-up; a click on it opens open (nothing for the
// zero Action).
func (c *Clickable) NotifyClick(title, body string, open Action) error {
	note := notify.Notification{AppName: appName, Summary: title, Body: body,
		ExpireTimeout: notify.ExpireTimeoutSetByNotificationServer}
	if img := iconRGBA(); img != nil {
		note.AddHint(notify.HintImageDataRGBA(img))
	}
	if open.Kind != "" {
		note.Actions = []notify.Action{notify.NewDefaultAction("Open"), {Key: "open", Label: "Open"}}
	}
	id, err := c.n.SendNotification(note)
	if err != nil {
		return err
	}
	if open.Kind != "" {
		c.mu.Lock()
		c.opens[id] = open
		c.order = append(c.order, id)
		for len(c.order) > maxOpens {
			delete(c.opens, c.order[0])
			c.order = c.order[1:]
		}
		c.mu.Unlock()
	}
	return nil
}

// Close stops listening and closes the bus connection.
func (c *Clickable) Close() error {
	err := c.n.Close()
	c.conn.Close()
	return err
}

var (
	iconOnce sync.Once
	iconImg  *image.RGBA
)

func iconRGBA() *image.RGBA {
	iconOnce.Do(func() {
		src, err := png.Decode(bytes.NewReader(icon))
		if err != nil {
			return
		}
		iconImg = image.NewRGBA(src.Bounds())
		draw.Draw(iconImg, iconImg.Bounds(), src, src.Bounds().Min, draw.Src)
	})
	return iconImg
}
