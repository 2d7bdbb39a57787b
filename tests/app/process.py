"""The box process in a test now lives in ``support.process``; this name stays for older imports."""

from support.process import BoxProcess as BoxProcess
