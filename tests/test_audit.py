"""The rules audit's corrections (issue 11, points 1 to 6), each quoting its source."""

import pytest

import knlib
from knlib.errors import RulesError


@pytest.mark.parametrize("seed", [[1], 1.5, True, {"a": 1}])
def test_a_deal_number_must_be_exact(seed):
    with pytest.raises(RulesError, match="deal number"):
        knlib.new_deal("knueffeln", seed=seed)
    with pytest.raises(RulesError, match="deal number"):
        knlib.Session("knueffeln", seed=seed)


def test_whole_numbers_and_texts_are_deal_numbers():
    assert knlib.new_deal("knueffeln", seed="Bohmstedt").hands == \
        knlib.new_deal("knueffeln", seed="Bohmstedt").hands
    assert knlib.new_deal("knueffeln", seed=7).hands != knlib.new_deal("knueffeln", seed=8).hands


@pytest.mark.parametrize("names", [["Anna", "Bo"], ["A", "B", "C", "D", "E"], "ABCD",
                                   ["A", "", "C", "D"], ["A", 2, "C", "D"]])
def test_names_must_name_every_seat(names):
    with pytest.raises(RulesError, match="names"):
        knlib.new_deal("knueffeln", seed=1, names=names)
    with pytest.raises(RulesError, match="names"):
        knlib.Session("knueffeln", names=names)


def test_names_of_the_right_length_are_used():
    deal = knlib.new_deal("knueffeln", seed=1, names=["Anna", "Bo", "Cai", "Dörte"])
    assert deal.names == ("Anna", "Bo", "Cai", "Dörte")
    assert "Anna" in str(deal) or "Anna" in deal.to_move_text


@pytest.mark.parametrize("dealer", [True, False, "1", 4, -1])
def test_session_dealer_must_be_a_seat(dealer):
    with pytest.raises(RulesError, match="dealer"):
        knlib.Session("knueffeln", dealer=dealer)


@pytest.mark.parametrize("game", ["styrivolt", "karniffel", "karnoeffel", "karnoeffel-2024",
                                  "knueffeln-hattstedt"])
def test_face_down_refusal_cites_a_source(game):
    deal = knlib.new_deal(game, seed=1)
    while deal.phase != "play":
        deal.apply(deal.legal_actions()[0])
    before = deal.to_json()
    card = deal.hands[deal.to_move][0]
    with pytest.raises(RulesError) as err:
        deal.apply(f"lead face down {card}")
    message, source = str(err.value), err.value.source or ""
    assert "()" not in message
    assert "no drehen" in message and ("seed 00" in source or "[A]" in source)
    assert "seed 00" not in message and "[A]" not in message  # read in reader's words
    assert deal.to_json() == before


def test_blocked_oberstecher_explained_as_an_ordinary_card():
    """Seed 003, 'The «Trump» Suit': the Oberstecher "doesn't beat a King"; under the
    any-suit reading ♠K takes the ♥3's power away, and ♥7 not led is a plain Seven
    (rules/README.md, reading 7), which then wins as the higher card of the led suit."""
    rules = knlib.ruleset("karnoeffel", stecher_blocked_by="any_suit")
    expl = knlib.explain_trick(rules, ["H3", "SK", "H7"], "H")
    assert expl.winner == 2
    last = str(expl.steps[2])
    assert "ordinary Seven" in last and "lost its power to ♠K" in last
    assert "which is taken by" not in last
    # Under the default reading ♠K (not the King of the led suit) does not block the ♥3.
    assert knlib.explain_trick("karnoeffel", ["H3", "SK", "H7"], "H").winner == 0


def test_who_pays_whom_is_an_open_question_with_the_scoring_reading():
    """Seed 000, 'Scoring': "each member of the losing team pays one member of the winning
    team"; 'Drehen und Sehen': the cost is "paid by each loser to each winner". The engine
    follows 'Scoring' and says so in open_questions."""
    q = next(q for q in knlib.open_questions("knueffeln") if q.topic == "who_pays_whom")
    assert "each loser to each winner" in q.question and "one member" in q.question
    assert "'Scoring'" in q.source and "'Drehen und Sehen'" in q.source
    deal = knlib.new_deal("knueffeln", seed=3)
    knlib.engine.deal.random_playout(deal, __import__("random").Random(3))
    pay = deal.result.payments
    value = max(pay)
    assert value > 0 and sorted(pay) == [-value, -value, value, value]


# -- point 1: when a Queen is "sleeping" (seed 000; seed 001) ----------------------------------

OLEN = {knlib.Card(c) for c in ("H2", "C4", "S8", "H9", "D9")}


