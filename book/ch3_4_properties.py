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
# # 3.4 운동방정식의 성질
#
# 3.2장과 3.3장은 직렬 사슬의 운동방정식 $M(q)\ddot q + C(q,\dot q)\dot q + g(q) = \tau$를 두 길로
# 얻었다. 이 장은 그 식을 풀지 않는다. 대신 식이 어떤 모양인지를 묻는다. 제어기의 안정성 증명과
# 파라미터 식별은 식의 값보다 이 모양에 기댄다.
#
# - 질량 행렬(3.4.1절): $M(q)$는 대칭이고 양의 정부호이다. 언제 준정부호로 떨어지는지, 첫 관절의
#   변수와 무관한 이유를 본다. 관절 공간 전체에서 고윳값이 어느 범위에 있는지 세 팔에서 잰다.
# - 속도곱 항(3.4.2절): $C(q,\dot q)$는 $\dot q$에 선형이므로 $\lVert\dot q\rVert$에 비례하는 상한을
#   갖는다. 속도곱 힘은 일을 하지 않는다.
# - 수동성(3.4.3절): 토크가 넣는 일은 저장된 에너지의 변화와 같다. 그래서 팔이 돌려줄 수 있는
#   에너지에는 한계가 있다.
# - 관성 파라미터에 대한 선형성(3.4.4절): 토크는 링크마다 열 개인 관성 파라미터의 일차식
#   $\tau = Y(q,\dot q,\ddot q)\,\boldsymbol{\pi}$이다. 그 회귀 행렬을 만들고 비용을 센다.
#
# **앞뒤 장과의 관계.** 3.4.4절의 회귀 행렬은 3.1장의 뉴턴-오일러 방정식 {eq}`eq-31-ne`
# ({doc}`ch3_1_body`)에서 출발한다. 3.4.2절의 반대칭 성질은 3.3장에서 증명했다. 3.5장의 CRBA는
# 이 장의 질량 행렬을 빠르게 만들고, ABA는 그 역행렬을 쓰지 않고 가속도를 구한다. 3.7장의 파라미터
# 식별은 3.4.4절의 선형성 위에 서 있다.
#
# 이 장의 계산은 `chaindyn_book.ch34`에 있다. 관절 공간 전체를 뒤지는 탐색과 수동성 시뮬레이션은
# 1분 남짓 걸리므로 `figsrc/study_34_bounds.py`가 미리 돌려 `data/`에 남겼다. 이 페이지는 그 결과를
# 읽는다.

# %% tags=["remove-input"]
import sys
from pathlib import Path

import numpy as np
from myst_nb import glue

from chaindyn import models, regressor, rnea
from chaindyn.composite import crba
from chaindyn.regressors import inertial_parameters, parameter_names
from chaindyn_book import ch34, claims

sys.path.insert(0, str(Path("..").resolve() / "figsrc"))
from _numbers import fixed, fixed_sig, sci  # noqa: E402
from _tables import md_table  # noqa: E402

arm = models.arm6r()
bounds_rows = ch34.read_csv("ch34_bounds.csv")
sens_rows = ch34.read_csv("ch34_sensitivity.csv")


def bound(robot, quantity, col="optimised"):
    return float(next(r[col] for r in bounds_rows
                      if r["robot"] == robot and r["quantity"] == quantity))


# %% [markdown]
# (sec-34-mass)=
# ## 3.4.1 질량 행렬 $M(q)$
#
# ### 대칭이고 양의 정부호이다
#
# 3.3장의 식 {eq}`eq-33-kinetic`은 질량 행렬을 운동 에너지의 이차 형식으로 정의했다.
#
# $$
# \tfrac12\,\dot q^{\mathsf T} M(q)\,\dot q = \mathcal{K} = \sum_{i=1}^{n}\tfrac12\,V_i^{\mathsf T}\mathcal{G}_i V_i,
# \qquad V_i = J_i(q)\,\dot q
# $$ (eq-34-kinetic)
#
# $M = \sum_i J_i^{\mathsf T}\mathcal{G}_iJ_i$이므로 대칭은 바로 보인다. 양의 정부호는 한 걸음 더
# 필요하다. 각 $\mathcal{G}_i$가 양의 정부호이면 식 {eq}`eq-34-kinetic`의 합은 음이 될 수 없다. 합이
# 0이면 모든 항이 0이고, 그러면 모든 링크의 트위스트가 $V_i = 0$이다. 이제 기저에서부터 본다.
# $V_1 = A_1\dot q_1$이고 스크루 축 $A_1$은 0이 아니므로 $\dot q_1 = 0$이다. 그러면
# $V_2 = A_2\dot q_2$가 되어 $\dot q_2 = 0$이다. 이렇게 끝까지 가면 $\dot q = 0$이다. 곧
# $\dot q \ne 0$이면 $\dot q^{\mathsf T}M\dot q > 0$이다.
#
# 이 논증은 모든 링크의 $\mathcal{G}_i$가 양의 정부호라는 가정을 쓴다. 그 가정이 깨지면 $M$은 준정부호로
# 떨어질 수 있다. 예를 들어 마지막 링크가 자기 관절 축 위의 점 질량이면, 관절 $n$만 돌 때 움직이는
# 질량이 없다. 끝의 두 링크에 질량이 없어도 마찬가지이다. `Chain`은 물리적인 관성만 받으므로 이런
# 사슬을 만들 수 없다. 그러나 3.4.4절의 회귀 행렬은 아무 파라미터나 받는다. $M$의 $k$열은 중력과
# 속도를 끄고 $\ddot q = e_k$를 넣은 토크이므로 $Y(q, 0, e_k)\,\boldsymbol{\pi}$이다
# (`ch34.mass_matrix_from_parameters`). 아래 셀은 6R 팔에서 두 가지 퇴화한 파라미터로 $M$을 만들고
# 고윳값을 본다.

# %%
rng = np.random.default_rng(ch34.SEED)
q_deg = rng.uniform(-np.pi, np.pi, 6)
pi_arm = inertial_parameters(arm)
M_phys = ch34.mass_matrix_from_parameters(arm, q_deg, pi_arm)
col_err = float(np.abs(M_phys - crba(arm, q_deg)).max() / np.abs(M_phys).max())
ranks, lam_small = {}, {}
for case in ("point-mass", "massless"):
    M_case = ch34.mass_matrix_from_parameters(arm, q_deg, ch34.degenerate_parameters(arm, case))
    lam = np.linalg.eigvalsh(M_case)
    ranks[case] = int(np.sum(lam > 1e-9 * lam[-1]))
    lam_small[case] = float(np.abs(lam[: 6 - ranks[case]]).max() / lam[-1])
ranks["physical"] = int(np.sum(np.linalg.eigvalsh(M_phys) > 1e-9 * np.linalg.eigvalsh(M_phys)[-1]))
print("고윳값이 0이 아닌 개수 (랭크):", ranks)

# %% tags=["hide-input", "nbval-ignore-output"]
# 반올림 수준의 값: 기계마다 끝자리가 달라 비교하지 않는다 (다음 셀이 한계와 견준다).
print("회귀 행렬의 열로 만든 M 대 crba:", sci(col_err))
print("0이어야 할 고윳값 / 가장 큰 고윳값:", {k: sci(v) for k, v in lam_small.items()})
glue("pr_col_err", sci(col_err), display=False)
glue("pr_lam_zero", sci(max(lam_small.values())), display=False)

# %% tags=["remove-input"]
glue("pr_bound_col", sci(ch34.BOUNDS["columns"], 1), display=False)
glue("pr_rank_point", ranks["point-mass"], display=False)
glue("pr_rank_massless", ranks["massless"], display=False)
claims.within("pr-columns", "한계 {glue:text}`pr_bound_col` 안에서 `crba`와 같다", col_err,
              ch34.BOUNDS["columns"])
claims.within("pr-zero-eig", "가장 큰 고윳값으로 나눈 값이 같은 한계 안에 있다",
              max(lam_small.values()), ch34.BOUNDS["columns"])
claims.claim("pr-ranks", "랭크가 {glue:text}`pr_rank_point`와 {glue:text}`pr_rank_massless`로 떨어진다",
             ranks == {"point-mass": 5, "massless": 4, "physical": 6}, ranks=ranks)

