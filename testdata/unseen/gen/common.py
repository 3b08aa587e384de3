"""Shared pieces for the unseen-page reconstructions: deterministic data
and the page chrome (navigation, footers, facets, scripts) that real
search pages carry around their results. The per-site markup lives in
sites_*.py; run gen.py to rewrite the pages and their truth files."""

import html
import json
import random

STREETS = {
    "en": ["Camden Road", "Holloway Road", "Mare Street", "Brixton Hill", "Kingsland Road", "Essex Road",
           "Old Kent Road", "Fulham Palace Road", "Cricklewood Broadway", "Bethnal Green Road", "Caledonian Road",
           "Lordship Lane", "Streatham High Road", "Uxbridge Road", "Seven Sisters Road", "Harrow Road",
           "Stoke Newington Church Street", "Walworth Road", "Green Lanes", "Finchley Road"],
    "ie": ["Rathmines Road", "South Circular Road", "Clanbrassil Street", "Phibsborough Road", "Cork Street",
           "Thomas Street", "Baggot Street", "Ringsend Road", "Drumcondra Road", "Dorset Street",
           "Harold's Cross Road", "Pembroke Road", "Capel Street", "Camden Street", "Gardiner Street"],
    "it": ["Via Tortona", "Via Padova", "Viale Monza", "Corso Buenos Aires", "Via Savona", "Via Vigevano",
           "Viale Bligny", "Via Ripamonti", "Via Giambellino", "Corso Lodi", "Via Novara", "Viale Certosa",
           "Via Porpora", "Via Solari", "Piazzale Lotto", "Via Imbonati"],
    "fr": ["rue de la Roquette", "boulevard Voltaire", "rue Oberkampf", "avenue Parmentier", "rue de Charonne",
           "rue du Faubourg Saint-Antoine", "rue de Belleville", "rue des Pyrénées", "avenue Philippe-Auguste",
           "rue de Bagnolet", "rue Saint-Maur", "boulevard de Ménilmontant", "rue Amelot", "rue Keller"],
    "se": ["Hornsgatan", "Götgatan", "Ringvägen", "Folkungagatan", "Sankt Eriksgatan", "Odengatan",
           "Tegnérgatan", "Fleminggatan", "Hantverkargatan", "Bondegatan", "Katarina Bangata", "Krukmakargatan",
           "Upplandsgatan", "Vulcanusgatan", "Karlbergsvägen", "Torsgatan"],
    "de": ["Kastanienallee", "Schönhauser Allee", "Danziger Straße", "Sonnenallee", "Karl-Marx-Straße",
           "Boxhagener Straße", "Frankfurter Allee", "Müllerstraße", "Turmstraße", "Hermannstraße",
           "Wilmersdorfer Straße", "Kantstraße", "Greifswalder Straße", "Prenzlauer Allee", "Warschauer Straße"],
    "at": ["Neubaugasse", "Kaiserstraße", "Burggasse", "Westbahnstraße", "Zieglergasse", "Lerchenfelder Straße",
           "Josefstädter Straße", "Alser Straße", "Währinger Straße", "Favoritenstraße", "Landstraßer Hauptstraße"],
    "pl": ["Puławska", "Marszałkowska", "Grójecka", "Targowa", "Grochowska", "Wołoska", "Racławicka",
           "Żelazna", "Chłodna", "Obozowa", "Górczewska", "Stalowa", "Modlińska", "Broniewskiego"],
    "us": ["Pine St", "Union St", "E Olive Way", "Broadway E", "Dexter Ave N", "Aurora Ave N", "NW Market St",
           "Fremont Ave N", "Rainier Ave S", "California Ave SW", "Roosevelt Way NE", "15th Ave NE", "Stone Way N"],
    "ch": ["Langstrasse", "Badenerstrasse", "Hohlstrasse", "Seefeldstrasse", "Winterthurerstrasse",
           "Schaffhauserstrasse", "Birmensdorferstrasse", "Forchstrasse", "Hardturmstrasse", "Albisriederstrasse"],
    "nl": ["Kinkerstraat", "Bilderdijkstraat", "Jan Evertsenstraat", "Admiraal de Ruijterweg", "Ferdinand Bolstraat",
           "Van Woustraat", "Javastraat", "Dapperstraat", "Haarlemmerweg", "Overtoom", "Postjesweg", "Wibautstraat",
           "Linnaeusstraat", "Rijnstraat", "Amstelveenseweg"],
    "pt": ["Rua Augusta", "Avenida da Liberdade", "Rua do Ouro", "Rua de Santa Marta", "Rua dos Anjos",
           "Avenida Almirante Reis", "Rua da Graça", "Rua de São Bento", "Calçada do Combro", "Rua Morais Soares"],
}


