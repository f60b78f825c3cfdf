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
# # 3.1.5–3.1.8 눈으로 보는 강체 동역학 — 토크 없는 회전과 무거운 팽이
#
# {doc}`3.1–3.1.4 <ch3_1_body>`는 강체 하나의 질량 성질과 뉴턴-오일러 방정식
# $F = \mathcal{G}\dot V - \mathrm{ad}_V^{\mathsf T}\mathcal{G}V$를 세웠다. 이 페이지는 그 식을 시간에 대해
# 적분해서 움직임을 본다. 먼저 식을 자세와 함께 적분하는 방법을 정한다(3.1.5). 다음으로 공중에 던진
# 상자를 세 주축 둘레로 돌린다. 중간 축 둘레의 회전만 주기적으로 뒤집힌다(3.1.6). 마지막으로 끝이
# 고정된 무거운 팽이가 중력 아래에서 세차 운동하는 빠르기를 잰다(3.1.7). 3.1.8은 체크포인트와 출처이다.
# 운동방정식은 모두 `chaindyn.body`의 함수가 주고, 적분과 비교는 `chaindyn_book.ch31_motion`이 한다.

# %% tags=["remove-input"]
import csv
import sys
from pathlib import Path

import numpy as np
from myst_nb import glue

from chaindyn import STANDARD_GRAVITY
from chaindyn.body import body_acceleration, cylinder_inertia, newton_euler
from chaindyn.spatial import parallel_axis, rot_x
from chaindyn_book import ch31_motion as C
from chaindyn_book import claims

sys.path.insert(0, str(Path("..").resolve() / "figsrc"))
from _numbers import fixed, fixed_sig, sci  # noqa: E402
from _tables import md_table  # noqa: E402

DATA = Path("..").resolve() / "data"

G_box = C.box_spatial_inertia()
I_box = np.diag(G_box[:3, :3])
glue("m31_mass", fixed(C.BOX["mass"], 1), display=False)
for key, d in zip("abc", C.BOX["dims"]):
    glue(f"m31_{key}", fixed(d, 2), display=False)
for k in range(3):
    glue(f"m31_I{k + 1}", fixed(I_box[k], 5), display=False)
glue("m31_spin", fixed(C.SPIN, 3), display=False)
glue("m31_eps", sci(C.PERTURBATION, 1), display=False)
assert (C.RTOL, C.ATOL) == (1e-12, 1e-12)  # the integrator's tolerances, stated constants
glue("m31_rtol", sci(C.RTOL, 1), display=False)
glue("m31_atol", sci(C.ATOL, 1), display=False)
glue("m31_T", fixed(C.T_BOX, 1), display=False)
claims.claim("m31-order", "가장 긴 모서리 방향인 $x$축의 모멘트가 가장 작고",
             bool(I_box[0] < I_box[1] < I_box[2]), moments=I_box.tolist())

# %% [markdown]
# ## 3.1.5 운동방정식을 자세와 함께 적분하기
#
# 3.1.4절의 뉴턴-오일러 방정식을 $\dot V$에 대해 풀면 강체 하나의 순동역학이 된다.
#
# $$
# \dot V = \mathcal{G}^{-1}\bigl(F + \mathrm{ad}_V^{\mathsf T}\mathcal{G}V\bigr)
# $$ (eq-m31-forward)
#
# `chaindyn.body.body_acceleration(G, V, F)`가 이 식을 계산한다. $6\times6$ 연립 방정식을 풀 뿐
# $\mathcal{G}$의 역행렬을 만들지는 않는다. 물체 좌표계 $\{b\}$의 원점을 질량 중심에 두고 축을 관성
# 주축에 맞추자. 그러면 $\mathcal{G} = \mathrm{diag}(I, m\mathbf 1)$이고 $I = \mathrm{diag}(I_1, I_2, I_3)$이다.
# 힘을 받지 않고 질량 중심이 멈춘 물체는 $V = (\omega, 0)$이다. 이때
# $\mathrm{ad}_V^{\mathsf T}\mathcal{G}V$의 각운동 부분은 $-\omega\times I\omega$이고 병진 부분은 0이다.
# 따라서 식 {eq}`eq-m31-forward`의 각운동 부분이 오일러 방정식이다.
#
# $$
# \begin{aligned}
# I_1\dot\omega_1 &= (I_2 - I_3)\,\omega_2\omega_3 + n_1,\\
# I_2\dot\omega_2 &= (I_3 - I_1)\,\omega_3\omega_1 + n_2,\\
# I_3\dot\omega_3 &= (I_1 - I_2)\,\omega_1\omega_2 + n_3
# \end{aligned}
# $$ (eq-m31-euler)
#
# 여기서 $\omega = (\omega_1, \omega_2, \omega_3)$은 $\{b\}$에서 적은 각속도이고 $n$은 질량 중심에 대한
# 모멘트이다. 아래 셀은 한 상태에서 라이브러리의 $\dot V$와 식 {eq}`eq-m31-euler`를 나란히 계산한다.

# %%
omega = np.array([0.3, 6.0, -0.2])            # rad/s, {b}에서
V = np.concatenate([omega, np.zeros(3)])      # 질량 중심이 멈춘 물체: v = 0
Vd = body_acceleration(G_box, V, np.zeros(6))  # 렌치가 없다
I1, I2, I3 = I_box
euler = np.array([(I2 - I3) * omega[1] * omega[2] / I1,
                  (I3 - I1) * omega[2] * omega[0] / I2,
                  (I1 - I2) * omega[0] * omega[1] / I3])
print("V̇ (body_acceleration):", np.round(Vd, 6) + 0.0)
print("오일러 방정식의 ω̇:      ", np.round(euler, 6) + 0.0)

# %% tags=["nbval-ignore-output"]
BOUND_EULER = 1e-12
err_euler = float(np.max(np.abs(Vd[:3] - euler)) / np.max(np.abs(euler)))
err_ne = float(np.max(np.abs(newton_euler(G_box, V, Vd))))
print("ω̇의 상대 차이:", sci(err_euler), "| 그 V̇를 newton_euler에 넣은 렌치의 크기:", sci(err_ne))

# %% tags=["remove-input"]
claims.within("m31-euler", "두 계산의 상대 차이는 한계", err_euler, BOUND_EULER)
glue("m31_bound_euler", sci(BOUND_EULER, 1), display=False)