# %% [markdown]
# % claim: pr-columns, pr-zero-eig, pr-ranks
#
# 실제 파라미터로 만든 $M$은 한계 {glue:text}`pr_bound_col` 안에서 `crba`와 같다(상대 차이
# {glue:text}`pr_col_err`). 점 질량과 질량 없는 두 링크의 경우에는 랭크가 {glue:text}`pr_rank_point`와
# {glue:text}`pr_rank_massless`로 떨어진다. 나머지 고윳값은 가장 큰 고윳값으로 나눈 값이 같은 한계 안에 있다(잰 값
# {glue:text}`pr_lam_zero`). 곧 0이다. 점 질량은 관절 $n$의 축 위에 있어서 관절 $n$의 속도로 움직이지
# 않는다. 그래서 $e_n$이 $M$의 영공간에 있다. 질량 없는 두 링크의 경우에는 $e_{n-1}$과 $e_n$이 영공간에
# 있다. 두 관절의 속도가 어느 쪽도 에너지를 만들지 않는다. 최소제곱으로 식별한 파라미터는 물리적이지
# 않을 수 있다(3.7장). 그런 파라미터로 만든 $M$은 양의 정부호라는 보장이 없다. 그래서 식별은 파라미터가
# 물리적인지도 함께 따진다(3.1.2절).
#
# ### 첫 관절의 변수와 무관하다
#
# $J_i$의 $j$열($j \le i$)은 $\mathrm{Ad}_{T_{i,j}}A_j$이고, $j > i$이면 0이다. $T_{i,j}$는 $\{i\}$에서 본
# $\{j\}$의 자세이다. 그 사이의 관절 $j+1, \dots, i$만 거치므로 $q_{j+1}, \dots, q_i$만 들어간다.
# $j \ge 1$이므로 $q_1$은 어느 $J_i$에도 없다. $\mathcal{G}_i$는 $\{i\}$에서 상수이다. 그러므로
# $M = \sum_i J_i^{\mathsf T}\mathcal{G}_iJ_i$는 $q_1$과 무관하다. 물리적으로도 당연하다. $q_1$만 바꾸면 팔
# 전체가 하나의 강체처럼 기저에 대해 돌거나 옮겨질 뿐이다. 팔 전체를 그렇게 옮겨 놓아도 같은 관절
# 속도의 운동 에너지는 같다. 첫 관절이 직동이어도 같은 논증이 된다.
#
# 중력 토크 $g(q)$는 사정이 다르다. 중력은 기저의 가속도로 들어오므로 $\{1\}$에서 본 중력의 방향이 $q_1$에
# 따라 바뀌면 $g$도 바뀐다. 첫 관절이 회전 관절이면 그 축이 중력과 나란할 때 방향이 그대로이다. 그렇지
# 않으면 $g$는 대개 $q_1$에 의존한다. 첫 관절이 직동 관절이면 방향이 늘 그대로이므로 $g$도 $q_1$과 무관하다.
#
# 아래 셀은 6R 팔의 무작위 자세에서 $q_1$만 바꾸어 $M$의 변화를 잰다.

# %%
q_a = rng.uniform(-np.pi, np.pi, (50, 6))
q_b = q_a.copy()
q_b[:, 0] += rng.uniform(-np.pi, np.pi, 50)
M_a = crba(arm, q_a)
q1_change = float(np.abs(crba(arm, q_b) - M_a).max() / np.abs(M_a).max())
glue("pr_bound_q1", sci(ch34.BOUNDS["q1"], 1), display=False)
claims.within("pr-q1", "한계 {glue:text}`pr_bound_q1` 안에 있다", q1_change, ch34.BOUNDS["q1"])
print("q_1만 바꾼 자세 50쌍: 변화가 한계 안에 있다 =", q1_change <= ch34.BOUNDS["q1"])

# %% tags=["hide-input", "nbval-ignore-output"]
glue("pr_q1", sci(q1_change), display=False)
print("max |M(q') - M(q)| / max |M| =", sci(q1_change))

# %% [markdown]
# % claim: pr-q1
#
# 상대 변화는 {glue:text}`pr_q1`으로, 반올림 수준의 한계 {glue:text}`pr_bound_q1` 안에 있다.
#
# ### 관절 공간 전체의 고윳값 한계
#
# 관절이 모두 회전 관절이면 각 변수는 원 위를 돈다. 그래서 관절 공간은 원 $n$개의 곱이고, 유계이며 닫혀 있다.
# 그 위에서 $M(q)$의 가장 작은 고윳값과 가장 큰 고윳값은 $q$의 연속 함수이므로 최솟값과 최댓값을 갖는다.
# 가장 작은 고윳값은 자세마다 양수이므로 그 최솟값도 양수이다. 직동 관절이 있으면 행정이 유한해야 같은
# 결론이 나온다.
#
# $$
# \lambda_{\min}\,\mathbf 1 \preceq M(q) \preceq \lambda_{\max}\,\mathbf 1,
# \qquad \lVert g(q)\rVert \le k_g
# $$ (eq-34-bounds)
#
# $A \preceq B$는 $B - A$가 양의 준정부호라는 뜻이다. 두 상수는 제어기의 안정성 증명과 이득 설계에
# 들어간다. 예를 들어 어느 자세에서도 $M$의 조건수는 $\lambda_{\max}/\lambda_{\min}$을 넘지 않는다.
# 상수를 얻는 방법은 두 단계이다. 먼저 관절 공간에서 고르게 뽑은 자세에서 고윳값을 잰다. 다음에 가장
# 좋은 표본 몇 개에서 `scipy.optimize.minimize`(L-BFGS-B)로 더 나아간다. 표본만으로는 극값을 놓친다.
# 최적화만으로는 국소 극값에 갇힐 수 있다. 관절 한계는 무시하고 모든 관절을 한 바퀴 전체에서 뒤진다.
#
# 찾는 변수는 $M$이 실제로 의존하는 관절뿐이다. $q_1$은 위에서 보았듯 빠진다. 마지막 관절도 빠질 때가
# 있다. 마지막 링크의 질량 분포가 자기 관절 축에 대해 회전 대칭이라고 하자. 그러면 관절 $n$을 돌려도
# $\{n-1\}$에서 본 링크 $n$의 관성은 달라지지 않는다. 이때 $M$은 $q_n$과 무관하다. 탐색 스크립트는 관절 하나만 움직여
# $M$과 $g$가 변하는지 먼저 재고(`data/ch34_sensitivity.csv`), 변하는 관절만 뒤진다.

# %% tags=["remove-input"]
last_change = {}
for name in ("6R 팔", "UR5", "Panda"):
    rows_r = [r for r in sens_rows if r["robot"] == name]
    last_change[name] = float(rows_r[-1]["M"])
first_free = {name: next(r for r in sens_rows if r["robot"] == name and r["joint"] == "1")
              for name in last_change}
glue("pr_last_max", f"{max(last_change['UR5'], last_change['Panda']):.2g}", display=False)
claims.claim("pr-last-6r", "6R 팔에서는 마지막 관절이 $M$을 바꾸지 않는다",
             last_change["6R 팔"] == 0.0, last_joint_change=last_change)
claims.claim("pr-last-small", "UR5와 Panda에서는 바뀌지만 그 상대 변화가 {glue:text}`pr_last_max` 이하로 작다",
             0 < last_change["UR5"] < 0.01 and 0 < last_change["Panda"] < 0.01,
             last_joint_change=last_change)
claims.claim("pr-first-joint", "$q_1$은 세 팔 모두 $M$에도 $g$에도 들어가지 않는다",
             all(r["M"] == "0" and r["g"] == "0" for r in first_free.values()),
             first=first_free)
glue("pr_samples", int(bounds_rows[0]["samples"]), display=False)
glue("pr_starts", int(bounds_rows[0]["starts"]), display=False)

# %% [markdown]
# % claim: pr-last-6r, pr-last-small, pr-first-joint
#
# 재어 보면 6R 팔에서는 마지막 관절이 $M$을 바꾸지 않는다. UR5와 Panda에서는 바뀌지만 그 상대 변화가
# {glue:text}`pr_last_max` 이하로 작다. 그래서 두 팔은 마지막 관절까지 뒤진다. 잰 값에서도 $q_1$은 세 팔
# 모두 $M$에도 $g$에도 들어가지 않는다. $M$ 쪽은 위의 논증대로이다. $g$ 쪽은 세 팔 모두 첫 축이 연직이기
# 때문이다. 탐색은 팔과 양마다 표본 {glue:text}`pr_samples`개를 뽑고, 그 가운데 가장 좋은
# {glue:text}`pr_starts`개에서 최적화를 출발한다. 표의 "탐색한 관절" 열이 실제로 뒤진 변수이다. $k_c$는
# $M$이 의존하는 관절을 뒤진다. $C$는 $M$과 그 편미분으로 만들기 때문이다.

# %% mystnb={"markdown_format": "myst"} tags=["hide-input"]
robots_shown = ("6R 팔", "UR5", "Panda")
quantities = (("lambda_min", "λ_min [kg·m²]"), ("lambda_max", "λ_max [kg·m²]"),
              ("k_g", "k_g [N·m]"), ("k_c", "k_c [kg·m²]"))
table_rows = []
for name in robots_shown:
    for key, label in quantities:
        r = next(r for r in bounds_rows if r["robot"] == name and r["quantity"] == key)
        table_rows.append([name, label, r["joints_searched"], r["sampled"], r["optimised"]])
