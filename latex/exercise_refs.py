"""Sphinx extension for the PDF: numbered references to exercises on other pages.

sphinx-exercise labels an exercise in LaTeX as ``exercise:<label>`` and turns
a ``{numref}`` into a link to that label only when the reference and the
exercise are on the same page.  A reference from another page keeps Sphinx's
``<docname>:<label>`` target, which LaTeX does not know ("Reference ...
undefined", "연습 ??").  After sphinx-exercise's own pass, this one turns those
references into the same kind of link, with the number Sphinx resolved.
The HTML builder is left alone.
"""

from __future__ import annotations

from sphinx import addnodes
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx_exercise.nodes import exercise_enumerable_node, exercise_latex_number_reference


class CrossPageExerciseReferences(SphinxPostTransform):
    default_priority = 23  # after sphinx-exercise's ResolveLinkTextToSolutions (22)
    formats = ("latex",)

    def run(self, **kwargs):
        registry = getattr(self.env, "sphinx_exercise_registry", {})
        for node in list(self.document.findall(addnodes.number_reference)):
            label = node.get("refuri", "").rpartition("#")[2]
            if node.get("refid") or label not in registry:
                continue
            if not isinstance(registry[label].get("node"), exercise_enumerable_node):
                continue
            new = exercise_latex_number_reference()
            new.attributes = dict(node.attributes, refid=label)
            new.extend(node.children)
            node.replace_self(new)


def setup(app):
    app.setup_extension("sphinx_exercise")
    app.add_post_transform(CrossPageExerciseReferences)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
