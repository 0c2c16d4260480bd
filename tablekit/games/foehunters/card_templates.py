"""How Foe Hunters' cards show on the table: role and affinity on the type line,
and the cost, hit points and experience printed on them."""

from tablekit.core.cardtemplates import CardTemplate, Stat

COST = Stat("cost", "Cost", "★")
HP = Stat("hp", "HP", "♥")
XP = Stat("xp", "XP", "★")

CARD_TEMPLATES = (
    CardTemplate(kinds=("hero",), line=("role",), stats=(HP,)),
    CardTemplate(kinds=("ability", "equipment", "persistent"), line=("role", "affinity"), stats=(COST,)),
    CardTemplate(kinds=("ally",), line=("role", "affinity"), stats=(COST, HP)),
    CardTemplate(kinds=("vassal",), stats=(HP, XP)),
    CardTemplate(kinds=("foe",), stats=(HP,)),
)