md_table(["팔", "양", "탐색한 관절", "표본의 극값", "최적화한 극값"], table_rows,
         "표본과 국소 최적화로 찾은 질량 행렬의 고윳값 한계와 중력 토크, 코리올리 행렬의 상한",
         "tab-34-bounds", align="llcrr")

# %% tags=["remove-input"]
for name, short in (("6R 팔", "6r"), ("UR5", "ur5"), ("Panda", "panda")):
    for key in ("lambda_min", "lambda_max", "k_g", "k_c"):
        glue(f"pr_{short}_{key}", next(r["optimised"] for r in bounds_rows
                                       if r["robot"] == name and r["quantity"] == key),
             display=False)
    glue(f"pr_{short}_ratio", f"{fixed_sig(bound(name, 'lambda_max') / bound(name, 'lambda_min'), 3):,g}",
         display=False)
better = {(r["robot"], r["quantity"]): (float(r["sampled"]), float(r["optimised"]))
          for r in bounds_rows}
beyond = {k: (v[1] < v[0] if k[1] == "lambda_min" else v[1] > v[0]) for k, v in better.items()}
gain = {k: abs(v[1] - v[0]) / abs(v[0]) for k, v in better.items()}
claims.claim("pr-opt-kc", "가장 많이 달라진 것은 세 팔 모두 $k_c$이다",
             all(max((k for k in gain if k[0] == r), key=gain.get)[1] == "k_c"
                 for r in robots_shown), gain=gain)
glue("pr_kc_gain_min", int(fixed(100 * min(gain[(r, "k_c")] for r in robots_shown), 0)),
     display=False)
claims.claim("pr-ratio-large", "세 팔 가운데 가장 크다",
             bound("6R 팔", "lambda_max") / bound("6R 팔", "lambda_min")
             > max(bound(r, "lambda_max") / bound(r, "lambda_min") for r in ("UR5", "Panda")),
             ratios={r: bound(r, "lambda_max") / bound(r, "lambda_min") for r in robots_shown})
claims.claim("pr-opt-beyond", "{glue:text}`pr_n_rows`행 가운데 {glue:text}`pr_n_beyond`행이다",
             0 < sum(beyond.values()) < len(beyond), beyond=beyond)
glue("pr_n_beyond", sum(beyond.values()), display=False)
i_zz_last = float(pi_arm[-1])
glue("pr_izz6", f"{fixed_sig(i_zz_last, 2):g}", display=False)
claims.claim("pr-lmin-wrist", "6R 팔의 $\\lambda_{\\min}$은 이 값보다 조금 작다",
             0.5 * i_zz_last < bound("6R 팔", "lambda_min") < i_zz_last,
             lambda_min=bound("6R 팔", "lambda_min"), izz=i_zz_last)
glue("pr_n_rows", len(beyond), display=False)

# %% [markdown]
# % claim: pr-opt-beyond, pr-opt-kc
#
# 최적화는 가장 좋은 표본에서도 출발하므로 표본의 극값보다 나빠질 수 없다. {numref}`tab-34-bounds`에서
# 네 자리까지 적은 값이 달라진 것은 {glue:text}`pr_n_rows`행 가운데 {glue:text}`pr_n_beyond`행이다.
# 가장 많이 달라진 것은 세 팔 모두 $k_c$이다. 그 상대 변화는 가장 작은 팔에서도 {glue:text}`pr_kc_gain_min` %이다.
# $k_c$는 $q$와 $u$를 함께 뒤지므로 고윳값을 찾을 때보다 변수가 두 배 넘게 많다. 같은 수의 표본은 그만큼
# 성기게 흩어진다. 표본 수를 늘려도 극값에 닿는다는 보장은 없다. 좋은 표본은 최적화의 출발점으로 쓸 때 가장 쓸모가 있다.
#
# 표의 값은 찾은 극값일 뿐이다. 탐색이 놓친 자세가 있으면 참 $\lambda_{\min}$은 이보다 작고, 참
# $\lambda_{\max}$, $k_g$, $k_c$는 이보다 크다. 안정성 증명에 쓸 때는 여유를 두어야 한다.
#
# % claim: pr-ratio-large
#
# 6R 팔의 $\lambda_{\min}$은 {glue:text}`pr_6r_lambda_min` kg·m²이고 $\lambda_{\max}$는
# {glue:text}`pr_6r_lambda_max` kg·m²이다. 6R 팔의 비 $\lambda_{\max}/\lambda_{\min}$은 세 팔 가운데 가장 크다.
# 그 값은 6R 팔이 {glue:text}`pr_6r_ratio`, UR5가 {glue:text}`pr_ur5_ratio`, Panda가 {glue:text}`pr_panda_ratio`이다.
#
# % claim: pr-lmin-wrist
#
# 가장 작은 고윳값은 손목 링크의 작은 회전 관성에서 온다. 레일리 몫에 $e_n$을 넣으면
# $\lambda_{\min} \le e_n^{\mathsf T}M e_n = M_{nn}$이다. 관절 $n$만 돌면 링크 $n$만 움직이므로
# $M_{nn} = A_n^{\mathsf T}\mathcal{G}_nA_n$이다. 회전 관절이면 이것은 마지막 링크의 자기 관절 축에 대한 회전
# 관성이고 자세와 무관하다. 6R 팔에서 그 값은 {glue:text}`pr_izz6` kg·m²이다.
# 6R 팔의 $\lambda_{\min}$은 이 값보다 조금 작다. UR5의 고윳값은 {glue:text}`pr_ur5_lambda_min`
# kg·m²에서 {glue:text}`pr_ur5_lambda_max` kg·m² 사이에 있다. 중력 토크의 상한 $k_g$는 6R 팔이
# {glue:text}`pr_6r_k_g` N·m, UR5가 {glue:text}`pr_ur5_k_g` N·m이다.
#
# ```{figure} figures/ch34_eigen.png
# :name: fig-34-eigen
#
# 6R 팔, UR5, Panda에서 고르게 뽑은 자세마다 잰 질량 행렬의 가장 작은 고윳값(위)과 가장 큰
# 고윳값(아래)의 분포. 가로축은 kg·m²의 로그 눈금, 세로축은 표본 수이다. 빨간 세로선은 최적화로 찾은
# 극값이다.
# ```
#
# {numref}`fig-34-eigen`은 표본의 분포와 최적화한 극값을 함께 보여 준다. 표본만 보고 한계를 정하면
# 그 한계는 실제보다 좁을 수 있다.
#
# (sec-34-coriolis)=
# ## 3.4.2 속도곱 항 $C(q,\dot q)\dot q$
#
# ### $\dot q$에 선형이므로 상한이 있다
#
# 크리스토펠 기호로 만든 코리올리 행렬 $C_{ij} = \sum_k c_{ijk}(q)\dot q_k$(식 {eq}`eq-33-christoffel`)는
# $\dot q$의 일차식이다.
# 그러므로 $\dot q \ne 0$이면 $C(q,\dot q) = \lVert\dot q\rVert\,C(q, u)$로 쓸 수 있다. 여기서
# $u = \dot q/\lVert\dot q\rVert$는 단위 벡터이다. 양변의 2-노름을 잡으면
#
# $$
# \lVert C(q,\dot q)\rVert_2 \le k_c\,\lVert\dot q\rVert,
# \qquad k_c = \max_{q}\ \max_{\lVert u\rVert = 1}\ \lVert C(q,u)\rVert_2
# $$ (eq-34-kc)
#
# 이다. $\lVert C(q,u)\rVert_2$는 $(q, u)$의 연속 함수이다. $q$는 원 위를 돌고 $u$는 단위 구 위에 있으므로
# 최댓값이 있다. 속도곱 토크는 그래서 $\lVert C\dot q\rVert \le k_c\lVert\dot q\rVert^2$이다. $k_c$는 $C$를
# 어떻게 고르는지에 따라 다르다. 그러나 $C\dot q$는 어느 분해에서나 같으므로 이 토크의 한계는 크리스토펠
# $C$의 $k_c$로 모든 분해에 쓸 수 있다. 탐색 스크립트는 $q$와 $u$를 함께 뒤진다. $u$는 상자 $[-1, 1]^n$에서
# 뽑아 정규화한다.

