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
# # 3.3 라그랑주 정식화 — 에너지에서 얻는 운동방정식
#
# 3.2장은 링크 하나하나에 뉴턴-오일러 방정식을 세우고, 힘과 가속도를 사슬을 따라 주고받아 관절
# 토크를 얻었다. 이 장은 같은 운동방정식에 전혀 다른 길로 다가간다. 사슬 전체의 운동 에너지와 위치
# 에너지를 관절 변수의 함수로 적고, 그 차이인 라그랑지안을 미분하기만 하면 된다. 링크 사이에서
# 주고받는 구속력은 어디에도 나타나지 않는다.
#
# 이 장에서 다루는 것은 다섯 가지이다.
#
# - 원리(3.3.1절): 일반화 좌표, 링크 트위스트로 적은 운동 에너지, 균일한 중력장의 위치 에너지,
#   오일러-라그랑주 방정식, 그리고 그 결과인 $M(q)\ddot q + C(q,\dot q)\dot q + g(q) = \tau$.
# - 구조(3.3.2절과 3.3.3절): 크리스토펠 기호로 만든 $C$에서 $\dot M - 2C$가 반대칭이라는 성질, 같은
#   $C\dot q$를 주면서도 그 성질을 잃는 분해, 에너지 균형 $\tau^{\mathsf T}\dot q = d(\mathcal{K}+\mathcal{U})/dt$와
#   그 쓰임.
# - 풀이 예제(3.3.4절): 평면 2R 팔을 기호로 유도해 Modern Robotics의 식 (8.9)와 항마다 맞추고, 공간
#   3R 사슬과 3.2장의 6R 팔에서 RNEA와 같은 토크가 나오는지 확인한다.
# - 비용(3.3.5절과 3.3.6절): 닫힌 형식의 식이 관절 수와 함께 얼마나 커지는지 재고, 문헌의 수치와
#   비교하며, 생성한 코드를 RNEA와 같은 기계에서 잰다.
# - 체크포인트와 재현표(3.3.7절과 3.3.8절).
#
# 기호 계산은 `chaindyn.symbolic`이 sympy로 하고, 수치 계산은 `chaindyn.lagrange`
# (`coriolis_matrix`, `mass_matrix_dot`)가 맡는다. 이 장의 계산은 `chaindyn_book.ch33`에 모여 있다.
# 본문의 수는 모두 코드 셀이 계산해 붙인 것이다. 몇 분씩 걸리는 두 측정(식의 크기 연구와 생성
# 코드의 실행 시간)은 `figsrc/`의 스크립트가 미리 돌려 `data/`에 남겼고, 이 페이지는 그 파일을 읽기만
# 한다.

# %% tags=["remove-input"]
import sys
from pathlib import Path

import numpy as np
import sympy as sp
from IPython.display import Markdown, display
from myst_nb import glue

from chaindyn import models, symbolic
from chaindyn.lagrange import coriolis_matrix, mass_matrix_dot
from chaindyn_book import ch33, claims

sys.path.insert(0, str(Path("..").resolve() / "figsrc"))
import ch33_figures  # noqa: E402
from _numbers import fixed, fixed_sig, sci  # noqa: E402


def md_table(header, rows):
    """마크다운 표 (셀 안의 세로줄은 이스케이프한다)."""
    def cell(x):
        return str(x).replace("|", "\\|")
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(cell(c) for c in r) + " |" for r in rows]
    return Markdown("\n".join(lines))


def yes(flag):
    return "예" if flag else "**아니오**"


# %% [markdown]
# ## 3.3.1 두 에너지와 오일러-라그랑주 방정식
#
# ### 일반화 좌표와 운동 에너지
#
# 관절 $n$개짜리 직렬 사슬의 자세는 관절 변수 $q = (q_1, \dots, q_n)$로 완전히 정해진다. 링크의
# 위치와 방향을 따로 적는 대신 이 $n$개의 수만 쓰는 좌표가 일반화 좌표이다. 링크들이 관절로
# 이어져 있다는 구속은 좌표를 고르는 순간 이미 들어가 있으므로, 구속력을 따로 다룰 필요가 없다.
#
# 관절 속도를 두 배로 하면 링크 $i$의 트위스트 $V_i$도 두 배가 된다. 3.2장의 속도 점화식
# $V_i = \mathrm{Ad}_{T_{i,i-1}}V_{i-1} + A_i\dot q_i$를 펼치면 $V_i = J_i(q)\,\dot q$가 되고,
# $J_i$의 $j$열은 관절 $j$의 스크루 축을 $\{i\}$에서 본 $\mathrm{Ad}_{T_{i,j}}A_j$이다($j > i$인
# 열은 0). 2.8장의 물체 야코비안을 링크마다 적은 것이다(`chaindyn.lagrange.link_jacobians`).
# 링크 $i$의 운동 에너지는 $\frac12 V_i^{\mathsf T}\mathcal{G}_i V_i$이다(3.1.3절의 식
# {eq}`eq-31-kinetic`). 그러므로 사슬 전체의 운동 에너지는
#
# $$
# \mathcal{K}(q,\dot q) = \sum_{i=1}^{n}\tfrac12 V_i^{\mathsf T}\mathcal{G}_i V_i
#   = \tfrac12\,\dot q^{\mathsf T} M(q)\,\dot q,
# \qquad M(q) = \sum_{i=1}^{n} J_i^{\mathsf T}(q)\,\mathcal{G}_i\,J_i(q)
# $$ (eq-33-kinetic)
#
# 이다 {cite:p}`lynch2017modern`. 질량 행렬이 운동 에너지의 이차 형식으로 처음부터 정의되므로,
# 대칭이고 양의 정부호라는 사실이 여기서 바로 보인다.
#
# ### 위치 에너지
#
# 중력 가속도 벡터가 $\mathfrak{g}$인 균일한 중력장에서, 질량 $m_i$인 링크 $i$의 질량 중심이
# $\{0\}$에서 $p_{c,i}(q)$에 있으면 위치 에너지는
#
# $$
# \mathcal{U}(q) = -\sum_{i=1}^{n} m_i\,\mathfrak{g}^{\mathsf T} p_{c,i}(q)
# $$ (eq-33-potential)
#
# 이다. 중력이 $-z$를 향하면 $-\mathfrak{g}^{\mathsf T}p = \mathrm{g}\,z$가 되어 익숙한 "질량 곱하기
# 높이"가 된다. 위치 에너지는 속도에 의존하지 않는다.
#
# ### 오일러-라그랑주 방정식
#
# 라그랑지안 $\mathcal{L} = \mathcal{K} - \mathcal{U}$에 대해, 관절 $i$를 구동하는 토크는
#
# $$
# \tau_i = \frac{d}{dt}\frac{\partial\mathcal{L}}{\partial\dot q_i} - \frac{\partial\mathcal{L}}{\partial q_i},
# \qquad i = 1, \dots, n
# $$ (eq-33-el)
#
# 이다. 식 {eq}`eq-33-kinetic`을 넣고 미분을 풀어 쓰면 항들이 세 묶음으로 정리된다.
#
# $$
# M(q)\,\ddot q + C(q,\dot q)\,\dot q + g(q) = \tau,
# \qquad g(q) = \frac{\partial\mathcal{U}}{\partial q}
# $$ (eq-33-eom)
#
# 가운데 항의 행렬 $C$는 다음 크리스토펠 기호(제1종)로 적는다.
#
# $$
# C_{ij}(q,\dot q) = \sum_{k=1}^{n} c_{ijk}(q)\,\dot q_k,
# \qquad c_{ijk} = \frac12\left(\frac{\partial M_{ij}}{\partial q_k}
#   + \frac{\partial M_{ik}}{\partial q_j} - \frac{\partial M_{jk}}{\partial q_i}\right)
# $$ (eq-33-christoffel)
#
# 유도의 핵심은 두 줄이다. $\partial\mathcal{L}/\partial\dot q = M\dot q$이므로 첫 항의 시간 미분은
# $M\ddot q + \dot M\dot q$이다. 이것을 둘째 항
# $\partial\mathcal{K}/\partial q_i = \frac12\dot q^{\mathsf T}(\partial M/\partial q_i)\dot q$와
# 합치면 속도의 이차 항이
# $\sum_{j,k}(\partial M_{ij}/\partial q_k - \frac12\partial M_{jk}/\partial q_i)\dot q_j\dot q_k$로
# 남는다. 이 합에서 $j$와 $k$를 바꾸어도
# 값은 같다. 그러므로 첫 부분을 둘로 나누어 대칭으로 적으면 식 {eq}`eq-33-christoffel`이 된다
# {cite:p}`lynch2017modern,murray1994mathematical`. 3.2장의 기호로는 $C\dot q$가 속도곱 토크이고
# $g$가 중력 토크이다. 다만 3.2장은 $C$를 행렬로 정하지 않고 곱 $C\dot q$만 썼다. 행렬 $C$를 고르는
# 방법은 하나가 아니며, 그 선택이 다음 절의 주제이다.
#
# `chaindyn.symbolic.lagrangian_dynamics`는 이 과정을 sympy로 그대로 따라간다. 트위스트를 3.2장과
# 같은 점화식으로 기호 행렬 위에서 쌓고, $V_i$에서 $J_i$를 읽어 $M$을 더한다. 그리고 질량 중심의 위치로
# $\mathcal{U}$를 만든 뒤 $g$와 $c_{ijk}$를 미분으로 얻는다. 관절 변수는 언제나 기호이고, 링크의
# 치수와 관성은 수여도 기호여도 된다. 아래 셀은 질량이 링크 끝에 모인 평면 2R 팔(링크 길이
# $L_1, L_2$, 질량 $m_1, m_2$, 수직면 안에서 중력 $\mathrm{g}$)을 기호 파라미터로 유도한다.

