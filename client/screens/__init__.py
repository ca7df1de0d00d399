"""What a person sees, one module a screen: the engines' plain text with colour and symbols
laid on top.

The engines already draw a view as plain text in the notation people type (card ids, colour
names), the same text an email carries; colour here only helps the eye, so everything still
reads with NO_COLOR or in a pipe. Rich leaves out all styling by itself when stdout is not a
terminal, and the colours when NO_COLOR is set, so nothing here needs to ask.
"""