# %% [markdown]
# % no-claim: 표의 값을 읽고 k_c의 정의를 풀어 쓰는 문단
#
# {numref}`tab-34-bounds`의 $k_c$는 6R 팔이 {glue:text}`pr_6r_k_c` kg·m², UR5가 {glue:text}`pr_ur5_k_c`
# kg·m², Panda가 {glue:text}`pr_panda_k_c` kg·m²이다. 정의에 따라 $\lVert\dot q\rVert = 1$ rad/s이면 속도곱 토크의 크기는
# 어느 자세에서도 참 $k_c$ N·m을 넘지 않는다. 표의 값은 탐색이 실제로 닿은 값이므로 참 $k_c$는 이보다 작을
# 수 없다.
#
# ### 속도곱 힘은 일을 하지 않는다
#
# 운동 에너지 $\mathcal{K} = \frac12\dot q^{\mathsf T}M\dot q$를 시간으로 미분하고 운동방정식을 넣는다.
#
# $$
# \frac{d\mathcal{K}}{dt} = \dot q^{\mathsf T}M\ddot q + \tfrac12\dot q^{\mathsf T}\dot M\dot q
#   = \dot q^{\mathsf T}(\tau - g) + \tfrac12\,\dot q^{\mathsf T}\bigl(\dot M - 2C\bigr)\dot q
# $$ (eq-34-dkdt)
#
# 둘째 등호에는 운동방정식에서 얻은 $M\ddot q = \tau - C\dot q - g$를 넣었다. 한편 일-에너지 정리에 따르면
# $\mathcal{K}$의 변화율은 모든 힘이 하는 일률의 합이다. 관절 토크의 일률은 $\dot q^{\mathsf T}\tau$이고
# 중력의 일률은 $-\dot q^{\mathsf T}g$이다. 관절에서 링크끼리 주고받는 구속력은 관절이 허락하는 운동 방향에
# 수직이므로 일을 하지 않는다. 그래서 $d\mathcal{K}/dt = \dot q^{\mathsf T}(\tau - g)$이고, 마지막 항은 0이다.
#
# $$
# \dot q^{\mathsf T}\bigl(\dot M(q,\dot q) - 2C(q,\dot q)\bigr)\dot q = 0
# $$ (eq-34-no-work)
#
# 이 식에는 곱 $C\dot q$만 들어간다. 그래서 $C\dot q$가 같은 분해라면 어느 것이든 성립한다. 더 강한
# 성질, 곧 $\dot M - 2C$가 반대칭 행렬이라는 것은 다르다. 크리스토펠 기호로 고른 $C$에서는 맞지만, $C\dot q$가
# 같은 다른 분해에서는 대개 깨진다. 그 증명과 반례는 {doc}`3.3.2절 <ch3_3_lagrange>`에 있다. 아래 셀은 6R 팔의
# 무작위 상태에서 두 성질을 잰다. 반대칭 성질은 3.3장처럼 $S = \dot M - 2C$의 반대칭 결함
# $\max|S + S^{\mathsf T}|$로 잰다.

# %%
sk = ch34.skew_check(arm, states=20)
glue("pr_bound_skew", sci(ch34.BOUNDS["skew"], 1), display=False)
glue("pr_skew_ne", fixed_sig(sk["skew_ne"], 2), display=False)
claims.within("pr-no-work", "한계 {glue:text}`pr_bound_skew` 안에 있다", sk["power"],
              ch34.BOUNDS["skew"])
claims.within("pr-skew-chr", "크리스토펠 $C$의 반대칭 결함도 한계 안에 있고", sk["skew_christoffel"],
              ch34.BOUNDS["skew"])
claims.claim("pr-skew-ne", "뉴턴-오일러 분해의 결함은 {glue:text}`pr_skew_ne`으로 1보다 크다",
             sk["skew_ne"] > 1.0, skew_ne=sk["skew_ne"])
print("뉴턴-오일러 분해의 반대칭 결함:", fixed_sig(sk["skew_ne"], 2))

# %% tags=["hide-input", "nbval-ignore-output"]
glue("pr_no_work", sci(sk["power"]), display=False)
glue("pr_skew_chr", sci(sk["skew_christoffel"]), display=False)
print("qd^T (Mdot - 2C) qd (두 분해):", sci(sk["power"]), "| 크리스토펠 결함:", sci(sk["skew_christoffel"]))

# %% [markdown]
# % claim: pr-no-work, pr-skew-chr, pr-skew-ne
#
# 상태 20개에서 $|\dot q^{\mathsf T}(\dot M - 2C)\dot q|$를 $\lVert\dot q\rVert^2$과 스무 상태 전체의
# $\max|\dot M|$로 나눈 값은 두 분해 모두 한계 {glue:text}`pr_bound_skew` 안에 있다(가장 큰 것이
# {glue:text}`pr_no_work`). 결함도 $\max|\dot M|$로 나누어 잰다. 크리스토펠 $C$의 반대칭 결함도 한계 안에
# 있고({glue:text}`pr_skew_chr`), 뉴턴-오일러 분해의 결함은 {glue:text}`pr_skew_ne`으로 1보다 크다.
# $S + S^{\mathsf T}$의 가장 큰 성분이 $\dot M$의 가장 큰 성분보다 크다는 뜻이다.
#
# (sec-34-passivity)=
# ## 3.4.3 수동성: 토크에서 관절 속도로
#
# 역학적 에너지 $\mathcal{E} = \mathcal{K} + \mathcal{U}$를 미분한다. 식 {eq}`eq-34-dkdt`와 {eq}`eq-34-no-work`에서
# $d\mathcal{K}/dt = \dot q^{\mathsf T}(\tau - g)$이다. $g = \partial\mathcal{U}/\partial q$이므로
# $d\mathcal{U}/dt = g^{\mathsf T}\dot q$이다. 둘을 더하면 에너지 균형이 나온다. 이 균형은 마찰이 없고 말단에
# 바깥 힘이 없다고 가정한다.
#
# $$
# \frac{d\mathcal{E}}{dt} = \dot q^{\mathsf T}\tau,
# \qquad W(t) = \int_0^t \dot q^{\mathsf T}\tau\,dt = \mathcal{E}(t) - \mathcal{E}(0) \ge -\mathcal{E}(0)
# $$ (eq-34-passive)
#
# 부등식에는 $\mathcal{E} \ge 0$이 필요하다. $\mathcal{K} \ge 0$은 3.4.1절에서 보았다. $\mathcal{U}$는 아래로
# 유계이어야 한다. 회전 관절만 있는 팔에서는 $\mathcal{U}$가 원 $n$개의 곱 위의 연속 함수이므로 최솟값
# $\mathcal{U}_{\min}$이 있다. 직동 관절은 행정이 유한하므로 역시 그렇다. $\mathcal{U}$를 그 최솟값에서
# 재면 $\mathcal{E} \ge 0$이다.
#
# 식 {eq}`eq-34-passive`는 입력 $\tau$에서 출력 $\dot q$로 가는 사상이 **수동적**이라는 말이다. 토크로 팔에서
# 빼낼 수 있는 일 $-W(t)$는 언제나 처음 저장된 에너지 $\mathcal{E}(0)$를 넘지 못한다. 팔은 에너지를 만들어
# 내지 않는다.
#
# 탐색 스크립트는 6R 팔에 주기가 서로 다른 사인 토크를 건다. 팔은 정지 상태에서 출발한다
# (`ch34.passivity_run`). 토크가 한 일 $W$는 상태와 함께 적분한다. 시뮬레이션은 `aba`를 쓴다. 운동 에너지는
# `kinetic_energy`로, 위치 에너지는 에너지 회귀 행(3.4.4절)으로 따로 계산한다.

# %% tags=["remove-input"]
pas = {r["quantity"]: r["value"] for r in ch34.read_csv("ch34_passivity_summary.csv")}
glue("pr_pas_T", pas["duration"], display=False)
glue("pr_pas_E0", pas["E0_above_min"], display=False)
glue("pr_pas_W", pas["W_final"], display=False)
glue("pr_pas_Umin", pas["U_min"], display=False)
glue("pr_pas_bound", sci(float(pas["balance_bound"]), 1), display=False)
glue("pr_pas_Wmin", pas["W_min"], display=False)
claims.claim("pr-pas-balance", "한계 {glue:text}`pr_pas_bound` 안에서 같았다",
             pas["balance_holds"] == "True", summary=pas)
claims.claim("pr-pas-lower", "$W$는 한 번도 $-\\mathcal{E}(0)$ 아래로 내려가지 않았다",
             pas["passive_holds"] == "True" and float(pas["W_final"]) > 0, summary=pas)
claims.claim("pr-pas-wmin", "가장 작은 값은 출발 때의 {glue:text}`pr_pas_Wmin` J이다",
             float(pas["W_min"]) == 0.0, summary=pas)
E0_pas, W_damped = float(pas["E0_above_min"]), float(pas["damped_W_final"])
glue("pr_pas_D", pas["damping"].replace(" ", ", "), display=False)
glue("pr_pas_Td", pas["damped_duration"], display=False)
glue("pr_pas_Wd", pas["damped_W_final"], display=False)
glue("pr_pas_Ed", pas["damped_E_final_above_min"], display=False)
glue("pr_pas_share", f"{fixed(100 * -W_damped / E0_pas, 3):.3f}", display=False)
claims.claim("pr-pas-damped-balance", "에너지 균형은 이 경우에도 같은 한계 안에서 맞았다",
             pas["damped_balance_holds"] == "True", summary=pas)