# %%
arm2 = symbolic.planar_2r(point_masses=True)  # 질량 중심이 링크 끝, 관성 모멘트 0
dyn2 = symbolic.lagrangian_dynamics(arm2, gravity=symbolic.planar_gravity())
M2 = dyn2.M.applyfunc(lambda e: sp.factor(sp.simplify(e)))
print("M(q) =", M2.tolist())
print("g(q) =", [sp.simplify(e) for e in dyn2.g])

# %% [markdown]
# 결과는 3.2장에서 손으로 유도한 닫힌 식과 같은 모양이다. 예를 들어 $M_{12}$는
# $m_2 L_2(L_1\cos q_2 + L_2)$로 $q_2$에만 의존한다. 이 비교를 항마다 엄밀하게 하는 것이
# 3.3.4절의 예제 ①이다.
#
# ## 3.3.2 $\dot M - 2C$의 반대칭과, 그렇지 않은 분해
#
# 식 {eq}`eq-33-christoffel`의 $C$에는 쓸모 있는 성질이 있다. $\dot M_{ij} = \sum_k
# (\partial M_{ij}/\partial q_k)\dot q_k$이므로
#
# $$
# \bigl(\dot M - 2C\bigr)_{ij} = \sum_{k=1}^{n}\left(\frac{\partial M_{jk}}{\partial q_i}
#   - \frac{\partial M_{ik}}{\partial q_j}\right)\dot q_k
# $$ (eq-33-skew)
#
# 이고, $i$와 $j$를 바꾸면 부호만 바뀐다. 곧 $\dot M - 2C$는 반대칭 행렬이다
# {cite:p}`lynch2017modern,murray1994mathematical`. 같은 계산에서 $\dot M = C + C^{\mathsf T}$도 나온다.
#
# 그런데 운동방정식에 들어가는 것은 곱 $C\dot q$뿐이다. $C\dot q$가 같은 행렬은 얼마든지 있다.
# $\dot q$에 곱하면 0이 되는 행렬을 아무것이나 더해도 되기 때문이다. 3.2장의 RNEA를 읽으면 자연스럽게
# 나오는 분해 하나가 그런 예이다. 링크 $i$의 속도곱 렌치는 $\mathcal{G}_i\dot J_i\dot q -
# \mathrm{ad}_{V_i}^{\mathsf T}\mathcal{G}_iV_i$이고, 여기서 마지막 $V_i$를 $J_i\dot q$로 바꾸어
# $\dot q$를 밖으로 빼면
#
# $$
# C'(q,\dot q) = \sum_{i=1}^{n} J_i^{\mathsf T}\bigl(\mathcal{G}_i\dot J_i
#   - \mathrm{ad}_{V_i}^{\mathsf T}\mathcal{G}_i J_i\bigr)
# $$ (eq-33-ne-factor)
#
# 이 된다. $C'\dot q = C\dot q$이지만 $C'$은 크리스토펠 기호의 행렬이 아니다.
# `chaindyn.lagrange.coriolis_matrix`는 두 행렬을 모두 계산한다(`factorization="christoffel"`과
# `"newton-euler"`). $\dot M$은 `mass_matrix_dot`이 $C$를 쓰지 않고 링크 야코비안의 시간 미분에서
# 따로 계산하므로, 반대칭은 구성에서 저절로 나오는 항등식이 아니라 두 계산을 맞대는 검사이다.
# 아래 셀은 6R 팔과 무작위 사슬 세 개(하나는 직동 관절을 섞었다)에서 무작위 상태
# {glue:text}`lg_skew_states`개마다 $S = \dot M - 2C$의 반대칭 결함 $\max|S + S^{\mathsf T}|$를
# $\max|\dot M|$로 나누어 잰다.

# %% mystnb={"markdown_format": "myst"}
skew = ch33.skew_table()
display(md_table(
    ["사슬", "관절 수", "크리스토펠 C: 결함 ≤ 한계", "두 분해의 C q̇ 일치", "C q̇ 대 RNEA",
     "뉴턴-오일러 분해 C': 결함"],
    [[r["name"], r["n"], yes(r["christoffel"] <= ch33.BOUNDS["skew"]),
      yes(r["cqd_agree"] <= ch33.BOUNDS["skew"]),
      yes(r["cqd_rnea"] <= ch33.BOUNDS["skew"]),
      f"{fixed_sig(r['newton_euler'], 2):.2g}"]
     for r in skew]))
glue("lg_skew_states", 20, display=False)
glue("lg_skew_bound", sci(ch33.BOUNDS["skew"], 1), display=False)
skew_max = max(r["christoffel"] for r in skew)
cqd_max = max(max(r["cqd_agree"], r["cqd_rnea"]) for r in skew)
ne_min = min(r["newton_euler"] for r in skew)
glue("lg_ne_defect_min", fixed_sig(ne_min, 2), display=False)
claims.within("lg-skew-christoffel", "한계 {glue:text}`lg_skew_bound` 안에 있다", skew_max,
              ch33.BOUNDS["skew"])
claims.within("lg-skew-cqd", "상대 차이 {glue:text}`lg_cqd_max`으로 일치한다", cqd_max,
              ch33.BOUNDS["skew"])
claims.claim("lg-skew-ne", "가장 작은 값도 {glue:text}`lg_ne_defect_min`으로 1보다 크다",
             ne_min > 1.0, newton_euler=[r["newton_euler"] for r in skew])

# %% tags=["hide-input", "nbval-ignore-output"]
# 반올림 수준의 값: 기계마다 끝자리가 달라 nbval이 비교하지 않는다 (위 셀이 한계와 견준다).
for r in skew:
    print(f"{r['name']:>22s}  크리스토펠 {r['christoffel']:.1e}  C q̇ 차이 {r['cqd_agree']:.1e}"
          f"  RNEA와 {r['cqd_rnea']:.1e}")
glue("lg_skew_max", sci(skew_max), display=False)
glue("lg_cqd_max", sci(cqd_max), display=False)

# %% [markdown]
# % claim: lg-skew-christoffel, lg-skew-cqd, lg-skew-ne
#
# 크리스토펠 $C$의 결함은 가장 큰 것이 {glue:text}`lg_skew_max`으로, 반올림 수준의 한계
# {glue:text}`lg_skew_bound` 안에 있다. 두 분해의 $C\dot q$는 서로, 그리고 RNEA 한 번으로 얻은 속도곱
# 토크(`coriolis_torque`)와 가장 큰 상대 차이 {glue:text}`lg_cqd_max`으로 일치한다. 반면 뉴턴-오일러
# 분해 $C'$의 결함은 가장 작은 값도 {glue:text}`lg_ne_defect_min`으로 1보다 크다. 결함은
# $\max|\dot M|$로 나눈 값이므로, $S + S^{\mathsf T}$의 가장 큰 성분이 $\dot M$의 가장 큰 성분보다 크다는
# 뜻이다. 반대칭은 "속도곱 토크를 행렬로 쓴 것"의 성질이 아니라 크리스토펠 기호로 고른 특정한
# 행렬의 성질이다.
#
# 이 차이가 어디에서 문제가 되는지는 이차 형식 $x^{\mathsf T}(\dot M - 2C)x$를 보면 안다. $x = \dot q$이면
# $\dot q^{\mathsf T}\dot M\dot q - 2\dot q^{\mathsf T}(C\dot q)$에는 곱 $C\dot q$만 들어가므로 두 분해
# 모두 같은 값을 준다. 다음 절에서 보듯 그 값은 0이다. $x$가 $\dot q$가 아닌 다른 벡터이면 사정이
# 다르다.

# %%
qf = ch33.quadratic_forms()
ne_x = qf[("newton-euler", "x")]
vanish = max(qf[("christoffel", "qd")], qf[("christoffel", "x")], qf[("newton-euler", "qd")])
glue("lg_qf_ne_x", fixed_sig(ne_x, 2), display=False)
claims.within("lg-qf-vanish", "한계 {glue:text}`lg_skew_bound` 안에 있고", vanish,
              ch33.BOUNDS["skew"])
claims.claim("lg-qf-ne", "뉴턴-오일러 분해이면 무작위 $x$에서 {glue:text}`lg_qf_ne_x`까지 커진다",
             ne_x > 1e-3, newton_euler_x=ne_x)
