"""Pure screen renderers: state in, 128x64 mode-"1" PIL image and text lines out."""
