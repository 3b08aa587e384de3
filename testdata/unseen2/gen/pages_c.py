"""Round-2 unseen pages, part C: a mobile site, a Cyrillic windows-1251 page
and 64 results beside a map of the same listings."""

from common import *


def mobile_short():
    r = rng("u2-mobile")
    host = "https://m.rentboard.ie"
    page_url = host + "/s/dublin?t=rent"
    listings, rows = [], []
    for i in range(20):
        aid = 88000000 + r.randint(1, 999999)
        title = "%d bed %s · %s" % (r.randint(1, 3), r.choice(["apt", "house", "room"]), r.choice(["Rathmines", "Phibsboro", "Drumcondra", "Ranelagh", "Stoneybatter"]))
        price = "€%s" % group3(r.choice([950, 1200, 1650, 2100]), ",")
        listings.append((host + "/a/%d" % aid, title, price))
        rows.append('<li><a href="/a/%d"><b>%s</b> %s</a> <i>%s</i></li>' % (aid, esc(price), esc(title), r.choice(["2h", "5h", "1d", "3d"])))
    body = f'''<div class="hd"><a href="/">rentboard</a> <a href="/menu">☰</a></div>
<form action="/s/dublin"><input name="q" placeholder="Search"></form>
<p class="cnt">{len(listings)} of 412</p>
<ul class="r">{''.join(rows)}</ul>
<p><a href="/s/dublin?t=rent&amp;o=20">More</a></p>
<p class="ft"><a href="https://www.rentboard.ie/s/dublin?t=rent">Full site</a> · <a href="/help">Help</a></p>'''
    html_ = ('<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">'
             '<title>Dublin rentals</title><style>ul.r li{padding:4px 0;border-bottom:1px solid #ddd}</style></head><body>' + body + '</body></html>\n')
    return ("mobile_short_cards.html", html_, truth("mobile_short_cards.html", page_url, listings, [],
            "Mobile site: each result is one <li><a><b>€1,200</b> 2 bed apt · Rathmines</a> <i>2h</i></li>; no images, headings "
            "or class names on the cards; the title is the link text after the price."))


def cyrillic_1251():
    r = rng("u2-imot")
    host = "https://www.imot.bg"
    page_url = host + "/pcgi/imot.cgi?act=3&slink=9f4k2x&f1=1"
    listings, rows = [], []
    for i in range(14):
        adv = "1c%d%05d" % (r.randint(16800000, 16899999), r.randint(10000, 99999))
        kind = r.choice(["1-СТАЕН", "2-СТАЕН", "3-СТАЕН", "МЕЗОНЕТ"])
        hood = r.choice(["Лозенец", "Младост 1", "Център", "Люлин 5", "Изток", "Витоша", "Надежда 2"])
        title = "Дава под наем %s" % kind
        if i % 3 == 0:
            price = "%s лв." % group3(r.choice([900, 1100, 1400]), " ")
        else:
            price = "%s EUR" % r.choice([450, 550, 650, 800, 1200])
        href = "//www.imot.bg/pcgi/imot.cgi?act=5&adv=%s&slink=9f4k2x&f1=1" % adv
        listings.append(("https://www.imot.bg/pcgi/imot.cgi?act=5&adv=%s&f1=1&slink=9f4k2x" % adv, title, price))
        rows.append(f'''<table width="660" cellspacing="0" cellpadding="0" border="0"><tr>
<td width="164" rowspan="3" valign="top"><a href="{href}" class="photoLink"><img src="//imotstatic3.focus.bg/imot/photosimotbg/1/{adv[-3:]}/med/{adv}_1.pic" width="160" height="120" border="0"></a></td>
<td width="240" height="40" style="padding-left:4px"><a href="{href}" class="lnk1">{esc(title)}</a></td>
<td width="150" align="right"><div class="price">{esc(price)}<br></div></td></tr>
<tr><td colspan="2" style="padding-left:4px"><a href="{href}" class="lnk2">град София, {esc(hood)}</a></td></tr>
<tr><td colspan="2" style="padding-left:4px">{r.randint(40, 120)} кв.м, {r.randint(1, 8)}-ти ет. от {r.randint(8, 14)}, ТЕЦ, обзаведен, тел. 0888 {r.randint(100000, 999999)}</td></tr>
<tr><td colspan="3" height="10"><img src="../images/picturess/spacer.gif" width="1" height="10"></td></tr></table>''')
    menu = "".join('<a href="%s" class="mainLink">%s</a> | ' % (h, t) for h, t in [
        ("/", "Начало"), ("/pcgi/imot.cgi?act=2", "Търсене"), ("/pcgi/imot.cgi?act=4", "Публикуване"), ("/pcgi/imot.cgi?act=11", "Агенции"), ("/pcgi/imot.cgi?act=16", "Вход")])
    pager = "".join('<a href="/pcgi/imot.cgi?act=3&amp;slink=9f4k2x&amp;f1=%d" class="pageNumbers">%d</a> ' % (k, k) for k in range(2, 8))
    body = f'''<table width="980" align="center"><tr><td><a href="/"><img src="/images/logo.gif" alt="imot.bg"></a></td><td>{menu}</td></tr></table>
<table width="980" align="center"><tr><td width="660" valign="top">
<h1 style="font-size:14px">Обяви за наем на имоти в град София</h1><div class="pageNumbersInfo">Резултати от 1 до {len(listings)} от общо 2140</div>
{''.join(rows)}
<div>{pager}</div></td>
<td width="300" valign="top"><div class="bannerRight"><a href="https://adserver.focus.bg/click?b=442"><img src="https://adserver.focus.bg/b442.gif"></a></div></td></tr></table>
<table width="980" align="center"><tr><td align="center"><a href="/pcgi/imot.cgi?act=13">Условия</a> | <a href="/pcgi/imot.cgi?act=14">Реклама</a> | <a href="/pcgi/imot.cgi?act=15">Контакти</a></td></tr></table>'''
    html_ = ('<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1251">'
             '<title>Обяви за наем на имоти в град София</title><link rel="stylesheet" href="/css/style.css"></head><body>' + body + '</body></html>\n')
    return ("cyrillic_windows1251_cgi.html", html_, truth("cyrillic_windows1251_cgi.html", page_url, listings, [],
            "Bulgarian, saved as windows-1251 bytes; every page is one CGI script (imot.cgi?act=N): search act=3, details act=5 with "
            "the id only in adv=1c...; protocol-relative links; one <table> per offer, three links to it (photo, title, district); "
            "prices '650 EUR' and '1 100 лв.' (Bulgarian lev)."), "cp1251")