# %% [markdown]
# % claim: m31-euler
#
# 두 계산의 상대 차이는 한계 {glue:text}`m31_bound_euler` 안에 있다(위 셀의 출력). $\dot v$는 0으로
# 나온다. 질량 중심은 움직이지 않는다.
#
# 각속도만으로는 물체가 어느 쪽을 향하는지 알 수 없다. 자세 $R = R_{0,b}$는 다음 기구학 식을 따른다
# (Modern Robotics 3.2.2절 {cite:p}`lynch2017modern`).
#
# $$
# \dot R = R\,[\omega]
# $$ (eq-m31-kinematics)
#
# % no-claim: the choice of the state and the integrator's tolerances are inputs of the computation
#
# 이 식은 물체 트위스트를 정의하는 식 $T^{-1}\dot T = [V]$의 회전 부분이다(Modern Robotics 3.3.2절). 적분하는 상태는 $(R, \omega)$의
# 열두 수이다. 단위 사원수를 쓰면 네 수로 줄지만 이 책은 자세를 늘 회전 행렬로 적는다. 또
# $R^{\mathsf T}R$이 $\mathbf 1$에서 벗어나는 양이 그대로 적분기의 오차를 보여 준다. 그래서 회전 행렬을
# 골랐고, 적분 중에 다시 직교화하지 않는다. 적분기는 scipy의 `solve_ivp`
# {cite:p}`virtanen2020scipy`이다. 방법은 보폭을 스스로 고르는 8차 룽게-쿠타 방법인 DOP853이다
# {cite:p}`hairer1993solving`. 허용 오차는 상대 {glue:text}`m31_rtol`, 절대 {glue:text}`m31_atol`으로
# 잡았다.
#
# 토크가 없으면 두 양이 보존된다. 운동 에너지 $\mathcal{K} = \tfrac12\omega^{\mathsf T}I\omega$와 공간
# 좌표계에서 본 각운동량 $H_s = R\,I\omega$이다. 식 {eq}`eq-m31-kinematics`와
# {eq}`eq-m31-euler`를 쓰면 $\dot H_s = R\bigl(\omega\times I\omega + I\dot\omega\bigr) = R\,n$이다.
# $n = 0$이면 $H_s$는 상수 벡터이다. 물체 좌표계의 각운동량 $H_b = I\omega$는 방향이 바뀌지만 크기는
# $\lVert H_s\rVert$와 같다.

# %% [markdown]
# ## 3.1.6 중간 축의 불안정 — 테니스 라켓 정리
#
# ### 3.1.6.1 세 주축 둘레의 회전
#
# % claim: m31-order
#
# 질량 {glue:text}`m31_mass` kg의 꽉 찬 상자를 쓴다. 모서리는 $\{b\}$의 $x$, $y$, $z$ 방향으로
# {glue:text}`m31_a` m, {glue:text}`m31_b` m, {glue:text}`m31_c` m이다. `chaindyn.body.box_inertia`가 주는
# 질량 중심에 대한 관성은 이미 대각 행렬이고, `principal_axes`로 구한 주축도 모서리 방향이다. 주관성
# 모멘트는 $I_1 =$ {glue:text}`m31_I1`, $I_2 =$ {glue:text}`m31_I2`, $I_3 =$ {glue:text}`m31_I3`
# (kg·m²)이다. 가장 긴 모서리 방향인 $x$축의 모멘트가 가장 작고, 가장 짧은 모서리 방향인 $z$축의
# 모멘트가 가장 크다. 상자를 세 축 각각의 둘레로 $\omega_0 =$ {glue:text}`m31_spin` rad/s(초당 한
# 바퀴)로 돌린다. 나머지 두 성분에는 $\omega_0$의 {glue:text}`m31_eps`배를 섭동으로 얹는다.
# 적분 구간은 {glue:text}`m31_T` s이다.

# %% tags=["remove-input"]
runs = C.three_spins()
lam_pred = C.growth_rate(I_box, C.SPIN)
mid = runs[1]
lam_meas, (win_t0, win_t1) = C.fit_growth_rate(mid["t"], mid["omega"])
lam_diff = abs(lam_meas - lam_pred) / lam_pred
BOUND_LAM = 1e-2
windows = [(5e-3, 2e-2), (1e-2, 5e-2), (1e-2, 1e-1)]
diffs = [abs(C.fit_growth_rate(mid["t"], mid["omega"], low=a, high=b)[0] - lam_pred) / lam_pred
         for a, b in windows]
claims.within("m31-lam", "측정값과 예측값의 상대 차이는", lam_diff, BOUND_LAM)
claims.claim("m31-lam-windows", "세 창 모두에서 차이는 같은 한계 안에 있다",
             all(d <= BOUND_LAM for d in diffs), windows=windows, differences=diffs)
glue("m31_lam_pred", fixed(lam_pred, 3), display=False)
glue("m31_lam_meas", fixed(lam_meas, 3), display=False)
glue("m31_lam_ratio", fixed(lam_pred / C.SPIN, 3), display=False)
glue("m31_lam_diff", fixed_sig(100 * lam_diff, 2), display=False)
glue("m31_lam_bound", fixed(100 * BOUND_LAM, 1), display=False)
glue("m31_win_t0", fixed(win_t0, 2), display=False)
glue("m31_win_t1", fixed(win_t1, 2), display=False)
glue("m31_win_lo", fixed(100 * 1e-2, 1), display=False)
glue("m31_win_hi", fixed(100 * 5e-2, 1), display=False)
glue("m31_windows", ", ".join(f"{100 * a:g}–{100 * b:g} %" for a, b in windows), display=False)
glue("m31_efold", fixed(lam_pred * 2 * np.pi / C.SPIN, 2), display=False)

flips = C.flip_times(mid["t"], mid["omega"])
glue("m31_flip1", fixed(flips[0], 2), display=False)
glue("m31_flip_period", fixed(float(np.mean(np.diff(flips))), 2), display=False)
glue("m31_nflips", len(flips), display=False)
stable = []
for k in (0, 2):
    w = runs[k]["omega"]
    perp = np.sqrt(np.sum(np.delete(w, k, axis=1) ** 2, axis=1))
    stable.append(float(perp.max() / perp[0]))
