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
# # 3.2 재귀 뉴턴-오일러 알고리즘(RNEA)
#
# 로봇 팔이 정해진 궤적을 따라가게 하려면 매 순간 각 관절 모터가 낼 토크를 알아야 한다. 움직임이
# 먼저 주어지고 그 움직임을 만드는 토크를 거꾸로 셈하는 이 문제를 **역동역학**이라 부른다. 이
# 장의 주제는 그 셈을 링크 수에 비례하는 비용으로 끝내는 방법, 곧 재귀 뉴턴-오일러
# 알고리즘(recursive Newton-Euler algorithm, RNEA)이다. 장은 세 페이지로 나뉜다. 이 페이지는
# 3.2.1절부터 3.2.4절까지(목표, 개념, 원리, 알고리즘)를 맡는다. 여섯 가지 풀이 예제(3.2.5절)는
# {doc}`ch3_2_examples`에, 구현 방식의 선택·한계·체크포인트(3.2.6절~3.2.11절)는
# {doc}`ch3_2_closing`에 있다.
#
# 이 페이지의 모든 수치는 코드 셀이 `chaindyn` 패키지를 불러 계산한 값이다. 모듈을 불러오고 그림
# 양식을 맞추는 셀은 접어 두었다.

# %% tags=["hide-input"]
import inspect
import sys
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
from myst_nb import glue

import chaindyn
from chaindyn import models, spatial
from chaindyn.classic import link_velocities
from chaindyn.inverse_dynamics import backward_recursion, forward_recursion, joint_step
from chaindyn.opcount import count
from chaindyn.quantities import mass_matrix
from chaindyn_book import ch32, claims

sys.path.insert(0, str(Path("..").resolve() / "figsrc"))
import _style  # noqa: E402  (figsrc/_style.py: 한글 글꼴과 그림 양식)
from _numbers import fixed, sci  # noqa: E402  (figsrc/_numbers.py: 검사된 반올림, 3.6×10⁻¹⁵ 꼴)

_style.apply()
np.set_printoptions(precision=4, suppress=True)
arm = models.arm6r()  # 이 책의 예제 6R 팔 (chaindyn/data/arm6r.csv)
GRAVITY = ch32.GRAVITY  # 기저 좌표계 {0}의 중력 벡터, z축이 위를 향한다
print(arm, "총질량", fixed(arm.mass, 4), "kg", "중력", GRAVITY.tolist(), "m/s^2")

# %% [markdown]
# (sec-rnea-goals)=
# ## 3.2.1 이 장에서 배우는 것, 선수 지식, 누구에게 중요한가
#
# 이 장이 다루는 로봇은 직렬 개연쇄(serial open chain)이다. 기저에서 말단까지 링크가 가지 없이
# 한 줄로 이어지고, 관절마다 자유도가 하나(회전 또는 직동)인 사슬을 말한다. 이런 사슬의 관절
# 토크는
#
# $$
# \tau = M(q)\,\ddot q + C(q,\dot q)\,\dot q + g(q) + J_b^{\mathsf T}(q)\,F_{\mathrm{tip}}
# $$ (eq-rnea-eom)
#
# 로 쓸 수 있다. RNEA는 $M(q)$나 $C(q,\dot q)$ 같은 행렬을 하나도 만들지 않고, 링크 사슬을 두 번
# 훑어서 이 식의 오른쪽 값을 곧바로 얻는다.
#
# **이 장을 마치면 할 수 있는 일.**
#
# - 링크 $i$의 트위스트와 그 시간 미분을 링크 $i-1$의 것에서 구하는 점화식을 세우고, 가속도
#   식에 붙는 $\mathrm{ad}$ 항이 어디서 생기는지 유도한다. 중력을 기저의 가속도로 바꾸어 넣어도
#   근사가 생기지 않는 이유를 설명한다.
# - 말단에서 기저 쪽으로 관절 렌치를 모으는 점화식을 세우고, 그 렌치에서 모터가 내는 토크
#   $\tau_i$ 한 성분을 골라낸다. 남은 다섯 성분을 베어링과 구조물의 하중으로 읽는다.
# - 교과서에 흔한 3차원 벡터 재귀(각속도, 선가속도, 힘, 모멘트)를 공간 벡터 형태와 성분끼리
#   맞대어 보고, 두 구현의 곱셈 횟수를 비교한다.
# - 링크 하나의 계산량이 일정해서 RNEA 전체가 $O(n)$이라는 것, RNEA를 $n$번 불러 $M(q)$를
#   만들면 $O(n^2)$이 된다는 것을 곱셈 횟수로 확인한다.
# - 인자만 골라 RNEA를 불러서 중력 토크 $g(q)$, 바이어스 힘 $h(q,\dot q)$, 속도곱 토크
#   $C(q,\dot q)\dot q$, 관성 토크 $M(q)\ddot q$, 질량 행렬, 말단 렌치를 버티는 토크
#   $J_b^{\mathsf T}F_{\mathrm{tip}}$, 관절 반력 렌치를 얻고, 그렇게 나눈 항들이 왜 정확한지
#   설명한다.
#
# **선수 지식.** 전방 순환은 트위스트와 수반 변환($\mathrm{Ad}$, $\mathrm{ad}$)으로 적힌다. 그
# 기호는 {doc}`notation`에 있고, 계산에 직접 쓰는 정의는 3.2.3.1절에 다시 모아 두었다. 링크의
# 자세는 2.8.2절의 지수 곱(PoE) 순기구학과 같은 방식으로 만든다. 말단 렌치가 토크에 더하는 항은
# 2.8장({doc}`ch2_8_jacobians`)의 물체 야코비안 $J_b$로 표현된다. 가장 깊이 기대는 것은 공간 관성
# $\mathcal{G}$와 한 강체의 뉴턴-오일러 방정식이다. 두 가지는 3.1장에서 유도했다(공간 관성은
# 3.1.3절의 식 {eq}`eq-31-spatial`, 뉴턴-오일러 방정식은 3.1.4절의 식 {eq}`eq-31-ne`).
#
# **누가 무엇을 위해 읽는가.** 세 부류의 독자가 서로 다른 이유로 이 장을 읽는다.
#
# - *제어 엔지니어*는 역동역학, 계산 토크(computed torque) 제어, 중력 보상을 직접 구현한다.
#   점화식과 부호 규약을 정확히 알아야 하고, $g(q)$와 $h(q,\dot q)$를 RNEA 호출 한 번으로 얻는
#   방법이 필요하다. 계산 토크 제어의 토크도 RNEA 한 번이다(3.2.7절).
# - *동역학 라이브러리를 쓰거나 비교하는 개발자*에게는 성분 순서(회전 성분이 먼저인지 병진
#   성분이 먼저인지), 렌치를 어느 점에 대해 어느 좌표계로 적는지, 외력의 부호가 무엇인지가
#   중요하다. 이 책의 규약은 {doc}`notation`에 모아 두었다.
# - *기구 설계자*는 후방 순환이 덤으로 내주는 관절 반력 렌치에서 베어링의 축 방향·반경 방향
#   하중과 전도 모멘트를 읽는다.
#
# **앞뒤 장과의 관계.** 이 장의 RNEA는 뒤의 여러 장이 딛고 서는 기초이다. 같은 운동방정식을
# 에너지에서 다시 얻는 라그랑주 정식화(3.3장)는 이 장의 토크와 계산량을 비교 대상으로 삼는다.
# 운동방정식의 성질 가운데 $\dot M - 2C$의 반대칭과 에너지 균형은 3.3.2절과 3.3.3절에 있다. 그 밖의
# 성질을 모은 {doc}`3.4장 <ch3_4_properties>`도 이 장의 결과를 쓴다. 질량 행렬을 더 적은 계산으로 만드는 CRBA와
# 순동역학의 ABA는 3.5장이 다룬다. 동역학 라이브러리와 도함수는 {doc}`3.6장 <ch3_6_derivatives>`, 동역학
# 파라미터 식별은 {doc}`3.7장 <ch3_7_identification>`의 주제이다. 제어 쪽에서는 계산 토크 제어가 제어 주기마다
# RNEA를 부른다. 그 호출은 3.2.7절에, 모델이 틀릴 때의 거동은 3.5.7절에 있다. 닫힌 사슬을 다루는
# 3.11장(이 책 범위 밖)과 부유 기저를 다루는 3.13장(이 책 범위 밖)은 이 장의 두 가정(직렬 사슬,
# 고정된 기저)을 넘어서는 확장이다.
#
# (sec-rnea-sources)=
# **출처와 검증 방침.** 이 장의 식과 표기는 Modern Robotics {cite:p}`lynch2017modern`의 8.3절과
# 8.4절 앞부분을 따른다. 그 밖에 이 장이 인용하는 문헌은 {cite:t}`orin1979kinematic`,
# {cite:t}`luh1980online`, {cite:t}`hollerbach1980recursive`, {cite:t}`walker1982efficient`,
# {cite:t}`featherstone2008rigid`, {cite:t}`carpentier2019pinocchio`,
# {cite:t}`todorov2012mujoco`, {cite:t}`corke2021toolbox`이다. 이 가운데 원문을 직접 읽고 쪽수까지
# 밝혀 인용한 것은 Featherstone의 *Rigid Body Dynamics Algorithms*(RBDA) 5장뿐이다(3.2.11.3절). 나머지
# 인용은 어떤 내용이 어디에서 왔는지를 알리는 것이고, 그 내용을 이 책이 원문에서 확인했다는 뜻은
# 아니다. 대신 이 장의 수치는 하나도 빠짐없이 이 책의 코드가 계산한 값이다. 이 장이 출발한 원고가 보고한 값과 이 책의 값은 {doc}`부록 C <appendix_reproduction>`의
# C.2절에서 나란히 비교한다.

# %% [markdown]
# (sec-rnea-concept)=
# ## 3.2.2 개념 — 운동은 말단 쪽으로, 힘은 기저 쪽으로
#
# RNEA의 발상은 사슬에 대한 두 가지 관찰에서 나온다.
#
# *운동은 기저에서 말단 쪽으로 정해진다.* 관절 $i$가 하는 일은 링크 $i$를 링크 $i-1$에 대해
# 움직이는 것뿐이다. 그러므로 링크 $i-1$이 어떻게 움직이는지 알면, 거기에 관절 $i$의 상대
# 운동을 보태어 링크 $i$의 속도와 가속도를 얻는다. 정지한 기저에서 출발해 링크 1, 2, …, $n$
# 차례로 이 일을 되풀이하는 것이 **전방 순환**이다.
#
# *힘은 말단에서 기저 쪽으로 정해진다.* 링크 하나를 떼어 놓고 보면, 그 링크에 작용하는 렌치는
# (중력을 빼면) 둘뿐이다. 관절 $i$를 통해 기저 쪽 링크 $i-1$에서 들어오는 렌치, 그리고 관절
# $i+1$을 통해 말단 쪽 링크 $i+1$을 밀 때 되돌아오는 반작용이다. 한 강체의 뉴턴-오일러 방정식(식
# {eq}`eq-31-ne`)은 이 둘의 합이 그 링크의 운동에 드는 관성 렌치와 같아야 한다고 말한다. 말단 링크 $n$에는 말단
# 쪽 링크 대신 환경이 있을 뿐이므로 관절 $n$의 렌치를 곧바로 풀 수 있다. 그 값을 링크 $n-1$의 방정식에 넣으면 관절 $n-1$의 렌치가
# 나오고, 이렇게 기저까지 내려오는 것이 **후방 순환**이다.
#
# 관절 렌치는 여섯 성분이지만, 1자유도 관절에서 모터가 책임지는 것은 관절 축을 따르는 한
# 성분, 곧 관절 토크 $\tau_i$이다. 축을 벗어난 다섯 성분은 모터와 상관없이 관절의 기계 부품이
# 떠안는다. 무게는 링크마다 힘으로 더하는 대신, 기저가 위쪽으로 가속한다고 가정한 출발값 하나로
# 전방 순환에 실어 보낸다. 어느 순환이든
# 링크마다 하는 계산의 양이 같으므로, 전체 계산량은 링크 수 $n$에 비례한다. 행렬을 하나도
# 만들지 않지만, 결과는 식 {eq}`eq-rnea-eom`을 행렬로 계산한 값과 반올림 오차 범위에서 같다.
#
# ```{glue:figure} rn_fig_sweeps
# :name: fig-rnea-sweeps
#
# RNEA의 두 순환. 위쪽 화살표(전방 순환)는 기저의 초기값 $V_0=0$, $\dot V_0=(0,-\mathfrak{g})$
# 에서 시작하여 각 링크의 트위스트 $V_i$와 그 미분 $\dot V_i$를 말단 쪽으로 넘긴다. 아래쪽
# 화살표(후방 순환)는 말단 렌치 $F_{\mathrm{tip}}$에서 시작하여 관절 렌치 $F_i$를 기저 쪽으로
# 넘기고, 관절마다 토크 $\tau_i = F_i^{\mathsf T}A_i$를 뽑는다.
# ```

# %% tags=["remove-input"]
# 그림: 두 순환의 모식도 (자료 그림이 아니므로 축을 그리지 않는다)
fig, ax = plt.subplots(figsize=(8.4, 3.0))
ax.set_axis_off()
ax.set_xlim(-1.9, 6.1)
ax.set_ylim(-1.35, 1.35)
labels = ["기저 {0}", "링크 1", "링크 2", "…", "링크 n"]
for x, text in enumerate(labels):
    if text == "…":
        ax.text(x + 0.5, 0.0, "…", ha="center", va="center", fontsize=14)
        continue
    ax.add_patch(plt.Rectangle((x + 0.1, -0.32), 0.8, 0.64, fc="0.93", ec="0.3"))
    ax.text(x + 0.5, 0.0, text, ha="center", va="center")
ax.text(5.25, 0.0, "환경", ha="center", va="center", color="0.35")
ax.annotate("", xy=(4.8, 0.62), xytext=(0.2, 0.62),
            arrowprops={"arrowstyle": "-|>", "color": "C0", "lw": 1.6})
ax.text(2.5, 0.95, r"전방 순환 $i = 1, \dots, n$:  $V_i,\ \dot V_i$ 를 말단 쪽으로",
        ha="center", color="C0")
ax.text(0.12, 0.62, "$V_0 = 0$\n$\\dot V_0 = (0, -\\mathfrak{g})$", ha="right", va="center",
        fontsize=8.5, color="C0")
ax.annotate("", xy=(0.2, -0.62), xytext=(4.8, -0.62),
            arrowprops={"arrowstyle": "-|>", "color": "C3", "lw": 1.6})
ax.text(2.5, -1.05, r"후방 순환 $i = n, \dots, 1$:  $F_i$ 를 기저 쪽으로, "
        r"$\tau_i = F_i^{\mathsf{T}} A_i$", ha="center", color="C3")
ax.text(4.88, -0.62, r"$F_{\mathrm{tip}}$", ha="left", va="center", fontsize=9.5, color="C3")
glue("rn_fig_sweeps", fig, display=False)
plt.close(fig)

# %% [markdown]
# **이 장의 결과를 먼저 적는다.** 아래 세 셀(접혀 있다)은 풀이 예제 페이지({doc}`ch3_2_examples`)가
# 자세히 다루는 계산을 `chaindyn_book.ch32`로 한 번에 불러 그 결론만 모은다. 첫 셀은 기계와 무관하게
# 같은 값(개수, 곱셈 횟수, 넷째 자리로 반올림한 토크와 비율)을 모은다. 둘째 셀은 기계마다 마지막 자리가
# 다를 수 있는 반올림 오차 수준의 값을, 셋째 셀은 그 값들의 허용 오차를 모은다.

# %% tags=["hide-input"]
cf = ch32.closed_form_check()
ids = ch32.identity_table()
st = ch32.static_checks()
mc = ch32.multiplication_counts()
tf = ch32.trajectory_findings()
rf = ch32.reaction_findings()
terms = ch32.trajectory_terms()

