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
# # 3.5.11–3.5.14 손으로 푸는 예제 — 관절체 관성, 희소 분해, 작업 공간 관성
#
# {doc}`3.5.1–3.5.10 <ch3_5_crba_aba>`은 CRBA와 ABA를 식과 연산량으로 다루었다. 이 페이지는 같은
# 내용을 손으로 따라가는 페이지이다. 먼저 ABA의 안쪽 순환을 세 줄로 유도하고, 평면 2R 팔에서 기호와
# 숫자로 한 번 풀어 본다(3.5.11). 다음으로 가지가 있는 나무 구조에서 질량 행렬을 분해하는 순서를
# 다룬다. 순서를 잘 고르면 인수에 새 0이 아닌 성분이 생기지 않는다(3.5.12). 3.5.13은 $M^{-1}$이 쓰이는
# 곳인 작업 공간 관성과 질량 타원체를 보인다. 마지막 3.5.14는 고전적인 손 계산 세 가지를 연습 문제로
# 모았다. 기호는 3.5장과 같고, 이 페이지에서 새로 쓰는 기호는 {ref}`tab-notation-local`에 있다.
#
# 관절체 관성의 식은 Featherstone의 *Rigid Body Dynamics Algorithms*(RBDA) 7.2–7.3절을 따른다
# {cite:p}`featherstone2008rigid`. ABA의 스칼라는 3.5장과 같이 $U_i$, $D_i$,
# $\eta_i$로 쓴다(RBDA 식 7.43–7.45의 $u_i$에 해당한다. 이 책에서 $u_i$는 스크루 축의 병진 부분이다).

# %% tags=["remove-input"]
import csv
import inspect
import sys
import textwrap
from pathlib import Path

import numpy as np
from myst_nb import glue

from chaindyn import STANDARD_GRAVITY, aba, crba, models
from chaindyn.articulated import articulated_inertias, inverse_mass_matrix
from chaindyn.composite import composite_inertias, ltl_factor
from chaindyn.inverse_dynamics import joint_step
from chaindyn.jacobian import point_jacobian
from chaindyn.lagrange import coriolis_matrix, mass_matrix_dot
from chaindyn.quantities import mass_matrix, operational_space_inertia
from chaindyn_book import ch35_worked as W
from chaindyn_book import claims

sys.path.insert(0, str(Path("..").resolve() / "figsrc"))
from _numbers import fixed, sci  # noqa: E402

DATA = Path("..").resolve() / "data"


