"""The practice tools' plumbing (issue 24): the controller base, the page face that the
book's in-page runtime calls, and the notebook face, driven in plain Python."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from knbook.tools import TOOLS, Html, Row, Tool, ToolView, tool_class
from knbook.tools import page as face
from knbook.tools.builder import HandBuilder, HandBuilderTool
from knbook.tools.controller import UNEXPECTED, button
from knlib import RulesError


def _start(name: str, **config) -> dict:
    return json.loads(face.start(name, json.dumps(config)))


def _act(tool_id: int, action: str, value: str = "") -> dict:
    return json.loads(face.act(tool_id, action, value))


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def test_every_tool_name_is_the_pages_name():
    assert set(TOOLS) == {"hand-builder", "trick-lab", "trick-stepper", "deal-viewer",
                          "compare", "puzzle", "play", "lesson", "diploma", "trainer"}


def test_an_unknown_tool_is_refused_by_name():
    with pytest.raises(RulesError, match="'chess' is not a practice tool"):
        tool_class("chess")
    reply = _start("chess")
    assert reply["id"] is None and "'chess' is not a practice tool" in reply["error"]


def test_bad_settings_are_refused_with_the_rule():
    reply = json.loads(face.start("hand-builder", "[1, 2]"))
    assert "settings are a JSON object" in reply["error"]
    reply = _start("hand-builder", cards="SA XZ")
    assert "XZ" in reply["error"]
    reply = _start("hand-builder", cards="SA SA")
    assert reply["error"]


def test_a_tool_answers_and_logs_only_what_it_took():
    reply = _start("hand-builder", cards="SA S3")
    tool_id = reply["id"]
    assert "2 of 9 cards" in _text(reply["html"])
    took = _act(tool_id, "toggle HA")
    assert took["logged"] and "3 of 9 cards" in _text(took["html"])
    refused = _act(tool_id, "toggle X9")
    assert not refused["logged"] and "X9" in refused["message"]
    assert "3 of 9 cards" in _text(refused["html"])  # the hand is as it was
    unknown = _act(tool_id, "shuffle")
    assert "'shuffle' is not a choice of the hand builder" in unknown["message"]
    # the message goes away with the next good choice
    assert _act(tool_id, "toggle HA")["message"] == ""


def test_an_unknown_tool_number_is_a_message():
    assert "not open on this page" in _act(10_000, "clear")["error"]


def test_restore_rebuilds_the_same_tool_from_its_settings_and_actions():
    reply = _start("hand-builder", cards="SA S3", seed=4)
    log = [["toggle HA", ""], ["deal", ""], ["chosen 1", "C"], ["deal", ""], ["clear", ""],
           ["toggle C2", ""]]
    for action, value in log:
        last = _act(reply["id"], action, value)
        assert last["logged"], action
    settings = json.dumps({"cards": "SA S3", "seed": 4})
    again = json.loads(face.restore("hand-builder", settings, json.dumps(log)))
    assert again["html"] == last["html"]
    before_clear = json.loads(face.restore("hand-builder", settings, json.dumps(log[:4])))
    assert before_clear["html"] != last["html"] and "9 of 9 cards" in _text(before_clear["html"])
    # a log that cannot be replayed is refused, naming the action
    bad = json.loads(face.restore("hand-builder", settings, json.dumps([["toggle Q1", ""]])))
    assert "Q1" in bad["error"]


def test_the_root_on_a_static_page_is_the_tools_first_view_and_its_settings():
    tool = HandBuilderTool(cards="SA S3 D4", chosen="HS")
    root = face.root_html(tool)
    assert 'data-knlib-app="hand-builder"' in root and 'data-state="static"' in root
    config = json.loads(unescape(re.search(r'data-config="([^"]*)"', root).group(1)))
    assert HandBuilderTool(**config).hand == tool.hand
    assert "Try it" in _text(root.split('class="knlib-app-body"')[0])
    body = root.split('class="knlib-app-body"')[1]
    # every control of the picture is off until the tool starts
    controls = re.findall(r"<(button|select|input)\b[^>]*>", body)
    assert controls and all(" disabled" in c for c in re.findall(
        r"<(?:button|select|input)\b[^>]*>", body))
    assert "3 of 9 cards" in _text(body)


class _Fragile(Tool):
    """A tool whose 'break' action changes its state and then fails unexpectedly."""

    name = "fragile"

    def __init__(self, start: int = 0) -> None:
        super().__init__(start=start)
        self.count = start

    def act(self, action: str, value: str = "") -> None:
        if action == "add":
            self.count += 1
        elif action == "break":
            self.count = -99
            raise ZeroDivisionError
        else:
            raise RulesError(f"{action!r} is not a choice")

    def view(self) -> ToolView:
        return ToolView((Html(f"<p>count {self.count}</p>"), Row((button("add", "Add"),))))


def test_an_unexpected_error_is_a_message_and_the_state_is_kept():
    tool = _Fragile(2)
    tool.answer("add")
    view = tool.answer("break")
    assert view.message == UNEXPECTED.format(error="ZeroDivisionError")
    assert tool.count == 3 and tool.log == [("add", "")]
    assert "Traceback" not in view.message
    assert tool.answer("add").message == "" and tool.count == 4


def test_the_notebook_face_drives_the_same_controller():
    widget = HandBuilder(cards="SA S3")
    widget.use("toggle HA")
    assert [str(c) for c in widget.tool.hand] == ["SA", "S3", "HA"]
    widget.use("toggle ZZ")
    assert "ZZ" in widget.error and len(widget.tool.hand) == 3
    bundle = widget._repr_mimebundle_()
    assert 'data-knlib-app="hand-builder"' in bundle["text/html"]
    # the face draws one ipywidget per control, with the controller's labels
    labels = [c.description for box in widget.box.children if hasattr(box, "children")
              for c in box.children if hasattr(c, "description")]
    assert "♥A" in labels and "Deal a random hand" in labels


def test_the_page_words_come_from_python_and_say_nothing_technical():
    assert {"loading", "working", "cancel", "failed"} <= set(face.PAGE_WORDS)
    for text in face.PAGE_WORDS.values():
        assert not re.search(r"\b(seed|engine|Python|Pyodide|worker|JSON|traceback)\b", text,
                             re.I)


@pytest.mark.parametrize("bad", ["²", "٣", "①", "-1", "1.5", "", True, -1, 2.0, None])
def test_a_whole_number_is_digits_0_to_9_only(bad):
    from knbook.tools.controller import whole_number

    with pytest.raises(RulesError, match="give a whole number"):
        whole_number(bad, "step")


def test_a_stepper_refuses_other_scripts_digits_and_keeps_its_step():
    from knbook.tools.tricks import TrickStepperTool

    tool = TrickStepperTool("knueffeln", "D4 S3 DA C8", "HS", step=2)
    for action in ("go ²", "go ٣", "pick ²", "go 9", "go 0"):
        assert tool.answer(action).message and tool.step == 2, action
    assert tool.answer("go 3").message == "" and tool.step == 3
    assert tool.answer("end").message == "" and tool.step == 4