def map_sidebar():
    r = rng("u2-map")
    host = "https://www.roomsnearby.co.uk"
    page_url = host + "/search/manchester?type=room"
    listings, cards, pins = [], [], []
    for i in range(64):
        rid = 3300000 + r.randint(1, 999999)
        title = "%s room in %s" % (r.choice(["Double", "Single", "Ensuite", "Large double"]), r.choice(["Fallowfield", "Didsbury", "Chorlton", "Withington", "Ancoats", "Salford Quays", "Levenshulme", "Rusholme"]))
        price = "£%d pcm" % r.choice([450, 520, 595, 650, 720, 800])
        listings.append((host + "/room/%d" % rid, title, price))
        cards.append(f'''<div class="result" data-room="{rid}"><a class="result__photo" href="/room/{rid}"><img src="https://img.roomsnearby.co.uk/{rid}/t.jpg" alt=""></a>
<div class="result__info"><h3><a href="/room/{rid}">{esc(title)}</a></h3><div class="result__price">{esc(price)}</div><div class="result__avail">Available {r.choice(['now', 'from 1 Sep', 'from 15 Sep'])}</div></div></div>''')
        pins.append('<a class="map-pin" href="/room/%d" style="left:%d%%;top:%d%%" title="%s">%s</a>' % (rid, r.randint(2, 98), r.randint(2, 98), esc(title), esc(price)))
    body = f'''<header class="top">{link_list(host, [("/", "RoomsNearby"), ("/post", "List a room"), ("/help", "Help"), ("/login", "Log in")], "top-nav")}</header>
<div class="split"><div class="split__map"><div id="map" class="map-canvas"><div class="map-pins">{''.join(pins)}</div>
<div class="map-cluster" style="left:40%;top:40%"><span>12</span></div></div></div>
<div class="split__list"><h1>{len(listings)} rooms to rent in Manchester</h1><div class="results">{''.join(cards)}</div>
<div class="pages"><a href="/search/manchester?type=room&amp;page=2">Next page</a></div></div></div>
<footer>{link_list(host, [("/about", "About"), ("/privacy", "Privacy"), ("/terms", "Terms")], "f")}</footer>'''
    return ("map_pins_64_results.html", page("en-GB", "Rooms to rent in Manchester", tracking_scripts(r, "rn"), body),
            truth("map_pins_64_results.html", page_url, listings, [],
                  "64 results (each linked by photo and h3 title) in div.results, after a map whose 64 price pins (a.map-pin, text "
                  "'£595 pcm') link to the same listings: each listing once, with its real title."))