claims.claim("pr-pas-damped-lower", "$W$는 하한 $-\\mathcal{E}(0)$에 다가가지만 넘지 않는다",
             pas["damped_passive_holds"] == "True" and -W_damped > 0.5 * E0_pas, summary=pas)

# %% [markdown]
# ```{figure} figures/ch34_passivity.png
# :name: fig-34-passivity
#
# 6R 팔의 두 시뮬레이션. 왼쪽은 임의의 사인 토크, 오른쪽은 정지 상태에서 놓은 팔에 건 감쇠 토크이다.
# 토크가 한 일 W(t)(빨간 파선)와 역학적 에너지의 변화 E(t) − E(0)(굵은 파란 선)가 겹친다. 왼쪽에는 운동
# 에너지 K와 위치 에너지 U(최솟값에서 잰 값)를, 오른쪽에는 남은 에너지 E(t) − U_min을 함께 그렸다.
# 점선은 W의 하한 −E(0)이다.
# ```
#
# % claim: pr-pas-balance, pr-pas-lower, pr-pas-wmin
#
# {glue:text}`pr_pas_T`초 동안 $W(t)$와 $\mathcal{E}(t) - \mathcal{E}(0)$은 한계 {glue:text}`pr_pas_bound` 안에서
# 같았다. 두 곡선의 차이의 최댓값을 $\mathcal{E}(t) - \mathcal{E}(0)$의 최댓값으로 나누어 쟀다. 위치 에너지의
# 최솟값은 {glue:text}`pr_pas_Umin` J이다. 여기서 $\mathcal{U}$는 모든 질량 중심이 기저 원점의 높이에 있을 때
# 0이다. 그 최솟값에서 재면 처음 에너지는 $\mathcal{E}(0) =$ {glue:text}`pr_pas_E0` J이다. 시뮬레이션 동안
# $W$는 한 번도 $-\mathcal{E}(0)$ 아래로 내려가지 않았다. 출력한 시각들에서 $W$의 가장 작은 값은 출발 때의
# {glue:text}`pr_pas_Wmin` J이다. 끝에서 $W$는 {glue:text}`pr_pas_W` J이다. $W$가 줄어드는 구간도 있지만 음이 된
# 적은 없다. 곧 이 토크는 처음 에너지를 조금도 빼내지 못했다. 그래서 이 시뮬레이션은 하한
# $-\mathcal{E}(0)$에 다가가지 않는다. 하한을 받치는 것은
# 잰 에너지 균형 $W = \mathcal{E}(t) - \mathcal{E}(0)$과 $\mathcal{E}(t) \ge 0$이다.
#
# % claim: pr-pas-damped-balance, pr-pas-damped-lower
#
# 하한에 다가가는 경우는 에너지를 빼내는 토크이다. 두 번째 시뮬레이션은 같은 자세에서 팔을 놓고 감쇠
# 토크 $\tau = -D\dot q$를 건다. $D$의 대각 성분은 관절 순서로 {glue:text}`pr_pas_D` N·m·s이다. 토크의
# 일률은 $\dot q^{\mathsf T}\tau = -\dot q^{\mathsf T}D\dot q \le 0$이므로 $W$는 줄기만 한다. 팔은 중력으로 떨어지며
# 흔들리고, 감쇠가 그 에너지를 가져간다({numref}`fig-34-passivity`의 오른쪽). {glue:text}`pr_pas_Td`초 뒤에
# $W$는 {glue:text}`pr_pas_Wd` J이다. 처음 에너지의 {glue:text}`pr_pas_share` %를 빼낸 것이다. 남은 에너지
# $\mathcal{E} - \mathcal{U}_{\min}$은 {glue:text}`pr_pas_Ed` J이다. 에너지 균형은 이 경우에도 같은 한계 안에서
# 맞았다. $W$는 하한 $-\mathcal{E}(0)$에 다가가지만 넘지 않는다. 팔이 가장 낮은 자세에 멈추어야 $W$가 하한에
# 닿는다.
#
# **이 성질을 어디에 쓰는가.** 수동적인 시스템을 수동적인 제어기와 되먹임으로 이으면 닫힌 고리도
# 수동적이다. 이것이 수동성 기반 제어의 출발점이다. Slotine과 Li의 적응 제어 {cite:p}`slotine1987adaptive`는
# 리아푸노프 함수에 $\frac12 s^{\mathsf T}M s$를 넣는다. 여기서 $s$는 추종 오차를 섞은 벡터이다. 그 미분에서
# $s^{\mathsf T}(\dot M - 2C)s = 0$을 쓰고, 남은 항을 3.4.4절의 회귀 행렬로 적는다. 그래서 그 증명은 크리스토펠
# $C$와 선형성 두 가지에 기댄다. 3.3장에서 말했듯 이 문헌은 원문을 읽지 않고 알려진 결과로 인용한다.
#
# (sec-34-linear)=
# ## 3.4.4 관성 파라미터에 대한 선형성
#
# ### 한 강체: 열 개의 파라미터
#
# 3.1장의 공간 관성은 질량 $m$, 질량 중심 $c$, 원점에 대한 회전 관성 $I_o = I_c - m[c]^2$으로
# 만든다(3.1.3절). 그 블록을 $m$, $mc$, $I_o$로 다시 적으면
#
# $$
# \mathcal{G} = \begin{bmatrix} I_o & [mc] \\ -[mc] & m\mathbf 1\end{bmatrix},
# \qquad
# \boldsymbol{\pi} = \bigl(m,\ mc_x,\ mc_y,\ mc_z,\ I_{xx},\ I_{xy},\ I_{xz},\ I_{yy},\ I_{yz},\ I_{zz}\bigr)
# $$ (eq-34-params)
#
# 이다. $I_{xx}, \dots, I_{zz}$는 $I_o$의 성분이다($I_{xy}$는 $I_o$의 (1, 2) 성분 그대로이다). $\mathcal{G}$의 모든
# 성분이 0이거나, $\boldsymbol{\pi}$의 성분 하나이거나, 그 부호를 바꾼 것이다. 곧 $\mathcal{G}$는 $\boldsymbol{\pi}$의 일차식이다. 질량 중심 $c$를 그대로 쓰면 그렇지 않다.
# 블록에 $m c$와 $m[c]^2$처럼 곱이 들어가기 때문이다. 1차 모멘트 $mc$와 원점에 대한 $I_o$를 파라미터로
# 고르면 그 곱이 파라미터 안으로 들어간다. 코드는 `chaindyn.body.parameters`와 그 역
# `body.inertia_from_parameters`이다. 순서는 `body.PARAMETER_NAMES`에 있다.
#
# 선형성은 운동량에서 바로 보인다. $V = (\omega, v)$이면 $\mathcal{G}V = (I_o\omega + mc\times v,\ mv + \omega\times mc)$이다.
# 각 성분이 $\boldsymbol{\pi}$의 성분과 $V$의 성분을 곱한 합이므로, $V$만으로 만든 $6\times10$ 행렬 $K(V)$가 있다.
#
# $$
# \mathcal{G}V = K(V)\,\boldsymbol{\pi},
# \qquad
# K(V) = \begin{bmatrix} 0 & -[v] & L(\omega) \\ v & [\omega] & 0 \end{bmatrix},
# \qquad I_o\,\omega = L(\omega)\,(I_{xx}, I_{xy}, I_{xz}, I_{yy}, I_{yz}, I_{zz})
# $$ (eq-34-momentum)
#
# $mc\times v = -v\times mc = -[v]\,mc$이고 $\omega\times mc = [\omega]\,mc$이다. $L(\omega)$는 $3\times6$
# 행렬이다(`body.momentum_regressor`). 식 {eq}`eq-31-ne`의 두 항에 이것을 넣는다. $\mathcal{G}\dot V = K(\dot V)\boldsymbol{\pi}$이고
# $\mathrm{ad}_V^{\mathsf T}\mathcal{G}V = \mathrm{ad}_V^{\mathsf T}K(V)\boldsymbol{\pi}$이다.
#
# $$
# F = \mathcal{G}\dot V - \mathrm{ad}_V^{\mathsf T}\mathcal{G}V = Y_b(V,\dot V)\,\boldsymbol{\pi},
# \qquad Y_b(V,\dot V) = K(\dot V) - \mathrm{ad}_V^{\mathsf T}K(V)
# $$ (eq-34-body-regressor)
#
# 중력은 3.2장처럼 기저의 가속도로 $\dot V$에 들어간다(`body.newton_euler_regressor`).
#
# ### 사슬: 역방향 재귀가 블록을 나른다
#
# RNEA의 역방향 재귀는
# $F_i = \mathrm{Ad}_{T_{i+1,i}}^{\mathsf T}F_{i+1} + \mathcal{G}_i\dot V_i - \mathrm{ad}_{V_i}^{\mathsf T}\mathcal{G}_iV_i$이다.
# 링크 $i+1$의 관절 렌치 $F_{i+1}$을 $\mathrm{Ad}_{T_{i+1,i}}^{\mathsf T}$로 $\{i\}$에 옮겨 링크 $i$에 넘긴다. 관절 $j$의 토크는 관절 렌치 $F_j$를
# 축에 사영한 $A_j^{\mathsf T}F_j$이다. 말단 렌치가 없으면 펼쳐 쓴 $F_j$는 링크 $i \ge j$의 렌치
# $Y_b(V_i,\dot V_i)\boldsymbol{\pi}_i$를 $\mathrm{Ad}_{T_{i,j}}^{\mathsf T}$로 $\{j\}$에 옮겨 더한 것이다.
# $T_{i,j} = T_{i,i-1}\cdots T_{j+1,j}$이므로 이 행렬은 한 단계씩 옮기는 행렬의 곱이다. 옮기는 행렬은 자세에만
# 의존하고 파라미터와 상관없다. 그러므로
#
# $$
# \tau = Y(q,\dot q,\ddot q)\,\boldsymbol{\pi},
# \qquad
# Y_{[j,i]} = \begin{cases} A_j^{\mathsf T}\,\mathrm{Ad}_{T_{i,j}}^{\mathsf T}\,Y_b(V_i,\dot V_i) & i \ge j \\ 0 & i < j\end{cases}
# $$ (eq-34-regressor)
#
# 이다. $Y_{[j,i]}$는 관절 $j$의 행과 링크 $i$의 파라미터 열 개가 만나는 $1\times10$ 블록이다.
# $\boldsymbol{\pi} = (\boldsymbol{\pi}_1, \dots, \boldsymbol{\pi}_n)$은 $10n$개의 수이다. 뉴턴-오일러 방정식에서 관성
# 파라미터에 선형인 식을 얻는 생각은 Atkeson, An, Hollerbach가 손목 힘 센서로 부하를 식별할 때 썼다
# {cite:p}`atkeson1985load`. 그 생각을 사슬의 모든 링크로 넓힌 것이 식 {eq}`eq-34-regressor`이다.
#
# `chaindyn.regressor`는 RNEA의 순방향 재귀로 $V_i$와 $\dot V_i$를 얻는다. 그다음 링크마다 $Y_b$를 만들어
# 관절 $i$에서 1까지 한 단계씩 안으로 나른다. 관절마다 축에 사영해 $Y_{[j,i]}$를 얻고, 한 단계 안으로 옮길
# 때마다 $6\times6$ 행렬과 $6\times10$ 행렬을 한 번 곱한다. 사영은 짝 $i \ge j$마다 한 번, 곧 $n(n+1)/2$번이다.
# 옮기기는 짝 $i > j$마다 한 번, 곧 $n(n-1)/2$번이다. 그래서 비용은 $n^2$에 비례한다. RNEA도 렌치를 안으로
# 나르지만 링크마다 $6$차원 렌치 하나만 나른다. 바깥 링크들의 렌치를 더해서 나르므로 비용이 $n$에 비례한다.
# 회귀 행렬은 링크마다 $6\times10$ 블록을 나른다. 링크가 다르면 블록이 $Y$의 다른 열에 놓이므로 더해 합칠 수
# 없다.