glue("m31_stable_x", fixed(stable[0], 2), display=False)
glue("m31_stable_z", fixed(stable[1], 2), display=False)
claims.claim("m31-stable", "섭동의 크기는 처음 값의 두 배를 넘지 않는다",
             all(s < 2.0 for s in stable), growth=stable)
claims.claim("m31-flip", "중간 축 둘레의 회전은 뒤집힌다",
             bool(len(flips) >= 2 and np.min(mid["omega"][:, 1]) < -0.9 * C.SPIN),
             flips=flips.tolist())

# %% [markdown]
# % claim: m31-stable, m31-flip
#
# {numref}`fig-m31-spins`가 세 회전의 $\omega(t)$이다. 가장 작은 모멘트의 축과 가장 큰 모멘트의 축
# 둘레에서 섭동의 크기는 처음 값의 두 배를 넘지 않는다. 적분 구간에서 가장 클 때가 처음 값의
# {glue:text}`m31_stable_x`배($x$축)와 {glue:text}`m31_stable_z`배($z$축)이다. 중간 축 둘레의 회전은
# 뒤집힌다. $\omega_2$는 $t =$ {glue:text}`m31_flip1` s에 처음 부호를 바꾸고, 그 뒤로 평균
# {glue:text}`m31_flip_period` s마다 다시 바꾼다. 구간 안에서 부호가 바뀐 횟수는
# {glue:text}`m31_nflips`번이다. 상자는 같은 축 둘레로 여러 바퀴 돌다가 짧은 시간에 반 바퀴 재주를 넘는다. 그 뒤에는
# 거꾸로 된 채 다시 같은 축 둘레를 돈다.
#
# ```{figure} figures/ch31_spins.png
# :name: fig-m31-spins
# :width: 90%
#
# 상자의 각속도를 $\{b\}$에서 적은 세 성분, $\omega_0$로 나눈 값. 위에서부터 가장 작은 관성 모멘트의
# 축, 중간 축, 가장 큰 관성 모멘트의 축 둘레로 돌린 경우이다. 볼 것은 가운데 칸뿐이다. $\omega_2$가
# $+1$과 $-1$ 사이를 오가고, 넘어가는 순간마다 $\omega_1$과 $\omega_3$이 잠깐 커진다.
# `figsrc/fig_31_spins.py`가 그린다.
# ```
#
# 이 현상은 테니스 라켓 정리 또는 자니베코프 효과라고 불린다. 라켓의 면과 나란하고 손잡이에 수직인 축이
# 중간 축이다. 그 축 둘레로 라켓을 던져 한 바퀴 돌리면 대개 손잡이 둘레로 반 바퀴 비틀린 채 돌아온다.
# {cite:t}`ashbaugh1991twisting`은 이 비틀림을 오일러 방정식의 해로 분석했다.
#
# ### 3.1.6.2 선형화 — 섭동이 자라는 빠르기
#
# 중간 축 둘레로 $\omega_2$의 빠르기로 돌고 $\omega_1$, $\omega_3$이 작다고 하자. 식 {eq}`eq-m31-euler`에서
# 작은 양끼리의 곱을 버린다. 그러면 $\dot\omega_2 = 0$이고, 나머지 두 식은 $\omega_1$, $\omega_3$에 대해
# 선형이다.
#
# $$
# I_1\dot\omega_1 = (I_2 - I_3)\,\omega_2\,\omega_3,\qquad I_3\dot\omega_3 = (I_1 - I_2)\,\omega_2\,\omega_1
# $$
#
# 첫 식을 한 번 더 미분하고 둘째 식을 넣으면 $\ddot\omega_1 = \gamma^2\omega_1$이다.
#
# $$
# \gamma^2 = \omega_2^2\,\frac{(I_2 - I_1)(I_3 - I_2)}{I_1 I_3}
# $$ (eq-m31-growth)
#
# $\omega_3$도 같은 식을 따른다. $I_1 < I_2 < I_3$이면 $\gamma^2 > 0$이고, 해는 $e^{\gamma t}$와
# $e^{-\gamma t}$의 합이다. 자라는 몫이 곧 나머지를 압도하므로 섭동은 지수적으로 커진다. 같은 계산을
# 모멘트가 가장 작은 축이나 가장 큰 축 둘레에서 하면 괄호 하나의 부호가 바뀐다. 그때는 $\gamma^2 < 0$이어서
# 섭동이 진동할 뿐 자라지 않는다({numref}`ex-m31-stable`).
#
# % claim: m31-lam, m31-lam-windows
#
# 이 상자에서 식 {eq}`eq-m31-growth`는 $\gamma/\omega_2 =$ {glue:text}`m31_lam_ratio`, 곧
# $\gamma =$ {glue:text}`m31_lam_pred` 1/s를 준다. 적분한 회전에서 $\lvert\omega_\perp\rvert =
# (\omega_1^2 + \omega_3^2)^{1/2}$의 로그에 직선을 맞추어 기울기를 쟀다. 맞춘 구간은
# $\lvert\omega_\perp\rvert/\lVert\omega\rVert$가 {glue:text}`m31_win_lo` %에서
# {glue:text}`m31_win_hi` %까지인 첫 상승 구간,
# 곧 $t =$ {glue:text}`m31_win_t0` s부터 {glue:text}`m31_win_t1` s까지이다. 측정한 기울기는
# {glue:text}`m31_lam_meas` 1/s이다. 측정값과 예측값의 상대 차이는 {glue:text}`m31_lam_diff` %이고,
# 한계 {glue:text}`m31_lam_bound` %를 두었다. 구간을 바꾸면 차이도 달라진다. 줄어드는 몫
# $e^{-\gamma t}$가 남은 정도와 버린 비선형 항의 크기가 창마다 다르기 때문이다. 창을
# {glue:text}`m31_windows`로 바꾸어 보았다. 세 창 모두에서 차이는 같은 한계 안에 있다.
#
# % no-claim: the factor is the value of the linearised formula, a theorem about small perturbations
#
# 한 바퀴(시간 $2\pi/\omega_2$) 동안 섭동은 $e^{2\pi\gamma/\omega_2}$배, 이 상자에서는
# $e$의 {glue:text}`m31_efold`제곱배로 자란다. 섭동이 아무리 작아도 몇 바퀴 안에 회전축이 넘어간다.
#
# ### 3.1.6.3 폴호드와 분리선
#
# 두 보존량이 $\omega$가 갈 수 있는 곳을 정한다. 에너지는 $\omega^{\mathsf T}I\omega = 2\mathcal{K}$,
# 곧 반축이 $(2\mathcal{K}/I_j)^{1/2}$인 에너지 타원체이다. 각운동량의 크기는
# $\lVert I\omega\rVert^2 = \lVert H_s\rVert^2$, 곧 반축이 $\lVert H_s\rVert/I_j$인 또 하나의 타원체이다.
# $\omega(t)$는 두 곡면의 교선 위를 돈다. 이 곡선을 폴호드(polhode)라고 부른다.
#
# $\mathcal{K}$를 고정하면 $\lVert H_s\rVert^2$는 $2\mathcal{K}I_1$과 $2\mathcal{K}I_3$ 사이에 있다.
# $\lVert H_s\rVert^2 < 2\mathcal{K}I_2$이면 교선은 $\omega_1$축을 둘러싼 닫힌 고리 두 개이다.
# $\lVert H_s\rVert^2 > 2\mathcal{K}I_2$이면 $\omega_3$축을 둘러싼 고리 두 개이다. 고리 안에 갇힌
# $\omega$는 그 축을 떠나지 못한다. 그래서 두 축 둘레의 회전은 안정하다. 경계인
# $\lVert H_s\rVert^2 = 2\mathcal{K}I_2$에서는 에너지의 식에 $I_2$를 곱해 운동량의 식에서 빼면 $\omega_2$가
# 지워진다.
#
# $$
# I_1(I_2 - I_1)\,\omega_1^2 = I_3(I_3 - I_2)\,\omega_3^2
# $$ (eq-m31-separatrix)
#
# 이것은 $\omega_2$축을 품는 두 평면 $\omega_3 = \pm k\,\omega_1$이다. 여기서
# $k = \bigl(I_1(I_2-I_1)/(I_3(I_3-I_2))\bigr)^{1/2}$이다. 두 평면이 에너지 타원체를 자른 두 타원이 분리선이다.
# 분리선은 $\pm\omega_2$축의 두 점에서 서로 엇갈린다. 중간 축 근처에서 출발한 $\omega$는 분리선 바로
# 옆의 고리를 따라간다. 그 고리는 $+\omega_2$ 근처에서 $-\omega_2$ 근처까지 간다. 3.1.6.1의 뒤집힘이
# 바로 이 여행이다.

