"""Shared pieces for the round-3 reconstructions: page chrome around the
results and the truth-file writer. Each page module returns
(file name, html text, truth dict[, encoding])."""

import html
import json

esc = html.escape


def head(title, extra=""):
    return ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">\n<title>%s</title>\n'
            '<meta name="viewport" content="width=device-width,initial-scale=1">\n'
            '<link rel="stylesheet" href="/assets/app.3f9a1c.css">\n%s</head>\n' % (esc(title), extra))


def nav(links):
    items = "".join('<li><a href="%s">%s</a></li>' % (esc(h), esc(t)) for h, t in links)
    return '<header class="site-header"><a class="logo" href="/">Home</a><nav class="main-nav"><ul>%s</ul></nav></header>\n' % items


def footer(links):
    items = " ".join('<a href="%s">%s</a>' % (esc(h), esc(t)) for h, t in links)
    return '<footer class="site-footer"><p>%s</p><p>&copy; 2024</p></footer>\n' % items


def listing(url, title, price, price_value=None, size=None, size_m2=None, rooms=None, image=None):
    d = {"url": url, "title": title, "price": price}
    if price_value is not None:
        d["price_value"] = price_value
    if size is not None:
        d["size"] = size
        d["size_m2"] = size_m2
    if rooms is not None:
        d["rooms"] = rooms
    if image is not None:
        d["image"] = image
    return d


def truth(file, page_url, listings, excluded=(), **extra):
    t = {"file": file, "page_url": page_url, "listings": list(listings),
         "excluded": [{"url": u} for u in excluded]}
    t.update(extra)
    return t


def js(obj):
    """JSON as a page embeds it in a script: no '</' that would close it."""
    return json.dumps(obj, ensure_ascii=False).replace("</", "<\\/")
