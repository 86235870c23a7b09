"""The simulations chapter's tables and sentences, in the current language: each function
takes what a simulation counted and returns the Markdown the chapter shows (the counts
themselves come from :func:`~knlib.sim.simulate` and its friends)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from knlib.errors import RulesError
from knlib.sim.results import SimResult
from knlib.sim.stats import Proportion, count_text, percent_text
from knlib.sim.values import CardValue

from ..i18n import marked, ntr, tr
from ..markdown import table

__all__ = ["PLAYER_KINDS", "CHART_WORDS", "CHART_ALTS", "kind_text", "chart_text", "chart_alt",
           "sampling_text",
           "players_text",
           "outcomes_table", "kinds_table", "jann_money_text", "card_values_table",
           "olen_janns_table", "turn_ups_text", "order_table", "matches_table",
           "replay_table", "fast_and_stored_text", "agreement_text", "beste_text",
           "table"]

#: The chapter's kinds of player, by the name it keys its runs with.
PLAYER_KINDS: dict[str, str] = {
    "random": marked("random"),
    "random cards": marked("random cards"),
    "rule-based": marked("rule-based"),
}

#: The chapter's charts' titles, axes and marks, by key.
CHART_WORDS: dict[str, str] = {
    "first five": marked("A side wins the first five tricks"),
    "march made": marked("A march is made (all nine tricks)"),
    "share of deals": marked("share of deals (%)"),
    "no effect": marked("no effect"),
    "held card": marked("Deals won by the side holding the card (rule-based players)"),
    "holder's side": marked("deals won by the holder's side (%)"),
    "more power": marked("More powerful cards, more wins"),
    "south north won": marked("deals won by South and North (%)"),
    "power difference": marked("Olen and chosen cards:\nSouth and North's minus\n"
                               "East and West's"),
    "lead fixed": marked("The lead fixed"),
    "any lead": marked("Any card led"),
    "sets": marked("sets of four cards (%)"),
    "order title": marked("Sets of four cards whose winning card depends on the order of "
                          "play"),
    "rule-based side": marked("rule-based"),
    "target 75": marked("target 75%"),
    "target 55": marked("target 55%"),
    "rules v random": marked("The rule-based side against random players"),
    "sampling v rules": marked("The sampling side against the rule-based side"),
    "deals won": marked("deals won (%)"),
}


#: The one-sentence descriptions of the chapter's charts (their alt text), by chart.
CHART_ALTS: dict[str, str] = {
    "kinds": marked(
        "Two bar charts with 95% intervals, one bar each for random players, random cards "
        "and rule-based players. Left: the share of deals in which a side wins the first "
        "five tricks, highest for the rule-based players at about one deal in eight. "
        "Right: the share of deals with a march made, at most about one in a hundred."),
    "held card": marked(
        "A horizontal bar chart with 95% intervals: for each card role, the share of "
        "deals won by the side holding it, with a dashed line at 50%. The four lower Olen "
        "and the chosen Aces and Jacks come first, at about 60%; de Beste, the highest "
        "Ole, and the chosen Six and Seven follow; free cards sit near 50%; chosen Threes "
        "and Fours, chosen and unchosen court cards, unchosen Aces and duds fall below "
        "50%."),
    "more power": marked(
        "A horizontal bar chart with 95% intervals: the share of deals won by South and "
        "North for each difference between the Olen and chosen cards they hold and those "
        "East and West hold, from seven fewer to seven more. The share rises steadily, "
        "from about 5% to about 95%, and is close to 50% at a difference of zero."),
    "order": marked(
        "Two bar charts with 95% intervals, one bar per game, of the sets of four cards "
        "whose winning card depends on the order of play. Left, with the lead fixed: the "
        "order of the other three cards changes the winner in only a few sets in a "
        "hundred in every game, and never in Karnöffel. Right, with any card led: the "
        "order changes the winner in roughly 15% to 65% of sets, depending on the game."),
    "matches": marked(
        "Two bar charts with 95% intervals. Top: the rule-based side wins well over 75% "
        "of its deals against random players. Bottom: the sampling side's share of deals "
        "won against the rule-based side for 1, 4, 16 and 48 samples per decision, every "
        "bar above 50% and rising with the number of samples; a dashed line marks 55%."),
}


def kind_text(name: str) -> str:
    """A kind of player of the chapter ('random', 'random cards', 'rule-based'), in words."""
    if name not in PLAYER_KINDS:
        raise RulesError(tr("{value} is not a kind of player of the simulations: choose one "
                            "of {names}", value=repr(name), names=", ".join(PLAYER_KINDS)))
    return tr(PLAYER_KINDS[name])


def chart_text(key: str) -> str:
    """A title, axis or mark of the chapter's charts (:data:`CHART_WORDS`), in words."""
    if key not in CHART_WORDS:
        raise RulesError(tr("{value} is not a word of the simulations' charts: choose one of "
                            "{names}", value=repr(key), names=", ".join(CHART_WORDS)))
    return tr(CHART_WORDS[key])


def chart_alt(key: str) -> str:
    """A chart's one-sentence description (:data:`CHART_ALTS`), for its alt text."""
    if key not in CHART_ALTS:
        raise RulesError(tr("{value} is not a chart of the simulations: choose one of "
                            "{names}", value=repr(key), names=", ".join(CHART_ALTS)))
    return tr(CHART_ALTS[key])


def sampling_text(samples: int) -> str:
    """A sampling player's bar in a chart: 'sampling, 4 samples'."""
    return ntr("sampling, {n} sample", "sampling, {n} samples", samples)


