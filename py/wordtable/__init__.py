"""Wordtable: rules, lexicons and bots for five paper word games.

Pure Python, so the same code runs under CPython and in the browser under Pyodide.
"""

__version__ = "0.1.0"