# 결정적인 값: 개수, 곱셈 횟수, 4자리로 반올림한 토크와 비율
per_link = mc["rnea"][0] // mc["n"][0]
mm_pairs = [(n, c) for n, c in zip(mc["n"], mc["mass_matrix"]) if c is not None]
claims.claim("rn-sum-linear", "RNEA 한 번은 {glue:text}`rn_per_link`$\\,n$회이다",
             all(c == per_link * n for n, c in zip(mc["n"], mc["rnea"])),
             n=mc["n"], counts=mc["rnea"], per_link=per_link)
claims.claim("rn-sum-columns",
             "RNEA를 열마다 불러 $M(q)$를 만들면 {glue:text}`rn_per_link`$\\,n^2$회이다",
             all(c == per_link * n * n for n, c in mm_pairs), pairs=mm_pairs, per_link=per_link)
glue("rn_cf_samples", cf["samples"], display=False)
glue("rn_id_nmin", ids[0]["n"], display=False)
glue("rn_id_nmax", ids[-1]["n"], display=False)
glue("rn_id_states", ch32.STATES_PER_CHAIN, display=False)
glue("rn_st_samples", st["samples"], display=False)
glue("rn_mass", fixed(st["mass"], 4), display=False)
glue("rn_weight", fixed(st["weight"], 4), display=False)
glue("rn_per_link", per_link, display=False)
glue("rn_nmax_count", mc["n"][-1], display=False)
glue("rn_count_nmax", mc["rnea"][-1], display=False)
glue("rn_mm_nmax", mm_pairs[-1][0], display=False)
glue("rn_mm_count_nmax", mm_pairs[-1][1], display=False)
# 관절 2: 중력항의 최댓값과 전체 토크의 최댓값은 서로 다른 시각에 나온다
j2 = tf["table"][1]
claims.claim("rn-sum-j2-early", "토크 전체는 그보다 이른",
             j2["t_tau_max"] < j2["t_gravity_max"],
             t_tau_max=j2["t_tau_max"], t_gravity_max=j2["t_gravity_max"])
k_peak = int(np.argmax(np.abs(terms["tau"][:, 1])))  # 전체 토크 |tau_2|가 최대인 표본
assert terms["t"][k_peak] == j2["t_tau_max"]  # 표와 시계열이 같은 표본을 가리킨다
claims.claim("rn-sum-j1-tipping", "그 관절 모터 토크의 최댓값보다 크며",
             rf["j1_tipping_over_drive"] > 1, ratio=rf["j1_tipping_over_drive"])
glue("rn_j2_grav_max", fixed(j2["gravity_max"], 4), display=False)
glue("rn_j2_tau_max", fixed(j2["tau_max"], 4), display=False)
glue("rn_j2_t_grav", fixed(j2["t_gravity_max"], 4), display=False)
glue("rn_j2_t_tau", fixed(j2["t_tau_max"], 4), display=False)
glue("rn_j2_share", fixed(tf["gravity_share_j2"], 4), display=False)
glue("rn_j2_tau_at_peak", fixed(float(terms["tau"][k_peak, 1]), 4), display=False)
glue("rn_j2_g_at_peak", fixed(float(terms["gravity"][k_peak, 1]), 4), display=False)
glue("rn_j1_tip_over_drive", fixed(rf["j1_tipping_over_drive"], 4), display=False)
glue("rn_j2_radial_over_axial", fixed(rf["j2_radial_over_axial"], 4), display=False)
glue("rn_traj_samples", len(terms["t"]), display=False)
print("사슬", [r["joints"] for r in ids], "사슬마다 상태", ch32.STATES_PER_CHAIN)
print("링크당 곱셈", per_link, "| n =", mc["n"][-1], "에서", mc["rnea"][-1],
      "| M 열 구성 n =", mm_pairs[-1][0], "에서", mm_pairs[-1][1])
print("총질량", fixed(st["mass"], 4), "kg, 총중량", fixed(st["weight"], 4), "N")
print("관절 2: 중력항 최댓값", fixed(j2["gravity_max"], 4), "N·m (t =", j2["t_gravity_max"],
      "s), 전체 최댓값", fixed(j2["tau_max"], 4), "N·m (t =", j2["t_tau_max"], "s), 비",
      fixed(tf["gravity_share_j2"], 4))
print("  전체 토크가 최대인 순간: tau_2 =", fixed(float(terms["tau"][k_peak, 1]), 4),
      "N·m, g_2 =", fixed(float(terms["gravity"][k_peak, 1]), 4), "N·m")
print("관절 1 전도 모멘트/구동 토크", fixed(rf["j1_tipping_over_drive"], 4),
      "| 관절 2 반경/축 방향 힘", fixed(rf["j2_radial_over_axial"], 4))

# %% tags=["hide-input", "nbval-ignore-output"]
# 반올림 오차 수준의 값: 기계마다 마지막 자리가 다르므로 출력은 비교하지 않는다.
roundoff = {
    "rn_cf_err": cf["max_error"],
    "rn_id_classic": max(r["spatial_vs_classic"] for r in ids),
    "rn_id_mass": max(r["mass_matrix_vs_rnea"] for r in ids),
    "rn_id_asym": max(r["asymmetry"] for r in ids),
    "rn_id_energy": max(r["energy_error"] for r in ids),
    "rn_jtf_err": st["jtf_error"],
    "rn_weight_err": st["weight_error"],
    "rn_split_err": terms["split_error"],
}
for key, value in roundoff.items():
    glue(key, sci(value), display=False)  # 본문에는 3.6×10⁻¹⁵ 꼴로 쓴다
    print(f"{key:15s} {value:.1e}")
min_pivot = min(r["min_cholesky_pivot"] for r in ids)
print(f"촐레스키 최소 피벗 {min_pivot:.4f}")

# %% tags=["hide-input"]
# 허용 오차 (재현표 ch32.reproduction_table은 보고된 값의 10배라는 더 좁은 한계를 쓴다)
bounds = {
    "rn_cf_err": 1e-13, "rn_id_classic": 1e-12, "rn_id_mass": 1e-12, "rn_id_asym": 1e-13,
    "rn_id_energy": 1e-12, "rn_jtf_err": 1e-13, "rn_weight_err": 1e-12, "rn_split_err": 1e-12,
}
for key, bound in bounds.items():
    glue(key + "_bound", sci(bound, 1), display=False)
claims.within("rn-sum-cf", "가장 큰 차이는 {glue:text}`rn_cf_err` N·m로, 허용 오차 "
              "{glue:text}`rn_cf_err_bound` N·m 안에 있다", roundoff["rn_cf_err"], bounds["rn_cf_err"])
claims.within("rn-sum-classic", "3차원 벡터 형태와 공간 형태의 토크 차이는 최대 "
              "{glue:text}`rn_id_classic` N·m(허용 {glue:text}`rn_id_classic_bound`)",
              roundoff["rn_id_classic"], bounds["rn_id_classic"])
claims.within("rn-sum-mqh", "RNEA의 차이는 최대 {glue:text}`rn_id_mass` N·m(허용 "
              "{glue:text}`rn_id_mass_bound`)", roundoff["rn_id_mass"], bounds["rn_id_mass"])
claims.within("rn-sum-asym", "$M$의 비대칭은 최대 {glue:text}`rn_id_asym`(허용 "
              "{glue:text}`rn_id_asym_bound`)", roundoff["rn_id_asym"], bounds["rn_id_asym"])
claims.claim("rn-sum-pivot", "피벗이 하나도 빠짐없이 0보다 크다", min_pivot > 0.0,
             min_pivot=min_pivot)
claims.within("rn-sum-energy", "링크 운동 에너지 합의 상대 차이는 최대 {glue:text}`rn_id_energy`(허용 "
              "{glue:text}`rn_id_energy_bound`)", roundoff["rn_id_energy"], bounds["rn_id_energy"])
claims.within("rn-sum-jtf", "차이는 최대 {glue:text}`rn_jtf_err` N·m(허용 {glue:text}`rn_jtf_err_bound`)",
              roundoff["rn_jtf_err"], bounds["rn_jtf_err"])
claims.within("rn-sum-weight", "차이는 최대 {glue:text}`rn_weight_err` N(허용 "
              "{glue:text}`rn_weight_err_bound`)", roundoff["rn_weight_err"], bounds["rn_weight_err"])
claims.within("rn-sum-split", "이 합과 한 번의 호출로 얻은 $\\tau$의 차이는 최대 "
              "{glue:text}`rn_split_err` N·m(허용 {glue:text}`rn_split_err_bound`)",
              roundoff["rn_split_err"], bounds["rn_split_err"])
claims.within("rn-weight-eq", "차이는 최대 {glue:text}`rn_weight_err` N이다(허용 "
              "{glue:text}`rn_weight_err_bound`)", roundoff["rn_weight_err"], bounds["rn_weight_err"])
print("허용 오차:", {k: sci(b, 1) for k, b in bounds.items()})

# %% [markdown]
# 셀들이 모은 값을 여섯 항목으로 묶어 둔다. 허용 오차는 모두 계산 전에 정해 둔 값이다.
#
# % claim: rn-sum-cf, rn-sum-classic, rn-sum-mqh, rn-sum-asym, rn-sum-pivot, rn-sum-energy, rn-sum-jtf, rn-sum-weight, rn-sum-linear, rn-sum-columns, rn-sum-split, rn-sum-j2-early, rn-sum-j1-tipping
#
# 1. **닫힌 식과의 일치.** 수직면에서 움직이는 평면 2R 팔에 대해 Modern Robotics의 닫힌 식
#    {cite:p}`lynch2017modern`과 RNEA를 무작위 상태 {glue:text}`rn_cf_samples`개에서 비교했다.
#    가장 큰 차이는 {glue:text}`rn_cf_err` N·m로, 허용 오차 {glue:text}`rn_cf_err_bound` N·m 안에 있다.
# 2. **항등식.** 관절 수 $n=$ {glue:text}`rn_id_nmin`부터 {glue:text}`rn_id_nmax`까지의 무작위
#    사슬(직동 관절 포함, 사슬마다 상태 {glue:text}`rn_id_states`개)에서 항등식과 질량 행렬의 성질을
#    계산했다. 3차원 벡터 형태와 공간 형태의 토크 차이는 최대 {glue:text}`rn_id_classic` N·m(허용
#    {glue:text}`rn_id_classic_bound`)이다. 질량 행렬로 계산한 $M\ddot q + h$와 RNEA의 차이는 최대
#    {glue:text}`rn_id_mass` N·m(허용 {glue:text}`rn_id_mass_bound`)이다. $M$의 비대칭은 최대
#    {glue:text}`rn_id_asym`(허용 {glue:text}`rn_id_asym_bound`)이다. 상태마다 $M$을 촐레스키 분해하면
#    피벗이 하나도 빠짐없이 0보다 크다. $\tfrac12\dot q^{\mathsf T}M\dot q$와 링크 운동 에너지 합의 상대
#    차이는 최대 {glue:text}`rn_id_energy`(허용 {glue:text}`rn_id_energy_bound`)이다.
# 3. **정역학.** 예제 6R 팔(총질량 {glue:text}`rn_mass:g` kg)에 말단 렌치만 주면 RNEA 토크와
#    $J_b^{\mathsf T}F_{\mathrm{tip}}$의 차이는 최대 {glue:text}`rn_jtf_err` N·m(허용
#    {glue:text}`rn_jtf_err_bound`)이다. 팔을 정지시켜 무게만 걸면 첫 관절이 떠받치는 힘과 팔의 무게
#    {glue:text}`rn_weight:.2f` N의 차이는 최대 {glue:text}`rn_weight_err` N(허용
#    {glue:text}`rn_weight_err_bound`)이다.
# 4. **연산량.** 회전 관절 링크 하나에 스칼라 곱셈이 {glue:text}`rn_per_link`회 든다. 그래서 RNEA 한
#    번은 {glue:text}`rn_per_link`$\,n$회이다($n=$ {glue:text}`rn_nmax_count`이면
#    {glue:text}`rn_count_nmax:,d`회). RNEA를 열마다 불러 $M(q)$를 만들면
#    {glue:text}`rn_per_link`$\,n^2$회이다($n=$ {glue:text}`rn_mm_nmax`이면
#    {glue:text}`rn_mm_count_nmax:,d`회). 세는 규칙은 {numref}`tab-count-rules`의 `"products"`이다.
# 5. **라이브러리 대조.** Pinocchio {cite:p}`carpentier2019pinocchio`, MuJoCo
#    {cite:p}`todorov2012mujoco`, modern_robotics, Robotics Toolbox
#    {cite:p}`corke2021toolbox`와의 대조는 풀이 예제 페이지의 교차 검증 절(예제 ⑥,
#    {doc}`ch3_2_examples`)에서 계산한다. 이 페이지는 그 결과를 미리 적지 않는다.
# 6. **토크 분해와 반력.** 예제 6R 팔의 궤적({glue:text}`rn_traj_samples`개 표본)에서 RNEA를 세 번
#    나누어 불러 $g + C\dot q + M\ddot q$를 얻었다. 이 합과 한 번의 호출로 얻은 $\tau$의 차이는 최대
#    {glue:text}`rn_split_err` N·m(허용 {glue:text}`rn_split_err_bound`)이다. 둘째 관절에서 무게가
#    만드는 몫은 {glue:text}`rn_j2_t_grav:.3f` s에 {glue:text}`rn_j2_grav_max:.2f` N·m로 가장 크다.
#    토크 전체는 그보다 이른 {glue:text}`rn_j2_t_tau:.3f` s에 {glue:text}`rn_j2_tau_max:.2f` N·m로 가장
#    크다. 앞의 값을 뒤의 값으로 나누면 {glue:text}`rn_j2_share:.0%`이지만, 서로 다른 두 순간을
#    견준 비이다. 전체 토크가 가장 큰 그 순간만 보면 {glue:text}`rn_j2_tau_at_peak:.2f` N·m 가운데
#    무게의 몫이 $g_2=$ {glue:text}`rn_j2_g_at_peak:.2f` N·m이다. 베어링 쪽에서 보면 첫 관절을 축에서
#    꺾으려는 모멘트의 최댓값은 그 관절 모터 토크의 최댓값보다 크며,
#    {glue:text}`rn_j1_tip_over_drive:.2f`배이다. 둘째 관절에서는 축을 가로지르는 힘의 최댓값이 축을
#    따르는 힘의 최댓값의 {glue:text}`rn_j2_radial_over_axial:.2f`배이다.
#
# 이 수들이 어디에서 나오는지, 곧 점화식이 왜 그런 모양이고 어디까지 믿을 수 있는지가 이
# 페이지의 나머지 내용이다.

