"""KeyHolder: the key holder's screens, the key menu, the entry circle by circle, and sealing
or unsealing behind the PIN pad (the work on the session is in ``key_entry.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from fogkeeper.flow.corps import key_entry
from fogkeeper.flow.corps.key_entry import KeyWay
from fogkeeper.flow.corps.session import CorpsScreen
from fogkeeper.flow.corps.table import Go
from fogkeeper.flow.kit.pin import PinAnswer, PinPad

if TYPE_CHECKING:
    from fogkeeper.flow.corps.game import CorpsFlow


class KeyHolder:
    """The controls of the key screens; the PIN pad itself stays on the flow (never saved)."""

    def __init__(self, flow: CorpsFlow) -> None:
        self.flow = flow

    def has_pin(self) -> bool:
        return self.flow.context.has_pin()

    # ---- the key menu ----------------------------------------------------------------------
    def choose_way(self) -> None:
        flow = self.flow
        match flow.menus.menu(CorpsScreen.KEY_MENU, key_entry.key_ways(flow.session)).chosen:
            case KeyWay.JOYSTICK:
                flow.trigger(Go.ENTER_ON_JOYSTICK)
            case KeyWay.LINK:
                flow.trigger(Go.WAIT_FOR_LINK)
            case KeyWay.SEAL:
                flow.trigger(Go.ASK_PIN_TO_SEAL if self.has_pin() else Go.SEAL_WITHOUT_PIN)
            case KeyWay.NO_KEY:
                flow.trigger(Go.OPEN_BOARD)

    def leave_menu(self) -> None:
        self.flow.trigger(Go.OPEN_BOARD if self.flow.session.board_opened else Go.BACK_TO_MODE)

    # ---- the entry, one circle at a time -----------------------------------------------------
    def start_entry(self) -> None:
        key_entry.start_entry(self.flow.session)

    def step_token(self) -> None:
        entry = self.flow.session.key_entry
        assert entry is not None  # KEY_SLOT is entered with an entry
        entry.step(key_entry.WHEEL_STEPS[self.flow.last_trigger])

    def confirm_slot(self) -> None:
        flow = self.flow
        entry = flow.session.key_entry
        assert entry is not None
        if not entry.is_last:
            entry.confirm()
            return
        key_entry.finish_entry(flow.session, flow.context)
        flow.trigger(Go.ASK_PIN_TO_SEAL if self.has_pin() else Go.SEAL_WITHOUT_PIN)

    def previous_slot(self) -> None:
        entry = self.flow.session.key_entry
        if entry is None or entry.slot == 1:
            self.flow.session.key_entry = None
            self.flow.trigger(Go.DROP_KEY_ENTRY)
        else:
            entry.back()

    def forget_entry(self) -> None:
        self.flow.session.key_entry = None

    # ---- sealing and unsealing with the PIN ----------------------------------------------------
    def new_seal_pad(self) -> None:
        self.flow.pad = PinPad(key_entry.SEAL_PIN_TITLE, self.flow.context.pin_length())

    def new_unseal_pad(self) -> None:
        self.flow.pad = PinPad(key_entry.UNSEAL_PIN_TITLE, self.flow.context.pin_length())

    def pad_input(self) -> None:
        flow = self.flow
        answer = flow.pad.read(flow.last_trigger, flow.context.pin_matches)
        if answer is PinAnswer.RIGHT:
            flow.trigger(Go.PIN_RIGHT)
        elif answer is PinAnswer.CANCEL:
            flow.trigger(Go.PIN_CANCEL)
        elif answer is PinAnswer.WRONG:
            flow.context.effects.sound("error")

    def seal(self) -> None:
        key_entry.seal(self.flow.session, self.flow.context)

    def unseal(self) -> None:
        key_entry.unseal(self.flow.session, self.flow.context)