# %%
q_s, qd_s, qdd_s = (rng.uniform(-np.pi, np.pi, 6), rng.uniform(-2, 2, 6),
                    rng.uniform(-5, 5, 6))
Y = regressor(arm, q_s, qd_s, qdd_s, gravity=ch34.GRAVITY)
tau_Y = Y @ pi_arm
tau_rnea = rnea(arm, q_s, qd_s, qdd_s, gravity=ch34.GRAVITY)
print("Y의 모양:", Y.shape, "| 파라미터:", parameter_names(arm)[:4], "...")
print("τ = Yπ [N·m]:", fixed(tau_Y, 3))
reg_err = ch34.regressor_check(arm, states=20)
zb = ch34.zero_blocks(arm)
glue("pr_bound_reg", sci(ch34.BOUNDS["regressor"], 1), display=False)
claims.within("pr-reg", "한계 {glue:text}`pr_bound_reg` 안에서 `rnea`와 같다", reg_err,
              ch34.BOUNDS["regressor"])
claims.claim("pr-zero-blocks", "0인 블록은 {glue:text}`pr_zero`개로, 구조에서 오는 {glue:text}`pr_zero_struct`개가 전부이다",
             zb["zero"] == zb["structural"] == 15, blocks=zb)
glue("pr_zero", zb["zero"], display=False)
glue("pr_zero_struct", zb["structural"], display=False)
glue("pr_blocks", zb["total"], display=False)

# %% tags=["hide-input", "nbval-ignore-output"]
glue("pr_reg", sci(reg_err), display=False)
print("max |Yπ - rnea| / max |rnea| (상태 20개):", sci(reg_err))

# %% [markdown]
# % claim: pr-reg, pr-zero-blocks
#
# 6R 팔의 무작위 상태 20개에서 $Y\boldsymbol{\pi}$는 한계 {glue:text}`pr_bound_reg` 안에서 `rnea`와 같다(상대 차이
# {glue:text}`pr_reg`). 무작위 상태 하나에서 $Y$를 보면 $1\times10$ 블록 {glue:text}`pr_blocks`개 가운데 0인 블록은
# {glue:text}`pr_zero`개로, 구조에서 오는 {glue:text}`pr_zero_struct`개가 전부이다.
# 링크 $i$가 관절 $j$보다 안쪽이면 그 링크의 관성은 관절 $j$의 토크에 들어가지 않는다.
#
# **비용.** 곱셈은 `chaindyn.opcount.count`로 실행 경로에서 센다({ref}`sec-count-rules`). 관절이 모두 회전
# 관절인 무작위 사슬에서 `regressor` 한 번과 `rnea` 한 번을 견준다.

