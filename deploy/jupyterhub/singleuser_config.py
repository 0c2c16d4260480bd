# The settings of each student's Jupyter server (the hub's config passes this file
# with --config). Voilà runs in it as a server extension, not as `tablekit serve`'s
# own app, so the settings `tablekit serve` gives Voilà are set here again.

c = get_config()  # noqa: F821 - injected by the config loader

# (the hub's config names tablekit's offline template and puts its folder on
# JUPYTER_PATH) no code showing, the error banner instead of tracebacks with the
# server's paths
c.VoilaConfiguration.strip_sources = True
c.VoilaConfiguration.show_tracebacks = False

# Served as an extension, Voilà's page loads MathJax from a CDN unless the server's
# settings name none (the standalone app names none). The notebooks need no MathJax,
# and an offline classroom could not load it.
c.ServerApp.tornado_settings = {"mathjax_url": None, "mathjax_config": None}

# the class needs no shell in the browser
c.ServerApp.terminals_enabled = False
