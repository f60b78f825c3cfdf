# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # 3.5 질량 행렬과 순동역학 — CRBA와 ABA
#
# 3.2장의 RNEA는 운동에서 토크를 구했다. 시뮬레이션과 많은 제어기는 반대 방향이 필요하다. 토크가
# 주어졌을 때 관절이 어떻게 가속하는가, 곧
#
# $$
# M(q)\,\ddot q = \tau - h(q,\dot q) - J_b^{\mathsf T}(q)\,F_{\mathrm{tip}}
# $$ (eq-35-forward)
#
# 을 $\ddot q$에 대해 푸는 순동역학이다. 3.2.3.5절에서는 $M(q)$를 RNEA를 $n$번 불러 열마다 만들었다.
# 이 장은 그보다 적은 일로 같은 답을 내는 두 알고리즘을 다룬다. 하나는 $M$을 합성 관성으로 만드는
# CRBA(composite rigid body algorithm)이고, 다른 하나는 $M$을 아예 만들지 않고 $\ddot q$를 구하는
# ABA(articulated body algorithm)이다 {cite:p}`featherstone1983calculation`. 두 알고리즘의 표준
# 서술은 Featherstone의 *Rigid Body Dynamics Algorithms*(RBDA) 6장과 7장에 있다
# {cite:p}`featherstone2008rigid`.
#
# 이 장에서 다루는 것은 다음과 같다.
#
# - 두 알고리즘의 식과 구현, 그리고 실제 실행 경로에서 센 곱셈 수를 문헌의 값과 비교한다
#   (3.5.1–3.5.4절).
# - $M$의 조건수가 나빠질 때 두 경로의 $\ddot q$가 얼마나 틀리는지를 고정밀 기준값과 비교해 잰다
#   (3.5.5절).
# - 중력 아래에서 놓은 팔의 시뮬레이션과, 모델이 틀린 계산 토크 제어에 두 알고리즘을 써 본다
#   (3.5.6절, 3.5.7절).
# - 라이브러리와의 대조표, 체크포인트, 재현표로 장을 닫는다(3.5.8–3.5.10절).
#
# 표기와 규약은 3.2장과 같다(트위스트 $V=(\omega,v)$, 렌치 $F=(n,f)$, $\{i\}$에서 표현한 $A_i$와
# $\mathcal{G}_i$, 기저 가속도로 넣는 중력). 본문의 숫자는 모두 코드 셀이 계산해 붙여 넣은 것이다.

# %% tags=["remove-input"]
import csv
import inspect
import sys
from pathlib import Path

import numpy as np
from IPython.display import Markdown, display
from myst_nb import glue

from chaindyn import engine, models, structured
from chaindyn.articulated import aba
from chaindyn.composite import crba
from chaindyn.engine import aba_structured
from chaindyn.inverse_dynamics import rnea
from chaindyn.opcount import count
from chaindyn.quantities import mass_matrix
from chaindyn_book import ch35, claims
from chaindyn_book.ch32 import mass_matrix_by_columns

sys.path.insert(0, str(Path("..").resolve() / "figsrc"))
from _numbers import fixed, fixed_sig, sci  # noqa: E402

DATA = Path("..").resolve() / "data"


def minus(k):
    """An integer as the prose prints it, with the minus sign −."""
    return str(k).replace("-", "−")


def sig2(x):
    """Two significant digits, printed without a trailing .0 (85000, 2.8)."""
    return f"{fixed_sig(x, 2):g}"