# %% tags=["remove-input"]
k_sep = C.separatrix_slope(I_box)
glue("m31_k", fixed(k_sep, 3), display=False)
K_mid = C.kinetic_energy(G_box, mid["omega"])
L_mid = C.space_momentum(G_box, mid["R"], mid["omega"])
near = float(np.linalg.norm(L_mid[0]) ** 2 / (2 * K_mid[0] * I_box[1])) - 1.0
glue("m31_near", sci(near, 2), display=False)
glue("m31_near_sign", claims.choose(near > 0, "양수", "음수"), display=False)
glue("m31_near_axis", claims.choose(near > 0, "ω₃", "ω₁"), display=False)
glue("m31_near_other", claims.choose(near > 0, "ω₁", "ω₃"), display=False)
keeps, other = (2, 0) if near > 0 else (0, 2)
w_mid = mid["omega"]
sign_kept = bool(np.all(np.sign(w_mid[1:, keeps]) == np.sign(w_mid[1, keeps])))
other_flips = len(C.flip_times(mid["t"], w_mid, axis=other))
claims.claim("m31-near", "그 축 방향 성분의 부호는 적분 구간 내내 바뀌지 않는다",
             bool(sign_kept and other_flips >= 2), kept=keeps, other_sign_changes=other_flips)

# %% [markdown]
# % claim: m31-near
#
# 이 상자에서 $k =$ {glue:text}`m31_k`이다. 3.1.6.1의 중간 축 회전은
# $\lVert H_s\rVert^2/(2\mathcal{K}I_2) - 1 =$ {glue:text}`m31_near`이다. 이 값이
# {glue:text}`m31_near_sign`이므로 {glue:text}`m31_near_axis`축을 둘러싼 고리 가운데 분리선에 가장 가까운
# 것을 탄다. 고리가 그 축을 두르므로 그 축 방향 성분의 부호는 적분 구간 내내 바뀌지
# 않는다. 반면
# {glue:text}`m31_near_other`의 부호는 뒤집힐 때마다 바뀐다({numref}`fig-m31-spins`의 가운데 칸).
#
# ```{figure} figures/ch31_polhode.png
# :name: fig-m31-polhode
# :width: 100%
#
# 왼쪽: 에너지 타원체(회색 그물) 위의 폴호드. 파란 곡선은 토크 없는 회전을 적분한 $\omega(t)$이고, 빨간
# 타원 두 개는 식 {eq}`eq-m31-separatrix`의 분리선이다. 볼 것은 파란 고리가 $\omega_1$축과 $\omega_3$축
# 둘레에만 생기고 $\omega_2$축 둘레에는 생기지 않는다는 점이다. 오른쪽: 같은 에너지 타원체(파랑)를
# 운동량 타원체 하나(주황 그물)가 자른다. 검은 곡선이 그 교선, 곧 한 폴호드이다.
# `figsrc/fig_31_polhode.py`가 그린다.
# ```

# %% tags=["remove-input"]
drift = {"K": [], "Hs": [], "Hb": [], "R": []}
for run in runs:
    K = C.kinetic_energy(G_box, run["omega"])
    Hs = C.space_momentum(G_box, run["R"], run["omega"])
    Hb = np.linalg.norm(run["omega"] * I_box, axis=1)
    drift["K"].append(float(np.max(np.abs(K / K[0] - 1.0))))
    drift["Hs"].append(float(np.max(np.linalg.norm(Hs - Hs[0], axis=1)) / np.linalg.norm(Hs[0])))
    drift["Hb"].append(float(np.max(np.abs(Hb / Hb[0] - 1.0))))
    drift["R"].append(C.orthogonality_error(run["R"]))
BOUND_DRIFT = 1e-9
glue("m31_bound_drift", sci(BOUND_DRIFT, 1), display=False)

# %% tags=["nbval-ignore-output"]
for name, key in (("운동 에너지의 상대 변화", "K"), ("공간 각운동량 H_s의 상대 변화", "Hs"),
                  ("물체 각운동량 |H_b|의 상대 변화", "Hb"), ("max |R^T R - 1|", "R")):
    print(f"{name}: x축 {sci(drift[key][0])}, y축 {sci(drift[key][1])}, z축 {sci(drift[key][2])}")