def players_text(name: str) -> str:
    """A stored match's player as a reader says it: 'SamplingPlayer(samples=4, seed)' ->
    'sampling player, 4 samples'; a name it does not know comes back as it is."""
    m = re.match(r"SamplingPlayer\(samples=(\d+)", name)
    if m:
        return ntr("sampling player, {n} sample", "sampling player, {n} samples",
                   int(m.group(1)))
    if name == "RulePlayer()":
        return tr("rule-based player")
    if name == "RandomPlayer(seed)":
        return tr("random player")
    return name


def outcomes_table(result: SimResult) -> str:
    """Who won, how often a Jann was taken and a march made."""
    return table(["", tr("share of the deals")], [
        [tr("South and North won"), result.win_rate(0)],
        [tr("West and East won"), result.win_rate(1)],
        [tr("a Jann was taken"), result.rate("jann")],
        [tr("a march was made"), result.rate("march_made")]])


def kinds_table(runs: Mapping[str, SimResult]) -> str:
    """The kinds of player side by side: first five tricks, Jann, march, runs."""
    head = [tr("players"), tr("first five tricks won"), tr("Jann taken"), tr("march tried"),
            tr("march made"), tr("ran from a face-down lead")]
    return table(head, [
        [kind_text(name), Proportion(r.jann + r.march_attempted, r.n), r.rate("jann"),
         r.rate("march_attempted"), r.rate("march_made"), r.rate("run")]
        for name, r in runs.items()])


def jann_money_text(share: float) -> str:
    """What share of the money the rule-based players won came from Janns."""
    return tr("Of all the money the rule-based players won, **{share}** came from Janns.",
              share=percent_text(share, 0))


def card_values_table(values: Sequence[CardValue]) -> str:
    """Each card (role): how often its holder's side won, the mean payment to its holder."""
    return table([tr("card (role)"), tr("the holder's side won"),
                  tr("mean payment to the holder (cents)")],
                 [[v.label, v.wins, v.payment] for v in values])


def olen_janns_table(rows: Iterable[tuple[str, Proportion, Proportion]]) -> str:
    """Each Ole: how often its holder's side, and the other side, took a Jann."""
    return table([tr("Ole"), tr("the holder's side takes a Jann"),
                  tr("the other side takes a Jann")], rows)


def turn_ups_text(rows: Iterable[tuple[int, Proportion, float]], redeal: float,
                  pairs: Iterable[tuple[str, float]]) -> str:
    """How many cards were turned up (simulated and exact), how often a redeal comes and
    how often each pair of chosen suits."""
    shares = ", ".join(tr("{suits} {share}", suits=suits, share=percent_text(share))
                       for suits, share in pairs)
    head = table([tr("turn-ups"), tr("simulated"), tr("exact (no redeal)")],
                 [[k, sim, percent_text(exact, 2)] for k, sim, exact in rows])
    return head + "\n\n" + tr("A redeal comes in {share} of deals. The six pairs of chosen "
                              "suits: {pairs} (each should be 1/6 = {sixth}).",
                              share=percent_text(redeal, 2), pairs=shares,
                              sixth=percent_text(1 / 6))


def order_table(rows: Iterable[tuple[str, Proportion, Proportion, Proportion]]) -> str:
    """Per game: how often the order of play changes the winner of four cards."""
    return table([tr("game"), tr("lead fixed"), tr("lead fixed, equal cards left out"),
                  tr("any card led")], rows)


def matches_table(matches: Iterable[Mapping[str, Any]]) -> str:
    """The stored matches: the two sides' players, the deals, South and North's wins."""
    return table([tr("South and North"), tr("West and East"), tr("deals"),
                  tr("South and North won")],
                 [[players_text(m["side0"]), players_text(m["side1"]), count_text(m["deals"]),
                   Proportion(m["side0_wins"], m["deals"])] for m in matches])


def replay_table(rows: Iterable[tuple[Mapping[str, Any], str]]) -> str:
    """Each stored match's first winners beside the same deals played now (``again``, a
    row of sides 0 and 1), shown as S and W."""
    side = str.maketrans("01", "SW")
    out = []
    for m, again in rows:
        stored = m["winners"][:len(again)]
        out.append([tr("{side0} against {side1}", side0=players_text(m["side0"]),
                       side1=players_text(m["side1"])),
                    stored.translate(side), again.translate(side),
                    tr("the same") if again == stored else tr("DIFFERENT")])
    return table([tr("match"), tr("stored winners"), tr("played now"), ""], out)


def fast_and_stored_text(deals: int, fast: Proportion, stored: Proportion) -> str:
    """The rule-based side's share on the fast path and in the stored match."""
    return "\n".join([
        "- " + tr("Fast path, {deals} deals: the rule-based side won {share}.",
                  deals=count_text(deals), share=fast),
        "- " + tr("Stored match: the rule-based side won {share}.", share=stored)])


def agreement_text(agree: int, first: int, count: int) -> str:
    """How many of ``count`` deals (numbers ``first`` on) both paths played the same."""
    return tr("**{agree} of {count} deals** (deal numbers {first} to {last}) are the same "
              "in both.", agree=agree, count=count, first=first, last=first + count - 1)


def beste_text(can: Proportion, did: Proportion, deals: int, open_deals: int) -> str:
    """Whether the side holding de Beste could force the game, with all cards face up,
    and how often it won."""
    return "\n".join([
        table([tr("the side that held de Beste, from the fifth trick"),
               tr("share of the deals")],
              [[tr("could force the game, with all cards face up"), can],
               [tr("won, with the rule-based players playing on"), did]]),
        "",
        tr("Of {deals} deals, {open} had de Beste in a hand when the play began and were "
           "still open at the fifth trick; the intervals are 95% Wilson intervals.",
           deals=deals, open=open_deals)])
