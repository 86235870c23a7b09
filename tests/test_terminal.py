"""The terminal game (issue 26, items 1 and 3), driven in-process with StringIO input: bad
choices, Ctrl-C and the end of input end with a message and the score, never a traceback;
the hand strongest first and the card ahead marked; 'hand' lists the choices again;
declining another deal deals no more; five players; and a fuzz test of the input loop."""

from __future__ import annotations

import io
import re

import pytest
from budget import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from knbook.cli import main
from knbook.play import PlaySession, terminal
from knbook.play.screen import (
    AHEAD,
    card_text,
    chosen_words,
    offered,
    read_choice,
    status_text,
    trick_text,
)
from knbook.play.terminal import INTERRUPTED, TerminalGame
from knlib import RulesError
from knlib.players.bots import RulePlayer


def play(lines, **kw):
    """Run the terminal on these input lines; (exit status, output)."""
    out = io.StringIO()
    kw.setdefault("seed", 3)
    status = terminal(stdin=io.StringIO("".join(f"{x}\n" for x in lines)), stdout=out, **kw)
    return status, out.getvalue()


class Interrupting(io.StringIO):
    """Input that gives its lines, then raises KeyboardInterrupt (Ctrl-C at the prompt)."""

    def readline(self, *args):
        line = super().readline(*args)
        if not line:
            raise KeyboardInterrupt
        return line


class Rules:
    """A rule-based player seen through a wrapper: with `make accel`, RulePlayer is a
    compiled class, which a test's class cannot inherit from."""

    name = "rules"

    def __init__(self):
        self.inner = RulePlayer()

    def __getattr__(self, attr):
        return getattr(self.inner, attr)

    def choose(self, deal):
        return self.inner.choose(deal)


class SlowRules(Rules):
    """A rule-based player that the screen treats as one that thinks for a while."""

    name = "solver"


class StopsAfter(Rules):
    """A rule-based player that is interrupted (Ctrl-C) at its ``n``-th choice."""

    def __init__(self, n):
        super().__init__()
        self.left = n

    def choose(self, deal):
        self.left -= 1
        if self.left < 0:
            raise KeyboardInterrupt
        return super().choose(deal)


# -- bad choices ---------------------------------------------------------------------------------


@pytest.mark.parametrize("typed", ["①", "²", "٣", "³", "½", "Ⅻ", "０", "1.0", "-1", "0", "99"])
def test_only_the_digits_0_to_9_choose_and_nothing_else_acts(typed):
    status, out = play([typed, "quit"])
    assert status == 0
    assert out.count("Not possible:") == 1
    assert "You play" not in out and "You lead" not in out  # the deal did not move
    assert "Goodbye." in out


def test_a_choice_in_other_digits_is_named_in_the_message():
    _, out = play(["٣", "quit"])
    assert "'٣'" in out and "whole number" in out


def test_read_choice_takes_ascii_numbers_and_action_texts():
    t = PlaySession("knueffeln", seed=3)
    legal = offered(t)
    assert read_choice("2", legal) == legal[1]
    assert read_choice(legal[0].text, legal) == legal[0]
    for bad in ("²", "٣", "0", str(len(legal) + 1)):
        with pytest.raises(RulesError):
            read_choice(bad, legal)


# -- the end: quit, end of input, Ctrl-C, declining another deal --------------------------------


def test_quit_mid_deal_gives_the_score_so_far():
    status, out = play(["quit"])
    assert status == 0
    tail = out[out.index("Goodbye."):]
    assert "Deal 1 was not finished: it is not scored." in tail
    assert "0 deals played" in tail and "Purse" in tail


def test_end_of_input_ends_like_quit():
    status, out = play([])
    assert status == 0 and "Goodbye." in out and "0 deals played" in out


def test_ctrl_c_at_the_prompt_ends_with_a_message_and_the_score():
    out = io.StringIO()
    status = terminal(seed=3, stdin=Interrupting("hand\n1\n"), stdout=out)
    text = out.getvalue()
    assert status == 130
    assert INTERRUPTED in text and "Traceback" not in text
    assert "You play" in text  # the '1' was played before Ctrl-C
    assert "0 deals played" in text


class Ones(io.StringIO):
    """Input that answers '1' at every prompt of a deal, and the next of ``answers`` when
    another deal is offered (KeyboardInterrupt: Ctrl-C; none left: the end of input)."""

    def __init__(self, out, answers=()):
        super().__init__()
        self.out = out
        self.answers = list(answers)

    def readline(self, *args):
        if self.out.getvalue().rstrip().endswith(("review this deal]", "to finish:",
                                                   "Spiel auszuwerten]")):
            if not self.answers:
                return ""
            answer = self.answers.pop(0)
            if answer is KeyboardInterrupt:
                raise KeyboardInterrupt
            return f"{answer}\n"
        return "1\n"


