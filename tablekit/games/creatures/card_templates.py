"""How Creatures and Cards' poker cards show on the table: the rank and suit are the
card's name (7♠); its number is its value."""

from tablekit.core.cardtemplates import CardTemplate, Stat

CARD_TEMPLATES = (
    CardTemplate(kinds=("hero", "joker"), line=("hero",)),
    CardTemplate(stats=(Stat("value", "Value", "#"),)),
)