print("우변 계산 횟수:", [r["nfev"] for r in runs])

# %% tags=["remove-input"]
claims.within("m31-drift", "네 양 모두 세 회전에서 한계", max(max(v) for v in drift.values()),
              BOUND_DRIFT)

# %% [markdown]
# % claim: m31-drift
#
# 위 셀은 세 회전에서 보존량이 얼마나 변했는지를 보인다. 운동 에너지, $H_s$, $\lVert H_b\rVert$의
# 상대 변화와 $R^{\mathsf T}R - \mathbf 1$의 가장 큰 성분이다. 네 양 모두 세 회전에서 한계
# {glue:text}`m31_bound_drift` 안에 있다. 허용 오차 {glue:text}`m31_rtol`의 적분기가 남기는
# 오차의 크기이다. 적분기가 우변을 계산한 횟수도 위 셀에 있다.
#
# ### 3.1.6.4 움직이는 그림
#
# 아래 그림은 중간 축 둘레로 돌린 상자이다. 마주 보는 두 면은 같은 색으로 칠했다. 다만 중간 축에
# 수직인 두 면은 주황과 빨강으로 구별했다. 공간 축은 일정한 각운동량 $H_s$가 위를 향하도록 돌려서 그렸다.
# 상자는 $H_s$ 둘레로 돌다가 한 번씩 재주를 넘는다. 재주를 넘을 때마다 위를 향하는 면이 빨강에서 주황으로,
# 다시 빨강으로 바뀐다.
#
# ````{only} html
# ```{image} figures/ch31_tumble.gif
# :alt: 중간 축 둘레로 돌린 상자가 재주를 넘는 움직이는 그림과 각속도의 세 성분
# :width: 100%
# ```
# ````
#
# ```{figure} figures/ch31_tumble_strip.png
# :name: fig-m31-tumble
# :width: 100%
#
# 중간 축($y$, 검은 막대) 둘레로 돌린 상자의 여섯 순간. 볼 것은 $\omega_2$의 부호가 바뀌는 동안 상자가
# 반 바퀴 넘어간다는 점이다. 웹 페이지에는 같은 장면이 움직이는 그림으로도 실려 있다. 그 그림의 오른쪽
# 칸은 $\{b\}$에서 적은 $\omega(t)/\omega_0$이고 세로선이 현재 시각이다. 두 그림 모두
# `figsrc/fig_31_tumble.py`가 만든다.
# ```

# %% [markdown]
# ## 3.1.7 무거운 대칭 팽이 — 느린 세차
#
# ### 3.1.7.1 고정점을 가진 물체의 운동방정식
#
# 대칭축 끝이 바닥의 한 점에 고정된 팽이를 생각하자. $\{b\}$의 원점을 그 고정점에 두고 $z$축을 대칭축에
# 맞춘다. 질량 중심은 $c = (0, 0, \ell)$에 있다. 공간 관성 $\mathcal{G}$는 고정점에 대한 것이다. 그 회전
# 부분은 평행축 정리로 얻는 $I_o = I_c - m[c]^2$이다(`chaindyn.spatial.parallel_axis`). $I_o$는 대각
# 행렬 $\mathrm{diag}(I_1, I_2, I_3)$이다. 대칭축에 수직인 두 모멘트 $I_1 = I_2$는 질량 중심에 대한 값보다
# $ml^2$만큼 크고, 대칭축의 모멘트 $I_3$은 그대로이다. 고정점의 물체 점은 움직이지 않으므로 $V = (\omega, 0)$이다.
#
# 팽이가 받는 렌치는 둘이다. 하나는 중력이다. 이 책의 규약대로 중력을 가속도로 두면 중력 렌치는
# $\mathcal{G}\,(0, R^{\mathsf T}\mathfrak{g})$이다. 그 모멘트 부분은 $m\,c\times R^{\mathsf T}\mathfrak{g}$,
# 힘 부분은 $mR^{\mathsf T}\mathfrak{g}$이다. 다른 하나는 고정점의 반력 $(0, f_r)$이다. 반력은 고정점을
# 지나므로 고정점에 대한 모멘트가 없다. $f_r$는 모르는 값이지만 $\dot v = 0$이라는 조건이 정한다.
# 식 {eq}`eq-m31-forward`는 $F$에 대해 선형이다. 반력이 없을 때의 가속도를 $\dot V' = (\dot\omega',
# \dot v')$라 하면 다음과 같다.
#
# $$
# \dot V = \dot V' + \mathcal{G}^{-1}\begin{bmatrix}0\\ f_r\end{bmatrix},\qquad
# f_r = -\bigl[\mathcal{G}^{-1}\bigr]_{vv}^{-1}\,\dot v',\qquad
# \dot\omega = \dot\omega' - \bigl[\mathcal{G}^{-1}\bigr]_{\omega v}\bigl[\mathcal{G}^{-1}\bigr]_{vv}^{-1}\dot v'
# $$ (eq-m31-pivot)
#
# 블록 역행렬의 공식으로 정리하면 이 $\dot\omega$는 고정점에 대한 오일러 방정식
# $I_o\dot\omega = m\,c\times R^{\mathsf T}\mathfrak{g} - \omega\times I_o\omega$와 같다. 고정점에 묶인
# 물체는 고정점에 대한 관성 $I_o$로 도는 물체이다. `ch31_motion.pivot_projector`는
# $\mathcal{G}^{-1}$의 블록을 `body_acceleration`에서 한 열씩 읽는다. 아래 셀은 두 식을 한 상태에서
# 비교한다.

# %% tags=["remove-input"]
G_top, Io = C.top_spatial_inertia()
m_top, l_top = C.TOP["mass"], C.TOP["arm"]
Ic_top = cylinder_inertia(m_top, C.TOP["radius"], C.TOP["height"])
P_top = C.pivot_projector(G_top)
gravity = np.array([0.0, 0.0, -STANDARD_GRAVITY])