def pack_order(game, held, turned, bottom, dealer=0):
    """A pack order for ``new_deal(game, deck=...)``, top card first: the cards of ``held``
    ({card: seat}) in those hands, dealt in packets of three from forehand; then the
    turn-ups ``turned``; then the stock, whose last cards are ``bottom`` (the last is the
    bottom card of the pack). The hands are filled up with cards that play no part in the
    exchanges (no Ole, no Ten or Five of a turned-up suit, no Queen or King of an Ole's
    suit in ``bottom``), which thus lie in the stock."""
    pack = knlib.ruleset(game).pack
    turned = [knlib.Card(c) for c in turned.split()]
    bottom = [knlib.Card(c) for c in bottom.split()]
    fixed = {knlib.Card(c): seat for c, seat in held.items()}
    used = set(turned) | set(bottom) | set(fixed)
    ole_suits = {c.suit for c in bottom if c in OLEN}
    up_suits = {c.suit for c in turned}
    quiet = [c for c in pack if c not in used and c not in OLEN
             and not (c.rank in (5, 10) and c.suit in up_suits)
             and not (c.rank in (12, 13) and c.suit in ole_suits)]
    loud = [c for c in pack if c not in used and c not in quiet]
    hands = [[c for c, s in fixed.items() if s == seat] for seat in range(4)]
    for hand in hands:
        while len(hand) < 9:
            hand.append(quiet.pop(0))
    top = [c for p in range(3) for i in range(4)
           for c in hands[(dealer + 1 + i) % 4][3 * p:3 * p + 3]]
    return top + turned + loud + quiet + bottom


def offers(deal):
    return [str(a) for a in deal.legal_actions()] if deal.phase == "exchange" else []


def test_bernhard_queen_face_up_as_turn_up_is_not_sleeping():
    """Seed 001, 'Exchanging': "If a chosen Queen is 'sleeping' (i.e. in the stock), the
    King 'inherits' this privilege; otherwise the Old Ones remain on the table." The ♥Q
    turned up for the chosen suits lies face up on the table, not in the stock, so the ♥K
    does not inherit the right to the table Ole ♥2 (the audit's first case)."""
    deck = pack_order("knueffeln-1924", {"HK": 1}, "HQ S3", "C6 C7 H2")
    d = knlib.new_deal("knueffeln-1924", deck=deck)
    assert d.get_game().table_olen == (knlib.Card("H2"),) and knlib.Card("HQ") in d.turn_ups
    assert offers(d) == []
    assert d.phase == "play" and knlib.Card("H2") in d.table
    assert any("stays on the table" in line and "not in the stock" in line for line in d.log)


def test_bernhard_queen_given_for_one_table_ole_is_not_sleeping_for_the_next():
    """Seed 001, 'Exchanging': the King inherits only if the Queen is "'sleeping' (i.e. in
    the stock)". The ♥Q given for the table Ole ♥2 lies on the table in its place, so the
    ♥K may not take the second table Ole ♥9 (the audit's second case)."""
    deck = pack_order("knueffeln-1924", {"HQ": 2, "HK": 1}, "H3 S3", "C6 H9 H2")
    d = knlib.new_deal("knueffeln-1924", deck=deck)
    assert d.get_game().table_olen == (knlib.Card("H2"), knlib.Card("H9"))
    assert offers(d) == ["exchange HQ for H2", "pass"]
    d.apply("exchange HQ for H2")
    assert knlib.Card("HQ") in d.table
    assert offers(d) == [] and d.phase == "play"
    assert knlib.Card("H9") in d.table and knlib.Card("HK") in d.hands[1]


def test_bernhard_queen_in_the_stock_sleeps_and_the_king_inherits():
    """Seed 001, 'Exchanging': the Queen 'sleeping' "(i.e. in the stock)": the King inherits."""
    deck = pack_order("knueffeln-1924", {"HK": 1}, "H3 S3", "C6 C7 H2")
    d = knlib.new_deal("knueffeln-1924", deck=deck)
    assert knlib.Card("HQ") in d.stock
    assert offers(d) == ["exchange HK for H2", "pass"]


