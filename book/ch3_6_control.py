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
# # 3.6.5–3.6.6 미분을 쓰는 곳 — 선형화와 LQR, 궤적 최적화
#
# 앞 절 {doc}`ch3_6_derivatives`는 역동역학과 순동역학의 편미분을 해석적으로 구했다. 이 페이지는 그
# 미분을 두 가지 일에 쓴다. 3.6.5절은 평형점 둘레에서 운동방정식을 선형화한다. 그 선형 모델로 LQR
# 제어기를 설계하고, 비선형 운동에서 제어기가 어디까지 버티는지 잰다. 3.6.6절은 궤적 최적화이다.
# 제약식의 야코비안을 해석적 미분으로 조립한 경우와 유한 차분에 맡긴 경우를 같은 문제에서 견준다.
# 두 절 모두 3.2.5.3의 평면 2R 팔을 쓴다. 새로 쓰는 기호는 {ref}`tab-notation-local`에 있다.

# %% tags=["remove-input"]
import csv
import inspect
import sys
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
from myst_nb import glue
from scipy import ndimage

from chaindyn import aba_derivatives, models
from chaindyn_book import ch36_control as C
from chaindyn_book import claims

sys.path.insert(0, str(Path("..").resolve() / "figsrc"))
import _style  # noqa: E402  (figsrc/_style.py: Korean font and figure style)
from _numbers import fixed, sci  # noqa: E402
from _tables import md_table  # noqa: E402

_style.apply()
DATA = Path("..").resolve() / "data"


