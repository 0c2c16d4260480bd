"""How Legends of Labyrinth's cards show on the table: a hero's kind on the type
line, a retinue's number."""

from tablekit.core.cardtemplates import CardTemplate, Stat

CARD_TEMPLATES = (
    CardTemplate(kinds=("hero",), line=("hero_kind",)),
    CardTemplate(kinds=("retinue",), stats=(Stat("number", "Number", "#"),)),
)