print("x = q̇: 두 분해 모두 한계 안 | 임의의 x: 크리스토펠은 한계 안, 뉴턴-오일러",
      fixed_sig(ne_x, 2))

# %% tags=["hide-input", "nbval-ignore-output"]
glue("lg_qf_vanish", sci(vanish), display=False)
print("반올림 수준의 세 값 가운데 가장 큰 것:", sci(vanish))

# %% [markdown]
# % claim: lg-qf-vanish, lg-qf-ne
#
# 6R 팔의 무작위 상태 {glue:text}`lg_skew_states`개에서 $|x^{\mathsf T}(\dot M - 2C)x|$를
# $\lVert x\rVert^2\max|\dot M|$로 나누어 잰다. $x = \dot q$일 때의 두 분해와, 무작위 $x$일 때의
# 크리스토펠 $C$는 가장 큰 값이 {glue:text}`lg_qf_vanish`으로 한계 {glue:text}`lg_skew_bound` 안에 있고,
# 뉴턴-오일러 분해이면 무작위 $x$에서 {glue:text}`lg_qf_ne_x`까지 커진다. 제어기의 안정성 증명이
# $\dot q$가 아닌 벡터에 대해 이 이차 형식이 사라진다고 가정한다면, 그 증명은 크리스토펠 $C$를 쓴
# 제어기에만 해당한다(3.3.3절).
#
# ## 3.3.3 에너지 균형과 그 쓰임
#
# 식 {eq}`eq-33-eom`에 왼쪽에서 $\dot q^{\mathsf T}$를 곱하면, 반대칭에서 나오는
# $\dot q^{\mathsf T}C\dot q = \frac12\dot q^{\mathsf T}\dot M\dot q$ 덕분에
#
# $$
# \tau^{\mathsf T}\dot q = \dot q^{\mathsf T}M\ddot q + \tfrac12\dot q^{\mathsf T}\dot M\dot q
#   + g^{\mathsf T}\dot q = \frac{d}{dt}\bigl(\mathcal{K} + \mathcal{U}\bigr)
# $$ (eq-33-energy)
#
# 가 된다. 관절 구동기가 넣는 일률이 역학적 에너지의 변화율과 같다는, 마찰이 없는 사슬에서 당연한
# 사실이다. 이 식은 곱 $C\dot q$만 쓰므로 어떤 분해를 골라도 성립한다.
#
# 3.2장의 6R 팔 예제 궤적(정지에서 정지로 가는 5차 다항식 운동)을 따라 두 변을 따로 계산해 본다.
# 왼쪽은 RNEA 토크와 관절 속도의 내적이다. 오른쪽은 `mass_matrix`, `mass_matrix_dot`,
# `gravity_torque`로 만든다. 어느 쪽도 다른 쪽을 쓰지 않는다.

# %%
en = ch33.energy_balance()
glue("lg_en_power_max", int(fixed(en["power_max"], 0)), display=False)
glue("lg_en_K_max", fixed(en["K_max"], 1), display=False)
glue("lg_en_work", fixed(en["work"], 3), display=False)
glue("lg_en_dE", fixed(en["delta_E"], 3), display=False)
glue("lg_en_bound", sci(ch33.BOUNDS["energy"], 1), display=False)
glue("lg_en_samples", len(en["t"]), display=False)
glue("fig-33-energy", ch33_figures.energy_figure(), display=False)
claims.within("lg-en-balance", "한계 {glue:text}`lg_en_bound` 안에 있다", en["rel_balance"],
              ch33.BOUNDS["energy"])
claims.claim("lg-en-ends", "양 끝에서는 0이다", en["K_ends"] == 0.0, K_ends=en["K_ends"])
claims.claim("lg-en-work", "위치 에너지의 변화 {glue:text}`lg_en_dE` J과 보인 자리까지 같다",
             fixed(en["work"], 3) == fixed(en["delta_E"], 3), work=en["work"],
             delta_E=en["delta_E"])
claims.claim("lg-en-lower", "팔이 끝 자세에서 처음보다 낮은 곳에 있어서",
             en["delta_E"] < 0 and en["work"] < 0, work=en["work"], delta_E=en["delta_E"])
print("일률 최대 [W]:", int(fixed(en["power_max"], 0)), "| 일 [J]:", fixed(en["work"], 3),
      "| 에너지 변화 [J]:", fixed(en["delta_E"], 3))

# %% tags=["hide-input", "nbval-ignore-output"]
glue("lg_en_rel", sci(en["rel_balance"]), display=False)
print("max |τ^T q̇ − d(K+U)/dt| / max |τ^T q̇| =", sci(en["rel_balance"]))

# %% [markdown]
# ```{glue:figure} fig-33-energy
# :name: fig-33-energy
#
# 6R 팔의 예제 궤적에서 관절 일률(RNEA)과 에너지 변화율(질량 행렬과 그 시간 미분, 중력 토크),
# 그리고 운동 에너지와 위치 에너지의 변화. 두 곡선은 그림에서 구별되지 않는다.
# ```
#
# % claim: lg-en-balance
#
# 표본 {glue:text}`lg_en_samples`개에서 두 변의 차이는 일률의 최댓값({glue:text}`lg_en_power_max` W)에
# 대해 {glue:text}`lg_en_rel`으로, 반올림 수준의 한계 {glue:text}`lg_en_bound` 안에 있다.
#
# % claim: lg-en-ends, lg-en-work, lg-en-lower
#
# 운동 에너지는 운동 중간에 {glue:text}`lg_en_K_max` J까지 오르고 양 끝에서는 0이다. 그래서 일률을
# 시간으로 적분한 일 {glue:text}`lg_en_work` J(심프슨 적분)은 위치 에너지의 변화 {glue:text}`lg_en_dE`
# J과 보인 자리까지 같다. 팔이 끝 자세에서 처음보다 낮은 곳에 있어서 일이 음수이다. 운동 전체로 보면
# 구동기가 에너지를 받아 냈다.
#
# **이 성질을 어디에 쓰는가.** 두 가지가 대표적이다.
#
# - *수동성에 기댄 제어.* 식 {eq}`eq-33-energy`에 따르면 관절 토크에서 관절 속도로 가는 사상은
#   수동적(passive)이다. 중력 보상을 더한 PD 제어의 안정성은 $\frac12\dot q^{\mathsf T}M\dot q$에 위치 오차의
#   이차식을 더한 리아푸노프 함수로 보이는데, 그 미분에서 $\dot q^{\mathsf T}(\dot M - 2C)\dot q = 0$만
#   쓰이므로 어떤 분해로도 된다. 반면 기준 궤적을 따라가는 적응 제어
#   {cite:p}`slotine1987adaptive`처럼 $\dot q$가 아닌 오차 벡터 $s$에 대해 $s^{\mathsf T}(\dot M - 2C)s = 0$을
#   쓰는 증명은, 제어기 안에 크리스토펠 $C$를 넣어야 맞다. 3.3.2절의 이차 형식이 그 차이를
#   숫자로 보였다. 이 적응 제어는 또 하나의 성질에 기댄다. 운동방정식은 관성 파라미터 $\boldsymbol{\pi}$에 선형이어서
#   $\tau = Y(q,\dot q,\ddot q)\,\boldsymbol{\pi}$로 적힌다({doc}`3.4.4절 <ch3_4_properties>`). 그래서 추정값 $\hat{\boldsymbol{\pi}}$의
#   오차가 제어 법칙에 $Y\tilde{\boldsymbol{\pi}}$ 한 항으로만 들어가고, 적응 법칙이 그 항을 상쇄하도록 $\hat{\boldsymbol{\pi}}$를 바꾼다.
# - *운동량 관측기.* 3.2.7절의 충돌 감지에서 본 일반화 운동량 $\mathcal{P} = M\dot q$의 변화율은
#   $\dot{\mathcal{P}} = \tau + \tau_{\mathrm{ext}} + C^{\mathsf T}\dot q - g$로 적을 수 있다
#   {cite:p}`deluca2005sensorless`. 이 식은 $\dot M = C + C^{\mathsf T}$를 쓰므로 역시 크리스토펠
#   $C$에서만 맞다. 아래 셀이 두 분해로 $\dot M$과 $C + C^{\mathsf T}$를 견준다.

# %%
arm = models.arm6r()
rng_mo = np.random.default_rng(ch33.SEED + 50)
q_mo, qd_mo = rng_mo.uniform(-np.pi, np.pi, (10, 6)), rng_mo.uniform(-2, 2, (10, 6))
Md_mo = mass_matrix_dot(arm, q_mo, qd_mo)
mo = {}
for form in ("christoffel", "newton-euler"):
    C_mo = coriolis_matrix(arm, q_mo, qd_mo, form)
    D_mo = C_mo + np.swapaxes(C_mo, -1, -2) - Md_mo  # C + C^T - Mdot
    mo[form] = float(np.abs(D_mo).max() / np.abs(Md_mo).max())
