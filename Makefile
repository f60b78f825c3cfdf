# Two commands: `make book` and `make test`. Both create .venv from
# requirements.txt first when it is missing or older than requirements.txt.
SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.requirements.stamp
NOTEBOOKS := $(wildcard book/*.ipynb)
PAIRED    := $(wildcard book/*.py)

define STRIP_TIMING
import sys, nbformat
for path in sys.argv[1:]:
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
    nbformat.write(nb, path)
endef
export STRIP_TIMING

.PHONY: help venv book pdf test sync execute figures bench studies lint clean

help:
	@echo "make book     - execute every notebook and build the HTML into _build/html (-W -n)"
	@echo "make pdf      - execute every notebook and build the whole book as _build/latex/book.pdf (XeLaTeX)"
	@echo "make test     - unit tests, nbval on book/, jupytext sync, build, browser and PDF tests"
	@echo "make sync     - jupytext --sync every book/*.py with its .ipynb"
	@echo "make execute  - jupyter-execute --inplace every book/*.ipynb"
	@echo "make figures  - run every figure/table script in figsrc/ (PNG -> book/figures, CSV -> data)"
	@echo "make bench    - time inverse and forward dynamics and their derivatives (figsrc/bench_rnea.py, bench_35.py, bench_33_codegen.py, bench_36.py; minutes; CSV -> data/bench_*)"
	@echo "make studies  - the long studies of chapters 3.1, 3.3, 3.4, 3.5, 3.6 and 3.7 (figsrc/study_*.py; about 25 min; CSV -> data/)"
	@echo "make lint     - ruff check"
	@echo "make clean    - remove _build"

# The venv is (re)built when the stamp is missing or older than requirements.txt.
$(STAMP): requirements.txt
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --disable-pip-version-check -q -r requirements.txt
	@touch $(STAMP)

venv: $(STAMP)

# _build/html is removed first: a stale copy of a regenerated figure is a Sphinx warning.
book: $(STAMP)
	rm -rf _build/html
	$(BIN)/jupyter-book build . --all -W -n --keep-going

# Sphinx's LaTeX builder, then latexmk with XeLaTeX (Debian's texlive-xetex,
# texlive-lang-korean, latexmk, fonts-nanum; see README). TeX stops at the first
# error instead of waiting for input. Sphinx warns that it knows no Babel
# option for Korean (the text is set by kotex), so the build is not run with -W.
pdf: $(STAMP)
	rm -rf _build/latex
	LATEXOPTS="-interaction=nonstopmode -halt-on-error" \
	    $(BIN)/jupyter-book build . --builder pdflatex --all -n --keep-going </dev/null

# nbval over book/ runs inside it, in a process of its own (tests/test_notebooks.py).
test: $(STAMP)
	$(BIN)/python -m pytest tests

sync: $(STAMP)
	@for f in $(PAIRED); do $(BIN)/jupytext --sync "$$f"; done

# jupyter-execute records per-cell timestamps; they are dropped so that a
# re-execution changes only what the code prints.
execute: $(STAMP)
	@for f in $(NOTEBOOKS); do echo "execute $$f"; $(BIN)/jupyter-execute --inplace "$$f"; done
	@$(BIN)/python -c "$$STRIP_TIMING" $(NOTEBOOKS)

figures: $(STAMP)
	$(BIN)/python figsrc/run_all.py

# Timings differ between runs: not part of `make figures`; run on a quiet machine.
bench: $(STAMP)
	MPLBACKEND=Agg $(BIN)/python figsrc/bench_rnea.py
	MPLBACKEND=Agg $(BIN)/python figsrc/bench_35.py
	MPLBACKEND=Agg $(BIN)/python figsrc/bench_33_codegen.py
	MPLBACKEND=Agg $(BIN)/python figsrc/bench_36.py

# The long studies whose results the book reads from data/ (about 10 min, 75 s, 65 s, 2 min, 5 min and 90 s).
studies: $(STAMP)
	MPLBACKEND=Agg $(BIN)/python figsrc/study_33_closed_form.py
	MPLBACKEND=Agg $(BIN)/python figsrc/study_35_numerics.py
	MPLBACKEND=Agg $(BIN)/python figsrc/study_31_ellipsoid.py
	MPLBACKEND=Agg $(BIN)/python figsrc/study_34_bounds.py
	MPLBACKEND=Agg $(BIN)/python figsrc/study_37_identification.py
	MPLBACKEND=Agg $(BIN)/python figsrc/study_36_control.py

lint: $(STAMP)
	$(BIN)/ruff check .

clean:
	rm -rf _build
