"""The Voilà that `tablekit serve` runs: Voilà itself, with two fixes for a class.

* The page's kernel shutdown works. When a tab closes, Voilà's page posts
  `voila/api/shutdown/<kernel>` with the `_xsrf` value it reads from the
  `_xsrf` cookie. jupyter_server checks that value on every POST, but Voilà's
  notebook page never asks tornado for the token, so the cookie is never set
  (only Voilà's tree page sets it, through its template namespace): the post
  carries an empty `_xsrf`, is refused with 403, and the kernel lives on. Here
  the notebook page sets the cookie before it streams.
* The page loads nothing from the internet. The `tablekit` template is Voilà's
  `lab` template without the Font Awesome stylesheets it links from a CDN
  (tablekit's widgets use no icons; the template folder is put on the Jupyter
  data path below).

Run as `python -m tablekit._voila ARGS...` with Voilà's own arguments.
"""

from __future__ import annotations

import os
from pathlib import Path

TEMPLATES = Path(__file__).resolve().parent / "_jupyter"  # holds voila/templates/tablekit
TEMPLATE = "tablekit"


def _use_templates() -> None:
    """Put tablekit's template folder first on the Jupyter data path (read by Voilà
    when it looks for templates and their static files)."""
    paths = [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    if str(TEMPLATES) not in paths:
        os.environ["JUPYTER_PATH"] = os.pathsep.join([str(TEMPLATES), *paths])


def app_class():
    from voila.app import Voila
    from voila.tornado.handler import TornadoVoilaHandler

    class XsrfVoilaHandler(TornadoVoilaHandler):
        """Voilà's notebook page, which also sets the `_xsrf` cookie its shutdown post sends back."""

        async def prepare(self, *args, **kwargs):
            await super().prepare(*args, **kwargs)
            if self.request.method == "GET":
                self.xsrf_token  # noqa: B018 - reading it sets the cookie (tornado)

    class TablekitVoila(Voila):
        def init_handlers(self):
            return [(h[0], XsrfVoilaHandler, *h[2:]) if len(h) > 1 and h[1] is TornadoVoilaHandler else h
                    for h in super().init_handlers()]

    return TablekitVoila


def main(argv: list[str] | None = None) -> None:
    _use_templates()
    app_class().launch_instance(argv)


if __name__ == "__main__":
    main()