glue("lg_mo_ne", fixed_sig(mo["newton-euler"], 2), display=False)
claims.within("lg-mo-christoffel", "한계 {glue:text}`lg_skew_bound` 안에서 같고",
              mo["christoffel"], ch33.BOUNDS["skew"])
claims.claim("lg-mo-ne", "뉴턴-오일러 분해로는 상대 차이가 {glue:text}`lg_mo_ne`이다",
             mo["newton-euler"] > 1e-3, newton_euler=mo["newton-euler"])
print("max |C + C^T − Ṁ| / max |Ṁ|: 크리스토펠은 한계 안, 뉴턴-오일러",
      fixed_sig(mo["newton-euler"], 2))

# %% tags=["hide-input", "nbval-ignore-output"]
glue("lg_mo_chr", sci(mo["christoffel"]), display=False)
print("크리스토펠:", sci(mo["christoffel"]))

# %% [markdown]
# % claim: lg-mo-christoffel, lg-mo-ne
#
# 무작위 상태 10개에서 크리스토펠 $C$로는 $C + C^{\mathsf T}$와 $\dot M$의 상대 차이가
# {glue:text}`lg_mo_chr`으로, 두 행렬이 한계 {glue:text}`lg_skew_bound` 안에서 같고, 뉴턴-오일러
# 분해로는 상대 차이가 {glue:text}`lg_mo_ne`이다. 관측기를 구현할 때 "$C$는 RNEA에서 얻으면 된다"고 생각하기
# 쉬운데, RNEA 한 번이 주는 것은 곱 $C\dot q$이지 $C^{\mathsf T}\dot q$가 아니다.
# `coriolis_matrix`의 기본값이 크리스토펠 분해인 이유이다.
#
# ## 3.3.4 풀이 예제
#
# ### ① 평면 2R 팔 — Modern Robotics 식 (8.9)와 항마다 비교
#
# 3.3.1절의 유도 결과를 Modern Robotics의 식 (8.9) {cite:p}`lynch2017modern`와 맞춘다. 책의 식은 질량이
# 링크 끝에 모인 평면 2R 팔의 $M$, 속도곱 벡터 $c = C\dot q$, 중력 벡터 $g$를 적어 두었고,
# `chaindyn.symbolic.planar_2r_mr89`가 그것을 같은 기호로 옮겨 놓았다. 두 결과의 차이를 항마다
# `sympy.simplify`에 넣어 정확히 0이 되는지 본다. 라그랑지안 $\mathcal{L} = \mathcal{K} - \mathcal{U}$를
# 식 {eq}`eq-33-el` 그대로 미분한 토크(`euler_lagrange`)도 함께 비교한다. 이쪽은 $M$과 $C$를 거치지
# 않는다.

# %% mystnb={"markdown_format": "myst"}
cmp2 = ch33.planar_2r_comparison()
names = {f"q{i}": f"q_{i}" for i in (1, 2)}
names |= {f"qd{i}": rf"\dot q_{i}" for i in (1, 2)}
syms = {s: sp.Symbol(names[str(s)]) for s in (*cmp2["dyn"].q, *cmp2["dyn"].qd)}


def tex(e):
    return sp.latex(e.subs(syms))


rows2 = []
for key, label in (("M", "M"), ("c", "c"), ("g", "g")):
    for idx in np.ndindex(*cmp2["derived"][key].shape):
        i, j = idx
        sub = f"{i + 1}{j + 1}" if key == "M" else f"{i + 1}"
        rows2.append([f"${label}_{{{sub}}}$", f"${tex(cmp2['derived'][key][idx])}$",
                      f"${sp.latex(cmp2['differences'][key][idx])}$"])
display(md_table(["항", "라그랑지안에서 유도 (정리 후)", "식 (8.9)와의 차이"], rows2))
zero = all(e == 0 for m in cmp2["differences"].values() for e in m)
el_zero = all(e == 0 for e in cmp2["el_difference"])
claims.claim("lg-2r-exact", "표의 여덟 항이 모두 정확히 0이다", zero and el_zero and len(rows2) == 8,
             terms=len(rows2), differences_zero=zero, euler_lagrange_zero=el_zero)
print("모든 항의 차이가 정확히 0:", zero, "| 오일러-라그랑주 토크와 식 (8.9)의 토크 차이 0:", el_zero)

# %% [markdown]
# % claim: lg-2r-exact
#
# 표의 여덟 항이 모두 정확히 0이다. 부동소수점 비교가 아니라 기호 계산의 결과이므로 허용 오차가
# 없다. 유도된 $c_1$의 $-(2\dot q_1\dot q_2 + \dot q_2^2)$ 꼴은 관절 2가 돌 때 관절 1에 걸리는 코리올리
# 항과 원심 항이 섞인 것이고, $c_2$의 $\dot q_1^2$ 항은 링크 1의 회전이 링크 2에 주는 원심 효과이다.
# 같은 팔의 크리스토펠 행렬은 다음과 같다.

# %% mystnb={"markdown_format": "myst"}
display(md_table(["성분", "크리스토펠 행렬의 값"],
                 [[f"$C_{{{i + 1}{j + 1}}}$", f"${tex(cmp2['C'][i, j])}$"]
                  for i in range(2) for j in range(2)]))

# %% [markdown]
# ### ② 공간 3R 사슬과 ③ 6R 팔 — 기호 $q$, 수치 파라미터
#
# % no-claim: 예제의 설정(사슬과 비교 방법)을 적는 문단
#
# 평면 팔은 관절 축이 모두 평행해서 가장 쉬운 경우이다. 같은 유도를 축이 제각각인 무작위 공간 3R
# 사슬(`models.random_chain`, 파라미터는 수)과 3.2장의 6R 팔에 그대로 적용한다. 6R 팔은 MDH 표의
# 소수를 정확한 유리수로, 각도를 $\pi$의 유리수 배로 읽어(`symbolic.from_mdh_rows`) $\cos 90°$가
# 부동소수점 잔차가 아니라 정확히 0이 되게 했다. 관절 변수는 기호이다. 유도한 식을
# `torque_function`으로 numpy 코드로 바꾸어(공통 부분식 제거 포함) 무작위 상태
# {glue:text}`lg_lr_states`개에서 RNEA와 비교한다. 질량 행렬은 운동 에너지에서 얻은 것과 RNEA 열로
# 만든 `mass_matrix`를, $C$는 수치 재귀 `coriolis_matrix`와, $g$와 $\mathcal{K}$는 각각
# `gravity_torque`, `kinetic_energy`와 견준다.

# %% mystnb={"markdown_format": "myst"}
lr = ch33.lagrange_vs_rnea()
display(md_table(
    ["사슬", "관절 수", "τ: 라그랑주 대 RNEA", "M, C, g, K 대 수치 함수", "가장 큰 토크 [N·m]"],
    [[r["name"], r["n"], yes(r["rel_tau"] <= ch33.BOUNDS["lagrange_vs_rnea"]),
      yes(r["holds"]), f"{fixed(r['tau_max'], 1):.1f}"] for r in lr]))
glue("lg_lr_states", 20, display=False)
glue("lg_lr_bound", sci(ch33.BOUNDS["lagrange_vs_rnea"], 1), display=False)
lr_tau = max(r["rel_tau"] for r in lr)
lr_parts = max(r[f"rel_{k}"] for r in lr for k in ("M", "C", "g", "K"))
claims.within("lg-lr-tau", "한계 {glue:text}`lg_lr_bound` 안에 있다", lr_tau,
              ch33.BOUNDS["lagrange_vs_rnea"])
claims.within("lg-lr-parts", "가장 큰 상대 차이 {glue:text}`lg_lr_parts_max`으로 수치 함수와 일치한다",
              lr_parts, ch33.BOUNDS["lagrange_vs_rnea"])

# %% tags=["hide-input", "nbval-ignore-output"]
for r in lr:
    print(f"{r['name']}: τ {r['rel_tau']:.1e}, M {r['rel_M']:.1e}, C {r['rel_C']:.1e}, "
          f"g {r['rel_g']:.1e}, K {r['rel_K']:.1e}")
glue("lg_lr_tau_max", sci(lr_tau), display=False)
glue("lg_lr_parts_max", sci(lr_parts), display=False)

# %% [markdown]
# % claim: lg-lr-tau, lg-lr-parts
#
# 세 사슬에서 라그랑주 토크와 RNEA 토크의 상대 차이는 가장 큰 것이 {glue:text}`lg_lr_tau_max`으로,
# 반올림 수준의 한계 {glue:text}`lg_lr_bound` 안에 있다. 에너지에서 얻은 $M$, 크리스토펠 기호의 $C$,
# 위치 에너지의 기울기 $g$, 운동 에너지 $\mathcal{K}$도 같은 한계 안에서, 가장 큰 상대 차이
# {glue:text}`lg_lr_parts_max`으로 수치 함수와 일치한다. 두 정식화는 같은 운동방정식을 두 방향에서
# 적은 것이다.
#
# ### ④ Pinocchio와의 대조
#
# 수치 재귀 `coriolis_matrix`와 `mass_matrix_dot`이 맞는지는 독립된 구현과도 견준다. Pinocchio
# {cite:p}`carpentier2019pinocchio`의 `computeCoriolisMatrix`는 같은 크리스토펠 $C$를 주고,
# `computeRNEADerivatives`의 $\partial\tau/\partial q$를 가속도 단위 벡터마다 불러 $\dot q$를 곱하면
# $\dot M$의 열이 나온다. 이 편미분이 무엇이고 어떻게 계산되는지는 {doc}`3.6장 <ch3_6_derivatives>`이
# 다룬다. 6R 팔의 무작위 상태 10개에서 두 행렬의 상대 차이를 잰다.