# %% [markdown]
# (sec-rnea-principle)=
# ## 3.2.3 원리 — 점화식이 나오는 길
#
# (sec-rnea-notation)=
# ### 3.2.3.1 사슬과 표기
#
# 좌표계는 물체마다 하나씩 붙인다. 기저의 것이 $\{0\}$이고, 링크 $i$ ($i=1,\dots,n$)와 함께
# 움직이는 것이 $\{i\}$이다. 관절 $i$는 링크 $i-1$과 링크 $i$를 잇고 링크 $i$를 움직인다. $\{i\}$를 링크 $i$의 어디에
# 붙일지는 자유이며, 질량 중심일 필요도 없다. 이 자유가 실제로 쓸모 있는 까닭은 이 책이 임의의 점에
# 대한 일반 공간 관성(식 {eq}`eq-31-spatial`)을 쓰기 때문이다. 덕분에 수정 DH 규약의 관절 좌표계나
# URDF의 링크 좌표계를 옮기지 않고 그대로 쓸 수 있다. Modern Robotics {cite:p}`lynch2017modern`의
# 참조 코드 modern_robotics는 $\{i\}$를 질량 중심에 둔다(부록 A의 규약표가 라이브러리에 직접 물어
# 본다). 그것은 이 자유의 한 특수한 경우이다.
#
# 사슬은 링크마다 세 가지 자료로 정해진다(`chaindyn.Chain`의 세 배열).
#
# - **홈 자세** $M_{i,i-1}$: 모든 관절이 $q=0$일 때 $\{i\}$에서 본 $\{i-1\}$의 자세
#   (`chain.home[i]`).
# - **스크루 축** $A_i = (\hat w_i, u_i)$: 관절 $i$의 축을 $\{i\}$의 성분으로 적은 것
#   (`chain.screws[i]`). 회전 관절이면 $\hat w_i$가 축 방향 단위벡터이고
#   $u_i = -\hat w_i\times r_i$($r_i$는 축 위의 한 점)이다. 축이 $\{i\}$의 원점을 지나면
#   $u_i=0$이다. 직동 관절이면 $\hat w_i = 0$이고 $u_i$가 미끄럼 방향 단위벡터이다.
# - **공간 관성** $\mathcal{G}_i$: 링크 $i$의 질량 $m_i$, $\{i\}$에서 본 질량 중심 $c_i$,
#   질량 중심에 대한 회전 관성 $I_{c,i}$를 $\{i\}$의 **원점에 대해** 모은 $6\times6$ 행렬
#   (`chain.inertias[i]`). 블록의 식과 유도는 3.1.3절의 식 {eq}`eq-31-spatial`에 있다.
#
# 관절 $i$가 $q_i$만큼 움직였을 때 $\{i\}$에서 본 $\{i-1\}$의 자세는 홈 자세에 관절의
# 운동을 거꾸로 적용한 것이다.
#
# $$
# T_{i,i-1}(q_i) = e^{-[A_i]\,q_i}\,M_{i,i-1}.
# $$ (eq-rnea-pose)
#
# 트위스트는 $V=(\omega, v)$, 곧 각속도를 먼저 적고 좌표계 원점에 있는 물체 점의 속도를
# 나중에 적는다. 렌치는 $F=(n, f)$, 곧 원점에 대한 모멘트 $n$을 먼저 적고 힘 $f$를 나중에
# 적는다. 모멘트를 $m$이 아니라 $n$으로 쓰는 것은 $m_i$가 이미 링크의 질량이기 때문이다. 모든
# 양은 그 링크 자신의 좌표계 $\{i\}$에서 표현한다.
#
# ```{figure} figures/ch32_notation.png
# :name: fig-rnea-notation
# :width: 85%
#
# 이 절의 기호를 링크 둘에 그린 것(`figsrc/fig_32_notation.py`). 두 링크는 `chaindyn.Chain`으로 만든
# 사슬이고, 좌표계의 자세는 `forward_kinematics`로, 관절 렌치 $F_i$는 한 상태에서
# `joint_wrenches`로 계산했다. 파선 좌표계는 $q_i = 0$일 때의 $\{i\}$로, 이것에서 본 $\{i-1\}$이 홈
# 자세 $M_{i,i-1}$이다. 관절이 $q_i$만큼 돌면 $\{i\}$가 관절 축 둘레로 돌고, 그때 $\{i\}$에서 본
# $\{i-1\}$이 $T_{i,i-1}(q_i)$이다. 이 그림의 $\{i\}$는 일부러 관절 축에서 떨어뜨려 두어 $A_i$의 뒤
# 세 성분이 0이 아니다.
# ```
#
# {numref}`fig-rnea-notation`은 위의 정의를 한 장에 모은 것이다. 화살표의 방향에 주의한다. 자세
# $T_{i,i-1}$과 $M_{i,i-1}$은 $\{i\}$**에서 본** $\{i-1\}$이므로 $\{i\}$에서 $\{i-1\}$을 가리킨다.
#
# (sec-rnea-definitions)=
# **계산에 필요한 정의.** 아래 점화식을 코드로 옮기려면 다음 다섯 가지가 필요하다. 트위스트와 수반
# 변환은 {doc}`notation`에, 지수 곱 순기구학은 2.8.2절에 있다. 여기서는 그 내용을 이 장의 기호로 다시
# 적는다.
#
# *반대칭 행렬.* 3차원 벡터 $\omega = (\omega_1,\omega_2,\omega_3)$의 반대칭 행렬은 외적을
# 행렬 곱으로 바꾼다.
#
# $$
# [\omega] = \begin{bmatrix} 0 & -\omega_3 & \omega_2\\ \omega_3 & 0 & -\omega_1\\
# -\omega_2 & \omega_1 & 0 \end{bmatrix}, \qquad [\omega]\,x = \omega\times x .
# $$ (eq-rnea-skew)
#
# 트위스트나 스크루 축 $V=(\omega, v)$에 대해서는 $4\times4$ 행렬
# $[V] = \begin{bmatrix}[\omega] & v\\ 0 & 0\end{bmatrix}$을 쓰며, 식 {eq}`eq-rnea-pose`의
# $[A_i]$가 이것이다.
#
# *수반 변환.* 자세 $T=(R,p)$가 좌표계 $\{b\}$를 $\{a\}$에서 본 것(회전 $R$, 원점 위치 $p$)일
# 때, $\{b\}$에서 적은 트위스트를 $\{a\}$에서 다시 적는 $6\times6$ 행렬은
#
# $$
# \mathrm{Ad}_T = \begin{bmatrix} R & 0\\ [p]R & R \end{bmatrix}
# $$ (eq-rnea-adjoint)
#
# 이다. 위 블록 행은 각속도의 방향만 돌려 적는다. 아래 블록 행은 속도를 돌려 적고, 원점이
# $p$만큼 떨어져 있어서 생기는 속도 $p\times(R\omega)$를 더한다. 그래서 아래 왼쪽 블록 $[p]R$은
# 입력의 회전 성분에만 곱해진다.
#
# 같은 변환을 $4\times4$ 행렬로 보면 닮음 변환이다. 트위스트 $Y = (\omega, v)$에 대해
#
# $$
# [\mathrm{Ad}_T Y] = T\,[Y]\,T^{-1}
# $$ (eq-rnea-adconj)
#
# 가 성립한다. 블록을 곱해 확인할 수 있다. $T[Y]T^{-1}$의 왼쪽 위 블록은 $R[\omega]R^{\mathsf T}$이고,
# 회전은 외적을 보존하므로 이것이 $[R\omega]$이다. 오른쪽 위 블록은
# $-[R\omega]\,p + Rv = p\times(R\omega) + Rv$로, 식 {eq}`eq-rnea-adjoint`의 아래 블록 행이
# 주는 선속도와 같다. 그러니 식 {eq}`eq-rnea-adjoint`와 {eq}`eq-rnea-adconj`는 같은 정의를 두 가지로
# 적은 것이고, 전방 순환의 가속도를 유도할 때(식 {eq}`eq-rnea-adrate`)는 뒤의 꼴을 쓴다.
#
# *리 괄호.* 트위스트 $V = (\omega, v)$에 대해
#
# $$
# \mathrm{ad}_V = \begin{bmatrix} [\omega] & 0\\ [v] & [\omega] \end{bmatrix}
# $$ (eq-rnea-bracket)
#
# 로 두면 $\mathrm{ad}_V W$는 두 트위스트의 리 괄호 $[V, W]$이고, $4\times4$ 행렬로는
# $[V][W] - [W][V]$이다. 정의에서 바로 $\mathrm{ad}_V V = 0$과
# $\mathrm{ad}_V W = -\mathrm{ad}_W V$가 나온다.
#
# *스크루 지수.* 단위 스크루 축 $A = (\hat w, u)$를 따라 $q$만큼 움직인 변위
# $e^{[A]q} = (R, p)$는 지수 급수 $\sum_k ([A]q)^k/k!$이다. 회전 관절($\lVert\hat w\rVert = 1$)이면
# 이 급수가 닫힌 꼴이 된다. 단위 벡터의 반대칭 행렬은 $[\hat w]^3 = -[\hat w]$를 만족하므로,
# $[\hat w]$의 거듭제곱은 모두 $[\hat w]$나 $[\hat w]^2$로 돌아온다. 회전 블록의 급수를 이 두 행렬과
# $\mathbf 1$로 묶으면 계수가 사인과 코사인의 급수가 되어 로드리게스 공식이 나온다. $4\times4$ 행렬의
# 오른쪽 위 블록은 $\sum_{k\ge1} q^k[\hat w]^{k-1}u/k!$, 곧 회전 블록을 $0$부터 $q$까지 적분한
# 행렬 $\Gamma(q) = \int_0^q e^{[\hat w]s}\,ds$를 $u$에 곱한 것이다. 적분은 세 행렬의 계수를 하나씩
# 적분하면 된다.
#
# $$
# R = e^{[\hat w]q} = \mathbf 1 + \sin q\,[\hat w] + (1-\cos q)\,[\hat w]^2,
# \qquad
# p = \Gamma(q)\,u, \quad
# \Gamma(q) = q\,\mathbf 1 + (1-\cos q)\,[\hat w] + (q-\sin q)\,[\hat w]^2
# $$ (eq-rnea-exp)
#
# 직동 관절($\hat w = 0$, $\lVert u\rVert = 1$)이면 회전이 없으므로 $R = \mathbf 1$, $p = u\,q$이다.
# 식 {eq}`eq-rnea-pose`는 이것을 $q$ 자리에 $-q_i$를 넣어 계산하고 홈 자세 $M_{i,i-1}$ 앞에 곱한다.
#
# *렌치의 좌표 변환.* 렌치와 트위스트의 곱 $F^{\mathsf T}V = n\cdot\omega + f\cdot v$는 그 렌치가
# 하는 일률이고, 일률은 어느 좌표계에서 계산해도 같은 스칼라이다. 이 사실이 렌치를 옮기는
# 행렬과 방향을 정한다. 어떤 트위스트를 $\{i\}$에서 적은 것이 $V$라면, 같은 트위스트를
# $\{i+1\}$에서 적은 것은 $\mathrm{Ad}_{T_{i+1,i}}V$이다. 즉 트위스트는 $\mathrm{Ad}_{T_{i+1,i}}$로
# $\{i\}$에서 $\{i+1\}$로 간다. 이제 $\{i+1\}$에서 적은 렌치 $F_{i+1}$의 일률을 계산하면
#
# $$
# F_{i+1}^{\mathsf T}\big(\mathrm{Ad}_{T_{i+1,i}}V\big)
#   = \big(\mathrm{Ad}_{T_{i+1,i}}^{\mathsf T}F_{i+1}\big)^{\mathsf T}V
# $$ (eq-rnea-wrench-map)
#
# 이다. 오른쪽은 $\{i\}$에서 적은 트위스트 $V$와의 곱이므로, 괄호 안의
# $\mathrm{Ad}_{T_{i+1,i}}^{\mathsf T}F_{i+1}$이 같은 렌치를 $\{i\}$에서 적은 것이다. 렌치는 같은
# 행렬의 전치로, 트위스트와 **반대 방향**인 $\{i+1\}$에서 $\{i\}$로 옮겨진다. 후방 순환이 말단에서
# 기저 쪽으로 렌치를 넘길 때 쓰는 것이 바로 이 규칙이다.
#
# **정의의 구현.** `chaindyn.spatial`의 네 함수가 이 정의를 그대로 옮긴다. 아래는 책을 만들 때
# 파일에서 직접 읽어 온 실제 소스이다. `skew`가 식 {eq}`eq-rnea-skew`의 $[\omega]$를 만든다.
# 먼저 스크루 지수 `screw_exp`(식 {eq}`eq-rnea-exp`)이다. 코드는 위의 유도를 따른다. $\hat w$가
# 0이 아니면(회전 관절) 세 행렬 $\mathbf 1$, $[\hat w]$, $[\hat w]^2$를 `basis`로 한 번 만들고, 회전의
# 계수 $(1, \sin q, 1-\cos q)$와 그것을 적분한 $\Gamma$의 계수 $(q, 1-\cos q, q-\sin q)$를 각각
# `_on_basis`로 같은 세 행렬에 곱해 더한다. $\hat w = 0$이면 직동 관절의 평행 이동만 돌려준다.
#
# ```{literalinclude} ../src/chaindyn/spatial.py
# :language: python
# :pyobject: screw_exp
# ```
#
# ```{literalinclude} ../src/chaindyn/spatial.py
# :language: python
# :pyobject: _on_basis
# ```
#
# 두 자세의 곱 `pose_mul`은 $(R_a, p_a)(R_b, p_b) = (R_aR_b,\ R_ap_b + p_a)$이다.
#
# ```{literalinclude} ../src/chaindyn/spatial.py
# :language: python
# :pyobject: pose_mul
# ```
#
# 수반 변환 `Ad_rp`(식 {eq}`eq-rnea-adjoint`)와 리 괄호 행렬 `ad`(식 {eq}`eq-rnea-bracket`)는 블록을 이어
# 붙여 $6\times6$ 행렬을 만든다. `Ad_rp`의 독스트링이 렌치에 대해 적은 $\mathrm{Ad}_T^{-\mathsf T}$는
# 식 {eq}`eq-rnea-wrench-map`과 같은 규칙이다. $T = T_{i,i+1}$로 두면
# $\mathrm{Ad}_T^{-\mathsf T} = \mathrm{Ad}_{T_{i+1,i}}^{\mathsf T}$이기 때문이다.
#
# ```{literalinclude} ../src/chaindyn/spatial.py
# :language: python
# :pyobject: Ad_rp
# ```
#
# ```{literalinclude} ../src/chaindyn/spatial.py
# :language: python
# :pyobject: ad
# ```
#
# 아래 셀은 두 함수를 정의식과 다른 길로 확인한다. `screw_exp`가 정말 $[A]$의 지수라면
# $e^{[A]a}e^{[A]b} = e^{[A](a+b)}$이고 $q=0$에서의 미분이 $[A]$여야 한다(생성원이 $[A]$인
# 한 매개변수 부분군은 하나뿐이다). `ad`로 계산한 $\mathrm{ad}_V W$는 $4\times4$ 행렬의 교환자
# $[V][W]-[W][V]$와 같아야 한다. 그다음 셀은 식 {eq}`eq-rnea-adconj`를 임의의 자세와 트위스트로
# 확인한다.

# %% tags=["nbval-ignore-output"]
rng_def = np.random.default_rng(ch32.SEED)
axis = rng_def.standard_normal(3)
axis /= np.linalg.norm(axis)
A_rev = np.concatenate([axis, -np.cross(axis, rng_def.standard_normal(3))])  # 회전 관절 축


def hat4(V):
    """트위스트 V = (ω, v)의 4×4 행렬 [V] (확인용)."""
    H = np.zeros((4, 4))
    H[:3, :3], H[:3, 3] = spatial.skew(V[:3]), V[3:]
    return H


def as_T(Rp):
    """(R, p) 쌍을 4×4 동차 행렬로 (확인용)."""
    T = np.eye(4)
    T[:3, :3], T[:3, 3] = Rp
    return T


a_ang, b_ang, h = 0.7, -1.9, 1e-6
E_a, E_b = as_T(spatial.screw_exp(A_rev, a_ang)), as_T(spatial.screw_exp(A_rev, b_ang))
group_err = float(np.abs(E_a @ E_b - as_T(spatial.screw_exp(A_rev, a_ang + b_ang))).max())
deriv = (as_T(spatial.screw_exp(A_rev, h)) - as_T(spatial.screw_exp(A_rev, -h))) / (2 * h)
deriv_err = float(np.abs(deriv - hat4(A_rev)).max())
V_t, W_t = rng_def.standard_normal(6), rng_def.standard_normal(6)
bracket = hat4(V_t) @ hat4(W_t) - hat4(W_t) @ hat4(V_t)
ad_err = float(np.abs(hat4(spatial.ad(V_t) @ W_t) - bracket).max())
def_bounds = {"group": 1e-12, "deriv": 1e-8, "ad": 1e-12}  # 허용 오차
claims.within("rn-def-group", "군 성질의 차이는 {glue:text}`rn_def_group`(허용 "
              "{glue:text}`rn_def_group_bound`)", group_err, def_bounds["group"])