def deals(answers, **kw):
    """Play every deal by the first choice, answering ``answers`` to 'Another deal?'."""
    out = io.StringIO()
    kw.setdefault("seed", 3)
    status = terminal(stdin=Ones(out, answers), stdout=out, **kw)
    return status, out.getvalue()


def test_ctrl_c_after_a_finished_deal_scores_it():
    status, text = deals([KeyboardInterrupt])
    assert status == 130 and INTERRUPTED in text
    assert "Another deal?" in text
    assert "1 deal played" in text and "Deal 1 (South dealt)" in text


def test_ctrl_c_while_a_computer_player_thinks():
    out = io.StringIO()
    status = terminal(seed=3, bots=StopsAfter(10), stdin=io.StringIO("1\n" * 40), stdout=out)
    text = out.getvalue()
    assert status == 130 and INTERRUPTED in text and "Traceback" not in text
    assert "You play" in text  # Ctrl-C came after the reader's first card
    assert "Deal 1 was not finished" in text and "0 deals played" in text


def test_declining_another_deal_deals_no_more():
    dealt = []

    class Counting(Rules):
        def choose(self, deal):
            dealt.append(deal)
            return super().choose(deal)

    status, out = deals(["n"], bots=Counting())
    assert status == 0
    assert "Another deal?" in out
    assert "Deal 2:" not in out  # no second deal was dealt
    assert "1 deal played" in out and "Deal 1 (South dealt)" in out
    assert {id(d) for d in dealt} == {id(dealt[0])}  # the computer players saw one deal


def test_accepting_another_deal_continues_the_session():
    status, out = deals(["y", "n"])
    assert status == 0
    assert "Deal 2: West deals." in out and "2 deals played" in out


@pytest.mark.parametrize("word", ["hint", "analyze please", "anlayse", "maybe", "yy"])
def test_an_unknown_word_at_another_deal_is_asked_again(word):
    # Issue 36, item 7: an unknown word counted as yes and dealt again.
    status, out = deals([word, "n"])
    assert status == 0
    assert f"{word!r} is neither yes nor no" in out
    assert out.count("Another deal?") == 2  # asked again
    assert "Deal 2:" not in out and "1 deal played" in out


@pytest.mark.parametrize(("lang", "yes", "no"), [("en", "yes", "no"), ("de", "ja", "nein"),
                                                 ("de", "J", "N")])
def test_another_deal_takes_yes_and_no_in_the_language(lang, yes, no):
    from knlib import language

    with language(lang):
        status, out = deals([yes, no])
    assert status == 0
    assert "is neither yes nor no" not in out and "weder ja noch nein" not in out
    assert out.count("Deal 2:" if lang == "en" else "Spiel 2:") == 1


def test_deals_stops_and_is_refused_below_one():
    status, out = deals([""], deals=1)
    assert status == 0 and "1 deal played" in out and "Another deal?" not in out
    for bad in (0, -5, True, 1.5):
        with pytest.raises(RulesError, match="at least one deal"):
            terminal(deals=bad, stdin=io.StringIO(""), stdout=io.StringIO())


# -- the screen ------------------------------------------------------------------------------------


def test_the_hand_is_shown_strongest_first():
    t = PlaySession("knueffeln", seed=3)
    d = t.deal
    line = next(x for x in status_text(t).splitlines() if x.startswith("Your hand"))
    shown = line.split(": ", 1)[1].split()
    strongest_first = [card_text(t.rules, c) for c in t.rules.sort_by_strength(d.hands[0],
                                                                              d.chosen)]
    assert shown == strongest_first
    assert shown != [card_text(t.rules, c) for c in d.hands[0]]  # this hand was not in order
    strengths = [t.rules.strength(c, d.chosen) for c in t.rules.sort_by_strength(
        d.hands[0], d.chosen)]
    assert strengths == sorted(strengths, reverse=True)
    _, out = play(["quit"])
    assert line in out


def test_the_choices_list_the_cards_in_the_hands_order():
    t = PlaySession("knueffeln", seed=3)
    cards = [a.card for a in offered(t) if a.kind == "play"]
    hand = t.rules.sort_by_strength(t.deal.hands[0], t.deal.chosen)
    assert cards == [c for c in hand if c in cards]
    assert sorted(offered(t), key=str) == sorted(t.legal_actions(), key=str)


def test_the_card_ahead_is_marked():
    seen = 0
    for seed in range(6):
        t = PlaySession("knueffeln", seed=seed)
        while not t.deal.is_over and seen < 12:
            d = t.deal
            cur = d.current_trick
            text = trick_text(t)
            if len(cur) >= 2 and not d.current_face_down:
                ahead = t.rules.ahead_sequence([c for _, c in cur], d.chosen)[-1]
                s, c = cur[ahead]
                assert f"{d.names[s]} {card_text(t.rules, c)} {AHEAD}" in text
                assert text.count(AHEAD) == 1
                seen += 1
            elif d.current_face_down and cur[0][0] != t.seat:
                assert AHEAD not in text  # a hidden card: nothing is given away
            t.act(offered(t)[-1])
    assert seen >= 12


