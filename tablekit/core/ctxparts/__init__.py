"""The parts of `Ctx`, each with one job (tablekit/core/context.py joins them into the one
context a rule function works with):

* `table.TablePart`: who and where (players, zones, cards, names, counters);
* `events.EventsPart`: the event pipeline, replacements, actions, the ability index;
* `stack.StackPart`: the resolution stack, response windows, chains, triggers;
* `limits.LimitsPart`: once-per limits and modified stats;
* `lasting.LastingPart`: lasting effects, delayed triggers, restrictions, reveals;
* `flowplace.FlowPart`: where the game stands, its end, faces, rulings, who decides.
"""