# %%
R = rot_x(C.TOP["tilt"])
omega = np.array([0.4, -0.3, 200.0])  # rad/s, {b}에서
V = np.concatenate([omega, np.zeros(3)])
Vd_free = body_acceleration(G_top, V, C.gravity_wrench(G_top, R, gravity))  # 반력이 없을 때 (V̇')
wd_pivot = Vd_free[:3] - P_top @ Vd_free[3:]                                    # 식 (eq-m31-pivot)
c = np.array([0.0, 0.0, l_top])
Io_check = parallel_axis(Ic_top, m_top, c)                               # I_c - m [c]^2
wd_euler = np.linalg.solve(Io_check, m_top * np.cross(c, R.T @ gravity)
                           - np.cross(omega, Io_check @ omega))
print("ω̇, 반력을 넣은 뉴턴-오일러:", np.round(wd_pivot, 4) + 0.0)
print("ω̇, 고정점에 대한 오일러 식:", np.round(wd_euler, 4) + 0.0)

# %% tags=["nbval-ignore-output"]
err_pivot = float(np.max(np.abs(wd_pivot - wd_euler)) / np.max(np.abs(wd_euler)))
err_io = float(np.max(np.abs(Io_check - G_top[:3, :3])) / np.max(np.abs(Io_check)))
print("두 ω̇의 상대 차이:", sci(err_pivot), "| parallel_axis와 G의 회전 블록:", sci(err_io))

# %% tags=["remove-input"]
BOUND_PIVOT = 1e-12
claims.within("m31-pivot", "두 식의 상대 차이는 한계", max(err_pivot, err_io), BOUND_PIVOT)
glue("m31_bound_pivot", sci(BOUND_PIVOT, 1), display=False)
for key in ("mass", "radius", "height", "arm"):
    glue(f"m31_top_{key}", fixed(C.TOP[key], 2), display=False)
glue("m31_top_tilt", fixed(np.degrees(C.TOP["tilt"]), 1), display=False)
glue("m31_top_I3", fixed(Io[2, 2], 6), display=False)
glue("m31_top_I1", fixed(Io[0, 0], 6), display=False)
spin_min = 2 * np.sqrt(Io[0, 0] * m_top * STANDARD_GRAVITY * l_top) / Io[2, 2]
glue("m31_top_spin_min", fixed(spin_min, 1), display=False)
glue("m31_ex_spin", int(C.TOP_SPINS[1]), display=False)
claims.claim("m31-top-sleep", "표의 스핀은 모두 그보다 빠르다", bool(min(C.TOP_SPINS) > spin_min),
             spins=C.TOP_SPINS, threshold=spin_min)

# %% [markdown]
# % claim: m31-pivot
#
# 두 식의 상대 차이는 한계 {glue:text}`m31_bound_pivot` 안에 있다(위 셀의 출력). `parallel_axis`로
# 만든 $I_o$와 $\mathcal{G}$의 회전 블록도 같은 한계 안에서 같다.
#
# ### 3.1.7.2 느린 세차의 공식
#
# 빨리 도는 팽이의 각운동량은 거의 대칭축 방향의 스핀이 차지한다. 대칭축을 공간에서 본 단위 벡터
# $R\hat z$로 적으면 $H_s \approx I_3\omega_3\,R\hat z$이다. 여기서 $I_3$은 대칭축에 대한 모멘트이다.
# 고정점에 대한 중력의 모멘트는 $\ell\,R\hat z\times m\mathfrak{g}$이다. 중력 벡터가
# $\mathfrak{g} = -\mathrm{g}\,\hat z$이므로 각운동량의 균형 $\dot H_s = \ell\,R\hat z\times m\mathfrak{g}$는
# 다음 꼴이 된다.
#
# $$
# \frac{d}{dt}\bigl(R\hat z\bigr) = \dot\psi\;\hat z\times R\hat z,\qquad
# \dot\psi = \frac{m\,\mathrm{g}\,\ell}{I_3\,\omega_3}
# $$ (eq-m31-precession)
#
# 대칭축은 연직축 $\hat z$ 둘레를 각속도 $\dot\psi$로 돈다($\psi$는 대칭축의 방위각). 이것이 세차 운동이다. 기울기는 식에서
# 빠지므로 $\dot\psi$는 기울기와 무관하다. 스핀이 빠를수록 세차는 느리다. 근사가 버린 것은 대칭축에 수직인
# 각속도의 몫이다. 세차와 장동(대칭축이 위아래로 떠는 운동)이 그 몫을 만든다. 대칭 팽이에서는
# $I_1 = I_2$이므로 식 {eq}`eq-m31-euler`의 셋째 식에서 $\omega_3$이 정확히 보존된다.
#
# ### 3.1.7.3 적분한 팽이와 공식
#
# % claim: m31-top-sleep
#
# 팽이는 질량 {glue:text}`m31_top_mass` kg, 반지름 {glue:text}`m31_top_radius` m, 두께
# {glue:text}`m31_top_height` m의 원판이다(`cylinder_inertia`). 질량 중심은 고정점에서 대칭축을 따라
# $\ell =$ {glue:text}`m31_top_arm` m에 있다. 고정점에 대한 모멘트는 $I_3 =$ {glue:text}`m31_top_I3`,
# $I_1 = I_2 =$ {glue:text}`m31_top_I1` (kg·m²)이다. 연직에서 {glue:text}`m31_top_tilt`° 기울여
# 세차 없이 스핀만 주고 놓는다. 적분 구간은 장동의 몇 주기이다. 평균 세차 각속도는 출발점과 마지막
# 장동 꼭짓점 사이에서 대칭축의 방위각이 늘어난 양을 시간으로 나눈 값이다. 세워 둔 팽이가 곧게
# 서 있을 수 있는 스핀의 문턱 $2(I_1m\mathrm{g}\ell)^{1/2}/I_3$은 {glue:text}`m31_top_spin_min` rad/s이다.
# 표의 스핀은 모두 그보다 빠르다.

# %% tags=["remove-input"]
with open(DATA / "ch31_top.csv", encoding="utf-8") as fh:
    top_rows = list(csv.DictReader(fh))
ratios = [float(r["ratio"]) for r in top_rows]
excess = [r - 1.0 for r in ratios]
shrink = [a / b for a, b in zip(excess[:-1], excess[1:])]
claims.claim("m31-top-ratio", "스핀이 빨라질수록 비는 1에 다가간다",
             all(a > b > 0 for a, b in zip(excess[:-1], excess[1:])), ratios=ratios)