claims.within("rn-def-ad", "`ad`와 교환자의 차이는 {glue:text}`rn_def_ad`(허용 "
              "{glue:text}`rn_def_ad_bound`)", ad_err, def_bounds["ad"])
claims.within("rn-def-deriv", "미분의 차이 {glue:text}`rn_def_deriv`(허용 "
              "{glue:text}`rn_def_deriv_bound`)", deriv_err, def_bounds["deriv"])
glue("rn_def_group", sci(group_err), display=False)
glue("rn_def_deriv", sci(deriv_err), display=False)
glue("rn_def_ad", sci(ad_err), display=False)
for key, bound in def_bounds.items():
    glue(f"rn_def_{key}_bound", sci(bound, 1), display=False)
print(f"지수의 군 성질 {group_err:.1e}, 중심 차분 미분 대 [A] {deriv_err:.1e}, "
      f"ad 대 교환자 {ad_err:.1e}")

# %%
# 식 eq-rnea-adconj: [Ad_T Y] = T [Y] T^{-1}, 임의의 자세 T와 트위스트 Y로
rng_conj = np.random.default_rng(ch32.SEED + 1)
T_conj = arm.home[2] @ as_T(spatial.screw_exp(A_rev, a_ang))  # 회전과 이동이 모두 있는 자세
Y_conj = rng_conj.standard_normal(6)
conj = T_conj @ hat4(Y_conj) @ np.linalg.inv(T_conj)
conj_ok = bool(np.allclose(hat4(spatial.Ad(T_conj) @ Y_conj), conj, rtol=0.0, atol=1e-12))
assert conj_ok
print("[Ad_T Y]와 T [Y] T^-1의 차이가 1e-12 미만:", conj_ok)

# %% [markdown]
# % claim: rn-def-group, rn-def-ad, rn-def-deriv
#
# 군 성질의 차이는 {glue:text}`rn_def_group`(허용 {glue:text}`rn_def_group_bound`), `ad`와 교환자의
# 차이는 {glue:text}`rn_def_ad`(허용 {glue:text}`rn_def_ad_bound`)이다. 미분의 차이
# {glue:text}`rn_def_deriv`(허용 {glue:text}`rn_def_deriv_bound`)는 중심 차분 자체의 절단·반올림
# 오차 크기이다.
#
# 알고리즘의 입력은 관절 위치·속도·가속도 $q,\dot q,\ddot q\in\mathbb{R}^n$, 기저 좌표계에서
# 적은 중력 가속도 벡터 $\mathfrak{g}$, 그리고 말단 링크가 **환경에 가하는** 렌치
# $F_{\mathrm{tip}}$($\{n\}$에서 표현)이다. 중력 *벡터* $\mathfrak{g}$(코드 인자 `gravity`)와
# 중력 *토크* $g(q)$(코드 함수 `gravity_torque`)는 글자가 비슷하지만 다른 양이다. 출력은 관절
# 토크(직동 관절이면 힘) $\tau\in\mathbb{R}^n$과, 원한다면 각 관절이 전달하는 렌치
# $F_1,\dots,F_n$이다.

# %% [markdown]
# (sec-rnea-forward)=
# ### 3.2.3.2 전방 순환: 트위스트와 그 미분을 말단 쪽으로
#
# **속도.** 링크 $i$의 운동은 두 부분으로 나뉜다. 하나는 링크 $i-1$이 움직이면서 관절 $i$와
# 링크 $i$를 함께 실어 나르는 운동이고, 다른 하나는 관절 $i$가 그 위에 보태는 상대 운동
# $A_i\dot q_i$이다. 앞의 것은 링크 $i-1$의 트위스트 그 자체이지만 $\{i-1\}$의 성분으로 적혀
# 있으므로, 수반 변환 $\mathrm{Ad}_{T_{i,i-1}}$(식 {eq}`eq-rnea-adjoint`)로 $\{i\}$의 성분으로 바꿔
# 적은 뒤에 더한다.
#
# $$
# V_i = \mathrm{Ad}_{T_{i,i-1}}\,V_{i-1} + A_i\,\dot q_i, \qquad V_0 = 0.
# $$ (eq-rnea-twist)
#
# 기저가 정지해 있으므로 $V_0=0$이다. 식 {eq}`eq-rnea-twist`를 $i=1$부터 $n$까지 적용하면
# 모든 링크의 트위스트가 나온다. 말단의 트위스트 $V_n$은 물체 야코비안으로 쓴
# $J_b(q)\dot q$(2.8장, {doc}`ch2_8_jacobians`)와 같다.
#
# **가속도.** 식 {eq}`eq-rnea-twist`를 시간으로 미분한다. 까다로운 부분은
# $\mathrm{Ad}_{T_{i,i-1}}$ 자체가 $q_i$를 통해 시간에 따라 변한다는 점이다. 식
# {eq}`eq-rnea-pose`에서 $\dot T_{i,i-1} = -[A_i]\dot q_i\,T_{i,i-1}$이다. 일반적으로 어떤
# 자세 $T$가 $\dot T = [X]\,T$를 따른다고 하고, 고정된 트위스트 $Y$에 대해 $\mathrm{Ad}_T Y$가
# 어떻게 변하는지 보자. 식 {eq}`eq-rnea-adconj`에 따라 $[\mathrm{Ad}_T Y] = T[Y]T^{-1}$이다.
# $\frac{d}{dt}T^{-1} = -T^{-1}\dot T\,T^{-1} = -T^{-1}[X]$를 써서 곱을 미분하면
#
# $$
# \frac{d}{dt}\big(T[Y]T^{-1}\big) = [X]\,T[Y]T^{-1} - T[Y]T^{-1}[X]
# = [X]\,[\mathrm{Ad}_T Y] - [\mathrm{Ad}_T Y]\,[X]
# $$
#
# 이다. 오른쪽은 $4\times4$ 행렬의 교환자이고, 식 {eq}`eq-rnea-bracket` 아래에 적은 대로 이것은
# 트위스트로 $\mathrm{ad}_X(\mathrm{Ad}_T Y)$이다. 즉
# $\frac{d}{dt}(\mathrm{Ad}_T Y) = \mathrm{ad}_X\,\mathrm{Ad}_T Y$가 모든 $Y$에 대해 성립한다.
# 여기에 $X = -A_i\dot q_i$를 넣으면
#
# $$
# \frac{d}{dt}\mathrm{Ad}_{T_{i,i-1}} = -\,\mathrm{ad}_{A_i\dot q_i}\,\mathrm{Ad}_{T_{i,i-1}}
# $$ (eq-rnea-adrate)
#
# 이다. 이제 식 {eq}`eq-rnea-twist`를 미분하고 차례로 정리한다.
#
# $$
# \begin{aligned}
# \dot V_i
# &= \mathrm{Ad}_{T_{i,i-1}}\dot V_{i-1} - \mathrm{ad}_{A_i\dot q_i}\big(\mathrm{Ad}_{T_{i,i-1}}V_{i-1}\big)
#    + A_i\ddot q_i \\
# &= \mathrm{Ad}_{T_{i,i-1}}\dot V_{i-1} - \mathrm{ad}_{A_i\dot q_i}\big(V_i - A_i\dot q_i\big)
#    + A_i\ddot q_i \\
# &= \mathrm{Ad}_{T_{i,i-1}}\dot V_{i-1} - \mathrm{ad}_{A_i\dot q_i}V_i + A_i\ddot q_i \\
# &= \mathrm{Ad}_{T_{i,i-1}}\dot V_{i-1} + \mathrm{ad}_{V_i}(A_i)\,\dot q_i + A_i\ddot q_i .
# \end{aligned}
# $$ (eq-rnea-accel)
#
# 둘째 줄은 식 {eq}`eq-rnea-twist`로 $\mathrm{Ad}_{T_{i,i-1}}V_{i-1} = V_i - A_i\dot q_i$를
# 넣은 것이다. 셋째 줄은 $\mathrm{ad}_X X = 0$(자기 자신과의 리 괄호는 0)을, 넷째 줄은 리
# 괄호의 반대칭성 $\mathrm{ad}_X Y = -\mathrm{ad}_Y X$를 쓴 것이다. 같은 가속도 점화식이 Modern
# Robotics {cite:p}`lynch2017modern` 8.3절에도 있다. 이 책은 그 절과 대조하지 않고 유도를 위처럼
# 직접 적었다. RBDA 5.3절의 물체 좌표 식 (5.15)에서는 같은 항이 $v_i\times S_i\dot q_i$로 나타난다.
# 넷째 줄의 $\mathrm{ad}_{V_i}(A_i)\dot q_i$가 바로
# "움직이는 좌표계에서 본 상대 운동"이 만드는 항이다. 회전 관절이면 이 항의 회전(각가속도) 성분은
# 식 {eq}`eq-rnea-bracket`의 위 블록에서 $[\omega_i]\,\hat w_i\dot q_i = \omega_i \times \hat w_i\dot q_i$로,
# 고전 역학에서 각가속도를 합성할 때 나오는 항과 같다. 이 항을 빠뜨린 구현이 어떤 계산에서 맞는
# 값을 내고 어떤 계산에서 틀리는지는 3.2.11.1절의 {numref}`ex-32-cp1`에서 따져 본다.
#
# (sec-rnea-gravity)=
# **중력을 기저 가속도로 넣기.** 전방 순환을
#
# $$
# V_0 = 0, \qquad \dot V_0 = (\dot\omega_0,\ \dot v_0) = (0,\ -\mathfrak{g})
# $$ (eq-rnea-gravity)
#
# 로 시작하면, 중력을 따로 계산하지 않아도 모든 링크에 중력이 정확히 들어간다. 이유는 세
# 단계로 설명된다.
#
# 1. *균일한 장.* 중력장이 균일하면 링크의 모든 질량 요소 $dm$이 같은 벡터의 힘
#    $dm\,\mathfrak{g}$를 받는다. 그 합력은 질량 중심에 작용하는 $m_i\mathfrak{g}$ 하나로
#    정확히 모이고, $\{i\}$의 원점에 대한 렌치로 적으면
#    $(c_i\times m_i\mathfrak{g}_i,\ m_i\mathfrak{g}_i) = \mathcal{G}_i\,(0,\ \mathfrak{g}_i)$이다.
#    여기서 $\mathfrak{g}_i$는 $\mathfrak{g}$를 $\{i\}$의 성분으로 적은 것이고, 둘째 등호는
#    식 {eq}`eq-31-spatial`에 $(0, \mathfrak{g}_i)$를 곱해 보면 확인된다.
# 2. *운동방정식으로 옮기기.* 이 중력 렌치를 링크 $i$의 뉴턴-오일러 방정식
#    {eq}`eq-31-ne`의 왼쪽에서 오른쪽으로 넘기면, 관성 렌치 안의 $\dot V_i$가
#    $\dot V_i - (0,\mathfrak{g}_i)$로 바뀌는 것과 똑같다.
# 3. *순환으로 옮기기.* 전방 순환에서 $\dot V_0$는 속도와 무관하게 선형으로 더해진다. 또
#    회전(각가속도) 성분이 0인 벡터 $(0, -\mathfrak{g})$를 $\mathrm{Ad}$로 옮기면
#    $(0, -\mathfrak{g}_i)$가 된다. 식 {eq}`eq-rnea-adjoint`의 아래 왼쪽 블록 $[p]R$은 입력의 회전
#    성분에만 곱해지는데, 그 성분이 0이어서 원점의 이동이 아무것도 더하지 않기 때문이다.
#    그러므로 $\dot V_0 = (0,-\mathfrak{g})$로 시작하면 모든 링크에서 정확히
#    $\dot V_i - (0,\mathfrak{g}_i)$를 쓴 셈이 된다.
#
# % claim: rn-weight-eq
#
# 물리적으로는 등가 원리이다. 균일한 중력장 속에 정지한 기저와, 중력이 없는 공간에서 위쪽으로
# $\mathfrak{g}$의 크기로 가속하는 기저는 사슬의 어떤 링크에게도 구별되지 않는다. 각 링크는
# 어느 쪽이든 질량 중심에 $m_i\mathfrak{g}$의 힘을 받는 것과 같은 효과를 느낀다(식으로 보이는 것은
# {numref}`ex-32-cp3`이다). RBDA
# {cite:p}`featherstone2008rigid` 5.3절(94쪽)도 균일한 중력장을 기저의 가상 가속도
# $a_0 = -a_g$로 넣는 같은 방법을 적는다. 이 대체가 근사가 아니라는 것은 위 결과 3의 정역학 계산이
# 숫자로 보인다. 정지한 팔의 첫 관절이 떠받치는 힘과 팔 전체의 무게 {glue:text}`rn_weight:.2f` N의
# 차이는 최대 {glue:text}`rn_weight_err` N이다(허용 {glue:text}`rn_weight_err_bound`). 주의할 점은 이렇게 계산한 $\dot V_i$가 링크의 *실제* 가속도가 아니라 $(0,\mathfrak{g}_i)$만큼
# 어긋난 값이라는 것이다. 링크의 가속도 자체가 필요하면 중력을 끄고(`gravity=(0, 0, 0)`)
# 따로 계산해야 한다. 또 이 방법은 중력장이 균일하다는 가정에 기대므로, 장의 세기나 방향이
# 사슬 크기 안에서 달라지는 경우에는 그대로 쓸 수 없다.
#
# **움직이는 기저.** 점화식 {eq}`eq-rnea-twist`–{eq}`eq-rnea-accel`은 출발값 $V_0$, $\dot V_0$에
# 아무 조건도 두지 않는다. 바퀴 달린 차체 위의 팔처럼 기저 자체가 움직여도, 차체의 트위스트와 그
# 미분을 출발값에 넣으면 식은 그대로 쓸 수 있다. `chaindyn.rnea`는 이 일반성을 쓰지 않는다. 기저
# 쪽에서 받는 것은 중력 벡터뿐이어서, $V_0$는 늘 0이고 $\dot V_0$에는 $-\mathfrak{g}$라는 병진
# 성분 하나만 들어간다. 기저가 움직이는 경우와 부유 기저는 3.13장(이 책 범위 밖)의 주제이다.

