"""The app's screens moved to ``fogkeeper.flow.app.views``; this name stays until the game
tests that import it from here have moved."""

from fogkeeper.flow.app.views import frame as frame
