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
# # 파이프라인 점검: 평면 2R 팔의 중력 토크
#
# 이 쪽은 책을 만드는 과정 전체가 제대로 이어져 있는지 보이는 작은 예제이다. 노트북이
# `chaindyn` 패키지로 값을 계산하고, 그 값이 본문 문장 속에 그대로 들어가며, 같은 계산이
# 테스트에서 다시 실행되어 검사된다. 뒤의 장들이 갖추어지면 이 쪽은 그 장들로 바뀐다.
#
# 수직면에서 움직이는 평면 2R 팔을 생각하자. 두 관절 축은 모두 기저 좌표계의 $z$축과
# 나란하고, 중력은 $-y$ 방향이다. 링크 $i$의 질량을 $m_i$, 길이를 $L_i$, 관절에서 질량
# 중심까지의 거리를 $r_i$라 하면, 팔을 정지 상태로 붙잡아 두는 데 필요한 토크(중력 토크)는
#
# $$
# \begin{aligned}
# g_1(q) &= (m_1 r_1 + m_2 L_1)\,\mathrm{g}\cos q_1 + m_2 r_2\,\mathrm{g}\cos(q_1+q_2), \\
# g_2(q) &= m_2 r_2\,\mathrm{g}\cos(q_1+q_2)
# \end{aligned}
# $$ (eq-pipeline-2r-gravity)
#
# 이다 {cite:p}`lynch2017modern`. 여기서 $\mathrm{g}$는 중력 가속도의 크기이다.

# %%
import sys
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
from myst_nb import glue

import chaindyn

sys.path.insert(0, str(Path("..").resolve() / "figsrc"))
import _style  # noqa: E402  (figsrc/_style.py: Korean font and figure style)

_style.apply()

# %% [markdown]
# 팔의 치수는 다음과 같이 잡는다. 값은 `figsrc/fig_pipeline_2r.py`의 그림과 같다.

# %%
m1, m2 = 2.0, 1.0  # kg
L1, L2 = 0.5, 0.4  # m
r1, r2 = 0.25, 0.2  # m
g0 = chaindyn.STANDARD_GRAVITY  # m/s^2
gravity = (0.0, -g0, 0.0)  # 기저 좌표계 {0}에서 본 중력 가속도 벡터

chain = chaindyn.models.planar_2r(
    masses=(m1, m2), lengths=(L1, L2), coms=(r1, r2)
)
q = np.radians([30.0, 45.0])
print(chain)

# %% [markdown]
# `chaindyn.gravity_torque`는 RNEA를 $\dot q = 0$, $\ddot q = 0$으로 한 번 호출하여 $g(q)$를
# 얻는다. 같은 자세에서 식 {eq}`eq-pipeline-2r-gravity`를 직접 계산해 비교한다.

# %%
tau_rnea = chaindyn.gravity_torque(chain, q, gravity=gravity)

q1, q2 = q
g2_closed = m2 * r2 * g0 * np.cos(q1 + q2)
g1_closed = (m1 * r1 + m2 * L1) * g0 * np.cos(q1) + g2_closed
tau_closed = np.array([g1_closed, g2_closed])

glue("q1_deg", 30, display=False)
glue("q2_deg", 45, display=False)
glue("tau1", round(float(tau_rnea[0]), 4), display=False)
glue("tau2", round(float(tau_rnea[1]), 4), display=False)
print(np.round(tau_rnea, 4), np.round(tau_closed, 4))

# %% tags=["nbval-ignore-output"]
# 두 값의 차이는 반올림 오차 수준이라 마지막 자릿수가 기계마다 다를 수 있다.
# 그래서 이 셀의 출력은 nbval이 비교하지 않고, 아래 셀에서 허용 오차로 검사한다.
err = float(np.max(np.abs(tau_rnea - tau_closed)))
glue("err", err, display=False)
print(f"{err:.1e}")

# %%
tol = 1e-12
glue("tol", tol, display=False)
assert err < tol
print("일치" if err < tol else "불일치")

# %% [markdown]
# 자세 $q_1 =$ {glue:text}`q1_deg`°, $q_2 =$ {glue:text}`q2_deg`°에서 RNEA가 준 중력 토크는
# $g_1 =$ {glue:text}`tau1:.3f` N·m, $g_2 =$ {glue:text}`tau2:.3f` N·m이고, 닫힌 식과의 차이는
# 최대 {glue:text}`err:.1e` N·m로 허용 오차 {glue:text}`tol:.0e` N·m보다 작다. 이 문장의 숫자는
# 손으로 적은 것이 아니라 위 셀이 계산하여 붙여 넣은 것이다. (glue 역할은 `$...$` 수식 안에서는
# 동작하지 않으므로 수식 밖에 둔다.)
#
# 아래 그림은 $q_2 = 45^\circ$로 고정하고 $q_1$을 한 바퀴 돌리며 같은 비교를 한 것이다.
# 그림은 `make figures`가 실행하는 스크립트가 만들고, 그 표는 `data/pipeline_2r_gravity.csv`에
# 저장된다.
#
# ```{figure} figures/pipeline_2r_gravity.png
# :name: fig-pipeline-2r-gravity
# :width: 85%
#
# 평면 2R 팔의 중력 토크. 실선은 `chaindyn.rnea`, 빈 기호는 식
# {eq}`eq-pipeline-2r-gravity`의 닫힌 식이다.
# ```
#
# {numref}`fig-pipeline-2r-gravity`에서 두 계산은 모든 각도에서 겹친다. 마지막으로 노트북
# 안에서 그린 그림도 같은 글꼴 설정을 쓰는지 확인하기 위해, 계산한 자세를 그려 둔다.

# %%
T = chaindyn.forward_kinematics(chain, q)  # 링크 좌표계 {1}, {2}의 자세
elbow = T[1, :2, 3]
tip = (T[1] @ np.array([L2, 0.0, 0.0, 1.0]))[:2]
pts = np.array([[0.0, 0.0], elbow, tip])

fig, ax = plt.subplots(figsize=(4.0, 3.2))
ax.plot(pts[:, 0], pts[:, 1], "-o", color="C0", lw=3)
ax.annotate("", xy=(0.55, -0.15), xytext=(0.55, 0.05),
            arrowprops={"arrowstyle": "->", "color": "C3"})
ax.text(0.57, -0.06, "중력", color="C3")
ax.set_aspect("equal")
ax.set_xlim(-0.1, 0.8)
ax.set_ylim(-0.25, 0.75)
ax.set_xlabel("$x$ [m]")
ax.set_ylabel("$y$ [m]")
ax.set_title("자세 $q = (30^\\circ, 45^\\circ)$")
plt.show()
