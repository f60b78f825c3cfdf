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
# # 3.6 동역학의 미분, 최적화와 제어, 라이브러리
#
# 3.2장과 3.5장의 알고리즘은 한 상태에서 값 하나를 낸다. RNEA는 토크 $\tau(q,\dot q,\ddot q)$를,
# ABA는 가속도 $\ddot q(q,\dot q,\tau)$를 낸다. 최적화로 움직임을 정하는 제어기는 값만으로는
# 부족하다. 그 값이 상태와 입력에 따라 어떻게 바뀌는지, 곧 편미분이 필요하다.
#
# - **모델 예측 제어(MPC)**는 제어 주기마다 짧은 미래의 궤적을 최적화한다. 최적화기는 매번 동역학을
#   현재 궤적 주변에서 선형화한다.
# - **DDP와 iLQR**은 궤적을 따라 뒤로 가며 가치 함수의 2차 근사를 전한다. iLQR은 단계마다 상태
#   $(q, \dot q)$의 시간 미분 $(\dot q, \ddot q(q,\dot q,\tau))$을 상태와 $\tau$로 미분한 야코비안을
#   쓴다. DDP는 그에 더해 동역학의 2차 미분도 쓴다.
# - **직접 배치법(direct collocation)**은 궤적의 마디점마다 동역학을 등식 제약으로 둔다. 비선형
#   계획법 풀이기는 그 제약의 야코비안을 요구한다.
#
# 세 방법 모두 필요한 것은 같다. 역동역학의 $\partial\tau/\partial q$, $\partial\tau/\partial\dot q$와
# 순동역학의 $\partial\ddot q/\partial q$, $\partial\ddot q/\partial\dot q$,
# $\partial\ddot q/\partial\tau$이다. 이 값은 궤적의 마디점마다, 최적화의 반복마다 다시 계산된다. 그래서
# 미분을 얼마나 싸고 정확하게 구하느냐가 제어 주기를 정한다.
#
# 가장 쉬운 길은 유한 차분이다. 입력을 조금씩 흔들어 RNEA를 여러 번 부른다. 값이 반올림 오차에 약하고,
# 입력 하나마다 호출이 한 번 더 든다. {cite:t}`carpentier2018analytical`는 RNEA의 두 순환을 공간
# 대수로 직접 미분했다. 그리고 함수 합성의 미분을 이용해 같은 알고리즘으로 ABA의 미분도 구할 수 있음을
# 보였다.
# {cite:t}`singh2022efficient`는 역동역학의 1차 편미분을 닫힌 식으로 새로 적었다. 그 식으로 계산의
# 순서를 바꾸어 Pinocchio의 구현보다 빠른 재귀를 얻었다고 보고한다. 이 책은 두 논문의 초록과 서론만
# 직접 읽었다. 그 밖의 세부는 간접적으로 아는 것이며, 아래의 식은 모두 3.2장의 RNEA에서 이 책의
# 표기로 새로 유도한 것이다.
#
# 이 장은 세 쪽으로 되어 있다.
#
# - 이 쪽(3.6.1–3.6.4절)은 미분 자체를 다룬다. RNEA를 미분하고, 세 가지 독립된 방법으로 값을 맞춰
#   보고, 순동역학의 미분으로 넓힌 뒤, 비용을 센다.
# - {doc}`선형화와 LQR, 궤적 최적화 <ch3_6_control>`는 이 미분으로 똑바로 선 2R 팔을 선형화해
#   LQR로 세우고, 해석적 기울기와 유한 차분 기울기로 궤적을 최적화한다.
# - {doc}`라이브러리 비교와 코드 생성 <ch3_6_libraries>`는 여러 동역학 라이브러리를 나란히 놓고,
#   코드 생성이 무엇을 바꾸는지 잰다.
#
# 표기는 3.2장과 같다. 트위스트는 $V=(\omega,v)$, 렌치는 $F=(n,f)$이고, $A_i$와 $\mathcal{G}_i$는
# $\{i\}$에서 표현한다. 중력은 기저 가속도 $\dot V_0 = (0, -\mathfrak{g})$로 넣는다.

# %% tags=["remove-input"]
import csv
import sys
from pathlib import Path

import numpy as np
from myst_nb import glue

import chaindyn as cd
from chaindyn import interop, models
from chaindyn_book import ch36, claims
from chaindyn_book.sources import function_source

sys.path.insert(0, str(Path("..").resolve() / "figsrc"))
from _numbers import fixed, sci  # noqa: E402
from _tables import md_table  # noqa: E402

DATA = Path("..").resolve() / "data"


