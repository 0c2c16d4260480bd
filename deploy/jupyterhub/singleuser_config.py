# The settings of each student's Jupyter server: the hub's config passes this file
# with --config, and Binder's postBuild copies it to ~/.jupyter. Voilà runs in that
# server as an extension, not as `tablekit serve`'s own app, so the settings
# `tablekit serve` gives Voilà are set here again.

from tablekit.serve import CULL_IDLE, CULL_INTERVAL

c = get_config()  # noqa: F821 - injected by the config loader

# tablekit's offline template (Voilà's lab template without its CDN stylesheets:
# the hub's config and binder/start put its folder on JUPYTER_PATH), no code
# showing, the error banner instead of tracebacks with the server's paths
c.VoilaConfiguration.template = "tablekit"
c.VoilaConfiguration.strip_sources = True
c.VoilaConfiguration.show_tracebacks = False

# Served as an extension, Voilà's page loads MathJax from a CDN unless the server's
# settings name none (the standalone app names none). The notebooks need no MathJax,
# and an offline classroom could not load it.
c.ServerApp.tornado_settings = {"mathjax_url": None, "mathjax_config": None}

# Closing a tab shuts its kernel down (the page posts the shutdown as it unloads).
# A kernel whose page went away without that (a laptop closed) is shut down when
# idle and unconnected as long as `tablekit serve` waits; a connected page keeps it.
c.MappingKernelManager.cull_idle_timeout = CULL_IDLE
c.MappingKernelManager.cull_interval = CULL_INTERVAL

# the class needs no shell in the browser
c.ServerApp.terminals_enabled = False