# %% [markdown]
# (sec-rnea-backward)=
# ### 3.2.3.3 후방 순환: 관절 렌치를 기저 쪽으로 모으기
#
# **링크 하나의 뉴턴-오일러 방정식.** 트위스트 $V_i$로 움직이는 강체 $i$가 받는 모든 렌치의
# 합 $F_{\text{합},i}$(좌표계 $\{i\}$에서 표현)는 3.1.4절의 식 {eq}`eq-31-ne`에 링크 $i$의 양을 넣은
# $\mathcal{G}_i\dot V_i - \mathrm{ad}_{V_i}^{\mathsf T}(\mathcal{G}_iV_i)$이다. $\mathcal{G}_iV_i$는 링크의
# 운동량이고, 둘째 항은 회전하는 좌표계에서 운동량 성분을 미분할 때 생긴다. 그 항의 물리적 뜻은
# 3.1.4.2절에 있다. RBDA 5.3절의 식
# (5.9) $f_i^B = I_i a_i + v_i\times^{*} I_i v_i$가 같은 식이다. 그 책의 $v\times^{*}$가 이 책의
# $-\mathrm{ad}_V^{\mathsf T}$이다.
#
# **렌치의 평형.** 링크 $i$가 받는 렌치는 두 가지뿐이다. 관절 $i$를 통해 링크 $i-1$에서 받는
# 렌치 $F_i$, 그리고 관절 $i+1$을 통해 링크 $i+1$에게 $F_{i+1}$을 가하므로 그 반작용으로
# 받는 $-F_{i+1}$이다. 두 번째 렌치는 $\{i+1\}$에서 적혀 있으므로, 식
# {eq}`eq-rnea-wrench-map`의 규칙대로 $\mathrm{Ad}_{T_{i+1,i}}^{\mathsf T}$를 곱해 $\{i\}$로
# 옮긴다(트위스트를 $\{i\}$에서 $\{i+1\}$로 옮기는 행렬의 전치이다). 이 합을 식
# {eq}`eq-31-ne`와 같다고 두면
#
# $$
# F_i = \mathrm{Ad}_{T_{i+1,i}}^{\mathsf T}\,F_{i+1} + \mathcal{G}_i\,\dot V_i
#       - \mathrm{ad}_{V_i}^{\mathsf T}\big(\mathcal{G}_iV_i\big),
# \qquad F_{n+1} = F_{\mathrm{tip}}
# $$ (eq-rnea-wrench)
#
# 이다. 말단 링크 $n$에는 "다음 링크" 대신 환경이 있다. 말단이 환경에 $F_{\mathrm{tip}}$을
# 가하면 환경은 말단에 $-F_{\mathrm{tip}}$을 가한다. 그래서 $F_{n+1}$ 자리에 $F_{\mathrm{tip}}$이
# 들어간다(말단 렌치를 $\{n\}$에서 적었으므로 $T_{n+1,n}$은 항등 변환이다). 이 식을
# $i=n$부터 $1$까지 적용하면 모든 관절 렌치가 나온다. 중력은 이미 $\dot V_i$ 속에 들어 있다.
#
# **관절 토크.** 모터가 관절 $i$에 넣는 일률은 $\tau_i\dot q_i$이다. 같은 일률을 관절 렌치
# $F_i$로 적어 보자. 관절이 허용하는 상대 운동은 축을 따른 $A_i\dot q_i$ 하나뿐이므로, $F_i$가
# 이 상대 운동에 대해 하는 일률은 $F_i^{\mathsf T}A_i\dot q_i$이다. 마찰이 없는 이상적인
# 관절이라면 베어링이 떠받치는 구속 렌치는 허용된 운동에 대해 일을 하지 않으므로, 이 일률은
# 전부 모터의 몫이다. 두 표현이 어떤 $\dot q_i$에서나 같아야 하므로
#
# $$
# \tau_i = F_i^{\mathsf T}A_i = \hat w_i^{\mathsf T}n_i + u_i^{\mathsf T}f_i
# $$ (eq-rnea-torque)
#
# 이다. 여기서 $F_i = (n_i, f_i)$는 관절 렌치를 모멘트 $n_i$와 힘 $f_i$로 나누어 적은 것이다.
# 축이 $\{i\}$의 $z$축인 회전 관절이면 $\tau_i$는 모멘트 $n_i$의 $z$ 성분이다. 직동 관절이면 $\tau_i$는
# 힘 $f_i$의 미끄럼 방향 성분이다.
#
# **나머지 다섯 성분.** $F_i$는 여섯 성분을 갖지만 $\tau_i$는 그 가운데 $A_i$ 방향 하나이다.
# 관절이 허용하는 운동 $A_i\dot q_i$에 대해 일률을 만들지 않는 성분들은 모터의 몫이 아니다. 이것이
# 구속 렌치이고, 관절을 이루는 베어링과 하우징, 그리고 링크의 뼈대가 받아 낸다. 축이 $z$축인 회전 관절이라면 모멘트 $n_i$의 $x,y$ 성분은 베어링을 기울이려는 전도
# 모멘트, 힘 $f_i$의 $z$ 성분은 축 방향 하중, $x,y$ 성분은 반경 방향 하중이다. 제어 엔지니어에게는
# 버리는 값이지만 기구 설계자에게는 베어링 선정과 구조 검토의 입력이다. RNEA는 이 값을 추가
# 계산 없이 내주며, `chaindyn.joint_wrenches`가 $F_1,\dots,F_n$을 모두 돌려준다. RBDA 5.3절(94쪽)도
# 관절 베어링을 고르는 데 이 렌치를 쓸 수 있다고 적는다. 이 하중으로 베어링 수명이나 안전계수를
# 정하는 일은 4.2장(이 책 범위 밖)의 몫이다.
#
# 아래 셀은 예제 6R 팔의 궤적에서 한 시각을 골라 관절 렌치를 계산하고, 식
# {eq}`eq-rnea-torque`로 얻은 값이 `rnea`의 토크와 같은지 확인한다.

# %%
t_traj, q_traj, qd_traj, qdd_traj = models.arm6r_trajectory()
k = 50  # 궤적의 한 표본 (가속 구간)
q, qd, qdd = q_traj[k], qd_traj[k], qdd_traj[k]
F = chaindyn.joint_wrenches(arm, q, qd, qdd, gravity=GRAVITY)  # (6, 6): F_i = (n_i, f_i)
tau = chaindyn.rnea(arm, q, qd, qdd, gravity=GRAVITY)
tau_from_F = np.array([F[i] @ arm.screws[i] for i in range(arm.n)])  # F_i^T A_i
assert np.array_equal(tau, tau_from_F)  # rnea 안과 같은 곱셈이므로 비트 단위로 같다
tipping = np.hypot(F[:, 0], F[:, 1])  # 축(z)에 수직인 모멘트 성분의 크기
claims.claim("rn-k-tipping", "이 시각에는 두 관절 모두 베어링이 받는 모멘트가 모터의 토크보다 크다",
             bool(np.all(tipping[:2] > np.abs(tau[:2]))), tipping=tipping[:2], drive=tau[:2])
glue("rn_k_t", fixed(float(t_traj[k]), 4), display=False)
for i in (0, 1):
    n_i, f_i = F[i, :3], F[i, 3:]  # 모멘트 n_i, 힘 f_i
    glue(f"rn_F{i + 1}_drive", fixed(float(n_i[2]), 4), display=False)
    glue(f"rn_F{i + 1}_tip", fixed(float(np.hypot(n_i[0], n_i[1])), 4), display=False)
    glue(f"rn_F{i + 1}_axial", fixed(float(f_i[2]), 4), display=False)
    glue(f"rn_F{i + 1}_radial", fixed(float(np.hypot(f_i[0], f_i[1])), 4), display=False)
print("t =", fixed(float(t_traj[k]), 4), "s")
print("F_1 =", fixed(F[0], 4))
print("F_2 =", fixed(F[1], 4))
print("tau =", fixed(tau, 4))

# %% [markdown]
# % claim: rn-k-tipping
#
# 시각 $t=$ {glue:text}`rn_k_t` s에서 관절 1은 구동 토크 {glue:text}`rn_F1_drive:.2f` N·m를
# 내는 동안, 베어링이 전도 모멘트 {glue:text}`rn_F1_tip:.2f` N·m, 축 방향 힘
# {glue:text}`rn_F1_axial:.2f` N, 반경 방향 힘 {glue:text}`rn_F1_radial:.2f` N을 받는다.
# 관절 2(수평 축)에서는 구동 토크가 {glue:text}`rn_F2_drive:.2f` N·m, 전도 모멘트가
# {glue:text}`rn_F2_tip:.2f` N·m이다. 이 시각에는 두 관절 모두 베어링이 받는 모멘트가 모터의
# 토크보다 크다. 궤적 전체의 최댓값과 그 해석은 풀이 예제 ⑤({doc}`ch3_2_examples`)에 있다.

# %% [markdown]
# (sec-rnea-classic)=
# ### 3.2.3.4 3차원 벡터 형태와의 관계
#
# RNEA는 처음에 각속도·선가속도·힘·모멘트를 따로따로 3차원 벡터로 적는 형태로 나왔다. RBDA
# 5.4절(97쪽)은 이 알고리즘을 처음 기술한 논문으로 {cite:t}`luh1980online`을 든다. 같은 책
# 5.5절(99쪽)은 뉴턴-오일러 방정식을 재귀로 푸는 발상의 이른 형태를 Stepanenko와
# Vukobratović(1976), 그리고 {cite:t}`orin1979kinematic`에서 찾는다. 이 장의 공간 형태는 RBDA
# 5.3절 표 5.1의 알고리즘과 같은 구조이다. RBDA 5.4절은 두 형태의 실질적인 차이가 하나뿐이라고
# 설명한다. 공간 형태는 공간 가속도를, 원래 형태는 고전 가속도를 쓴다는 것이다. 3차원 벡터 형태는
# 여러 교과서 {cite:p}`craig2018introduction,spong2020robot,siciliano2009robotics`에도 실려 있다. 이
# 책의 구현 `chaindyn.rnea_classic`은 교과서 형태를 조금 넓혀, 회전 축이 $\{i\}$의 원점을 지나지
# 않는 경우와 직동 관절까지 한 식으로 다룬다. Luh, Walker, Paul의 원 논문은 이 책이 읽지 않았다. 아래
# 식의 회전 관절 특수형($u_i = 0$)은 RBDA 표 5.2(98쪽)가 옮겨 적은 원래 알고리즘과 같은 꼴이다.
#
# 기호는 {doc}`notation`에 정리한 것과 같다. $R_{i-1,i}$는 $\{i-1\}$에서 본 $\{i\}$의 방향(현재 $q$에서),
# $P_i$는 $\{i-1\}$의 원점에서 $\{i\}$의 원점까지의 벡터($\{i-1\}$의 성분)이다. $(\hat w_i, u_i) =
# A_i$는 스크루 축의 두 반쪽, $c_i$와 $I_{c,i}$는 질량 중심과 그에 대한 회전 관성이다. 링크 $i$의
# 각속도 $\omega_i$와 각가속도 $\dot\omega_i$, 원점의 속도 $v_i$, 그리고 원점과 질량 중심이
# 관성계에 대해 갖는 가속도 $\ddot p_i$, $\ddot p_{c,i}$는 모두 $\{i\}$의 성분이다. 전방 순환은
# 다음과 같다. 맨 윗줄의 출발값은 멈춰 있는 기저($\omega_0 = v_0 = \dot\omega_0 = 0$)를 뜻하고,
# 무게는 공간 형태와 마찬가지로 기저 원점의 가속도 $\ddot p_0=-\mathfrak{g}$에 실린다.
#
# $$
# \begin{aligned}
# \omega_0 &= 0, \qquad v_0 = 0, \qquad \dot\omega_0 = 0, \qquad \ddot p_0 = -\mathfrak{g}, \\
# \omega_i &= R_{i-1,i}^{\mathsf T}\omega_{i-1} + \hat w_i\dot q_i, \qquad
# v_i = R_{i-1,i}^{\mathsf T}\big(v_{i-1} + \omega_{i-1}\times P_i\big) + u_i\dot q_i, \\
# \dot\omega_i &= R_{i-1,i}^{\mathsf T}\dot\omega_{i-1}
#   + \big(R_{i-1,i}^{\mathsf T}\omega_{i-1}\big)\times \hat w_i\dot q_i + \hat w_i\ddot q_i, \\
# \ddot p_i &= R_{i-1,i}^{\mathsf T}\big(\ddot p_{i-1} + \dot\omega_{i-1}\times P_i
#        + \omega_{i-1}\times(\omega_{i-1}\times P_i)\big) \\
#     &\qquad + \big(2R_{i-1,i}^{\mathsf T}\omega_{i-1} + \hat w_i\dot q_i\big)\times u_i\dot q_i
#        + u_i\ddot q_i, \\
# \ddot p_{c,i} &= \ddot p_i + \dot\omega_i\times c_i + \omega_i\times(\omega_i\times c_i), \\
# f_i^{*} &= m_i\,\ddot p_{c,i}, \qquad
# n_i^{*} = I_{c,i}\,\dot\omega_i + \omega_i\times I_{c,i}\,\omega_i
# \end{aligned}
# $$ (eq-rnea-classic-fwd)
#
# 후방 순환($f_{n+1}, n_{n+1}$은 $F_{\mathrm{tip}}$의 힘과 모멘트, $R_{n,n+1}=\mathbf 1$,
# $P_{n+1}=0$)은
#
# $$
# \begin{aligned}
# f_i &= R_{i,i+1}f_{i+1} + f_i^{*}, \\
# n_i &= n_i^{*} + R_{i,i+1}n_{i+1} + c_i\times f_i^{*} + P_{i+1}\times\big(R_{i,i+1}f_{i+1}\big), \\
# \tau_i &= n_i^{\mathsf T}\hat w_i + f_i^{\mathsf T}u_i
# \end{aligned}
# $$ (eq-rnea-classic-bwd)
#
# 이다. 축이 원점을 지나는 회전 관절($u_i=0$)이면 $\ddot p_i$의 마지막 두 항이 사라지고 교과서의
# 식이 된다. 직동 관절($\hat w_i=0$)이면 $2(R_{i-1,i}^{\mathsf T}\omega_{i-1})\times u_i\dot q_i$가
# 코리올리 항, $u_i\ddot q_i$가 미끄럼 가속도이다.
#
# **공간 형태의 반쪽들.** 두 형태는 같은 물리량을 다르게 묶었을 뿐이다. 대응은 다음과 같다.
#
# $$
# \begin{aligned}
# V_i &= (\omega_i,\ v_i), &
# \dot V_i &= \big(\dot\omega_i,\ \ddot p_i - \omega_i\times v_i\big), \\
# F_i &= (n_i,\ f_i), &
# \mathcal{G}_i\dot V_i - \mathrm{ad}_{V_i}^{\mathsf T}\mathcal{G}_iV_i
#   &= \big(n_i^{*} + c_i\times f_i^{*},\ f_i^{*}\big).
# \end{aligned}
# $$ (eq-rnea-halves)
#
# 트위스트와 렌치는 두 반쪽이 그대로 3차원 벡터들이다. 가속도에는 미묘한 차이가 있다.
# $\dot V_i$의 선형 반쪽은 $\{i\}$의 성분으로 적은 $v_i$를 시간으로 미분한 값이다.
# $v_i = R_{0,i}^{\mathsf T}\dot p_{0,i}$를 미분하면
# $\dot v_i = \ddot p_i - \omega_i\times v_i$($\ddot p_i = R_{0,i}^{\mathsf T}\ddot p_{0,i}$)이므로,
# 원점의 (관성계에 대한) 가속도 $\ddot p_i$와는 $\omega_i\times v_i$만큼 다르다. 이 차이는 식 {eq}`eq-31-ne`의
# $-\mathrm{ad}_{V_i}^{\mathsf T}\mathcal{G}_iV_i$ 항이 되갚아 주므로 결과 토크는 같다.
# 렌치의 경우 $n_i$는 $\{i\}$의 원점에 대한 모멘트이고, 질량 중심에 대한 관성 모멘트
# $n_i^{*}$를 원점으로 옮기는 항 $c_i\times f_i^{*}$가 공간 관성의 비대각 블록 $m_i[c_i]$에
# 해당한다.
#
# 아래 셀은 두 가지를 확인한다. 속도의 두 반쪽이 같다는 것(`link_velocities`와
# `link_twists`), 그리고 두 형태의 토크가 예제 6R 팔의 궤적 전체에서 같다는 것이다.

# %% tags=["nbval-ignore-output"]
V_all = chaindyn.link_twists(arm, q_traj, qd_traj)  # (151, 6, 6)
omega, v, _ = link_velocities(arm, q_traj, qd_traj)
vel_err = float(max(np.abs(V_all[..., :3] - omega).max(), np.abs(V_all[..., 3:] - v).max()))
tau_spatial = chaindyn.rnea(arm, q_traj, qd_traj, qdd_traj, gravity=GRAVITY)
tau_classic = chaindyn.rnea_classic(arm, q_traj, qd_traj, qdd_traj, gravity=GRAVITY)
cls_err = float(np.abs(tau_spatial - tau_classic).max())
glue("rn_vel_err", sci(vel_err), display=False)
glue("rn_cls_err", sci(cls_err), display=False)
print(f"트위스트 반쪽 대 3차원 속도: {vel_err:.1e}  rnea 대 rnea_classic: {cls_err:.1e} N·m")

# %%
vel_bound, cls_bound = 1e-12, 1e-12
claims.within("rn-vel", "트위스트의 두 반쪽과 3차원 속도의 차이는 {glue:text}`rn_vel_err`(허용 "
              "{glue:text}`rn_vel_bound`)", vel_err, vel_bound)
claims.within("rn-cls", "두 형태의 토크 차이는 {glue:text}`rn_cls_err` N·m(허용 "
              "{glue:text}`rn_cls_bound`)", cls_err, cls_bound)