# %%
pin = ch33.pinocchio_check()
glue("lg_pin_bound", sci(ch33.BOUNDS["pinocchio"], 1), display=False)
claims.within("lg-pin", "한계 {glue:text}`lg_pin_bound` 안에 있다", max(pin["C"], pin["Mdot"]),
              ch33.BOUNDS["pinocchio"])
print("Pinocchio", pin["version"], "| C와 Ṁ 모두 한계 안:", pin["holds"])

# %% tags=["hide-input", "nbval-ignore-output"]
glue("lg_pin_C", sci(pin["C"]), display=False)
glue("lg_pin_Md", sci(pin["Mdot"]), display=False)
print(f"C {pin['C']:.1e}, Ṁ {pin['Mdot']:.1e}")

# %% [markdown]
# % claim: lg-pin
#
# 상대 차이는 $C$가 {glue:text}`lg_pin_C`, $\dot M$이 {glue:text}`lg_pin_Md`으로 한계
# {glue:text}`lg_pin_bound` 안에 있다.


# %% [markdown]
# ## 3.3.5 닫힌 형식은 얼마나 비싼가
#
# 3.2.6.1절은 평면 팔의 기호식이 관절 수와 함께 빠르게 커진다는 것을 보였고, 3차원 사슬은 세지
# 않았다. 여기서는 그 질문을 두 갈래로 넓혀 잰다.
#
# - **평면 $n$R**: 관절 축이 모두 평행하고, 질량·길이·질량 중심·관성이 모두 기호인 팔.
# - **공간 $n$R**: 축의 방향과 위치가 제각각인 무작위 사슬. 파라미터는 수이고 0인 항이 거의 없어,
#   식이 크게 나오는 경우에 가깝다.
#
# 각 $n$에서 `chaindyn.symbolic`으로 $M$, $C\dot q$, $g$를 유도하고(정리 없이), `count_ops`로 식의
# 크기를 공통 부분식 제거(`cse`) 전후로 센다. 제거 뒤의 직선 코드가 하는 곱셈은
# `symbolic.multiplications`로 센다. 같은 사슬에서 RNEA 한 번의 곱셈은 `chaindyn.opcount`가 센다.
# 비교 상대는 희소성을 쓰지 않는 `rnea`(규칙 `"all"`)와 구조를 살린 `rnea_structured`(부록 B)이다.
# 측정은 몇 분이 걸리므로 `figsrc/study_33_closed_form.py`가 미리 돌려 `data/study33_*.csv`에
# 남겼다.
#
# % no-claim: 측정의 절차(예산과 상한)를 적는 문단
#
# 스크립트는 사슬 갈래와 기호 엔진마다 {glue:text}`lg_gr_budget`초의 예산을 둔다. 다음 $n$의 예상
# 시간이 예산을 넘거나 $n$이 상한 {glue:text}`lg_gr_cap`에 이르면 그 갈래를 멈춘다.

# %% mystnb={"markdown_format": "myst"} tags=["hide-input"]
import study_33_closed_form as study  # noqa: E402  (figsrc/: the study's constants)

gr = ch33.growth()
gr_se = ch33.growth(engine="symengine")
study_machine = {r["key"]: r["value"] for r in ch33._read("study33_machine.csv")}
glue("lg_gr_budget", int(study_machine["budget_s_per_family"]), display=False)
glue("lg_gr_cap", study.N_MAX, display=False)
glue("fig-33-growth", ch33_figures.growth_figure(), display=False)
table = []
for fam, label in (("planar", "평면"), ("spatial", "공간")):
    d = gr[fam]
    for k in range(len(d["n"])):
        table.append([label, int(d["n"][k]), f"{int(d['M_ops'][k]):,}", f"{int(d['Cqd_ops'][k]):,}",
                      f"{int(d['g_ops'][k]):,}", f"{int(d['tau_ops_cse'][k]):,}",
                      f"{int(d['tau_mults_cse'][k]):,}", f"{int(d['rnea_all'][k]):,}",
                      f"{int(d['rnea_structured_all'][k]):,}"])
display(md_table(["사슬", "n", "M 연산", "C q̇ 연산", "g 연산", "τ 연산 (cse 뒤)", "생성 코드 곱셈",
                  "rnea 곱셈", "rnea_structured 곱셈"], table))
for fam in ("planar", "spatial"):
    d = gr[fam]
    glue(f"lg_gr_{fam}_nmax", int(d["n"][-1]), display=False)
    glue(f"lg_gr_{fam}_k", fixed(d["k_mults"], 1), display=False)
    glue(f"lg_gr_{fam}_kops", fixed(d["k_ops"], 1), display=False)
    glue(f"lg_gr_{fam}_x_rnea_all", d["cross_rnea_all"], display=False)
    glue(f"lg_gr_{fam}_x_rnea_all_how", "잰 값" if d["cross_rnea_all_measured"] else
         "맞춘 곡선의 외삽", display=False)
# 세 점씩 맞춘 지수 (n = 1을 뺀 구간): cse 전의 연산 수와 생성 코드의 곱셈 수
ops_local = [k for n_end, k in gr["planar"]["k_ops_local"]]
glue("lg_gr_planar_kops_first", fixed(ops_local[0], 1), display=False)
mults_local = {(e, fam): [k for n_end, k in g[fam]["k_mults_local"] if n_end >= 4]
               for e, g in (("sympy", gr), ("symengine", gr_se)) for fam in g}
kmin = min(min(v) for v in mults_local.values())
kmax = max(max(v) for v in mults_local.values())
glue("lg_gr_kloc_min", fixed(kmin, 1), display=False)
glue("lg_gr_kloc_max", fixed(kmax, 1), display=False)
planar_rising = all(np.all(np.diff([k for n_end, k in g["planar"]["k_mults_local"] if n_end >= 6]) > 0)
                    for g in (gr, gr_se))
per_link = {fam: {int(n): int(r) for n, r in zip(gr_se[fam]["n"], gr_se[fam]["rnea_all"])}
            for fam in gr_se}
common_n = sorted(set(per_link["planar"]) & set(per_link["spatial"]))
glue("lg_gr_rnea_per_link", per_link["planar"][1], display=False)
claims.claim("lg-gr-ops", "지수 $k$는 평면이 {glue:text}`lg_gr_planar_kops`, 공간이 "
             "{glue:text}`lg_gr_spatial_kops`이어서 4보다 크다",
             bool(gr["planar"]["k_ops"] > 4 and gr["spatial"]["k_ops"] > 4),
             k_ops={f: gr[f]["k_ops"] for f in gr})
claims.claim("lg-gr-budget", "재고 예산이 다했다",
             all(study_machine[f"stopped_{f}_sympy"].startswith(f"before n = {gr[f]['n'][-1] + 1}:")
                 for f in gr), stopped={f: study_machine[f"stopped_{f}_sympy"] for f in gr})
claims.claim("lg-gr-ops-rising", "맞추는 세 점을 뒤로 옮길수록 지수가 커진다",
             bool(np.all(np.diff(ops_local) > 0)), local_exponents=ops_local)
claims.claim("lg-gr-mults", "{glue:text}`lg_gr_kloc_min`에서 {glue:text}`lg_gr_kloc_max` 사이에 있다",
             bool(2 < kmin and kmax < 4 and kmax < min(gr[f]["k_ops"] for f in gr)),
             k_mults_local=mults_local)
claims.claim("lg-gr-mults-rising", "평면 팔에서는 그 지수도 $n$이 커질수록 조금씩 커진다",
             bool(planar_rising), k_mults_local=mults_local)
claims.claim("lg-gr-cross", "공간 사슬에서는 그 구간이 짧다",
             bool(all(per_link["planar"][n] == per_link["spatial"][n] == n * per_link["planar"][1]
                      for n in common_n)
                  and gr["planar"]["cross_rnea_all"] > gr["spatial"]["cross_rnea_all"]),
             crossover={f: gr[f]["cross_rnea_all"] for f in gr})
claims.claim("lg-gr-structured", "잰 모든 $n$에서 생성 코드의 곱셈이 더 많다",
             bool(all(np.all(g[f]["tau_mults_cse"] > g[f]["rnea_structured_all"])
                      for g in (gr, gr_se) for f in g)),
             generated={f: gr[f]["tau_mults_cse"].tolist() for f in gr},
             structured={f: gr[f]["rnea_structured_all"].tolist() for f in gr})