# %% tags=["remove-input"]
cost = ch34.read_csv("ch34_regressor_cost.csv")
ns = np.array([int(r["n"]) for r in cost])
prod = np.array([int(r["products"]) for r in cost])
allc = np.array([int(r["all"]) for r in cost])
rnea_c = np.array([int(r["rnea_products"]) for r in cost])
i6 = int(np.flatnonzero(ns == 6)[0])
glue("pr_cost6", f"{prod[i6]:,}", display=False)
glue("pr_cost6_all", f"{allc[i6]:,}", display=False)
glue("pr_rnea6", f"{rnea_c[i6]:,}", display=False)
glue("pr_cost_ratio6", f"{fixed(prod[i6] / rnea_c[i6], 1):.1f}", display=False)
glue("pr_cost_nmax", int(ns[-1]), display=False)
glue("pr_cost_ratio_max", f"{fixed(prod[-1] / rnea_c[-1], 1):.1f}", display=False)
second = np.diff(prod, 2)
glue("pr_cost_second", int(second[0]), display=False)
glue("pr_cost_a", int(second[0]) // 2, display=False)
glue("pr_cost_b", int(prod[0] - second[0] // 2), display=False)
claims.claim("pr-cost-quadratic", "2계 차분이 모든 $n$에서 {glue:text}`pr_cost_second`으로 같다",
             bool(np.all(second == second[0])) and second[0] > 0
             and bool(np.all(prod == second[0] // 2 * ns**2 + (prod[0] - second[0] // 2) * ns)),
             second_differences=second.tolist())
claims.claim("pr-cost-coef", "잰 계수도 {glue:text}`pr_cost_a`이다",
             int(second[0]) // 2 == (6 * 6 * 10 + 6 * 10) // 2, coefficient=int(second[0]) // 2)
claims.claim("pr-cost-rnea-linear", "`rnea`는 링크마다 같은 수를 더한다",
             bool(np.all(rnea_c == rnea_c[0] * ns)), rnea=rnea_c.tolist())
claims.claim("pr-cost-ratio-grows", "비는 $n$과 함께 커진다",
             bool(np.all(np.diff(prod / rnea_c) > 0)), ratio=(prod / rnea_c).tolist())

# %% [markdown]
# % claim: pr-cost-quadratic, pr-cost-coef, pr-cost-rnea-linear, pr-cost-ratio-grows
#
# `data/ch34_regressor_cost.csv`에 따르면 $n = 6$에서 `regressor`는 곱셈 {glue:text}`pr_cost6`번(규칙
# `"all"`로는 {glue:text}`pr_cost6_all`번, 원소별 곱셈까지 센다)이고, `rnea`는 {glue:text}`pr_rnea6`번이다. 비는
# {glue:text}`pr_cost_ratio6`배이다. 잰 $n = 1$부터 {glue:text}`pr_cost_nmax`까지 `regressor`의 곱셈 수는
# 2계 차분이 모든 $n$에서 {glue:text}`pr_cost_second`으로 같다. 곧 정확히
# {glue:text}`pr_cost_a`$\,n^2 +{}${glue:text}`pr_cost_b`$\,n$이다. $n^2$의 계수는 위의 셈에서 미리 알 수 있다.
# 옮기기 한 번은 곱셈 $6\cdot6\cdot10 = 360$번이고 사영 한 번은 $6\cdot10 = 60$번이다. 그래서 계수는
# $(360 + 60)/2 = 210$이어야 한다. 잰 계수도 {glue:text}`pr_cost_a`이다. `rnea`는 링크마다 같은 수를 더한다. 그래서 비는
# $n$과 함께 커진다. $n =$ {glue:text}`pr_cost_nmax`에서는 {glue:text}`pr_cost_ratio_max`배이다. 식별에서는
# 회귀 행렬을 궤적의 표본마다 한 번 만들면 되므로 이 비용이 문제가 되는 일은 드물다.
#
# **Pinocchio와의 대조.** Pinocchio {cite:p}`carpentier2019pinocchio`의 `computeJointTorqueRegressor`도 같은 행렬을
# 준다. 다만 파라미터를 다르게 적는다. 첫째, Pinocchio는 관절마다 둔 관절 좌표계의 원점에 대해 파라미터를
# 적는다. 그 좌표계는 $\{i\}$와 축이 나란하고 원점만 관절 축 위의 한 점으로 옮긴 것이다. 원점을 $r$만큼 옮기면
# $m$은 그대로이고 $mc$는 $mc - mr$이 된다. $I_o$는 질량 중심을 거쳐 평행축 정리를 두 번 쓰면 옮겨진다.
# 둘 다 $\boldsymbol{\pi}$의 일차식이다. 둘째, 회전 관성 성분의 순서가 $(I_{xx}, I_{xy}, I_{yy}, I_{xz}, I_{yz}, I_{zz})$이다.
# 두 단계를 합친 $10n\times10n$ 행렬 $T_{\mathrm{pin}}$이 `chaindyn.interop.pinocchio_parameter_map`이다.
# Pinocchio의 파라미터는 $T_{\mathrm{pin}}\boldsymbol{\pi}$이고, 토크가 같으므로 $Y = Y_{\mathrm{pin}}T_{\mathrm{pin}}$이다.

# %%
pc = ch34.pinocchio_check(arm, states=3)
glue("pr_bound_pin", sci(ch34.BOUNDS["pinocchio"], 1), display=False)
claims.within("pr-pin", "한계 {glue:text}`pr_bound_pin` 안에서 같다", max(pc["Y"], pc["params"]),
              ch34.BOUNDS["pinocchio"])
print("Pinocchio", pc["version"], "| Y와 Y_pin T가 한계 안에서 같다:",
      max(pc["Y"], pc["params"]) <= ch34.BOUNDS["pinocchio"])

# %% tags=["hide-input", "nbval-ignore-output"]
glue("pr_pin", sci(max(pc["Y"], pc["params"])), display=False)
print("max |Y - Y_pin T| / max |Y|:", sci(pc["Y"]), "| T π 대 Pinocchio의 파라미터:", sci(pc["params"]))

# %% [markdown]
# % claim: pr-pin
#
# 6R 팔의 상태 세 개에서 두 행렬은 한계 {glue:text}`pr_bound_pin` 안에서 같다(상대 차이 {glue:text}`pr_pin`).
#
# ### 에너지도 같은 파라미터에 선형이다
#
# 식 {eq}`eq-34-kinetic`의 링크 항은 $\frac12V_i^{\mathsf T}\mathcal{G}_iV_i = \frac12V_i^{\mathsf T}K(V_i)\boldsymbol{\pi}_i$이다.
# 위치 에너지 $-m_i\mathfrak{g}^{\mathsf T}p_{c,i}$는 $p_{c,i} = p_i + R_ic_i$이므로 $m_i$와 $m_ic_i$의 일차식이다.
# 여기서 $(R_i, p_i)$는 $\{0\}$에서 본 $\{i\}$의 자세이다. 그래서
#
# $$
# \mathcal{K} = y_{\mathcal K}(q,\dot q)\,\boldsymbol{\pi},
# \qquad \mathcal{U} = y_{\mathcal U}(q)\,\boldsymbol{\pi}
# $$ (eq-34-energy)
#
# 이다(`chaindyn.regressors.energy_regressor`, 코드에서는 `y_K`, `y_P`). 라그랑주 방정식 {eq}`eq-33-el`의 우변은
# 라그랑지안 $\mathcal{L} = \mathcal{K} - \mathcal{U}$에 선형이다. 그래서 식 {eq}`eq-34-energy`를 넣으면 토크가
# $\boldsymbol{\pi}$에 곱해지는 행렬 하나로 나온다. 그 토크는 $Y\boldsymbol{\pi}$와 같다. 물리적인 $\boldsymbol{\pi}$는
# $10n$차원 공간의 열린 집합을 채우므로 두 행렬이 같다. 곧
#
# $$
# Y = \frac{d}{dt}\frac{\partial y_{\mathcal K}}{\partial\dot q} - \frac{\partial\,(y_{\mathcal K} - y_{\mathcal U})}{\partial q},
# \qquad \dot q^{\mathsf T}Y = \frac{d}{dt}\bigl(y_{\mathcal K} + y_{\mathcal U}\bigr)
# $$ (eq-34-energy-model)
#
# 이다. 첫째 식을 라그랑주 형식, 둘째 식을 일률 형식이라 부르자. 일률 형식은 식 {eq}`eq-34-passive`를
# 파라미터마다 적은 것이다. 시간으로 적분하면 $\int_{t_0}^{t_1}\dot q^{\mathsf T}\tau\,dt =
# \bigl[y_{\mathcal K} + y_{\mathcal U}\bigr]_{t_0}^{t_1}\boldsymbol{\pi}$이다. 여기에는 가속도가 들어가지 않는다. 그래서
# 가속도를 재지 않고 파라미터를 식별하는 에너지 모형이 된다. 3.7장은 이 모형 대신 토크 모형을 쓰고,
# 가속도는 위치의 차분으로 얻는다. 아래 셀은 두 식을 6R 팔에서 중앙 차분으로 확인한다. 차분의 절단
# 오차가 있으므로 한계는 반올림 수준보다 크다.

# %%
pw = ch34.power_check(arm, states=10)
lg = ch34.lagrange_check(arm, states=3)
glue("pr_bound_power", sci(ch34.BOUNDS["power"], 1), display=False)
glue("pr_bound_lag", sci(ch34.BOUNDS["lagrange"], 1), display=False)
claims.within("pr-power", "일률 형식은 한계 {glue:text}`pr_bound_power`", pw, ch34.BOUNDS["power"])
claims.within("pr-lagrange", "라그랑주 형식은 한계 {glue:text}`pr_bound_lag` 안에서 맞는다", lg,
              ch34.BOUNDS["lagrange"])
claims.claim("pr-lag-larger", "라그랑주 형식은 차분을 두 번 겹쳐 쓰므로 오차가 더 크다", lg > pw,
             lagrange=lg, power=pw)
print("두 형식이 한계 안에서 맞는다:", pw <= ch34.BOUNDS["power"], lg <= ch34.BOUNDS["lagrange"])

# %% tags=["hide-input", "nbval-ignore-output"]
glue("pr_power", sci(pw), display=False)
glue("pr_lag", sci(lg), display=False)
print("일률 형식:", sci(pw), "| 라그랑주 형식:", sci(lg))

# %% [markdown]
# % claim: pr-power, pr-lagrange, pr-lag-larger
#
# 일률 형식은 한계 {glue:text}`pr_bound_power`(잰 값 {glue:text}`pr_power`), 라그랑주 형식은 한계
# {glue:text}`pr_bound_lag` 안에서 맞는다(잰 값 {glue:text}`pr_lag`). 라그랑주 형식은 차분을 두 번 겹쳐
# 쓰므로 오차가 더 크다.
#
# ### 선형성이 주는 것
#
# - *적응 제어.* 제어기가 모르는 것이 $\boldsymbol{\pi}$뿐이면, 모형의 오차는 $Y(\hat{\boldsymbol{\pi}} - \boldsymbol{\pi})$ 꼴이다. Slotine과
#   Li의 제어기 {cite:p}`slotine1987adaptive`는 이 꼴을 써서 추정값 $\hat{\boldsymbol{\pi}}$를 고치는 법칙을 만든다.
# - *식별.* 궤적을 따라 잰 토크를 쌓으면 $\boldsymbol{\pi}$에 대한 선형 최소제곱 문제가 된다. 3.7장이 그 방법을 다룬다.
# - *한계.* 모든 파라미터를 식별할 수는 없다. 6R 팔의 첫 링크는 연직인 자기 $z$축에 대해서만 돈다. 그래서
#   그 링크의 파라미터는 $I_{zz}$ 말고는 토크에 나타나지 않는다. 어떤 파라미터들은 늘 같은 조합으로만 나타난다. 3.7장의
#   기저 파라미터가 그 조합을 고른다.

# %% tags=["remove-input"]
Y_many = regressor(arm, *(rng.uniform(-3, 3, (200, 6)) for _ in range(3)), gravity=ch34.GRAVITY)
col_zero = ~np.any(Y_many, axis=(0, 1))
rank_Y = int(np.linalg.matrix_rank(Y_many.reshape(-1, 60)))
glue("pr_cols_zero", int(col_zero.sum()), display=False)
glue("pr_rank_Y", rank_Y, display=False)
glue("pr_cols", 60, display=False)
glue("pr_cols_nonzero", 60 - int(col_zero.sum()), display=False)
claims.claim("pr-rank", "{glue:text}`pr_cols`개 가운데 {glue:text}`pr_cols_zero`개가 늘 0이고",
             col_zero[:10].sum() == 9 and not col_zero[9] and rank_Y < 60 - col_zero.sum(),
             zero_columns=[n for n, z in zip(parameter_names(arm), col_zero) if z], rank=rank_Y)

# %% [markdown]
# % claim: pr-rank
#
# 무작위 상태 200개에서 6R 팔의 $Y$를 쌓아 보면 열 {glue:text}`pr_cols`개 가운데 {glue:text}`pr_cols_zero`개가 늘 0이고,
# 쌓은 행렬의 랭크는 {glue:text}`pr_rank_Y`이다. 0인 열을 빼고 남은 열 {glue:text}`pr_cols_nonzero`개보다도 랭크가
# 작다. 남은 열 사이에 선형 관계가 있다는 뜻이다.
#
# (sec-34-exercises)=
# ## 3.4.5 연습 문제
#
# ```{exercise} 2R 팔의 질량 행렬
# :label: ex-34-2r
#
# 질량 $m_1, m_2$가 링크 끝에 모인 평면 2R 팔(링크 길이 $L_1, L_2$)의 질량 행렬을 운동 에너지에서 손으로
# 구하라. $M$이 $q_1$에 의존하지 않음을 확인하고, $M$이 양의 정부호인 조건을 말하라.
# ```
#
# ```{solution} ex-34-2r
# :label: sol-34-2r
# :class: dropdown
#
# 두 질량의 위치는 $p_1 = L_1(\cos q_1, \sin q_1)$, $p_2 = p_1 + L_2(\cos(q_1+q_2), \sin(q_1+q_2))$이다. 속도의
# 제곱을 더하면
# $M_{11} = m_1L_1^2 + m_2(L_1^2 + 2L_1L_2\cos q_2 + L_2^2)$, $M_{12} = m_2(L_1L_2\cos q_2 + L_2^2)$,
# $M_{22} = m_2L_2^2$이다. $q_1$은 $\cos^2 + \sin^2 = 1$로 모두 지워진다. 남는 것은 교차항의
# $\cos\bigl((q_1 + q_2) - q_1\bigr) = \cos q_2$뿐이다. 두 링크의 방향 사이의 각이 $q_2$이기 때문이다.
# $\det M = m_1m_2L_1^2L_2^2 + m_2^2L_1^2L_2^2\sin^2 q_2$이다. $2\times2$ 대칭 행렬은 $M_{22} > 0$이고
# $\det M > 0$일 때 양의 정부호이다. 그러므로 $m_2 > 0$, $L_1, L_2 > 0$, $m_1 > 0$이면 모든 $q_2$에서 양의
# 정부호이다. $m_1 = 0$이면 $\sin q_2 = 0$에서 행렬식이 0이 되어 준정부호로 떨어진다. 두 링크가 한 직선
# 위에 있으면 두 관절 속도를 알맞게 골라 $m_2$의 속도를 0으로 만들 수 있다. $m_1 = 0$이어도 $\sin q_2 \ne 0$인
# 자세에서는 양의 정부호이다.
# ```
#
# ```{exercise} 운동량 회귀 행렬
# :label: ex-34-momentum
#
# $\mathcal{G}$를 식 {eq}`eq-34-params`의 블록으로 적고 $\mathcal{G}V$를 계산해 식 {eq}`eq-34-momentum`의 $K(V)$를
# 유도하라. $L(\omega)$의 여섯 열을 적어라.
# ```
#
# ```{solution-start} ex-34-momentum
# :label: sol-34-momentum
# :class: dropdown
# ```
#
# 위 블록은 $I_o\omega + [mc]v = I_o\omega + mc\times v = I_o\omega - [v]\,mc$이다. 아래 블록은
# $-[mc]\omega + mv = mv + \omega\times mc = v\,m + [\omega]\,mc$이다. $I_o\omega$의 첫 성분은
# $I_{xx}\omega_x + I_{xy}\omega_y + I_{xz}\omega_z$이다. 그래서 $L(\omega)$의 행은
# $(\omega_x, \omega_y, \omega_z, 0, 0, 0)$, $(0, \omega_x, 0, \omega_y, \omega_z, 0)$,
# $(0, 0, \omega_x, 0, \omega_y, \omega_z)$이다. 아래 셀은 무작위 $V$와 6R 팔의 셋째 링크에서 $K(V)\boldsymbol{\pi}$와
# $\mathcal{G}V$를 견준다.

# %%
from chaindyn import body  # noqa: E402

V_ex = rng.uniform(-1, 1, 6)
G3 = arm.inertias[2]
diff_K = float(np.abs(body.momentum_regressor(V_ex) @ body.parameters(G3) - G3 @ V_ex).max())
print("K(V) π 와 G V 가 반올림 수준까지 같다:", diff_K <= 1e-12 * np.abs(G3 @ V_ex).max())

# %% [markdown]
# ```{solution-end}
# ```
#
# ```{exercise} 회귀 행렬의 0 블록
# :label: ex-34-zeros
#
# $n$관절 사슬의 $Y$는 $1\times10$ 블록 $n^2$개로 되어 있다. 구조에서 늘 0인 블록은 몇 개인가? 평면
# 2R 팔이면 0이 아닌 블록 안에서도 늘 0인 열이 생긴다. 어떤 파라미터의 열인가?
# ```
#
# ```{solution-start} ex-34-zeros
# :label: sol-34-zeros
# :class: dropdown
# ```
#
# % no-claim: 구조에서 오는 0 블록의 정의와 평면 팔의 기하를 적는 풀이
#
# 링크 $i$가 관절 $j$보다 안쪽($i < j$)인 블록이 0이므로 $n(n-1)/2$개이다. 6R 팔에서는 위에서 센
# {glue:text}`pr_zero_struct`개이다. 평면 2R 팔의 두 관절 축은 모두 평면에 수직인 $z$축이다. 링크의 각속도는
# $z$축 방향이고, 원점의 속도와 가속도는 $xy$ 평면에 있다. 토크는 렌치의 $z$축 모멘트만 읽는다. 그
# 모멘트에는 $I_o\dot\omega$와 $\omega\times I_o\omega$ 가운데 $I_{zz}$만 남는다. $mc$와 평면 안의 원점 가속도의
# 외적도 $z$ 성분에 $mc_x$와 $mc_y$만 남긴다. 그래서 두 링크 모두 $mc_z$와 $I_{xx}, I_{xy}, I_{xz}, I_{yy}, I_{yz}$는 토크에
# 들어가지 않는다. 링크 1의
# 질량 $m_1$도 빠진다. $\{1\}$의 원점이 관절 1의 축 위에 있어서, $m_1$은 1차 모멘트 $m_1c_1$을 거쳐서만
# 토크에 들어간다. 아래 셀이 무작위 상태에서 늘 0인 열을 찾는다.

# %%
arm2 = models.planar_2r()
rng2 = np.random.default_rng(ch34.SEED + 1)
Y2 = regressor(arm2, *(rng2.uniform(-3, 3, (50, 2)) for _ in range(3)), gravity=(0.0, -9.80665, 0.0))
zero_cols = [name for name, z in zip(parameter_names(arm2), ~np.any(Y2, axis=(0, 1))) if z]
print("늘 0인 열:", zero_cols)

# %% [markdown]
# ```{solution-end}
# ```
#
# ## 3.4.6 출처
#
# 질량 행렬과 에너지 균형은 Modern Robotics {cite:p}`lynch2017modern`의 8.1절을 따랐다. 관성 파라미터에 대한
# 선형성과 회귀 행렬의 재귀는 Atkeson, An, Hollerbach의 1985년 학회 논문 {cite:p}`atkeson1985load`의 초록을
# 원문으로 읽었다. 그 초록은 뉴턴-오일러 방정식에서 유도한 식별 방정식이 미지의 관성 파라미터에
# 선형이라고 적는다. 같은 저자들의 1986년 학술지 논문(International Journal of Robotics Research)은 링크의
# 파라미터까지 다룬다고 알려져 있으나, 이 책은 2차 출처로만 안다. 회귀 행렬의 블록 식과 비용은 이 장이
# 식 {eq}`eq-31-ne`에서 직접 유도하고 센 것이다.