def read_csv(name):
    with open(DATA / name, encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def minus(text):
    """A number as the prose prints it, with the minus sign −."""
    return str(text).replace("-", "−")


# %% [markdown]
# (sec-36-deriv-rnea)=
# ## 3.6.1 RNEA의 두 순환을 미분한다
#
# 3.2장의 RNEA를 다시 적는다. 전방 순환($i = 1..n$)은 트위스트와 가속도를 기저에서 말단 쪽으로
# 넘기고, 후방 순환($i = n..1$)은 렌치를 말단에서 기저 쪽으로 모은다.
#
# $$
# \begin{aligned}
# V_i &= X_i V_{i-1} + A_i\dot q_i, &
# \dot V_i &= X_i \dot V_{i-1} + \mathrm{ad}_{V_i}A_i\,\dot q_i + A_i\ddot q_i,\\
# F_i &= X_{i+1}^{\mathsf T}F_{i+1} + \mathcal{G}_i\dot V_i - \mathrm{ad}_{V_i}^{\mathsf T}\mathcal{G}_iV_i, &
# \tau_i &= A_i^{\mathsf T}F_i
# \end{aligned}
# $$ (eq-36-rnea)
#
# 여기서 $X_i = \mathrm{Ad}_{T_{i,i-1}}$이고 $T_{i,i-1} = e^{-[A_i]q_i}M_{i,i-1}$이다. $V_0 = 0$,
# $F_{n+1} = F_{\mathrm{tip}}$으로 둔다. $F_{\mathrm{tip}}$은 $\{n\}$에서 표현하므로 $X_{n+1}$은 단위 행렬이다. 관절 위치 $q_i$는 이 식에서 오직 $X_i$ 하나를 통해서만
# 들어온다. 그러므로 $X_i$를 $q_i$로 미분하는 규칙 두 개만 있으면 된다.
#
# **두 부호 규칙.** $T_{i,i-1}$을 $q_i$로 미분하면 $-[A_i]T_{i,i-1}$이다. 트위스트 $Y$를 옮긴
# $X_iY$의 $4\times4$ 꼴은 $T[Y]T^{-1}$이므로, 이것을 미분하면 $-[A_i][X_iY] + [X_iY][A_i]$,
# 곧 리 괄호 $-[A_i, X_iY]$가 된다. 렌치는 전치 $X_i^{\mathsf T}$로 옮기므로 같은 식을 전치한다.
#
# $$
# \frac{\partial (X_iY)}{\partial q_i} = -\mathrm{ad}_{A_i}(X_iY), \qquad
# \frac{\partial (X_i^{\mathsf T}F)}{\partial q_i} = -X_i^{\mathsf T}\mathrm{ad}_{A_i}^{\mathsf T}F
# = X_i^{\mathsf T}\mathrm{ad}^{*}_{A_i}F
# $$ (eq-36-sign)
#
# 여기서 $\mathrm{ad}^{*}_{V} = -\mathrm{ad}_{V}^{\mathsf T}$는 렌치에 작용하는 쌍대 연산자이다.
# 둘째 규칙의 부호는 틀리기 쉽다. $X_i^{\mathsf T}$의 미분은 $(-\mathrm{ad}_{A_i}X_i)^{\mathsf T}$이므로
# $\mathrm{ad}$가 $X_i^{\mathsf T}$의 오른쪽에 전치되어 붙는다.
#
# **전방 순환의 미분.** $x$를 $q$ 또는 $\dot q$라 하고, $\partial V_i/\partial x$를 $6\times n$ 블록으로
# 들고 다닌다. 식 {eq}`eq-36-rnea`의 곱마다 곱의 미분을 쓰고, 식 {eq}`eq-36-sign`을 $j = i$인 열에만
# 더한다. $\mathrm{ad}_{Y}A = -\mathrm{ad}_{A}Y$도 쓴다.
#
# $$
# \begin{aligned}
# \frac{\partial V_i}{\partial q} &= X_i\frac{\partial V_{i-1}}{\partial q}
#   + \big[\mathrm{ad}_{V_i}A_i\big]_{\text{열 } i}, &
# \frac{\partial V_i}{\partial \dot q} &= X_i\frac{\partial V_{i-1}}{\partial \dot q}
#   + \big[A_i\big]_{\text{열 } i},\\
# \frac{\partial \dot V_i}{\partial q} &= X_i\frac{\partial \dot V_{i-1}}{\partial q}
#   - \mathrm{ad}_{A_i}\frac{\partial V_i}{\partial q}\,\dot q_i
#   - \big[\mathrm{ad}_{A_i}X_i\dot V_{i-1}\big]_{\text{열 } i}, &
# \frac{\partial \dot V_i}{\partial \dot q} &= X_i\frac{\partial \dot V_{i-1}}{\partial \dot q}
#   - \mathrm{ad}_{A_i}\frac{\partial V_i}{\partial \dot q}\,\dot q_i
#   + \big[\mathrm{ad}_{V_i}A_i\big]_{\text{열 } i}
# \end{aligned}
# $$ (eq-36-forward)
#
# $[\,\cdot\,]_{\text{열 } i}$는 그 벡터를 블록의 $i$열에만 더한다는 뜻이다. 첫 식의 마지막 항은
# $-\mathrm{ad}_{A_i}X_iV_{i-1}$이다. $\mathrm{ad}_{A_i}A_i = 0$이므로 이것은
# $-\mathrm{ad}_{A_i}V_i = \mathrm{ad}_{V_i}A_i$와 같다.
#
# **후방 순환의 미분.** $F_{\mathrm{tip}}$은 $\{n\}$에 고정된 렌치이므로 $\partial F_{n+1}/\partial x = 0$에서
# 시작한다. 관성 렌치의 둘째 항은 $\mathrm{ad}^{*}_{V_i}(\mathcal{G}_iV_i)$이고, 그 미분은 곱의
# 미분으로 두 항이 된다.
#
# $$
# \frac{\partial F_i}{\partial x} = X_{i+1}^{\mathsf T}\frac{\partial F_{i+1}}{\partial x}
#  + \big[X_{i+1}^{\mathsf T}\mathrm{ad}^{*}_{A_{i+1}}F_{i+1}\big]_{\text{열 } i+1,\ x = q}
#  + \mathcal{G}_i\frac{\partial \dot V_i}{\partial x}
#  + \mathrm{ad}^{*}_{\partial V_i/\partial x}(\mathcal{G}_iV_i)
#  + \mathrm{ad}^{*}_{V_i}\mathcal{G}_i\frac{\partial V_i}{\partial x},
# \qquad
# \frac{\partial \tau_i}{\partial x} = A_i^{\mathsf T}\frac{\partial F_i}{\partial x}
# $$ (eq-36-backward)
#
# 둘째 항은 관절 $i+1$의 각도로 미분한 것이므로 $i = n$이면 없다. 넷째 항은 $\partial V_i/\partial x$에 대해 선형이다. 렌치 $F = (n, f)$에 대해
# $\mathrm{ad}^{*}_{a}F = -\bar F a$로 쓰면 $6\times6$ 행렬 $\bar F$ 하나를 블록에 곱하는 일이 된다.
# 이때 $\bar F = \begin{bmatrix}[n] & [f]\\ [f] & 0\end{bmatrix}$이다.
#
# **셋째 편미분.** 가속도는 식 {eq}`eq-36-rnea`에 선형으로만 들어간다. 그래서
# $\partial\tau/\partial\ddot q$는 그 자세의 질량 행렬 $M(q)$ 자체이고, 3.5장의 CRBA가 그것을 준다.
#
# $$
# \frac{\partial \tau}{\partial \ddot q} = M(q)
# $$ (eq-36-mass)
#
# **왜 $O(n^2)$인가.** 링크 $i$의 트위스트와 가속도는 관절 $1..i$에만 달려 있다. 그래서
# $\partial V_i/\partial q$와 $\partial \dot V_i/\partial q$의 $j$열은 $j > i$이면 0이다. 블록은
# 링크마다 $6\times n$이고, 이를 옮기는 곱 $X_i(\cdot)$ 하나가 $6\cdot6\cdot n$번을 곱한다. 링크가
# $n$개이므로 전체는 $n^2$에 비례한다. 모든 양을 링크 좌표계 $\{i\}$에서 다루기 때문에 이웃한 두
# 좌표계 사이의 $X_i$만 있으면 된다. 기저 좌표계로 가는 $\mathrm{Ad}_{T_{0,i}}$는 한 번도 만들지 않는다.
# 유한 차분도 $n^2$에 비례하지만, 입력 $2n$개마다 RNEA 전체를 다시 돈다. 그 상수의 차이는 3.6.4절에서
# 센다.
#
# 구현은 `chaindyn.rnea_derivatives`이다. 아래는 그 본체 `_rnea_derivatives`의 코드이다. 주석이 식의
# 항을 가리킨다.

# %% tags=["hide-input"]
print(function_source("chaindyn.derivatives", "_rnea_derivatives"))

# %% [markdown]
# 코드와 식은 다음과 같이 대응한다.
#
# - `forward_recursion`은 식 {eq}`eq-36-rnea`의 전방 순환을 그대로 돌려 $X_i$, $V_i$, $\dot V_i$를 준다.
#   미분은 그 값을 다시 쓴다.
# - 첫 순환의 `dV_q`, `dV_qd`, `dVd_q`, `dVd_qd`가 식 {eq}`eq-36-forward`의 네 블록이다. `X @ dV_q`가
#   $X_i\,\partial V_{i-1}/\partial q$이고, `[..., :, i] +=`가 $[\,\cdot\,]_{\text{열 } i}$이다.
# - 둘째 순환이 쓰는 렌치 $F_i$는 `backward_recursion`, 곧 RNEA의 후방 순환이 준다(`Fs`). 미분은 그 값을 다시
#   쓰고, 렌치를 따로 계산하지 않는다.
# - 둘째 순환의 `bar_GV`는 $-\overline{\mathcal{G}_iV_i}$이고, `adsV_G`는
#   $\mathrm{ad}^{*}_{V_i}\mathcal{G}_i$이다. 두 줄의 `dF_q +=`, `dF_qd +=`가 식 {eq}`eq-36-backward`의 뒤 세
#   항이다.
# - `Xt @ dF_q`와 그다음 줄의 `ad_dual(A) @ F`가 식 {eq}`eq-36-backward`의 앞 두 항이다. 이 두 항은
#   부모 링크로 넘어갈 때 더한다. `ad_dual`이 $\mathrm{ad}^{*}$이다.
#
# 예제 6R 팔(`models.arm6r`)의 한 상태에서 불러 보자. 중력은 $\{0\}$의 $-z$ 방향이다.

# %%
arm = models.arm6r()
q, qd, qdd, tau = ch36.example_state()
dtau_dq, dtau_dqd = cd.rnea_derivatives(arm, q, qd, qdd, gravity=ch36.GRAVITY)
M = cd.crba(arm, q)  # dtau/dqdd
print("dtau/dq (N m/rad):")
print(fixed(dtau_dq, 2))
print("dtau/dqd (N m s/rad):")
print(fixed(dtau_dqd, 2))

# %% tags=["remove-input"]
glue("c36_dq_shape", f"{dtau_dq.shape[0]}×{dtau_dq.shape[1]}", display=False)
col1 = float(np.abs(dtau_dq[:, 0]).max() / np.abs(dtau_dq).max())
glue("c36_col1_bound", sci(1e-12, 1), display=False)
claims.within("c36-col1", "첫 열은 상대 {glue:text}`c36_col1_bound` 안에서 0이다", col1, 1e-12)

# %% tags=["nbval-ignore-output"]
print("첫 열의 최대 크기 / 전체의 최대 크기:", sci(col1))

# %% [markdown]
# % claim: c36-col1
#
# 두 행렬은 {glue:text}`c36_dq_shape`이고 $(i,j)$ 성분이 $\partial\tau_i/\partial q_j$이다. 이 팔의 관절
# 1은 $\{0\}$의 $z$축, 곧 연직축을 돈다. 중력이 연직이면 팔 전체를 그 축으로 돌려도 토크가 바뀌지
# 않는다. 그래서 $\partial\tau/\partial q$의 첫 열은 상대 {glue:text}`c36_col1_bound` 안에서 0이다(값은 위
# 셀의 출력). 식을 따로 풀지 않아도 확인할 수 있는 성질이다.
#
# (sec-36-deriv-checks)=
# ## 3.6.2 세 가지 독립된 검사
#
# 해석적 미분은 부호 하나만 틀려도 그럴듯한 숫자를 낸다. 그래서 서로 다른 세 방법과 맞춰 본다.
# 셋 모두 식 {eq}`eq-36-forward`와 {eq}`eq-36-backward`를 쓰지 않는다.
#
# **Pinocchio와의 대조.** Pinocchio의 `computeRNEADerivatives`는 같은 세 행렬
# $\partial\tau/\partial q$, $\partial\tau/\partial\dot q$, $M$을 준다 {cite:p}`carpentier2019pinocchio`.
# 규약을 맞추는 일은 `chaindyn.interop`이 한다.
#
# - `interop.to_pinocchio`는 관절마다 관절 축 위에 원점을 둔 좌표계를 만들어 사슬을 옮긴다. 관절
#   변수의 순서와 뜻(rad 또는 m)은 같다. 중력은 `model.gravity`로 넘긴다.
# - 토크 $\tau$의 뜻이 같으므로 두 미분 행렬은 그대로 견준다.
# - 셋째 출력 $M$은 3.5장의 `crba`와 견준다.
# - 말단 렌치는 뜻이 다르다. 이 책의 $F_{\mathrm{tip}}$은 말단이 환경에 가하는 렌치이고 $\{n\}$에서
#   표현한다. Pinocchio의 `fext[j]`는 링크 $j$에 가해지는 렌치이고 관절 $j$의 좌표계에서 표현한다.
#   `interop.pinocchio_fext`가 부호를 바꾸고, $\{n\}$이 관절 좌표계에서 놓인 자리로 렌치를 옮긴다.
# - 돌려받은 행렬은 `data` 안의 배열을 가리킨다. 그래서 `data`를 살려 둔 채 복사한다.

# %%
import pinocchio as pin  # noqa: E402

f_tip = np.array([0.5, -0.3, 0.2, 4.0, -2.0, 6.0])  # 말단이 환경에 가하는 렌치, {n}, (N m, N)
model = interop.to_pinocchio(arm, ch36.GRAVITY)
data = model.createData()
fext = interop.pinocchio_fext(arm, model, f_tip)
pin_dq, pin_dqd, pin_M = (np.array(x) for x in pin.computeRNEADerivatives(model, data, q, qd,
                                                                          qdd, fext))
ours_dq, ours_dqd = cd.rnea_derivatives(arm, q, qd, qdd, ch36.GRAVITY, f_tip)
err_pin = max(ch36.relative_error(ours_dq, pin_dq), ch36.relative_error(ours_dqd, pin_dqd),
              ch36.relative_error(M, pin_M))

# %% [markdown]
# **복소 스텝.** 실함수 $f$에 허수 방향의 작은 스텝 $\mathrm{i}h$를 주면 테일러 전개는
# $f(x + \mathrm{i}h) = f(x) + \mathrm{i}hf'(x) - h^2f''(x)/2 + \dots$이다. 허수부만 읽으면
#
# $$
# f'(x) = \frac{\mathrm{Im}\, f(x + \mathrm{i}h)}{h} + O(h^2)
# $$ (eq-36-complex)
#
# 이다. 두 값을 빼지 않으므로 $h$를 아무리 작게 해도 자릿수가 사라지지 않는다. 그래서 $h = 10^{-30}$으로
# 두면 반올림 수준까지 정확한 기준값이 된다. `chaindyn`은 복소수 입력을 일부러 거부한다. 그래서 같은
# 재귀를 복소수로도 계산할 수 있게 따로 짠 짧은 RNEA, `ch36.reference_rnea`를 쓴다. 관절 변환은 로드리게스
# 식으로 만든다. 이 함수는 먼저 `chaindyn.rnea`와 같은 토크를 내는지 확인한다.
#
# **중심 차분.** 셋째 기준은 `chaindyn.rnea` 자체의 중심 차분이다. $h = 10^{-6}$에서 절단 오차는
# $h^2$ 정도이고 반올림 오차는 $\varepsilon/h$ 정도이다.

# %%
cs_dq, cs_dqd = ch36.complex_step_jacobians(arm, q, qd, qdd, ch36.GRAVITY, f_tip, h=1e-30)
fd_dq, fd_dqd = ch36.fd_rnea_jacobians(arm, q, qd, qdd, ch36.GRAVITY, f_tip, h=1e-6)
err_ref = ch36.relative_error(ch36.reference_rnea(arm, q, qd, qdd, ch36.GRAVITY, f_tip),
                              cd.rnea(arm, q, qd, qdd, ch36.GRAVITY, f_tip))
err_cs = max(ch36.relative_error(ours_dq, cs_dq), ch36.relative_error(ours_dqd, cs_dqd))
err_fd = max(ch36.relative_error(ours_dq, fd_dq), ch36.relative_error(ours_dqd, fd_dqd))

# %% tags=["nbval-ignore-output"]
print("Pinocchio와의 상대 차이:", sci(err_pin))
print("reference_rnea와 rnea의 상대 차이:", sci(err_ref))
print("복소 스텝과의 상대 차이:", sci(err_cs))
print("중심 차분과의 상대 차이:", sci(err_fd))

# %% tags=["remove-input"]
B = ch36.BOUNDS
for key in ("pinocchio", "complex_step", "central", "reference_rnea"):
    glue(f"c36_bound_{key}", sci(B[key], 1), display=False)
claims.within("c36-pin", "Pinocchio와는 상대 {glue:text}`c36_bound_pinocchio` 안에서 같다", err_pin,
              B["pinocchio"])
claims.within("c36-ref", "`chaindyn.rnea`와 상대 {glue:text}`c36_bound_reference_rnea` 안에서 같은 토크를 낸다",
              err_ref, B["reference_rnea"])
claims.within("c36-cs", "복소 스텝과는 {glue:text}`c36_bound_complex_step` 안에서", err_cs,
              B["complex_step"])
claims.within("c36-fd", "중심 차분과는 {glue:text}`c36_bound_central` 안에서 같다", err_fd, B["central"])

# %% [markdown]
# % claim: c36-pin, c36-ref, c36-cs, c36-fd
#
# 세 검사의 차이는 위 셀에 있다. 말단 렌치를 준 같은 상태에서 해석적 미분은 Pinocchio와는 상대
# {glue:text}`c36_bound_pinocchio` 안에서 같다. 복소 스텝용 RNEA는 먼저 `chaindyn.rnea`와 상대
# {glue:text}`c36_bound_reference_rnea` 안에서 같은 토크를 낸다. 그 위에서 해석적 미분은 복소 스텝과는
# {glue:text}`c36_bound_complex_step` 안에서, 중심 차분과는 {glue:text}`c36_bound_central` 안에서 같다.
# 마지막 한계가 큰 것은 중심 차분 자체의 오차 때문이다. 그 오차가 스텝에 따라 어떻게 바뀌는지가 다음
# 그림이다.
#
# **스텝의 크기.** 함수값의 상대 반올림 오차를 $\varepsilon$이라 하자. 전진 차분
# $(f(x+h) - f(x))/h$의 오차는 절단 $\tfrac{h}{2}|f''|$와 반올림 $\varepsilon|f|/h$의 합이다. 두 항이 같아지는
# $h$가 가장 좋고, 그 크기는 $\varepsilon^{1/2}$ 정도이다. 중심 차분은 절단 오차가 $\tfrac{h^2}{6}|f'''|$이므로
# 가장 좋은 $h$가 $\varepsilon^{1/3}$ 정도이다. 복소 스텝은 반올림 항이 없다.
#
# ```{figure} figures/fd_step.png
# :name: fig-36-fd-step
# :width: 85%
#
# 6R 팔의 한 상태에서 수치 미분으로 구한 $\partial\tau/\partial q$의 상대 오차(해석적 미분 기준)와 스텝
# $h$. 점선은 $\varepsilon^{1/2}$와 $\varepsilon^{1/3}$, 가로 파선은 $\varepsilon$이다.
# ```

# %% tags=["remove-input"]
fd_rows = {r["scheme"]: r for r in read_csv("ch36_fd_step.csv")}
glue("c36_opt_fwd", minus(fd_rows["forward"]["optimal_step_log10"].rstrip("0")), display=False)
glue("c36_opt_cen", minus(fd_rows["central"]["optimal_step_log10"].rstrip("0")), display=False)
for k in ("forward", "central"):
    glue(f"c36_slope_{k}", int(float(fd_rows[k]["truncation_slope"])), display=False)
glue("c36_slope_complex", int(float(fd_rows["complex"]["truncation_slope"])), display=False)
glue("c36_best_fwd_bound", sci(float(fd_rows["forward"]["bound"]), 1), display=False)
glue("c36_best_cen_bound", sci(float(fd_rows["central"]["bound"]), 1), display=False)
glue("c36_cs_small_bound", sci(float(fd_rows["complex"]["bound"]), 1), display=False)
glue("c36_near_factor", 100, display=False)  # fd_step_summary의 best_step_within_100x
claims.claim("c36-fd-opt", "가장 작은 오차를 낸 스텝은 두 차분 모두 이론값의 "
             "{glue:text}`c36_near_factor`배 안에 있다",
             all(fd_rows[k]["best_step_within_100x"] == "True" for k in ("forward", "central")),
             rows=fd_rows)
claims.claim("c36-fd-best", "가장 작은 오차는 전진 차분이 {glue:text}`c36_best_fwd_bound`, 중심 차분이 "
             "{glue:text}`c36_best_cen_bound`보다 작다",
             all(fd_rows[k]["within_bound"] == "True" for k in ("forward", "central")),
             rows=fd_rows)
claims.claim("c36-cs-flat", "복소 스텝의 오차는 $h \\le 10^{-8}$의 모든 스텝에서 "
             "{glue:text}`c36_cs_small_bound` 아래에 머문다",
             fd_rows["complex"]["within_bound"] == "True", row=fd_rows["complex"])

# %% [markdown]
# % claim: c36-fd-opt, c36-fd-best, c36-cs-flat
#
# 그림의 오른쪽에서는 절단 오차가 지배한다. 로그 기울기는 전진 차분이 {glue:text}`c36_slope_forward`,
# 중심 차분과 복소 스텝이 {glue:text}`c36_slope_central`이다. 왼쪽으로 가면 두 차분은 반올림 오차가
# $1/h$로 커진다. 이론상 가장 좋은 스텝은 전진 차분이 $10^{x}$, $x =$ {glue:text}`c36_opt_fwd`이고,
# 중심 차분이 $x =$ {glue:text}`c36_opt_cen`이다. 가장 작은 오차를 낸 스텝은 두 차분 모두 이론값의
# {glue:text}`c36_near_factor`배 안에 있다. 가장 작은 오차는 전진 차분이 {glue:text}`c36_best_fwd_bound`, 중심 차분이
# {glue:text}`c36_best_cen_bound`보다 작다. 복소 스텝의 오차는 $h \le 10^{-8}$의 모든 스텝에서
# {glue:text}`c36_cs_small_bound` 아래에 머문다. 유한 차분은 스텝을 잘 골라도 자릿수의 절반이나
# 3분의 1을 잃는다. 그 스텝은 함수의 2차나 3차 미분의 크기에 달려 있어 미리 알기 어렵다. 해석적 미분이
# 필요한 또 하나의 까닭이다.
#
# (sec-36-deriv-aba)=
# ## 3.6.3 순동역학의 미분
#
# 순동역학 $\ddot q(q,\dot q,\tau)$는 역동역학의 해이다. 곧 모든 $q$, $\dot q$, $\tau$에서
#
# $$
# \tau\big(q, \dot q, \ddot q(q,\dot q,\tau)\big) = \tau
# $$ (eq-36-implicit)
#
# 가 성립한다. 왼쪽의 $\tau(\cdot)$는 RNEA가 계산하는 역동역학이다. 이 항등식의 양변을 $q$로 미분하면 연쇄 법칙과 식 {eq}`eq-36-mass`에 의해
# $\partial\tau/\partial q + M\,\partial\ddot q/\partial q = 0$이다. $\dot q$와 $\tau$에 대해서도 같다.
#
# $$
# \frac{\partial \ddot q}{\partial q} = -M^{-1}\frac{\partial \tau}{\partial q}, \qquad
# \frac{\partial \ddot q}{\partial \dot q} = -M^{-1}\frac{\partial \tau}{\partial \dot q}, \qquad
# \frac{\partial \ddot q}{\partial \tau} = M^{-1}
# $$ (eq-36-aba)
#
# 오른쪽의 $\partial\tau/\partial q$와 $\partial\tau/\partial\dot q$는 순동역학이 낸 가속도
# $\ddot q(q,\dot q,\tau)$에서 계산해야 한다. 임의의 $\ddot q$에서 구하면 틀린다. `chaindyn.aba_derivatives`는
# 먼저 `aba`로 $\ddot q$를 구한다. 그 가속도에서 `rnea_derivatives`를 부르고, `inverse_mass_matrix`의
# $M^{-1}$을 곱한다. $M^{-1}$은 그대로 셋째 결과가 된다. 그래서 $M$을 분해해 $2n$개의 우변을 푸는 것보다
# 역행렬을 한 번 만들어 곱하는 편이 낫다.

# %%
dqdd_dq, dqdd_dqd, Minv = cd.aba_derivatives(arm, q, qd, tau, ch36.GRAVITY, f_tip)
qdd_fd = cd.aba(arm, q, qd, tau, ch36.GRAVITY, f_tip)
dq_at, dqd_at = cd.rnea_derivatives(arm, q, qd, qdd_fd, ch36.GRAVITY, f_tip)
M = cd.crba(arm, q)
err_implicit = max(ch36.relative_error(M @ dqdd_dq, -dq_at),
                   ch36.relative_error(M @ dqdd_dqd, -dqd_at),
                   ch36.relative_error(Minv @ M, np.eye(6)))
data = model.createData()
pin_aba = [np.array(x) for x in pin.computeABADerivatives(model, data, q, qd, tau, fext)]
err_pin_aba = max(ch36.relative_error(a, b) for a, b in zip((dqdd_dq, dqdd_dqd, Minv), pin_aba))
print("dqdd/dq (1/s²):")
print(fixed(dqdd_dq, 1))

# %% tags=["nbval-ignore-output"]
print("식 (eq-36-aba)의 항등식:", sci(err_implicit))
print("computeABADerivatives와의 상대 차이:", sci(err_pin_aba))

# %% tags=["remove-input"]
claims.within("c36-implicit", "항등식은 상대 {glue:text}`c36_bound_complex_step` 안에서 성립한다",
              err_implicit, B["complex_step"])
claims.within("c36-pin-aba", "`computeABADerivatives`와는 상대 {glue:text}`c36_bound_pinocchio` 안에서 같다",
              err_pin_aba, B["pinocchio"])

# %% [markdown]
# % claim: c36-implicit, c36-pin-aba
#
# 세 행렬은 같은 말단 렌치 아래에서 계산했다. $M\,\partial\ddot q/\partial q = -\partial\tau/\partial q$ 같은
# 항등식은 상대 {glue:text}`c36_bound_complex_step` 안에서 성립한다. Pinocchio의
# `computeABADerivatives`와는 상대 {glue:text}`c36_bound_pinocchio` 안에서 같다.
#
# 위 출력에서 $\partial\ddot q/\partial q$의 첫 열도 0이다. 관절 1의 연직축 회전은 팔 전체를 그대로
# 돌릴 뿐이므로 가속도도 바뀌지 않는다($F_{\mathrm{tip}}$도 $\{n\}$에 고정되어 함께 돈다). 식 {eq}`eq-36-aba`로 보아도 그렇다. $\partial\tau/\partial q$의
# 첫 열이 0이면 $-M^{-1}$을 곱해도 0이다.
#
# (sec-36-deriv-cost)=
# ## 3.6.4 비용: 센 연산 수
#
# 곱셈은 실제 실행 경로에서 센다({ref}`sec-count-rules`). 임의의 회전 관절 사슬
# (`models.random_chain`)에서 $n = 1..12$의 한 번 호출을 세고, 두 규칙(행렬 곱의 곱셈, 모든 곱셈)으로 센
# 곱셈과 덧셈의 수를 `data/ch36_opcount.csv`에 적었다. 유한 차분은 `ch36.fd_rnea_jacobians`로 센다. 흔든 상태
# $2n$개(중심 차분은 $4n$개)를 한 번의 배치로 `rnea`에 넘기는 구현이다. 각 열의 값에 정수 계수 다항식을
# 정확히 맞추었다.
#
# % claim: c36-fit
#
# 아래 표의 식은 $n = 1..12$의 모든 값과 맞는다. 식의 차수는 코드의 구조에서 온다.

# %% tags=["remove-input"]
oc = read_csv("ch36_opcount.csv")
ns_oc = [int(r["n"]) for r in oc]
DEGREE = {"rnea": 1, "rnea_derivatives": 2, "aba": 1, "inverse_mass_matrix": 2,
          "aba_derivatives": 3, "fd_forward": 2, "fd_central": 2}
poly, fits_all = {}, True
for name, deg in DEGREE.items():
    for rule in ("products", "all", "additions"):
        col = [int(r[f"{name}_{rule}"]) for r in oc]
        coef, off = ch36.fit_polynomial(ns_oc, col, deg)
        fits_all &= not off
        poly[name, rule] = coef
claims.claim("c36-fit", "아래 표의 식은 $n = 1..12$의 모든 값과 맞는다", fits_all, poly=poly)
k6, k12 = ns_oc.index(6), ns_oc.index(12)


def oc_val(name, rule, k):
    return int(oc[k][f"{name}_{rule}"])


NAMES = [("rnea", "τ: rnea (참고)"), ("rnea_derivatives", "∂τ/∂q, ∂τ/∂q̇: rnea_derivatives"),
         ("fd_forward", "∂τ/∂q, ∂τ/∂q̇: 전진 차분 (rnea, 배치)"),
         ("fd_central", "∂τ/∂q, ∂τ/∂q̇: 중심 차분 (rnea, 배치)"),
         ("aba", "q̈: aba (참고)"), ("inverse_mass_matrix", "M⁻¹: inverse_mass_matrix"),
         ("aba_derivatives", "∂q̈/∂q, ∂q̈/∂q̇, M⁻¹: aba_derivatives")]
rows_oc = []
for name, label in NAMES:
    flops6 = oc_val(name, "all", k6) + oc_val(name, "additions", k6)
    rows_oc.append([label, ch36.polynomial_text(poly[name, "products"]),
                    ch36.polynomial_text(poly[name, "all"]),
                    ch36.polynomial_text(poly[name, "additions"]),
                    f"{oc_val(name, 'products', k6):,}", f"{flops6:,}",
                    f"{oc_val(name, 'products', k12):,}"])

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
md_table(["계산", "행렬 곱의 곱셈", "모든 곱셈", "덧셈", "n = 6 곱셈(행렬 곱)", "n = 6 연산(곱셈+덧셈)",
          "n = 12 곱셈(행렬 곱)"], rows_oc,
         "한 번 호출의 연산 수: 회전 관절 n개의 임의 사슬, 실행 경로에서 센 값에 맞춘 정확한 다항식 "
         "(data/ch36_opcount.csv)", "tab-36-opcount", align="lllllrr")

# %% tags=["remove-input"]
rd, ff, fc = (poly[k, "products"] for k in ("rnea_derivatives", "fd_forward", "fd_central"))
glue("c36_rd_lead", int(rd[0]), display=False)
glue("c36_ff_lead", int(ff[0]), display=False)
glue("c36_fc_lead", int(fc[0]), display=False)
glue("c36_rnea_lin", int(poly["rnea", "products"][0]), display=False)
cheaper = [n for n in ns_oc if oc_val("rnea_derivatives", "products", ns_oc.index(n))
           < oc_val("fd_forward", "products", ns_oc.index(n))]
n_from = min(cheaper)
claims.claim("c36-cheaper", "$n \\ge$ {glue:text}`c36_n_from`인 모든 사슬에서 전진 차분보다 곱셈이 적다",
             cheaper == list(range(n_from, 13)), cheaper=cheaper)
glue("c36_n_from", n_from, display=False)
glue("c36_ratio_ff12", fixed(oc_val("rnea_derivatives", "products", k12)
                             / oc_val("fd_forward", "products", k12), 2), display=False)
glue("c36_ratio_fc12", fixed(oc_val("rnea_derivatives", "products", k12)
                             / oc_val("fd_central", "products", k12), 2), display=False)
glue("c36_ratio_lead", fixed(float(rd[0] / ff[0]), 2), display=False)
glue("c36_per_state", int(ff[0]) // 2, display=False)
glue("c36_rd_over_rnea", fixed(float(rd[0]) / (int(ff[0]) // 2), 2), display=False)
ad = poly["aba_derivatives", "products"]
cubic12 = 2 * 12**3
glue("c36_cubic_share12", fixed(100 * cubic12 / oc_val("aba_derivatives", "products", k12), 1),
     display=False)
glue("c36_cubic12", f"{cubic12:,}", display=False)
parts_ok = all(
    oc_val("aba_derivatives", "products", k) == sum(oc_val(p, "products", k) for p in (
        "aba", "rnea_derivatives", "inverse_mass_matrix")) + 2 * n**3
    for k, n in enumerate(ns_oc))
claims.claim("c36-parts", "`aba_derivatives`의 곱셈은 정확히 `aba`, `rnea_derivatives`, "
             "`inverse_mass_matrix`의 곱셈에 $2n^3$을 더한 것이다", parts_ok)
glue("c36_ad_cubic", int(ad[0]), display=False)

# %% [markdown]
# % claim: c36-cheaper
#
# `rnea_derivatives`의 곱셈은 $n^2$의 계수가 {glue:text}`c36_rd_lead`이다. 배치로 부른 전진 차분은
# {glue:text}`c36_ff_lead`, 중심 차분은 {glue:text}`c36_fc_lead`이다. 배치 안에서 RNEA는 상태 하나에
# 링크당 {glue:text}`c36_per_state`번을 곱한다. 관절 축에만 달린 몇몇 곱은 배치 전체에 한 번만 하므로,
# 한 번 따로 부를 때의 {glue:text}`c36_rnea_lin`번보다 조금 적다. 해석적 미분은 $n \ge$
# {glue:text}`c36_n_from`인 모든 사슬에서 전진 차분보다 곱셈이 적다. $n = 12$에서는 전진 차분의
# {glue:text}`c36_ratio_ff12`배, 중심 차분의 {glue:text}`c36_ratio_fc12`배이고, $n$이 커지면 전진 차분에 대한 비는
# {glue:text}`c36_ratio_lead`배로 다가간다. 해석적 미분의 $n^2$ 계수는 배치 RNEA의 상태 하나, 링크
# 하나의 곱셈의 {glue:text}`c36_rd_over_rnea`배이다. 곧 해석적 미분은 RNEA를 약
# {glue:text}`c36_rd_over_rnea`$\,n$번 부르는 만큼 곱하고, 전진 차분은 $2n$번 부른다.
#
# % claim: c36-parts
#
# `aba_derivatives`의 곱셈은 정확히 `aba`, `rnea_derivatives`, `inverse_mass_matrix`의 곱셈에 $2n^3$을 더한
# 것이다. $2n^3$은 식 {eq}`eq-36-aba`의 두 행렬 곱 $M^{-1}(\partial\tau/\partial x)$에서 온다. 식에
# $n^3$ 항이 있지만 그 몫은 작다. $n = 12$에서 {glue:text}`c36_cubic12`번으로 전체의
# {glue:text}`c36_cubic_share12`%이다. 곱셈 수가 같은 차수라도 시간은 다를 수 있다. 한 번 호출과 링크 수에
# 따른 시간은 부록 B의 {ref}`sec-b-derivatives`에 있다.
#
# ## 연습 문제
#
# ```{exercise} 평면 2R 팔의 강성 행렬
# :label: ex-36-planar
#
# `models.planar_2r()`(링크 길이 $L_1 = L_2 = 1$, 링크 끝의 질량 $m_1 = m_2 = 1$, 질량 중심에 대한
# 관성 모멘트 $I_{zz} = 10^{-3}$, SI 단위, 중력
# $(0, -\mathrm{g}_0, 0)$)의 토크는 Modern Robotics 식 (8.9)에 $I_{zz}$ 항을 더한 닫힌 꼴로 적힌다. 그 식을 $q$와 $\dot q$로
# 손으로 미분해 $\partial\tau/\partial q$와 $\partial\tau/\partial\dot q$를 구하라. 임의의 상태에서
# `rnea_derivatives`의 결과와 비교하라. 링크 1이 수평이고 링크 2가 연직으로 선 정지 자세에서
# $\partial\tau/\partial q$의 네 성분은 왜 모두 같은가?
# ```
#
# ```{solution-start} ex-36-planar
# :label: sol-36-planar
# :class: dropdown
# ```
#
# $c_2 = \cos q_2$, $s_2 = \sin q_2$, $s_{12} = \sin(q_1 + q_2)$로 쓰고 $m_1 = m_2 = L_1 = L_2 = 1$을
# 넣는다. 그러면 두 토크는 다음과 같다.
#
# $$
# \begin{aligned}
# \tau_1 &= (3 + 2c_2 + 2I_{zz})\ddot q_1 + (1 + c_2 + I_{zz})\ddot q_2 - s_2(2\dot q_1\dot q_2 + \dot q_2^2)
#   + 2\mathrm{g}_0\cos q_1 + \mathrm{g}_0\cos(q_1+q_2),\\
# \tau_2 &= (1 + c_2 + I_{zz})\ddot q_1 + (1 + I_{zz})\ddot q_2 + s_2\dot q_1^2 + \mathrm{g}_0\cos(q_1+q_2)
# \end{aligned}
# $$
#
# 이것을 미분하면
#
# $$
# \frac{\partial\tau}{\partial q} = \begin{bmatrix}
# -2\mathrm{g}_0\sin q_1 - \mathrm{g}_0 s_{12} &
#   -s_2(2\ddot q_1 + \ddot q_2) - c_2(2\dot q_1\dot q_2 + \dot q_2^2) - \mathrm{g}_0 s_{12}\\
# -\mathrm{g}_0 s_{12} & -s_2\ddot q_1 + c_2\dot q_1^2 - \mathrm{g}_0 s_{12}
# \end{bmatrix},\qquad
# \frac{\partial\tau}{\partial\dot q} = s_2\begin{bmatrix}-2\dot q_2 & -2(\dot q_1 + \dot q_2)\\
# 2\dot q_1 & 0\end{bmatrix}
# $$
#
# 이다. $I_{zz}$는 $M$의 상수 항에만 들어가므로 미분에 나타나지 않는다. 정지 자세 $q = (0, \pi/2)$에서는
# $\sin q_1 = 0$이고 $s_{12} = 1$이며 속도와 가속도가 0이다. 그래서 네 성분이 모두 $-\mathrm{g}_0$이다.
# 어느 관절을 돌려도 바뀌는 것은 링크 2의 질량이 만드는 중력 모멘트뿐이고, 그 모멘트는 두 관절에 똑같이
# 걸린다. 아래 셀이 무작위로 고른 한 상태에서 손으로 구한 식과 `rnea_derivatives`를 견준다.

# %% tags=["nbval-ignore-output"]
g0 = 9.80665
arm2 = models.planar_2r()
q2, qd2, qdd2 = np.random.default_rng(36).normal(size=(3, 2))
s1, s2, s12, c2 = np.sin(q2[0]), np.sin(q2[1]), np.sin(q2.sum()), np.cos(q2[1])
hand_q = np.array([
    [-2 * g0 * s1 - g0 * s12,
     -s2 * (2 * qdd2[0] + qdd2[1]) - c2 * (2 * qd2[0] * qd2[1] + qd2[1] ** 2) - g0 * s12],
    [-g0 * s12, -s2 * qdd2[0] + c2 * qd2[0] ** 2 - g0 * s12]])
hand_qd = s2 * np.array([[-2 * qd2[1], -2 * (qd2[0] + qd2[1])], [2 * qd2[0], 0.0]])
lib_q, lib_qd = cd.rnea_derivatives(arm2, q2, qd2, qdd2, gravity=[0, -g0, 0])
err_hand = max(ch36.relative_error(lib_q, hand_q), ch36.relative_error(lib_qd, hand_qd))
print("손으로 구한 식과의 상대 차이:", sci(err_hand))

# %% tags=["remove-input"]
claims.within("c36-ex-planar", "손으로 구한 식과 상대 {glue:text}`c36_bound_complex_step` 안에서 같다",
              err_hand, B["complex_step"])

# %% [markdown]
# % claim: c36-ex-planar
#
# `rnea_derivatives`는 손으로 구한 식과 상대 {glue:text}`c36_bound_complex_step` 안에서 같다.
#
# ```{solution-end}
# ```
#
# ```{exercise} 렌치 규칙의 부호
# :label: ex-36-sign
#
# 식 {eq}`eq-36-sign`의 둘째 규칙을 첫째 규칙에서 유도하라. 그리고 $X_i^{\mathsf T}\mathrm{ad}_{A_i}^{\mathsf T}F$처럼
# 부호를 반대로 쓰면 3.6.2절의 검사 가운데 무엇이 그 잘못을 잡는지 말하라. 해석적 미분과 같은 잘못을
# 함께 저지를 수 없는 검사는 어느 것인가?
# ```
#
# ```{solution-start} ex-36-sign
# :label: sol-36-sign
# :class: dropdown
# ```
#
# 첫째 규칙은 임의의 $Y$에 대해 $\partial X_i/\partial q_i = -\mathrm{ad}_{A_i}X_i$라는 뜻이다. 전치하면
# $\partial X_i^{\mathsf T}/\partial q_i = -X_i^{\mathsf T}\mathrm{ad}_{A_i}^{\mathsf T}$이다.
# $\mathrm{ad}^{*}_{A_i} = -\mathrm{ad}_{A_i}^{\mathsf T}$이므로 이것은 $X_i^{\mathsf T}\mathrm{ad}^{*}_{A_i}$와 같다.
# 부호를 뒤집으면 $\partial\tau/\partial q$의 값이 틀린다. 세 검사는 모두 그 잘못을 잡는다. 복소 스텝과
# 중심 차분은 RNEA의 값만 쓰고 미분 규칙을 전혀 쓰지 않는다. 그래서 같은 잘못을 함께 저지를 수 없다.
# Pinocchio는 다른 사람이 다른 표기로 유도한 구현이어서 같은 부호 실수를 할 가능성이 낮을 뿐이다.
#
# ```{solution-end}
# ```
#
# ```{exercise} 유한 차분의 호출 수
# :label: ex-36-calls
#
# 전진 차분으로 $\partial\tau/\partial q$와 $\partial\tau/\partial\dot q$를 함께 구하려면 RNEA를 몇 번
# 불러야 하는가? 중심 차분은? 표 {numref}`tab-36-opcount`의 두 차분 행에서 $n^2$의 계수가 왜 서로 두 배인지
# 설명하라.
# ```
#
# ```{solution-start} ex-36-calls
# :label: sol-36-calls
# :class: dropdown
# ```
#
# 전진 차분은 흔들지 않은 상태 하나와 입력 $2n$개마다 하나씩, 모두 $2n + 1$번이다. 중심 차분은 입력마다
# 양쪽으로 한 번씩 $4n$번이다. 한 번의 RNEA는 링크 수 $n$에 비례하므로 두 차분 모두 $n^2$에 비례한다.
# 호출 수의 주된 항이 $2n$과 $4n$이므로 계수도 두 배가 된다. 전진 차분의 남는 한 번은 $n$의 1차 항에만
# 더해진다.
#
# ```{solution-end}
# ```