# %% [markdown]
# ```{glue:figure} fig-33-growth
# :name: fig-33-growth
#
# 관절 수 $n$에 따른 닫힌 형식 토크 $\tau = M\ddot q + C\dot q + g$의 크기(sympy `count_ops`, 공통 부분식
# 제거 전후)와 생성 코드의 곱셈 수, 그리고 같은 사슬에서 RNEA 한 번의 곱셈 수(로그 눈금). 점선은
# sympy로 잰 생성 코드의 곱셈 수를 마지막 세 점에 맞춘 거듭제곱 곡선이고, 속이 빈 삼각형은 같은 유도를
# symengine으로 해서 더 큰 $n$까지 센 곱셈 수이다.
# ```
#
# 지수는 모두 로그-로그 눈금에서 최소제곱으로 맞춘 직선의 기울기이다. 따로 적지 않으면 잰 $n$의
# 마지막 세 점에 맞춘 값이다. 숫자에서 세 가지를 읽을 수 있다.
#
# % claim: lg-gr-budget, lg-gr-ops, lg-gr-ops-rising
#
# **정리하지 않은 식은 폭발한다.** sympy는 공간 사슬을 {glue:text}`lg_gr_spatial_nmax`관절, 평면 팔을
# {glue:text}`lg_gr_planar_nmax`관절까지 재고 예산이 다했다. 공통 부분식 제거 전의 연산 수에 $n^k$를
# 맞추면 지수 $k$는 평면이 {glue:text}`lg_gr_planar_kops`, 공간이 {glue:text}`lg_gr_spatial_kops`이어서
# 4보다 크다. 평면 팔에서는 맞추는 세 점을 뒤로 옮길수록 지수가 커진다. 첫 세 점에서는
# {glue:text}`lg_gr_planar_kops_first`이다. 그러므로 평면 팔의 잰 범위 전체를 $n^k$ 하나로 적을 수는
# 없고, 로그-로그 눈금에서 곡선은 $n$과 함께 가팔라진다. `count_ops`는 식을 나무로 보고 같은 부분식을 나올 때마다 다시 세므로,
# 이 수는 "종이에 펼쳐 쓴 식"의 크기이다.
#
# % claim: lg-gr-mults, lg-gr-mults-rising
#
# **공통 부분식을 뽑으면 증가가 훨씬 느려진다.** 생성 코드의 곱셈 수에 같은 방법으로 맞춘 지수는
# 평면이 {glue:text}`lg_gr_planar_k`, 공간이 {glue:text}`lg_gr_spatial_k`이다. 두 엔진의 결과에서
# $n = 2$ 이후의 세 점씩을 모두 맞추어 보아도 지수는 {glue:text}`lg_gr_kloc_min`에서
# {glue:text}`lg_gr_kloc_max` 사이에 있다. 다만 평면 팔에서는 그 지수도 $n$이 커질수록 조금씩 커진다.
# 잰 범위만으로는 이 증가가 어떤 차수에 머무는지 정할 수 없다. `cse`는 식 안에 이미 되풀이되는 조각을
# 변수로 묶을 뿐이고 삼각함수 항등식을 쓰지 않는다. 그러므로 이 값은 최적의 닫힌 형식이 아니라 이
# 유도를 그대로 옮긴 코드의 비용이다.
#
# % claim: lg-gr-cross, lg-gr-structured
#
# **RNEA가 더 싸지는 관절 수.** 생성 코드의 곱셈 수가 `rnea`(규칙 `"all"`)를 처음 넘는 $n$은 평면
# 팔이 {glue:text}`lg_gr_planar_x_rnea_all`({glue:text}`lg_gr_planar_x_rnea_all_how`), 공간 사슬이
# {glue:text}`lg_gr_spatial_x_rnea_all`({glue:text}`lg_gr_spatial_x_rnea_all_how`)이다. 밀집 $6\times6$
# RNEA는 0을 곱하는 곱셈까지 세므로, 그 수는 사슬의 구조와 상관없이 링크마다
# {glue:text}`lg_gr_rnea_per_link`번이다. 닫힌 형식은 평면 팔처럼 구조가 단순한 사슬에서 식이 작아서
# 꽤 오래 앞선다. 축이 일반적인 공간 사슬에서는 그 구간이 짧다. 구조를 살린 `rnea_structured`와
# 견주면, 잰 모든 $n$에서 생성 코드의 곱셈이 더 많다.

# %% tags=["hide-input"]
common = sorted(set(gr["spatial"]["n"]) & set(gr_se["spatial"]["n"]))[-1]
i_sp, i_se = list(gr["spatial"]["n"]).index(common), list(gr_se["spatial"]["n"]).index(common)
glue("lg_se_common_n", int(common), display=False)
glue("lg_se_t_sympy", f"{fixed_sig(gr['spatial']['derive_s'][i_sp], 3):g}", display=False)
glue("lg_se_t_se", f"{fixed_sig(gr_se['spatial']['derive_s'][i_se], 3):g}", display=False)
for fam in ("planar", "spatial"):
    glue(f"lg_se_{fam}_nmax", int(gr_se[fam]["n"][-1]), display=False)
    glue(f"lg_se_{fam}_k", fixed(gr_se[fam]["k_mults"], 1), display=False)
    glue(f"lg_se_{fam}_kops", fixed(gr_se[fam]["k_ops"], 1), display=False)
claims.claim("lg-se-stops", "평면 팔은 예산 안에서 상한인 {glue:text}`lg_gr_cap`관절까지 잰다",
             study_machine["stopped_planar_symengine"] == f"N_MAX = {study.N_MAX}"
             and study_machine["stopped_spatial_symengine"].startswith("before n"),
             stopped={k: v for k, v in study_machine.items() if k.startswith("stopped")})
claims.claim("lg-se-k", "sympy의 좁은 범위에서 얻은 값보다 조금 크다",
             all(0 < gr_se[f]["k_mults"] - gr[f]["k_mults"] < 0.5 for f in gr),
             sympy={f: gr[f]["k_mults"] for f in gr}, symengine={f: gr_se[f]["k_mults"] for f in gr})
claims.claim("lg-se-kops", "cse 전의 지수는 범위를 넓힌 만큼 더 커진다",
             all(gr_se[f]["k_ops"] > gr[f]["k_ops"] for f in gr),
             sympy={f: gr[f]["k_ops"] for f in gr}, symengine={f: gr_se[f]["k_ops"] for f in gr})
differ = []
for fam in ("planar", "spatial"):
    for k, n in enumerate(gr[fam]["n"]):
        if n >= 2:
            j = list(gr_se[fam]["n"]).index(n)
            differ += [gr[fam][c][k] != gr_se[fam][c][j] for c in ("tau_ops", "tau_mults_cse")]
claims.claim("lg-se-differ", "$n \\ge 2$에서는 같은 $n$에서도 `count_ops`와 곱셈 수가 같지 않다",
             all(differ), compared=len(differ))
print("symengine로 잰 n:", {f: list(map(int, gr_se[f]["n"])) for f in gr_se})

# %% [markdown]
# % claim: lg-se-stops
#
# **symengine.** 같은 유도를 C++ 라이브러리 symengine의 자료형 위에서 돌린다(`engine="symengine"`;
# 공통 부분식 제거도 symengine 자신의 함수). 같은 예산으로 공간 사슬을 {glue:text}`lg_se_spatial_nmax`관절까지
# 재고, 평면 팔은 예산 안에서 상한인 {glue:text}`lg_gr_cap`관절까지 잰다. 두 엔진이 모두 잰 가장 큰
# 공간 사슬({glue:text}`lg_se_common_n`관절)에서 유도 시간은 sympy가 {glue:text}`lg_se_t_sympy`초,
# symengine이 {glue:text}`lg_se_t_se`초였다. 시간은 다른 작업과 함께 쓰는 기계에서 잰 값이라 재현되지
# 않으며, 배율의 크기만 뜻이 있다.
#
# % claim: lg-se-k, lg-se-kops
#
# symengine으로 넓힌 범위의 마지막 세 점에서 생성 코드 곱셈의 지수는 평면이 {glue:text}`lg_se_planar_k`,
# 공간이 {glue:text}`lg_se_spatial_k`이다. 두 값 모두 sympy의 좁은 범위에서 얻은 값보다 조금 크다. cse 전의
# 지수는 평면이 {glue:text}`lg_se_planar_kops`, 공간이 {glue:text}`lg_se_spatial_kops`이다. 앞에서 본 대로
# cse 전의 지수는 범위를 넓힌 만큼 더 커진다.
#
# % claim: lg-se-differ
#
# 두 엔진의 수를 견줄 때 두 가지를 알아 둔다. 첫째, symengine은 sympy와 식을 다르게 정돈한다. 그래서
# $n \ge 2$에서는 같은 $n$에서도 `count_ops`와 곱셈 수가 같지 않다(`data/study33_closed_form.csv`의 `engine`
# 열). 둘째, symengine의 `count_ops`는 셈을 C의 32비트 부호 없는 정수로 돌려주므로, 연산이 $2^{32}$개를
# 넘는 식에서는 $2^{32}$로 나눈 나머지만 남는다. 공간 사슬의 가장 큰 $n$에서는 정리하지 않은 $C\dot q$의
# 성분 하나가 이 크기를 넘는다. 그래서 이 연구는 symengine의 식을 같은 규칙으로 파이썬 정수로 다시 세고,
# 그 셈이 $2^{32}$로 나눈 나머지에서 symengine의 셈과 같음을 식마다 확인한다.