def test_hand_lists_the_choices_again():
    _, out = play(["hand", "quit"])
    assert out.count("   1. ") == 2
    assert out.count("Your hand (South)") == 2


def test_one_chosen_suit_is_a_chosen_suit():
    assert chosen_words(PlaySession("karnoeffel", seed=1).rules, ("H",)) == "Chosen suit: Hearts"
    _, out = play(["quit"], game="karnoeffel", seed=1)
    assert "Chosen suit: " in out and "Chosen suits:" not in out
    _, out = play(["quit"])
    assert "Chosen suits: Spades and Diamonds" in out


def test_the_purse_heading_names_no_unit_beside_euros():
    _, out = deals(["n"])
    assert "Purse (cents)" not in out
    purse = out[out.rindex("Purse"):].splitlines()[1:]
    assert len(purse) == 4 and all(re.search(r"[+-]?€\d+\.\d\d$", x) for x in purse)


def test_thinking_is_shown_for_a_slow_computer_player():
    _, out = play(["1", "quit"], bots=SlowRules())
    assert "Dealing: the computer players are thinking…" in out
    assert re.search(r"(West|North|East) is thinking…", out)
    _, out = play(["1", "quit"])  # the rule-based players answer at once
    assert "thinking" not in out


def test_thinking_goes_again_on_a_terminal():
    class Screen(io.StringIO):
        def isatty(self):
            return True

    out = Screen()
    terminal(seed=3, bots=SlowRules(), stdin=io.StringIO("1\nquit\n"), stdout=out)
    text = out.getvalue()
    assert "is thinking…\r\033[K" in text  # the line is wiped when the player has chosen
    assert "is thinking…\n" not in text


def test_five_players():
    status, out = play(["hand", "1", "1", "quit"], players=5)
    assert status == 0 and "You play" in out and "North-West" in out
    assert "5 players: 0 deals played" in out
    with pytest.raises(RulesError, match="cannot play"):
        terminal("knueffeln-hattstedt", players=5, stdin=io.StringIO(""),
                 stdout=io.StringIO())


def test_the_command_line_offers_five_players(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n1\nquit\n"))
    assert main(["play", "--players", "5", "--seed", "1", "--opponent", "random"]) == 0
    out = capsys.readouterr().out
    assert "5 players: 0 deals played" in out
    assert "You play" in out or "You lead" in out


# -- the fuzz test of the input loop --------------------------------------------------------------

_WORDS = ["1", "2", "3", "9", "12", "0", "①", "²", "٣", "hand", "help", "?", "play S3",
          "play HA", "see", "run", "pass", "down DA", "", " ", "play", "exchange S10 for SA",
          "stop", "play on", "\x00", "play ♥A", "9" * 40]


@settings(max_examples=examples(200), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 50),
       lines=st.lists(st.one_of(st.sampled_from(_WORDS), st.text(max_size=12)), max_size=14))
def test_fuzz_the_input_loop_refused_input_changes_nothing(seed, lines):
    said: list[str] = []
    t = PlaySession("knueffeln", seed=seed)
    game = TerminalGame(t, said.append)
    for line in lines:
        before = t.deal.to_json()
        history, story, scored = len(t.deal.history), len(t.events), t.session.deals
        outcome = game.respond(line)  # nothing escapes: a message, or an action taken
        assert outcome in ("acted", "again", "quit")
        if outcome == "acted":
            assert len(t.deal.history) > history
        else:
            assert t.deal.to_json() == before
            assert len(t.events) == story  # nothing was said at the table either
        assert t.session.deals == scored
        if outcome == "again" and line.strip().lower() not in (
                "hand", "table", "status", "tisch", "help", "?", "h", "hilfe", ""):
            assert said[-1].startswith("Not possible: ")


@settings(max_examples=examples(60), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(lines=st.lists(st.one_of(st.sampled_from(_WORDS + ["n", "y", "q"]),
                                st.text(max_size=8)), max_size=30))
def test_fuzz_the_terminal_ends_cleanly(lines):
    # (a review or a hint solves the deal: slow, and tested in tests/test_play.py)
    slow = ("analyse", "analyze", "review", "a", "hint", "hints")
    text = "".join(line.replace("\n", " ") + "\n" for line in lines
                   if line.strip().lower() not in slow)
    out = io.StringIO()
    assert terminal(seed=5, stdin=io.StringIO(text), stdout=out) == 0
    assert "Purse" in out.getvalue()