def read_csv(name):
    with open(DATA / name, encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


# %% [markdown]
# ## 3.5.1 RNEA 열 $n$개로 $M$을 만들면 무엇이 낭비되는가
#
# 3.2.3.5절은 $M$의 $j$열을 "정지 상태에서 중력 없이 $\ddot q = e_j$를 주었을 때의 토크"로 얻는다
# ($e_j$는 $j$번째 성분만 1인 단위 벡터).
# 열마다 RNEA를 따로 부르면(`ch32.mass_matrix_by_columns`) 호출마다 RNEA 전체가 돈다. 그런데 이
# $n$번의 호출은 대부분의 일을 되풀이한다.
#
# - **관절 자세.** $T_{i,i-1}(q_i)$와 그 수반 행렬 $X_i = \mathrm{Ad}_{T_{i,i-1}}$은 $q$에만 달려
#   있으므로 $n$번 모두 같다. 그런데도 따로 부르면 매번 새로 계산한다. 패키지의 `mass_matrix`는
#   $n$개의 열을 같은 $q$를 나누어 쓰는 한 번의 배치로 돌리므로 이 낭비만은 하지 않는다.
# - **속도 항.** $\dot q = 0$이므로 트위스트와 속도곱 항은 모두 0이다. 그런데 밀집 구현은 0을
#   곱하는 곱셈까지 한다.
# - **링크 관성의 합.** $j$열에서 관절 $j$보다 바깥의 링크들은 관절 $j$ 축을 중심으로 한 덩어리처럼
#   함께 가속한다. 그 덩어리의 관성을 한 번 모아 두면 열마다 링크를 하나씩 다시 더할 필요가 없다.
#
# 셋째가 CRBA의 착상이다. 아래 셀은 세 방법이 같은 $M$을 내는지 예제 6R 팔에서 확인하고, 행렬 곱과
# 내적의 곱셈만 세는 규칙({ref}`sec-count-rules`)으로 세 방법의 곱셈 수를 센다.

# %% tags=["nbval-ignore-output"]
arm = models.arm6r()
q = np.array([0.3, -0.8, 1.1, 0.4, -0.6, 0.9])
M_columns, M_pass, M_crba = mass_matrix_by_columns(arm, q), mass_matrix(arm, q), crba(arm, q)
print("최대 상대 차이:", sci(np.abs(M_crba - M_columns).max() / np.abs(M_columns).max()),
      sci(np.abs(M_pass - M_columns).max() / np.abs(M_columns).max()))
print("곱셈 (RNEA 6번):", count(mass_matrix_by_columns, arm, q),
      " 곱셈 (mass_matrix, 한 번의 배치):", count(mass_matrix, arm, q),
      " 곱셈 (CRBA):", count(crba, arm, q))

# %% tags=["remove-input"]
glue("c35_mm6", count(mass_matrix_by_columns, arm, q), display=False)
glue("c35_mmpass6", count(mass_matrix, arm, q), display=False)
glue("c35_crba6", count(crba, arm, q), display=False)
glue("c35_m_bound", sci(ch35.CROSS_BOUNDS["M"], 1), display=False)
glue("c35_mm_ratio6", fixed(count(mass_matrix_by_columns, arm, q) / count(crba, arm, q), 1),
     display=False)
glue("c35_mmpass_ratio6", fixed(count(mass_matrix, arm, q) / count(crba, arm, q), 1), display=False)
claims.within("c35-m-same",
              "세 행렬의 차이는 반올림 수준으로, 상대 한계 {glue:text}`c35_m_bound` 안에 있다",
              max(np.abs(M_other - M_columns).max() for M_other in (M_crba, M_pass))
              / np.abs(M_columns).max(), ch35.CROSS_BOUNDS["M"])

# %% [markdown]
# % claim: c35-m-same
#
# 6R 팔에서 열 구성은 {glue:text}`c35_mm6`번, CRBA는 {glue:text}`c35_crba6`번 곱해
# {glue:text}`c35_mm_ratio6`배 차이가 난다. 한 번의 배치로 도는 `mass_matrix`는 관절 변환을 링크마다
# 한 번만 만들어 {glue:text}`c35_mmpass6`번을 곱한다. 나머지 두 낭비는 그대로여서 여전히 CRBA의
# {glue:text}`c35_mmpass_ratio6`배이다. 세 행렬의 차이는 반올림 수준으로, 상대 한계
# {glue:text}`c35_m_bound` 안에 있다
# (계산값은 위 셀의 출력).
#
# ## 3.5.2 합성 관성과 CRBA
#
# 링크 $i$부터 $n$까지를 관절을 모두 잠가 한 강체로 굳혔다고 하자. 그 강체의 공간 관성을
# $\{i\}$의 원점에 대해 $\{i\}$에서 표현한 것이 합성 관성 $\mathcal{G}^{c}_i$이다. 강체 둘을 붙이면
# 한 점에 대해 한 좌표계에서 적은 관성은 더해진다(3.1.3절의 식 {eq}`eq-31-sum`). 그래서 링크 $i+1$ 쪽
# 관성을 $\{i+1\}$에서 $\{i\}$로 옮겨 더한다. 옮기는 식은 3.1.3.2절의 $X^{\mathsf T}\mathcal{G}X$
# (식 {eq}`eq-31-transform`)이고, 여기서 $X = X_{i+1}$이다.
#
# $$
# \mathcal{G}^{c}_n = \mathcal{G}_n, \qquad
# \mathcal{G}^{c}_i = \mathcal{G}_i + X_{i+1}^{\mathsf T}\,\mathcal{G}^{c}_{i+1}\,X_{i+1}
# \quad (i = n-1, \dots, 1)
# $$ (eq-35-composite)
#
# 이다. 이제 정지한 팔에 중력 없이 $\ddot q = e_i$를 주자. 관절 $i$보다 안쪽은 움직이지 않고, 바깥쪽
# 링크 $i..n$은 관절 $i$ 축을 중심으로 한 덩어리로 가속한다. 그 덩어리를 가속하는 데 드는 렌치는
# $F = \mathcal{G}^{c}_i A_i$이고, 이 렌치가 관절 $j \le i$에 만드는 토크가 $M$의 $(j,i)$ 성분이다.
#
# $$
# F = \mathcal{G}^{c}_i A_i,\quad M_{ii} = A_i^{\mathsf T} F;\qquad
# F \leftarrow X_{j+1}^{\mathsf T} F,\quad M_{ji} = M_{ij} = A_j^{\mathsf T} F \quad (j = i-1, \dots, 1)
# $$ (eq-35-crba)
#
# 관절 자세는 한 번만 계산하고, 속도 항은 처음부터 없다. 관절이 둘 이상이면 곱셈의 대부분은 합성
# 관성을 옮기는 $n-1$번의 변환($6\times6$ 곱 두 번씩)과, 렌치를 안쪽으로 옮기는 $n(n-1)/2$번의
# 행렬-벡터 곱이다.
# `chaindyn.composite.crba`는 식 {eq}`eq-35-composite`와 {eq}`eq-35-crba`를 그대로 옮긴 것이다.

# %% tags=["hide-input"]
print(inspect.getsource(crba).split('"""', 2)[2].strip())

# %% [markdown]
# `joint_steps`는 3.2장의 관절 단계 $X_i = \mathrm{Ad}_{T_{i,i-1}}$를 모든 링크에 대해 만든다. 합성
# 관성은 `_composites`가 바깥 링크부터 차례로 내준다. `transform_inertia(Gc, X)`가
# $X^{\mathsf T}\mathcal{G}^{c}X$이다.
#
# ```{literalinclude} ../src/chaindyn/composite.py
# :language: python
# :pyobject: _composites
# ```
#
# `crba`는 대칭 행렬의 두 삼각형을 모두 채운다. Pinocchio의 C++ `crba`는 `data.M`의 위 삼각형만
# 채우고, 파이썬 바인딩이 돌려주기 전에 아래 삼각형을 복사한다 {cite:p}`carpentier2019pinocchio`.
# 3.5.8절의 대조는 이 차이를 맞춘 뒤에 비교한다.
#
# **구조를 살린 CRBA.** 밀집 $6\times6$ 곱은 0을 많이 곱한다. `crba_structured`는 같은 순환을
# 부록 B의 관절 프레임 $\{i'\}$(z축이 관절 축)에서 3차원 벡터로 계산한다. 이웃한 관절 프레임
# 사이의 변환은 축 스크루 둘로 나뉜다. 하나는 관절 축(z)을 따라 미끄러지고 도는 것이다. 다른
# 하나는 공통 법선(x)을 따라 돌고 옮기는 것이다. 합성 관성은 질량·1차 모멘트·2차 모멘트로 나누어
# 옮기고, 대칭 행렬은 두 배 각으로 돌린다. 관절 자신의 열 렌치에는 0인 성분이 있어 곱셈이 빠진다.
# 이 순환은 사슬마다 한 번 분기 없는 코드로 컴파일된다(부록 B.1, `chaindyn.engine`). 아래 표에서
# RBDA의 두 행을 뺀 수는 모두 실제 실행 경로에서 센 것이다(밀집형은 행렬 곱과 내적의 곱셈만,
# 구조형은 모든 곱셈).

# %% tags=["remove-input"]
counts = ch35.multiplication_counts()
ns = counts["n"]
k6, k64 = ns.index(6), ns.index(64)
for key in ("crba", "crba_s", "crba_pub", "aba", "aba_s", "aba_pub", "rnea_s", "chol"):
    glue(f"c35_{key}_6", counts[key][k6], display=False)
    glue(f"c35_{key}_64", f"{counts[key][k64]:,}", display=False)
glue("c35_crba_ratio64", fixed(counts["crba_s"][k64] / counts["crba_pub"][k64], 2), display=False)
glue("c35_aba_ratio64", fixed(counts["aba_s"][k64] / counts["aba_pub"][k64], 2), display=False)
glue("c35_aba_ratio6", fixed(counts["aba_s"][k6] / counts["aba_pub"][k6], 2), display=False)
steps = ch35.step_counts()  # 구조형 CRBA와 ABA의 단계별 곱셈 (단계마다 컴파일해 셈)
for key, value in steps.items():
    glue(f"c35_step_{key}", value, display=False)
glue("c35_aba_dense_ratio6", fixed(counts["aba"][k6] / counts["aba_s"][k6], 1), display=False)
glue("c35_step_inertia_share", int(fixed(100 * steps["inertia"] / steps["per_joint"], 0)),
     display=False)
rng6 = np.random.default_rng(6)
chain6 = models.random_chain(6, rng6, prismatic=0.0)
aba_all6 = count(aba, chain6, *rng6.uniform(-1, 1, (3, 6)), rule="all")
glue("c35_aba_dense_all_ratio6", fixed(aba_all6 / counts["aba_s"][k6], 1), display=False)
claims.claim("c35-aba-dense-rule",
             "모든 곱셈을 세면 {glue:text}`c35_aba_dense_all_ratio6`배로 차이가 더 크다",
             bool(aba_all6 > counts["aba"][k6]), all_rule=aba_all6,
             products_rule=counts["aba"][k6])
claims.claim("c35-aba-below", "구조형 ABA는 센 모든 $n \\ge 2$에서 RBDA의 식보다 곱셈이 적다",
             all(a < b for n, a, b in zip(ns, counts["aba_s"], counts["aba_pub"]) if n >= 2),
             counted=counts["aba_s"], published=counts["aba_pub"])
mm_n = [(n, a, b) for n, a, b in zip(ns, counts["mass_matrix"], counts["mass_matrix_pass"])
        if a is not None]
glue("c35_mm_step", (counts["mass_matrix"][k6] - counts["mass_matrix_pass"][k6]) // (6 * 5),
     display=False)
claims.claim("c35-mm-diff", "$n(n-1)$에 비례한다",
             all(a - b == 99 * n * (n - 1) for n, a, b in mm_n), counted=mm_n)
fits = ch35.formula_ranges()
fit_ns = fits["crba"]["checked"]
glue("c35_fit_ns", f"{fit_ns[0]}–{max(n for n in fit_ns if n <= 24)}, "
     + ", ".join(str(n) for n in fit_ns if n > 24), display=False)
glue("c35_fit_mm_max", max(fits["mass_matrix"]["checked"]), display=False)
claims.claim("c35-fit-ends", "구조형 CRBA와 ABA의 식은 $n \\ge 3$에서, RNEA의 식은 $n \\ge 2$에서 "
             "맞는다",
             fits["crba_s"]["from"] == fits["aba_s"]["from"] == 3 and fits["rnea_s"]["from"] == 2
             and all(v["from"] == 1 for k, v in fits.items()
                     if k not in ("crba_s", "aba_s", "rnea_s")), fits=fits)
for n_, counted_, formula_ in fits["aba_s"]["exceptions"]:
    glue(f"c35_fit_aba_s_{n_}", counted_, display=False)
    glue(f"c35_fit_aba_s_f{n_}", minus(formula_), display=False)
glue("c35_aba_pub_1", minus(ch35.published_aba(1)), display=False)
divisions6 = engine.compiled(chain6, "aba").operations["/"]  # 1/D_i; the last D is a constant
glue("c35_aba_divisions6", divisions6, display=False)
glue("c35_aba_s_rbda", f"{counts['aba_s'][k6] + divisions6:,}", display=False)
# RBDA 205-206쪽: 관성 하나를 옮기는 rx = 32 m, 렌치(벡터) 하나를 옮기는 vx = 20 m.
# n² 계수는 렌치를 한 칸 옮기는 곱셈의 절반이다 (이 구현과 RBDA 식 (10.2) 모두).
RBDA_RX, RBDA_VX = ch35.RBDA_STEPS["rx"], ch35.RBDA_STEPS["vx"]
glue("c35_rbda_rx", RBDA_RX, display=False)
glue("c35_rbda_vx", RBDA_VX, display=False)
assert all(ch35.published_crba(n) == (n - 1) * RBDA_RX + n * (n - 1) // 2 * RBDA_VX
           for n in range(1, 65))  # RBDA 식 (10.2)에 ra = 0 m을 넣으면 식 (10.3)
glue("c35_crba_gap64", f"{counts['crba_pub'][k64] - counts['crba_s'][k64]:,}", display=False)
claims.claim("c35-crba-below", "구조형 CRBA는 센 모든 $n \\ge 2$에서 RBDA의 식보다 곱셈이 적다",
             all(a < b for n, a, b in zip(ns, counts["crba_s"], counts["crba_pub"]) if n >= 2),
             counted=counts["crba_s"], published=counts["crba_pub"])
claims.claim("c35-crba-same-steps", "RBDA의 두 값과 같다",
             steps["composite"] == RBDA_RX and steps["wrench"] == RBDA_VX,
             composite=steps["composite"], wrench=steps["wrench"])


def fit_text(key):
    """The n where the formula of a row gives the count, and its exception."""
    if key is None:
        return "—"
    f = fits[key]
    text = f"n ≥ {f['from']}"
    for n, counted, formula in f["exceptions"]:
        text += f" (n = {n}: 센 값 {counted}, 식 {minus(formula)})"
    return text


# %% mystnb={"markdown_format": "gfm"} tags=["hide-input"]
F = ch35.COUNT_FORMULAS
rows = [
    ("M: RNEA 열 구성, n번 따로 (밀집, 행렬 곱만)", "mass_matrix", "—"),
    ("M: mass_matrix, 열 n개를 한 번의 배치로 (밀집, 행렬 곱만)", "mass_matrix_pass", "—"),
    ("M: crba (밀집, 행렬 곱만)", "crba", None),
    ("M: crba_structured (모든 곱셈)", "crba_s", None),
    ("M: RBDA 식 (10.3), 표 10.1", "crba_pub", "10 n² + 22 n − 32"),
    ("q̈: aba (밀집, 행렬 곱만)", "aba", None),
    ("q̈: aba_structured (모든 곱셈)", "aba_s", None),
    ("q̈: RBDA 표 10.1 (McMillan, Orin, McGhee 1995)", "aba_pub", "224 n − 259"),
    ("τ: rnea_structured (모든 곱셈, 3.5.4절의 경로에 쓴다)", "rnea_s", None),
]
lines = ["| 계산 | 식 (회전 관절 n개) | 식이 센 값과 맞는 n | n = 6 | n = 64 |",
         "|---|---|---|---|---|"]
for name, key, formula in rows:
    a, b = counts[key][k6], counts[key][k64]
    if key.endswith("_pub"):
        fit = f"RBDA에 적혀 있지 않음 (n = 1에서 식의 값 {minus(counts[key][0])})"
    else:
        fit = fit_text(key)
    lines.append(f"| {name} | {F[key][0] if key in F else formula} | {fit} | {a:,} | "
                 + ("—" if b is None else f"{b:,}") + " |")
display(Markdown("\n".join(lines)))

# %% [markdown]
# % claim: c35-mm-diff, c35-fit-ends
#
# 식 열의 다항식은 관절 수 $n$마다 센 값에 맞춘 것이다. 셋째 열은 센 값과 식이 같아지는 범위로,
# $n =$ {glue:text}`c35_fit_ns`에서 센 값과 비교해 얻었다(열 구성의 두 행은 $n \le$
# {glue:text}`c35_fit_mm_max`까지만 센다). 구조형 CRBA와 ABA의 식은 $n \ge 3$에서, RNEA의 식은
# $n \ge 2$에서 맞는다. 사슬의 두 끝은 특별하다. 첫 링크는 정지에서 시작하고, 끝 링크의 상수는
# 컴파일할 때 접힌다. 관절이 한두 개뿐이면 첫 링크와 끝 링크가 겹치거나 붙어 있다. 그래서 두 끝에서
# 따로 덜어지는 곱셈을 모은 상수항이 맞을 수 없다. 예를 들어 구조형 ABA는 $n = 1$에서
# {glue:text}`c35_fit_aba_s_1`번, $n = 2$에서 {glue:text}`c35_fit_aba_s_2`번을 곱하는데, 식의 값은
# 차례로 {glue:text}`c35_fit_aba_s_f1`, {glue:text}`c35_fit_aba_s_f2`이다. 두 질량 행렬 행의 차이는 관절 변환(회전 관절 하나에
# {glue:text}`c35_mm_step`번)을 열마다 만드느냐 링크마다 한 번 만드느냐에서 오며, $n(n-1)$에
# 비례한다.
#
# % no-claim: 두 RBDA 행의 출처와 적용 범위
#
# 두 RBDA 행은 RBDA의 표 10.1(202쪽)에서 직접 옮겼다. CRBA의 식은 RBDA가 10.3.1절에서 식 (10.2)로
# 유도해 식 (10.3)으로 적은 것이다(205–206쪽). 관성 하나를 옮기는 데 {glue:text}`c35_rbda_rx`번,
# 렌치 하나를 옮기는 데 {glue:text}`c35_rbda_vx`번이 든다. 표는 같은 식의 출처로
# {cite:t}`featherstone2005efficient`의 식 20도 든다. ABA의 식은
# 표가 {cite:t}`mcmillan1995efficient`의 표 II(고정 기저)에서 옮긴 것이다. 그 논문은 이 책이 읽지
# 못했으므로 ABA의 식은 RBDA를 거친 인용이다. 표의 대상은 회전 관절만으로 된 가지 없는 일반 사슬이다
# (203쪽). RBDA는 두 식이 맞는 $n$의 범위를 적지 않는다. ABA의 식은 $n = 1$에서 음수
# ({glue:text}`c35_aba_pub_1`)가 되므로 그곳에서는 쓸 수 없다.
#
# % claim: c35-crba-below, c35-crba-same-steps
#
# 구조형 CRBA는 센 모든 $n \ge 2$에서 RBDA의 식보다 곱셈이 적다. $n = 64$에서는 RBDA 값의
# {glue:text}`c35_crba_ratio64`배로, {glue:text}`c35_crba_gap64`번 적다. 사슬 가운데 회전 관절
# 하나에서 센 두 단계는 RBDA의 두 값과 같다. 합성 관성 하나를 옮기는 데
# {glue:text}`c35_step_composite`번, 렌치를 한 칸 안쪽으로 옮기는 데 {glue:text}`c35_step_wrench`번이
# 든다. $n^2$의 계수는 렌치 한 칸의 절반이므로 두 식에서 같다. 차이는 $n$의 계수와 상수항에 있다. 각
# 열의 첫 칸은 관절 자신의 열 렌치를 옮긴다. 그 힘에는 z 성분이 없으므로
# {glue:text}`c35_step_column_first`번이면 된다. 또 끝 링크의 관성처럼 상수끼리의 곱은 컴파일할 때
# 미리 계산되어 호출마다 하지 않는다.
#
# 세는 규칙도 조금 다르다. RBDA는 나눗셈을 곱셈에 넣어 세고, 사인과 코사인의 계산은 뺀다(201쪽,
# 203쪽). 이 책의 두 규칙은 나눗셈을 세지 않는다({ref}`sec-count-rules`). 구조형 ABA는 끝 관절을
# 뺀 관절마다 나눗셈을 한 번 한다(끝 관절의 $D_n$은 상수이다). $n = 6$에서
# {glue:text}`c35_aba_divisions6`번이므로, RBDA의 규칙으로 세면 {glue:text}`c35_aba_s_rbda`번이
# 된다.
#
# ```{exercise} 합성 관성이 아끼는 곱셈
# :label: ex-35-composite
#
# 밀집 `crba`에서 합성 관성 $X_{i+1}^{\mathsf T}\mathcal{G}^{c}_{i+1}X_{i+1}$ 하나를 옮기는 데 드는
# 곱셈(행렬 곱만 세는 규칙)은 몇 번인가? 이 항이 $n$에 대해 선형으로만 늘어나는 까닭을, 같은 일을
# RNEA 열 구성이 어떻게 하는지와 비교해 설명하라.
# ```
#
# ```{solution} ex-35-composite
# :label: sol-35-composite
# :class: dropdown
#
# $6\times6$ 행렬 두 번의 곱이므로 $2 \cdot 6^3 = 432$번이다. 이것을 링크마다 한 번($n-1$번) 하므로
# $432(n-1)$이다. 합성 관성은 상태 $q$ 하나에 대해 한 번만 만들고 모든 열이 그것을 나누어 쓴다.
# RNEA 열 구성에서는 같은 역할을 하는 "바깥 링크들의 관성 합"이 따로 없고, 열마다 모든 링크의
# 렌치를 처음부터 다시 쌓는다. 그래서 열 구성의 곱셈은 $n$번의 RNEA, 곧 $n^2$에 비례한다.
# CRBA에서 $n^2$에 비례하는 항은 렌치를 안쪽으로 옮기는 $n(n-1)/2$번의 행렬-벡터 곱(한 번에 36)과
# 성분을 읽는 내적뿐이다.
# ```
#
# ## 3.5.3 관절체 관성과 ABA의 세 단계
#
# CRBA로 $M$을 만들고 식 {eq}`eq-35-forward`를 촐레스키 분해로 풀면 순동역학이 된다. 분해에
# $n^3/6$번쯤의 곱셈이 들어서 이 경로는 $O(n^3)$이다. ABA는 $M$을 만들지 않고 링크 단위의 순환
# 세 번으로 $\ddot q$를 얻는다 {cite:p}`featherstone1983calculation`. 아래의 식은 RBDA 7.3절
# (128–131쪽)의 식 (7.32)–(7.50)을 이 책의 표기로 옮긴 것이다. 열쇠는 **관절체 관성**이다.
#
# 링크 $i..n$이 관절 $i+1..n$로 이어진 채 매달려 있고, 그 관절들의 토크는 주어져 있다고 하자. 링크
# $i$를 어떤 가속도 $\dot V_i$로 흔들 때 이 덩어리가 되미는 렌치는 $\dot V_i$의 아핀 함수
# $\mathcal{G}^{A}_i \dot V_i + b^{A}_i$이다. 굳힌 덩어리라면 $\mathcal{G}^{A}_i$는 합성 관성일 것이다.
# 그러나 관절이 움직일 수 있으므로 관절 축 방향으로 미는 힘의 일부는 관절의 가속으로 흡수된다. 그래서
# 관절체 관성은 합성 관성보다 "가볍다". 링크 $i$에서 관절 $i$를 지나 링크 $i-1$로 전해지는 몫은
#
# $$
# U_i = \mathcal{G}^{A}_i A_i,\quad D_i = A_i^{\mathsf T}U_i,\quad
# \mathcal{G}^{a}_i = \mathcal{G}^{A}_i - \frac{U_i U_i^{\mathsf T}}{D_i}
# $$ (eq-35-articulated)
#
# 이고, 이 몫을 부모 좌표계로 옮겨 부모 링크의 관성에 더한다. 스칼라 $D_i$는 관절 $i$ 축 방향으로 본
# 관절체 관성이다. 세 단계를 정리하면 다음과 같다.
#
# 1. **바깥으로** ($i = 1..n$): 트위스트 $V_i = X_i V_{i-1} + A_i\dot q_i$, 속도곱 가속도
#    $\kappa_i = \mathrm{ad}_{V_i} A_i\,\dot q_i$, 그리고 링크 하나의 바이어스 렌치
#    $b^{A}_i = -\mathrm{ad}_{V_i}^{\mathsf T}\mathcal{G}_i V_i$(말단 링크에는 $F_{\mathrm{tip}}$을 더한다)를
#    계산하고 $\mathcal{G}^{A}_i = \mathcal{G}_i$로 둔다.
# 2. **안으로** ($i = n..1$): 식 {eq}`eq-35-articulated`와
#    $\eta_i = \tau_i - A_i^{\mathsf T}b^{A}_i$를
#    계산하고, $b^{a}_i = b^{A}_i + \mathcal{G}^{a}_i\kappa_i + U_i \eta_i/D_i$와 함께 부모에
#    더한다.
#    $\mathcal{G}^{A}_{i-1} \mathrel{+}= X_i^{\mathsf T}\mathcal{G}^{a}_iX_i$,
#    $b^{A}_{i-1} \mathrel{+}= X_i^{\mathsf T}b^{a}_i$.
# 3. **다시 바깥으로** ($i = 1..n$, $\dot V_0 = (0, -\mathfrak{g})$):
#    $\dot V'_i = X_i\dot V_{i-1} + \kappa_i$,
#    $\ddot q_i = (\eta_i - U_i^{\mathsf T}\dot V'_i)/D_i$,
#    $\dot V_i = \dot V'_i + A_i\ddot q_i$.
#
# RBDA는 $D_i$와 $\eta_i$를 $D_i$, $u_i$로 적는다(식 (7.44), (7.45)). 이 책에서 $u_i$는 스크루
# 축의 병진
# 부분이므로 둘째 것을 $\eta_i$로 적는다. 둘째 단계가 관절마다 한 번의 $6\times6$ 갱신이고, 나머지는
# 벡터 연산이다. 세 순환 모두 링크를 한 번씩만 지나가므로 연산량은 $O(n)$, 곧 관절 수의 일차식이다.
# `chaindyn.articulated.aba`는 이 세 단계를 밀집 행렬로,
# `aba_structured`는 관절 프레임의 성분으로 계산한다. 구조형에서는 운동 부분공간 $A_i$가 좌표축
# 하나이므로 $\mathcal{G}^{a}_i$의 그 행과 열이 정확히 0이
# 된다($\mathcal{G}^{a}_iA_i = U_i - U_i D_i/D_i = 0$).
# RBDA(128쪽)도 이 성질로 관절체 관성의 계산을 조금 줄일 수 있다고 적는다. 구현은 이런 성분을
# 구조적 0으로 표시하고, 그 0이 들어가는 곱셈과 덧셈은 컴파일된 코드에 남지 않는다. 구조형은 첫
# 단계도 다르게 한다. RNEA의 바깥 순환을 $\ddot q = 0$으로 돌리면 링크마다 렌치
# $\mathcal{G}_i\dot V_i - \mathrm{ad}_{V_i}^{\mathsf T}\mathcal{G}_iV_i$가 나온다. 이때의
# $\dot V_i$에는 속도곱 가속도와 중력이 이미 들어 있고, 구조형은 이 렌치를 바이어스 렌치로 쓴다.
# 그러면 둘째와 셋째 단계는 관절 가속도가 만드는 몫만 풀면 된다. 셋째
# 단계는 정지에서 시작하고 $\mathcal{G}^{a}_i\kappa_i$를 만들지 않는다.
#
# % claim: c35-aba-dense-rule, c35-aba-below
#
# 곱셈 수는 위 표에 있다. 밀집 ABA는 $n = 6$에서 구조형의 {glue:text}`c35_aba_dense_ratio6`배를
# 곱한다. 밀집형의 값은 행렬 곱만 센 것이고, 모든 곱셈을 세면
# {glue:text}`c35_aba_dense_all_ratio6`배로
# 차이가 더 크다. 구조형은 회전 관절 하나에 {glue:text}`c35_step_per_joint`번을 쓴다. $n = 6$에서는
# RBDA 값의 {glue:text}`c35_aba_ratio6`배, $n = 64$에서는 {glue:text}`c35_aba_ratio64`배이다.
# 구조형 ABA는 센 모든 $n \ge 2$에서 RBDA의 식보다 곱셈이 적다.
#
# 단계마다 따로 컴파일해 센 몫은 다음과 같다. 관절 축을 따라 행과 열 하나가 0인 관절체 관성을
# 부모로 옮기는 데 {glue:text}`c35_step_inertia`번이 든다. 그 가운데 관절 축을 따라 미끄러지는 데
# {glue:text}`c35_step_slide`번, z축과 x축에 대해 돌리는 데 {glue:text}`c35_step_rotate`번, 공통
# 법선을 따라 옮기는 데 {glue:text}`c35_step_offset`번이다. 렌치를 부모로 옮기는 데
# {glue:text}`c35_step_wrench`번, 트위스트를 자식으로 옮기는 데 {glue:text}`c35_step_twist`번이
# 든다. 나머지는 RNEA의 바깥 순환, 관절체 관성의 갱신, 삼각함수의 곱이다. 관성을 옮기는 몫이 관절당
# 곱셈의 {glue:text}`c35_step_inertia_share`%를 차지한다. RBDA(204쪽)에 따르면 표 10.1의 값은 세
# 가지 최적화의 결과이다. DH 좌표계를 쓰고, 링크 좌표에서 관절의 운동 부분공간이
# $(0,0,1,0,0,0)$임을 살리고, 링크 사이의 변환을 축 스크루 변환 두 번(x축 하나, z축 하나)으로
# 나눈다. 이 책의 관절 프레임 $\{i'\}$도 같은 세 가지를 쓴다. 곱셈이 더 적은 까닭으로 세 가지를
# 들 수 있다. 대칭 행렬을 두 배 각으로 돌리고, 상수끼리의 곱을 컴파일할 때 미리 하며, 위에서 본
# 대로 첫 단계를 RNEA의 바깥 순환으로 대신한다. 그 가운데 어느 것이 몇 번을 덜어 주는지는 3.5.9절의
# 연구 질문으로 남긴다.
#
# ```{figure} figures/ch35_opcount.png
# :name: fig-35-opcount
# :width: 100%
#
# 회전 관절 $n$개인 임의 사슬에서 센 곱셈 수. 왼쪽은 질량 행렬(RNEA 열 구성, 밀집·구조형 CRBA,
# RBDA 표 10.1의 식), 오른쪽은 순동역학(밀집·구조형 ABA, RBDA 표 10.1의 식, 구조형 CRBA + RNEA +
# 촐레스키 경로).
# `figsrc/fig_35_opcount.py`가 그리고, 값은 `data/ch35_opcount.csv`에 있다.
# ```
#
# ## 3.5.4 교차점 — ABA가 언제 더 싼가
#
# 순동역학의 $O(n^3)$ 경로는 CRBA로 $M$을, RNEA로 $\ddot q = 0$일 때의 토크
# $h + J_b^{\mathsf T}F_{\mathrm{tip}}$를 만든다. 그다음 $M = LL^{\mathsf T}$로 분해하고 삼각 행렬
# 두
# 개로 푼다(`forward_dynamics`). 분해 안의 곱셈은 LAPACK 안에서 일어나 `opcount`가 보지 못한다.
# 그래서
# 교과서 알고리즘의 $(n^3-n)/6$번과 두 번의 대입에 드는 $n(n-1)$번을 더했다
# {cite:p}`higham2002accuracy`. 회전 관절 사슬에서 ABA가 이 경로보다 곱셈이 적어지는 가장 작은 $n$은
# 다음과 같다.

# %% tags=["remove-input"]
cross = ch35.crossover()
for key in ("structured", "dense", "published"):
    glue(f"c35_cross_{key}", cross[key]["n"], display=False)
c = cross["structured"]
glue("c35_cross_aba", f"{c['aba']:,}", display=False)
glue("c35_cross_below", c["n"] - 1, display=False)
glue("c35_cross_route", f"{c['route']:,}", display=False)
glue("c35_cross_aba_below", f"{c['aba_below']:,}", display=False)
glue("c35_cross_route_below", f"{c['route_below']:,}", display=False)
glue("c35_cross_nmax", ch35.CROSSOVER_NMAX, display=False)
claims.claim("c35-cross-dense", "밀집 CRBA의 $6\\times6$ 곱이 워낙 비싸서 ABA가 처음부터 싸다",
             cross["dense"]["n"] == 1, dense=cross["dense"])
one = ch35.multiplication_counts([1], mass_matrix_max=0)
glue("c35_n1_aba", one["aba_s"][0], display=False)
glue("c35_n1_route", one["crba_s"][0] + one["rnea_s"][0] + one["chol"][0], display=False)
# RBDA 204쪽의 진술(인용값): O(n³) 경로는 n ≤ 8에서 ABA보다 조금 빠르고, n = 18에서 약 1.6배이다.
RBDA_SAYS = {"last": 8, "ratio_n": 18, "ratio": 1.6}
rb = ch35.rbda_crossover(ratio_at=RBDA_SAYS["ratio_n"])
glue("c35_rbda_says_last", RBDA_SAYS["last"], display=False)
glue("c35_rbda_says_ratio", RBDA_SAYS["ratio"], display=False)
glue("c35_rbda_ratio_n", RBDA_SAYS["ratio_n"], display=False)
glue("c35_rbda_last", rb["last_route_cheaper"], display=False)
glue("c35_rbda_ratio", fixed(rb["ratio"], 2), display=False)
claims.claim("c35-rbda-crossover", "RBDA 표 10.1의 식으로 다시 세어도 같은 결과가 나온다",
             rb["last_route_cheaper"] == RBDA_SAYS["last"]
             and rb["route_cheaper"] == list(range(2, RBDA_SAYS["last"] + 1))
             and abs(rb["ratio"] - RBDA_SAYS["ratio"]) < 0.05, recomputed=rb)
# Featherstone (2005), abstract: O(n^3) against O(n) on 30-DOF systems (quoted, not computed)
FS05 = {"dof": 30, "chain": "2.6", "humanoid": 15}
for key, value in FS05.items():
    glue(f"c35_fs05_{key}", value, display=False)

# %% [markdown]
# % claim: c35-cross-dense
#
# - **구조형끼리**(`aba_structured` 대 `crba_structured` + `rnea_structured` + 분해 + 대입):
#   $n \ge$ {glue:text}`c35_cross_structured`. 바로 아래인 $n =$ {glue:text}`c35_cross_below`에서는
#   ABA가 {glue:text}`c35_cross_aba_below`번, $O(n^3)$ 경로가
#   {glue:text}`c35_cross_route_below`번이다.
#   교차점에서는 {glue:text}`c35_cross_aba`번 대 {glue:text}`c35_cross_route`번이다.
# - **RBDA의 두 식으로**(ABA $224n-259$ 대 CRBA $10n^2+22n-32$ + 이 책의 구조형 RNEA + 분해 + 대입):
#   $n \ge$ {glue:text}`c35_cross_published`.
# - **밀집형끼리**: $n \ge$ {glue:text}`c35_cross_dense`. 밀집 CRBA의 $6\times6$ 곱이 워낙 비싸서
#   ABA가 처음부터 싸다.
#
# % no-claim: 교차점의 정의와, 관절이 하나인 경우의 두 곱셈 수
#
# 교차점은 그 $n$부터 $n =$ {glue:text}`c35_cross_nmax`까지 ABA가 계속 적은 가장 작은 $n$이다.
# RBDA의
# ABA 식은 $n = 1$에서 음수가 되므로 그 행은 $n = 2$부터 본다. 관절이 하나이면 구조형끼리 ABA가
# {glue:text}`c35_n1_aba`번, $O(n^3)$ 경로가 {glue:text}`c35_n1_route`번이다. 질량 행렬이 스칼라여서
# 분해와 대입이 나눗셈 하나로 끝나는 특수한 경우이다.
#
# % claim: c35-rbda-crossover
#
# 곱셈 수로 본 교차점은 구현에 따라 크게 움직인다. RBDA 10.3절(203–204쪽)은 표 10.1에서 알고리즘마다
# 가장 좋은 식을 골라, 곱셈과 덧셈을 합친 연산 수를 $n$에 대해 그린다(그림 10.4). 그리고 $O(n^3)$
# 경로(CRBA + RNEA + 분해와 풀이)가 $n \le$ {glue:text}`c35_rbda_says_last`에서 ABA보다 조금 빠르고,
# $n =$ {glue:text}`c35_rbda_ratio_n`에서는 ABA의 약 {glue:text}`c35_rbda_says_ratio`배가 된다고
# 적는다.
# RBDA 표 10.1의 식으로 다시 세어도 같은 결과가 나온다. $O(n^3)$ 경로는 $n = 2$부터
# {glue:text}`c35_rbda_last`까지 연산이 적고, $n =$ {glue:text}`c35_rbda_ratio_n`에서의 비는
# {glue:text}`c35_rbda_ratio`배이다. RBDA는 이 표와 그림이 가지 없는 사슬, 곧 최악의 경우만 보여
# 주어 $O(n^3)$ 경로를 지나치게 나쁘게 보이게 한다고 덧붙인다(206쪽). 가지가 있는 나무에서는 질량
# 행렬이 희소해져 CRBA와 분해가 모두 싸진다.
#
# % no-claim: 논문 초록의 진술을 옮긴 것
#
# {cite:t}`featherstone2005efficient`의 초록(출판사의 초록 쪽에서 읽었다)은 가지가 없는
# {glue:text}`c35_fs05_dof`자유도 사슬에서 $O(n^3)$ 알고리즘이 $O(n)$ 알고리즘보다
# {glue:text}`c35_fs05_chain`배 느리고, 같은 자유도의 휴머노이드에서는
# {glue:text}`c35_fs05_humanoid`%만
# 느리다고 적는다.
#
# 곱셈 수가 시간을 그대로 말해 주지는 않는다. 부록 B의 벤치마크({ref}`sec-b-35`)는 이 기계에서 잰 한
# 번 호출의 시간으로 같은 비교를 한다. 값은 `figsrc/bench_35.py`가 기록한
# `data/bench_35_growth.csv`에서
# 읽으며, 빌드할 때 시간을 재지는 않는다.

# %% tags=["remove-input"]
growth = read_csv("bench_35_growth.csv")
ns_b = [int(r["n"]) for r in growth]


def measured_crossover(fast, slow):
    """fast가 slow보다 빨라지는 가장 작은 n (그 뒤로 계속 빠른 첫 n), 없으면 None."""
    faster = [float(r[fast + "_us"]) < float(r[slow + "_us"]) for r in growth]
    for k in range(len(ns_b)):
        if all(faster[k:]):
            return ns_b[k]
    return None


m_ours = measured_crossover("aba_structured", "route_structured")
m_pin = measured_crossover("pin.aba", "pin crba+nle+cholesky")
n_seen = max(ns_b)


def faster_from(m):
    """measured_crossover의 결과를 문장으로."""
    if m is None:
        return f"잰 n ≤ {n_seen}에서 ABA가 계속 빠른 구간이 없었다"
    if m == ns_b[0]:
        return f"잰 모든 n({ns_b[0]}부터 {n_seen}까지)에서 ABA가 빨랐다"
    return f"n ≥ {m}부터 ABA가 빨랐다"


glue("c35_meas_ours", faster_from(m_ours), display=False)
glue("c35_meas_pin", faster_from(m_pin), display=False)
first, last = growth[0], growth[-1]


def route_ratio(row, route, fast):
    return float(row[route + "_us"]) / float(row[fast + "_us"])


glue("c35_meas_n0", int(first["n"]), display=False)
glue("c35_meas_n", int(last["n"]), display=False)
glue("c35_meas_ours_ratio0", fixed_sig(route_ratio(first, "route_structured", "aba_structured"), 2),
     display=False)
glue("c35_meas_ours_ratio", fixed_sig(route_ratio(last, "route_structured", "aba_structured"), 2),
     display=False)
glue("c35_meas_pin_ratio", fixed_sig(route_ratio(last, "pin crba+nle+cholesky", "pin.aba"), 2),
     display=False)
both_aba = m_ours == ns_b[0] and m_pin == ns_b[0]
claims.claim("c35-meas-route-slower", "가장 작은 $n =$",
             route_ratio(first, "route_structured", "aba_structured") > 1
             and route_ratio(last, "route_structured", "aba_structured") > 1
             and route_ratio(last, "pin crba+nle+cholesky", "pin.aba") > 1,
             first=first, last=last)
claims.claim("c35-meas-aba-faster", "잰 시간으로는 두 구현 모두 ABA가 빨랐다", both_aba,
             ours=m_ours, pin=m_pin, measured=ns_b)

# %% [markdown]
# % claim: c35-meas-route-slower
#
# - 이 책의 파이썬 구현(`aba_structured` 대 구조형 CRBA + RNEA + LAPACK 분해): {glue:text}`c35_meas_ours`.
#   가장 작은 $n =$ {glue:text}`c35_meas_n0`에서도 $O(n^3)$ 경로는 ABA의
#   {glue:text}`c35_meas_ours_ratio0`배, $n =$ {glue:text}`c35_meas_n`에서는
#   {glue:text}`c35_meas_ours_ratio`배 시간이 걸렸다.
# - Pinocchio(`pin.aba` 대 `pin.crba` + `pin.nonLinearEffects` + `pin.cholesky`): {glue:text}`c35_meas_pin`.
#   $n =$ {glue:text}`c35_meas_n`에서 $O(n^3)$ 경로는 ABA의 {glue:text}`c35_meas_pin_ratio`배 시간이 걸렸다.
#
# % claim: c35-meas-aba-faster
#
# 곱셈 수로는 작은 $n$에서 $O(n^3)$ 경로가 싸지만, 잰 시간으로는 두 구현 모두 ABA가 빨랐다.
# $O(n^3)$ 경로는 라이브러리를 세 번(CRBA, RNEA, 분해) 부르고 ABA는 한 번 부른다. 작은 $n$에서는
# 곱셈보다 호출마다 드는 고정 비용(입력 검사, 인자 준비, 결과 배열 만들기)이 시간을 정하는 것으로
# 보인다. 측정은 다른 작업과 함께 쓰는 기계에서 했다(부록 B의 기계 기록). 그러므로 비가 1에 가까운
# 곳의 순서는 다시 재면
# 바뀔 수 있다.
#
# ```{exercise} 교차점을 옮기는 것
# :label: ex-35-crossover
#
# % no-claim: 연습 문제의 가정(가상의 곱셈 수)
#
# 구조형 ABA가 관절당 {glue:text}`c35_step_per_joint`번이 아니라 RBDA 표의 기울기인 224번을
# 곱한다고 하자. 나머지(CRBA, RNEA, 분해)는 그대로일 때 곱셈 수로 본 교차점은 작아지는가,
# 커지는가? 계산으로 확인하라.
# ```
#
# ```{solution-start} ex-35-crossover
# :label: sol-35-crossover
# :class: dropdown
# ```
#
# ABA 쪽만 비싸지므로 교차점은 작아질 수 없다. 상수항은 이 책의 식의 값을 그대로 두고 센다.

# %%
nc = list(range(3, ch35.CROSSOVER_NMAX + 1))
c = ch35.multiplication_counts(nc, mass_matrix_max=0)
route = [cr + r + ch + n * (n - 1) for n, cr, r, ch in zip(nc, c["crba_s"], c["rnea_s"], c["chol"])]
const = c["aba_s"][0] - steps["per_joint"] * nc[0]  # 구조형 ABA 식의 상수항
new_cross = next(n for k, n in enumerate(nc)
                 if all(224 * m + const < r for m, r in zip(nc[k:], route[k:])))
print("기울기 224일 때의 교차점 n =", new_cross, "(지금:", ch35.crossover()["structured"]["n"], ")")

# %% [markdown]
# ```{solution-end}
# ```
#
# ## 3.5.5 수치적 거동 — 어느 경로를 믿을 것인가
#
# 3.2.10.5절에서 질량비가 큰 사슬은 $M$의 조건수 $\operatorname{cond}(M)$를 크게 키웠다. 식
# {eq}`eq-35-forward`와 같은 선형 방정식을 안정된 알고리즘으로 풀어도, 전방 오차는 일반적으로
# $\operatorname{cond}(M)\,\varepsilon$ 정도까지 커질 수 있다 {cite:p}`higham2002accuracy`. ABA는
# $M$을
# 만들지 않으므로 이 한계를 그대로 따르는지가 물음이다. RBDA(198쪽)는 ABA가 CRBA보다 정확하다는 것이
# 알려져 있다고만 적고, 근거는 다른 문헌(Ascher 등 1997, Featherstone 1999b)에 미룬다. 이 책은 그
# 문헌을 읽지 않았으므로 직접 잰다. `figsrc/study_35_numerics.py`가 세 가지를 쟀다. 몇 분이 걸리므로
# 책을 만들 때는 돌리지 않고, 저장된 결과(`data/ch35_*.csv`)를 읽는다.
#
# - 관절 1000개까지의 임의 사슬과, 똑같은 막대를 이은 평면 사슬을 펼친 자세($q = 0$)와 접힌 자세에
#   두었을 때의 $\operatorname{cond}(M)$.
# - 정지 상태($\dot q = 0$)에서 무작위 토크를 준 $\ddot q$의 **전방 오차**: 40자리 연산(mpmath
#   {cite:p}`mpmath2023`)으로 계산한 기준값과의 상대 차이. 기준값은 CRBA도 ABA도 아닌 물체 야코비안
#   공식 $M = \sum_i J_i^{\mathsf T}\mathcal{G}_iJ_i$로 만든다(`ch35.reference_qdd`).
# - **후방 오차**: 계산한 $\ddot q$를 RNEA에 다시 넣었을 때의 토크 잔차. 계산한 답이 정확한 답이
#   되려면 토크를 얼마나 바꾸어야 하는지를 뜻한다.
#
# 오차는 모두 기계 엡실론 $\varepsilon$의 배수로 적었다.

# %% tags=["remove-input"]
cond_rows = read_csv("ch35_condition.csv")
err_rows = read_csv("ch35_errors.csv")
ratio_rows = read_csv("ch35_mass_ratio.csv")


def pick(rows, **kw):
    return [r for r in rows if all(str(r[k]) == str(v) for k, v in kw.items())]


n_max = max(int(r["n"]) for r in cond_rows)
glue("c35_cond_nmax", n_max, display=False)
rnd_max = max(float(r["cond"]) for r in pick(cond_rows, chain="random", n=n_max))
glue("c35_cond_random_max", sci(rnd_max), display=False)
stretched_max = float(pick(cond_rows, chain="planar", n=n_max, case="stretched")[0]["cond"])
folded_max = float(pick(cond_rows, chain="planar", n=n_max, case="folded")[0]["cond"])
glue("c35_cond_planar_max", sci(stretched_max), display=False)
glue("c35_cond_folded_max", sci(folded_max), display=False)
claims.claim("c35-cond-pose", "같은 사슬을 접으면 {glue:text}`c35_cond_folded_max`에 그친다",
             bool(folded_max < stretched_max), stretched=stretched_max, folded=folded_max)
# RBDA 201쪽 (Featherstone 2004의 결과로): 똑같은 링크의 사슬의 최악 조건수는 약 4 N_B⁴
QUARTIC_FROM = 8
quartic = [float(r["cond"]) / (4 * int(r["n"]) ** 4) for r in pick(cond_rows, chain="planar",
                                                                   case="stretched")
           if int(r["n"]) >= QUARTIC_FROM]
glue("c35_quartic_from", QUARTIC_FROM, display=False)
glue("c35_quartic_lo", fixed(min(quartic), 2), display=False)
glue("c35_quartic_hi", fixed(max(quartic), 2), display=False)
claims.claim("c35-cond-quartic", "잰 값은 그보다 빠르게, $4n^4$에 가깝게 자란다",
             bool(0.8 < min(quartic) and max(quartic) < 1.25), ratio_to_4n4=quartic)
worst = pick(err_rows, chain="planar", n=32, case="stretched")[0]
glue("c35_err_n", int(worst["n"]), display=False)
glue("c35_err_cond", sci(float(worst["cond"])), display=False)
glue("c35_err_chol", sig2(float(worst["fwd_chol_eps"])), display=False)
glue("c35_err_aba", sig2(float(worst["fwd_aba_eps"])), display=False)
glue("c35_err_bwd_chol", sig2(float(worst["bwd_chol_eps"])), display=False)
glue("c35_err_chol_share", fixed_sig(float(worst["fwd_chol_eps"]) / float(worst["cond"]), 1),
     display=False)
aba_all = max(float(r["fwd_aba_eps"]) for r in err_rows)
glue("c35_err_aba_all", sig2(aba_all), display=False)
glue("c35_err_nmax", max(int(r["n"]) for r in err_rows), display=False)
stretched_err = pick(err_rows, chain="planar", case="stretched")
claims.claim("c35-err-follow", "촐레스키 경로는 조건수를 따라가고, ABA는 덜 따라간다",
             all(float(r["fwd_aba_eps"]) < float(r["fwd_chol_eps"]) for r in stretched_err
                 if int(r["n"]) >= 4)
             and 100 * float(worst["fwd_aba_eps"]) < float(worst["fwd_chol_eps"]),
             stretched=[(r["n"], r["fwd_aba_eps"], r["fwd_chol_eps"]) for r in stretched_err])
claims.claim("c35-err-backward", "두 경로의 후방 오차는 전방 오차보다 훨씬 작았다",
             100 * max(float(worst["bwd_aba_eps"]), float(worst["bwd_chol_eps"]))
             < float(worst["fwd_chol_eps"]), worst=worst)
heavy = pick(ratio_rows, ratio="1e+06")[0]
light = pick(ratio_rows, ratio="1e-06")[0]
for key, row in (("heavy", heavy), ("light", light)):
    glue(f"c35_ratio_{key}_cond", sci(float(row["cond"])), display=False)
    for col in ("fwd_aba", "fwd_aba_s", "fwd_chol", "bwd_aba", "bwd_chol"):
        glue(f"c35_ratio_{key}_{col}", sig2(float(row[col + "_eps"])), display=False)
glue("c35_arm_n", arm.n, display=False)
below = ch35.multiplication_counts(list(range(1, cross["structured"]["n"])), mass_matrix_max=0)
route_below = [cr + r + ch + n * (n - 1) for n, cr, r, ch in
               zip(below["n"], below["crba_s"], below["rnea_s"], below["chol"])]
route6 = route_below[arm.n - 1]
claims.claim("c35-advice-cost", "잰 시간으로는 이 책의 구현에서도 Pinocchio에서도 잰 모든 $n$에서 ABA가",
             bool(all(r < a for r, a in zip(route_below[1:], below["aba_s"][1:]))  # n >= 2
                  and route6 < counts["aba_s"][k6] and arm.n < cross["structured"]["n"]
                  and both_aba),
             route6=route6, aba6=counts["aba_s"][k6], ours=m_ours, pin=m_pin)
FEW_EPS = 10
glue("c35_few_eps", FEW_EPS, display=False)
claims.claim("c35-ratio-light",
             "세 방법 모두 {glue:text}`c35_few_eps` $\\varepsilon$ 안에 머물렀다",
             all(float(light[c + "_eps"]) <= FEW_EPS
                 for c in ("fwd_aba", "fwd_aba_s", "fwd_chol")),
             light=light)
claims.claim("c35-ratio-heavy", "후방 오차도",
             all(float(heavy[c]) > float(light[c]) for c in ("bwd_aba_eps", "bwd_chol_eps")),
             heavy=heavy, light=light)
# 구조형 ABA와 밀집 ABA의 오차 (임의 사슬과 평면 사슬, ch35_errors.csv)
worst_s = {k: max(float(r[f"{k}_aba_s_eps"]) for r in err_rows) for k in ("fwd", "bwd")}
worst_d = {k: max(float(r[f"{k}_aba_eps"]) for r in err_rows) for k in ("fwd", "bwd")}
for k in ("fwd", "bwd"):
    glue(f"c35_err_s_{k}", sig2(worst_s[k]), display=False)
    glue(f"c35_err_d_{k}", sig2(worst_d[k]), display=False)
glue("c35_far_feet", f"{structured.FAR_FEET:g}", display=False)
claims.claim("c35-err-structured", "구조형 ABA의 오차는 밀집 ABA보다 컸다",
             worst_s["fwd"] > worst_d["fwd"] and worst_s["bwd"] > worst_d["bwd"],
             structured=worst_s, dense=worst_d)

# %% [markdown]
# ```{figure} figures/ch35_numerics.png
# :name: fig-35-numerics
# :width: 100%
#
# 왼쪽: $n$에 따른 $\operatorname{cond}(M)$(임의 사슬은 시드 세 개, 평면 막대 사슬은 펼친 자세와
# 접힌 자세). 가운데: $n = 2..32$에서 $\operatorname{cond}(M)$에 대한 $\ddot q$의 전방 오차와
# 후방 오차($\varepsilon$ 단위, 오차가 정확히 0인 점은 세로축의 맨 아래에 그렸다). 점선은
# $\operatorname{cond}(M)\,\varepsilon$. 오른쪽: 끝 링크와 첫 링크의 질량비(사이 링크는 등비로)에
# 따른 조건수와 오차. `figsrc/study_35_numerics.py`의 결과를 `figsrc/fig_35_numerics.py`가 그린다.
# ```
#
# 읽을 것은 셋이다.
#
# % claim: c35-cond-pose, c35-cond-quartic
#
# 1. **조건수는 자세와 구조에 크게 달린다.** 관절 {glue:text}`c35_cond_nmax`개에서 임의 사슬의
#    조건수는 최대 {glue:text}`c35_cond_random_max`이었다. 똑같은 막대의 평면 사슬은 펼친 자세에서
#    {glue:text}`c35_cond_planar_max`까지 커지고, 같은 사슬을 접으면
#    {glue:text}`c35_cond_folded_max`에 그친다.
#    펼친 사슬에서는 첫 관절의 관성(대각 성분)이 $n^3$ 꼴로 커지지만, 마지막 관절의 관성은 막대 하나
#    그대로이다. 그래서 조건수는 적어도 $n^3$ 꼴이다. 잰 값은 그보다 빠르게, $4n^4$에 가깝게 자란다.
#    $n \ge$ {glue:text}`c35_quartic_from`에서 잰 값과 $4n^4$의 비는 {glue:text}`c35_quartic_lo`에서
#    {glue:text}`c35_quartic_hi` 사이이다. RBDA(201쪽)는 Featherstone(2004)의 결과로, 똑같은 링크를
#    이은 사슬의 최악 조건수가 링크 수의 네제곱의 약 네 배라고 적는다. 이 책의 막대는 RBDA
#    그림 10.3의 링크와 같은 값(길이와 질량 1, 가운데 질량 중심, 관성 1/12)이다.
#
# % claim: c35-err-follow, c35-err-backward
#
# 2. **촐레스키 경로는 조건수를 따라가고, ABA는 덜 따라간다.** 펼친 평면 사슬
#    $n =$ {glue:text}`c35_err_n`(조건수 {glue:text}`c35_err_cond`)에서 촐레스키 경로의 전방 오차는
#    {glue:text}`c35_err_chol` $\varepsilon$으로 $\operatorname{cond}(M)\varepsilon$의
#    {glue:text}`c35_err_chol_share`배 정도였다. 같은 문제에서 밀집 ABA는 {glue:text}`c35_err_aba`
#    $\varepsilon$이었다. 잰 모든 사슬에서 밀집 ABA의 전방 오차는 가장 커도
#    {glue:text}`c35_err_aba_all` $\varepsilon$이었다. 두 경로의 후방 오차는 전방 오차보다 훨씬
#    작았다(촐레스키 {glue:text}`c35_err_bwd_chol` $\varepsilon$). 곧 두 방법 모두 "조금 다른 토크에
#    대한 정확한 답"을 준다. 조건수가 큰 문제에서는 그 작은 토크 차이가 $M^{-1}$을 거치며
#    $\ddot q$에서
#    커진다. ABA는 이런 사슬에서 그 증폭을 상당 부분 피했다. $M$을 만들지 않고 링크 단위로 풀기
#    때문으로 보이지만, 이 책은 그 까닭을 따로 재지 않았다.
#
# % claim: c35-ratio-light, c35-ratio-heavy
#
# 3. **무거운 끝 링크는 둘 다 힘들게 한다.** 끝 링크와 첫 링크의 질량비가 $10^{6}$인 사슬
#    (조건수 {glue:text}`c35_ratio_heavy_cond`)에서 전방 오차는 밀집 ABA
#    {glue:text}`c35_ratio_heavy_fwd_aba` $\varepsilon$, 구조형 ABA {glue:text}`c35_ratio_heavy_fwd_aba_s`
#    $\varepsilon$, 촐레스키 {glue:text}`c35_ratio_heavy_fwd_chol` $\varepsilon$이었다. 후방 오차도
#    {glue:text}`c35_ratio_heavy_bwd_aba` $\varepsilon$(ABA), {glue:text}`c35_ratio_heavy_bwd_chol`
#    $\varepsilon$(촐레스키)로 커졌다. 끝이 가벼운 반대 방향($10^{-6}$, 조건수
#    {glue:text}`c35_ratio_light_cond`)에서는 세 방법 모두 {glue:text}`c35_few_eps` $\varepsilon$
#    안에 머물렀다.
#
# % claim: c35-err-structured
#
# 4. **구조형 ABA의 정확도는 관절 프레임의 원점에 달린다.** 구조형은 링크의 관성을 관절 프레임
#    $\{i'\}$의 원점에 대해 적는다. 원점이 링크의 질량 중심에서 멀면 이 관성은 거리의 제곱으로
#    커진다. 그러면 순환은 크고 거의 같은 항을 서로 빼게 된다. 그래서 `chaindyn.structured`는 공통 법선의
#    발이 사슬 크기(좌표계 $\{1\}$의 원점에서 가장 먼 축 위의 점이나 질량 중심까지의 거리에 단위 길이를
#    더한 값)의 {glue:text}`c35_far_feet`배보다 멀리 떨어지면 두 축을 평행한 것으로 다루고, 원점을
#    앞 법선의 발에 둔다. 점의 좌표도 모두 $\{1\}$의 원점에서 잰다. 그래서 사슬을 $\{0\}$의 어디에
#    두어도 같은 관절 좌표계가 나온다. 그래도 임의 사슬과 평면 사슬에서 구조형 ABA의 오차는 밀집 ABA보다 컸다. 전방 오차는
#    가장 커도 {glue:text}`c35_err_s_fwd` $\varepsilon$(밀집 {glue:text}`c35_err_d_fwd`
#    $\varepsilon$), 후방 오차는 가장 커도 {glue:text}`c35_err_s_bwd` $\varepsilon$(밀집
#    {glue:text}`c35_err_d_bwd` $\varepsilon$)였다.
#
# **언제 무엇을 믿을까.** 3.5.4절과 이 절의 측정에서 나오는 권고는 다음과 같다.
#
# % claim: c35-advice-cost
#
# - **비용.** 회전 관절 사슬에서 곱셈 수로는 $2 \le n <$ {glue:text}`c35_cross_structured`인 모든 $n$에서
#   $O(n^3)$ 경로(CRBA + 촐레스키)가 ABA보다 싸고, 이 책의 6R 팔($n =$ {glue:text}`c35_arm_n`)도 그
#   범위 안에 있다. 그러나 잰 시간으로는 이 책의 구현에서도 Pinocchio에서도 잰 모든 $n$에서 ABA가
#   빨랐다. 작은 팔에서 어느 쪽이 싼지는 곱셈 수가 아니라 구현이 정한다.
# - **정확도.** $\ddot q$ 자체가 필요하고 조건수가 클 수 있으면(펼친 긴 사슬) ABA가 낫다. 위의 둘째
#   관찰에서 ABA의 전방 오차는 조건수를 거의 따르지 않았다. 다만 끝 링크가 무거운 사슬에서는 두 경로
#   모두 오차가 컸다.
# - **$M$ 자체가 필요할 때.** 임피던스 제어, 작업 공간의 관성, 최적화처럼 $M$ 자체를 쓰는 곳에서는
#   CRBA로 만든다. 해의 정확도는 $\operatorname{cond}(M)\,\varepsilon$으로 어림하고, 조건수는
#   `numpy.linalg.cond`로 잰다. 계산 토크 제어는 $M$을 따로 만들 필요가 없다. 가속도 지령을
#   $\ddot q$
#   자리에 넣은 RNEA 한 번이 그 토크를 준다(3.2.7절, 3.5.7절).
# - **검사.** 후방 오차(RNEA 잔차)는 RNEA 한 번으로 잴 수 있다. 그러나 후방 오차가 작다고 전방
#   오차가 작은 것은 아니다. 전방 오차가 중요하면 조건수를 함께 본다.
# - **범위.** 이 결론은 이 책이 잰 사슬과 자세에 대한 것이다. $n >$ {glue:text}`c35_err_nmax`의 전방
#   오차는 기준값 계산이 너무 비싸 재지 않았다.
#
# 관절 8개 임의 사슬에서 같은 측정을 되풀이하면 다음과 같다.

# %% tags=["hide-input", "nbval-ignore-output"]
rng = np.random.default_rng(ch35.SEED)
chain8 = models.random_chain(8, rng)
q8, tau8 = rng.uniform(-np.pi, np.pi, 8), rng.uniform(-10, 10, 8)
e8 = ch35.errors_at(chain8, q8, tau8, ch35.GRAVITY)
for k in ("fwd_aba", "fwd_aba_s", "fwd_chol", "bwd_aba", "bwd_chol"):
    print(f"{k:10s} {sci(e8[k])}  (= {e8[k] / ch35.EPS:.2g} ε)")
print("cond(M) =", sci(e8["cond"]))
print("가장 큰 전방 오차 / (cond(M) ε) =",
      f"{max(e8[k] for k in ('fwd_aba', 'fwd_aba_s', 'fwd_chol')) / (e8['cond'] * ch35.EPS):.2g}")

# %% tags=["remove-input"]
LIVE_FACTOR = 100
glue("c35_live_factor", LIVE_FACTOR, display=False)
claims.within("c35-live", "세 경로의 전방 오차는 모두 $\\operatorname{cond}(M)\\,\\varepsilon$의 "
              "{glue:text}`c35_live_factor`배 안에 있다",
              max(e8[k] for k in ("fwd_aba", "fwd_aba_s", "fwd_chol")) / (e8["cond"] * ch35.EPS),
              LIVE_FACTOR)

# %% [markdown]
# % claim: c35-live
#
# 세 경로의 전방 오차는 모두 $\operatorname{cond}(M)\,\varepsilon$의
# {glue:text}`c35_live_factor`배 안에 있다
# (계산값은 위 셀의 출력).
#
# ## 3.5.6 적용 (가) 중력 아래에서 놓은 6R 팔
#
# 3.2.5.2절의 예제 팔을 시작 자세에 정지시켜 두고 토크 없이 놓는다. 상태 $(q,\dot q)$의 시간 미분은
# $(\dot q, \ddot q)$이고, $\ddot q$는 토크 0을 넣은 ABA가 준다. 이 미분 방정식을 scipy의 `solve_ivp`
# {cite:p}`virtanen2020scipy`로 적분한다. 방법은 DOP853, 곧 오차를 스스로 재며 보폭을 고르는 8차
# 명시적 룽게-쿠타 방법이다 {cite:p}`hairer1993solving`. 마찰이 없는 팔이므로 운동 에너지와 위치
# 에너지의 합 $E$는 보존되어야 하고, 그 표류가 적분의 정확도를 보여 준다. 궤적의 출력 시각마다
# 같은 상태에서 촐레스키 경로(`forward_dynamics`)의 $\ddot q$도 계산해 ABA와 견준다.

# %% tags=["remove-input"]
rel = ch35.release_simulation()
glue("c35_rel_T", fixed(float(rel["t"][-1]), 1), display=False)
glue("c35_rel_rtol", sci(rel["rtol"], 1), display=False)
glue("c35_rel_ke", fixed(rel["ke_max"], 1), display=False)
DRIFT_BOUND, QDD_BOUND = 1e-8, 1e-10
glue("c35_rel_drift_bound", sci(DRIFT_BOUND, 1), display=False)
glue("c35_rel_qdd_bound", sci(QDD_BOUND, 1), display=False)
claims.within("c35-rel-drift",
              "에너지 표류는 최대 운동 에너지의 {glue:text}`c35_rel_drift_bound`배 안에 머물렀다",
              rel["drift"], DRIFT_BOUND)
claims.claim("c35-rel-nfev", "ABA를 수천 번 불렀고", 1000 <= rel["nfev"] < 10000, nfev=rel["nfev"])
claims.within("c35-rel-qdd", "두 경로는 반올림 수준으로 같은 $\\ddot q$를 주었다", rel["qdd_diff"],
              QDD_BOUND)
LOOSE_RTOL = 1e-7
loose = ch35.release_simulation(rtol=LOOSE_RTOL, atol=1e-9)
glue("c35_rel_rtol_loose", sci(LOOSE_RTOL, 1), display=False)
claims.claim("c35-rel-loose", "표류도 함께 커진다", bool(loose["drift"] > rel["drift"]),
             drift=rel["drift"], drift_loose=loose["drift"])

# %% tags=["hide-input", "nbval-ignore-output"]
print("ABA 호출 횟수 (보폭 선택에 따라 기계마다 다르다):", rel["nfev"])
print("에너지 표류 / 최대 운동 에너지:", sci(rel["drift"]))
print("같은 상태에서 ABA와 촐레스키의 q̈ 최대 상대 차이:", sci(rel["qdd_diff"]))
print(f"rtol {LOOSE_RTOL:.0e}일 때: ABA 호출", loose["nfev"], "번, 에너지 표류",
      sci(loose["drift"]))

# %% [markdown]
# ```{figure} figures/ch35_release.png
# :name: fig-35-release
# :width: 100%
#
# 왼쪽: 놓은 뒤의 관절각. 오른쪽: 에너지 $E(t) - E(0)$를 최대 운동 에너지로 나눈 값.
# `figsrc/fig_35_simulation.py`가 그린다.
# ```
#
# % claim: c35-rel-drift, c35-rel-nfev, c35-rel-loose
#
# {glue:text}`c35_rel_T`초 동안 팔은 최대 {glue:text}`c35_rel_ke` J의 운동 에너지를 얻으며 떨어진다.
# 허용 오차 rtol {glue:text}`c35_rel_rtol`으로 적분하는 동안 ABA를 수천 번 불렀고(횟수는 위 셀의
# 출력),
# 에너지 표류는 최대 운동 에너지의 {glue:text}`c35_rel_drift_bound`배 안에 머물렀다(계산값은 위 셀의
# 출력). 표류의 크기는 적분기의 허용 오차를 따른다. 허용 오차를 rtol
# {glue:text}`c35_rel_rtol_loose`으로
# 늘려 다시 적분하면 표류도 함께 커진다(위 셀의 출력). 그래서 시뮬레이션의 에너지 그래프는 적분기
# 설정을 점검하는 도구가 된다.
#
# % claim: c35-rel-qdd
#
# 궤적 위의 모든 출력 시각에서 두 경로는 반올림 수준으로 같은 $\ddot q$를 주었다(상대 차이
# {glue:text}`c35_rel_qdd_bound` 이하). 두 경로로 따로 적분한 궤적을 비교하는 것은 이보다 약한
# 검사이다. 보폭을 스스로 고르는 적분기에서는 가속도의 마지막 자릿수 차이가 보폭 선택을 바꿀 수 있고,
# 여러 관절이 함께 떨어지는 운동은 작은 차이를 시간이 갈수록 키운다. 그러므로 두 구현은 궤적이 아니라
# 같은 상태에서의 $\ddot q$로 비교한다.
#
# ## 3.5.7 적용 (나) 모델이 틀린 계산 토크 제어
#
# 계산 토크 제어기는 모델로 비선형 항을 지운다. 목표 궤적 $q_d(t)$(3.2.5.2절의 5차 다항식 운동,
# {glue:text}`c35_ct_T`초에 끝나고 그 뒤로는 끝 자세 유지)와 추종 오차 $\tilde q = q_d - q$에 대해
#
# $$
# \tau = \hat M(q)\,\bigl(\ddot q_d + K_d\,\dot{\tilde q} + K_p\,\tilde q\bigr) + \hat h(q,\dot q)
# $$ (eq-35-ctc)
#
# 로 토크를 낸다. $\hat M$, $\hat h$는 제어기가 아는 명목 모델의 것이다. RNEA는 $\ddot q$에 대해
# 일차식이므로, 이 토크는 괄호 안의 가속도 지령을 $\ddot q$ 자리에 넣은 명목 모델의 RNEA 한 번과
# 같다(3.2.7절). $M$을 따로 만들 필요는 없다. 이 절의 코드는 두 항을 나누어 보이려고 $\hat M$을
# CRBA로, $\hat h$를 $\ddot q = 0$인 RNEA로 따로 계산한다.
#
# % no-claim: 모델이 맞을 때의 이론적 결과와 예제의 입력값
#
# 모델이 정확하면 관절마다 $\ddot{\tilde q} + K_d\dot{\tilde q} + K_p \tilde q = 0$이 되어 오차가
# 지수적으로 사라진다. 여기서는
# $K_p =$ {glue:text}`c35_ct_kp`, $K_d =$ {glue:text}`c35_ct_kd`(오차 동역학의 극점이 둘 다
# {glue:text}`c35_ct_pole` rad/s)로 두었다. 플랜트는 ABA로 시뮬레이션하고, 제어기가 모르는 탑재물로
# 끝 링크의 질량과 관성을 {glue:text}`c35_payload` 늘린다.

# %% tags=["remove-input"]
ct = ch35.computed_torque(1.10)
ct0 = ch35.computed_torque(1.0)
glue("c35_ct_T", fixed(models.ARM6R_DURATION, 1), display=False)
glue("c35_ct_kp", int(ch35.KP), display=False)
glue("c35_ct_kd", int(ch35.KD), display=False)
glue("c35_ct_pole", int(-ch35.KD / 2), display=False)
glue("c35_payload", f"{round(100 * (1.10 - 1))} %", display=False)
glue("c35_ct_max", fixed_sig(1e3 * ct["max_error"], 3), display=False)
glue("c35_ct_joint", ct["max_joint"], display=False)
glue("c35_ct_time", fixed(ct["max_time"], 3), display=False)
glue("c35_ct_final", fixed_sig(1e3 * ct["final_error"], 3), display=False)
glue("c35_ct_deg", fixed_sig(np.degrees(ct["max_error"]), 2), display=False)
CT_BOUND = 1e-8
glue("c35_ct_bound", sci(CT_BOUND, 1), display=False)
claims.within("c35-ct-exact", "추종 오차는 {glue:text}`c35_ct_bound` rad 안에 머문다",
              ct0["max_error"], CT_BOUND)
claims.claim("c35-ct-mrad", "mrad 단위의 오차가", bool(1e-3 <= ct["max_error"] < 1e-1),
             max_error=ct["max_error"])
# 정상 상태의 어림 K_p M̂ q̃ = g − ĝ (연습 문제 ex-35-static-error)와 적분 마지막 시각의 오차
_f = np.ones(6)
_f[-1] = 1.10
_z = np.zeros(6)
_nominal = models.arm6r()
_dg = (rnea(ch35.scaled_chain(_nominal, _f), models.ARM6R_GOAL, _z, _z, ch35.GRAVITY)
       - rnea(_nominal, models.ARM6R_GOAL, _z, _z, ch35.GRAVITY))
_static = float(np.abs(np.linalg.solve(ch35.KP * crba(_nominal, models.ARM6R_GOAL), _dg)).max())
claims.claim("c35-ct-static", "남는 오차는 무거워진 끝 링크의 중력 토크를 제어기가 모르는 몫이다",
             bool(abs(_static - ct["final_error"]) <= 0.05 * ct["final_error"]),
             static_estimate=_static, final_error=ct["final_error"])

# %% tags=["hide-input", "nbval-ignore-output"]
print("모델이 정확할 때의 최대 추종 오차 [rad]:", sci(ct0["max_error"]))

# %% [markdown]
# ```{figure} figures/ch35_tracking.png
# :name: fig-35-tracking
# :width: 100%
#
# 계산 토크 제어의 추종 오차. 왼쪽은 끝 링크가 {glue:text}`c35_payload` 무거운 플랜트, 오른쪽은
# 명목 모델과 같은 플랜트.
# 점선은 목표 운동이 끝나는 시각. `figsrc/fig_35_simulation.py`가 그린다.
# ```
#
# % claim: c35-ct-exact, c35-ct-static
#
# 플랜트가 명목 모델과 같으면 추종 오차는 {glue:text}`c35_ct_bound` rad 안에 머문다(계산값은 위 셀의
# 출력). 이 한계는 적분기의 허용 오차에서 정했다. 끝 링크가 {glue:text}`c35_payload` 무거우면
# 오차는 관절 {glue:text}`c35_ct_joint`에서 최대
# {glue:text}`c35_ct_max` mrad(약 {glue:text}`c35_ct_deg`°)까지 커진다(시각
# {glue:text}`c35_ct_time`초). 운동이 끝나 정지한 뒤에도 {glue:text}`c35_ct_final` mrad이 남는다.
# 남는 오차는 무거워진 끝 링크의 중력 토크를 제어기가 모르는 몫이다. 비례·미분 되먹임만으로는 그 몫을
# $K_p \tilde q$로 버텨야 하므로 오차가 0으로 가지 않는다. 아래 연습 문제의 정상 상태 어림이 마지막
# 시각의 오차와 맞는다는 것이 그 근거이다.
#
# % claim: c35-ct-mrad
#
# **제어 엔지니어에게 주는 뜻.** 계산 토크 제어의 장점인 "오차 동역학이 선형이 된다"는 모델이 맞을
# 때의 이야기이다. 탑재물처럼 흔히 바뀌는 파라미터가 {glue:text}`c35_payload` 틀리면 이 예에서
# mrad 단위의 오차가
# 생겼고, 말단에서는 팔 길이를 곱한 만큼의 위치 오차가 된다. 실무에서는 적분 동작을 더하거나,
# 탑재물 질량을 추정해 모델을 고치거나(적응 제어, 파라미터 식별), 이득을 키운다. 이득을 키우는 쪽은
# 잡음과 구동기 포화, 구조 공진이 막는다. 어느 쪽이든 먼저 할 일은 이 절처럼 모델 오차를 일부러
# 넣은 시뮬레이션으로 영향을 재 보는 것이다.
#
# ```{exercise} 정지한 팔에 남는 오차
# :label: ex-35-static-error
#
# 목표 운동이 끝난 뒤 팔이 끝 자세에 정지해 있다고 하자. 정상 상태에서 남는 오차는
# $K_p\,\hat M(q)\,\tilde q \approx g(q) - \hat g(q)$를 풀어 어림할 수 있다($g$는 플랜트의 중력
# 토크,
# $\hat g$는 명목 모델의 것). 이 어림을
# 계산해 위에서 적분한 마지막 시각의 오차와 비교하라.
# ```
#
# ```{solution-start} ex-35-static-error
# :label: sol-35-static-error
# :class: dropdown
# ```
#
# 정지하면 $\dot{\tilde q} = 0$, $\ddot q_d = 0$이고, 플랜트의 운동방정식은
# $M(q)\ddot q + g(q) = \hat M(q) K_p \tilde q + \hat g(q)$이다. 정상 상태($\ddot q = 0$)에서
# $K_p \hat M \tilde q = g - \hat g$가 된다.

# %%
nominal = models.arm6r()
factors = np.ones(6)
factors[-1] = 1.10
plant = ch35.scaled_chain(nominal, factors)
q_goal, z6 = models.ARM6R_GOAL, np.zeros(6)
dg = rnea(plant, q_goal, z6, z6, ch35.GRAVITY) - rnea(nominal, q_goal, z6, z6, ch35.GRAVITY)
e_static = np.linalg.solve(ch35.KP * crba(nominal, q_goal), dg)
print("어림한 정상 오차 최대 [mrad]:", fixed(1e3 * float(np.abs(e_static).max()), 2))
print("적분 마지막 시각의 오차 최대 [mrad]:", fixed(1e3 * ct["final_error"], 2))

# %% [markdown]
# 두 값이 가깝다면 마지막 시각에 팔이 거의 정상 상태에 이르렀다는 뜻이다. 오차가 무게의 차이에서
# 온다는 것도 함께 확인된다.
#
# ```{solution-end}
# ```
#
# (sec-35-crosscheck)=
# ## 3.5.8 대조표 — 라이브러리와 항등식
#
# 표의 각 행은 책을 만들 때 `chaindyn_book.ch35.crosscheck_table()`이 계산한다. 모델은 예제 6R 팔,
# 회전·직동 관절이 섞인 임의 사슬($n = 1..8$), 그리고 3.2.5.8.5절과 같은 방법으로 읽은 실제 로봇 세
# 대(UR5, Panda, Talos의 왼팔, example-robot-data의 URDF)이다. 상태는 모델마다 무작위로 세 개이고,
# 말단 렌치는 Pinocchio에는 말단 링크의 `fext`로, MuJoCo에는 `xfrc_applied`로 부호와 기준점을
# 바꾸어 넘긴다(부록 A). 차이는 그 양의 최대 크기로 나눈 상대값이다.

# %% mystnb={"markdown_format": "gfm"} tags=["hide-input", "nbval-ignore-output"]
cross_rows = ch35.crosscheck_table()
lines = ["| 비교 | 기준 | 모델 | 최대 상대 차이 | 허용값 | 허용값 안 |", "|---|---|---|---|---|---|"]
for r in cross_rows:
    message_row = r["quantity"].startswith("잘못된 입력")
    value = "—" if message_row else sci(r["value"])
    bound = "같은 메시지" if message_row else ("정확히 0" if r["bound"] == 0 else sci(r["bound"], 1))
    lines.append(f"| {r['quantity']} | {r['reference']} | {r['models']} | {value} | {bound} | "
                 f"{'예' if r['holds'] else '**아니오**'} |")
display(Markdown("\n".join(lines)))

# %% tags=["hide-input"]
glue("c35_cross_rows", len(cross_rows), display=False)
claims.claim("c35-cross-all", "{glue:text}`c35_cross_rows`개 행이 모두 허용값 안에 있다",
             all(r["holds"] for r in cross_rows),
             outside=[r["quantity"] for r in cross_rows if not r["holds"]])

# %% [markdown]
# % claim: c35-cross-all
#
# {glue:text}`c35_cross_rows`개 행이 모두 허용값 안에 있다. 마지막 행은 잘못된 입력(모양이 틀린
# 배열, NaN, 글자, 길이가 틀린 말단 렌치)에 대해 `crba`, `crba_structured`, `aba`, `aba_structured`,
# `forward_dynamics`가 RNEA와 같은 `ValueError` 메시지를 내는지 본다. 사슬이 아닌 객체를 받은
# `aba`의 메시지도 함께 본다.
#
# ## 3.5.9 체크포인트와 연구 질문
#
# 체크포인트는 본문 사이에 있다: {ref}`ex-35-composite`, {ref}`ex-35-crossover`,
# {ref}`ex-35-static-error`. 하나를 더 둔다.
#
# ```{exercise} ABA가 RNEA를 되돌리는지 직접 확인하기
# :label: ex-35-roundtrip
#
# 직동 관절이 섞인 관절 5개의 임의 사슬에서 무작위 상태와 말단 렌치를 골라, RNEA로 토크를 구하고
# 그 토크를 `aba`와 `aba_structured`에 넣어 처음의 $\ddot q$가 돌아오는지 확인하라.
# ```
#
# ```{solution-start} ex-35-roundtrip
# :label: sol-35-roundtrip
# :class: dropdown
# ```

# %%
rng5 = np.random.default_rng(5)
chain5 = models.random_chain(5, rng5, prismatic=[False, True, False, True, True])
q5, qd5, qdd5 = rng5.uniform(-1, 1, (3, 5))
f5 = rng5.normal(0, 10, 6)
tau5 = rnea(chain5, q5, qd5, qdd5, ch35.GRAVITY, f5)
for fn in (aba, aba_structured):
    back = fn(chain5, q5, qd5, tau5, ch35.GRAVITY, f5)
    print(fn.__name__, "되돌아옴:", bool(np.abs(back - qdd5).max() <= 1e-10 * np.abs(qdd5).max()))

# %% [markdown]
# ```{solution-end}
# ```
#
# **연구 질문.**
#
# % no-claim: 답이 정해지지 않은 질문들
#
# - 구조형 ABA의 관절당 {glue:text}`c35_step_per_joint`번은 RBDA 표의 기울기 224번보다 작다.
#   두 배 각의 회전, 컴파일할 때의 상수 곱, RNEA의 바깥 순환으로 대신한 첫 단계가 각각 몇 번을
#   덜어 주는가? 관성을 옮기는 {glue:text}`c35_step_inertia`번(회전 {glue:text}`c35_step_rotate`)을
#   더 줄이는 관성의 표현이 있는가?
# - 3.5.5절에서 ABA의 전방 오차는 펼친 평면 사슬의 큰 조건수를 거의 따르지 않았다. 어떤 사슬에서
#   ABA의 오차가 조건수를 따라가는가? 끝이 무거운 사슬(3.5.5절의 셋째 관찰)이 그 예인가?
# - 계산 토크 제어에서 탑재물 질량을 온라인으로 추정하면(3.5.7절) 남는 오차는 얼마나 빨리
#   사라지는가?
#
# ## 3.5.10 출처
#
# CRBA와 ABA의 식은 RBDA {cite:p}`featherstone2008rigid`의 6.2절과 7.3절(공간 벡터 표기)을 이 책의
# 표기로 옮긴 것이다. RBDA(117쪽)에 따르면 ABA의 첫 형태는
# {cite:t}`featherstone1983calculation`이고,
# CRBA는 {cite:t}`walker1982efficient`의 셋째 방법에서 처음 나왔다. $M^{-1}$을 만드는 ABA 꼴의
# 순환(`inverse_mass_matrix`)은 Pinocchio의 `computeMinverse`가 쓰는
# {cite:t}`carpentier2018analytical`를 따랐다. 곱셈 수의 두 식, 세는 규칙, 작은 $n$에서의 교차에
# 관한
# 진술, 똑같은 링크 사슬의 조건수는 RBDA(201–206쪽)에서 직접 읽었다. RBDA가 인용하는 원 논문 가운데
# {cite:t}`featherstone2005efficient`는 초록만, {cite:t}`mcmillan1995efficient`는 전혀 읽지 못했다.
# 수치 해석의 기준은 {cite:t}`higham2002accuracy`, 적분기는 {cite:t}`hairer1993solving`이다.
#
# % no-claim: 재현표의 기준을 정의한다
#
# 이 장의 곱셈 수와 진술을 공표된 값과 나란히 놓은 표는 {doc}`부록 C <appendix_reproduction>`의
# C.4절에 있다.