# %% tags=["hide-input"]
table6, formula6 = ch33.SECONDARY_TABLE, ch33.hollerbach_formulas(6)
assert all(v.denominator == 1 for v in formula6.values())
for key, short in (("lagrangian_mults", "uk"), ("lagrangian_adds", "uka"), ("ne_mults", "ne"),
                   ("ne_adds", "nea")):
    glue(f"lg_lit_{short}_table", f"{table6[key]:,}", display=False)
    glue(f"lg_lit_{short}_formula", f"{int(formula6[key]):,}", display=False)
    print(f"{key}: 표 {table6[key]:,} | 식 {int(formula6[key]):,}")
gap = int(formula6["lagrangian_mults"]) - table6["lagrangian_mults"]
glue("lg_lit_uk_gap", f"{gap:,}", display=False)
lit_ratio = {"table": table6["lagrangian_mults"] / table6["ne_mults"],
             "formula": float(formula6["lagrangian_mults"] / formula6["ne_mults"])}
glue("lg_lit_ratio_table", int(fixed(lit_ratio["table"], 0)), display=False)
glue("lg_lit_ratio_formula", int(fixed(lit_ratio["formula"], 0)), display=False)
claims.claim("lg-lit-formulas", "넷 가운데 셋은 표의 값과 정확히 같다",
             gap != 0 and all(int(formula6[k]) == table6[k] for k in table6 if k != "lagrangian_mults"),
             table=table6, formula={k: int(v) for k, v in formula6.items()})
claims.claim("lg-lit-ratio", "표로는 {glue:text}`lg_lit_ratio_table`배, 식으로는 {glue:text}`lg_lit_ratio_formula`배이다",
             all(10 < r < 100 for r in lit_ratio.values()), ratio=lit_ratio)
claims.claim("lg-lit-direction", "마지막 세 점에서 맞춘 지수가 4보다 크다",
             all(gr[f]["k_ops"] > 4 for f in gr), k_ops={f: gr[f]["k_ops"] for f in gr})
claims.claim("lg-lit-below-n4", "생성 코드는 지수가 4보다 작지만",
             all(g[f]["k_mults"] < 4 for g in (gr, gr_se) for f in g),
             k_mults={f: (gr[f]["k_mults"], gr_se[f]["k_mults"]) for f in gr})
claims.claim("lg-lit-linear", "잰 범위 안에서 이미 `rnea`(규칙 `\"all\"`)의 곱셈 수를 넘는다",
             all(gr[f]["cross_rnea_all_measured"] for f in gr),
             crossover={f: gr[f]["cross_rnea_all"] for f in gr})

# %% [markdown]
# **문헌과의 비교.** 라그랑주 정식화와 재귀 정식화의 연산량은 Hollerbach
# {cite:p}`hollerbach1980recursive`가 체계적으로 견주었다. 그 논문의 초록은 과거의 라그랑주 정식화가
# 관절 수의 네제곱에 비례하는 연산을 요구했다고 적는다. 그리고 재귀를 쓰면 라그랑주 정식화도 관절
# 수에 선형이 된다고 요약한다. 이 책은 그 논문의 초록만 원문으로 읽었고, 아래 비교표의 수치는 2차
# 출처에서 옮긴다. 그 출처는 Hollerbach를 출처로 단 MATLAB용 Robotics Toolbox(P. I. Corke) 설명서의
# 인터넷 사본이다. 판과 연도를 알 수 없어 참고 문헌 목록에는 올리지 않았다.
#
# % claim: lg-lit-formulas, lg-lit-ratio
#
# 그 표에 따르면 $n = 6$에서 Uicker와 Kahn의 $4\times4$ 행렬 라그랑주 정식화는 곱셈
# {glue:text}`lg_lit_uk_table`번, 덧셈 {glue:text}`lg_lit_uka_table`번이다. 재귀 뉴턴-오일러는 곱셈
# {glue:text}`lg_lit_ne_table`번, 덧셈 {glue:text}`lg_lit_nea_table`번이다. 같은 표의 식에 $n = 6$을 넣어
# 보면 넷 가운데 셋은 표의 값과 정확히 같다(라그랑주 덧셈 {glue:text}`lg_lit_uka_formula`, 뉴턴-오일러
# 곱셈 {glue:text}`lg_lit_ne_formula`, 덧셈 {glue:text}`lg_lit_nea_formula`). 라그랑주 곱셈의 식
# $32\tfrac12 n^4 + 86\tfrac{5}{12} n^3 + 171\tfrac14 n^2 + 53\tfrac13 n - 128$은 정확히
# {glue:text}`lg_lit_uk_formula`을 주어, 표의 값과 {glue:text}`lg_lit_uk_gap`만큼 어긋난다. 식의 계수
# 하나와 표의 값 가운데 어느 쪽이 옮겨 적는 과정에서 달라졌는지는 원문 없이는 가릴 수 없다. 어느 쪽을
# 따르든 $n = 6$에서 라그랑주 정식화의 곱셈 수는 뉴턴-오일러의 몇십 배이다. 표로는
# {glue:text}`lg_lit_ratio_table`배, 식으로는 {glue:text}`lg_lit_ratio_formula`배이다.
#
# % claim: lg-lit-direction, lg-lit-below-n4, lg-lit-linear
#
# 이 책의 수와 문헌의 수는 세는 대상이 다르다. 문헌의 라그랑주 정식화는 $4\times4$ 변환 행렬을 곱해
# 가는 일반식의 연산이다. 이 절의 수는 한 사슬의 식을 기호로 펼친 뒤 공통 부분식을 뽑은 코드의
# 곱셈이다. 그래도 닫힌 형식이 재귀보다 빨리 커진다는 방향은 잰 범위에서 같다. 정리하지 않은 식은 두
# 갈래 모두 마지막 세 점에서 맞춘 지수가 4보다 크다. 공통 부분식을 뽑은 생성 코드는 지수가 4보다
# 작지만, 재귀 알고리즘의 선형 증가에는 미치지 못한다. 그래서 잰 범위 안에서 이미 `rnea`(규칙 `"all"`)의
# 곱셈 수를 넘는다.

# %% [markdown]
# ## 3.3.6 생성한 코드는 얼마나 빠른가
#
# 유도한 $\tau(q,\dot q,\ddot q)$를 `sympy.lambdify`(공통 부분식 제거 포함)로 numpy 함수로 바꾸면,
# 한 번 만든 뒤에는 RNEA처럼 부를 수 있다(`symbolic.torque_function`). 그 함수를 평면 2R 팔과 6R 팔에서
# `rnea`, `rnea_structured`와 같은 실행 안에서 잰 결과가 아래 표이다. 측정은
# `figsrc/bench_33_codegen.py`가 했고 책을 빌드할 때는 시간을 재지 않는다. 측정 기계는 다른 작업과
# 함께 쓰였으므로(`data/bench_33_machine.csv`에 적어 두었다) 절대 시간보다 같은 실행 안의 배율을 보아야
# 하고, 그 배율도 재현되는 값은 아니다.

# %% mystnb={"markdown_format": "myst"} tags=["hide-input"]
bench, bench_machine = ch33.codegen_benchmark()
display(md_table(
    ["사슬", "방법", "상태 수 N", "호출 1회 [μs]", "상태 1개당 [μs]", "rnea 대비", "RNEA와 일치"],
    [[r["chain"], r["method"], r["N"], r["call_us"], r["per_sample_us"], r["ratio_to_rnea"],
      yes(r["agrees_with_rnea"] == "True")] for r in bench]))
print("기계:", bench_machine.get("cpu"), "|", bench_machine.get("logical_cpus"), "논리 코어 |",
      "부하(전/후):", bench_machine.get("loadavg_before"), "/", bench_machine.get("loadavg_after"))


def ratio(chain, method, N):
    return float(next(r["ratio_to_rnea"] for r in bench
                      if r["chain"] == chain and r["method"] == method and int(r["N"]) == N))


for chain in ("2R", "6R"):
    for N in (1, 10000):
        glue(f"lg_bench_{chain}_{N}", f"{ratio(chain, 'lambdify (cse)', N):.2g}", display=False)
glue("lg_bench_N", 10000, display=False)
glue("lg_bench_6R_gen", next(r["derive_and_lambdify_s"] for r in bench
                             if r["chain"] == "6R" and r["derive_and_lambdify_s"]), display=False)