glue("rn_vel_bound", sci(vel_bound, 1), display=False)
glue("rn_cls_bound", sci(cls_bound, 1), display=False)
glue("rn_traj_T", fixed(float(t_traj[-1]), 4), display=False)
print("토크 배열", tau_spatial.shape, "허용 오차", sci(vel_bound, 1), sci(cls_bound, 1))

# %% [markdown]
# % claim: rn-vel, rn-cls
#
# 예제 팔의 {glue:text}`rn_traj_T` s 궤적 {glue:text}`rn_traj_samples`개 표본에서 트위스트의 두
# 반쪽과 3차원 속도의 차이는 {glue:text}`rn_vel_err`(허용 {glue:text}`rn_vel_bound`)이다. 두 형태의
# 토크 차이는 {glue:text}`rn_cls_err` N·m(허용 {glue:text}`rn_cls_bound`)이다. 직동 관절과
# 원점을 벗어난 회전 축을 포함한 무작위 사슬에서의 비교는 위 결과 2와 풀이 예제 ①에 있다.
#
# **곱셈 횟수의 비교.** 벡터 형태는 $3\times3$ 행렬과 3차원 벡터만 다루므로 공간 형태보다
# 산술이 적으리라고 짐작하기 쉽다. 짐작 대신 세어 본다. 곱셈 계수기 `chaindyn.opcount.count`가 두
# 구현을 실제로 실행하면서 곱셈을 세고, 세는 규칙 두 가지(`"products"`와 `"all"`)는
# {numref}`tab-count-rules`에 정리해 두었다. 아래 셀이 두 규칙으로 센 결과이다.

# %%
rnea_all_1, classic_all_1 = mc["rnea_all"][0], mc["classic_all"][0]  # 링크 하나, "all" 규칙
assert mc["n"][0] == 1
# "products" 규칙: 공간 형태는 ch32가 센 per_link, 벡터 형태는 여기서 무작위 사슬로 센다
classic_prod = {}
for n_links in (1, 2, 4, 8):
    chain_n = models.random_chain(n_links, np.random.default_rng(ch32.SEED + n_links),
                                  prismatic=0.0)
    zn = np.zeros(n_links)
    classic_prod[n_links] = count(chaindyn.rnea_classic, chain_n, zn, zn, zn)
classic_prod_1 = classic_prod[1]
ratio_all = classic_all_1 / rnea_all_1
ratio_prod = classic_prod_1 / per_link
claims.claim("rn-cls-linear", "어느 규칙으로 세어도 두 형태의 곱셈 횟수는 링크 수에 정확히 비례한다",
             all(c == rnea_all_1 * n for n, c in zip(mc["n"], mc["rnea_all"]))
             and all(c == classic_all_1 * n for n, c in zip(mc["n"], mc["classic_all"]))
             and all(c == classic_prod_1 * n for n, c in classic_prod.items()),
             rnea_all=mc["rnea_all"], classic_all=mc["classic_all"], classic_prod=classic_prod)
claims.claim("rn-cls-fewer", "두 규칙 모두에서 벡터 형태가 덜 곱하므로", ratio_all < 1 and ratio_prod < 1,
             ratio_all=ratio_all, ratio_prod=ratio_prod)
claims.claim("rn-cls-wider", "`\"products\"` 규칙에서 차이가 더 벌어지는 것은", ratio_prod < ratio_all,
             ratio_all=ratio_all, ratio_prod=ratio_prod)
glue("rn_all_rnea1", rnea_all_1, display=False)
glue("rn_all_cls1", classic_all_1, display=False)
glue("rn_all_ratio", fixed(ratio_all, 4), display=False)
glue("rn_prod_cls1", classic_prod_1, display=False)
glue("rn_prod_ratio", fixed(ratio_prod, 4), display=False)
print('링크당 곱셈 ("all"):      rnea', rnea_all_1, " rnea_classic", classic_all_1,
      " 비", fixed(ratio_all, 4))
print('링크당 곱셈 ("products"): rnea', per_link, " rnea_classic", classic_prod_1,
      " 비", fixed(ratio_prod, 4))

# %% [markdown]
# % claim: rn-cls-linear
#
# 어느 규칙으로 세어도 두 형태의 곱셈 횟수는 링크 수에 정확히 비례한다. 링크 하나당 횟수는
# 다음과 같다.
#
# - `"all"` 규칙: 공간 형태 {glue:text}`rn_all_rnea1`회, 3차원 벡터 형태
#   {glue:text}`rn_all_cls1`회. 벡터 형태가 공간 형태의 {glue:text}`rn_all_ratio:.0%`만 곱한다.
# - `"products"` 규칙: 공간 형태 {glue:text}`rn_per_link`회, 3차원 벡터 형태
#   {glue:text}`rn_prod_cls1`회. 벡터 형태가 공간 형태의 {glue:text}`rn_prod_ratio:.0%`만 곱한다.
#
# % claim: rn-cls-fewer, rn-cls-wider
#
# 두 규칙 모두에서 벡터 형태가 덜 곱하므로, 산술이 적으리라는 짐작은 이 책의 두 구현에 대해서는
# **맞다**. `"products"` 규칙에서 차이가 더 벌어지는 것은 벡터 형태의 외적이 원소별 곱셈으로
# 쓰여 있어 `"all"` 규칙에서만 세어지기 때문이다({numref}`tab-count-rules` 아래의 설명). 차이의
# 뿌리는 구조에 있다. 이 책의 공간 형태는
# $6\times6$ 행렬 $\mathrm{Ad}$, $\mathrm{ad}$, $\mathcal{G}$를 0 블록과 반대칭 블록까지 그대로
# 곱한다. 벡터 형태는 같은 블록 구조를 외적과 $3\times3$ 곱으로 미리 풀어 적어 둔 셈이어서 0을
# 곱하는 일이 없다. 두 형태를 모두 최적화하면 사정이 다르다. RBDA 5.4절(99쪽)은 선속도 계산을
# 생략한 원래 형태가 공간 형태보다 조금 더 효율적이지만 그 차이가 몇 퍼센트에 그친다고 적는다.
#
# 이 비교는 *이 책의 두 구현* 사이의 비교일 뿐이다. 희소성을 살린 공간 형태의 구현은 부록 B의
# `rnea_structured`가 따로 세고({ref}`sec-b-counts`), 문헌에 실린 최적화된 형태의 곱셈 수와는
# 부록 B가 나란히 놓는다({ref}`sec-b-published`). 곱셈이 적다고 빨리 끝나는 것도 아니다. 두
# 구현의 실행 시간은 부록 B가 같은 기계에서 잰 표({numref}`tab-b-single`)에 나란히 있다.

# %% [markdown]
# (sec-rnea-opcount)=
# ### 3.2.3.5 곱셈 횟수로 본 계산량
#
# RNEA가 $O(n)$인 이유는 알고리즘 {eq}`eq-rnea-algorithm`의 모양에 이미 드러나 있다. 링크 하나를
# 처리할 때 하는 일(자세와 그 수반 행렬을 하나씩 만들고, 행렬-벡터 곱 몇 번과 덧셈을 하는 것)은
# 사슬이 얼마나 긴지와 상관이 없고, 두 순환은 그 일을 링크 수만큼 되풀이할 뿐이다. 이 절은 링크
# 하나의 몫이 이 책의 구현에서 곱셈 몇 번인지 정확히 센다. 세는 규칙은
# {numref}`tab-count-rules`의 `"products"`이다. 아래 셀은 `forward_recursion`과 `backward_recursion`이 쓰는 `chaindyn.spatial`의 함수 하나하나와
# 순환 전체의 곱셈을 `chaindyn.opcount.count`로 실제 실행하며 센다.

# %%
rng = np.random.default_rng(ch32.SEED)
one = models.random_chain(1, rng, prismatic=0.0)  # 회전 관절 링크 하나
q1, qd1, qdd1 = (rng.standard_normal(1) for _ in range(3))
A, M = one.screws[0], one.home[0]
K = spatial.skew(A[:3])
R, p = spatial.screw_exp(A, -q1[0])
Ad6 = spatial.Ad_rp(R, p)
x6 = rng.standard_normal(6)
pieces = {
    "rn_c_K2": count(np.matmul, K, K),  # 지수 사상의 [ω]^2
    "rn_c_exp": count(spatial.screw_exp, A, -q1[0]),  # [ω]^2 와 P v
    "rn_c_RR": count(np.matmul, R, M[:3, :3]),  # 자세 곱의 회전 부분
    "rn_c_pose": count(lambda Ra, pa, Rb, pb: spatial.pose_mul((Ra, pa), (Rb, pb)),
                       R, p, M[:3, :3], M[:3, 3]),
    "rn_c_Ad": count(spatial.Ad_rp, R, p),  # [p] R
    "rn_c_mv": count(np.matmul, Ad6, x6),  # 6x6 행렬-벡터 곱 하나
    "rn_c_dot": count(np.dot, x6, A),  # F^T A
}
pieces["rn_c_Pv"] = pieces["rn_c_exp"] - pieces["rn_c_K2"]
pieces["rn_c_Rp"] = pieces["rn_c_pose"] - pieces["rn_c_RR"]
# 순환 전체: 전방과 후방을 따로, 그리고 rnea 한 번
g_arr = np.asarray(GRAVITY)
fwd = count(forward_recursion, one, q1, qd1, qdd1, g_arr)
Ads, Vs, Vds = forward_recursion(one, q1, qd1, qdd1, g_arr)
bwd = count(backward_recursion, one, Ads, Vs, Vds, None)
total = count(chaindyn.rnea, one, q1, qd1, qdd1, gravity=GRAVITY)
# 전방 순환에서 자세·수반 행렬을 뺀 나머지, 후방 순환에서 내적을 뺀 나머지는 6x6 행렬-벡터 곱이다
n_fwd_mv, r1 = divmod(fwd - pieces["rn_c_exp"] - pieces["rn_c_pose"] - pieces["rn_c_Ad"],
                      pieces["rn_c_mv"])
n_bwd_mv, r2 = divmod(bwd - pieces["rn_c_dot"], pieces["rn_c_mv"])
assert r1 == 0 and r2 == 0  # 나머지가 모두 6x6 행렬-벡터 곱이다
claims.claim("rn-c-complete", "두 값이 같으므로 표가 빠뜨린 곱셈은 없다", fwd + bwd == total == per_link,
             forward=fwd, backward=bwd, rnea=total, per_link=per_link)
for key, val in pieces.items():
    glue(key, val, display=False)
glue("rn_c_fwd", fwd, display=False)
glue("rn_c_bwd", bwd, display=False)
glue("rn_n_fwd_mv", n_fwd_mv, display=False)
glue("rn_n_bwd_mv", n_bwd_mv, display=False)
glue("rn_c_fwd_mv", n_fwd_mv * pieces["rn_c_mv"], display=False)
glue("rn_c_bwd_mv", n_bwd_mv * pieces["rn_c_mv"], display=False)
glue("rn_c_total", total, display=False)
print(pieces)
print("전방", fwd, "= 지수", pieces["rn_c_exp"], "+ 자세 곱", pieces["rn_c_pose"], "+ Ad",
      pieces["rn_c_Ad"], "+", n_fwd_mv, "x", pieces["rn_c_mv"])
print("후방", bwd, "=", n_bwd_mv, "x", pieces["rn_c_mv"], "+ 내적", pieces["rn_c_dot"])
print("합", fwd + bwd, "= rnea 한 번", total)

# %% [markdown]
# 세어 보면 링크 하나의 곱셈은 다음과 같이 나뉜다.
#
# ```{list-table} 회전 관절 링크 하나에 드는 스칼라 곱셈 (products 규칙, 이 책의 구현)
# :header-rows: 1
# :name: tab-rnea-opcount
# :widths: 14 44 20 22
#
# * - 순환
#   - 계산 (식)
#   - 코드
#   - 곱셈 수
# * - 전방
#   - 지수 사상 $e^{-[A_i]q_i}$: $[\hat w_i]^2$의 $3\times3$ 곱과 $\Gamma\,u_i$, 식 {eq}`eq-rnea-exp`
#   - `screw_exp`
#   - {glue:text}`rn_c_K2` + {glue:text}`rn_c_Pv` = {glue:text}`rn_c_exp`
# * - 전방
#   - 자세 곱 $e^{-[A_i]q_i}M_{i,i-1}$: $R R'$ 와 $R\,p'$
#   - `pose_mul`
#   - {glue:text}`rn_c_RR` + {glue:text}`rn_c_Rp` = {glue:text}`rn_c_pose`
# * - 전방
#   - 수반 행렬 $\mathrm{Ad}_{T_{i,i-1}}$ 의 블록 $[p]R$
#   - `Ad_rp`
#   - {glue:text}`rn_c_Ad`
# * - 전방
#   - $6\times6$ 행렬-벡터 곱 {glue:text}`rn_n_fwd_mv`번: $\mathrm{Ad}\,V_{i-1}$,
#     $\mathrm{Ad}\,\dot V_{i-1}$, $\mathrm{ad}_{V_i}A_i$, 식 {eq}`eq-rnea-twist`와 {eq}`eq-rnea-accel`
#   - `_mv`, `@`
#   - {glue:text}`rn_n_fwd_mv` × {glue:text}`rn_c_mv` = {glue:text}`rn_c_fwd_mv`
# * - 후방
#   - $6\times6$ 행렬-벡터 곱 {glue:text}`rn_n_bwd_mv`번: $\mathcal{G}_i\dot V_i$,
#     $\mathcal{G}_iV_i$, $\mathrm{ad}_{V_i}^{\mathsf T}(\mathcal{G}_iV_i)$,
#     $\mathrm{Ad}^{\mathsf T}F_i$, 식 {eq}`eq-rnea-wrench`
#   - `_mv`
#   - {glue:text}`rn_n_bwd_mv` × {glue:text}`rn_c_mv` = {glue:text}`rn_c_bwd_mv`
# * - 후방
#   - 토크 $F_i^{\mathsf T}A_i$, 식 {eq}`eq-rnea-torque`
#   - `@`
#   - {glue:text}`rn_c_dot`
# * - 합
#   - 전방 {glue:text}`rn_c_fwd` + 후방 {glue:text}`rn_c_bwd`
#   - `rnea`
#   - {glue:text}`rn_c_total`
# ```
#
# % claim: rn-c-complete
#
# 표의 각 칸은 해당 함수 하나를 계수기로 실행한 값이고, 마지막 줄은 `rnea` 전체를 실행한
# 값이다. 두 값이 같으므로 표가 빠뜨린 곱셈은 없다. $\mathrm{ad}_V$ 행렬을 만드는 일은 성분을
# 옮기고 부호를 바꾸는 것뿐이라 곱셈이 없다. 같은 알고리즘이라도 0 블록과 반대칭 구조를
# 건너뛰게 짜면 곱셈은 줄어든다. 그러므로 이 수는 RNEA 자체의 하한이 아니라 이 책이 택한
# 밀집 구현의 수이다. 그런 구조를 살린 구현이 링크당 몇 번으로 줄어드는지는 부록 B가 센다
# ({ref}`sec-b-counts`). 라이브러리들이 실제로 몇 번 곱하는지는 이 책이 세지 않았다.

# %%
arm_n = arm.n
z6 = np.zeros(arm_n)
arm_rnea = count(chaindyn.rnea, arm, z6, z6, z6, gravity=GRAVITY)
arm_mm = count(ch32.mass_matrix_by_columns, arm, z6)  # RNEA를 열마다 따로 n번
arm_mm_pass = count(mass_matrix, arm, z6)  # 패키지의 mass_matrix: n개의 열을 한 번의 배치로
step_products = count(joint_step, arm, 0, z6[0])  # q에만 달린 관절 변환
pri_per_link = mc["rnea_prismatic"][0] // mc["n"][0]
claims.claim("rn-on-linear", "RNEA 한 번의 곱셈은 정확히 {glue:text}`rn_per_link`$\\,n$회이고",
             arm_rnea == per_link * arm_n and all(c == per_link * n for n, c in zip(mc["n"], mc["rnea"])),
             arm=arm_rnea, per_link=per_link)