def test_todays_sleeping_queen_is_a_named_option():
    """Seed 000, 'The Deal and Exchange': "If no-one has the Queen because she is 'sleeping'
    in the stock, a player with the King of the suit inherits this right". Whether a Queen
    no player holds but lying face up as a turn-up sleeps is a reading: the option
    ``sleeping_queen``, default 'not_held' (she sleeps; the King inherits), 'in_stock' the
    literal words."""
    q = next(q for q in knlib.open_questions("knueffeln") if q.topic == "sleeping_queen")
    assert q.option == "sleeping_queen" and q.default.startswith("not_held")
    assert "'sleeping' in the stock" in q.question and "turn-up" in q.question
    assert any(a.startswith("in_stock") for a in q.alternatives)
    assert "seed 000, 'The Deal and Exchange'" in q.source
    deck = pack_order("knueffeln", {"HK": 1}, "HQ S3", "H2")
    assert offers(knlib.new_deal("knueffeln", deck=deck)) == ["exchange HK for H2", "pass"]
    literal = knlib.new_deal("knueffeln", deck=deck, sleeping_queen="in_stock")
    assert offers(literal) == [] and literal.phase == "play"
    assert literal.stock[-1] == knlib.Card("H2")
    # A Queen given for a bottom Ole goes to the top of the stock: in the stock, so asleep
    # under either reading, and the King may take the next Ole of her suit.
    deck = pack_order("knueffeln", {"HQ": 2, "HK": 1}, "H3 S3", "H9 H2")
    for d in (knlib.new_deal("knueffeln", deck=deck),
              knlib.new_deal("knueffeln", deck=deck, sleeping_queen="in_stock")):
        d.apply("exchange HQ for H2")
        assert knlib.Card("HQ") in d.stock and offers(d) == ["exchange HK for H9", "pass"]


# -- point 3: Grünberg 1938 and the early 20th-century differences (seed 000) ----------------------


def test_gruenberg_has_the_cutters_table_olen_as_well_as_the_ranked_suits():
    """Seed 000, 'Early 20th century versions', lists "differences in the early 20th century
    versions". Two name Bernhard or Grünberg (the Fives; Bernhard's drehen); two name
    neither: "The cutter places the bottom three cards of the stock face up on the table,
    and if any of these are Olen they can be exchanged for the Queens of the same suits (or
    the Kings if the Queens are 'sleeping' in the stock)" and "In the unchosen suits a
    higher card can beat a lower card of the same suit". rules/README.md, reading 5,
    applies the second to 1938, so the first applies as well."""
    assert knlib.explain_trick("knueffeln-1938", ["C3", "C9"], "HS").winner == 1
    deck = pack_order("knueffeln-1938", {"SQ": 2, "CQ": 3}, "H3 S3", "C4 C6 S8")
    d = knlib.new_deal("knueffeln-1938", deck=deck)
    assert d.get_game().table_olen == (knlib.Card("S8"), knlib.Card("C4"))
    assert offers(d) == ["exchange SQ for S8", "pass"]
    d.apply("exchange SQ for S8")
    assert knlib.Card("SQ") in d.table and knlib.Card("S8") in d.hands[2]
    # "the Queens of the same suits": in 1938 the Queen of an unchosen suit too (Bernhard's
    # 'a chosen Queen' is seed 001's, about his game).
    assert offers(d) == ["exchange CQ for C4", "pass"]
    bernhard = knlib.new_deal("knueffeln-1924", deck=pack_order(
        "knueffeln-1924", {"SQ": 2, "CQ": 3}, "H3 S3", "C4 C6 S8"))
    bernhard.apply("exchange SQ for S8")
    assert offers(bernhard) == [] and knlib.Card("C4") in bernhard.table
    # 'sleeping' in the stock: a Queen face up as a turn-up is not.
    awake = knlib.new_deal("knueffeln-1938", deck=pack_order(
        "knueffeln-1938", {"SK": 1}, "SQ H3", "C6 C7 S8"))
    assert offers(awake) == [] and knlib.Card("S8") in awake.table
    q = next(q for q in knlib.open_questions("knueffeln-1938")
             if q.topic == "gruenberg_exchanges")
    assert "reading 5" in q.source and "'Early 20th century versions'" in q.source
    assert "bottom three cards" in q.question and "unchosen suits" in q.default


# -- point 4: a face-down lead during a march (seed 000, 'Drehen und Sehen') ----------------------

#: South's hand: the five Olen, then the chosen Aces and Jacks (chosen Hearts and Spades):
#: every card wins the trick it leads (seed 000, 'The Cards and their Ranking').
POWER = ["H2", "C4", "S8", "H9", "D9", "HA", "SA", "HJ", "SJ"]


def marching(game="knueffeln", first=POWER[:5], **options):
    """South (forehand; East deals) has won the first five tricks, leading the cards
    ``first``, and played on: North-South are playing for the march, South on lead to the
    sixth trick."""
    deck = pack_order(game, {c: 0 for c in POWER}, "H3 S3", "", dealer=3)
    d = knlib.new_deal(game, deck=deck, dealer=3, **options)
    assert d.phase == "play" and d.to_move == 0
    for card in first:
        d.apply(f"play {card}")
        for _ in range(3):
            d.apply(next(a for a in d.legal_actions() if a.kind == "play"))
    d.apply("play on")
    assert d.marching == 0 and d.to_move == 0
    return d


