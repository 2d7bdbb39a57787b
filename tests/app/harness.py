"""The whole box in a test now lives in ``support.box``; this name stays for older imports."""

from support.box import BoxHarness as BoxHarness
from support.box import RecordingLink as RecordingLink
