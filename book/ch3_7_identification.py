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
# # 3.7 동역학 파라미터 식별
#
# {doc}`ch3_4_properties`에서 관절 토크는 관성 파라미터에 대해 선형이었다(식 {eq}`eq-34-regressor`). 링크마다 열 개의 수
# $\boldsymbol{\pi}_i = (m_i, m_ic_i, I_{o,i})$를 모은 $\boldsymbol{\pi}$에 대해 $\tau = Y(q,\dot q,\ddot q)\,\boldsymbol{\pi}$이다. 회귀 행렬
# $Y$는 기구학만으로 정해진다. 그러므로 로봇을 움직이며 $q$와 $\tau$를 재면 $\boldsymbol{\pi}$를 최소제곱으로 풀
# 수 있을 것처럼 보인다. 실제로는 세 가지가 걸린다.
#
# - $\boldsymbol{\pi}$의 어떤 성분은 토크에 전혀 나타나지 않는다. 어떤 성분들은 언제나 한 묶음으로만 나타난다.
#   그래서 풀 수 있는 것은 $\boldsymbol{\pi}$가 아니라 그 묶음, 곧 기저 파라미터 $\beta$이다(3.7.1절).
# - 측정에는 잡음이 있고 가속도는 재지 않는다. 궤적을 잘 골라야 추정이 흔들리지 않는다(3.7.2절).
# - 최소제곱의 답이 어떤 실제 물체의 관성도 아닐 수 있다. 3.1장의 물리적 조건을 제약으로 넣는
#   추정이 이를 막는다(3.7.2절).
#
# 이 장은 평면 2R 팔에서 기저 파라미터를 기호로 유도하고, 세 팔의 기저 집합 크기를 잰다. 이어서
# UR5의 식별 실험 한 벌을 처음부터 끝까지 시뮬레이션한다. 표기와 규약은 3.2장과 같다.

# %% tags=["remove-input"]
import csv
import sys
from pathlib import Path

import numpy as np
from myst_nb import glue

from chaindyn import identify, models
from chaindyn.regressors import parameter_names
from chaindyn_book import ch37, ch37_symbolic, claims

sys.path.insert(0, str(Path("..").resolve() / "figsrc"))
from _numbers import fixed, sci  # noqa: E402

DATA = Path("..").resolve() / "data"