big = {chain: ratio(chain, "lambdify (cse)", 10000) for chain in ("2R", "6R")}
to_struct = {chain: big[chain] / ratio(chain, "rnea_structured", 10000) for chain in ("2R", "6R")}
glue("lg_bench_6R_vs_struct", f"{to_struct['6R']:.2g}", display=False)
cse_count = ch33.codegen_intermediates()
glue("lg_bench_2R_cse", cse_count["2R"], display=False)
glue("lg_bench_6R_cse", cse_count["6R"], display=False)
claims.claim("lg-codegen-batch", "큰 배치에서 생성 코드는 두 팔 모두 `rnea`보다 빨랐다",
             all(r < 1 for r in big.values()), ratio_to_rnea=big)
claims.claim("lg-codegen-structured",
             "2R 팔에서는 `rnea_structured`보다도 빨랐지만 6R 팔에서는 그보다",
             to_struct["2R"] < 1 < to_struct["6R"], ratio_to_rnea_structured=to_struct)

# %% [markdown]
# % claim: lg-codegen-batch, lg-codegen-structured
#
# 상태 하나를 넘길 때 생성 코드의 시간은 `rnea`의 {glue:text}`lg_bench_2R_1`배(2R),
# {glue:text}`lg_bench_6R_1`배(6R)였다. 상태 {glue:text}`lg_bench_N`개를 한 번에 넘기면
# {glue:text}`lg_bench_2R_10000`배(2R), {glue:text}`lg_bench_6R_10000`배(6R)이다. 생성 코드는 파이썬
# 한 줄마다 numpy 배열 연산 하나를 부르므로, 상태 하나일 때는 호출 횟수에서 오는 고정 비용이 시간을
# 정한다. 큰 배치에서는 실제 산술과 중간 배열이 시간을 정한다. 큰 배치에서 생성 코드는 두 팔 모두
# `rnea`보다 빨랐다. 2R 팔에서는 `rnea_structured`보다도 빨랐지만 6R 팔에서는 그보다
# {glue:text}`lg_bench_6R_vs_struct`배 느렸다. 6R 팔의 생성 코드에는 공통 부분식이
# {glue:text}`lg_bench_6R_cse`개(2R 팔은 {glue:text}`lg_bench_2R_cse`개) 있고, 그 하나하나가 상태 수만큼의
# 배열을 새로 만들기 때문으로 보인다. 이 원인은 따로 재지 않았다. 6R 팔의 식을 유도하고
# 함수로 바꾸는 데는 한 번
# {glue:text}`lg_bench_6R_gen`초가 들었다. 로봇 모델이 바뀌면 이 과정을 다시 해야 한다는 점도 닫힌
# 형식의 비용이다.

# %% [markdown]
# ## 3.3.7 체크포인트
#
# ```{exercise} 1자유도 진자
# :label: ex-33-pendulum
#
# 길이 $\ell$인 질량 없는 막대 끝에 질량 $m$이 달린 진자를 $q$(연직 아래에서 잰 각)로 적는다.
# $\mathcal{K}$, $\mathcal{U}$, 식 {eq}`eq-33-el`에서 운동방정식을 얻고, 이 경우 $C$가 0인 이유를 말하라.
# ```
#
# ```{solution} ex-33-pendulum
# :label: sol-33-pendulum
# :class: dropdown
#
# $\mathcal{K} = \tfrac12 m\ell^2\dot q^2$, $\mathcal{U} = -m\mathrm{g}\ell\cos q$이므로
# $\partial\mathcal{L}/\partial\dot q = m\ell^2\dot q$, $\partial\mathcal{L}/\partial q = -m\mathrm{g}\ell\sin q$이고
# $\tau = m\ell^2\ddot q + m\mathrm{g}\ell\sin q$이다. 질량 행렬 $m\ell^2$이 $q$에 의존하지 않으므로 모든
# $\partial M/\partial q$가 0이고, 식 {eq}`eq-33-christoffel`에서 $C = 0$이다. `chaindyn.symbolic.euler_lagrange`의
# 문서 예제가 같은 계산을 $m = \ell = 1$로 한다.
# ```
#
# ```{exercise} 반대칭이 아닌 분해를 직접 만들기
# :label: ex-33-factor
#
# 3.3.2절에서 "$\dot q$에 곱하면 0이 되는 행렬을 더해도 $C\dot q$는 그대로"라고 했다. 평면 2R 팔에서
# $N(\dot q) = \begin{bmatrix} \dot q_2 & -\dot q_1 \\ 0 & 0\end{bmatrix}$로 두면 $N\dot q = 0$임을
# 확인하고, $C + N$도 같은 $C\dot q$를 주지만 $\dot M - 2(C+N)$은 반대칭이 아님을 보여라.
# ```
#
# ```{solution-start} ex-33-factor
# :label: sol-33-factor
# :class: dropdown
# ```
#
# $N\dot q$의 첫 성분은 $\dot q_2\dot q_1 - \dot q_1\dot q_2 = 0$이고 둘째 성분은 처음부터 0이다.
# $S = \dot M - 2(C+N)$이라 하면 $\dot M - 2C$가 반대칭이므로 $S + S^{\mathsf T} = -2(N + N^{\mathsf T})$가
# 남는다. 그 $(1,1)$ 성분 $-4\dot q_2$는 $\dot q_2 \ne 0$이면 0이 아니다. 아래 셀이 2R 팔의 한 상태에서
# 수치로 확인한다(두 번째 대각 성분은 0이다).

# %%
arm2n = models.planar_2r()
q_e, qd_e = np.array([0.3, 1.1]), np.array([0.7, -1.3])
C_e = coriolis_matrix(arm2n, q_e, qd_e)
N_e = np.array([[qd_e[1], -qd_e[0]], [0.0, 0.0]])
# N q̇의 첫 성분 q̇2 q̇1 - q̇1 q̇2 는 정확히 0이다
Nqd = np.array([N_e[0, 0] * qd_e[0] + N_e[0, 1] * qd_e[1], 0.0])
assert Nqd.tolist() == [0.0, 0.0]
S_e = mass_matrix_dot(arm2n, q_e, qd_e) - 2 * (C_e + N_e)
print("N q̇ =", Nqd + 0.0, "| (S + S^T)의 대각:", np.round(np.diag(S_e + S_e.T), 6) + 0.0)

# %% [markdown]
# ```{solution-end}
# ```
#
# ```{exercise} 에너지 균형의 일
# :label: ex-33-work
#
# 3.3.3절에서 일률을 적분한 일이 위치 에너지의 변화와 같았다. 운동이 정지에서 시작해 정지로 끝나지
# 않는다면(예: 끝에서 속도가 남는다면) 같은 비교는 어떻게 바뀌어야 하는가? 그리고 관절에 점성 마찰
# $\tau_f = -b\dot q$가 있다면 식 {eq}`eq-33-energy`에 무엇이 더해지는가?
# ```
#
# ```{solution} ex-33-work
# :label: sol-33-work
# :class: dropdown
#
# 식 {eq}`eq-33-energy`를 시간으로 적분하면 일은 $\mathcal{K} + \mathcal{U}$의 변화 전체와 같다. 끝에서
# 속도가 남으면 운동 에너지의 변화 $\mathcal{K}(t_{\mathrm{f}}) - \mathcal{K}(0)$도 더해야 한다. 예제 궤적은
# 양 끝에서 속도가 0이어서 그 항이 사라졌을 뿐이다. 점성 마찰이 있으면 구동기 토크는
# $\tau = M\ddot q + C\dot q + g + b\dot q$가 되어 $\tau^{\mathsf T}\dot q = d(\mathcal{K}+\mathcal{U})/dt +
# b\,\dot q^{\mathsf T}\dot q$이다. 마지막 항은 음이 아니므로, 구동기가 넣은 일의 일부가 열로 사라진다.
# ```
#
# ## 3.3.8 출처
#
# 이 장의 식은 Modern Robotics {cite:p}`lynch2017modern`의 8.1절과 8.4절, 그리고 Murray·Li·Sastry
# {cite:p}`murray1994mathematical`의 4.2절(라그랑주 방정식)과 4.3절(열린 사슬의 동역학)을 따랐다. 크리스토펠 $C$의 수치 재귀는 Echeandia와 Wensing
# {cite:p}`echeandia2021numerical`의 알고리즘을 이 책의 표기로 옮긴 것이다(`chaindyn.lagrange`의 모듈 설명).
# 수동성 제어와 운동량 관측기는 각각 Slotine과 Li {cite:p}`slotine1987adaptive`, De Luca와 Mattone
# {cite:p}`deluca2005sensorless`를 들었다. 이 두 문헌은 원문을 읽지 않고 알려진 결과로만 인용한다.
# 연산량 문헌의 수치를 어디까지 확인했는지는 3.3.5절에 적었다.
#
# 이 장의 식과 성질, 연산 횟수를 발표된 값과 나란히 놓은 표는 {doc}`부록 C <appendix_reproduction>`의
# C.3절에 있다.