def read_csv(name):
    with open(DATA / name, encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


# %% [markdown]
# ## 3.5.11 손으로 푸는 관절체 관성 — ABA의 세 줄 유도와 평면 2R 팔
#
# ### 3.5.11.1 세 줄 유도
#
# 링크 $i$와 그 바깥의 링크들, 관절 $i+1..n$을 한 덩어리로 보자(관절 $i+1..n$의 토크는 주어져 있다).
# RBDA는 링크 $i$를 이 관절체의 *손잡이*라고 부른다. 손잡이를 가속도 $\dot V_i$로 움직이는 데 드는
# 렌치는 $\dot V_i$의 아핀 함수이다. 이것이 첫 줄인 손잡이 방정식이다(RBDA 식 7.26, 128쪽).
#
# $$
# F_i = \mathcal{G}^{A}_i\,\dot V_i + b^{A}_i
# $$ (eq-35w-handle)
#
# 둘째 줄은 관절 $i$가 주는 두 제약이다. 링크 $i$의 가속도는 부모의 가속도를 옮긴 것에 속도곱
# 가속도와 관절 가속도를 더한 것이고, 관절은 렌치의 축 방향 성분만 토크로 받는다.
# $\dot V'_i = X_i\dot V_{i-1} + \kappa_i$로 두면
#
# $$
# \begin{aligned}
# &\dot V_i = \dot V'_i + A_i\ddot q_i,\qquad A_i^{\mathsf T}F_i = \tau_i
# \quad\Longrightarrow\quad
# \ddot q_i = \frac{\eta_i - U_i^{\mathsf T}\dot V'_i}{D_i},\\
# &U_i = \mathcal{G}^{A}_i A_i,\qquad D_i = A_i^{\mathsf T}U_i,\qquad
# \eta_i = \tau_i - A_i^{\mathsf T}b^{A}_i
# \end{aligned}
# $$ (eq-35w-qdd)
#
# 이다(RBDA 식 7.29와 7.49, 129–130쪽). 식 {eq}`eq-35w-handle`의 $F_i$를 식 {eq}`eq-35w-qdd`의 둘째 식에 넣고
# $\ddot q_i$에 대해 푼 것이다. 셋째 줄은 이렇게 얻은 $\ddot q_i$를 다시 식 {eq}`eq-35w-handle`에
# 넣어 $\ddot q_i$를 없애는 단계이다.
#
# $$
# \begin{aligned}
# F_i &= \Bigl(\mathcal{G}^{A}_i - \frac{U_iU_i^{\mathsf T}}{D_i}\Bigr)\dot V'_i
#       + b^{A}_i + \frac{U_i \eta_i}{D_i},\\
# \mathcal{G}^{A}_{i-1} &\mathrel{+}= X_i^{\mathsf T}\Bigl(\mathcal{G}^{A}_i
#       - \frac{U_iU_i^{\mathsf T}}{D_i}\Bigr)X_i,\\
# b^{A}_{i-1} &\mathrel{+}= X_i^{\mathsf T}\Bigl(b^{A}_i + \mathcal{G}^{a}_i\kappa_i
#       + \frac{U_i\eta_i}{D_i}\Bigr)
# \end{aligned}
# $$ (eq-35w-pass)
#
# 여기서 $\mathcal{G}^{a}_i$는 첫 줄의 괄호 안에 있는 행렬이다. 첫 줄에서는 $\ddot q_i$가 사라졌다.
# $F_i$는 링크 $i-1$이 관절 $i$를 지나 링크 $i$에 주는 렌치이다. 링크 $i-1$은 그 반작용을 $\{i-1\}$에서
# 받아 자기 손잡이 방정식에 더한다. 그러면 부모의 관절체 관성과 바이어스 렌치가 아래 두 줄처럼
# 늘어난다(RBDA 식 7.47–7.48). 이 두 줄이 3.5.3의 둘째 단계이다.
#
# 괄호 안에서 빠지는 $U_iU_i^{\mathsf T}/D_i$는 양의 준정부호인 랭크 1 행렬이다. 관절이 풀려 있으므로
# 축 방향으로 미는 몫은 관절 가속으로 빠져나간다. 그만큼 부모가 느끼는 관성이 가벼워진다. 관절을
# 잠갔다면 이 항이 없고, 식 {eq}`eq-35-composite`의 합성 관성 순환만 남는다. 두 순환의 차이를 따라가면
# $\mathcal{G}^{c}_{i-1} - \mathcal{G}^{A}_{i-1} = X_i^{\mathsf T}(\mathcal{G}^{c}_i - \mathcal{G}^{A}_i +
# U_iU_i^{\mathsf T}/D_i)X_i$이다. 말단에서 차이가 0이므로 귀납적으로 차이는 늘 양의 준정부호이다. 곧
# 관절체 관성은 합성 관성보다 크지 않다($\mathcal{G}^{A}_i \preceq \mathcal{G}^{c}_i$).
#
# ### 3.5.11.2 평면 2R 팔: 기호로
#
# 3.2.5.3의 평면 2R 팔(링크 길이 $L_k$, 질량 중심까지의 거리 $r_k$, 질량 중심에 대한 관성 $I_k$)을
# 정지 상태에서 푼다. 관절 2는 말단이므로 $\mathcal{G}^{A}_2 = \mathcal{G}_2$이고,
# $D_2 = A_2^{\mathsf T}\mathcal{G}_2A_2 = I_2 + m_2r_2^2 = M_{22}$이다. 링크 1이 받는 관절체 관성은
# $\mathcal{G}^{A}_1 = \mathcal{G}_1 + X_2^{\mathsf T}(\mathcal{G}_2 - U_2U_2^{\mathsf T}/D_2)X_2$이다.
# 이것을 관절 1의 축 $A_1$에 투영하면 세 항이 나온다. $A_1^{\mathsf T}\mathcal{G}_1A_1$과
# $(X_2A_1)^{\mathsf T}\mathcal{G}_2(X_2A_1)$의 합은 두 링크를 굳힌 관성 $M_{11}$이다.
# $(X_2A_1)^{\mathsf T}U_2 = (X_2A_1)^{\mathsf T}\mathcal{G}_2A_2$는 $M_{12}$이다(식 {eq}`eq-35-crba`).
# 그래서
#
# $$
# D_1 = A_1^{\mathsf T}\mathcal{G}^{A}_1A_1 = M_{11} - \frac{M_{12}^2}{M_{22}}
#     = \frac{\det M}{M_{22}} = \frac{1}{[M^{-1}]_{11}}
# $$ (eq-35w-d1)
#
# 이다. $D_1$은 $M$의 슈어 보수이다. 관절 2를 풀어 둔 채(토크를 주지 않은 채) 관절 1을 돌릴 때 느끼는
# 관성이 $D_1$이고, 관절 2를 잠그고 돌릴 때의 관성이 $M_{11}$이다. 둘의 차이 $M_{12}^2/M_{22}$는
# 음이 아니다. 중력이 있고 정지한 경우, 안쪽 순환은 $M\ddot q = \tau - g(q)$의 둘째 행에서
# $\ddot q_2$를 지우는 일과 같다. 바깥 순환은 거꾸로 대입하는 일이다.
#
# $$
# \begin{aligned}
# \eta_1 &= \tau_1 - g_1 - \frac{M_{12}}{M_{22}}(\tau_2 - g_2),\\
# \ddot q_1 &= \frac{\eta_1}{D_1},\qquad
# \ddot q_2 = \frac{\tau_2 - g_2 - M_{12}\ddot q_1}{D_2}
# \end{aligned}
# $$ (eq-35w-2r)
#
# 말단에서 기저 쪽으로 지우는 이 순서는 3.5.12의 $L^{\mathsf T}L$ 분해의 순서와 같다.

# %% tags=["remove-input"]
arm2 = models.planar_2r()
q_h = np.array([0.3, 0.9])
tau_h = np.array([12.0, 3.0])
g_vec = np.array([0.0, -STANDARD_GRAVITY, 0.0])
hand = W.planar_2r_by_hand(q_h, tau_h)
zero2 = np.zeros(2)
qdd_lib = aba(arm2, q_h, zero2, tau_h, gravity=g_vec)
M2 = crba(arm2, q_h)
Minv2 = inverse_mass_matrix(arm2, q_h)
GA2, D2_lib = articulated_inertias(arm2, q_h)
Gc2 = composite_inertias(arm2, q_h)
glue("w35_q1", fixed(q_h[0], 1), display=False)
glue("w35_q2", fixed(q_h[1], 1), display=False)
glue("w35_tau1", fixed(tau_h[0], 1), display=False)
glue("w35_tau2", fixed(tau_h[1], 1), display=False)
for key in ("M11", "M12", "M22", "D1", "D2", "g1", "g2", "u1"):
    glue(f"w35_{key}", fixed(hand[key], 4), display=False)
glue("w35_qdd1", fixed(hand["qdd1"], 3), display=False)
glue("w35_qdd2", fixed(hand["qdd2"], 3), display=False)
glue("w35_inv11", fixed(1.0 / Minv2[0, 0], 4), display=False)
glue("w35_drop", fixed(hand["M11"] - hand["D1"], 4), display=False)
glue("w35_drop_pct", fixed(100 * (hand["M11"] - hand["D1"]) / hand["M11"], 1), display=False)

# %% [markdown]
# ### 3.5.11.3 평면 2R 팔: 숫자로
#
# 3.2장의 기본값($m_k = 1$ kg, $L_k = r_k = 1$ m, $I_k = 10^{-3}$ kg·m²)으로, 수직면의 중력 아래에서
# 자세 $q = ($ {glue:text}`w35_q1`, {glue:text}`w35_q2` $)$ rad에 정지한 팔에 토크
# $\tau = ($ {glue:text}`w35_tau1`, {glue:text}`w35_tau2` $)$ N·m를 준다. 닫힌 식의 질량 행렬 성분은
# $M_{11} =$ {glue:text}`w35_M11`, $M_{12} =$ {glue:text}`w35_M12`, $M_{22} =$ {glue:text}`w35_M22`
# (kg·m²)이다. 중력 토크는 $g_1 =$ {glue:text}`w35_g1`, $g_2 =$ {glue:text}`w35_g2` (N·m)이다. 안쪽
# 순환은 $D_2 =$ {glue:text}`w35_D2`, $D_1 =$ {glue:text}`w35_D1` (kg·m²)과
# $\eta_1 =$ {glue:text}`w35_u1` N·m를 준다. 바깥 순환은 $\ddot q_1 =$ {glue:text}`w35_qdd1`,
# $\ddot q_2 =$ {glue:text}`w35_qdd2` (rad/s²)를 준다.

# %% tags=["nbval-ignore-output"]
BOUND_2R = 1e-12
err_qdd = float(np.max(np.abs(qdd_lib - [hand["qdd1"], hand["qdd2"]])) / np.max(np.abs(qdd_lib)))
err_d = float(np.max(np.abs(D2_lib - [hand["D1"], hand["D2"]])) / hand["M11"])
err_inv = abs(1.0 / Minv2[0, 0] - hand["D1"]) / hand["M11"]
print("aba와 손 계산의 q̈ 상대 차이:", sci(err_qdd), "| D_i:", sci(err_d),
      "| 1/[M⁻¹]₁₁와 D₁:", sci(err_inv))

# %% tags=["remove-input"]
claims.within("w35-2r-aba", "`chaindyn.aba`의 가속도와 손 계산의 상대 차이는 한계",
              err_qdd, BOUND_2R)
claims.within("w35-2r-d", "`articulated_inertias`가 돌려주는 $D_1$, $D_2$와 $M^{-1}$에서 읽은",
              max(err_d, err_inv), BOUND_2R)
claims.claim("w35-d1-le", "관절 2를 풀면 관절 1이 느끼는 관성이 줄어든다",
             bool(hand["D1"] <= hand["M11"]), D1=hand["D1"], M11=hand["M11"])
glue("w35_bound_2r", sci(BOUND_2R, 1), display=False)

# %% [markdown]
# % claim: w35-2r-aba, w35-2r-d
#
# `chaindyn.aba`의 가속도와 손 계산의 상대 차이는 한계 {glue:text}`w35_bound_2r` 안에 있다(위 셀의
# 출력). `articulated_inertias`가 돌려주는 $D_1$, $D_2$와 $M^{-1}$에서 읽은
# $1/[M^{-1}]_{11} =$ {glue:text}`w35_inv11`도 같은 한계 안에서 손 계산과 같다.

# %% [markdown]
# % claim: w35-d1-le
#
# 관절 2를 풀면 관절 1이 느끼는 관성이 줄어든다. 잠근 경우의 $M_{11} =$ {glue:text}`w35_M11`에서 푼
# 경우의 $D_1 =$ {glue:text}`w35_D1`까지 {glue:text}`w35_drop` kg·m², 곧 {glue:text}`w35_drop_pct` %가
# 빠진다. 빠지는 양이 $M_{12}^2/M_{22}$이다.

# %% tags=["remove-input"]
arm6 = models.arm6r()
_, q6, _, _ = models.arm6r_trajectory()
GA6, _ = articulated_inertias(arm6, q6)
Gc6 = composite_inertias(arm6, q6)
diff6 = Gc6 - GA6
eig6 = np.linalg.eigvalsh(0.5 * (diff6 + np.swapaxes(diff6, -1, -2)))
scale6 = float(np.max(np.abs(Gc6)))
BOUND_PSD = 1e-12
min_eig6 = float(eig6[..., 0].min()) / scale6
# the 2R arm: G^c_1 - G^A_1 = X_2^T U_2 U_2^T X_2 / D_2 has rank one
X2 = joint_step(arm2, 1, q_h[1])
U2 = GA2[1] @ arm2.screws[1]
rank1 = X2.T @ np.outer(U2, U2) @ X2 / D2_lib[1]
eig2 = np.linalg.eigvalsh(Gc2[0] - GA2[0])
glue("w35_rank1_eig", fixed(eig2[-1], 4), display=False)
glue("w35_rank1_norm", fixed(float(np.sum((X2.T @ U2) ** 2) / D2_lib[1]), 4), display=False)
glue("w35_n_states", q6.shape[0], display=False)
glue("w35_bound_psd", sci(BOUND_PSD, 1), display=False)
rank_ok = bool(np.sum(eig2 > 1e-9 * eig2[-1]) == 1)
claims.claim("w35-rank1", "양의 고윳값은 하나뿐이고", rank_ok, eigenvalues=eig2)

# %% tags=["nbval-ignore-output"]
print("6R 팔, 모든 상태와 링크에서 G^c_i - G^A_i의 가장 작은 고윳값 / max|G^c|:", sci(min_eig6))
print("2R 팔, G^c_1 - G^A_1과 X₂^T U₂ U₂^T X₂ / D₂의 차이:",
      sci(float(np.max(np.abs(Gc2[0] - GA2[0] - rank1)))))

# %% tags=["remove-input"]
claims.claim("w35-psd", "가장 작은 고윳값은 음의 한계", bool(min_eig6 >= -BOUND_PSD),
             min_eig=min_eig6, bound=BOUND_PSD)

# %% [markdown]
# % claim: w35-rank1
#
# 2R 팔에서 $\mathcal{G}^{c}_1 - \mathcal{G}^{A}_1$은 식 {eq}`eq-35w-pass`의 한 항
# $X_2^{\mathsf T}U_2U_2^{\mathsf T}X_2/D_2$ 그 자체이다. 양의 고윳값은 하나뿐이고, 그 값은
# {glue:text}`w35_rank1_eig`이다. 랭크 1 행렬 $yy^{\mathsf T}/D_2$의 고윳값은 $\lVert y\rVert^2/D_2$이므로,
# $y = X_2^{\mathsf T}U_2$로 계산한 값도 {glue:text}`w35_rank1_norm`이다.
#
# % claim: w35-psd
#
# 6R 팔에서는 예제 운동의 {glue:text}`w35_n_states`개 상태와 여섯 링크 모두에서
# $\mathcal{G}^{c}_i - \mathcal{G}^{A}_i$의 고윳값을 구했다($\max\lvert\mathcal{G}^{c}\rvert$로 나눈 값).
# 가장 작은 고윳값은 음의 한계보다 크다(위 셀의 출력). 한계의 크기는 {glue:text}`w35_bound_psd`이다. 말단 링크에서는
# 두 관성이 같아 차이가 0이므로, 이 값은 반올림 수준에서 0 근처에 있다.

# %% [markdown]
# ## 3.5.12 $L^{\mathsf T}L$ 분해와 가지가 만드는 희소성
#
# 나무 구조의 로봇(휴머노이드, 사족 보행 로봇, 두 팔 로봇)에서는 $M$의 많은 성분이 구조적으로 0이다.
# 변수 $i$와 $j$가 서로 다른 가지에 있으면, 곧 한쪽이 다른 쪽의 조상이 아니면 $M_{ij} = 0$이다. RBDA는
# 이를 *가지가 만드는 희소성*(branch-induced sparsity)이라 부른다(RBDA 6.4절, 110–111쪽). CRBA는 이런
# 0을 처음부터 계산하지 않는다. 그런데 $M = CC^{\mathsf T}$ 꼴의 보통 촐레스키 분해는 첫 행부터
# 지우므로 이 0을 채워 버린다.
#
# RBDA 6.5절(112–116쪽)의 처방은 분해의 순서를 뒤집는 것이다. 번호는 부모가 자식보다 앞서도록
# 매긴다. 부모 배열은 $\lambda(i) < i$이고, 기저에 붙은 변수는 $\lambda(i) = 0$이다(코드에서는 0부터
# 세고 $-1$). 그 번호에서
#
# $$
# M = L^{\mathsf T}L,\qquad L \text{은 하삼각 행렬, 대각 성분은 양수}
# $$ (eq-35w-ltl)
#
# 로 분해한다(RBDA 표 6.3, 112쪽). 행을 $n$에서 1로, 곧 잎에서 뿌리로 지운다. 행 $k$를 지울 때
# 바뀌는 성분은 $k$의 조상 $\lambda(k), \lambda(\lambda(k)), \dots$의 행과 열뿐이다. 그래서 $L$에는
# $M$의 하삼각 부분 밖의 성분이 생기지 않는다. 이를 채움이 없다(no fill-in)고 한다. 증명은
# {cite:t}`featherstone2005efficient`에 있다고 RBDA가 밝힌다. 이 책은 그 증명을 직접 읽지 않았다.
# 이 분해는 $M$의 행과 열을 거꾸로 세운 행렬의 촐레스키 분해와 같다(RBDA 111쪽). 그래서 수치적 성질도
# 촐레스키와 같다. 변수 $k$에서 기저까지 지나는 변수의 수(자신 포함)를 깊이 $\nu_k$라 하고 가장 깊은
# 값을 $\nu$라 하자. $L$의 0이 아닌 성분은 $n + E_1$개, 지우는 동안 하는 갱신은 $E_2$번이다.
#
# $$
# \begin{aligned}
# E_1 &= \sum_{k=1}^{n}(\nu_k - 1) \le n(\nu - 1),\\
# E_2 &= \sum_{k=1}^{n}\frac{\nu_k(\nu_k-1)}{2} \le \frac{n\nu(\nu-1)}{2}
# \end{aligned}
# $$ (eq-35w-counts)
#
# RBDA의 식 6.26–6.29(116쪽)이며, RBDA는 $E_1$, $E_2$를 $D_1$, $D_2$로 적는다. 사슬에서는
# $\nu_k = k$이므로 $L$은 밀집 삼각형 $n(n+1)/2$이고 갱신은 $(n^3-n)/6$번이다. `chaindyn.composite.ltl_factor`는
# RBDA 표 6.3을 그대로 옮겼다. 내부 루프는 부모 배열을 따라가며 조상만 방문한다.

# %% tags=["hide-input"]
src = inspect.getsource(ltl_factor)
print(textwrap.dedent("    for k in reversed(range(n)):" + src.split("for k in reversed(range(n)):", 1)[1]
                      .split("return H")[0].rstrip()))

# %% tags=["remove-input"]
sp_rows = {r["model"]: r for r in read_csv("ch35w_sparsity.csv")}
M_h, par_h = W.humanoid_mass_matrix()
M_c, par_c = W.chain_mass_matrix(len(par_h))
for name, M_, p_ in (("Talos", M_h, par_h), ("chain", M_c, par_c)):
    fresh = {k: str(v) for k, v in W.sparsity_row(name, M_, p_).items()}
    assert fresh == sp_rows[name], (fresh, sp_rows[name])
tal, cha = sp_rows["Talos"], sp_rows["chain"]
for key in ("n", "d", "pattern_M", "nonzero_M", "pattern_L", "nonzero_L", "bound_L", "dense_L",
            "outside_cholesky", "E2", "dense_E2"):
    glue(f"w35_tal_{key}", int(tal[key]), display=False)
glue("w35_cha_nonzero_L", int(cha["nonzero_L"]), display=False)
glue("w35_cha_dense_L", int(cha["dense_L"]), display=False)
zeros_h = np.argwhere((np.abs(M_h) <= W.NONZERO * np.max(np.abs(M_h))) & (W.ancestor_pattern(par_h) | W.ancestor_pattern(par_h).T))
in_base = int(np.sum((zeros_h[:, 0] < 6) & (zeros_h[:, 1] < 6)))
assert in_base + len(zeros_h) - in_base == int(tal["pattern_M"]) - int(tal["nonzero_M"])
glue("w35_ff_zero", len(zeros_h), display=False)
glue("w35_ff_zero_base", in_base, display=False)
glue("w35_ff_zero_yaw", len(zeros_h) - in_base, display=False)
yaw_cols = sorted({int(max(r)) for r in zeros_h if min(r) == 2 and max(r) >= 6})
glue("w35_ff_yaw_joints", len(yaw_cols), display=False)


def _explained(a, b):
    a, b = min(a, b), max(a, b)
    if b < 3:
        return a != b  # off the diagonal of the translational mass block
    if a < 3 and b < 6:
        return b - a == 3  # the diagonal of the coupling block
    return a == 2 and b >= 6 and par_h[b] == 5  # base z against a joint on the base


claims.claim("w35-talos-zeros", "블록 안에 있다", all(_explained(*z) for z in zeros_h),
             zeros=zeros_h.tolist())
glue("w35_e2_ratio", fixed(int(tal["dense_E2"]) / int(tal["E2"]), 1), display=False)
claims.claim("w35-chain-dense", "사슬의 $L$은 밀집 삼각형으로",
             cha["nonzero_L"] == cha["dense_L"], nonzero=cha["nonzero_L"], dense=cha["dense_L"])
claims.claim("w35-talos-pattern", "$L$의 0이 아닌 성분은 부모 배열이 예측한",
             tal["nonzero_L"] == tal["pattern_L"] and int(tal["pattern_L"]) <= int(tal["bound_L"])
             and int(tal["pattern_L"]) < int(tal["dense_L"]) and tal["outside_L"] == "0", row=tal)
claims.claim("w35-talos-fill", "보통 촐레스키 인수 $C$에는 패턴 밖의 성분이",
             int(tal["outside_cholesky"]) > 0, outside=tal["outside_cholesky"])
L_h = ltl_factor(M_h, par_h)
rec_h = float(np.max(np.abs(L_h.T @ L_h - M_h)) / np.max(np.abs(M_h)))
rev_h = float(np.max(np.abs(L_h - W.reverse_cholesky(M_h))) / np.max(np.abs(L_h)))
BOUND_LTL = 1e-12
claims.within("w35-ltl-rec", "$L^{\\mathsf T}L$과 $M$의 상대 차이", max(rec_h, rev_h), BOUND_LTL)
glue("w35_bound_ltl", sci(BOUND_LTL, 1), display=False)

# %% tags=["nbval-ignore-output"]
print("Talos: |L^T L - M| / max|M| =", sci(rec_h), "| L와 뒤집은 촐레스키의 차이 / max|L| =", sci(rev_h))

# %% [markdown]
# % no-claim: nu is defined as the largest depth, and the glued value is computed as that maximum
#
# 예로 example-robot-data의 휴머노이드 Talos(`talos_reduced.urdf`)를 자유 부유 기저 위에 두고
# Pinocchio로 읽었다 {cite:p}`carpentier2019pinocchio`. 기저의 6자유도는 RBDA 표 6.4처럼 변수
# 여섯 개의 사슬로 펼쳤다. 관절 한계 안의 무작위 자세에서 `pin.crba`로 $M$을 만들었다. 속도 변수는
# {glue:text}`w35_tal_n`개이고, 가장 깊은 변수의 깊이는 $\nu =$ {glue:text}`w35_tal_d`이다.
#
# % claim: w35-talos-zeros
#
# 부모 배열이 허락하는 $M$의 성분은 {glue:text}`w35_tal_pattern_M`개이다. 그중
# {glue:text}`w35_tal_nonzero_M`개가 실제로 0이 아니다. 값이 0인 {glue:text}`w35_ff_zero`개 가운데
# {glue:text}`w35_ff_zero_base`개는 기저의 $6\times6$ 블록 안에 있다. 병진 부분의 질량 블록은 대각이고,
# 병진과 회전을 잇는 블록은 대각 성분이 0이기 때문이다. 나머지 {glue:text}`w35_ff_zero_yaw`개는 기저의
# $z$ 병진과, 축이 기저의 $z$축에 평행한 첫 관절 {glue:text}`w35_ff_yaw_joints`개(두 다리와 몸통) 사이의
# 성분이다. $z$축에 평행한 축으로 돌면 $z$ 방향의 운동량이 생기지 않는다.
#
# % claim: w35-talos-pattern, w35-talos-fill, w35-ltl-rec
#
# $L$의 0이 아닌 성분은 부모 배열이 예측한
# $n + E_1 =$ {glue:text}`w35_tal_pattern_L`개 그대로이다. 이는 상한 $n\nu =$
# {glue:text}`w35_tal_bound_L`과 밀집 삼각형 {glue:text}`w35_tal_dense_L`개보다 적다. 보통 촐레스키 인수
# $C$에는 패턴 밖의 성분이 {glue:text}`w35_tal_outside_cholesky`개 생긴다. 지우는 갱신은
# $E_2 =$ {glue:text}`w35_tal_E2`번으로, 밀집 분해의 {glue:text}`w35_tal_dense_E2`번의
# {glue:text}`w35_e2_ratio`분의 1이다. $L^{\mathsf T}L$과 $M$의 상대 차이, 그리고 $L$과 LAPACK으로 뒤집어
# 계산한 촐레스키 인수의 차이는 한계 {glue:text}`w35_bound_ltl` 안에 있다(위 셀의 출력).
#
# % claim: w35-chain-dense
#
# 같은 크기의 무작위 회전 관절 사슬에는 가지가 없다. 사슬의 $L$은 밀집 삼각형으로, 0이 아닌 성분이
# {glue:text}`w35_cha_nonzero_L`개, 곧 $n(n+1)/2 =$ {glue:text}`w35_cha_dense_L`개이다.
#
# ```{figure} figures/ch35w_sparsity.png
# :name: fig-35w-sparsity
# :width: 100%
#
# 0이 아닌 성분의 위치(검은 칸). 위는 무작위 사슬, 아래는 자유 부유 기저 위의 Talos이며, 왼쪽부터 $M$,
# $L^{\mathsf T}L$ 분해의 $L$, 보통 촐레스키 분해 $M = CC^{\mathsf T}$의 $C$이다. 아래 줄에서 볼 것은
# 가운데 $L$이 $M$의 하삼각 패턴을 그대로 물려받는다는 점이다. 다리와 팔의 블록 사이는 흰 채로
# 남는다. 오른쪽 $C$는 그 빈칸을 거의 다 채운다. `figsrc/fig_35w_sparsity.py`가 그리고, 개수는
# `data/ch35w_sparsity.csv`에 있다.
# ```

# %% [markdown]
# ## 3.5.13 $M^{-1}$은 어디에 쓰이는가 — 작업 공간 관성과 질량 타원체
#
# 순동역학만이 $M^{-1}$을 쓰는 것은 아니다. 말단을 손으로 잡고 밀 때 느끼는 관성도 $M^{-1}$에서 나온다.
# 말단의 한 점에서 트위스트가 $J\dot q$이고, 정지 상태에서 중력 없이 그 점에 렌치 $F$를 가했다고 하자.
# 그러면 $\ddot q = M^{-1}J^{\mathsf T}F$이고, 점의 가속도는 $a = JM^{-1}J^{\mathsf T}F$이다. 그 역이
# 작업 공간 관성(operational-space inertia)이다.
#
# $$
# \Lambda = \bigl(J M^{-1} J^{\mathsf T}\bigr)^{-1},\qquad F = \Lambda\,a
# $$ (eq-35w-osi)
#
# RBDA 7.2.1절(123–124쪽, 식 7.12)은 같은 식을 손잡이의 관절체 관성으로 읽는다. 이 투영이 로봇 제어의
# 작업 공간 관성으로 쓰인다며 Khatib(1987)을 드는데, 이 책은 그 논문을 직접 읽지 않았다. Modern
# Robotics 8.1.3절은 $J$가 정사각 가역일 때의 꼴 $\Lambda = J^{-\mathsf T}MJ^{-1}$로 적는다
# {cite:p}`lynch2017modern`. 이 절의 내용은 이 책이 강의 자료로만 확인한 이차 인용이다. 식
# {eq}`eq-35w-d1`의 $D_1$이 식 {eq}`eq-35w-osi`의 한 예이다. $J = e_1^{\mathsf T}$로 관절 1만
# 손잡이로 잡으면 $\Lambda = 1/[M^{-1}]_{11} = D_1$이다.
#
# `chaindyn.quantities.operational_space_inertia(chain, q, point, rows)`는 $J$로 $\{n\}$의 물체
# 야코비안 $J_b$를 쓴다. 이때 기준점은 `point`로 옮기고 축은 $\{n\}$의 축 그대로이다
# (`point_jacobian(..., frame="local")`). 그래서 $\Lambda$도 그 점에서 $\{n\}$의 축으로 표현된다.
# `rows`로 트위스트의 일부 행만 남길 수 있다. 예를 들어 `"linear"`는 모멘트를 주지 않고 힘만 줄 때
# 느끼는 $3\times3$ 관성이다. 관절 수가 행 수보다 적거나 특이 자세에서는 $JM^{-1}J^{\mathsf T}$가
# 특이하므로 함수가 `ValueError`를 낸다. 계산은 CRBA의 $M$을 촐레스키 분해해서 한다.

# %% tags=["remove-input"]
arm2i = models.planar_2r()
q_o = np.array([0.3, 0.9])
L1_, L2_ = 1.0, 1.0
s2, c2 = np.sin(q_o[1]), np.cos(q_o[1])
J_closed = np.array([[L1_ * s2, 0.0], [L1_ * c2 + L2_, L2_]])
M_o = crba(arm2i, q_o)
Jinv = np.linalg.inv(J_closed)
Lam_closed = Jinv.T @ M_o @ Jinv
Lam_lib = operational_space_inertia(arm2i, q_o, point=[L2_, 0.0, 0.0], rows=[3, 4])
J6 = point_jacobian(arm6, q6[0], frame="local")
Lam_direct = np.linalg.inv(J6 @ np.linalg.inv(mass_matrix(arm6, q6[0])) @ J6.T)
Lam6 = operational_space_inertia(arm6, q6[0])
err_osi = max(float(np.max(np.abs(Lam_lib - Lam_closed)) / np.max(np.abs(Lam_closed))),
              float(np.max(np.abs(Lam6 - Lam_direct)) / np.max(np.abs(Lam_direct))))
BOUND_OSI = 1e-10
claims.within("w35-osi", "두 값의 상대 차이는 한계", err_osi, BOUND_OSI)
glue("w35_bound_osi", sci(BOUND_OSI, 1), display=False)
ev_o = np.linalg.eigvalsh(Lam_closed)
glue("w35_lam_min", fixed(ev_o[0], 3), display=False)
glue("w35_lam_max", fixed(ev_o[1], 3), display=False)
ell = {r["config"]: r for r in read_csv("ch35w_ellipsoid.csv")}
for c in ("A", "B"):
    glue(f"w35_ell_{c}_max", fixed(float(ell[c]["lambda_max_kg"]), 1), display=False)
    glue(f"w35_ell_{c}_min", fixed(float(ell[c]["lambda_min_kg"]), 1), display=False)
    glue(f"w35_ell_{c}_ratio", fixed(float(ell[c]["ratio"]), 2), display=False)
longer = float(ell["B"]["ratio"]) > float(ell["A"]["ratio"])
glue("w35_ell_which", claims.choose(longer, "B", "A"), display=False)
sys.path.insert(0, str(Path("..").resolve() / "figsrc"))
from fig_35w_ellipsoid import CONFIGS  # noqa: E402

sv = {c: float(np.linalg.svd(point_jacobian(arm6, q, frame="local")[3:], compute_uv=False)[-1])
      for c, q in CONFIGS.items()}
glue("w35_sv_A", fixed(sv["A"], 3), display=False)
glue("w35_sv_B", fixed(sv["B"], 3), display=False)
claims.claim("w35-sv", "가장 작은 특이값이", sv["B"] < sv["A"], singular_values=sv)

# %% tags=["nbval-ignore-output"]
print("2R 닫힌 식과 operational_space_inertia, 6R 직접 식과의 상대 차이(큰 쪽):", sci(err_osi))

# %% [markdown]
# % claim: w35-osi
#
# 평면 2R 팔의 말단(링크 2 끝, $\{2\}$의 $x$축 위로 $L_2$만큼 떨어진 점)에서 $\{2\}$의 축으로 적으면
# $J = \begin{bmatrix} L_1\sin q_2 & 0\\ L_1\cos q_2 + L_2 & L_2\end{bmatrix}$이다. 3.5.11.3과 같은 자세에서
# 닫힌 식 $J^{-\mathsf T}MJ^{-1}$과 라이브러리 값을 비교했다. 6R 팔에서는 RNEA 열로 만든 $M$을 식
# {eq}`eq-35w-osi`에 넣어 직접 계산한 값과 비교했다. 두 값의 상대 차이는 한계 {glue:text}`w35_bound_osi` 안에
# 있다(위 셀의 출력). 2R 팔의 $2\times2$ $\Lambda$의 고윳값은 {glue:text}`w35_lam_min` kg과
# {glue:text}`w35_lam_max` kg이다. 말단을 미는 방향에 따라 느끼는 질량이 그만큼 다르다.
#
# Modern Robotics 8.1.3절은 가속도의 단위 원을 $\Lambda$로 옮긴 힘의 타원을 그려 이 방향성을 보인다.
# 아래 그림은 같은 작도를 6R 팔의 $\{6\}$ 원점에서 선형
# $3\times3$ $\Lambda$로 한 것이다. 주축의 방향은 $\Lambda$의 고유 벡터이고, 반축의 길이는 고윳값(kg)에
# 비례한다.
#
# 자세 A에서 고윳값은 {glue:text}`w35_ell_A_min` kg에서 {glue:text}`w35_ell_A_max` kg까지이고, 비는
# {glue:text}`w35_ell_A_ratio`이다. 자세 B에서는 {glue:text}`w35_ell_B_min` kg에서
# {glue:text}`w35_ell_B_max` kg까지, 비는 {glue:text}`w35_ell_B_ratio`이다. 두 자세 가운데 더 길쭉한
# 쪽은 {glue:text}`w35_ell_which`이다.
#
# % claim: w35-sv
#
# 자세 B에서는 팔뚝이 위팔 쪽으로 접혀 있다. 선형 부분의 야코비안(말단 속도를 주는 세 행)의 가장 작은
# 특이값이 자세 B에서 {glue:text}`w35_sv_B` m로, 자세 A의 {glue:text}`w35_sv_A` m보다 작다. 특이값이
# 작은 방향으로 말단을 가속하려면 관절이 크게 가속해야 하고, 그만큼 그 방향에서 느끼는 질량이 커진다.
#
# ```{figure} figures/ch35w_ellipsoid.png
# :name: fig-35w-ellipsoid
# :width: 100%
#
# 6R 팔의 선형 질량 타원체: 가속도의 단위 구를 $\{6\}$ 원점의 선형 $\Lambda$(기저 축)로 옮긴 것
# (반축의 길이는 고윳값에 비례). 검은 선은 관절 원점을 이은 팔이고, 빨간 선은 가장 무거운 방향이다.
# 볼 것은 타원체가 자세에 따라 모양과 방향을 바꾼다는 점이다. 팔뚝을 접은 자세 B에서는 한 방향(빨간
# 선)으로만 타원체가 길게 늘어난다. `figsrc/fig_35w_ellipsoid.py`가 그리고, 고윳값은 `data/ch35w_ellipsoid.csv`에 있다.
# ```

# %% [markdown]
# ## 3.5.14 연습 문제 — 고전적인 손 계산
#
# ```{exercise} 2R 팔의 크리스토펠 기호와 $\dot M - 2C$
# :label: ex-35w-christoffel
#
# 3.5.11.2의 평면 2R 팔에서 $M_{11}$과 $M_{12}$만 $q_2$에 의존한다. $\chi = -m_2L_1r_2\sin q_2$로 두고,
# 식 {eq}`eq-33-christoffel`에 따라 0이 아닌 크리스토펠 기호 $c_{ijk}$를 모두 구하라. 그리고
# $C(q,\dot q)$와 $\dot M - 2C$를 적어 반대칭임을 보여라.
# ```
#
# ```{solution-start} ex-35w-christoffel
# :label: sol-35w-christoffel
# :class: dropdown
# ```
#
# $\partial M_{11}/\partial q_2 = 2\chi$, $\partial M_{12}/\partial q_2 = \chi$이고 나머지 편미분은 0이다.
# 그러므로 $c_{112} = c_{121} = \tfrac12\,\partial M_{11}/\partial q_2 = \chi$,
# $c_{122} = \partial M_{12}/\partial q_2 - \tfrac12\,\partial M_{22}/\partial q_1 = \chi$,
# $c_{211} = -\tfrac12\,\partial M_{11}/\partial q_2 = -\chi$이고, 나머지는 0이다. 따라서
#
# $$
# C = \begin{bmatrix}\chi\dot q_2 & \chi(\dot q_1 + \dot q_2)\\ -\chi\dot q_1 & 0\end{bmatrix},\qquad
# \dot M = \begin{bmatrix}2\chi\dot q_2 & \chi\dot q_2\\ \chi\dot q_2 & 0\end{bmatrix},\qquad
# \dot M - 2C = \begin{bmatrix}0 & -\chi(2\dot q_1 + \dot q_2)\\ \chi(2\dot q_1 + \dot q_2) & 0\end{bmatrix}
# $$
#
# 이다. 대각이 0이고 비대각이 부호만 다르므로 반대칭이다. 아래 셀은 한 상태에서 손으로 얻은 $C$를
# `coriolis_matrix`와, $\dot M$을 `mass_matrix_dot`과 비교한다.

# %%
q_x, qd_x = np.array([0.3, 0.9]), np.array([0.7, -1.3])
beta = -1.0 * 1.0 * 1.0 * np.sin(q_x[1])  # -m2 L1 r2 sin q2 (기본값 m2 = L1 = r2 = 1)
C_hand = np.array([[beta * qd_x[1], beta * (qd_x[0] + qd_x[1])], [-beta * qd_x[0], 0.0]])
Md_hand = np.array([[2 * beta * qd_x[1], beta * qd_x[1]], [beta * qd_x[1], 0.0]])
C_lib = coriolis_matrix(arm2, q_x, qd_x)
Md_lib = mass_matrix_dot(arm2, q_x, qd_x)
S_x = Md_hand - 2 * C_hand
print("손 계산 C:\n", np.round(C_hand, 4) + 0.0)
print("라이브러리와의 차이가 1e-12 이하:", bool(np.max(np.abs(C_lib - C_hand)) < 1e-12
                                      and np.max(np.abs(Md_lib - Md_hand)) < 1e-12))
print("Ṁ - 2C + (Ṁ - 2C)^T:", np.round(S_x + S_x.T, 12) + 0.0)

# %% [markdown]
# ```{solution-end}
# ```
#
# ```{exercise} 2링크 사슬의 합성 관성
# :label: ex-35w-composite
#
# 평면 2R 팔의 두 링크를 관절 2에서 잠가 한 강체로 만들었다. 합성 관성
# $\mathcal{G}^{c}_1 = \mathcal{G}_1 + X_2^{\mathsf T}\mathcal{G}_2X_2$의 질량, $\{1\}$에서 본 질량 중심,
# 그리고 관절 1 축에 대한 관성 $A_1^{\mathsf T}\mathcal{G}^{c}_1A_1$을 손으로 구하라. 마지막 값이
# $M_{11}$과 같은 까닭을 말하라.
# ```
#
# ```{solution-start} ex-35w-composite
# :label: sol-35w-composite
# :class: dropdown
# ```
#
# 질량은 $m_1 + m_2$이다. 링크 2의 질량 중심은 $\{1\}$에서 $(L_1 + r_2\cos q_2,\; r_2\sin q_2)$에 있으므로,
# 합성 질량 중심은 $\bigl(m_1r_1 + m_2(L_1 + r_2\cos q_2),\; m_2r_2\sin q_2\bigr)/(m_1+m_2)$이다. 축
# 관성은 평행축 정리로 $I_1 + m_1r_1^2 + I_2 + m_2(L_1^2 + r_2^2 + 2L_1r_2\cos q_2)$이다. 이는
# 3.2.5.3의 $M_{11}$과 같다. $M$의 $(1,1)$ 성분은 $\ddot q = e_1$일 때 관절 1의 토크이다. 그때
# 관절 2는 가속하지 않으므로 두 링크가 굳은 한 덩어리로 돈다(식 {eq}`eq-35-crba`). 아래 셀은
# `composite_inertias`가 돌려주는 $6\times6$ 행렬에서 세 값을 읽어 손 계산과 비교한다.
# 공간 관성의 오른쪽 아래 블록이 $m\mathbf 1$이고, 오른쪽 위 블록이 $m[c]$이다.

# %%
Gc1 = composite_inertias(arm2, q_x)[0]
m_tot = Gc1[3, 3]
com = np.array([Gc1[2, 4], -Gc1[2, 3]]) / m_tot  # [m c] 블록에서 c_x, c_y를 읽는다
com_hand = np.array([1.0 + 1.0 + np.cos(q_x[1]), np.sin(q_x[1])]) / 2.0
axis_hand = 2e-3 + 1.0 + 1.0 * (1.0 + 1.0 + 2.0 * np.cos(q_x[1]))
axis_lib = arm2.screws[0] @ Gc1 @ arm2.screws[0]
print("질량:", np.round(m_tot, 6), "kg | 질량 중심:", np.round(com, 6), "| 손 계산:", np.round(com_hand, 6))
print("A₁^T G^c₁ A₁:", np.round(axis_lib, 6), "| 손 계산:", np.round(axis_hand, 6),
      "| M₁₁:", np.round(crba(arm2, q_x)[0, 0], 6))

# %% [markdown]
# ```{solution-end}
# ```
#
# ```{exercise} 2R 팔의 ABA 한 번
# :label: ex-35w-aba
#
# 평면 2R 팔을 중력 없이 정지 상태에 두고 관절 1에만 단위 토크를 준다($\tau = e_1$). 식
# {eq}`eq-35w-2r`에 따라 안쪽 순환과 바깥 순환을 한 번씩 손으로 돌려 $\ddot q$를 구하라. 결과가 $M^{-1}$의
# 첫 열인 까닭도 말하라. 관절 2는 토크를 받지 않는데 왜 가속하는가?
# ```
#
# ```{solution-start} ex-35w-aba
# :label: sol-35w-aba
# :class: dropdown
# ```
#
# 중력과 $\tau_2$가 없으므로 $\eta_1 = \tau_1 = 1$이고 $\ddot q_1 = 1/D_1$이다. 이어서
# $\ddot q_2 = -M_{12}\ddot q_1/M_{22}$이다. 토크가 $e_1$이면 $\ddot q = M^{-1}e_1$, 곧 $M^{-1}$의 첫 열이다.
# 식 {eq}`eq-35w-d1`에서 $[M^{-1}]_{11} = 1/D_1$이 다시 나온다. 관절 2가 가속하는 것은 링크 1이 돌 때
# 링크 2에 관성력이 걸리기 때문이다($M_{12} \ne 0$). 관절 2의 토크가 0으로 남으려면 관절 2가 반대쪽으로
# 가속해야 한다. 아래 셀이 같은 자세에서 `aba`, $M^{-1}$의 첫 열과 비교한다.

# %%
hand_e1 = W.planar_2r_by_hand(q_x, np.array([1.0, 0.0]), g=0.0)
qdd_e1 = aba(arm2, q_x, np.zeros(2), [1.0, 0.0], gravity=[0.0, 0.0, 0.0])
print("손 계산:", np.round([hand_e1["qdd1"], hand_e1["qdd2"]], 6), "| aba:", np.round(qdd_e1, 6),
      "| M⁻¹의 첫 열:", np.round(inverse_mass_matrix(arm2, q_x)[:, 0], 6))

# %% [markdown]
# ```{solution-end}
# ```