claims.claim("m31-top-shrink", "스핀을 두 배로 할 때마다 1을 넘는 몫은 약 4분의 1로 준다",
             all(3.5 < s < 4.5 for s in shrink), shrink=shrink)
glue("m31_top_ratio_first", fixed(ratios[0], 4), display=False)
glue("m31_top_ratio_last", fixed(ratios[-1], 4), display=False)
glue("m31_top_shrink_lo", fixed(min(shrink), 1), display=False)
glue("m31_top_shrink_hi", fixed(max(shrink), 1), display=False)
claims.claim("m31-top-above", "측정값은 네 행 모두 공식보다 조금 크다",
             all(0 < e < 0.5 for e in excess), excess=excess)
order = [e / (Io[0, 0] * float(r["formula_rad_s"]) / (Io[2, 2] * float(r["spin_rad_s"])))
         for e, r in zip(excess, top_rows)]
claims.claim("m31-top-order", "이 값의", all(0.5 < o < 1.5 for o in order), order=order)
glue("m31_top_order_lo", fixed(min(order), 2), display=False)
glue("m31_top_order_hi", fixed(max(order), 2), display=False)
glue("m31_top_spin_first", int(float(top_rows[0]["spin_rad_s"])), display=False)
glue("m31_top_spin_last", int(float(top_rows[-1]["spin_rad_s"])), display=False)

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
md_table(["스핀 $\\omega_3$ (rad/s)", "공식의 $\\dot\\psi$ (rad/s)", "측정한 평균 세차 (rad/s)", "비"],
         [[f"{float(r['spin_rad_s']):.0f}", r["formula_rad_s"], r["measured_rad_s"], r["ratio"]]
          for r in top_rows],
         "무거운 대칭 팽이의 평균 세차 각속도와 느린 세차의 공식", "tab-m31-top")

# %% [markdown]
# % claim: m31-top-ratio, m31-top-shrink
#
# {numref}`tab-m31-top`이 결과이다(`data/ch31_top.csv`). 비는 측정값을 공식의 값으로 나눈 것이다.
# 스핀이 빨라질수록 비는 1에 다가간다. {glue:text}`m31_top_spin_first` rad/s에서
# {glue:text}`m31_top_ratio_first`이던 비가 {glue:text}`m31_top_spin_last` rad/s에서는
# {glue:text}`m31_top_ratio_last`이다. 스핀을 두 배로 할 때마다 1을 넘는 몫은 약 4분의 1로 준다.
# 이웃한 두 행의 몫의 비는 {glue:text}`m31_top_shrink_lo`에서 {glue:text}`m31_top_shrink_hi`까지이다.
# 식 {eq}`eq-m31-precession`이 버린 항의 상대 크기가 $\omega_3^{-2}$에 비례한다는 뜻이다.
#
# % claim: m31-top-above, m31-top-order
#
# 측정값은 네 행 모두 공식보다 조금 크다. 근사 $H_s \approx I_3\omega_3R\hat z$는 세차 자체가 만드는
# 각운동량을 버렸다. 대칭축이 $\dot\psi$로 돌면 가로 모멘트 $I_1$에 그 각속도의 몫이 실린다. 그 상대 크기
# $I_1\dot\psi/(I_3\omega_3) = I_1m\mathrm{g}\ell/(I_3\omega_3)^2$은 $\omega_3^{-2}$에 비례한다. 표의 네
# 행에서 1을 넘는 몫은 이 값의 {glue:text}`m31_top_order_lo`배에서 {glue:text}`m31_top_order_hi`배까지이다.
#
# ```{figure} figures/ch31_top.png
# :name: fig-m31-top
# :width: 100%
#
# {numref}`tab-m31-top`의 첫 행의 스핀으로 놓은 팽이. 왼쪽: 대칭축의 방위각(파랑), 공식의 $\dot\psi t$(빨간 점선), 측정한 평균
# 세차(검은 점선). 오른쪽: 위에서 본 대칭축 끝의 자취. 볼 것은 방위각이 계단처럼 늘어난다는 점이다.
# 계단의 평평한 곳이 자취의 뾰족한 꼭짓점이며, 그곳에서 대칭축은 잠깐 멈춘다.
# `figsrc/fig_31_top.py`가 그리고 표의 값도 쓴다.
# ```

# %% tags=["remove-input"]
top_runs = {s: C.top_run(s) for s in C.TOP_SPINS}
omega3_drift = max(float(np.max(np.abs(r["omega"][:, 2] / s - 1.0))) for s, r in top_runs.items())
orth_top = max(C.orthogonality_error(r["R"]) for r in top_runs.values())

# %% tags=["nbval-ignore-output"]
print("ω₃의 상대 변화:", sci(omega3_drift), "| max |R^T R - 1|:", sci(orth_top))

# %% tags=["remove-input"]
claims.within("m31-top-drift", "네 적분 모두에서 한계", max(omega3_drift, orth_top), BOUND_DRIFT)

# %% [markdown]
# % claim: m31-top-drift
#
# 보존되어야 할 $\omega_3$의 상대 변화와 $R^{\mathsf T}R - \mathbf 1$의 가장 큰 성분은 네 적분 모두에서
# 한계 {glue:text}`m31_bound_drift` 안에 있다(위 셀의 출력).

# %% [markdown]
# ## 3.1.8 체크포인트와 출처
#
# ### 3.1.8.1 체크포인트
#
# ```{exercise} 안정한 두 축 둘레의 진동
# :label: ex-m31-stable
#
# 3.1.6.2의 선형화를 가장 작은 모멘트의 축($\omega_1$) 둘레의 회전에 대해 되풀이하라. 섭동
# $\omega_2$, $\omega_3$이 각진동수 $\omega_1\bigl((I_2-I_1)(I_3-I_1)/(I_2I_3)\bigr)^{1/2}$로 진동함을
# 보이고, 3.1.6.1의 $x$축 회전에서 그 주기를 읽어 비교하라.
# ```
#
# ```{solution-start} ex-m31-stable
# :label: sol-m31-stable
# :class: dropdown
# ```
#
# $\omega_1$이 상수이고 곱을 버리면 $I_2\dot\omega_2 = (I_3 - I_1)\omega_1\omega_3$,
# $I_3\dot\omega_3 = (I_1 - I_2)\omega_1\omega_2$이다. 한 번 더 미분하면
# $\ddot\omega_2 = -\omega_1^2\,(I_3 - I_1)(I_2 - I_1)/(I_2I_3)\;\omega_2$이다. 두 괄호가 모두 양수이므로
# 우변의 계수는 음수이고 해는 진동한다. 아래 셀은 적분한 $\omega_2$의 부호가 바뀌는 시각에서 주기를 읽는다.

