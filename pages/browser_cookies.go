package pages

import (
	"context"

	"github.com/chromedp/cdproto/network"
)

// Cookies returns every cookie of the headless Chrome, starting it if
// need be: the window of a check by hand starts with them (package byhand).
func (b *Browser) Cookies(ctx context.Context) ([]*network.Cookie, error) {
	if err := b.share(ctx); err != nil {
		return nil, err
	}
	defer b.use.RUnlock()
	run, err := b.running(ctx)
	if err != nil {
		return nil, err
	}
	return run.proc.Cookies(run.ctx)
}

// SetCookies writes cookies into the headless Chrome, as they were,
// starting it if need be (it may have crashed meanwhile): what the user
// earned in the window of a check by hand.
func (b *Browser) SetCookies(ctx context.Context, cookies []*network.Cookie) error {
	if err := b.share(ctx); err != nil {
		return err
	}
	defer b.use.RUnlock()
	run, err := b.running(ctx)
	if err != nil {
		return err
	}
	return run.proc.SetCookies(run.ctx, cookies)
}

// Options are the Browser's options, the defaults filled in.
func (b *Browser) Options() BrowserOptions { return b.opts }