def esc(s):
    return html.escape(s, quote=True)


def rng(seed):
    return random.Random(seed)


def slug(s):
    out = []
    for ch in s.lower():
        if ch.isalnum() and ch.isascii():
            out.append(ch)
        elif ch in "äöüåéèàáíóúñçłżźśćęąøß":
            out.append({"ä": "a", "ö": "o", "ü": "u", "å": "a", "é": "e", "è": "e", "à": "a", "á": "a",
                        "í": "i", "ó": "o", "ú": "u", "ñ": "n", "ç": "c", "ł": "l", "ż": "z", "ź": "z",
                        "ś": "s", "ć": "c", "ę": "e", "ą": "a", "ø": "o", "ß": "ss"}[ch])
        else:
            out.append("-")
    s = "".join(out)
    while "--" in s:
        s = s.replace("--", "-")
    return s.strip("-")


def group3(n, sep):
    """1650 -> '1' + sep + '650'."""
    s = str(n)
    parts = []
    while len(s) > 3:
        parts.insert(0, s[-3:])
        s = s[:-3]
    parts.insert(0, s)
    return sep.join(parts)


def link_list(base, items, cls="", li_cls=""):
    return "<ul class=\"%s\">%s</ul>" % (cls, "".join(
        "<li class=\"%s\"><a href=\"%s\">%s</a></li>" % (li_cls, esc(base + h), esc(t)) for h, t in items))


def tracking_scripts(r, site):
    """The inline tag-manager, consent and analytics boilerplate of a 2020s portal."""
    gtm = "GTM-" + "".join(r.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(7))
    parts = [
        "<script>(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});"
        "var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;"
        "j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);})"
        "(window,document,'script','dataLayer','%s');</script>" % gtm,
        "<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}"
        "gtag('consent','default',{ad_storage:'denied',analytics_storage:'denied',wait_for_update:500});</script>",
        "<script type=\"text/javascript\">var _sf_async_config={};window.__site='%s';window.__abTests=%s;</script>"
        % (site, json.dumps({"exp_%d" % i: r.choice(["control", "variant_a", "variant_b"]) for i in range(40)})),
        "<script async src=\"https://securepubads.g.doubleclick.net/tag/js/gpt.js\"></script>",
        "<script>window.googletag=window.googletag||{cmd:[]};googletag.cmd.push(function(){googletag.pubads()"
        ".enableSingleRequest();googletag.pubads().collapseEmptyDivs();googletag.enableServices();});</script>",
    ]
    return "\n".join(parts)


def css_blob(r, n=300):
    """A block of inlined critical CSS, as Next.js/styled-components pages ship."""
    rules = []
    for i in range(n):
        cls = "".join(r.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(6))
        rules.append(".%s-%d{display:flex;margin:%dpx %dpx;padding:%dpx;color:#%06x;font-size:%dpx}"
                     % (cls, i, r.randint(0, 24), r.randint(0, 24), r.randint(0, 16), r.randint(0, 0xffffff),
                        r.randint(11, 22)))
    return "<style data-styled=\"active\">" + "".join(rules) + "</style>"


def jsonld_itemlist(items):
    return "<script type=\"application/ld+json\">%s</script>" % json.dumps({
        "@context": "https://schema.org", "@type": "ItemList",
        "itemListElement": [{"@type": "ListItem", "position": i + 1, "url": u, "name": t}
                            for i, (u, t) in enumerate(items)]}, ensure_ascii=False)


def jsonld_breadcrumbs(items):
    return "<script type=\"application/ld+json\">%s</script>" % json.dumps({
        "@context": "https://schema.org", "@type": "BreadcrumbList",
        "itemListElement": [{"@type": "ListItem", "position": i + 1, "name": t, "item": u}
                            for i, (u, t) in enumerate(items)]}, ensure_ascii=False)


def page(lang, title, head_extra, body):
    return ("<!DOCTYPE html>\n<html lang=\"%s\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            "<title>%s</title>%s</head>\n<body>%s</body></html>\n" % (lang, esc(title), head_extra, body))


def truth(file, page_url, listings, excluded, notes):
    return {"file": file, "page_url": page_url,
            "listings": [{"url": u, "title": t, "price": p} for u, t, p in listings],
            "excluded": [{"url": u, "why": w} for u, w in excluded], "notes": notes}
