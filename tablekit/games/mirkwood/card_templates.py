"""How Passage Through Mirkwood's cards show on the table: the sphere on the type
line, and the numbers printed on each kind of card."""

from tablekit.core.cardtemplates import CardTemplate, Stat

COST = Stat("cost", "Cost", "◆")
THREAT_COST = Stat("threat_cost", "Threat cost", "⚠")
WILLPOWER = Stat("willpower", "Willpower", "✦")
ATTACK = Stat("attack", "Attack", "⚔")
DEFENSE = Stat("defense", "Defense", "◈")
HIT_POINTS = Stat("hit_points", "Hit points", "♥")
ENGAGEMENT = Stat("engagement", "Engagement", "↦")
THREAT = Stat("threat", "Threat", "⚠")
QUEST_POINTS = Stat("quest_points", "Quest points", "⚑")

CARD_TEMPLATES = (
    CardTemplate(kinds=("hero",), line=("sphere",), stats=(THREAT_COST, WILLPOWER, ATTACK, DEFENSE, HIT_POINTS)),
    CardTemplate(kinds=("ally",), line=("sphere",), stats=(COST, WILLPOWER, ATTACK, DEFENSE, HIT_POINTS)),
    CardTemplate(kinds=("event", "attachment"), line=("sphere",), stats=(COST,)),
    CardTemplate(kinds=("enemy",), line=("keywords",), stats=(ENGAGEMENT, THREAT, ATTACK, DEFENSE, HIT_POINTS)),
    CardTemplate(kinds=("location",), line=("keywords",), stats=(THREAT, QUEST_POINTS)),
    CardTemplate(kinds=("treachery",), line=("keywords",)),
    CardTemplate(kinds=("quest",), stats=(QUEST_POINTS,)),
)