# %%
I1, I2, I3 = I_box
run_x = C.box_run(0)
w_pred = C.SPIN * np.sqrt((I2 - I1) * (I3 - I1) / (I2 * I3))
crossings = C.flip_times(run_x["t"], run_x["omega"], axis=1)
period = 2 * np.mean(np.diff(crossings))
print("예측한 주기:", np.round(2 * np.pi / w_pred, 4), "s | 적분에서 읽은 주기:", np.round(period, 4), "s")

# %% [markdown]
# ```{solution-end}
# ```
#
# ```{exercise} 고정점의 반력
# :label: ex-m31-reaction
#
# 3.1.7의 팽이에서 반력 $f_r$는 식 {eq}`eq-m31-pivot`이 준다. 반력을 공간 좌표계로 옮긴 $Rf_r$의 연직
# 성분이 시간 평균으로 $m\mathrm{g}$에 가까운 까닭을 말하라. 스핀 {glue:text}`m31_ex_spin` rad/s의 적분에서 그
# 평균을 구하라.
# ```
#
# ```{solution-start} ex-m31-reaction
# :label: sol-m31-reaction
# :class: dropdown
# ```
#
# 물체 전체에 뉴턴의 법칙을 쓰면 $m\ddot p_c = m\mathfrak{g} + Rf_r$이다. 질량 중심의 높이는
# $\ell$ 곱하기 기울기의 코사인이고, 장동하는 동안 좁은 범위에서 오르내린다. 그러므로 연직 가속도의 시간
# 평균은 적분 구간이 길수록 0에 가깝다. 남는 것은 $Rf_r$의 연직 성분의 평균이 $m\mathrm{g}$라는 식이다.
# 아래 셀은 식 {eq}`eq-m31-pivot`의 반력을 적분의 모든 출력 시각에서 계산한다.

# %%
run_200 = top_runs[C.TOP_SPINS[1]]
Vd_free = np.array([body_acceleration(G_top, np.concatenate([w_k, np.zeros(3)]),
                                      C.gravity_wrench(G_top, R_k, gravity))
                    for R_k, w_k in zip(run_200["R"], run_200["omega"])])
f_z = np.einsum("kij,kj->ki", run_200["R"], C.pivot_reaction(G_top, Vd_free))[:, 2]
print("연직 반력의 평균:", np.round(np.mean(f_z), 3), "N | m g:", np.round(m_top * STANDARD_GRAVITY, 3), "N")

# %% [markdown]
# ```{solution-end}
# ```
#
# ```{exercise} 테니스 라켓이 한 바퀴에 자라는 배수
# :label: ex-m31-racket
#
# {cite:t}`ashbaugh1991twisting`은 라켓의 주관성 모멘트로 $I_1 = 0.00121$, $I_2 = 0.01638$,
# $I_3 = 0.01748$ kg·m²를 쓴다(Brody가 잰 값이라고 밝힌다). 중간 축 둘레로 한 바퀴 도는 동안 섭동이 몇
# 배로 자라는지 식 {eq}`eq-m31-growth`로 구하고, 3.1.6의 상자와 비교하라. 왜 라켓은 한 바퀴 만에 눈에 띄게
# 비틀리는가?
# ```
#
# ```{solution-start} ex-m31-racket
# :label: sol-m31-racket
# :class: dropdown
# ```
#
# 한 바퀴의 시간은 $2\pi/\omega_2$이므로 배수는 $\exp(2\pi\gamma/\omega_2)$이고, 스핀의 빠르기와 무관하다.
# 라켓은 $I_1$이 다른 둘보다 훨씬 작아서 $\gamma/\omega_2$가 상자보다 크다. 처음 섭동이 몇 도에 불과해도
# 한 바퀴 뒤에는 수백 배가 되어 반 바퀴 비틀림으로 드러난다.

# %%
racket = (0.00121, 0.01638, 0.01748)
for name, moments in (("라켓", racket), ("상자", tuple(I_box))):
    per_turn = np.exp(2 * np.pi * C.growth_rate(moments, 1.0))
    print(f"{name}: λ/ω₂ = {C.growth_rate(moments, 1.0):.3f}, 한 바퀴에 {per_turn:.0f}배")

# %% [markdown]
# ```{solution-end}
# ```
#
# ### 3.1.8.2 출처
#
# 강체 하나의 뉴턴-오일러 방정식과 회전의 기구학 식은 Modern Robotics 3장과 8장의 규약을 따른다
# {cite:p}`lynch2017modern`. 중간 축 근처의 회전과 라켓의 반 바퀴 비틀림, 그리고 연습 문제의 라켓
# 관성은 {cite:t}`ashbaugh1991twisting`의 서론과 첫 절에서 읽었다. 적분기는 scipy의 DOP853이다
# {cite:p}`virtanen2020scipy,hairer1993solving`. 오일러 방정식의 안정성, 폴호드, 무거운 대칭 팽이의
# 이론은 고전 역학 교과서가 다룬다 {cite:p}`landau1976mechanics,goldstein2002classical`. 이 페이지는 그
# 두 교과서를 다시 읽지 않았고, 선형화와 세차의 공식은 본문에서 직접 유도했다.
#
# 3.1–3.1.4의 출처는 다음과 같다. 공간 관성, 그 좌표 변환, 합의 규칙, 뉴턴-오일러 방정식과 그 질량
# 중심 형식은 Featherstone의 *Rigid Body Dynamics Algorithms*(RBDA) 2.12–2.14절(31–36쪽)을 직접 읽고
# 인용했다 {cite:p}`featherstone2008rigid`. 유사 관성 행렬과 경계 타원체 조건은
# {cite:t}`wensing2018lmi`를 따랐다. 이 책이 원문에서 읽은 것은 초록뿐이다. 식 {eq}`eq-31-schur`의
# 동치와 타원체 조건의 필요성은 본문에서 직접 유도했다. 라이브러리와의 대조에는 Pinocchio
# {cite:p}`carpentier2019pinocchio`를, 메시의 질량 성질에는 trimesh 5.2.0을 썼다.