claims.claim("rn-on-columns", "곱셈은 {glue:text}`rn_per_link`$\\,n^2$회",
             arm_mm == per_link * arm_n**2, arm_columns=arm_mm, per_link=per_link)
claims.claim("rn-on-batch", "관절 변환(링크당 {glue:text}`rn_step_products`회)을 열마다가 아니라 링크마다 한 번 만들므로",
             arm_mm - arm_mm_pass == step_products * arm_n * (arm_n - 1),
             columns=arm_mm, batch=arm_mm_pass, step=step_products)
claims.claim("rn-on-prismatic", "직동 관절 링크는 {glue:text}`rn_c_exp`회 적은 {glue:text}`rn_pri_per_link`회를 쓰고",
             per_link - pri_per_link == pieces["rn_c_exp"]
             and all(c == pri_per_link * n for n, c in zip(mc["n"], mc["rnea_prismatic"])),
             revolute=per_link, prismatic=pri_per_link, exp=pieces["rn_c_exp"])
glue("rn_arm_n", arm_n, display=False)
glue("rn_arm_rnea", arm_rnea, display=False)
glue("rn_arm_mm", arm_mm, display=False)
glue("rn_arm_mm_pass", arm_mm_pass, display=False)
glue("rn_step_products", step_products, display=False)
glue("rn_pri_per_link", pri_per_link, display=False)
print("6R 팔: rnea", arm_rnea, " RNEA n번", arm_mm, " mass_matrix (한 번의 배치)", arm_mm_pass)
print("직동 관절 링크당", pri_per_link, " 회전 관절과의 차이", per_link - pri_per_link)
print("n:", mc["n"])
print("rnea:", mc["rnea"])
print("mass_matrix:", mc["mass_matrix"])

# %% [markdown]
# % claim: rn-on-linear, rn-on-columns, rn-on-batch
#
# **$O(n)$과 $O(n^2)$.** 링크 하나의 몫이 일정하므로 RNEA 한 번의 곱셈은 정확히
# {glue:text}`rn_per_link`$\,n$회이고, 예제 6R 팔({glue:text}`rn_arm_n`링크)에서는
# {glue:text}`rn_arm_rnea:,d`회이다. 질량 행렬은 사정이 다르다. 토크는 $\ddot q$에 대해
# 선형이다. 그래서 속도와 중력을 끈 채($\dot q=0$, $\mathfrak{g}=0$) 단위 가속도 $\ddot q = e_j$($j$번째 성분만 1인 단위 벡터)를 넣고
# RNEA를 부르면 $M(q)$의 $j$번째 열이 정확히 나온다(3.2.3.6절). 열이 $n$개이니 RNEA를 $n$번
# 불러야 하고, 곱셈은 {glue:text}`rn_per_link`$\,n^2$회, 6R 팔에서는 {glue:text}`rn_arm_mm:,d`회가
# 된다. 패키지의 `mass_matrix`는 이 $n$번을 같은 $q$를 공유하는 한 번의 배치로 돌려, $q$에만 달린
# 관절 변환(링크당 {glue:text}`rn_step_products`회)을 열마다가 아니라 링크마다 한 번 만들므로 6R 팔에서
# {glue:text}`rn_arm_mm_pass:,d`회를 쓴다. 이보다 적은 계산으로 질량 행렬을 만드는 CRBA와 순동역학의
# ABA는 3.5장의 주제이다. $n$에 따라 곱셈 수가 어떻게 늘어나는지는 풀이 예제 ③({doc}`ch3_2_examples`)이
# 그래프로 보여 준다.
#
# % claim: rn-on-prismatic
#
# **직동 관절.** 직동 관절의 지수 사상은 $R=\mathbf 1$, $p = u_i\,q_i$여서 행렬 곱이 없다. 그래서
# 직동 관절 링크는 {glue:text}`rn_c_exp`회 적은 {glue:text}`rn_pri_per_link`회를 쓰고, 직동
# 관절만으로 된 사슬은 {glue:text}`rn_pri_per_link`$\,n$회이다.
#
# **문헌의 연산량.** RBDA 5.5절(99–100쪽)에 따르면 {cite:t}`hollerbach1980recursive`는 재귀
# 라그랑주 알고리즘을 고안하고 여러 재귀·비재귀 알고리즘의 계산 복잡도를 비교했다. 그 비교가
# Uicker/Kahn 알고리즘으로 대표되는 비재귀 방식의 $O(n^4)$과 재귀 알고리즘의 $O(n)$을 대비했다고
# 한다. Hollerbach의 논문은 이 책이 읽지 않았으므로 그 곱셈 수는 옮기지 않는다. 라그랑주 정식화의
# 식이 관절 수와 함께 얼마나 커지는지는 3.2.6.1절이, 그 계산량은 3.3장이 이 책의 코드로 직접 센다. 이 절이 센 것은 곱셈이고, 같은 구현이
# 한 번 호출에 몇 마이크로초 걸리며 링크 수에 따라 어떻게 늘어나는지는 부록 B가 잰다
# ({ref}`sec-b-single`, {ref}`sec-b-growth`).

# %% [markdown]
# (sec-rnea-quantities)=
# ### 3.2.3.6 인자를 골라 부르기: RNEA가 내주는 운동방정식의 각 항
#
# RNEA는 인자 다섯 개 $(q,\dot q,\ddot q,\mathfrak{g},F_{\mathrm{tip}})$를 받는 함수이다. 고정한
# $q$에서 이 함수의 구조를 보면 호출 하나로 운동방정식의 각 항을 따로 꺼낼 수 있다.
#
# - 전방 순환 {eq}`eq-rnea-twist`에서 $V_i$는 $\dot q$에만 의존하고 $\dot q$에 대해 선형이다.
# - 가속도 {eq}`eq-rnea-accel`을 펼치면 $\dot V_i$는 $\dot V_0=(0,-\mathfrak{g})$에 대해 선형인
#   부분, $\ddot q$에 대해 선형인 부분, 그리고 $\mathrm{ad}_{V_k}(A_k)\dot q_k$들의 합, 곧
#   $\dot q$에 대한 이차 형식의 합이다. 세 부분 사이에 곱은 없다.
# - 후방 순환 {eq}`eq-rnea-wrench`에서 $F_i$는 $\dot V_k$에 대해 선형인 $\mathcal{G}_k\dot V_k$,
#   $\dot q$에 대해 이차인 $\mathrm{ad}_{V_k}^{\mathsf T}\mathcal{G}_kV_k$, 그리고
#   $F_{\mathrm{tip}}$에 대해 선형인 항의 합이다.
#
# 따라서 고정한 $q$에서
#
# $$
# \mathrm{RNEA}(q,\dot q,\ddot q,\mathfrak{g},F_{\mathrm{tip}})
#   = \underbrace{M(q)\ddot q}_{\ddot q\text{에 선형}}
#   + \underbrace{C(q,\dot q)\dot q}_{\dot q\text{의 이차 형식}}
#   + \underbrace{g(q)}_{\mathfrak{g}\text{에 선형}}
#   + \underbrace{J_b^{\mathsf T}(q)F_{\mathrm{tip}}}_{F_{\mathrm{tip}}\text{에 선형}}
# $$ (eq-rnea-split)
#
# 이고, 이 네 덩어리 사이에 교차 항이 없다. 한 덩어리를 꺼내려면 다른 덩어리를 만드는 입력을
# 모두 0으로 둔 채 부르면 된다. 예를 들어 $C(q,\dot q)\dot q$를 얻으려면 $\ddot q=0$이어야
# 한다(그렇지 않으면 $M\ddot q$가 더해진다). 또 $\mathfrak{g}=0$이어야 한다(그렇지 않으면 $g(q)$가
# 더해진다). 그렇게 얻은 항들을 더하면 한 번의 호출과 반올림 오차 안에서 같다.
#
# 다만 "선형"과 "이차"의 차이는 중요하다. $\ddot q$와 $\mathfrak{g}$에 대해서는 중첩이 자유롭다.
# $\ddot q = \ddot q_a + \ddot q_b$로 나누어 따로 부른 결과를 더해도 되고, 이것이 $M(q)$를
# $\ddot q = e_j$ 열마다 만드는 근거이다. 그러나 속도 항은 이차 형식이어서
# $c(\dot q_a + \dot q_b) = c(\dot q_a) + c(\dot q_b) + 2\,b(\dot q_a,\dot q_b)$처럼 두 속도의
# 교차 항 $b$가 생긴다. 코리올리 힘이 바로 서로 다른 관절 속도의 곱으로 된 이 교차 항이다.
# 그러므로 $C(q,\dot q)\dot q$는 관절별로 나누어 부를 수 없고, 전체 $\dot q$를 넣은 한 번의
# 호출로 얻어야 한다. 속도를 두 배로 하면 이 항은 네 배가 된다.
#
# % claim: rn-cross
#
# 아래 셀은 예제 팔의 같은 시각에서 이 세 가지를 확인한다. 관성 항은 나누어 불러도 합이 같다.
# 속도 항은 관절 1의 속도와 나머지 관절의 속도로 나누어 부르면 합이 달라진다. 그 차이는 반올림
# 오차가 아니라 실제 코리올리 교차 항이다.

# %% tags=["nbval-ignore-output"]
qdd_a = np.where(np.arange(arm.n) == 0, qdd, 0.0)  # 관절 1의 가속도만
qdd_b = qdd - qdd_a  # 나머지 관절의 가속도
lin_err = float(np.abs(chaindyn.inertial_torque(arm, q, qdd_a)
                       + chaindyn.inertial_torque(arm, q, qdd_b)
                       - chaindyn.inertial_torque(arm, q, qdd)).max())
quad_err = float(np.abs(chaindyn.coriolis_torque(arm, q, 2.0 * qd)
                        - 4.0 * chaindyn.coriolis_torque(arm, q, qd)).max())
glue("rn_lin_err", sci(lin_err), display=False)
glue("rn_quad_err", sci(quad_err), display=False)  # 정확히 0이면 글자 "0"이 된다
print(f"M q̈ 중첩 오차 {lin_err:.1e} N·m,  C(2q̇) - 4C(q̇) {quad_err:.1e} N·m")

# %%
LIN_BOUND = 1e-12  # N·m
claims.within("rn-lin", "한 번에 부른 값과 {glue:text}`rn_lin_err` N·m 이내로 같다", lin_err, LIN_BOUND)
claims.within("rn-quad", "네 배와의 차이는 {glue:text}`rn_quad_err` N·m이다", quad_err, LIN_BOUND)
qd_a = np.where(np.arange(arm.n) == 0, qd, 0.0)  # 관절 1의 속도만
qd_b = qd - qd_a  # 나머지 관절의 속도
c_full = chaindyn.coriolis_torque(arm, q, qd)
cross = c_full - chaindyn.coriolis_torque(arm, q, qd_a) - chaindyn.coriolis_torque(arm, q, qd_b)
glue("rn_cross_j1", fixed(float(cross[0]), 4), display=False)
glue("rn_cfull_j1", fixed(float(c_full[0]), 4), display=False)
glue("rn_lin_bound", sci(LIN_BOUND, 1), display=False)
claims.claim("rn-cross", "그 차이는 반올림 오차가 아니라 실제 코리올리 교차 항이다",
             bool(np.abs(cross).max() > 1e6 * LIN_BOUND), cross=cross)
print("C q̇ (전체 호출)      :", fixed(c_full, 4))
print("교차 항 (나눈 호출의 차):", fixed(cross, 4))

# %% [markdown]
# % claim: rn-lin, rn-quad
#
# 관성 항을 나누어 부른 합은 한 번에 부른 값과 {glue:text}`rn_lin_err` N·m 이내로 같다. 속도를
# 두 배로 하면 속도곱 토크는 네 배가 되며, 네 배와의 차이는 {glue:text}`rn_quad_err` N·m이다(두
# 값 모두 허용 {glue:text}`rn_lin_bound`). 반면 관절 1의 속도곱 토크는 전체 호출로
# {glue:text}`rn_cfull_j1:.2f` N·m인데, 속도를 나누어 부르면 그 가운데
# {glue:text}`rn_cross_j1:.2f` N·m가 빠진다. 관절 1 축을 도는 팔에서 다른 관절이 움직일 때
# 생기는 코리올리 효과가 그만큼이다.
#
# RNEA 호출로 얻는 양을 정리하면 다음 표와 같다. 모든 함수는 배열의 앞쪽 축으로 여러 상태를
# 한꺼번에 받는다.
#
# ```{list-table} RNEA 호출로 얻는 양 ($q$는 언제나 주어진 값)
# :header-rows: 1
# :name: tab-rnea-quantities
# :widths: 30 34 36
#
# * - 양
#   - RNEA 호출 $(\dot q,\ \ddot q,\ \mathfrak{g},\ F_{\mathrm{tip}})$
#   - `chaindyn` 함수
# * - 역동역학 토크 $\tau$ (식 {eq}`eq-rnea-eom`)
#   - $(\dot q,\ \ddot q,\ \mathfrak{g},\ F_{\mathrm{tip}})$
#   - `rnea`
# * - 중력 토크 $g(q)$ (중력 보상)
#   - $(0,\ 0,\ \mathfrak{g},\ 0)$
#   - `gravity_torque`
# * - 바이어스 힘 $h(q,\dot q) = C\dot q + g$
#   - $(\dot q,\ 0,\ \mathfrak{g},\ 0)$
#   - `bias_force`
# * - 속도곱 토크 $C(q,\dot q)\dot q$
#   - $(\dot q,\ 0,\ 0,\ 0)$
#   - `coriolis_torque`
# * - 관성 토크 $M(q)\ddot q$
#   - $(0,\ \ddot q,\ 0,\ 0)$
#   - `inertial_torque`
# * - 질량 행렬 $M(q)$의 $j$열
#   - $(0,\ e_j,\ 0,\ 0)$, $j=1,\dots,n$
#   - `mass_matrix`
# * - 정적 말단 렌치 토크 $J_b^{\mathsf T}F_{\mathrm{tip}}$
#   - $(0,\ 0,\ 0,\ F_{\mathrm{tip}})$
#   - `tip_wrench_torque`
# * - 관절 반력 렌치 $F_1,\dots,F_n$
#   - 어떤 호출이든, 후방 순환의 중간값
#   - `joint_wrenches`
# * - 운동 에너지 $\tfrac12\dot q^{\mathsf T}M\dot q$
#   - 전방 순환의 $V_i$만: $\sum_i\tfrac12V_i^{\mathsf T}\mathcal{G}_iV_i$
#   - `kinetic_energy`
# ```
#
# % no-claim: 위 결과 3과 6의 값을 다시 가리킬 뿐이다 (그 문장이 guard된다)
#
# 정적 말단 렌치 토크 $J_b^{\mathsf T}F_{\mathrm{tip}}$은 2.8.4절의 정역학 관계와 같다. RNEA가
# 이것을 야코비안 없이 내주는 까닭은 후방 순환이 하는 일에 있다. 말단 렌치를 관절 좌표계로 옮겨
# 가며 축 성분을 뽑는 일이 곧 $J_b^{\mathsf T}$를 곱하는 일이다. 숫자로는 위 결과 3의 차이
# {glue:text}`rn_jtf_err` N·m가 이 관계를 보여 준다. 분해 전체의 오차(결과 6의
# {glue:text}`rn_split_err` N·m)와 궤적에서 각 항의 크기는 풀이 예제 ④에서 그림과 함께 본다.

