"""The app on a fake clock now lives in ``support.table``; this name stays for older imports."""

from support.table import HOLD as HOLD
from support.table import AppTable as AppTable
