"""Tables in the book's notebooks: one helper for every page.

Notebooks import it like ``_style`` (``sys.path.insert(0, "../figsrc")``).
"""

from __future__ import annotations


def md_table(header, rows, caption, name, align=None, widths=None):
    """A MyST ``{table}`` directive (caption, label) around a pipe table.

    Parameters
    ----------
    header : sequence of str
    rows : sequence of sequences (cells are turned into text with ``str``)
    caption : str
        Korean caption shown as "표 N. caption"; no backticks (it opens the
        directive's backtick fence, where a backtick would end the fence).
    name : str
        Label for ``{numref}``.
    align : str, optional
        One letter per column, ``l``, ``r`` or ``c``; default all right-aligned.
    widths : sequence of int, optional
        Relative column widths.  Give them for a table of long text with more
        than 30 rows: the PDF sets it as a longtable, whose columns wrap only
        when their widths are given.

    Returns
    -------
    IPython.display.Markdown
        To be displayed from a cell with ``mystnb={"markdown_format": "myst"}``.
    """
    from IPython.display import Markdown

    if "`" in caption:  # the caption is the info string of a backtick fence
        raise ValueError(f"a table caption cannot hold a backtick, got {caption!r}")
    align = align or "r" * len(header)
    rule = {"l": ":--", "r": "--:", "c": ":-:"}
    lines = [f"```{{table}} {caption}", f":name: {name}", ":align: center"]
    if widths is not None:
        lines.append(":widths: " + " ".join(str(int(w)) for w in widths))
    lines += ["",
             "| " + " | ".join(header) + " |",
             "|" + "|".join(rule[a] for a in align) + "|"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    lines.append("```")
    return Markdown("\n".join(lines))
