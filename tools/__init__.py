"""Build steps used by build.py: one module per step."""
