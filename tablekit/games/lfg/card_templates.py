"""How LFG's heroes show on the table: the roles they can fill on the type line,
their renown, and their renown while hurt."""

from tablekit.core.cardtemplates import CardTemplate, Stat

CARD_TEMPLATES = (
    CardTemplate(line=("roles",), stats=(Stat("renown", "Renown", "★"), Stat("hurt_renown", "Hurt", "✚"))),
)