def read_csv(name):
    with open(DATA / name, encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


# %% [markdown]
# (sec-37-base)=
# ## 3.7.1 기저 파라미터
#
# 관측 행렬 $W$는 측정한 상태 $N$개의 $Y$를 위아래로 쌓은 $(Nn)\times 10n$ 행렬이다. 측정한 토크를
# 같은 순서로 쌓은 벡터를 $y$라 하면 $W\boldsymbol{\pi} = y$이다. $W$의 열이 서로 독립이 아니면 이 식의 해는
# 하나로 정해지지 않는다. 열 사이의 관계는 두 가지이다.
#
# - **영향이 없는 파라미터.** 열이 0이다. 첫 링크의 질량 $m_1$이 그 예이다. $\{1\}$의 원점은 관절 1의
#   축 위에 있어서 움직이지 않는다. 그래서 $m_1$은 그 원점에 놓인 점 질량처럼 들어가고 토크를 만들지
#   않는다. 질량 중심의 위치는 $m_1c_1$과 $I_{o,1}$을 거쳐 토크에 들어간다.
# - **묶여서만 나타나는 파라미터.** 한 열이 다른 열들의 일차 결합이다. 관절 $j$의 원점에 놓인
#   질량은 링크 $j-1$의 끝에 붙은 점 질량과 구별되지 않는다.
#
# 종속인 열을 독립인 열로 적으면 $W_d = W_b K_\beta$이다. 그러면
#
# $$
# W\boldsymbol{\pi} = W_b\,\boldsymbol{\pi}_b + W_d\,\boldsymbol{\pi}_d = W_b\,(\boldsymbol{\pi}_b + K_\beta\boldsymbol{\pi}_d) = W_b\,\beta,\qquad \beta = E_\beta\,\boldsymbol{\pi}
# $$ (eq-37-base)
#
# 이다. $W_b$는 열이 모두 독립이므로 $\beta$는 하나로 정해진다. $E_\beta$는 독립 파라미터 자리에 단위
# 행렬을, 종속 파라미터 자리에 $K_\beta$를 놓은 행렬이다. 영향이 없는 파라미터의 $K_\beta$ 열은 0이다.
#
# 수치로는 열 피벗 QR로 독립인 열을 고른다. $WP = QR$에서 $P$는 열의 순서를 바꾸는 행렬이고, $R$의
# 대각 성분은 크기 순으로 줄어든다. 문턱을 넘는 대각 성분의 수가 순위 $r$이다. 처음 $r$개의 열이
# 독립인 열이다. $R$을 $R_{11}$($r\times r$)과 그 오른쪽 $R_{12}$로 나누면 $K_\beta = R_{11}^{-1}R_{12}$이다
# (`identify.base_parameters`).
#
# ### 평면 2R 팔을 기호로
#
# `models.planar_2r`의 팔을 세로 평면에 두자. 두 관절은 $z$축으로 돌고, $\{2\}$는 $\{1\}$의
# $x = L_1$에 있다. 링크 $i$의 원점 속도 $v_i$와 각속도 $\omega_i$(둘 다 $\{i\}$에서 본 값)로 운동
# 에너지를 쓰면
# $\mathcal{K}_i = \tfrac12 m_i v_i^{\mathsf T} v_i + v_i^{\mathsf T}(\omega_i\times m_ic_i) +
# \tfrac12\omega_i^{\mathsf T}I_{o,i}\,\omega_i$이다. 위치 에너지는
# $\mathcal{U}_i = -m_i\,\mathfrak{g}^{\mathsf T} p_i - \mathfrak{g}^{\mathsf T} R_i m_ic_i$이다. 라그랑주 방정식이
# $\tau$를 주고, $\tau$를 $\boldsymbol{\pi}$로 미분하면 $Y$가 나온다(`ch37_symbolic.planar_2r_regressor`). $Y$의
# 성분은 $\sin q_k$, $\cos q_k$, $\dot q$, $\ddot q$의 다항식이다. 계수를 모아 행렬을 만들고 행 사다리꼴로
# 줄이면 독립인 열과 재묶음 계수가 나온다.

# %%
base2 = ch37_symbolic.planar_2r_base()
print("기저 파라미터 수:", base2["rank"])
print("토크에 영향이 없는 파라미터:", ", ".join(base2["zero"]))
for name, beta in zip(base2["independent"], base2["beta"]):
    print(f"  {name}R = {beta}")

# %% tags=["remove-input"]
glue("c37_2r_rank", base2["rank"], display=False)
glue("c37_2r_zero", len(base2["zero"]), display=False)
glue("c37_2r_regrouped", 20 - base2["rank"] - len(base2["zero"]), display=False)

# %% [markdown]
# 출력의 이름은 코드의 것이다. `hx1`은 $mc_{x,1}$이고, `Izz1`은 $I_{zz,1}$이다. 스무 개의 파라미터
# 가운데 {glue:text}`c37_2r_rank`개가 기저 파라미터이다. {glue:text}`c37_2r_zero`개는 토크에 나타나지
# 않는다. 링크마다 $I_{zz}$가 아닌 관성 성분 다섯 개와 $mc_z$, 그리고 첫 링크의 질량이다. 남은
# {glue:text}`c37_2r_regrouped`개인 $m_2$는 첫 링크의 두 파라미터에 묶인다.
#
# $$
# I_{zz,1}^{R} = I_{zz,1} + L_1^2\, m_2,\qquad mc_{x,1}^{R} = mc_{x,1} + L_1\, m_2
# $$ (eq-37-2r)
#
# 관절 2의 원점에 놓인 질량 $m_2$는 링크 1의 $x = L_1$에 붙은 점 질량과 같다. 그 점 질량이 원점에
# 대한 관성에 $L_1^2 m_2$를, 1차 모멘트에 $L_1 m_2$를 더한다. 회전 관절의 이런 재묶음 규칙은 Khalil과
# Kleinfinger의 1986년 논문에서 나왔다고 알려져 있다. 이 책은 그 논문을 직접 읽지 못했다. 위 식은
# 여기서 기호 계산으로 다시 얻은 것이다.
#
# **수치로 같은 답.** 무작위 상태에서 $W$를 쌓고 열 피벗 QR로 순위를 잰다. 이 방법은 Gautier의
# 1991년 논문 {cite:p}`gautier1991numerical`에서 왔다. 이 책은 그 논문의 초록과 뒤의 논문들로만 그
# 내용을 안다. QR이 고르는 독립 열은 기호 계산의 것과 다를 수 있다. 그래서 기호 계산이 고른 독립 열로
# 종속 열을 최소제곱으로 풀어 재묶음 계수를 얻는다. 이 값을 기호의 $K_\beta$와 비교한다.

# %% tags=["nbval-ignore-output"]
arm2 = models.planar_2r()  # L1 = 1 m
W2 = identify.random_observations(arm2, 40, np.random.default_rng(2), gravity=(0, -9.80665, 0))
num2 = identify.base_parameters(W2)
names2 = parameter_names(arm2)
ind = [names2.index(k) for k in base2["independent"]]
dep = [names2.index(k) for k in base2["dependent"]]
K_num = np.linalg.lstsq(W2[:, ind], W2[:, dep], rcond=None)[0]
K_sym = np.array(base2["K"].subs(base2["L1"], 1), dtype=float)
k_diff = np.abs(K_num - K_sym).max()
print("수치 순위:", num2.rank, " 재묶음 계수의 최대 차이:", sci(k_diff))

# %% tags=["remove-input"]
K_BOUND = 1e-9
glue("c37_k_bound", sci(K_BOUND, 1), display=False)
claims.claim("c37-2r-rank", "수치로 잰 순위도 같다", num2.rank == base2["rank"],
             numeric=num2.rank, symbolic=base2["rank"])
claims.within("c37-2r-k", "재묶음 계수는 한계 {glue:text}`c37_k_bound` 안에서 같다", k_diff, K_BOUND)

# %% [markdown]
# % claim: c37-2r-rank, c37-2r-k
#
# 수치로 잰 순위도 같다. 재묶음 계수는 한계 {glue:text}`c37_k_bound` 안에서 같다(계산값은 위 셀의
# 출력).
#
# ### 세 팔의 기저 집합
#
# 같은 계산을 이 책의 6R 팔과 UR5, Panda의 팔 부분(손을 뺀 관절 일곱 개)에 한다. 아래 표는
# `figsrc/study_37_identification.py`가 무작위 상태 100개로 센 결과이다. 마지막 열은 중력을 빼고 센
# 순위이다.

# %% tags=["remove-input"]
counts = {r["robot"]: r for r in read_csv("ch37_base_counts.csv")}
for key, r in counts.items():
    for col in ("n", "standard", "base", "unidentifiable", "regrouped", "base_zero_g"):
        glue(f"c37_{key}_{col}", int(r[col]), display=False)
GAZ_PANDA = ch37.GAZ_PANDA  # the inertial part of Gaz et al.'s coefficient vector (ch37)

# %% [markdown]
# ```{list-table} 표준 파라미터와 기저 파라미터의 수 (마찰 제외)
# :header-rows: 1
# :name: tab-37-base
#
# * - 팔
#   - 관절 수
#   - 표준 파라미터
#   - 기저 파라미터
#   - 영향 없음
#   - 묶임
#   - 중력 없이
# * - 6R 팔
#   - {glue:text}`c37_6R_n`
#   - {glue:text}`c37_6R_standard`
#   - {glue:text}`c37_6R_base`
#   - {glue:text}`c37_6R_unidentifiable`
#   - {glue:text}`c37_6R_regrouped`
#   - {glue:text}`c37_6R_base_zero_g`
# * - UR5
#   - {glue:text}`c37_UR5_n`
#   - {glue:text}`c37_UR5_standard`
#   - {glue:text}`c37_UR5_base`
#   - {glue:text}`c37_UR5_unidentifiable`
#   - {glue:text}`c37_UR5_regrouped`
#   - {glue:text}`c37_UR5_base_zero_g`
# * - Panda (팔)
#   - {glue:text}`c37_Panda_n`
#   - {glue:text}`c37_Panda_standard`
#   - {glue:text}`c37_Panda_base`
#   - {glue:text}`c37_Panda_unidentifiable`
#   - {glue:text}`c37_Panda_regrouped`
#   - {glue:text}`c37_Panda_base_zero_g`
# ```

# %% tags=["remove-input"]
glue("c37_gaz", GAZ_PANDA, display=False)
claims.claim("c37-panda-gaz", "Panda의 기저 파라미터 수는 그 벡터의 관성 쪽 길이와 같다",
             int(counts["Panda"]["base"]) == GAZ_PANDA, ours=counts["Panda"]["base"], gaz=GAZ_PANDA)

# %% [markdown]
# % claim: c37-panda-gaz
#
# Gaz 등은 Panda의 동역학을 식별했다 {cite:p}`gaz2019dynamic`. 이 책은 그 논문의 초록과 함께 공개된
# 코드 저장소(`marcocognetti/FrankaEmikaPandaDynModel`)를 읽었다. 저장소의
# `get_Panda_coefficients_expanded.m`은 관성 쪽 계수 {glue:text}`c37_gaz`개와 관절마다 마찰 계수 세
# 개를 담은 벡터를 돌려준다. Panda의 기저 파라미터 수는 그 벡터의 관성 쪽 길이와 같다. 이 수는 논문
# 본문이 아니라 코드에서 센 것이다. 두 계산은 좌표계가 다르다. 기저 집합의 크기는 좌표계를 바꾸어도
# 변하지 않는다. $W$의 열을 가역 행렬로 섞어도 순위가 같기 때문이다.
#
# UR5와 PUMA 560에 대해서도 문헌의 수가 있다. PUMA 560의 수는 Gautier의 1991년 논문이 예로
# 들었다고 알려져 있다. 이 책은 그 수를 직접 읽지 못했으므로 옮기지 않는다. UR5의 수도 일차 자료에서
# 확인하지 못했다.
#
# UR5는 관절 2, 3, 4의 축이 평행하다. 평행한 축 사이에서는 더 많은 파라미터가 묶인다. 그래서 같은
# 관절 여섯 개인 6R 팔보다 묶이는 파라미터가 많다.

# %% tags=["remove-input"]
claims.claim("c37-ur5-more", "같은 관절 여섯 개인 6R 팔보다 묶이는 파라미터가 많다",
             int(counts["UR5"]["regrouped"]) > int(counts["6R"]["regrouped"]),
             ur5=counts["UR5"]["regrouped"], arm6r=counts["6R"]["regrouped"])

# %% [markdown]
# % claim: c37-ur5-more
#
# 표의 수로 보면 UR5에서 묶이는 파라미터는 {glue:text}`c37_UR5_regrouped`개, 6R 팔에서는
# {glue:text}`c37_6R_regrouped`개이다. 같은 관절 여섯 개인 6R 팔보다 묶이는 파라미터가 많다.
#
# %% tags=["remove-input"]
glue("c37_perturb", int(round(100 * ch37.PERTURB)), display=False)
glue("c37_shift", int(round(100 * ch37.COM_SHIFT)), display=False)
glue("c37_period", int(ch37.PERIOD), display=False)
glue("c37_harmonics", ch37.HARMONICS, display=False)
glue("c37_share", int(round(100 * ch37.LIMIT_SHARE)), display=False)
glue("c37_trim", int(ch37.TRIM), display=False)
glue("c37_radius", f"{ch37.DISTANCE_RADIUS:g}", display=False)

# %% [markdown]
# (sec-37-experiment)=
# ## 3.7.2 UR5의 식별 실험
#
# 실제 로봇 대신 시뮬레이션으로 실험한다. 그러면 참값을 알므로 추정이 얼마나 맞는지 잴 수 있다. UR5를
# 고른 이유는 셋이다. 실제로 팔리는 로봇이고, URDF에 관절 한계가 적혀 있고, 평행한 축 때문에 기저
# 집합이 간단하지 않다.
#
# **참 로봇.** URDF의 값에서 링크마다 질량과 주관성 모멘트에 ±{glue:text}`c37_perturb` % 폭의 무작위 비율을 곱한다. 질량
# 중심은 축마다 ±{glue:text}`c37_shift` cm 폭에서 무작위로 옮긴다(`ch37.true_robot`). 바꾼 관성이 3.1장의 조건을 어기면 다시
# 뽑는다. 관절마다 점성 마찰과 쿨롱 마찰을 더한다.
#
# $$
# \tau = Y(q,\dot q,\ddot q)\,\boldsymbol{\pi} + F_{v,j}\,\dot q_j + F_{c,j}\,\mathrm{sign}(\dot q_j)
# $$ (eq-37-friction)
#
# 마찰 계수도 $\boldsymbol{\pi}$에 붙여 함께 추정한다(`identify.friction_regressor`).
#
# **가진 궤적.** 관절마다 유한 푸리에 급수를 쓴다 {cite:p}`swevers1997generation`. 이 책은 그 논문의
# 초록만 읽었고, 자세한 내용은 뒤의 논문들로 안다. 속도가 $\dot q_j = \sum_l a_{j,l}\cos(l\omega_f t) + b_{j,l}\sin(l\omega_f t)$가
# 되도록 계수를 나눈 꼴이다.
#
# $$
# q_j(t) = q_{0,j} + \sum_{l=1}^{L} \frac{a_{j,l}}{l\,\omega_f}\sin(l\,\omega_f t)
# - \frac{b_{j,l}}{l\,\omega_f}\cos(l\,\omega_f t)
# $$ (eq-37-fourier)
#
# 주기는 {glue:text}`c37_period` s이고 고조파는 {glue:text}`c37_harmonics`개이다($\omega_f = 2\pi/T$). 궤적이 주기적이므로 여러
# 주기를 재서 평균할 수 있다. 이 실험은 평균하지 않고 잰 주기를 모두 쓴다.
# 계수는 $\operatorname{cond}(W_b)$가 작아지도록 고른다. 조건수가 작으면 잡음이 $\hat\beta$로 덜
# 증폭된다. 제약은 URDF의 위치·속도·토크 한계의 {glue:text}`c37_share` %이다. 토크 한계는 실험하는 사람이 가진 공칭
# 모델로 잰다. 이 최적화는 scipy의 SLSQP로 하고, 연구 스크립트에서 돈다.
#
# **측정과 미분.** 참 로봇의 토크에 잡음을 더하고, 관절 위치에도 잡음을 더한다. 가속도는 재지
# 않는다. 위치를 저역 통과 필터에 통과시킨 뒤 중심 차분으로 속도와 가속도를 얻는다
# (`identify.differentiate`). 필터는 앞으로 한 번, 뒤로 한 번 돌리는 영위상 필터이다. 그래서 지연이
# 없지만 측정이 끝난 뒤에만 쓸 수 있다. 토크도 같은 필터를 지나게 한다(`identify.lowpass`). 거른
# 상태로 쌓은 $W$의 열도 하나씩 같은 필터에 통과시킨다. 필터는 선형이고 $\boldsymbol{\pi}$는 상수이다. 그래서
# $\tau = W\boldsymbol{\pi}$의 양변을 거르면 거른 토크가 거른 $W$와 같은 $\boldsymbol{\pi}$로 이어진다. 토크만
# 거르면 이 관계가 깨진다. $W$의 열은 상태의 비선형 함수이다. 특히 쿨롱 마찰의 열
# $\mathrm{sign}(\dot q_j)$는 계단이어서 필터 밖의 성분을 가진다(연습 문제 {ref}`ex-37-filter`). 필터가
# 자리 잡는 처음과 끝의 {glue:text}`c37_trim` s는 버린다.
#
# **세 추정.** 보통 최소제곱(OLS)은 $\hat\beta = W_b^{+} y$이고, 그 공분산은
# $\mathrm{cov}(\hat\beta) = \hat s^2 (W_b^{\mathsf T} W_b)^{-1}$이다. $\hat s^2 = \lVert y - W_b\hat\beta\rVert^2/(m - r)$은
# 잔차의 분산이다($m$은 행의 수, $r$은 기저 파라미터의 수). 이 공분산은 잔차가 서로 독립이라고
# 가정한다. 가중 최소제곱(WLS)은 두 단계이다. OLS의 잔차로 관절마다 표준편차를 구하고, 각 행을 그
# 관절의 표준편차로 나눈 뒤 다시 푼다. 관절마다 잡음의 크기가 다르기 때문이다. 세 번째는 물리적으로
# 일관된 추정이다 {cite:p}`wensing2018lmi`. 마찰 계수까지 모은 $\theta = (\boldsymbol{\pi}, F_v, F_c)$에 대해
#
# $$
# \min_{\theta}\ \lVert W\theta - y\rVert^2 + \zeta\,\lVert\boldsymbol{\pi} - \boldsymbol{\pi}_{\mathrm{nom}}\rVert^2
# \quad\text{subject to}\quad J(\boldsymbol{\pi}_i) \succeq \xi\,\mathbf 1\ (i = 1,\dots,n),\quad F_{v,j},\,F_{c,j} \ge 0
# $$ (eq-37-sdp)
#
# 를 푼다. $J(\boldsymbol{\pi}_i)$는 링크 $i$의 유사 관성 행렬이다. $J$는 $\boldsymbol{\pi}_i$의 일차식이므로 이
# 문제는 반정부호 계획(SDP)이다. $W$는 순위가 모자란다. 토크에 나타나지 않는 방향은 데이터가 정하지
# 못한다. 둘째 항이 그 방향을 공칭 값 $\boldsymbol{\pi}_{\mathrm{nom}}$(URDF 값) 쪽으로 정한다. 가중치
# $\zeta$는 데이터 항에 비해 작게 둔다. cvxpy로 쓰고 Clarabel로 푼다. Clarabel은 공개된 내부점 풀이기이고
# pip 휠로 설치된다.
#
# % no-claim: 판정 방법의 정의(최소 노름 완성은 방법의 이름이다)
#
# **물리적이지 않은 최소제곱.** 최소제곱은 $\beta$만 준다. 링크마다 판정하려면 $\boldsymbol{\pi}$ 전체가 있어야
# 한다. 이 장은 $\hat\beta$를 내는 물리적인 $\boldsymbol{\pi}$가 하나라도 있는지를 묻는다. 곧 모든 링크에서
# $J(\boldsymbol{\pi}_i)\succeq 0$이고 마찰 계수가 음이 아닌 $\theta$ 가운데
# $\lVert E_\beta\theta - \hat\beta\rVert/\lVert\hat\beta\rVert$의 최솟값을 SDP로 구한다(`ch37.physical_distance`). 이
# 값을 물리적 거리라 부른다. $E_\beta$가 보지 못하는 방향은 이 문제에서도 정해지지 않는다. 그래서
# $\lVert\boldsymbol{\pi} - \boldsymbol{\pi}_{\mathrm{nom}}\rVert \le$ {glue:text}`c37_radius`$\,\lVert\boldsymbol{\pi}_{\mathrm{nom}}\rVert$라는
# 신뢰 영역을 둔다. 이 영역은 실험의 모든 로봇을 담을 만큼 넓다. 당기는 항이 없으므로 보이는 방향의 맞춤은
# 정확하다. 다만 0이 아닌 거리는 이 영역 안에 물리적인 $\boldsymbol{\pi}$가 없다는 뜻이다. 최소 노름 완성은
# $\boldsymbol{\pi}$ 하나만 시험한다. 그 하나가 물리적이지 않아도 다른 완성은 물리적일 수 있다.
#
# **검증.** 맞춤에 쓰지 않은 다른 궤적에서 세 가지를 잰다. 관절마다 토크 예측의 RMS 오차, 추정한
# $M(q)$의 오차, 그리고 순동역학 시뮬레이션의 오차이다. $M$의 $k$열은
# $W_b(q, 0, e_k)\,\hat\beta$이다(중력은 뺀다). 속도가 0이므로 마찰 열도 0이다. 그래서 기저 파라미터만으로
# $M$을 만들 수 있다.
# 시뮬레이션에는 링크마다 관성이 있는 체인이 있어야 한다. 그래서 일관된 추정만 시뮬레이션한다.
#
# 실험의 수치와 그림은 연구 스크립트가 만든다(3.7.3절).
#
# (sec-37-figures)=
# ## 3.7.3 실험 결과
#
# 이 절의 그림과 수치는 `figsrc/study_37_identification.py`의 결과를 읽어 만든다. 이 스크립트는
# 참 로봇을 만들고, 가진 궤적을 최적화하고, 측정·미분·추정·검증을 한 번 한다. 이어서 잡음 배율
# 다섯 가지에서 측정을 여러 번 되풀이한다. 설정값은 다음과 같다. 샘플링은 {glue:text}`c37_rate` Hz, 측정은
# {glue:text}`c37_periods`주기, 필터의 차단 주파수는 {glue:text}`c37_cutoff` Hz이다. 거른 뒤
# {glue:text}`c37_decimate`번째 샘플마다 하나씩 남긴다. 거른 잔차는 이웃한 샘플끼리 닮았다. 솎으면 같은
# 정보를 적은 행으로 다룬다. 그래도 남은 샘플끼리의 상관은 사라지지 않는다(아래의 신뢰 구간).
# 잡음 배율 1의 토크 잡음은 관절 1과 2가 {glue:text}`c37_noise_big` N m, 관절 3이
# {glue:text}`c37_noise_mid` N m, 손목 세 관절이 {glue:text}`c37_noise_small` N m이다. 위치 잡음은
# {glue:text}`c37_noise_q` rad이다. 이 기계에서 전체는 약
# {glue:text}`c37_minutes`분 걸렸다. `make studies`로 다시 돌린다.

# %% tags=["remove-input"]
from _numbers import fixed_sig  # noqa: E402

cond = {r["trajectory"]: float(r["cond"]) for r in read_csv("ch37_condition.csv")}
limits = {r["trajectory"]: r for r in read_csv("ch37_limits.csv")}
fit = {r["quantity"]: r["value"] for r in read_csv("ch37_fit.csv")}
run = {r["quantity"]: r["value"] for r in read_csv("ch37_run.csv")}
val = {r["estimate"]: r for r in read_csv("ch37_validation.csv")}
sim = {r["model"]: r for r in read_csv("ch37_simulation.csv")}
noise_rows = read_csv("ch37_noise.csv")
rms = {k: np.array([float(val[k][f"rms{j + 1}"]) for j in range(6)]) for k in val}

glue("c37_rate", int(ch37.RATE), display=False)
glue("c37_periods", ch37.PERIODS, display=False)
glue("c37_cutoff", int(ch37.CUTOFF), display=False)
glue("c37_decimate", ch37.DECIMATE, display=False)
glue("c37_noise_big", f"{ch37.TORQUE_NOISE[0]:g}", display=False)
glue("c37_noise_mid", f"{ch37.TORQUE_NOISE[2]:g}", display=False)
glue("c37_noise_small", f"{ch37.TORQUE_NOISE[3]:g}", display=False)
glue("c37_noise_q", sci(ch37.POSITION_NOISE, 1), display=False)
glue("c37_minutes", int(run["minutes"]), display=False)
glue("c37_iterations", int(run["iterations"]), display=False)
glue("c37_maxiter", int(run["maxiter"]), display=False)
glue("c37_cond_initial", f"{cond['initial']:g}", display=False)
glue("c37_cond_optimised", f"{cond['optimised']:g}", display=False)
glue("c37_cond_validation", f"{cond['validation']:g}", display=False)
glue("c37_q_share", int(round(100 * float(limits["optimised"]["q_share"]))), display=False)
glue("c37_qd_share", int(round(100 * float(limits["optimised"]["qd_share"]))), display=False)
glue("c37_tau_share", int(round(100 * float(limits["optimised"]["tau_share"]))), display=False)
history = read_csv("ch37_condition_history.csv")
claims.claim("c37-iterates-out", "중간의 반복점은 한계를 벗어나기도 한다",
             any(r["within_limits"] == "no" for r in history))
claims.claim("c37-qd-binds", "속도 제약이 최적점을 붙잡는다",
             abs(float(limits["optimised"]["qd_share"]) - ch37.LIMIT_SHARE) < 1e-3
             and float(limits["optimised"]["q_share"]) < ch37.LIMIT_SHARE
             and float(limits["optimised"]["tau_share"]) < ch37.LIMIT_SHARE,
             shares=limits["optimised"])
feasible = [float(r["cond"]) for r in history if r["within_limits"] == "yes"]
claims.claim("c37-last-best", "SLSQP가 마지막에 돌려준 점이 한계 안의 어느 반복점보다 조건수가 작다",
             cond["optimised"] < min(feasible), chosen=cond["optimised"], best_iterate=min(feasible))
claims.claim("c37-cond-down", "조건수는 줄었다", cond["optimised"] < cond["initial"],
             before=cond["initial"], after=cond["optimised"])

# %% [markdown]
# ### 가진 궤적
#
# % claim: c37-iterates-out
#
# 최적화는 한계 안의 무작위 계수에서 시작한다. SLSQP의 반복 한도는 {glue:text}`c37_maxiter`번이고,
# {glue:text}`c37_iterations`번 만에 멈췄다. 목적 함수는 설계용 격자(한 주기에 샘플 100개)에서 잰
# $\log_{10}\operatorname{cond}(W_b)$이다. 중간의 반복점은 한계를 벗어나기도 한다. 그래서 시작점과 반복점,
# 그리고 SLSQP가 멈추며 돌려준 점 가운데 한계 안에서 조건수가 가장 작은 것을 고른다.
#
# % claim: c37-last-best
#
# 이번에는 SLSQP가 마지막에 돌려준 점이 한계 안의 어느 반복점보다 조건수가 작다. 그 점이 고른 궤적이다.
#
# % claim: c37-cond-down
#
# 조건수는 줄었다. 처음 궤적은 {glue:text}`c37_cond_initial`, 고른 궤적은 {glue:text}`c37_cond_optimised`이다.
# 검증에 쓰는 다른 무작위 궤적은 {glue:text}`c37_cond_validation`이다. 고른 궤적은 위치 한계의
# {glue:text}`c37_q_share` %, 속도 한계의 {glue:text}`c37_qd_share` %, 토크 한계의
# {glue:text}`c37_tau_share` %까지 쓴다.
#
# % claim: c37-qd-binds
#
# 속도 제약이 최적점을 붙잡는다. 속도만 허용한 몫을 다 쓴다.
#
# ```{figure} figures/ch37_condition.png
# :name: fig-37-condition
# :width: 85%
#
# SLSQP 반복에 따른 관측 행렬 조건수(설계용 격자, 공칭 모델). 점은 한계 안의 반복점, 가위표는 한계를
# 벗어난 반복점이다. 별은 SLSQP가 멈추며 돌려준 점이고, 점선은 그 점, 곧 고른 궤적의 조건수이다.
# ```
#
# ```{figure} figures/ch37_excitation.png
# :name: fig-37-excitation
# :width: 85%
#
# 최적화한 푸리에 급수 궤적의 한 주기. 위는 관절 각도, 아래는 관절 속도이다.
# ```

# %% tags=["remove-input"]
ratio_ols = rms["ols"] / rms["true"]
ratio_wls = rms["wls"] / rms["true"]
ratio_nom = rms["nominal"] / rms["ols"]
glue("c37_rows", int(fit["rows"]), display=False)
glue("c37_samples", int(fit["samples"]), display=False)
glue("c37_base", int(fit["base"]), display=False)
glue("c37_ols_cond", f"{float(fit['ols_cond']):g}", display=False)
glue("c37_rms1_true", f"{rms['true'][0]:g}", display=False)
glue("c37_rms1_ols", f"{rms['ols'][0]:g}", display=False)
glue("c37_rms1_nominal", f"{rms['nominal'][0]:g}", display=False)
glue("c37_rms6_true", f"{rms['true'][5]:g}", display=False)
glue("c37_rms6_ols", f"{rms['ols'][5]:g}", display=False)
glue("c37_rms6_wls", f"{rms['wls'][5]:g}", display=False)
glue("c37_ratio_ols", fixed(ratio_ols.max(), 1), display=False)
glue("c37_ratio_wls", fixed(ratio_wls.max(), 2), display=False)
glue("c37_ratio_nom", int(np.floor(ratio_nom.min())), display=False)
claims.claim("c37-ols-floor", "OLS는 모든 관절에서 그 바닥의 두 배 안에 있다", ratio_ols.max() < 2,
             ratios=ratio_ols)
worse = [j + 1 for j in range(6) if rms["wls"][j] > rms["ols"][j]]
glue("c37_wls_worse", ", ".join(map(str, worse)), display=False)
glue("c37_rms3_ols", f"{rms['ols'][2]:g}", display=False)
glue("c37_rms3_wls", f"{rms['wls'][2]:g}", display=False)
claims.claim("c37-wls-closer", "WLS는 관절 3을 빼면 모든 관절에서 OLS보다 바닥에 가깝다",
             worse == [3] and ratio_wls.max() < ratio_ols.max(), wls=rms["wls"], ols=rms["ols"])
claims.claim("c37-nominal-far", "공칭 모델의 RMS는 모든 관절에서 OLS의 수십 배이다",
             ratio_nom.min() > 20, ratios=ratio_nom)

# %% [markdown]
# ### 추정과 토크 예측
#
# 잡음 배율 1로 고른 궤적을 잰다. 거르고 솎은 샘플은 {glue:text}`c37_samples`개이고, $W_b$는
# {glue:text}`c37_rows`행, {glue:text}`c37_base`열이다(마찰 계수 열두 개 포함). 이 $W_b$의 조건수는
# {glue:text}`c37_ols_cond`이다.
#
# **토크 예측.** 검증 궤적에서 거른 측정 토크와 $W_b\hat\beta$를 비교한다. 참 파라미터로 예측해도 거른
# 잡음만큼은 남는다. 관절 1에서 그 바닥은 {glue:text}`c37_rms1_true` N m이고, OLS는
# {glue:text}`c37_rms1_ols` N m이다. 관절 6에서는 바닥이 {glue:text}`c37_rms6_true` N m, OLS가
# {glue:text}`c37_rms6_ols` N m, WLS가 {glue:text}`c37_rms6_wls` N m이다.
#
# % claim: c37-ols-floor, c37-wls-closer, c37-nominal-far
#
# 바닥에 대한 비율로 보면 OLS는 모든 관절에서 그 바닥의 두 배 안에 있다(최대
# {glue:text}`c37_ratio_ols`배). WLS는 관절 3을 빼면 모든 관절에서 OLS보다 바닥에 가깝다(최대
# {glue:text}`c37_ratio_wls`배). 관절 {glue:text}`c37_wls_worse`에서는 WLS가 {glue:text}`c37_rms3_wls` N m,
# OLS가 {glue:text}`c37_rms3_ols` N m이다. URDF 값 그대로인 공칭 모델은 마찰이 없다. 관절 1에서
# {glue:text}`c37_rms1_nominal` N m를 틀린다. 공칭 모델의 RMS는 모든 관절에서 OLS의 수십 배이다(적어도
# {glue:text}`c37_ratio_nom`배).
#
# ```{figure} figures/ch37_prediction.png
# :name: fig-37-prediction
# :width: 95%
#
# 검증 궤적에서 거른 측정 토크(회색)와 OLS 추정의 예측(점선). 두 곡선은 거의 겹친다.
# ```

# %% tags=["remove-input"]
ols_in, wls_in, nb = int(fit["ols_within_2std"]), int(fit["wls_within_2std"]), int(fit["base"])
glue("c37_ols_in", ols_in, display=False)
glue("c37_wls_in", wls_in, display=False)
COVERAGE = 95  # percent of the ±2σ intervals of a normal distribution, rounded
glue("c37_coverage", COVERAGE, display=False)
glue("c37_sigma1", f"{float(fit['wls_sigma1']):g}", display=False)
glue("c37_sigma6", f"{float(fit['wls_sigma6']):g}", display=False)
cov = {r["quantity"]: r["value"] for r in read_csv("ch37_coverage.csv")}
n_int = int(cov["intervals"])
share = {k: 100 * int(cov[f"{k}_covered"]) / n_int for k in ("ols", "wls")}
share_spread = {k: 100 * int(cov[f"{k}_covered_spread"]) / n_int for k in ("ols", "wls")}
bias_max = max(float(cov["ols_bias_max"]), float(cov["wls_bias_max"]))
spread = [float(cov["ols_spread_ratio"]), float(cov["wls_spread_ratio"])]
glue("c37_cov_runs", int(cov["runs"]), display=False)
glue("c37_cov_ols", int(round(share["ols"])), display=False)
glue("c37_cov_wls", int(round(share["wls"])), display=False)
glue("c37_cov_spread_ols", int(round(share_spread["ols"])), display=False)
glue("c37_cov_spread_wls", int(round(share_spread["wls"])), display=False)
glue("c37_bias_max", f"{bias_max:g}", display=False)
glue("c37_spread", f"{min(spread):g}", display=False)
glue("c37_lag1_min", cov["lag1_min"], display=False)
glue("c37_lag1_max", cov["lag1_max"], display=False)
glue("c37_ols_s", f"{float(fit['ols_residual_std']):g}", display=False)
claims.claim("c37-wls-covers", "이 한 측정에서는 WLS의 구간이 참값을 더 많이 덮었다", wls_in > ols_in,
             wls=wls_in, ols=ols_in, base=nb)
claims.claim("c37-below-95", "두 추정 모두", max(ols_in, wls_in) < COVERAGE / 100 * nb,
             wls=wls_in, ols=ols_in, base=nb)
params = {r["parameter"]: r for r in read_csv("ch37_parameters.csv")}
narrow = all(float(params[f"{k}{j}"]["ols_std"]) < float(params[f"{k}{j}"]["wls_std"])
             for k in ("Fv", "Fc") for j in (1, 2))
wide = all(float(params[f"{k}{j}"]["ols_std"]) > float(params[f"{k}{j}"]["wls_std"])
           for k in ("Fv", "Fc") for j in (3, 4, 5, 6))
sig_j = [float(fit[f"wls_sigma{j}"]) for j in range(1, 7)]
claims.claim("c37-ols-widths", "마찰 계수의 구간으로 보면 OLS는 관절 1, 2의 폭을 WLS보다 좁게, 관절 3에서 6까지의 폭을 넓게 잡는다",
             narrow and wide and all(v > float(fit["ols_residual_std"]) for v in sig_j[:2])
             and all(v < float(fit["ols_residual_std"]) for v in sig_j[2:]), sigma=sig_j)
claims.claim("c37-not-bias", "필터와 미분의 치우침은 원인이 아니다", bias_max < 0.2, bias_max=bias_max)
claims.claim("c37-spread", "실제 흩어짐이 보고한 σ보다 크다", min(spread) > 1.2, spread=spread)
claims.claim("c37-spread-covers", "실제 흩어짐으로 구간을 잡으면 덮는 비율이 정규 분포의 값에 가깝다",
             all(abs(v - 95) < 3 for v in share_spread.values()), **share_spread)
claims.claim("c37-runs-short", "스무 번 모두를 모아도 두 추정 모두 그 값에 못 미친다",
             max(share.values()) < COVERAGE - 5, **share)

# %% [markdown]
# **신뢰 구간.** {numref}`fig-37-parameters`는 기저 파라미터마다 추정 오차와 $\pm 2\sigma$ 구간을 그린다.
# $\sigma$는 공분산 $\hat s^2 (W_b^{\mathsf T} W_b)^{-1}$의 대각에서 온다. 잡음이 정규 분포이고 모형이 맞으면
# 구간의 약 {glue:text}`c37_coverage` %가 참값을 덮어야 한다. 실제로는 {glue:text}`c37_base`개 가운데 OLS가
# {glue:text}`c37_ols_in`개, WLS가 {glue:text}`c37_wls_in`개를 덮었다.
#
# % claim: c37-wls-covers, c37-below-95
#
# 이 한 측정에서는 WLS의 구간이 참값을 더 많이 덮었다. 두 추정 모두 {glue:text}`c37_coverage` %에 못 미친다.
#
# % claim: c37-ols-widths
#
# OLS는 모든 행에 같은 $\hat s$ = {glue:text}`c37_ols_s` N m를 쓴다. 그런데 관절마다 잔차의 표준편차는 관절
# 1이 {glue:text}`c37_sigma1` N m, 관절 6이 {glue:text}`c37_sigma6` N m로 다르다. 마찰 계수의 구간으로 보면
# OLS는 관절 1, 2의 폭을 WLS보다 좁게, 관절 3에서 6까지의 폭을 넓게 잡는다. 이 관절들의 표준편차가
# $\hat s$보다 크거나 작기 때문이다.
#
# % claim: c37-not-bias, c37-spread, c37-spread-covers, c37-runs-short
#
# 모자라는 까닭을 두 가지로 가려 본다. 첫째는 필터와 미분이 남기는 치우침이다. 잡음 없는 측정에서
# 그 치우침은 가장 큰 것도 $\sigma$의 {glue:text}`c37_bias_max`배이다. 필터와 미분의 치우침은 원인이
# 아니다. 둘째는 잔차의 상관이다. 솎고 남은 이웃 샘플끼리 잔차의 상관계수는 관절마다
# {glue:text}`c37_lag1_min`에서 {glue:text}`c37_lag1_max` 사이이다. 공분산의 식은 독립을 가정하므로
# $\sigma$를 작게 잡는다. 배율 1의 측정 {glue:text}`c37_cov_runs`번에서 $\hat\beta$의 표준편차를 재면
# 실제 흩어짐이 보고한 σ보다 크다(중앙값으로 적어도 {glue:text}`c37_spread`배). 실제 흩어짐으로 구간을
# 잡으면 덮는 비율이 정규 분포의 값에 가깝다(OLS {glue:text}`c37_cov_spread_ols` %, WLS
# {glue:text}`c37_cov_spread_wls` %). 보고한 σ로는 스무 번 모두를 모아도 두 추정 모두 그 값에 못
# 미친다(OLS {glue:text}`c37_cov_ols` %, WLS {glue:text}`c37_cov_wls` %).
#
# ```{figure} figures/ch37_parameters.png
# :name: fig-37-parameters
# :width: 95%
#
# 기저 파라미터의 추정 오차. 위는 오차와 2σ 구간(SI 단위), 아래는 오차를 σ로 나눈 값이다. 회색 띠가
# ±2이다.
# ```

# %% tags=["remove-input"]
m_err = {k: 100 * float(val[k]["M_error"]) for k in ("nominal", "ols", "wls", "sdp")}
for k, v in m_err.items():
    glue(f"c37_M_{k}", fixed(v, 1), display=False)
horizons = [c for c in sim["sdp"] if c.startswith("max_error")]
sim_sdp = [float(sim["sdp"][c]) for c in horizons]
sim_nom = [float(sim["nominal"][c]) for c in horizons]
glue("c37_sim_sdp_short", f"{sim_sdp[0]:g}", display=False)
glue("c37_sim_nom_short", f"{sim_nom[0]:g}", display=False)
glue("c37_sim_sdp_long", f"{sim_sdp[-1]:g}", display=False)
glue("c37_sim_nom_long", f"{sim_nom[-1]:g}", display=False)
glue("c37_sim_duration", f"{ch37.SIM_DURATION:g}", display=False)
glue("c37_sim_short", horizons[0].removeprefix("max_error_").removesuffix("s"), display=False)
glue("c37_sdp_eps", sci(ch37.SDP_EPSILON, 1), display=False)
glue("c37_sdp_weight", sci(ch37.SDP_WEIGHT, 1), display=False)
claims.claim("c37-M-better", "식별한 모델의 오차가 공칭 모델보다 작다",
             max(m_err["ols"], m_err["wls"], m_err["sdp"]) < m_err["nominal"], **m_err)
claims.claim("c37-sim-better", "세 구간 모두에서 일관된 추정의 오차가 공칭 모델보다 작다",
             all(a < b for a, b in zip(sim_sdp, sim_nom)), sdp=sim_sdp, nominal=sim_nom)
sj = {(r["model"], float(r["horizon"])): np.array([float(r[f"joint{j}"]) for j in range(1, 7)])
      for r in read_csv("ch37_simulation_joints.csv")}
long_h = max(h for _, h in sj)
rest_ratio = min(min(sj[("nominal", h)][:5] / sj[("sdp", h)][:5]) for _, h in sj if _ == "sdp")
glue("c37_sim_rest_ratio", int(np.floor(rest_ratio)), display=False)
glue("c37_sim_j6_sdp", f"{sj[('sdp', long_h)][5]:g}", display=False)
glue("c37_sim_j6_nom", f"{sj[('nominal', long_h)][5]:g}", display=False)
claims.claim("c37-sim-j6", "일관된 추정의 최대 오차는 모든 구간에서 관절 6에서 난다",
             all(int(np.argmax(v)) == 5 for (m, _), v in sj.items() if m == "sdp"))
claims.claim("c37-sim-rest", "관절 1에서 5까지는 공칭 모델의 오차가 일관된 추정의 몇 배이다",
             rest_ratio > 2, ratio=rest_ratio)
claims.claim("c37-sim-j6-worse", "관절 6만 보면 끝에서는 일관된 추정이 오히려 더 틀린다",
             sj[("sdp", long_h)][5] > sj[("nominal", long_h)][5])
claims.claim("c37-headline-physical", "이 측정의 OLS는 이미 물리적이다",
             fit["ols_distance"] == "physical"
             and all(rms["sdp"] == rms["ols"]) and m_err["sdp"] == m_err["ols"])

# %% [markdown]
# ### 질량 행렬과 시뮬레이션
#
# 검증 궤적의 자세 스무 개에서 추정한 $M(q)$와 참 $M(q)$를 프로베니우스 노름의 상대 오차로 비교하고
# 평균한다. 공칭 모델은 {glue:text}`c37_M_nominal` %, OLS는 {glue:text}`c37_M_ols` %, WLS는
# {glue:text}`c37_M_wls` %이다. 일관된 추정은 {glue:text}`c37_M_sdp` %이다.
#
# % claim: c37-headline-physical
#
# 일관된 추정의 토크 RMS와 $M$ 오차는 OLS와 같다. 이 측정의 OLS는 이미 물리적이다. 그래서 제약이 맞춤을
# 바꾸지 않는다.
#
# % claim: c37-M-better
#
# 식별한 모델의 오차가 공칭 모델보다 작다.
#
# 일관된 추정(식 {eq}`eq-37-sdp`)은 $\xi$ = {glue:text}`c37_sdp_eps` kg m², $\zeta$ =
# {glue:text}`c37_sdp_weight` N² m²로 푼다($\zeta$는 파라미터 단위의 제곱당). 이렇게 얻은 체인으로
# `aba`와 scipy의 `solve_ivp`를 써서 {glue:text}`c37_sim_duration` s 동안 순동역학을 푼다. 입력 토크는
# 참 로봇의 역동역학 토크이고, 마찰은 뺀다.
#
# % claim: c37-sim-better
#
# 각도의 최대 오차는 {glue:text}`c37_sim_short` s까지 일관된 추정이 {glue:text}`c37_sim_sdp_short` rad, 공칭 모델이
# {glue:text}`c37_sim_nom_short` rad이다. 끝까지 보면 각각 {glue:text}`c37_sim_sdp_long` rad,
# {glue:text}`c37_sim_nom_long` rad이다. 최대 오차는 관절과 $[0, t]$에 걸친 최댓값이다. 세 구간 모두에서
# 일관된 추정의 오차가 공칭 모델보다 작다. 그래도 오차는 시간에 따라 빠르게 자란다. 되먹임 없는
# 시뮬레이션은 작은 가속도 오차를 두 번 적분해 쌓는다.
#
# % claim: c37-sim-j6, c37-sim-rest, c37-sim-j6-worse
#
# 관절별로 보면 그림이 다르다. 일관된 추정의 최대 오차는 모든 구간에서 관절 6에서 난다. 관절 1에서
# 5까지는 공칭 모델의 오차가 일관된 추정의 몇 배이다(적어도 {glue:text}`c37_sim_rest_ratio`배). 관절
# 6만 보면 끝에서는 일관된 추정이 오히려 더 틀린다({glue:text}`c37_sim_j6_sdp` rad 대
# {glue:text}`c37_sim_j6_nom` rad). 손목 끝 링크는 관성이 작다. 그래서 작은 토크 오차도 큰 가속도
# 오차가 된다. 그 링크의 관성 파라미터는 잡음에 비해 토크에 작게 나타나서 덜 정해진다.

# %% tags=["remove-input"]
levels = sorted({float(r["noise"]) for r in noise_rows})
at = {lv: [r for r in noise_rows if float(r["noise"]) == lv] for lv in levels}
nonphys = {lv: sum(r["ols_distance"] != "physical" for r in at[lv]) for lv in levels}
sdp_phys = all(r["sdp_distance"] == "physical" for r in noise_rows)
med = {k: np.array([np.median([float(r[k]) for r in at[lv]]) for lv in levels])
       for k in ("ols_err", "wls_err", "sdp_err", "ols_rms", "wls_rms", "sdp_rms")}
glue("c37_runs", int(run["runs_per_level"]), display=False)
glue("c37_runs_at_1", int(run["runs_at_1"]), display=False)
glue("c37_nonphys_1", nonphys[1.0], display=False)
glue("c37_nonphys_low", nonphys[levels[0]], display=False)
glue("c37_nonphys_high", nonphys[levels[-1]], display=False)
glue("c37_level_low", f"{levels[0]:g}", display=False)
glue("c37_level_high", f"{levels[-1]:g}", display=False)
glue("c37_err_low", fixed_sig(100 * med["ols_err"][0], 2), display=False)
glue("c37_err_high", fixed_sig(100 * med["ols_err"][-1], 2), display=False)
glue("c37_trms_low", f"{fixed_sig(med['ols_rms'][0], 2):g}", display=False)
glue("c37_trms_high", f"{fixed_sig(med['ols_rms'][-1], 2):g}", display=False)
claims.claim("c37-sdp-always", "일관된 추정은 모든 경우에 물리적이다", sdp_phys)
dists = [float(r["ols_distance"]) for r in noise_rows if r["ols_distance"] != "physical"]
glue("c37_dist_max", f"{max(dists):g}", display=False)
glue("c37_dist_tol", sci(1e-6, 1), display=False)
claims.claim("c37-dist-small", "거리는 작다", max(dists) < 0.01, largest=max(dists))
NEAR = 10  # percent
glue("c37_near", NEAR, display=False)
low = np.array(levels) <= 1.0
claims.claim("c37-sdp-near-ols", "일관된 추정은 배율 1까지 OLS와 거의 같다",
             bool(np.all(np.abs(med["sdp_err"] - med["ols_err"])[low] <= NEAR / 100 * med["ols_err"][low])
                  and np.all(np.abs(med["sdp_rms"] - med["ols_rms"])[low]
                             <= NEAR / 100 * med["ols_rms"][low])),
             sdp=med["sdp_err"], ols=med["ols_err"])
claims.claim("c37-sdp-high", "더 큰 잡음에서는 OLS보다 조금 낫다",
             bool(np.all(med["sdp_err"][~low] < med["ols_err"][~low])
                  and np.all(med["sdp_rms"][~low] < med["ols_rms"][~low])),
             sdp=med["sdp_err"], ols=med["ols_err"])
claims.claim("c37-nonphys-high", "가장 큰 잡음에서는 모든 측정에서 물리적이지 않다",
             nonphys[levels[-1]] == len(at[levels[-1]]), count=nonphys)
claims.claim("c37-grow", "세 추정 모두 잡음과 함께 커진다",
             all(np.all(np.diff(v) > 0) for v in med.values()))
claims.claim("c37-wls-best", "모든 잡음 수준에서 WLS가 가장 작다",
             bool(np.all(med["wls_err"] < np.minimum(med["ols_err"], med["sdp_err"]))
                  and np.all(med["wls_rms"] < np.minimum(med["ols_rms"], med["sdp_rms"]))))

# %% [markdown]
# ### 물리적이지 않은 최소제곱과 잡음의 영향
#
# 잡음 배율마다 측정을 {glue:text}`c37_runs`번(배율 1에서는 {glue:text}`c37_runs_at_1`번) 되풀이한다.
# 측정마다 OLS의 $\hat\beta$가 물리적인 $\boldsymbol{\pi}$로 설명되는지 `ch37.physical_distance`로 판정한다.
# 판정의 문턱은 거리 {glue:text}`c37_dist_tol`이다. 배율 1에서는 {glue:text}`c37_runs_at_1`번 가운데
# {glue:text}`c37_nonphys_1`번이 물리적이지 않았다. 배율 {glue:text}`c37_level_low`에서는
# {glue:text}`c37_nonphys_low`번이었다.
#
# % claim: c37-nonphys-high, c37-sdp-always, c37-dist-small
#
# 가장 큰 잡음에서는 모든 측정에서 물리적이지 않다(배율 {glue:text}`c37_level_high`에서
# {glue:text}`c37_nonphys_high`번). 거리는 작다. 가장 큰 것도 $\lVert\hat\beta\rVert$의
# {glue:text}`c37_dist_max`배이다. 일관된 추정은 모든 경우에 물리적이다.
#
# % claim: c37-grow, c37-wls-best, c37-sdp-near-ols, c37-sdp-high
#
# {numref}`fig-37-noise`는 파라미터 오차와 토크 오차의 중앙값을 잡음 배율에 대해 그린다. 토크 오차는
# 검증 궤적에서 $W_b(\hat\beta - \beta)$의 RMS이다. 곧 파라미터 오차만의 몫이다. 두 오차는 세 추정 모두
# 잡음과 함께 커진다. OLS의 파라미터 오차는 배율 {glue:text}`c37_level_low`에서
# {glue:text}`c37_err_low` %, 배율 {glue:text}`c37_level_high`에서 {glue:text}`c37_err_high` %이다. 토크
# 오차는 {glue:text}`c37_trms_low` N m에서 {glue:text}`c37_trms_high` N m로 커진다. 두 오차 모두
# 모든 잡음 수준에서 WLS가 가장 작다. 일관된 추정은 배율 1까지 OLS와 거의 같다(중앙값의 차이가 OLS의
# {glue:text}`c37_near` % 안). OLS가 이미 물리적이거나 그 가까이에 있기 때문이다. 더 큰 잡음에서는 OLS보다
# 조금 낫다. 제약이 물리적이지 않은 OLS를 물리적인 쪽으로 당긴다. 일관된 추정은 행에 가중치를 두지 않는다. 그래서
# WLS만큼 좋아지지는 않는다.
#
# ```{figure} figures/ch37_noise.png
# :name: fig-37-noise
# :width: 90%
#
# 잡음 배율에 따른 기저 파라미터의 상대 오차(왼쪽)와 검증 궤적의 토크 오차(오른쪽). 측정을 되풀이한
# 결과의 중앙값이다.
# ```
#
# (sec-37-own-robot)=
# ## 3.7.4 내 로봇에서 해 보기
#
# 자기 로봇의 URDF가 있으면 같은 순서로 한다. 함수의 이름과 인자는 `chaindyn.identify`의 것이다.
#
# 1. `chain = chaindyn.urdf.load(path).chain`으로 체인을 읽는다. `prior = chaindyn.inertial_parameters(chain)`이
#    $\boldsymbol{\pi}_{\mathrm{nom}}$이다.
# 2. `base = identify.base_parameters(identify.random_observations(chain, 200, rng, friction=True, gravity=g))`로
#    기저 집합을 구한다. `g`는 실제 설치의 중력이다. 마찰 열을 넣을지는 뒤의 단계와 맞춘다.
# 3. `identify.fourier_trajectory(t, a, b, q0, omega_f)`로 가진 궤적을 만든다. 조건수는 라이브러리가 줄이지
#    않는다. `scipy.optimize.minimize`로 한계 안에서 줄인다(`ch37.optimise_excitation`이 그 예이다). 궤적은
#    $t = 0$에서 속도가 0이 아니다. 실제 로봇은 정지 상태에서 궤적으로 천천히 들어가게 하고, 그 구간은
#    맞춤에서 뺀다.
# 4. 로봇을 움직여 관절 위치 `q_meas`와 토크 `tau_meas`(모양 $(N, n)$)를 기록한다.
# 5. `q, qd, qdd = identify.differentiate(t, q_meas, cutoff)`로 미분한다.
#    `W = identify.observation_matrix(chain, q, qd, qdd, g, friction=True)`로 $W$를 쌓는다. $W$의 열과 토크를
#    모두 `identify.lowpass(t, ..., cutoff)`로 거른다. $W$는 `W.reshape(N, -1)`로 바꾸어 시간 축으로
#    거른다. 처음과 끝을 버리고 솎는다. `y`는 거른 토크를 샘플 순서로 편 것이다.
# 6. `identify.least_squares(base.base_columns(W), y)`나
#    `identify.weighted_least_squares(base.base_columns(W), y, chain.n)`로 $\hat\beta$를 구한다. 두 함수는 열이
#    모두 독립인 $W_b$만 받는다. `std`를 읽을 때는 잔차의 상관을 확인한다.
# 7. 시뮬레이션에 쓸 모델이 필요하면 `identify.consistent_estimate(W, y, chain.n, friction=True, prior=prior, weight=zeta, epsilon=xi)`를
#    쓴다. $W$는 순위가 모자라므로 `prior`와 함께 `weight` > 0이나 `radius`가 있어야 한다. 없으면 함수가
#    `ValueError`를 낸다. 결과의 `pi`가 물리적인 $\boldsymbol{\pi}$이다.
#    `chaindyn.body.inertia_from_parameters(est.pi.reshape(-1, 10))`가 링크의 공간 관성을 준다.
# 8. 마지막으로 맞춤에 쓰지 않은 궤적에서 토크 예측을 확인한다.
#
# ## 연습 문제
#
# ```{exercise} 중력이 없으면
# :label: ex-37-gravity
#
# 평면 2R 팔을 수평면에 두면($\mathfrak{g}$가 $z$축 방향) 기저 파라미터는 몇 개가 되는가? 어떤
# 파라미터가 빠지는지 식 {eq}`eq-37-2r`로 설명하라.
# ```
#
# ```{solution-start} ex-37-gravity
# :label: sol-37-gravity
# :class: dropdown
# ```
#
# 중력이 관절 축과 나란하면 위치 에너지가 $q$에 따라 변하지 않는다. 첫 링크의 1차 모멘트
# $mc_{x,1}^{R}$과 $mc_{y,1}$은 중력으로만 토크에 나타난다. 그래서 이 둘이 빠진다. $mc_{x,2}$, $mc_{y,2}$,
# $I_{zz,2}$는 원심력과 코리올리 힘으로 남는다. 아래 셀이 순위를 잰다.

# %%
W2h = identify.random_observations(arm2, 40, np.random.default_rng(3), gravity=(0, 0, -9.80665))
rank_h = identify.base_parameters(W2h).rank
print("수평면에 둔 2R 팔의 기저 파라미터 수:", rank_h)

# %% tags=["remove-cell"]
glue("c37_2r_rank_h", rank_h, display=False)
claims.claim("c37-2r-horizontal", "두 파라미터가 빠진다", rank_h == base2["rank"] - 2,
             horizontal=rank_h, vertical=base2["rank"])

# %% [markdown]
# % claim: c37-2r-horizontal
#
# 기저 파라미터는 {glue:text}`c37_2r_rank_h`개이다. 세로 평면일 때보다 두 파라미터가 빠진다.
#
# ```{solution-end}
# ```
#
# ```{exercise} 평행축 정리와 재묶음
# :label: ex-37-parallel
#
# 식 {eq}`eq-37-2r`의 $I_{zz,1}^{R}$를 3.1장의 평행축 정리로 설명하라. $m_2$를 알면 $I_{zz,1}$을
# 따로 구할 수 있는가?
# ```
#
# ```{solution-start} ex-37-parallel
# :label: sol-37-parallel
# :class: dropdown
# ```
#
# 관절 2의 원점에 놓인 질량 $m_2$는 관절 1의 축에서 $L_1$ 떨어져 있다. 평행축 정리로 그 점 질량이
# 관절 1 축에 대해 가지는 관성은 $L_1^2 m_2$이다. 그래서 첫 관절은 두 항의 합만 느낀다. 토크만으로는
# 둘을 나눌 수 없다. 그러나 $m_2$를 무게를 달아 따로 알면 $I_{zz,1} = I_{zz,1}^{R} - L_1^2 m_2$로
# 나눌 수 있다. 기저 파라미터는 토크가 주는 정보의 한계이고, 다른 측정이 그 한계를 넘게 해 준다.
#
# ```{solution-end}
# ```
#
# ```{exercise} 토크만 거르면
# :label: ex-37-filter
#
# 3.7.3절의 실험은 토크와 $W$의 열을 같은 필터에 통과시켰다. $W$는 거른 상태로 만들고 토크만
# 거르면 어떻게 되는가? 잡음이 없는 측정 한 주기로 두 방법의 $\hat\beta$ 오차를 비교하고, 쿨롱 마찰로
# 설명하라.
# ```
#
# ```{solution-start} ex-37-filter
# :label: sol-37-filter
# :class: dropdown
# ```
#
# 쿨롱 마찰 토크 $F_{c,j}\,\mathrm{sign}(\dot q_j)$는 속도의 부호가 바뀔 때 계단처럼 뛴다. 필터는 측정
# 토크의 계단을 무디게 만든다. 그런데 $W$의 마찰 열은 거른 속도의 부호라서 여전히 계단이다. 두 변이
# 다른 주파수 성분을 가지니 최소제곱이 이 차이를 다른 파라미터에 떠넘긴다. $W$의 열도 같은 필터에
# 통과시키면 양변이 같은 성분을 잃는다.

# %%
ur5 = ch37.robot("UR5")
true5 = ch37.true_robot(ur5, np.random.default_rng(5))
base5 = ch37.base_set(ur5)
x5 = ch37.random_feasible(ur5, np.random.default_rng(6), ch37.design_times())
run5 = ch37.measure(true5, x5, np.random.default_rng(7), noise=0.0, periods=1)
beta5 = base5.project(ch37.full_parameters(true5))

both = ch37.process(ur5, run5, trim=1.0)  # W's columns filtered with the torques
t5 = run5["t"]
q5, qd5, qdd5 = identify.differentiate(t5, run5["q_meas"], ch37.CUTOFF)
W5 = identify.observation_matrix(ur5, q5, qd5, qdd5, ch37.GRAVITY, True).reshape(len(t5), 6, -1)
tau5 = identify.lowpass(t5, run5["tau_meas"], ch37.CUTOFF)  # the torques only
keep = np.flatnonzero((t5 >= 1.0) & (t5 <= t5[-1] - 1.0))[:: ch37.DECIMATE]
only = {"W": W5[keep].reshape(-1, W5.shape[-1]), "tau": tau5[keep]}
err = {}
for label, obs in (("토크만", only), ("토크와 W", both)):
    b = ch37.identify_once(ur5, base5, obs, with_sdp=False)["ols"].theta
    err[label] = np.linalg.norm(b - beta5) / np.linalg.norm(beta5)
    print(f"{label} 거름: 상대 오차 {100 * err[label]:.2f} %")

# %% tags=["remove-input"]
claims.claim("c37-filter-both", "둘 다 거르면 오차가 훨씬 작다",
             err["토크와 W"] < 0.1 * err["토크만"], **{"only": err["토크만"], "both": err["토크와 W"]})

# %% [markdown]
# % claim: c37-filter-both
#
# 잡음이 없는데도 토크만 거르면 오차가 크다. 둘 다 거르면 오차가 훨씬 작다. 남은 오차는 필터와 차분의
# 오차이다.
#
# ```{solution-end}
# ```