def test_a_side_playing_for_the_march_may_lead_face_down_and_running_fails_it():
    """Seed 000, 'Drehen und Sehen': "a team would never turn while attempting a march, as
    the opponents could then end the play by running, causing the march to fail": advice
    against a legal move, so by default (option drehen_in_march='legal') it is allowed.
    'The Play': a side that fails in the march "must pay their opponents what they would
    have won for the march"; 'Scoring': "Durchmarsch (all tricks) 3 euros"."""
    d = marching()
    assert "lead face down HA" in [str(a) for a in d.legal_actions()]
    seen = d.copy()
    d.apply("lead face down HA")
    assert d.to_move == 1 and [str(a) for a in d.legal_actions()] == ["see", "run"]
    d.apply("run")
    r = d.result
    assert r.kind == "failed march" and r.winner == 1 and r.ran_away and r.march_attempted
    assert r.payments == (-300, 300, -300, 300)
    assert "ran from a card led face down during the march" in r.reason
    # Seen, the turn is added to the march (seed 000: "added to the payment for the Jann
    # or march"), and North-South go on to make it.
    seen.apply("lead face down HA")
    seen.apply("see")
    while not seen.is_over:
        seen.apply(next(a for a in seen.legal_actions() if a.kind == "play"))
    assert seen.result.kind == "march" and seen.result.payments == (310, -310, 310, -310)


def test_the_old_rule_is_the_option_forbidden_and_is_explained():
    """Option drehen_in_march='forbidden': no card led face down during a march; the refusal
    says why and leaves the deal as it was."""
    q = next(q for q in knlib.open_questions("knueffeln") if q.topic == "drehen_in_march")
    assert q.option == "drehen_in_march" and q.default.startswith("legal")
    assert any(a.startswith("forbidden") for a in q.alternatives)
    assert "'would never'" in q.question and "seed 000, 'Drehen und Sehen'" in q.source
    for game in ("knueffeln-1924", "knueffeln-1938"):
        assert "drehen_in_march" in {q.option for q in knlib.open_questions(game)}
    d = marching(drehen_in_march="forbidden")
    assert not any(a.kind == "down" for a in d.legal_actions())
    before = d.to_json()
    with pytest.raises(RulesError, match="drehen_in_march='forbidden'.*'would never'"):
        d.apply("lead face down HA")
    assert d.to_json() == before


def test_bernhard_limits_still_apply_during_a_march():
    """Seed 000, 'Early 20th century versions': in Bernhard's game a team may drehen "only
    after their team has won two tricks, and ... again [when] they have won four". During a
    march the turn is legal (a first turn, after five tricks); after two turns the refusal
    names Bernhard's limit, not the march."""
    d = marching("knueffeln-1924")
    assert "lead face down HA" in [str(a) for a in d.legal_actions()]
    deck = pack_order("knueffeln-1924", {c: 0 for c in POWER}, "H3 S3", "", dealer=3)
    d = knlib.new_deal("knueffeln-1924", deck=deck, dealer=3)
    for i, card in enumerate(POWER[:5]):
        if i in (2, 4):
            d.apply(f"lead face down {card}")
            d.apply("see")
        else:
            d.apply(f"play {card}")
        for _ in range(3):
            d.apply(next(a for a in d.legal_actions() if a.kind == "play"))
    d.apply("play on")
    assert not any(a.kind == "down" for a in d.legal_actions())
    with pytest.raises(RulesError, match="Bernhard") as err:
        d.apply("lead face down HA")
    assert "during a march" not in str(err.value)


def test_computer_players_never_lead_face_down_in_their_own_march():
    """The players follow seed 000's advice: a team "would never turn while attempting a
    march"."""
    from knlib.players.bots import RandomPlayer, RulePlayer, SamplingPlayer

    d = marching()
    assert any(a.kind == "down" for a in d.legal_actions())
    players = [RandomPlayer(seed) for seed in range(40)] + [
        RulePlayer(), SamplingPlayer(samples=4, seed=1), SamplingPlayer(samples=4, engine="api")]
    for p in players:
        assert p.choose(d.copy()).kind == "play", p
    # The book's plain player too, which elsewhere leads face down a card that no card
    # outside its hand could take: here de Beste (♥2), kept for the march.
    from knbook.course.book_helpers import plain_player

    d = marching(first=POWER[1:6])
    assert knlib.Card("H2") in d.hands[0] and "lead face down H2" in d.legal_actions()
    assert plain_player(d.copy()) == "play H2"