# %% [markdown]
# (sec-rnea-algorithm)=
# ## 3.2.4 알고리즘 전체와 그 구현
#
# 지금까지의 식을 한 곳에 모으면 다음 알고리즘이 된다. 왼쪽 번호는 아래에서 구현과 대응시킬
# 때 쓰는 줄 번호이다.
#
# $$
# \begin{array}{rl}
# & \textbf{입력: } M_{i,i-1},\ A_i,\ \mathcal{G}_i\ (i=1,\dots,n);\ q,\ \dot q,\ \ddot q;\
#   \mathfrak{g};\ F_{\mathrm{tip}} \\
# & \textbf{출력: } \tau,\ F_1,\dots,F_n \\[2pt]
# 1 & V_0 \leftarrow 0, \quad \dot V_0 \leftarrow (0,\,-\mathfrak{g}) \\
# 2 & \textbf{for } i = 1,\dots,n \textbf{ do} \\
# 3 & \quad T_{i,i-1} \leftarrow e^{-[A_i]q_i}\,M_{i,i-1},\quad
#     \mathrm{Ad}_i \leftarrow \mathrm{Ad}_{T_{i,i-1}} \\
# 4 & \quad V_i \leftarrow \mathrm{Ad}_i\,V_{i-1} + A_i\,\dot q_i \\
# 5 & \quad \dot V_i \leftarrow \mathrm{Ad}_i\,\dot V_{i-1} + \mathrm{ad}_{V_i}(A_i)\,\dot q_i
#     + A_i\,\ddot q_i \\
# 6 & F' \leftarrow F_{\mathrm{tip}} \\
# 7 & \textbf{for } i = n,\dots,1 \textbf{ do} \\
# 8 & \quad F_i \leftarrow F' + \mathcal{G}_i\dot V_i - \mathrm{ad}_{V_i}^{\mathsf T}(\mathcal{G}_iV_i) \\
# 9 & \quad \tau_i \leftarrow F_i^{\mathsf T}A_i \\
# 10 & \quad F' \leftarrow \mathrm{Ad}_i^{\mathsf T}\,F_i
#     \qquad (F_i\text{를 } \{i-1\}\text{로 옮긴다}) \\
# 11 & \textbf{return } \tau,\ F_1,\dots,F_n
# \end{array}
# $$ (eq-rnea-algorithm)
#
# 줄 1은 식 {eq}`eq-rnea-gravity`, 줄 3은 {eq}`eq-rnea-pose`, 줄 4–5는 {eq}`eq-rnea-twist`와
# {eq}`eq-rnea-accel`, 줄 8과 10은 {eq}`eq-rnea-wrench`, 줄 9는 {eq}`eq-rnea-torque`이다. 식
# {eq}`eq-rnea-wrench`의 $\mathrm{Ad}_{T_{i+1,i}}^{\mathsf T}F_{i+1}$을 다음 링크를 처리할 때
# 미리 계산해 두는 것(줄 10)만 다르다. 그래서 전방 순환에서 $\mathrm{Ad}_i$를 저장해 두었다가
# 후방 순환에서 다시 쓴다. 저장하는 것은 링크마다 $\mathrm{Ad}_i$, $V_i$, $\dot V_i$ 세 개뿐이다.
#
# RNEA를 부품으로 쓰는 양은 다음과 같다.
#
# $$
# \begin{aligned}
# M(q)\,e_j &= \mathrm{RNEA}(q,\,0,\,e_j,\,0,\,0), \\
# h(q,\dot q) &= \mathrm{RNEA}(q,\,\dot q,\,0,\,\mathfrak{g},\,0), \\
# g(q) &= \mathrm{RNEA}(q,\,0,\,0,\,\mathfrak{g},\,0).
# \end{aligned}
# $$ (eq-rnea-calls)
#
# **구현.** 아래는 `chaindyn`의 실제 소스이다(책을 만들 때 파일에서 직접 읽어 온다). 먼저
# 관절 하나의 단계 `joint_step`이다. 관절 $i$의 변위 $q_i$에서 $\mathrm{Ad}_{T_{i,i-1}}$를
# 만든다. 모든 링크의 단계는 `joint_steps`가 차례로 만든다. 질량 행렬의 `crba`, 순동역학의 `aba`,
# 코리올리 행렬의 `coriolis_matrix`도 링크를 훑기 전에 같은 함수를 부른다.
#
# ```{literalinclude} ../src/chaindyn/inverse_dynamics.py
# :language: python
# :pyobject: joint_step
# ```
#
# - `R, p = pose_mul(screw_exp(chain.screws[i], -qi), (M[:3, :3], M[:3, 3]))` — 알고리즘 줄 3,
#   식 {eq}`eq-rnea-pose`. 지수 사상에 $-q_i$를 넣는다는 점에 주의한다.
# - `return Ad_rp(R, p)` — 줄 3의 $\mathrm{Ad}_{T_{i,i-1}}$.
#
# 다음은 전방 순환 `forward_recursion`이다. 상태 배열의 앞쪽 축(여러 상태)은 그대로 따라 다니고, 반복은
# 링크에 대해서만 돈다.
#
# ```{literalinclude} ../src/chaindyn/inverse_dynamics.py
# :language: python
# :pyobject: forward_recursion
# ```
#
# 줄과 식의 대응은 다음과 같다.
#
# - `Vd = base_acceleration(gravity) + V` — 알고리즘 줄 1, 식 {eq}`eq-rnea-gravity`.
#   `base_acceleration`은 $(0, -\mathfrak{g})$를 만드는 같은 모듈의 함수로, 순동역학의 `aba`도 이것을
#   부른다. 뒤의 `+ V`는 0을 더해 배치 모양을 맞출 뿐이다.
# - `Ads = joint_steps(chain, q)` — 줄 3, 위의 관절 단계를 모든 링크에 대해 먼저 만든다. $q$에만
#   달려 있으므로 순환 앞에서 한꺼번에 만들어도 같다.
# - `V = _mv(Ad_i, V) + A * qd[..., i, None]` — 줄 4, 식 {eq}`eq-rnea-twist`.
# - `Vd = _mv(Ad_i, Vd) + (ad(V) @ A) * qd[..., i, None] + A * qdd[..., i, None]` — 줄 5, 식
#   {eq}`eq-rnea-accel`. 여기의 `V`는 바로 윗줄에서 갱신된 $V_i$이다.
#
# 다음은 후방 순환 `backward_recursion`이다.
#
# ```{literalinclude} ../src/chaindyn/inverse_dynamics.py
# :language: python
# :pyobject: backward_recursion
# ```
#
# - `F = np.zeros_like(Vs[-1]) if f_tip is None else f_tip` — 줄 6.
# - `F = F + _mv(G, Vds[i]) + bias_wrench(G, V)` — 줄 8, 식 {eq}`eq-rnea-wrench`.
#   `chaindyn.spatial.bias_wrench(G, V)`는 속도곱 렌치 $-\mathrm{ad}_V^{\mathsf T}\mathcal{G}V$를
#   `ad_dual(V) @ (G @ V)`로 계산한다. `ad_dual(V)`는 렌치에 작용하는 $\mathrm{ad}_V$의 쌍대
#   $-\mathrm{ad}_V^{\mathsf T}$(Featherstone의 `crf`)이므로, 식의 빼기가 여기서는 더하기가 된다.
#   같은 함수를 `aba`의 편향 렌치와 3.1장의 강체 방정식도 부른다.
# - `taus[i] = _dot(F, chain.screws[i])` — 줄 9, 식 {eq}`eq-rnea-torque`. `_dot`(`chaindyn.spatial.dot`)은
#   내적을 $1\times6$ 행렬과 $6\times1$ 행렬의 곱으로 계산한다. 그래서 상태 하나의 토크와 여러 상태를
#   한 번에 계산한 토크가 마지막 비트까지 같다.
# - `F = _mv(transpose(Ads[i]), F)` — 줄 10. `transpose`는 곱셈 없이 마지막 두 축을 바꿀 뿐이다.
#
# 공개 함수 `rnea`와 `joint_wrenches`는 입력을 검사한 뒤 이 두 함수를 차례로 부르고, 각각
# 토크와 관절 렌치를 돌려준다. 질량 행렬은 식 {eq}`eq-rnea-calls`의 첫 식 그대로이다.
#
# ```{literalinclude} ../src/chaindyn/quantities.py
# :language: python
# :pyobject: mass_matrix
# ```
#
# 단위 가속도 $e_1,\dots,e_n$(`eye`의 행)을 $n$개 상태의 배치로 삼아 전방·후방 순환을 한 번에
# 통과시킨다. `q[..., None, :]`가 새 축으로 방송되므로 $n$개의 상태가 같은 $q$를 공유하고, 관절 변환은
# 링크마다 한 번만 계산된다. 결과의 $j$번째 행이 $j$번째 열이므로 `np.swapaxes`가 행렬을 세운다.
#
# % claim: rn-src-map
#
# 위 대응 목록에 인용한 코드 조각은 모두 지금의 소스에 그대로 있다. 아래 셀이 책을 만들 때마다 조각을
# 하나씩 소스에서 다시 찾으므로, 목록이 소스보다 낡은 채로 남지 않는다.

# %% tags=["hide-input"]
src_step = inspect.getsource(joint_step)
src_fwd = inspect.getsource(forward_recursion)
src_bwd = inspect.getsource(backward_recursion)
src_mm = inspect.getsource(mass_matrix)
src_bias = inspect.getsource(spatial.bias_wrench)
mapping = [
    ("eq-rnea-pose", src_step,
     "R, p = pose_mul(screw_exp(chain.screws[i], -qi), (M[:3, :3], M[:3, 3]))"),
    ("eq-rnea-pose", src_step, "return Ad_rp(R, p)"),
    ("eq-rnea-gravity", src_fwd, "Vd = base_acceleration(gravity) + V"),
    ("알고리즘 줄 3", src_fwd, "Ads = joint_steps(chain, q)"),
    ("eq-rnea-twist", src_fwd, "V = _mv(Ad_i, V) + A * qd[..., i, None]"),
    ("eq-rnea-accel", src_fwd,
     "Vd = _mv(Ad_i, Vd) + (ad(V) @ A) * qd[..., i, None] + A * qdd[..., i, None]"),
    ("알고리즘 줄 6", src_bwd, "F = np.zeros_like(Vs[-1]) if f_tip is None else f_tip"),
    ("eq-rnea-wrench", src_bwd, "F = F + _mv(G, Vds[i]) + bias_wrench(G, V)"),
    ("eq-rnea-wrench", src_bias, "return matvec(ad_dual(V), matvec(G, V))"),
    ("eq-rnea-torque", src_bwd, "taus[i] = _dot(F, chain.screws[i])"),
    ("알고리즘 줄 10", src_bwd, "F = _mv(transpose(Ads[i]), F)"),
    ("eq-rnea-calls", src_mm,
     "forward_recursion(chain, q[..., None, :], np.zeros(chain.n), eye, _NO_GRAVITY)"),
    ("eq-rnea-calls", src_mm, "np.swapaxes(tau, -1, -2)"),
]
claims.claim("rn-src-map", "위 대응 목록에 인용한 코드 조각은 모두 지금의 소스에 그대로 있다",
             all(fragment in src for _, src, fragment in mapping),
             missing=[(label, fragment) for label, src, fragment in mapping if fragment not in src])
for label, _src, fragment in mapping:
    print(f"{label:16s} 있음: {fragment}")

# %% [markdown]
# **사용 예.** 예제 6R 팔을 `models.arm6r()`로 만들고 한 상태에서 `rnea`를 부른다. 같은
# 함수에 궤적 전체의 배열(표본 수 × 관절 수)을 넣으면 한 번의 호출로 모든 표본의 토크가
# 나온다. 반복은 링크에 대해서만 돌고 표본 축은 numpy 배열 연산으로 처리된다.
#
# % claim: rn-default-g
#
# 인자 `gravity`를 생략한 `rnea(chain, q, qd, qdd)`는 기본 중력 $(0, 0, -\mathrm{g}_0)$를 쓴다.
# 여기서 $\mathrm{g}_0$은 `chaindyn.STANDARD_GRAVITY`(표준 중력 가속도)이고, 중력이 기저 좌표계 $\{0\}$의 $-z$
# 방향을 향한다는 뜻이다. 곧 기본값은 $\{0\}$의 $z$축이 연직 위쪽을 향하게 설치된 로봇을
# 가정한다. 벽이나 천장에 달린 로봇처럼 그렇지 않으면 $\{0\}$에서 적은 중력 벡터를 `gravity`로
# 직접 넘겨야 한다. 이 페이지의 `GRAVITY`(= `ch32.GRAVITY`)는 기본값과 같은 벡터이다. 아래 셀에서
# 인자를 생략한 호출도 같은 토크를 낸다.

# %%
arm = models.arm6r()
t_traj, q_traj, qd_traj, qdd_traj = models.arm6r_trajectory()

tau_one = chaindyn.rnea(arm, q_traj[k], qd_traj[k], qdd_traj[k], gravity=GRAVITY)
tau_all = chaindyn.rnea(arm, q_traj, qd_traj, qdd_traj, gravity=GRAVITY)
# gravity를 생략하면 기본값 (0, 0, -STANDARD_GRAVITY): {0}의 -z 방향
assert np.array_equal(GRAVITY, [0.0, 0.0, -chaindyn.STANDARD_GRAVITY])
tau_default = chaindyn.rnea(arm, q_traj[k], qd_traj[k], qdd_traj[k])
claims.claim("rn-default-g", "인자를 생략한 호출도 같은 토크를 낸다",
             bool(np.array_equal(tau_default, tau_one)), default=tau_default, given=tau_one)
glue("rn_g0", chaindyn.STANDARD_GRAVITY, display=False)
print("기본 중력 g0 =", chaindyn.STANDARD_GRAVITY, "m/s^2 (기저 {0}의 -z 방향)")
print("한 상태:", tau_one.shape, fixed(tau_one, 4))
print("궤적 전체:", q_traj.shape, "->", tau_all.shape)
assert tau_all.shape == q_traj.shape
glue("rn_use_N", tau_all.shape[0], display=False)
glue("rn_use_n", tau_all.shape[1], display=False)
glue("rn_use_tau2", fixed(float(tau_one[1]), 4), display=False)
glue("rn_use_tau1", fixed(float(tau_one[0]), 4), display=False)
glue("rn_use_g2", fixed(float(chaindyn.gravity_torque(arm, q_traj[k], gravity=GRAVITY)[1]), 4),
     display=False)

# %%
# 한 상태씩 부른 결과와 궤적 전체를 한 번에 부른 결과: 같은 곱을 같은 순서로 하므로 비트까지 같다
claims.claim("rn-batch", "배치 결과와 한 상태씩 부른 결과는 마지막 비트까지 같다",
             bool(np.array_equal(tau_all[k], tau_one)),
             largest_difference=float(np.abs(tau_all[k] - tau_one).max()))
print("배치 호출과 단일 호출이 비트까지 같다:", bool(np.array_equal(tau_all[k], tau_one)))

# %% [markdown]
# % claim: rn-batch
#
# 시각 $t=$ {glue:text}`rn_k_t` s의 상태에서 관절 1의 토크는 {glue:text}`rn_use_tau1:.4f` N·m,
# 관절 2의 토크는 {glue:text}`rn_use_tau2:.4f` N·m이고, 관절 2의 토크 가운데 중력 토크
# $g_2(q)$가 {glue:text}`rn_use_g2:.4f` N·m이다. 궤적 전체는 {glue:text}`rn_use_N` × 
# {glue:text}`rn_use_n` 배열 하나로 들어가 같은 모양의 토크 배열로 나온다. 배치 결과와 한 상태씩
# 부른 결과는 마지막 비트까지 같다. 두 경우 모두 같은 곱을 같은 순서로 하기 때문이다. 중력은
# 기본값과 같은 $\mathrm{g}_0=$ {glue:text}`rn_g0` m/s²를 $\{0\}$의 $-z$ 방향으로 넣었다.
#
# 이 알고리즘이 실제로 맞는지, 그리고 예제 팔의 토크와 반력이 어떤 모양인지는 풀이 예제
# 페이지({doc}`ch3_2_examples`)에서 여섯 가지 계산으로 확인한다. 구현 방식의 선택, 한계,
# 체크포인트({numref}`ex-32-cp1`~{numref}`ex-32-cp7`)는 {doc}`ch3_2_closing`에 있다.