def read_csv(name):
    with open(DATA / name, encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


# %% [markdown]
# (sec-36-lqr-linear)=
# ## 3.6.5 선형화와 LQR — 똑바로 세운 2R 팔
#
# ### 3.6.5.1 평형점 둘레의 선형 모델
#
# 평면 2R 팔(3.2.5.3의 기본값: $m_k = 1$ kg, $L_k = r_k = 1$ m, $I_k =$ {glue:text}`lqr_izz` kg·m²)을
# 수직면에 세운다. 3.2장과 같이, 중력을 따로
# 더하지 않고 기저를 위로 가속시켜 그 효과를 얻는다. 여기서 $\mathfrak{g} = (0, -\mathrm{g}_0, 0)$이다. 두 링크를 모두 위로
# 세운 자세 $q_{\mathrm{up}} = (\pi/2, 0)$은 이중 진자의 뒤집힌 평형점이다. 이 자세에서는 두 링크의 질량
# 중심이 관절 바로 위에 있다. 그래서 중력 토크가 0이고, 토크 없이도 팔이 멈춰 있을 수 있다. 다만
# 조금만 기울어도 쓰러진다. 여기서는 두 관절 모두에 모터가 있다고 둔다. 한 관절만 구동하는 아크로봇이나
# 펜듀봇은 다루지 않는다.
#
# 상태는 평형점에서 잰 편차 $\delta q = q - q_{\mathrm{up}}$와 관절 속도를 모은 $\mathbf{x} =
# (\delta q, \dot q)$이고, 입력은 관절 토크 $\tau$이다. 순동역학 $\ddot q = \mathrm{FD}(q, \dot q, \tau)$를
# 평형점에서 한 번 테일러 전개하면 선형 모델이 나온다.
#
# $$
# \dot{\mathbf{x}} \approx \mathcal{A}\,\mathbf{x} + \mathcal{B}\,\tau,\qquad
# \mathcal{A} = \begin{bmatrix} 0 & \mathbf 1\\ \partial\ddot q/\partial q & \partial\ddot q/\partial\dot q
# \end{bmatrix},\qquad
# \mathcal{B} = \begin{bmatrix} 0\\ M^{-1} \end{bmatrix}
# $$ (eq-36-lqr-linear)
#
# 세 블록은 `chaindyn.aba_derivatives`가 한 번에 준다. 정지 상태에서는 $\partial\ddot q/\partial\dot q = 0$이다
# (연습 문제 {numref}`ex-36-lqr-rest`). 그리고 $\partial\ddot q/\partial q = -M^{-1}\partial g/\partial q$이므로
# $\mathcal{A}$의 아래 왼쪽 블록은 중력 토크의 기울기를 관성으로 나눈 것이다. 아래 셀은 해석적 미분으로
# 만든 $\mathcal{A}$, $\mathcal{B}$를 출력한다. 이어서 `chaindyn.aba`의 중심 차분으로 만든 것과 비교한다.

# %%
arm = models.planar_2r()
A, B = C.linearise(arm, C.Q_UP)  # aba_derivatives at (q_up, 0, 0)
A_fd, B_fd = C.linearise_fd(arm, C.Q_UP, step=1e-6)  # central differences of aba
print("A =\n", fixed(A, 4))
print("B =\n", fixed(B, 4))
eig_open = np.sort(np.linalg.eigvals(A).real)
print("A의 고윳값:", fixed(eig_open, 3))

# %% tags=["nbval-ignore-output"]
err_lin = max(float(np.abs(A - A_fd).max() / np.abs(A).max()),
              float(np.abs(B - B_fd).max() / np.abs(B).max()))
print("해석적 미분과 중심 차분의 상대 차이:", sci(err_lin))

# %% tags=["remove-input"]
BOUND_LIN = 1e-7
claims.within("lqr-fd", "중심 차분으로 만든 행렬과 해석적 미분의 상대 차이는 한계", err_lin, BOUND_LIN)
glue("lqr_bound_fd", sci(BOUND_LIN, 1), display=False)
# linearise_fd moves each of the 2n state and n torque components by +-step: one aba call each
glue("lqr_fd_calls", 2 * (2 * arm.n + arm.n), display=False)
izz_default = inspect.signature(models.planar_2r).parameters["izz"].default
assert izz_default[0] == izz_default[1]
glue("lqr_izz", sci(izz_default[0], 1), display=False)
glue("lqr_unstable", int(np.sum(eig_open > 0)), display=False)
glue("lqr_eig_fast", fixed(eig_open[-1], 3), display=False)
glue("lqr_eig_slow", fixed(eig_open[eig_open > 0][0], 3), display=False)
claims.claim("lqr-unstable", "양의 실수 고윳값이 두 개", bool(np.sum(eig_open > 0) == 2),
             eigenvalues=eig_open)

# %% [markdown]
# % claim: lqr-fd
#
# 중심 차분으로 만든 행렬과 해석적 미분의 상대 차이는 한계 {glue:text}`lqr_bound_fd` 안에 있다(위 셀의
# 출력). 차분의 간격은 $10^{-6}$이다. 차분 쪽은 상태 성분 $2n$개와 토크 성분 $n$개를 하나씩 양쪽으로
# 움직였다. 그래서 순동역학을 $2(2n + n) =$ {glue:text}`lqr_fd_calls`번 불렀다. 해석적 미분은 한 번의
# 호출로 끝났다.
#
# % claim: lqr-unstable
#
# $\mathcal{A}$에는 양의 실수 고윳값이 두 개 있다. 큰 것은 {glue:text}`lqr_eig_fast`, 작은 것은
# {glue:text}`lqr_eig_slow` (1/s)이다. 편차는 이 빠르기로 지수적으로 자란다. 제어 없이는 이 자세를 지킬
# 수 없다.
#
# (sec-36-lqr-gain)=
# ### 3.6.5.2 LQR 이득
#
# 선형 모델 {eq}`eq-36-lqr-linear`에 대해 상태 되먹임 $\tau = -K_x\mathbf{x}$를 고른다. LQR(선형 이차
# 조절기)은 무한 시간의 이차 비용
#
# $$
# \int_0^\infty \bigl(\mathbf{x}^{\mathsf T} Q_x\,\mathbf{x} + \tau^{\mathsf T} R_\tau\,\tau\bigr)\,dt
# $$ (eq-36-lqr-cost)
#
# 를 가장 작게 하는 이득을 준다. 그 이득은 연속 시간 대수 리카티 방정식의 해 $\mathcal{S}$에서 나온다.
#
# $$
# \mathcal{A}^{\mathsf T}\mathcal{S} + \mathcal{S}\mathcal{A}
# - \mathcal{S}\mathcal{B}R_\tau^{-1}\mathcal{B}^{\mathsf T}\mathcal{S} + Q_x = 0,\qquad
# K_x = R_\tau^{-1}\mathcal{B}^{\mathsf T}\mathcal{S}
# $$ (eq-36-lqr-riccati)
#
# 이 방정식은 `scipy.linalg.solve_continuous_are`가 푼다 {cite:p}`scipy_care`. LQR은 흔히
# Kalman(1960)의 연구에서 비롯했다고 소개된다. 이 책은 그 원문을 직접 읽지 않았다.
#
# % claim: lqr-j2
#
# 가중치는 각 양을 참을 만한 크기로 나누어 정했다. 토크는 한계 $\tau_{\max}$로 나누어
# $R_\tau = \mathrm{diag}(1/\tau_{\max,1}^2, 1/\tau_{\max,2}^2)$로 둔다. 각도 편차는 {glue:text}`lqr_angle` rad,
# 관절 속도는 {glue:text}`lqr_rate` rad/s로 나눈다. 그러면 그만한 각도 편차와 한계만큼의 토크가 같은
# 비용을 낸다. 한계는 $\tau_{\max} = ($ {glue:text}`lqr_tmax1`, {glue:text}`lqr_tmax2` $)$ N·m이다.
# 팔을 수평으로 뻗은 채 멈추려면 관절 1에 {glue:text}`lqr_hold` N·m가 든다. 관절 2의 한계는 링크 2 혼자의 가장 큰 중력 토크
# {glue:text}`lqr_hold2` N·m를 조금 넘는다.

# %%
Q, R = C.lqr_weights()  # Q = diag(1/0.1², 1/0.1², 1/1², 1/1²), R = diag(1/τ_max²)
K, S, eig_cl = C.lqr(A, B, Q, R)  # solve_continuous_are
print("K =\n", fixed(K, 2))
print("A - B K의 고윳값, 실수부:", fixed(eig_cl.real, 3), "| 허수부:", fixed(eig_cl.imag, 3))

# %% tags=["remove-input"]
glue("lqr_angle", C.ANGLE_SCALE, display=False)
glue("lqr_rate", C.RATE_SCALE, display=False)
glue("lqr_tmax1", float(C.TAU_MAX[0]), display=False)
glue("lqr_tmax2", float(C.TAU_MAX[1]), display=False)
hold = C.static_torque(arm, [-np.pi / 2, 0.0])  # link 1 horizontal, link 2 straight on
glue("lqr_hold", fixed(abs(hold[0]), 2), display=False)
glue("lqr_hold2", fixed(abs(hold[1]), 2), display=False)
claims.claim("lqr-j2", "관절 2의 한계는 링크 2 혼자의 가장 큰 중력 토크",
             bool(abs(hold[1]) < C.TAU_MAX[1] < 1.1 * abs(hold[1])), hold=hold)
claims.claim("lqr-weak", "관절 1은 팔을 아무 자세에서나 붙잡아 둘 수는 없다",
             bool(abs(hold[0]) > C.TAU_MAX[0] and abs(hold[1]) < C.TAU_MAX[1]), hold=hold)
glue("lqr_cl_slow", fixed(-eig_cl.real[0], 3), display=False)
glue("lqr_cl_fast", fixed(-eig_cl.real[-1], 2), display=False)
claims.claim("lqr-stable", "닫힌 루프의 고윳값 네 개는 모두 실수부가 음수이다",
             bool(np.all(eig_cl.real < 0)), eigenvalues=eig_cl)
glue("lqr_k11", fixed(K[0, 0], 1), display=False)
glue("lqr_sat_angle", fixed(C.TAU_MAX[0] / K[0, 0], 3), display=False)

# %% [markdown]
# % claim: lqr-weak
#
# 관절 1은 팔을 아무 자세에서나 붙잡아 둘 수는 없다. 이 약점이 3.6.5.4의 끌림 영역을 좁힌다.
#
# % claim: lqr-stable
#
# 닫힌 루프의 고윳값 네 개는 모두 실수부가 음수이다. 실수부의 크기는 {glue:text}`lqr_cl_slow`에서
# {glue:text}`lqr_cl_fast` (1/s)까지이다. 이득 $K_{x,11} =$ {glue:text}`lqr_k11` N·m/rad는 관절 1만
# {glue:text}`lqr_sat_angle` rad 기울어도 토크가 한계에 닿는다는 뜻이다. 그보다 큰 편차에서는 제어기가
# 선형 모델이 가정한 토크를 낼 수 없다.
#
# (sec-36-lqr-sim)=
# ### 3.6.5.3 비선형 닫힌 루프
#
# 선형 모델은 평형점 근처에서만 맞는다. 그래서 이득을 비선형 운동방정식에 넣고 다시 시뮬레이션한다.
# 토크는 $\tau = \mathrm{sat}(-K_x\mathbf{x})$로 각 관절의 한계에서 자른다. 가속도는 `chaindyn.aba`가 주고,
# `scipy.integrate.solve_ivp`(RK45, 상대 허용 오차 {glue:text}`sim_rtol`, 절대 허용 오차
# {glue:text}`sim_atol`)가 적분한다. 출발점은 정지 상태의 편차
# $\delta q = ($ {glue:text}`sim_dq1`, {glue:text}`sim_dq2` $)$ rad이다.

# %%
t_s, x_s, tau_s = C.simulate(arm, K, C.SIM_START, C.SIM_TIME, tau_max=C.TAU_MAX)
x_l, tau_l = C.linear_response(A, B, K, C.SIM_START, t_s)
TOL_SIM = 1e-3
t_settle = C.settled(t_s, x_s, TOL_SIM)
at_limit = np.abs(tau_s) >= C.TAU_MAX - 1e-9
print("처음 토크 요구 -K x0:", fixed(-K @ C.SIM_START, 2), "N·m")
print("상태의 모든 성분이 TOL_SIM 안에 드는 시각:", fixed(t_settle, 2), "s")

# %% tags=["remove-input"]
sim_defaults = inspect.signature(C.simulate).parameters  # the tolerances the run above used
glue("sim_rtol", sci(sim_defaults["rtol"].default, 1), display=False)
glue("sim_atol", sci(sim_defaults["atol"].default, 1), display=False)
glue("sim_dq1", float(C.SIM_START[0]), display=False)
glue("sim_dq2", float(C.SIM_START[1]), display=False)
demand = -K @ C.SIM_START
glue("sim_demand1", fixed(abs(demand[0]), 1), display=False)
t_sat = float(t_s[np.flatnonzero(at_limit.any(axis=1))[-1]]) if at_limit.any() else 0.0
glue("sim_t_sat", fixed(t_sat, 2), display=False)
glue("sim_settle", fixed(t_settle, 2), display=False)
glue("sim_tol", sci(TOL_SIM, 1), display=False)
claims.claim("sim-sat", "처음 요구하는 토크는 한계를 넘는다", bool(abs(demand[0]) > C.TAU_MAX[0]),
             demand=demand)
claims.claim("sim-settle", "팔은 다시 똑바로 선다", bool(np.isfinite(t_settle)), t_settle=t_settle)
sat_rows = at_limit.any(axis=1)
claims.claim("sim-sat-start", "처음 {glue:text}`sim_t_sat` s 동안 한계에 붙어 있다",
             bool(sat_rows[0] and np.all(sat_rows[:np.flatnonzero(sat_rows)[-1] + 1])),
             saturated=sat_rows)
dev_gap = float(np.abs(x_s[:, :2] - x_l[:, :2]).max())
glue("sim_gap", fixed(dev_gap, 3), display=False)

# %% [markdown]
# % claim: sim-sat, sim-settle, sim-sat-start
#
# 처음 요구하는 토크는 한계를 넘는다. 관절 1에서 요구는 {glue:text}`sim_demand1` N·m이다. 토크는
# 처음 {glue:text}`sim_t_sat` s 동안 한계에 붙어 있다. 그래도 팔은 다시 똑바로 선다. 상태의 모든
# 성분이 {glue:text}`sim_tol` 안으로 들어오는 시각은 {glue:text}`sim_settle` s이다. 그림의 점선은 같은 이득의
# 선형 모델이다. 선형 모델은 요구한 토크를 한계 없이 그대로 낸다. 두 운동의 각도 편차는 가장 크게
# {glue:text}`sim_gap` rad 벌어진다.
#
# ```{figure} figures/ch36_lqr_sim.png
# :name: fig-36-lqr-sim
# :width: 90%
#
# 똑바로 선 평면 2R 팔을 LQR로 붙잡는 운동. 위는 관절 각도의 편차, 아래는 토크이다. 실선은 토크 한계가
# 있는 비선형 시뮬레이션이고, 점선은 같은 이득의 선형 모델이다. 가는 가로줄이 토크 한계이다. 볼 것은 처음
# 얼마 동안 토크가 한계에 붙고, 그동안 비선형 운동이 선형 모델에서 벗어난다는 점이다. figsrc/fig_36_control.py가 그린다.
# ```
#
# (sec-36-lqr-roa)=
# ### 3.6.5.4 끌림 영역
#
# % no-claim: the tolerance and the time define what counts as inside; nothing is compared with data
#
# 제어기가 어디까지 버티는지는 출발점을 바꿔 가며 본다. 출발점은 정지 상태에서 두 관절의 편차
# $(\delta q_1, \delta q_2)$를 격자 위에 놓았다. 범위는 각 축 $\pm$ {glue:text}`roa_span` rad이고, 간격은
# {glue:text}`roa_step` rad이다. 출발점은 모두 {glue:text}`roa_points:,`개이다. 각 출발점에서 닫힌 루프를
# {glue:text}`roa_time` s 동안 적분한다. 그 시각에 상태의 모든 성분이 {glue:text}`roa_tol` (rad, rad/s) 안에
# 있으면 끌림 영역 안이라고 센다. 토크 한계가 있는 경우와 없는 경우를 모두 계산했다. 이 계산은 몇 분이
# 걸리므로 `figsrc/study_36_control.py`가 미리 하고 결과를 `data/ch36_roa.csv`에 둔다. 출발점 전체를 한
# 배치로 묶어 고정 간격 {glue:text}`roa_dt` s의 4차 룽게-쿠타법으로 적분했다. 매 단계의 가속도는 `chaindyn.aba`의
# 일괄 호출 한 번이 준다. 관절 편차가 $2\pi$를 넘은 출발점은 그 자리에 멈추게 했다. 그런 출발점은 쓰러진
# 것이므로 영역 밖이다.

# %% tags=["remove-input"]
roa = read_csv("ch36_roa.csv")
d1 = np.array([float(r["dq1"]) for r in roa])
d2 = np.array([float(r["dq2"]) for r in roa])
inside = {k: np.array([r[f"inside_{k}"] == "1" for r in roa]) for k in ("limited", "free")}
axis_d = np.unique(d1)
m_roa = len(axis_d)
h_roa = float(axis_d[1] - axis_d[0])
assert m_roa * m_roa == len(roa) and np.isclose(h_roa, C.ROA_STEP)
glue("roa_span", C.ROA_SPAN, display=False)
glue("roa_step", C.ROA_STEP, display=False)
glue("roa_points", len(roa), display=False)
glue("roa_time", C.ROA_TIME, display=False)
glue("roa_tol", sci(C.ROA_TOL, 1), display=False)
glue("roa_dt", C.ROA_DT, display=False)
n_lim, n_free = int(inside["limited"].sum()), int(inside["free"].sum())
glue("roa_n_lim", n_lim, display=False)
glue("roa_pct_lim", fixed(100 * n_lim / len(roa), 1), display=False)
glue("roa_area_lim", fixed(n_lim * h_roa**2, 2), display=False)
glue("roa_n_free", n_free, display=False)
glue("roa_free_all", claims.choose(n_free == len(roa), "모두", "대부분"), display=False)
claims.claim("roa-free", "토크 한계가 없으면", bool(n_free >= 0.99 * len(roa)), inside=n_free,
             points=len(roa))

grid_in = inside["limited"].reshape(m_roa, m_roa)
centre = m_roa // 2


def ray_extent(a, b):
    """Distance (rad) from the origin to the last inside start before the first outside
    one along the grid direction (a, b), the smaller of the two senses."""
    out = []
    for s in (1, -1):
        k = 0
        while True:
            i, j = centre + s * a * (k + 1), centre + s * b * (k + 1)
            if not (0 <= i < m_roa and 0 <= j < m_roa) or not grid_in[i, j]:
                break
            k += 1
        out.append(k * h_roa * float(np.hypot(a, b)))
    return min(out)


DIRECTIONS = {"δq₁만": (1, 0), "δq₂만": (0, 1), "같은 부호 (1, 1)": (1, 1),
              "반대 부호 (1, −1)": (1, -1)}
extent = {name: ray_extent(*ab) for name, ab in DIRECTIONS.items()}
narrow = min(extent, key=extent.get)
wide = max(extent, key=extent.get)
for key, v in zip(("q1", "q2", "same", "opp"), extent.values()):
    glue(f"roa_ext_{key}", fixed(v, 3), display=False)
glue("roa_narrow", narrow, display=False)
glue("roa_wide", wide, display=False)
claims.claim("roa-narrow", "가장 짧은 방향은", bool(extent[narrow] < extent[wide]), extent=extent)
glue("roa_ext_ratio", fixed(extent[wide] / extent[narrow], 1), display=False)
# where joint 1 can no longer hold the arm still: 3 m g sin(dq1) = tau_max,1 along dq1 alone
hold_q1 = float(np.arcsin(C.TAU_MAX[0] / abs(C.static_torque(arm, [-np.pi / 2, 0.0])[0])))
glue("roa_hold_q1", fixed(hold_q1, 3), display=False)
claims.claim("roa-q1", "정지 유지가 불가능해지는 각도보다 조금 작다",
             bool(extent["δq₁만"] <= hold_q1 <= extent["δq₁만"] + 2 * h_roa),
             extent=extent["δq₁만"], hold=hold_q1)
# the slope of joint 1's gravity torque at the origin along the four grid directions
STEP_SLOPE = 1e-6
slope = {name: float(abs(C.static_torque(arm, STEP_SLOPE * np.array(ab) / np.hypot(*ab))[0]
                         - C.static_torque(arm, -STEP_SLOPE * np.array(ab) / np.hypot(*ab))[0])
                     / (2 * STEP_SLOPE)) for name, ab in DIRECTIONS.items()}
grad_ratio = slope["δq₁만"] / slope["δq₂만"]  # the gradient is (slope along dq1, along dq2)
claims.claim("roa-steep", "네 격자 방향 가운데 이 방향에서 토크가 가장 빨리 커진다",
             bool(max(slope, key=slope.get) == "δq₁만"), slope=slope)
claims.claim("roa-steepest", "가장 가파른 방향은 격자 방향이 아닌 $(3, 1)$ 쪽이다",
             bool(np.isclose(grad_ratio, 3.0, rtol=1e-6)), ratio=grad_ratio)
line = np.linspace(-np.pi, np.pi, 721)
tau_line = C.static_torque(arm, np.column_stack([line, -line]))
glue("roa_line_max", fixed(float(np.abs(tau_line[:, 0]).max()), 2), display=False)
claims.claim("roa-line", "그 방향으로는 관절 1의 중력 토크가 어디서도 한계를 넘지 않는다",
             bool(np.abs(tau_line[:, 0]).max() < C.TAU_MAX[0]
                  and np.abs(tau_line[:, 1]).max() <= C.TAU_MAX[1]), peak=tau_line.max(axis=0))
# the band of opposite signs beyond the end of the diagonal ray: the part of the region
# connected to the origin, row by row (rows are dq1, columns dq2)
k_opp = int(round(extent["반대 부호 (1, −1)"] / (h_roa * np.sqrt(2))))
glue("roa_opp_steps", k_opp, display=False)
comp = ndimage.label(grid_in)[0]
comp = comp == comp[centre, centre]
bent, edge = [], []
for s, edge_col in ((1, 0), (-1, m_roa - 1)):  # dq1 > 0 meets dq2 = -span, dq1 < 0 meets +span
    rows = [centre + s * k for k in range(k_opp + 1, centre + 1)]
    cells = [(axis_d[i], axis_d[j]) for i in rows for j in np.flatnonzero(comp[i])]
    bent.append(bool(cells) and all(abs(b) > abs(a) and a * b < 0 for a, b in cells))
    edge.append(sorted(abs(axis_d[i]) for i in range(m_roa) if comp[i, edge_col]
                       and s * axis_d[i] > 0))
claims.claim("roa-bend", "영역의 띠는 그 너머에서 대각선을 벗어나 "
             "$|\\delta q_2| > |\\delta q_1|$인 쪽으로 휜다", all(bent), bent=bent)
claims.claim("roa-edge", "휜 띠는 격자의 가장자리",
             bool(edge[0] and edge[0] == edge[1] and edge[0][-1] < C.ROA_SPAN), edge=edge)
glue("roa_edge_lo", fixed(edge[0][0], 3), display=False)
glue("roa_edge_hi", fixed(edge[0][-1], 3), display=False)
P_all = np.stack([d1, d2], 1)
holdable = np.all(np.abs(C.static_torque(arm, P_all)) <= C.TAU_MAX, axis=1)
glue("roa_in_hold", claims.choose(bool(holdable[inside["limited"]].all()), "모두", "대부분"),
     display=False)
claims.claim("roa-hold", "끌림 영역 안의 출발점은", bool(holdable[inside["limited"]].mean() > 0.5),
             share=holdable[inside["limited"]].mean())
glue("roa_hold_share", fixed(100 * inside["limited"][holdable].mean(), 1), display=False)
check = read_csv("ch36_roa_check.csv")
agree = sum(r["batch"] == r["single"] for r in check)
glue("roa_check_n", len(check), display=False)
glue("roa_check_words", claims.choose(agree == len(check), "모두에서", "가운데 일부에서만"),
     display=False)

# %% [markdown]
# % claim: roa-free
#
# 토크 한계가 없으면 격자의 출발점 {glue:text}`roa_points:,`개 가운데 {glue:text}`roa_n_free:,`개,
# 곧 {glue:text}`roa_free_all` 수렴한다. 한계 없는 모터는 큰 편차에서 큰 토크를 그대로 낼 수 있기 때문이다.
# 토크 한계가 있으면 {glue:text}`roa_n_lim:,`개({glue:text}`roa_pct_lim` %)만 수렴한다. 격자 한 칸의 넓이를
# 곱하면 영역의 넓이는 약 {glue:text}`roa_area_lim` rad²이다.
#
# % claim: roa-narrow
#
# 영역의 모양은 방향마다 크게 다르다. 원점에서 격자 방향으로 나가며 처음 영역 밖이 나오기 전까지의
# 거리를 재었다(두 부호 가운데 짧은 쪽). $\delta q_1$만 움직이면 {glue:text}`roa_ext_q1` rad, $\delta q_2$만
# 움직이면 {glue:text}`roa_ext_q2` rad이다. 같은 부호로 함께 움직이면 {glue:text}`roa_ext_same` rad, 반대
# 부호로 움직이면 {glue:text}`roa_ext_opp` rad이다. 가장 짧은 방향은 {glue:text}`roa_narrow`이고, 가장
# 긴 방향은 {glue:text}`roa_wide`이다. 두 거리의 비는 {glue:text}`roa_ext_ratio`이다.
#
# % claim: roa-q1, roa-steep, roa-steepest
#
# 까닭은 관절 1의 중력 토크에 있다. 기본값의 팔에서 그 토크는
# $-\mathrm{g}_0\bigl(2\sin\delta q_1 + \sin(\delta q_1 + \delta q_2)\bigr)$이다. $\delta q_1$만 움직이면
# 그 크기는 $3\mathrm{g}_0|\sin\delta q_1|$이다. 네 격자 방향 가운데 이 방향에서 토크가 가장 빨리 커진다.
# 가장 가파른 방향은 격자 방향이 아닌 $(3, 1)$ 쪽이다. $\delta q_1$ 방향의 거리는 정지 유지가 불가능해지는
# 각도보다 조금 작다. 그 각도는 $\arcsin(\tau_{\max,1}/3\mathrm{g}_0) =$ {glue:text}`roa_hold_q1` rad이다.
#
# % claim: roa-line, roa-bend, roa-edge
#
# 반대 부호로 움직이면 $\delta q_1 + \delta q_2 = 0$이라 링크 2가 늘 똑바로 서 있다. 토크의 크기는
# $2\mathrm{g}_0|\sin\delta q_1|$로, 가장 커도 {glue:text}`roa_line_max` N·m이다. 그 방향으로는 관절 1의 중력
# 토크가 어디서도 한계를 넘지 않는다. 그래도 대각선 위에서 영역은 원점에서 {glue:text}`roa_opp_steps`칸,
# 곧 {glue:text}`roa_ext_opp` rad까지만 이어진다. 영역의 띠는 그 너머에서 대각선을 벗어나
# $|\delta q_2| > |\delta q_1|$인 쪽으로 휜다. 휜 띠는 격자의 가장자리 $|\delta q_2| =$ {glue:text}`roa_span` rad에
# 닿는다. 닿는 곳의 $|\delta q_1|$은 {glue:text}`roa_edge_lo`에서 {glue:text}`roa_edge_hi` rad까지이다.
#
# % claim: roa-hold
#
# 끌림 영역 안의 출발점은 {glue:text}`roa_in_hold` 정지한 채 버틸 수 있는 자세이다. 그림의 빨간 곡선이 그
# 경계이고, 곡선 안쪽에서는 중력 토크가 한계를 넘는다. 거꾸로 버틸 수 있는 자세가 모두 영역 안에
# 드는 것은 아니다. 버틸 수 있는 격자점 가운데 영역 안의 몫은 {glue:text}`roa_hold_share` %이다. 버틸 수
# 있는지는 출발 자세 하나만의 성질이다. 돌아오는 운동에서는 속도가 붙고, 그 도중의 토크 요구가 한계를
# 넘을 수 있다. 어느 출발점에서 무엇이 판정을 가르는지는 여기서 따로 재지 않았다.
#
# % no-claim: the sentence reports the count of checked starts, and its scope word is chosen by claims.choose
#
# 고정 간격의 적분이 판정을 바꾸지 않았는지는 경계에서 본다. 경계 근처의 출발점
# {glue:text}`roa_check_n`개를 골라 `solve_ivp`(RK45, 상대 허용 오차 $10^{-10}$)로 하나씩 다시 적분했다.
# {glue:text}`roa_check_n`개 {glue:text}`roa_check_words` 판정이 같았다.
#
# ```{figure} figures/ch36_roa.png
# :name: fig-36-roa
# :width: 100%
#
# 똑바로 선 2R 팔의 LQR 끌림 영역. 정지 상태의 출발 편차 $(\delta q_1, \delta q_2)$마다 정한 시간 안에
# 평형점으로 돌아온 곳을 회색으로 칠했다. 왼쪽은 토크 한계가 있는 경우, 오른쪽은 없는 경우이다. 빨간
# 곡선은 그 자세에 멈춰 있는 데 드는 토크가 한계와 같은 곳이고, 파란 점은 3.6.5.3의 출발점이다. 볼 것은
# 왼쪽의 영역이 두 빨간 곡선 사이를 지나 $\delta q_1$과 $\delta q_2$의 부호가 반대인 방향으로 길게 뻗는다는
# 점이다. figsrc/fig_36_control.py가 data/ch36_roa.csv에서 그린다.
# ```
#
# (sec-36-trajopt)=
# ## 3.6.6 궤적 최적화 — 2R 팔을 흔들어 세우기
#
# ### 3.6.6.1 직접 배치법으로 옮겨 적기
#
# % no-claim: the torque limit is part of the problem statement, not a finding
#
# 3.6.5의 제어기는 평형점 근처에서만 쓸 수 있다. 매달린 팔을 똑바로 세우려면 먼 길을 가야 하고, 그 길은
# 최적화로 찾는다. 문제는 이렇다. 팔이 정지해 매달린 자세 $q = (-\pi/2, 0)$에서 출발한다.
# {glue:text}`to_T` s 뒤에 $q_{\mathrm{up}}$에 정지해 있어야 한다. 토크는 3.6.5와 같은 한계 안에 두고, 토크의
# 제곱을 시간에 대해 적분한 노력 $\Phi$를 가장 작게 한다.
#
# % claim: to-stretched, to-folded
#
# 팔을 편 채로는 관절 1의 한계로 천천히 들어 올릴 수 없다. 수평을 지날 때 멈춰 있는 데만
# {glue:text}`to_stretched_max` N·m가 들기 때문이다. 팔을 접으면 다르다. 매달린 자세에서 링크 2를
# $q_2 = \pi$까지 접고, 링크 1을 세운 뒤, 링크 2를 편다. 이 길에서 정지 토크는 어느 관절에서도 가장 커야
# {glue:text}`to_folded_max` N·m이다. 두 관절의 한계 안에 들므로 이 길로는 천천히 들어 올릴 수 있다.
#
# 연속 문제는 사다리꼴 직접 배치법(direct collocation)으로 유한 차원의 문제로 옮긴다. 시간을
# $N =$ {glue:text}`to_N`개의 구간, 간격 $\Delta t$로 나누고, 마디 $t_k$마다 상태 $\mathbf{x}_k = (q_k, \dot q_k)$와
# 토크 $\tau_k$를 변수로 둔다. 운동방정식은 이웃한 마디 사이의 결손 $\mathbf{d}_k$가 0이라는 등식
# 제약이 된다. $\mathbf{f}(\mathbf{x}, \tau) = (\dot q, \mathrm{FD}(q, \dot q, \tau))$로 쓰면
#
# $$
# \begin{aligned}
# \Phi &= \frac{\Delta t}{2}\sum_{k=0}^{N-1}\bigl(\lVert\tau_k\rVert^2 + \lVert\tau_{k+1}\rVert^2\bigr),\\
# \mathbf{d}_k &= \mathbf{x}_{k+1} - \mathbf{x}_k
#   - \frac{\Delta t}{2}\bigl(\mathbf{f}(\mathbf{x}_k, \tau_k) + \mathbf{f}(\mathbf{x}_{k+1}, \tau_{k+1})\bigr) = 0
# \end{aligned}
# $$ (eq-36-trajopt-collocation)
#
# 이다. 양 끝 상태는 정해져 있으므로 변수에서 뺀다. 남은 변수를 모은 $\mathbf{z}$의 길이는
# $n_z = 2n(N-1) + n(N+1) =$ {glue:text}`to_nz`이다. 최적화기(scipy의 SLSQP {cite:p}`scipy_slsqp`)는
# $\Phi$의 기울기와 $\mathbf{d}$의 야코비안을 매 반복에 요구한다. 야코비안은 연쇄 법칙으로 조립한다.
# $\mathbf{d}_k$를 마디 $j \in \{k, k+1\}$의 변수로 미분하면
#
# $$
# \frac{\partial\mathbf{d}_k}{\partial\mathbf{x}_j} = \pm\mathbf 1 - \frac{\Delta t}{2}
# \begin{bmatrix} 0 & \mathbf 1\\ \partial\ddot q/\partial q & \partial\ddot q/\partial\dot q\end{bmatrix}_j,\qquad
# \frac{\partial\mathbf{d}_k}{\partial\tau_j} = -\frac{\Delta t}{2}\begin{bmatrix} 0\\ M^{-1}\end{bmatrix}_j
# $$ (eq-36-trajopt-jacobian)
#
# 이다. 부호는 $j = k+1$이면 $+$, $j = k$이면 $-$이다. 괄호 안의 블록은 식 {eq}`eq-36-lqr-linear`의
# $\mathcal{A}$, $\mathcal{B}$를 마디마다 계산한 것이다. 모든 마디의 블록을 `aba_derivatives` 한 번의 일괄
# 호출로 얻는다. 유한 차분이라면 $\mathbf{d}$를 변수마다 한 번씩, 곧 $n_z$번 더 계산해야 한다.
#
# 첫 추측은 양 끝을 잇는 5차 다항식 운동이다. 그 토크는 RNEA로 계산하고, 한계를 넘는 부분은 잘랐다.
# 최적화기가 보는 목적 함수는 $\Phi$를 첫 추측의 노력으로 나눈 값이다. 아래 셀은 작은 문제
# ($N = 4$)에서 해석적 기울기와 야코비안을 중심 차분과 견준다.

# %%
small = C.swing_up(N=4)
z_chk = small.initial_guess() + np.random.default_rng(36).normal(0.0, 0.05, small.nz)
step = 1e-6
eye = np.eye(small.nz) * step
J_fd = np.column_stack([(small.defects(z_chk + e) - small.defects(z_chk - e)) / (2 * step)
                        for e in eye])
g_fd = np.array([(small.objective(z_chk + e) - small.objective(z_chk - e)) / (2 * step)
                 for e in eye])
J_an, g_an = small.jacobian(z_chk), small.gradient(z_chk)
print("변수", small.nz, "개, 결손", J_an.shape[0], "개")

# %% tags=["nbval-ignore-output"]
err_J = float(np.abs(J_an - J_fd).max() / np.abs(J_fd).max())
err_g = float(np.abs(g_an - g_fd).max() / np.abs(g_fd).max())
print("야코비안의 상대 차이:", sci(err_J), "| 기울기의 상대 차이:", sci(err_g))

# %% tags=["remove-input"]
BOUND_JAC = 1e-6
claims.within("to-check", "해석적 야코비안과 기울기는 중심 차분과 한계", max(err_J, err_g), BOUND_JAC)
glue("to_bound_check", sci(BOUND_JAC, 1), display=False)
study_check = read_csv("ch36_trajopt_check.csv")
claims.claim("to-check-study", "본 문제에서도", all(r["holds"] == "yes" for r in study_check),
             rows=study_check)
big = C.swing_up()
# raising the arm slowly: the static torques along a stretched and along a folded path
u = np.linspace(0.0, 1.0, 361)[:, None]
stretched = np.hstack([-np.pi + np.pi * u, 0 * u])  # offsets from q_up: q1 from -pi/2, q2 = 0
folded = np.vstack([np.hstack([-np.pi + 0 * u, np.pi * u]),  # fold link 2 while hanging
                    np.hstack([-np.pi + np.pi * u, np.pi + 0 * u]),  # raise link 1, folded
                    np.hstack([0 * u, np.pi * (1 - u)])])  # unfold link 2 at the top
tau_stretched = np.abs(C.static_torque(arm, stretched)).max(axis=0)
tau_folded = np.abs(C.static_torque(arm, folded)).max(axis=0)
glue("to_stretched_max", fixed(tau_stretched[0], 2), display=False)
glue("to_folded_max", fixed(tau_folded.max(), 2), display=False)
claims.claim("to-stretched", "팔을 편 채로는 관절 1의 한계로 천천히 들어 올릴 수 없다",
             bool(tau_stretched[0] > C.TAU_MAX[0]), peak=tau_stretched)
claims.claim("to-folded", "두 관절의 한계 안에 들므로 이 길로는 천천히 들어 올릴 수 있다",
             bool(np.all(tau_folded <= C.TAU_MAX)), peak=tau_folded)
glue("to_T", C.TRAJ_DURATION, display=False)
glue("to_N", C.TRAJ_N, display=False)
glue("to_nz", big.nz, display=False)

# %% [markdown]
# % claim: to-check, to-check-study
#
# 해석적 야코비안과 기울기는 중심 차분과 한계 {glue:text}`to_bound_check` 안에서 같다(위 셀의 출력).
# 본 문제에서도 첫 추측에서 같은 비교를 했고, 같은 한계 안에 들었다.
#
# (sec-36-trajopt-compare)=
# ### 3.6.6.2 해석적 기울기와 유한 차분
#
# 같은 문제를 SLSQP로 두 번 풀었다. 한 번은 기울기와 야코비안을 해석적으로 넘겼다. 다른 한 번은
# 넘기지 않아 scipy가 전진 차분으로 계산하게 했다. 두 실행 모두 같은 첫 추측과 같은 종료 조건을 쓴다.
# 실행은 `figsrc/study_36_control.py`가 했고, 결과와 기계 정보는 `data/ch36_trajopt_runs.csv`와
# `data/ch36_machine.csv`에 있다. 실행 시간은 다른 작업과 함께 쓰는 기계에서 한 번 잰 값이다.

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
runs = {r["gradients"]: r for r in read_csv("ch36_trajopt_runs.csv")}
ra, rf = runs["analytic"], runs["fd"]
LABEL = {"analytic": "해석적", "fd": "유한 차분"}
md_table(["기울기", "반복", "목적 함수 호출", "결손 계산", "야코비안 계산", "시간 [s]",
          "결손·야코비안 계산 시간 [s]", "노력 $\\Phi$ [N²·m²·s]"],
         [[LABEL[k], r["iterations"], r["objective_evals"], r["defect_evals"], r["jacobian_evals"],
           r["wall_s"], r["in_functions_s"], r["effort"]] for k, r in runs.items()],
         "흔들어 세우기를 SLSQP로 두 번 푼 결과 (한 기계에서 한 번 잰 시간)", "tab-36-trajopt-runs",
         align="lrrrrrrr")

# %% tags=["remove-input"]
wall_ratio = float(rf["wall_s"]) / float(ra["wall_s"])
glue("to_wall_ratio", f"{fixed(wall_ratio, 0):.0f}" if wall_ratio >= 10 else
     f"{fixed(wall_ratio, 1):.1f}", display=False)
glue("to_faster", claims.choose(wall_ratio > 1, "빨랐다", "느렸다"), display=False)
glue("to_it_a", int(ra["iterations"]), display=False)
glue("to_it_f", int(rf["iterations"]), display=False)
it_gap = abs(int(ra["iterations"]) - int(rf["iterations"]))
glue("to_it_gap", it_gap, display=False)
claims.claim("to-iter", "반복 수는 거의 같다",
             bool(it_gap <= 0.05 * max(int(ra["iterations"]), int(rf["iterations"]))),
             analytic=ra["iterations"], fd=rf["iterations"])
glue("to_def_a", int(ra["defect_evals"]), display=False)
glue("to_def_f", int(rf["defect_evals"]), display=False)
per_iter = int(rf["defect_evals"]) / int(rf["gradient_evals"])
glue("to_def_per_it", fixed(per_iter, 1), display=False)
effort_gap = abs(float(ra["effort"]) - float(rf["effort"])) / float(ra["effort"])
glue("to_effort_a", ra["effort"], display=False)
glue("to_effort_f", rf["effort"], display=False)
claims.claim("to-effort", "두 실행이 찾은 노력은", bool(effort_gap < 1e-4), gap=effort_gap)
glue("to_tau_diff", rf["max_tau_diff"], display=False)
claims.claim("to-success", "두 실행 모두 수렴했고",
             all(r["success"] == "yes" and r["defects_within"] == "yes" for r in runs.values()),
             runs=runs)
glue("to_defect_bound", sci(float(ra["defect_bound"]), 1), display=False)
share_a = float(ra["in_functions_s"]) / float(ra["wall_s"])
share_f = float(rf["in_functions_s"]) / float(rf["wall_s"])
glue("to_share_a", f"{fixed(100 * share_a, 0):.0f}", display=False)
glue("to_share_f", f"{fixed(100 * share_f, 0):.0f}", display=False)
claims.claim("to-share", "유한 차분 실행의 시간은 대부분", bool(share_f > 0.5 and share_f > share_a),
             share_fd=share_f, share_analytic=share_a)

# %% [markdown]
# % claim: to-success, to-effort
#
# 두 실행 모두 수렴했고, 마지막 결손은 모두 {glue:text}`to_defect_bound` 안에 있다. 두 실행이 찾은 노력은
# 사실상 같다. 해석적 실행은 {glue:text}`to_effort_a`, 유한 차분 실행은 {glue:text}`to_effort_f`
# (N²·m²·s)이다. 두 해의 토크는 마디마다 가장 크게 {glue:text}`to_tau_diff` N·m 다르다.
#
# % claim: to-share, to-iter
#
# 반복 수는 거의 같다. 해석적 실행이 {glue:text}`to_it_a`번, 유한 차분 실행이 {glue:text}`to_it_f`번이다.
# 차이는 반복 하나의 값에 있다. 유한 차분 실행은 결손을 {glue:text}`to_def_f:,`번
# 계산했는데, 기울기를 한 번 구할 때마다 {glue:text}`to_def_per_it`번꼴이다. 해석적 실행은
# {glue:text}`to_def_a`번이면 되었다. 그래서 해석적 실행은 {glue:text}`to_wall_ratio`배 {glue:text}`to_faster`.
# 유한 차분 실행의 시간은 대부분 동역학 계산에 쓰였다. 그 몫은 {glue:text}`to_share_f` %이다. 해석적
# 실행에서는 그 몫이 {glue:text}`to_share_a` %이다. 나머지는 SLSQP 자신의 계산, 목적 함수와 기울기의 호출,
# 파이썬의 부가 비용이다. 이 셋은 따로 나누어 재지 않았다.

# %% tags=["remove-input"]
traj = read_csv("ch36_trajopt.csv")
t_o = np.array([float(r["t"]) for r in traj])
q_o = np.array([[float(r["q1"]), float(r["q2"])] for r in traj])
tau_o = np.array([[float(r["tau1"]), float(r["tau2"])] for r in traj])
q0_guess, tau_guess = big.unpack(big.initial_guess())
fig, (ax1, ax2) = plt.subplots(2, 1, figsize=(7.2, 5.4), sharex=True)
for j, c in ((0, "C0"), (1, "C3")):
    ax1.plot(t_o, q_o[:, j], "o-", color=c, ms=3, lw=1.8, label=f"$q_{j + 1}$, 최적")
    ax1.plot(t_o, q0_guess[:, j], ":", color=c, lw=1.2, label=f"$q_{j + 1}$, 첫 추측")
    ax2.plot(t_o, tau_o[:, j], "o-", color=c, ms=3, lw=1.8, label=f"$\\tau_{j + 1}$, 최적")
    for s in (1, -1):
        ax2.axhline(s * C.TAU_MAX[j], color=c, lw=0.8, ls="--")
ax1.set_ylabel("관절 각도 [rad]")
ax2.set_ylabel("관절 토크 [N·m]")
ax2.set_xlabel("시간 [s]")
ax1.legend(fontsize=8, ncol=2)
ax2.legend(fontsize=8, ncol=2, loc="lower left")
ax1.set_title("매달린 2R 팔을 흔들어 세우는 최소 노력 운동 (마디 값)", fontsize=11)
fig.tight_layout()
glue("fig_trajopt", fig, display=False)
plt.close(fig)
at_lim = np.isclose(np.abs(tau_o), C.TAU_MAX, atol=1e-3)
glue("to_n_lim", int(at_lim.sum()), display=False)
glue("to_n_tau", tau_o.size, display=False)
glue("to_knots", len(traj), display=False)
glue("to_guess_effort", fixed(big.effort(big.initial_guess()), 1), display=False)
glue("to_ratio_effort", fixed(float(ra["effort"]) / big.effort(big.initial_guess()), 3),
     display=False)
claims.claim("to-less", "최적 운동의 노력은 첫 추측보다 작다",
             bool(float(ra["effort"]) < big.effort(big.initial_guess())), effort=ra["effort"])
# the turning points of q1 at the knots: up, back down past the start, up past the goal, back
q1_o = q_o[:, 0]
turn = np.flatnonzero(np.diff(np.sign(np.diff(q1_o))) != 0) + 1
shape_ok = bool(len(turn) == 3 and q1_o[turn[0]] > q1_o[0] and q1_o[turn[1]] < q1_o[0]
                and q1_o[turn[2]] > q1_o[-1])
claims.claim("to-swing", "관절 1은 곧장 올라가지 않는다", shape_ok, q1=q1_o)
for key, k in zip(("hi1", "lo", "hi2"), turn):
    glue(f"to_t_{key}", fixed(t_o[k], 2), display=False)
    glue(f"to_q1_{key}", fixed(q1_o[k], 3), display=False)
glue("to_q1_start", fixed(q1_o[0], 3), display=False)

# %% [markdown]
# % claim: to-less
#
# 최적 운동의 노력은 첫 추측보다 작다. 첫 추측의 노력 {glue:text}`to_guess_effort` N²·m²·s의
# {glue:text}`to_ratio_effort`배이다. 그런데 첫 추측은 한계에서 자른 토크를 써서 운동방정식을 만족하지
# 않는다. 그래서 이 비는 참고로만 본다.
#
# % claim: to-swing
#
# 관절 1은 곧장 올라가지 않는다. $q_1$은 {glue:text}`to_q1_start` rad에서 출발해 {glue:text}`to_t_hi1` s에
# {glue:text}`to_q1_hi1` rad까지 오른다. 그 뒤 되돌아가 매달린 자세를 지나고, {glue:text}`to_t_lo` s에
# {glue:text}`to_q1_lo` rad에 이른다. 거기서 다시 올라 목표 각도를 넘고, {glue:text}`to_t_hi2` s에
# {glue:text}`to_q1_hi2` rad에 이른 뒤 목표로 돌아와 멈춘다. 마디 {glue:text}`to_knots`개의 토크 값
# {glue:text}`to_n_tau`개 가운데 {glue:text}`to_n_lim`개가 한계에 닿아 있다.
#
# ```{glue:figure} fig_trajopt
# :name: fig-36-trajopt
# :figwidth: 90%
#
# 매달린 자세에서 똑바로 선 자세까지 최소 노력으로 흔들어 세우는 운동. 위는 관절 각도(점선은 첫 추측인
# 5차 다항식), 아래는 토크이고 가로 점선이 토크 한계이다. 볼 것은 관절 1이 곧장 올라가지 않고,
# 처음에 오르다가 매달린 자세 너머로 되돌아간 뒤 올라간다는 점이다. 값은 data/ch36_trajopt.csv의 마디 값이다.
# ```
#
# (sec-36-control-exercises)=
# ## 3.6.6.3 연습 문제
#
# ```{exercise} 한 링크 진자의 LQR 이득
# :label: ex-36-lqr-pendulum
#
# 뒤집힌 한 링크 진자를 평형점에서 선형화하면 $\ddot\theta = \alpha_p\theta + \beta_p u$
# ($\alpha_p, \beta_p > 0$)이다. 가중치
# $Q_x = \mathrm{diag}(w_\theta, w_\omega)$, $R_\tau = r$에 대해 식 {eq}`eq-36-lqr-riccati`를 손으로 풀어 이득
# $K_x = (k_1, k_2)$를 구하라. $r$을 키우면 이득이 어떻게 변하는가?
# ```
#
# ```{solution-start} ex-36-lqr-pendulum
# :label: sol-36-lqr-pendulum
# :class: dropdown
# ```
#
# $\mathcal{S} = \begin{bmatrix} s_{11} & s_{12}\\ s_{12} & s_{22}\end{bmatrix}$로 두고 식을 성분별로 적는다.
# $(1,1)$ 성분은 $2\alpha_ps_{12} - \beta_p^2s_{12}^2/r + w_\theta = 0$이다. $(2,2)$ 성분은
# $2s_{12} - \beta_p^2s_{22}^2/r + w_\omega = 0$이다. 양의 정부호 해를 고르면
# $s_{12} = r\bigl(\alpha_p + \sqrt{\alpha_p^2 + \beta_p^2w_\theta/r}\bigr)/\beta_p^2$이고
# $s_{22} = \sqrt{r(2s_{12} + w_\omega)}/\beta_p$이다. $K_x = \beta_p(s_{12}, s_{22})/r$이므로
#
# $$
# k_1 = \frac{\alpha_p + \sqrt{\alpha_p^2 + \beta_p^2w_\theta/r}}{\beta_p},\qquad k_2 = \sqrt{\frac{2s_{12} + w_\omega}{r}}
# $$
#
# 이다. $r \to \infty$이면 $k_1 \to 2\alpha_p/\beta_p$이다. 토크가 아무리 비싸도 불안정한 극
# $\sqrt{\alpha_p}$를 안정한 쪽 $-\sqrt{\alpha_p}$로 옮길 만큼의 이득은 남는다. 아래 셀은 한 진자에서 `solve_continuous_are`의 이득과 견준다.

# %%
m_p, l_p, g0 = 1.0, 1.0, 9.80665
a_p, b_p = g0 / l_p, 1.0 / (m_p * l_p**2)  # θ'' = (g/l) θ + u / (m l²)
w_th, w_om, r_p = 1.0 / 0.1**2, 1.0, 1.0 / 20.0**2
K_p, _, _ = C.lqr(np.array([[0.0, 1.0], [a_p, 0.0]]), np.array([[0.0], [b_p]]),
                  np.diag([w_th, w_om]), np.array([[r_p]]))
s12 = r_p * (a_p + np.sqrt(a_p**2 + b_p**2 * w_th / r_p)) / b_p**2
k_hand = np.array([(a_p + np.sqrt(a_p**2 + b_p**2 * w_th / r_p)) / b_p,
                   np.sqrt((2 * s12 + w_om) / r_p)])
print("손 계산:", fixed(k_hand, 3), "| solve_continuous_are:", fixed(K_p[0], 3))

# %% [markdown]
# ```{solution-end}
# ```
#
# ```{exercise} 정지 상태에서 $\partial\ddot q/\partial\dot q$
# :label: ex-36-lqr-rest
#
# 마찰이 없는 사슬에서 정지 상태($\dot q = 0$)의 $\partial\ddot q/\partial\dot q$가 어떤 자세와 토크에서도
# 0인 까닭을 운동방정식의 꼴로 설명하라. 관절마다 점성 마찰 $-F_{v,j}\dot q_j$가 있다면 이 블록은 무엇이
# 되는가?
# ```
#
# ```{solution-start} ex-36-lqr-rest
# :label: sol-36-lqr-rest
# :class: dropdown
# ```
#
# $\ddot q = M(q)^{-1}\bigl(\tau - C(q,\dot q)\dot q - g(q)\bigr)$에서 $\dot q$가 들어 있는 항은
# $C(q,\dot q)\dot q$뿐이다. 이 항은 $\dot q$의 이차 형식이다. 이차 형식의 미분은 $\dot q$에 선형이므로
# $\dot q = 0$에서 0이 된다. $M$과 $g$는 $\dot q$에 의존하지 않는다. 점성 마찰이 있으면 토크에
# $-F_v\dot q$가 더해진다($F_v$는 계수를 대각에 놓은 행렬). 그러면
# $\partial\ddot q/\partial\dot q = -M^{-1}F_v$가 된다. 아래 셀은 무작위 자세와 토크에서 두 경우를 본다.

# %%
rng = np.random.default_rng(7)
q_r, tau_r = rng.uniform(-np.pi, np.pi, 2), rng.uniform(-5.0, 5.0, 2)
_, dqd_rest, Minv_r = aba_derivatives(arm, q_r, np.zeros(2), tau_r, gravity=C.GRAVITY_2R)
_, dqd_move, _ = aba_derivatives(arm, q_r, [1.0, -0.5], tau_r, gravity=C.GRAVITY_2R)
print("정지 상태에서 max|dqdd/dqd|가 1e-12 이하:", bool(np.abs(dqd_rest).max() <= 1e-12))
print("움직일 때 dqdd/dqd =\n", fixed(dqd_move, 3))
Fv = np.diag([0.5, 0.2])
print("점성 마찰이 있을 때 -M⁻¹ F_v =\n", fixed(-Minv_r @ Fv, 3))

# %% [markdown]
# ```{solution-end}
# ```
#
# ```{exercise} 유한 차분 기울기의 값
# :label: ex-36-trajopt-count
#
# 변수가 $n_z$개인 문제에서 전진 차분으로 결손의 야코비안을 한 번 만들려면 결손을 몇 번 계산해야 하는가?
# {numref}`tab-36-trajopt-runs`의 유한 차분 실행에서 반복 하나당 결손 계산 수를 읽고 예측과 견주어라.
# ```
#
# ```{solution-start} ex-36-trajopt-count
# :label: sol-36-trajopt-count
# :class: dropdown
# ```
#
# 기준점에서 한 번, 변수마다 한 번씩 더 계산하므로 $n_z + 1$번이다. 반복마다 선 탐색의 계산이 더해진다.
# 아래 셀이 표의 수를 기울기 계산 수로 나눈다.

# %%
per_gradient = int(rf["defect_evals"]) / int(rf["gradient_evals"])
print("n_z + 1 =", big.nz + 1, "| 기울기 한 번당 결손 계산:", fixed(per_gradient, 1))

# %% [markdown]
# ```{solution-end}
# ```
