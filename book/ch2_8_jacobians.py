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
# # 2.8 재귀 야코비안과 링크 속도 전파
#
# 관절 속도 $\dot q$가 말단을 얼마나 빠르게, 어느 방향으로 움직이는지 알려 주는 행렬이
# 야코비안이다. 이 장은 야코비안을 링크 사슬을 따라 한 번 훑으면서 한 열씩 쌓아 가는 방법들을
# 다룬다. 기저에서 말단 쪽으로 가는 방법(공간 야코비안, DH 표의 $z\cdot p$ 공식)과 말단에서
# 기저 쪽으로 가는 방법(물체 야코비안)이 있고, 같은 훑기 안에서 각 링크의 각속도와 선속도를
# 넘겨주는 **속도 전파**도 같은 뼈대를 공유한다. 속도 전파는 3.2장 RNEA의 전방 순환 가운데
# 속도 부분 그 자체이다({doc}`ch3_2_rnea`). 물체 야코비안은 말단 렌치가 관절 토크에 더하는 항
# $J_b^{\mathsf T}F_{\mathrm{tip}}$에 쓰인다.
#
# 장의 결과를 모아 계산하는 함수는 `chaindyn_book.ch28`에, 그림을 그리는 함수는
# `figsrc/ch28_figures.py`에 있다. 모듈을 불러오는 셀과 값을 모아 본문에 붙이기만 하는 셀은 접어
# 두었다(펼치면 코드가 보인다).

# %% tags=["hide-input"]
import inspect
import sys
from pathlib import Path

import numpy as np
from myst_nb import glue

import chaindyn as cd
from chaindyn import classic, jacobian, models, opcount, spatial
from chaindyn_book import ch28, claims

sys.path.insert(0, str(Path("..").resolve() / "figsrc"))
from _numbers import fixed, sci  # noqa: E402  (figsrc/_numbers.py: 검사된 반올림, 3.6×10⁻¹⁵ 꼴)
from _tables import md_table  # noqa: E402  (figsrc/_tables.py: 표)

from chaindyn.chain import TOL as ROTATION_TOL  # noqa: E402  (Chain의 회전 행렬 검사 허용치)

np.set_printoptions(precision=4, suppress=True)
arm = models.arm6r()  # 이 책의 예제 6R 팔 (chaindyn/data/arm6r.csv, 수정 DH)
arm_args = models.mdh_arguments(models.arm6r_table())
q_arm = models.ARM6R_GOAL  # 예제 운동의 목표 자세, rad
qd_arm = np.array([0.8, -0.5, 0.6, 1.0, -0.7, 1.2])  # 이 장의 예제 관절 속도, rad/s


def r4(x):
    """표시용 반올림: 4자리, 음의 0은 0으로."""
    return fixed(np.asarray(x, dtype=float), 4) + 0.0


print(arm, "관절", arm.joint_types)

# %% [markdown]
# (sec-28-goals)=
# ## 2.8.1 이 장의 목표와 출처
#
# **이 장을 마치면 할 수 있는 일.**
#
# - 링크 좌표계의 상대 자세를 곱해 나가는 순기구학과, 기저 좌표계의 스크루 축으로 적은 지수 곱
#   (product of exponentials, PoE) 순기구학이 같은 자세를 준다는 것을 식과 수치로 확인한다.
# - 공간 야코비안 $J_s$를 수반 변환으로 한 열씩, 물체 야코비안 $J_b$를 말단에서 거꾸로 한
#   열씩 만들고, 둘 사이의 좌표 변환 $J_s=\mathrm{Ad}_{T_{0,n}}J_b$를 쓴다.
# - Denavit-Hartenberg(DH) 표에서 관절 축 $\hat z_i$와 축 위의 점 $p_{0,i}$만 뽑아 만드는 고전적
#   야코비안을 구현하고, 그 행 순서 $(v,\omega)$를 이 책의 $(\omega, v)$로 바꾼다. 표준 DH와 수정
#   DH에서 첨자가 하나씩 어긋나는 이유를 설명한다.
# - 링크의 각속도, 좌표계 원점의 속도, 질량 중심의 속도를 회전 관절과 직동 관절 모두에 대해
#   기저에서 말단으로 전파하고, 그 결과가 야코비안 곱 $J\dot q$와 같음을 보인다.
# - 야코비안의 시간 미분 $\dot J$를 같은 재귀로 구하고, $J\ddot q+\dot J\dot q$로 얻는 가속도가
#   점의 **고전 가속도**와 같은지 다른지가 어떤 야코비안을 썼느냐에 달려 있음을 예제로 확인한다.
# - 곱셈 횟수가 링크 수 $n$에 비례함을 세어 보이고, 아주 긴 사슬에서 누적 회전 행렬이 직교성을
#   얼마나 잃는지 재서 재직교화가 언제 필요한지 판단한다.
#
# 장의 끝(2.8.13절)에는 스스로 풀어 볼 연습 문제 세 개({numref}`ex-28-cp1`~{numref}`ex-28-cp3`)가 있다.
#
# **선수 지식.** 트위스트 $V=(\omega, v)$와 수반 변환 $\mathrm{Ad}_T$, 리 괄호 행렬
# $\mathrm{ad}_V$의 정의는 {doc}`notation`에 모아 두었다. 이 책의 규약은 Modern Robotics
# {cite:p}`lynch2017modern`를 따른다. 관절 $i$의 스크루 축 $A_i$는 링크 좌표계 $\{i\}$에서
# 적고, $q=0$일 때 $\{i\}$에서 본 $\{i-1\}$의 자세를 $M_{i,i-1}$로 쓴다.
#
# (sec-28-sources)=
# **출처와 검증 방침.** 이 장이 다루는 재귀적 야코비안 계산과 링크 속도 전파의 출처는
# {cite:t}`whitney1972mathematics`, {cite:t}`paul1981kinematic`, {cite:t}`orin1984efficient`,
# {cite:t}`luh1980online`, {cite:t}`featherstone2008rigid`, {cite:t}`spong2020robot`,
# {cite:t}`siciliano2009robotics`, {cite:t}`lynch2017modern`, {cite:t}`murray1994mathematical`이다.
# 이 가운데 원문을 직접 읽고 쪽수까지 밝힌 것은 Featherstone의 *Rigid Body Dynamics Algorithms*(RBDA)
# 2.11절(고전 가속도, 29–30쪽)뿐이다. 나머지 인용은 내용의 출처를 알리는 것이지 그 내용을 원문에서
# 확인했다는 뜻이 아니다. 이 페이지의 수식과 수치는 아래 코드 셀이 독립적인 방법(다른 야코비안
# 형태, 순기구학의 유한 차분, 버그 보고에 실린 수치, Pinocchio {cite:p}`carpentier2019pinocchio`)과
# 대조한다. 재지 않은 것은 본문에 그렇다고 적었다. 이 장이 출발한 원고의 주장을 이 장의 계산과 맞대어 본 표는
# {doc}`부록 C <appendix_reproduction>`의 C.1절에 있다.
#
# % no-claim: 대조 실험의 설정을 적은 문단
#
# 아래 셀은 이 장 전체의 대조 결과를 한 번에 계산한다. 대상은 예제 6R 팔과 임의 사슬
# {glue:text}`j28_chk_random`개($n$은 {glue:text}`j28_chk_nmin`부터 {glue:text}`j28_chk_nmax`까지,
# 회전 관절과 직동 관절이 섞여 있다)이다. 사슬마다 상태 {glue:text}`j28_chk_states`개를 무작위로
# 골라 가장 큰 차이를 모았다. 반올림 수준의 값이므로 기계마다 마지막 자릿수가 조금씩 다르다. 그래서
# 본문은 각 값을 그 값이 지켜야 할 한계와 함께 적는다.

# %% tags=["hide-input", "nbval-ignore-output"]
checks = {row["name"]: row for row in ch28.consistency_checks()}
for row in checks.values():
    glue(f"j28_chk_{row['name']}", sci(row["max_error"]), display=False)
    glue(f"j28_bound_{row['name']}", sci(row["bound"], 1), display=False)
    print(f"{row['name']:>13}: 최대 차이 {row['max_error']:.2e} (한계 {row['bound']:.0e})")
chk_chains = [name for name, _ in ch28._chains()]
chk_n = [c.n for name, c in ch28._chains() if name != "arm6r"]
glue("j28_chk_random", len(chk_n), display=False)
glue("j28_chk_nmin", min(chk_n), display=False)
glue("j28_chk_nmax", max(chk_n), display=False)
glue("j28_chk_chains", len(chk_chains), display=False)
glue("j28_chk_states",
     inspect.signature(ch28.consistency_checks).parameters["states"].default, display=False)


def chk(name):
    """(최대 차이, 한계) of one consistency check."""
    return checks[name]["max_error"], checks[name]["bound"]


claims.within("j28-fk-poe", "두 결과의 차이는 가장 커도 {glue:text}`j28_chk_fk_poe`으로, 반올림 수준의 한계 {glue:text}`j28_bound_fk_poe` 안에 있다",
              *chk("fk_poe"))
claims.within("j28-ad-body", "식 {eq}`eq-28-sb`의 양변 차이는 최대 {glue:text}`j28_chk_ad_body`이었다",
              *chk("ad_body"))
claims.within("j28-poe", "차이는 최대 {glue:text}`j28_chk_poe`이었다. 두 값 모두 한계 {glue:text}`j28_bound_poe` 안에 있다",
              *chk("poe"))
claims.within("j28-mdh", "차이는 대조 셀에서 최대 {glue:text}`j28_chk_mdh`으로, 한계 {glue:text}`j28_bound_mdh` 안에 있다",
              *chk("mdh"))
claims.within("j28-velocities", "최대 차이는 {glue:text}`j28_chk_velocities`으로 한계 {glue:text}`j28_bound_velocities` 안에 있다",
              *chk("velocities"))
claims.within("j28-fd-columns", "모든 열을 비교한 최대 차이는 {glue:text}`j28_chk_fd_columns`이었다(한계 {glue:text}`j28_bound_fd_columns`)",
              *chk("fd_columns"))
claims.within("j28-jdot-fd", "최대 차이는 {glue:text}`j28_chk_jdot_fd`으로, 한계 {glue:text}`j28_bound_jdot_fd` 안에 있다",
              *chk("jdot_fd"))
claims.within("j28-classical-fd", "최대 차이는 {glue:text}`j28_chk_classical_fd` m/s²이고, 한계 {glue:text}`j28_bound_classical_fd` m/s² 안에 있다",
              *chk("classical_fd"))
# 유한 차분 대조의 두 어림(2.8.6절): 절단 오차 ~ 크기 × h², 반올림 오차 ~ 크기 × ε/h
fd_scale = checks["fd_columns"]["scale"]
fd_trunc = fd_scale * ch28.FD_STEP**2
fd_round = fd_scale * np.finfo(float).eps / ch28.FD_STEP
glue("j28_fd_scale", fixed(fd_scale, 1), display=False)
glue("j28_fd_trunc", sci(fd_trunc), display=False)
glue("j28_fd_round", sci(fd_round), display=False)
claims.claim("j28-fd-cause", "측정된 차이는 절단 오차의 어림보다 훨씬 크고 반올림 어림과 자릿수가 비슷하다",
             bool(checks["fd_columns"]["max_error"] > 100 * fd_trunc
                  and 0.1 < checks["fd_columns"]["max_error"] / fd_round < 10),
             measured=checks["fd_columns"]["max_error"], truncation=fd_trunc, roundoff=fd_round)

# %% [markdown]
# (sec-28-fk)=
# ## 2.8.2 순기구학: 상대 자세의 곱과 지수 곱
#
# 링크 $i$의 좌표계 $\{i\}$가 기저 $\{0\}$에서 어디에 있는지는 이웃한 두 좌표계 사이의 자세를
# 차례로 곱해서 얻는다. 관절 $i$가 $q_i$만큼 움직였을 때 $\{i-1\}$에서 본 $\{i\}$의 자세는
# 홈 자세에 관절 운동의 지수를 오른쪽에서 곱한 것이다.
#
# $$
# T_{i-1,i}(q_i) = M_{i,i-1}^{-1}\, e^{[A_i] q_i}, \qquad
# T_{0,i} = T_{0,i-1}\, T_{i-1,i}(q_i), \quad T_{0,0}=\mathbf 1
# $$ (eq-28-fk)
#
# 관절 운동을 $\{i\}$에서 적은 스크루 축 $A_i$로 표현했으므로 지수가 오른쪽에 붙는다. 같은 축을
# 홈 자세의 기저 좌표계로 옮긴 **공간 스크루 축** $S_i=\mathrm{Ad}_{T_{0,i}(0)}A_i$를 쓰면 말단
# 자세는 기저 쪽부터 지수를 곱한 뒤 마지막에 홈 자세 $M_{0,n}=T_{0,n}(0)$을 곱한 꼴이 된다
# {cite:p}`lynch2017modern,murray1994mathematical`.
#
# $$
# T_{0,n}(q) = e^{[S_1]q_1}\, e^{[S_2]q_2} \cdots e^{[S_n]q_n}\, M_{0,n}
# $$ (eq-28-poe)
#
# 두 식은 같은 곱을 괄호만 달리 묶은 것이다. 항등식 $e^{[\mathrm{Ad}_X A]q}=X e^{[A]q}X^{-1}$은
# 식 {eq}`eq-rnea-adconj`를 지수에 적용한 것이다. 이 항등식으로 식 {eq}`eq-28-fk`의 각 지수를 기저
# 쪽으로 밀어내면 식 {eq}`eq-28-poe`가 나온다. `chaindyn.forward_kinematics`는 식 {eq}`eq-28-fk`로
# 링크마다 자세를 내주고, `chaindyn.jacobian.forward_kinematics_poe`는 식 {eq}`eq-28-poe`로 말단
# 자세를 계산한다.
#
# % claim: j28-fk-poe
#
# 앞의 대조 셀에서 두 결과의 차이는 가장 커도 {glue:text}`j28_chk_fk_poe`으로, 반올림 수준의 한계 {glue:text}`j28_bound_fk_poe` 안에 있다.
#
# % claim: j28-relative-rot
#
# 회전 관절의 지수 $e^{[A]q}$는 로드리게스 공식(식 {eq}`eq-rnea-exp`)으로 관절마다 새로 계산한다.
# 이 사실은 2.8.8절의 수치 오차 논의에서 중요하다. 한 링크의 상대 회전에는 그 한 번의 계산에서 생긴
# 반올림 오차만 들어 있다. 2.8.8절의 사슬에서 링크 하나의 상대 회전 $R_{i-1,i}$가 직교 행렬에서 벗어난
# 정도는 모든 링크를 통틀어 가장 커도 {glue:text}`j28_drift64_rel`으로, 기계 엡실론의
# {glue:text}`j28_drift64_rel_eps`배였다. 누적 곱 $R_{0,i}$의 이탈은 이보다 커진다(2.8.8절). 오차가
# 쌓이는 곳은 식 {eq}`eq-28-fk`의 누적 곱이다.
#
# (sec-28-space)=
# ## 2.8.3 공간 야코비안: 수반 변환 재귀
#
# 관절 $j$만 단위 속도로 움직이고 나머지는 멈춰 있다고 하자. 그러면 링크 $j$부터 말단까지는 관절
# $j$의 축을 중심으로 한 덩어리처럼 돈다(직동이면 미끄러진다). 그 움직임을 기저 좌표계에서 적은
# 트위스트가 공간 야코비안의 $j$번째 열이다(Modern Robotics 5.1.1절). 관절 축 $A_j$는 $\{j\}$에 고정되어 있으므로
# $\{j\}$의 현재 자세로 수반 변환하면 된다.
#
# $$
# \begin{aligned}
# J_{s,j}(q) &= \mathrm{Ad}_{T_{0,j}(q)}\, A_j
# = \mathrm{Ad}_{e^{[S_1]q_1}\cdots e^{[S_{j-1}]q_{j-1}}}\, S_j \\
# V_s &= J_s(q)\,\dot q
# \end{aligned}
# $$ (eq-28-js)
#
# 식 {eq}`eq-28-fk`의 누적 곱이 $T_{0,j}$를 차례로 내주므로, 링크 하나를 지날 때마다 자세 곱
# 한 번과 $6\times6$ 수반 행렬 하나가 더해질 뿐이다. 두 번째 등식은 공간 스크루 축에서 출발하는
# 같은 열이다(`chaindyn.jacobian.space_jacobian_poe`). 두 번째 꼴에서 보이듯 $J_{s,j}$는
# $q_1,\dots,q_{j-1}$에만 의존한다. 관절 $j$보다 말단 쪽의 관절은 축 $j$를 옮기지 못하고, 관절 $j$
# 자신도 제 축을 옮기지 못한다. 첫 번째 꼴로 말하면 $T_{0,j}$의 마지막 인수 $e^{[A_j]q_j}$는
# $\mathrm{Ad}_{e^{[A_j]q_j}}A_j=A_j$이므로 열에 아무 영향을 주지 않는다.
#
# $V_s=(\omega_s, v_s)$의 선속도 $v_s$는 말단의 한 점의 속도가 아니라, **지금 기저 원점을
# 지나고 있는 (말단 링크에 붙은) 가상의 점**의 속도이다. 그래서 $v_s$는 말단 위치의 미분과
# 다르며, 2.8.9절의 가속도 논의에서 이 차이가 다시 나타난다. $V_s$에서 말단 원점의 속도를 얻는
# 방법은 {numref}`ex-28-cp2`에서 다룬다.
#
# 다른 교재나 라이브러리에서 이 식을 만나면 두 가지를 먼저 확인해야 한다. 관절 축을 관절의 부모
# 링크 좌표계 $\{i-1\}$에서 적는 표기라면 같은 열이 $\mathrm{Ad}_{T_{0,i-1}}$과 그 좌표계의 축으로
# 적힌다. 이 책처럼 $\{i\}$에서 적으면 식 {eq}`eq-28-js`가 된다. 또 트위스트를 $(v,\omega)$ 순서로
# 두는 표기에서는 수반 행렬의 $[p]R$ 블록이 오른쪽 위에 있고 $z$축 회전 관절의 축이
# $(0,0,0,0,0,1)$이다. 이 책의 $(\omega, v)$ 순서에서는 같은 블록이 왼쪽 아래로 가고 축은
# $(0,0,1,0,0,0)$이 된다. 라이브러리를 섞어 쓸 때 틀리기 쉬운 곳이 이 순서이다({doc}`appendix_conventions`).
#
# 아래 셀은 예제 팔의 목표 자세에서 공간 야코비안을 보인다. 첫 열은 관절 1의 공간 스크루 축
# $S_1$이므로 $q$와 상관없다. 이 팔에서는 관절 1의 축이 기저의 $z$축과 겹치므로 그 값이
# $(0,0,1,0,0,0)$이다.

# %%
Js = cd.space_jacobian(arm, q_arm)
print("J_s(q) [행: ω_x, ω_y, ω_z, v_x, v_y, v_z]\n", r4(Js))

# %% [markdown]
# (sec-28-body)=
# ## 2.8.4 물체 야코비안: 후방 재귀
#
# 같은 열들을 말단 좌표계 $\{n\}$에서 적은 것이 물체 야코비안이다(Modern Robotics 5.1.2절). 이번에는 말단 쪽부터 거꾸로
# 간다. $\{n\}$에서 본 $\{i\}$의 자세 $T_{n,i}$를 한 링크씩 늘려 가면서 각 관절 축을 옮긴다.
#
# $$
# \begin{aligned}
# J_{b,i}(q) &= \mathrm{Ad}_{T_{n,i}(q)}\,A_i, \qquad V_b = J_b(q)\,\dot q \\
# T_{n,i-1} &= T_{n,i}\,T_{i,i-1}(q_i), \qquad T_{n,n}=\mathbf 1
# \end{aligned}
# $$ (eq-28-jb)
#
# 마지막 열 $J_{b,n}=A_n$은 $q$에 의존하지 않는다. $V_b=(\omega_b, v_b)$의 두 반쪽은 말단의
# 각속도와 $\{n\}$ 원점의 속도이고, 둘 다 말단과 함께 도는 $\{n\}$의 축으로 적는다. 두 야코비안은
# 말단 자세의 수반 변환 하나로 이어진다.
#
# $$
# J_s(q) = \mathrm{Ad}_{T_{0,n}(q)}\, J_b(q)
# $$ (eq-28-sb)
#
# % claim: j28-ad-body, j28-poe
#
# 대조 셀에서 식 {eq}`eq-28-sb`의 양변 차이는 최대 {glue:text}`j28_chk_ad_body`이었다. 공간 야코비안을
# 두 가지로(수반 변환 재귀와 공간 스크루 축의 지수 곱) 만들어 견준 차이는 최대 {glue:text}`j28_chk_poe`이었다. 두 값 모두 한계 {glue:text}`j28_bound_poe` 안에 있다.
#
# 물체 야코비안이 동역학에 들어오는 자리는 말단 렌치의 항, 곧 정역학의 관계이다. 말단이 환경에 렌치 $F_{\mathrm{tip}}$
# ($\{n\}$에서 표현)을 가하며 정지해 있다고 하자. 그 렌치를 버티려고 관절 토크에 더해지는 몫은
# 가상 일의 원리로 $\tau = J_b^{\mathsf T}(q) F_{\mathrm{tip}}$이다(Modern Robotics 5.2절). 3.2장의 RNEA는 이 행렬을 만들지 않는다.
# 후방 순환의 시작값을 $F_{\mathrm{tip}}$으로 두어 같은 항을 얻는다({doc}`ch3_2_rnea`). 말단에 걸린
# 외력을 관절 토크로 되짚어 가는 계산이 후방 재귀의 대표적인 쓰임새이다.
#
# **점 야코비안.** 말단의 속도를 $\{n\}$의 원점이 아니라 말단에 붙은 다른 점 $p$($\{n\}$에서 본
# 좌표)에서 재고 싶을 때가 많다. 이때 하는 일은 두 가지로 나뉜다. 기준점을 $p$로 옮기는 것은
# $\mathrm{Ad}_{(\mathbf 1,-p)}$이다. 선속도 부분에 $\omega\times p$가 더해질 뿐이고 축은 여전히
# $\{n\}$의 축이다. 축을 기저 축에 맞추는 것은 회전만 있는 수반 변환
# $\mathrm{Ad}_{(R_{0,n},0)}=\mathrm{diag}(R_{0,n}, R_{0,n})$이 따로 맡는다. 둘을 차례로 곱하면
#
# $$
# \begin{aligned}
# J_p^{\{n\}} &= \mathrm{Ad}_{(\mathbf 1,-p)}\,J_b \\
# J_p^{\{0\}} &= \mathrm{Ad}_{(R_{0,n},\,0)}\,J_p^{\{n\}} = \mathrm{Ad}_{(\mathbf 1,-p_0)}\,J_s ,
# \qquad p_0 = R_{0,n}\,p + p_{0,n}
# \end{aligned}
# $$
#
# 이다. $J_p^{\{n\}}\dot q$와 $J_p^{\{0\}}\dot q$는 둘 다 (말단의 각속도, 점 $p$의 속도)이고,
# 앞의 것은 $\{n\}$의 축으로, 뒤의 것은 기저 축으로 적었다. 마지막 등식은 공간 야코비안에서 출발해 기준점만 기저 원점에서 $p_0$로
# 옮겨도 같은 행렬이 된다는 뜻이다. `chaindyn.jacobian.point_jacobian(chain, q, point, frame)`이 이 일을
# 하며 `frame="local"`이 첫 줄, `frame="world"`가 둘째 줄이다. Pinocchio로 말하면 앞의 것이
# `LOCAL`(점 $p$에 둔 프레임), 뒤의 것이 `LOCAL_WORLD_ALIGNED`에 해당한다. 아래 셀은 예제 팔의
# 말단에서 조금 떨어진 점으로 세 식을 계산해 견준다.

# %%
p_pt = np.array([0.0, 0.05, 0.1])  # 말단 링크에 붙은 예시 점, {6}에서 본 좌표, m
T_end = cd.forward_kinematics(arm, q_arm)[-1]
rot_only = np.eye(4)
rot_only[:3, :3] = T_end[:3, :3]  # (R_{0,n}, 0)
shift_p = np.eye(4)
shift_p[:3, 3] = -p_pt  # (I, -p)
shift_p0 = np.eye(4)
shift_p0[:3, 3] = -(T_end[:3, :3] @ p_pt + T_end[:3, 3])  # (I, -p_0)
J_loc = jacobian.point_jacobian(arm, q_arm, p_pt, "local")
J_wld = jacobian.point_jacobian(arm, q_arm, p_pt, "world")
pt_errs = [np.abs(J_loc - spatial.Ad(shift_p) @ cd.body_jacobian(arm, q_arm)).max(),
           np.abs(J_wld - spatial.Ad(rot_only) @ J_loc).max(),
           np.abs(J_wld - spatial.Ad(shift_p0) @ Js).max()]
glue("j28_pt_p", ", ".join(f"{x:.2f}" for x in fixed(p_pt, 2) + 0.0), display=False)
print("J_p (기저 축) [행: ω_x, ω_y, ω_z, v_x, v_y, v_z]\n", r4(J_wld))

# %% tags=["hide-input", "nbval-ignore-output"]
glue("j28_pt_err", sci(max(pt_errs)), display=False)
glue("j28_pt_bound", sci(ch28.ROUNDOFF_BOUND, 1), display=False)
claims.within("j28-point", "세 식의 차이는 가장 커도 {glue:text}`j28_pt_err`으로, 반올림 수준의 한계 {glue:text}`j28_pt_bound` 안에 있다",
              max(pt_errs), ch28.ROUNDOFF_BOUND)
print(f"세 식 사이의 최대 차이 {max(pt_errs):.1e}")

# %% [markdown]
# % claim: j28-point
#
# 점 $p$ = ({glue:text}`j28_pt_p`) m에서 세 식의 차이는 가장 커도 {glue:text}`j28_pt_err`으로, 반올림 수준의 한계 {glue:text}`j28_pt_bound` 안에 있다.

# %% [markdown]
# (sec-28-zp)=
# ## 2.8.5 DH 표에서 바로 만드는 고전적 야코비안
#
# 3차원 벡터로 쓰는 교재들의 야코비안 공식은 스크루 축 대신 두 가지 기하 정보만 쓴다. 관절 축의
# 방향 $\hat z_i$와 그 축 위의 한 점 $p_{0,i}$이다(둘 다 기저 좌표). 말단의 기준점을 $p_{0,e}$라 하면
# 회전 관절은 $p_{0,e}$를 축 둘레로 돌리고, 직동 관절은 축 방향으로 민다. 그래서 각 열은
#
# $$
# J_{g,i} = \begin{bmatrix} \hat z_i \times (p_{0,e} - p_{0,i}) \\ \hat z_i \end{bmatrix}
# \ \text{(회전 관절)}, \qquad
# J_{g,i} = \begin{bmatrix} \hat z_i \\ 0 \end{bmatrix}
# \ \text{(직동 관절)}
# $$ (eq-28-zp)
#
# 이다. 위 세 줄은 기준점 $p_{0,e}$의 속도, 아래 세 줄은 각속도이다. **행 순서가 $(v, \omega)$인 점**이 이 책의
# 다른 야코비안과 다르다. `chaindyn.jacobian.geometric_jacobian_mdh`는 이 순서 그대로 돌려준다. 이 책의 순서로
# 바꾸려면 `chaindyn.jacobian.swap_halves`로 위아래 세 줄을 맞바꾼다(두 번 바꾸면 원래대로 돌아온다).
# 두 순서의 야코비안은 행 교환 말고는 같다: 기준점이 $p_{0,e}$이고 축이 기저 축인 점 야코비안이다.
#
# $\hat z_i$와 $p_{0,i}$는 식 {eq}`eq-28-fk`와 같은 누적 곱에서 뽑는다. $T_{0,i}$의 회전 부분의 셋째
# 열이 $\hat z_i = R_{0,i}\hat z$, 위치 부분이 $p_{0,i}$이다. 여기서 **첨자가 DH 규약에 따라 달라진다.**
#
# - 수정 DH({cite:t}`craig2018introduction`의 규약)에서는 관절 $i$가 자기 좌표계 $\{i\}$의 $z_i$ 축을 따라 움직이고, $\{i\}$의
#   원점이 그 축 위에 있다. 그래서 열 $i$는 $\hat z_i$와 $p_{0,i}$로 만든다.
# - 표준 DH에서는 관절 $i$가 바로 앞 좌표계 $\{i-1\}$의 $z_{i-1}$ 축을 따라 움직인다. 열 $i$는
#   $\hat z_{i-1}$과 $p_{0,i-1}$로 만들고 $\hat z_0=\hat z$, $p_{0,0}=0$에서 시작한다. 표준 DH로 쓴
#   교재 {cite:p}`spong2020robot,siciliano2009robotics`의 공식은 이 첨자를 쓴다.
#
# 둘은 같은 기하를 다른 이름으로 부르는 것일 뿐이지만, 표 하나에 다른 규약의 첨자를 섞으면 열이
# 하나씩 밀린 야코비안이 나온다. `chaindyn.jacobian.geometric_jacobian_dh`는 표준 DH 표를 받는다.
#
# 아래 셀은 두 가지를 견준다. 하나는 버그 보고에서 나온 평면 2R 팔 P2(3.2.10.6절)를 두 규약으로 적은
# 두 야코비안이다. P2의 링크 길이는 {glue:text}`j28_p2_L1:.1f` m와 {glue:text}`j28_p2_L2:.1f` m이고,
# 도구 점은 링크 2의 끝이다. 다른 하나는 예제 6R 팔의 수정 DH 표에서 만든 야코비안과 스크루 축으로
# 만든 점 야코비안이다.

# %%
q_p2 = ch28.VERTICAL_2R_STATE[0]
p2_dh = [[0.0, 0.0, ch28.VERTICAL_2R_MDH[1, 1], 0.0], [0.0, 0.0, ch28.VERTICAL_2R_TOOL[0], 0.0]]  # θ, d, a, α
glue("j28_p2_L1", float(ch28.VERTICAL_2R_MDH[1, 1]), display=False)
glue("j28_p2_L2", float(ch28.VERTICAL_2R_TOOL[0]), display=False)
Jm = jacobian.geometric_jacobian_mdh(ch28.VERTICAL_2R_MDH, q_p2, tool=ch28.VERTICAL_2R_TOOL)
Jd = jacobian.geometric_jacobian_dh(p2_dh, q_p2)
print("P2, 수정 DH (v, ω):\n", r4(Jm))
Jg = jacobian.geometric_jacobian_mdh(arm_args["mdh"], q_arm, arm_args["joint_types"])
print("6R 팔, 수정 DH 표의 z·p 야코비안 (v, ω):\n", r4(Jg))

# %% tags=["hide-input", "nbval-ignore-output"]
p2_err = float(np.abs(Jm - Jd).max())
glue("j28_p2_err", sci(p2_err), display=False)
claims.within("j28-p2-dh", "두 규약으로 만든 P2의 야코비안은 가장 큰 성분 차이가 {glue:text}`j28_p2_err`으로, 한계 {glue:text}`j28_pt_bound` 안에 있다",
              p2_err, ch28.ROUNDOFF_BOUND)
print(f"P2: 수정 DH와 표준 DH의 최대 차이 {p2_err:.1e}")

# %% [markdown]
# % claim: j28-p2-dh, j28-mdh
#
# 두 규약으로 만든 P2의 야코비안은 가장 큰 성분 차이가 {glue:text}`j28_p2_err`으로, 한계 {glue:text}`j28_pt_bound` 안에 있다.
# 6R 팔의 $z\cdot p$ 야코비안과 스크루 축으로 만든 점 야코비안의 차이는 대조 셀에서 최대 {glue:text}`j28_chk_mdh`으로, 한계 {glue:text}`j28_bound_mdh` 안에 있다.
#
# (sec-28-velocity)=
# ## 2.8.6 링크 속도의 전방 전파
#
# 야코비안을 행렬로 만들지 않고 $J\dot q$만 필요할 때가 많다. RNEA가 그렇다. 이때는 각 링크의
# 속도를 기저부터 하나씩 넘겨준다. 링크 $i$의 각속도 $\omega_i$, $\{i\}$ 원점의 속도
# $v_i$, 질량 중심의 속도 $v_{c,i}$를 모두 $\{i\}$의 축으로 적기로 하자. $R_{i-1,i}$는
# $\{i-1\}$에서 본 $\{i\}$의 방향, $P_i$는 $\{i-1\}$의 원점에서 $\{i\}$의 원점까지의 벡터
# ($\{i-1\}$에서 표현), $c_i$는 $\{i\}$에서 본 질량 중심이다. 관절 축은 $A_i=(\hat w_i, u_i)$로
# 나누어 쓴다.
#
# $$
# \begin{aligned}
# \omega_i &= R_{i-1,i}^{\mathsf T}\omega_{i-1} + \hat w_i\,\dot q_i \\
# v_i &= R_{i-1,i}^{\mathsf T}\bigl(v_{i-1} + \omega_{i-1}\times P_i\bigr) + u_i\,\dot q_i \\
# v_{c,i} &= v_i + \omega_i \times c_i
# \end{aligned}
# \qquad \omega_0 = v_0 = 0
# $$ (eq-28-vel)
#
# 각 줄의 뜻은 이렇다. 첫 줄: 링크 $i$는 링크 $i-1$의 회전을 물려받고, 관절이 제 축 둘레의
# 회전을 보탠다. 둘째 줄: 괄호 안은 링크 $i-1$에 붙어 있는 점 $\{i\}$ 원점의 속도(강체의 속도장
# $v+\omega\times r$)이고, $R_{i-1,i}^{\mathsf T}$가 그것을 $\{i\}$의 축으로 옮긴다. 끝의 $u_i\dot q_i$는
# 관절이 그 점을 직접 움직이는 몫이다. 셋째 줄은 같은 강체 속도장을 링크 $i$ 안에서 한 번 더 쓴
# 것이다.
#
# 관절 종류에 따라 둘째 줄의 마지막 항이 달라진다.
#
# - **회전 관절**이고 축이 $\{i\}$의 원점을 지나면(수정 DH, URDF) $u_i=0$이다. 원점은 축 위에
#   있으므로 관절이 돌아도 움직이지 않는다. 축이 원점을 비껴가면, 축 위의 아무 점 하나를
#   $\{i\}$에서 본 좌표 $r$로 잡아 $u_i=-\hat w_i\times r$로 둔다. 이 항은 원점을 축 둘레로
#   돌리는 속도 $\hat w_i\times(0-r)$이다. 축 위의 어느 점을 $r$로 골라도 값은 같다. 두 점의 차이가
#   $\hat w_i$에 평행해 외적이 0이 되기 때문이다.
# - **직동 관절**은 $\hat w_i=0$이라 각속도를 보태지 않고, $u_i\dot q_i$가 미끄럼 속도 그
#   자체이다. 수정 DH에서는 $u_i=\hat z=(0,0,1)$이므로 이 항은 $\{i\}$의 $z$축 방향으로
#   $\dot d_i$ 크기의 속도가 된다.
#
# 지렛대 $P_i$에 곱하는 각속도가 $\omega_{i-1}$인지 $\omega_i$인지도 규약에 달려 있다. 이 책과
# 수정 DH의 식에서 괄호 안은 링크 $i-1$에 붙은 점의 속도이므로 $\omega_{i-1}$이 맞다. 관절이 그
# 점에 보태는 몫은 $u_i\dot q_i$가 따로 맡는다. 표준 DH에서는 $\{i\}$의 원점이 링크 $i$의 먼 끝에 붙어 있고 관절 $i$의
# 축이 $\{i-1\}$의 원점을 지나므로, 같은 식이 기저 좌표계에서
# $v_i = v_{i-1} + \omega_i\times(p_{0,i}-p_{0,i-1})$ 꼴이 된다(회전 관절). 교재마다 둘 가운데 한 꼴을
# 쓴다. 규약을 섞으면 두 각속도의 차이가 지렛대와 외적을 이룬 만큼 틀린 속도가 나온다. 그 차이는
# 관절 $i$의 몫, 곧 $\dot q_i$에 관절 $i$의 축 방향 단위 벡터를 곱한 것이다.
#
# **움직이는 기저.** 식 {eq}`eq-28-vel`의 시작값 $\omega_0=v_0=0$은 기저가 땅에 고정되어 있다는
# 가정을 적은 것이다. 드론에 단 팔, 우주 로봇, 보행 로봇의 몸통처럼 기저 자체가 움직이면 재귀의
# 모양은 그대로 두고 시작값만 바꾼다. 기저의 각속도와 원점 속도(센서나 상태 추정기가 주는 값,
# 또는 부유 기저 동역학의 상태 변수)를 $\omega_0$, $v_0$로 넣으면 그 몫이 링크마다 전파되어 모든
# 링크 속도에 더해진다. 아래 식 {eq}`eq-28-twist`로 말하면 $V_0$ 자리에 기저의 트위스트가 들어간다.
# `chaindyn`의 함수들은 고정 기저만 다루고 이 시작값을 받지 않는다. 부유 기저의 동역학은
# 3.13장(이 책 범위 밖)의 주제이다.
#
# 식 {eq}`eq-28-vel`의 $(\omega_i, v_i)$는 링크 $i$의 물체 트위스트 $V_i$이다. 그래서 공간
# 형태로는 한 줄로 쓸 수 있다.
#
# $$
# V_i = \mathrm{Ad}_{T_{i,i-1}}\,V_{i-1} + A_i\,\dot q_i ,
# \qquad V_i = J_b^{(i)}(q)\,\dot q_{1..i}
# $$ (eq-28-twist)
#
# 두 번째 식의 $J_b^{(i)}$는 사슬을 링크 $i$에서 끊고 만든 물체 야코비안이다. 전파된 속도는 곧
# 야코비안 곱과 같고, 이것이 3.2장 RNEA 전방 순환의 속도 부분이다({doc}`ch3_2_rnea`).
# `chaindyn.classic.link_velocities`가 식 {eq}`eq-28-vel`을, `chaindyn.link_twists`가 식
# {eq}`eq-28-twist`를 계산한다.
#
# % claim: j28-velocities
#
# 대조 셀은 사슬 {glue:text}`j28_chk_chains`개의 링크마다 $\omega_i$, $v_i$, $v_{c,i}$, $V_i$를 끊은
# 사슬의 야코비안 곱(질량 중심은 `point_jacobian`)과 비교했다. 최대 차이는 {glue:text}`j28_chk_velocities`으로 한계 {glue:text}`j28_bound_velocities` 안에 있다.
#
# 아래 셀은 예제 팔이 목표 자세에서 관절 속도 `qd_arm`으로 움직일 때 말단 링크의 세 속도를 보인다.

# %%
omega, v, v_com = classic.link_velocities(arm, q_arm, qd_arm)
Vb = cd.body_jacobian(arm, q_arm) @ qd_arm
print("ω_6 (전파)     ", r4(omega[-1]), "  J_b q̇의 앞 세 성분", r4(Vb[:3]))
print("v_6 (전파)     ", r4(v[-1]), "  J_b q̇의 뒤 세 성분", r4(Vb[3:]))
print("v_c6 (전파)    ", r4(v_com[-1]))
glue("j28_w6_norm", fixed(np.linalg.norm(omega[-1]), 4), display=False)
glue("j28_v6_norm", fixed(np.linalg.norm(v[-1]), 4), display=False)
glue("j28_fd_h", sci(ch28.FD_STEP, 1), display=False)  # 유한 차분의 간격 h (입력)

# %% [markdown]
# 이 상태에서 말단 링크의 각속도 크기는 {glue:text}`j28_w6_norm:.4f` rad/s, $\{6\}$ 원점의
# 속력은 {glue:text}`j28_v6_norm:.4f` m/s이다.
#
# % claim: j28-fd-columns, j28-fd-cause
#
# **유한 차분 대조.** 식 {eq}`eq-28-js`와 {eq}`eq-28-jb`는 둘 다 정의에서 유도한 것이므로, 정의
# 자체와도 비교했다. 관절 $j$ 하나를 $\pm h$만큼 움직인 두 자세의 중심 차분으로
# $\partial T/\partial q_j$를 얻는다(간격 $h$ = {glue:text}`j28_fd_h`). 여기서
# $[J_{s,j}] = (\partial T/\partial q_j)\,T^{-1}$, $[J_{b,j}] = T^{-1}\,\partial T/\partial q_j$를 읽어
# 모든 열을 비교한 최대 차이는 {glue:text}`j28_chk_fd_columns`이었다(한계 {glue:text}`j28_bound_fd_columns`).
# 이 차이의 출처는 두 가지로 어림할 수 있다. 중심 차분의 절단 오차는 자세 성분의 크기에 $h^2$을
# 곱한 정도이다. 대조한 상태에서 말단 위치의 성분은 가장 커도 {glue:text}`j28_fd_scale` m이므로
# 이 어림은 {glue:text}`j28_fd_trunc` 정도이다. 반올림 오차는 거의 같은 두 행렬을 뺄 때 남는다. 성분마다
# 기계 엡실론 $\varepsilon$에 성분의 크기를 곱한 만큼 남고, 이것을 $2h$로 나누므로
# {glue:text}`j28_fd_round` 정도가 된다. 측정된 차이는 절단 오차의 어림보다 훨씬 크고 반올림 어림과 자릿수가 비슷하다. $h$를 키우면 반올림 몫은 줄지만 절단 몫이 커진다.
#
# (sec-28-cost)=
# ## 2.8.7 계산량: 링크 수에 비례한다
#
# 위의 재귀는 모두 링크 하나를 지날 때 정해진 양의 일을 한다. 그러므로 전체 비용은 링크 수
# $n$에 비례할 것이다. 이 책은 이를 가정하지 않고 센다. `chaindyn.opcount.count`가 함수를 실제로
# 한 번 실행하면서 곱셈을 세고, 세는 두 규칙은 {numref}`tab-count-rules`에 정리해 두었다. 아래 첫
# 표와 그림은 `"products"`로 센 값이고, 형태끼리 비용을 견줄 때는 뒤의 둘째 표처럼 `"all"`로 센
# 값을 쓴다.

# %% tags=["hide-input"]
counts = ch28.multiplication_counts()
ns = np.array(counts["n"])
names = list(counts["prismatic"])


linear_misfit = {}  # 일차식 a n + b에서 벗어난 가장 큰 값 (함수, 관절 종류)마다


def per_link_and_fixed(y, key):
    """마지막 두 점으로 정한 일차식 a n + b의 (a, b); 모든 n에서 벗어난 양은 linear_misfit에 둔다."""
    y = np.asarray(y)
    slope = np.diff(y)[-1] // np.diff(ns)[-1]
    const = y[-1] - slope * ns[-1]
    linear_misfit[key] = int(np.abs(y - (slope * ns + const)).max())
    return int(slope), int(const)


def signed(k):
    """고정분 표시용: 0, +9, −27 (빼기 기호 U+2212)."""
    return f"{k:+d}".replace("-", "−") if k else "0"


per_link = {}
for k in names:
    per_link[k, "R"] = per_link_and_fixed(counts[k], (k, "R"))
    per_link[k, "P"] = per_link_and_fixed(counts["prismatic"][k], (k, "P"))
for k in ("space_jacobian", "body_jacobian", "geometric_jacobian_mdh", "link_velocities",
          "link_twists", "space_jacobian_dot", "body_jacobian_dot", "forward_kinematics"):
    glue(f"j28_cnt_{k}", per_link[k, "R"][0], display=False)
    glue(f"j28_cntp_{k}", per_link[k, "P"][0], display=False)
for k in ("body_jacobian", "body_jacobian_dot", "space_jacobian_poe", "geometric_jacobian_mdh",
          "space_jacobian"):
    glue(f"j28_fix_{k}", signed(per_link[k, "R"][1]), display=False)
glue("j28_cnt_nmin", int(ns[0]), display=False)
glue("j28_cnt_nmax", int(ns[-1]), display=False)
glue("j28_cnt_npts", len(ns), display=False)
glue("j28_cnt_js_nmax", counts["space_jacobian"][-1], display=False)
glue("j28_cnt_nfun", len(names), display=False)
claims.claim("j28-cnt-linear", "모든 함수의 횟수가 $n$의 일차식 위에 정확히 놓인다",
             max(linear_misfit.values()) == 0, misfit=linear_misfit)
# 고정분: 물체 야코비안, 그 미분, PoE 형태는 3×3 행렬 곱 [p]R 하나(27번)만큼 적고,
# z·p 야코비안은 도구 점을 옮기는 3×3 행렬-벡터 곱 하나(9번)만큼 많다.
with_fixed = sorted(k for k in names if per_link[k, "R"][1] != 0)
claims.claim("j28-cnt-fixed", "처음 몇 점에서 수평을 벗어나는 것은 고정분이 있는 네 함수이다",
             with_fixed == ["body_jacobian", "body_jacobian_dot", "geometric_jacobian_mdh",
                            "space_jacobian_poe"], with_fixed=with_fixed)
claims.claim("j28-cnt-fixed-why", "그 안의 $[p]R$ 곱이 세어지지 않는다",
             all(per_link[k, "R"][1] == -3 * 3 * 3
                 for k in ("body_jacobian", "body_jacobian_dot", "space_jacobian_poe"))
             and per_link["geometric_jacobian_mdh", "R"][1] == 3 * 3,
             fixed={k: per_link[k, "R"][1] for k in with_fixed})
cheaper_p = [k for k in names if k not in ("geometric_jacobian_mdh", "space_jacobian_poe")]
rodrigues = 3 * 3 * 3 + 3 * 3  # [ŵ]² (3×3 행렬 곱)과 Γ(q) u (행렬-벡터 곱)
glue("j28_cnt_rodrigues", rodrigues, display=False)
glue("j28_cnt_rodrigues_poe",
     per_link["space_jacobian_poe", "R"][0] - per_link["space_jacobian_poe", "P"][0], display=False)
claims.claim("j28-cnt-prismatic", "PoE 형태를 뺀 함수에서는 그 차이가 링크당 {glue:text}`j28_cnt_rodrigues`번이다",
             all(per_link[k, "R"][0] - per_link[k, "P"][0] == rodrigues for k in cheaper_p)
             and per_link["space_jacobian_poe", "R"][0] > per_link["space_jacobian_poe", "P"][0]
             and per_link["geometric_jacobian_mdh", "P"] == per_link["geometric_jacobian_mdh", "R"],
             revolute={k: per_link[k, "R"] for k in names},
             prismatic={k: per_link[k, "P"] for k in names})

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
md_table(
    ["함수", "회전 관절: 링크당", "고정분", "직동 관절: 링크당", "고정분"],
    [[f"`{k}`", *per_link[k, "R"], *per_link[k, "P"]] for k in names],
    "야코비안과 속도 재귀의 곱셈 횟수: 호출 한 번의 횟수 = (링크당)×n + (고정분) "
    f"(규칙 products, 임의 사슬, n = {', '.join(map(str, ns))}).",
    "tab-28-opcount", "lrrrr",
)

# %% [markdown]
# ```{figure} figures/ch28_opcount.png
# :name: fig-28-opcount
# :width: 100%
#
# 링크 수에 따른 곱셈 횟수(규칙 products, 회전 관절만 있는 임의 사슬). 왼쪽은 호출 한 번의 횟수,
# 오른쪽은 그 값을 $n$으로 나눈 링크당 횟수이다.
# ```
#
# {numref}`tab-28-opcount`와 {numref}`fig-28-opcount`에서 네 가지를 읽을 수 있다.
#
# % claim: j28-cnt-linear, j28-cnt-fixed, j28-cnt-fixed-why, j28-cnt-prismatic
#
# - 센 범위는 $n$ = {glue:text}`j28_cnt_nmin`부터 {glue:text}`j28_cnt_nmax`까지의
#   {glue:text}`j28_cnt_npts`개 값과 함수 {glue:text}`j28_cnt_nfun`개이다. 이 범위에서 모든 함수의 횟수가 $n$의 일차식 위에 정확히 놓인다. 예를 들어 회전 관절 $n$ = {glue:text}`j28_cnt_nmax`개인 사슬의
#   공간 야코비안은 {glue:text}`j28_cnt_js_nmax`번 곱한다. 그림 오른쪽에서 링크당 횟수가 수평선으로
#   다가가는 것이 이 때문이다.
# - 고정분이 0인 함수(공간 야코비안, 순기구학, 속도 전파 등)는 $n$ = {glue:text}`j28_cnt_nmin`부터
#   수평이다. 처음 몇 점에서 수평을 벗어나는 것은 고정분이 있는 네 함수이다. 물체 야코비안과 그 시간
#   미분, 공간 스크루 축의 PoE 형태는 고정분이 {glue:text}`j28_fix_body_jacobian`이다. 자세가 단위
#   행렬인 열 하나(물체 야코비안은 마지막 열, PoE 형태는 첫 열)에서는 수반 행렬이 상수로만 만들어진다.
#   그래서 그 안의 $[p]R$ 곱이 세어지지 않는다. $z\cdot p$ 야코비안은 도구 점(주지 않으면 $\{n\}$의
#   원점)을 기저 좌표로 옮기는 행렬-벡터 곱이 한 번 더 있어 고정분이
#   {glue:text}`j28_fix_geometric_jacobian_mdh`이다.
# - 이 규칙으로 회전 관절 한 개당 공간 야코비안은 {glue:text}`j28_cnt_space_jacobian`번, 물체
#   야코비안은 {glue:text}`j28_cnt_body_jacobian`번, $z\cdot p$ 야코비안은
#   {glue:text}`j28_cnt_geometric_jacobian_mdh`번이다. 다만 이 숫자들을 그대로 견주면 $z\cdot p$
#   공식에 유리하다. 그 공식은 열을 외적으로 만드는데, `"products"` 규칙은 외적을 세지 않는다.
#   같은 잣대로 견준 결과는 아래 {numref}`tab-28-opcount-all`에 있다.
# - 직동 관절은 로드리게스 공식의 곱이 없어서 더 싸다(공간 야코비안의 경우 링크당
#   {glue:text}`j28_cntp_space_jacobian`번). PoE 형태를 뺀 함수에서는 그 차이가 링크당 {glue:text}`j28_cnt_rodrigues`번이다.
#   회전 관절의 지수가 $[\hat w]^2$를 만드는 $3\times3$ 행렬 곱과 $\Gamma(q)\,u$의 행렬-벡터 곱에
#   쓰는 몫이다. PoE 형태에서는 차이가 링크당 {glue:text}`j28_cnt_rodrigues_poe`번이다. $z\cdot p$ 야코비안만은 관절 종류와 상관없이 같은
#   횟수이다(회전 행렬 $R_x R_z$를 늘 만든다).
#
# 아래 셀은 비교에 쓰는 여섯 함수를 규칙 `"all"`로 다시 센다. 사슬을 만드는 방법과 $n$의 값은
# 위 표와 같다(회전 관절만).

# %%
rng_all = np.random.default_rng(ch28.SEED)
all_names = ["forward_kinematics", "space_jacobian", "body_jacobian", "geometric_jacobian_mdh",
             "link_velocities", "link_twists"]
all_counts = {k: [] for k in all_names}
for n_links in ns.tolist():
    chain_n = models.random_chain(n_links, rng_all, prismatic=0.0)
    q_n = rng_all.standard_normal(n_links)
    mdh_n = rng_all.uniform(-0.5, 0.5, (n_links, 4))  # 수정 DH 표 (값은 횟수를 바꾸지 않는다)
    for k in all_names:
        if k == "geometric_jacobian_mdh":
            call_args = (mdh_n, q_n, ["R"] * n_links)
        elif k in ("link_velocities", "link_twists"):
            call_args = (chain_n, q_n, q_n)
        else:
            call_args = (chain_n, q_n)
        fn = getattr(cd, k, None) or getattr(jacobian, k, None) or getattr(classic, k)
        all_counts[k].append(opcount.count(fn, *call_args, rule="all"))
per_link_all = {k: per_link_and_fixed(all_counts[k], (k, "all")) for k in all_names}
assert max(linear_misfit.values()) == 0, linear_misfit
for k in all_names:
    assert per_link_all[k][0] >= per_link[k, "R"][0]  # "all"은 "products"보다 적을 수 없다
    glue(f"j28_all_{k}", per_link_all[k][0], display=False)
a_js, a_jb, a_zp, a_fk, a_lv = (per_link_all[k][0] for k in (
    "space_jacobian", "body_jacobian", "geometric_jacobian_mdh", "forward_kinematics",
    "link_velocities"))
glue("j28_all_ratio", fixed(a_js / a_zp, 1), display=False)
glue("j28_all_ad_part", a_js - a_fk, display=False)  # 공간 야코비안에서 순기구학을 뺀 몫
glue("j28_all_zp_elem", a_zp - per_link["geometric_jacobian_mdh", "R"][0], display=False)
claims.claim("j28-all-cheaper", "같은 잣대로 재도 $z\\cdot p$ 공식이 공간 야코비안보다 {glue:text}`j28_all_ratio`배 싸다",
             bool(a_js > a_zp), space_jacobian=a_js, zp=a_zp)
# 수반 행렬의 몫 = [p]R (3×3 행렬 곱, 27번) + 6×6 행렬-벡터 곱(36번); z·p의 원소별 몫 = 외적(6) + d_i 배(3)
claims.claim("j28-all-parts", "수반 행렬의 0인 블록까지 꽉 찬 행렬로 곱한다",
             a_js - a_fk == 3 * 3 * 3 + 6 * 6 and a_zp - per_link["geometric_jacobian_mdh", "R"][0] == 6 + 3,
             ad_part=a_js - a_fk, zp_elementwise=a_zp - per_link["geometric_jacobian_mdh", "R"][0])
claims.claim("j28-all-pose", "DH 표는 네 매개변수로 상대 자세를 바로 채우므로 이 몫이 작다",
             bool(a_zp < a_fk), zp=a_zp, forward_kinematics=a_fk)
# 링크 속도 전파와 J_b q̇ (물체 야코비안을 만든 뒤 6×n 행렬-벡터 곱 6n번)
glue("j28_all_jbqd", a_jb + 6, display=False)
claims.claim("j28-all-velocity", "모든 링크의 속도를 전파하는 쪽이 말단 하나의 $J_b\\dot q$보다 적게 곱한다",
             all(a_lv * n < a_jb * n + per_link_all["body_jacobian"][1] + 6 * n for n in ns.tolist()),
             link_velocities=per_link_all["link_velocities"], body_jacobian=per_link_all["body_jacobian"])
spread = max(per_link[k, "R"][0] for k in names) / min(per_link[k, "R"][0] for k in names)
glue("j28_cnt_spread", fixed(spread, 1), display=False)
claims.claim("j28-spread", "링크당 횟수는 형태에 따라 몇 배씩 다르다", bool(spread >= 2), spread=spread)
print({k: per_link_all[k] for k in all_names})

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
md_table(
    ["함수", "products: 링크당", "all: 링크당", "all: 고정분"],
    [[f"`{k}`", per_link[k, "R"][0], *per_link_all[k]] for k in all_names],
    "두 규칙으로 센 링크당 곱셈 횟수(회전 관절만 있는 임의 사슬, "
    f"n = {', '.join(map(str, ns))}). 규칙 all은 원소별 곱셈까지 센다.",
    "tab-28-opcount-all", "lrrr",
)

# %% [markdown]
# % claim: j28-all-cheaper
#
# 원소별 곱셈까지 세면({numref}`tab-28-opcount-all`) 회전 관절 하나에 공간 야코비안은
# {glue:text}`j28_all_space_jacobian`번, 물체 야코비안은 {glue:text}`j28_all_body_jacobian`번,
# $z\cdot p$ 야코비안은 {glue:text}`j28_all_geometric_jacobian_mdh`번이다. 같은 잣대로 재도 $z\cdot p$ 공식이 공간 야코비안보다 {glue:text}`j28_all_ratio`배 싸다. 차이는 두 군데에서
# 난다.
#
# % claim: j28-all-parts, j28-all-pose
#
# - **열을 만드는 값.** 공간 야코비안은 순기구학({glue:text}`j28_all_forward_kinematics`번)에
#   더해 링크마다 $6\times 6$ 수반 행렬을 만들고 축 벡터에 곱하는 데
#   {glue:text}`j28_all_ad_part`번을 쓴다. 수반 행렬의 $[p]R$ 블록을 만드는 $3\times3$ 행렬 곱과
#   $6\times6$ 행렬-벡터 곱을 더한 값이다. 행렬-벡터 곱은 수반 행렬의 0인 블록까지 꽉 찬 행렬로 곱한다.
#   $z\cdot p$ 공식이 원소별 곱셈에 쓰는 몫은 링크당 {glue:text}`j28_all_zp_elem`번(외적 하나와
#   오프셋 $d_i$의 스칼라 배)뿐이다.
# - **링크 자세를 갱신하는 값.** `chaindyn`의 순기구학은 홈 자세 $M_{i,i-1}$의 역과 스크루
#   지수(로드리게스 공식)를 링크마다 따로 곱한다. DH 표는 네 매개변수로 상대 자세를 바로 채우므로 이 몫이 작다.
#
# % claim: j28-all-velocity
#
# 속도만 필요할 때의 값도 이 표에서 읽힌다. 링크 속도 전파는 링크마다
# {glue:text}`j28_all_link_velocities`번 곱한다. 물체 야코비안을 만든 뒤 $\dot q$를 곱하면 링크마다
# {glue:text}`j28_all_jbqd`번이 든다. 그래서 모든 링크의 속도를 전파하는 쪽이 말단 하나의 $J_b\dot q$보다 적게 곱한다.
#
# % claim: j28-spread
#
# 그렇다면 이 재귀는 계산량이 "이론적으로 최소"인가? 야코비안의 성분은 $6n$개이므로 어떤 방법도
# $n$에 비례하는 것보다 적게 일할 수는 없다. 그런 뜻으로는 그렇다. 링크당 상수까지 가장 작다는
# 뜻이라면, 그것은 이 책이 따져 보지 않은 물음이다. {numref}`tab-28-opcount`에서 링크당 횟수가
# 가장 많은 함수와 가장 적은 함수는 {glue:text}`j28_cnt_spread`배 차이 난다. 같은 $O(n)$ 안에서도
# 링크당 횟수는 형태에 따라 몇 배씩 다르다.
#
# **기호 야코비안.** 지금까지는 $q$에 숫자를 넣고 야코비안을 숫자로 얻었다. 같은 재귀를 기호 계산
# 프로그램(예: SymPy)에서 돌릴 수도 있다. 관절 변수를 기호로 둔 채 누적 변환을 곱하고 식
# {eq}`eq-28-zp`나 {eq}`eq-28-js`의 열 공식을 적용하면 $J(q)$가 $q$의 닫힌 식으로 나온다. 그
# 수고가 보상받는 경우는 두 가지이다. 하나는 해석이다. $\det J(q)=0$을 풀어 특이 자세의 조건을 식으로
# 적거나 조작성 지표를 $q$의 함수로 다룰 수 있다. 다른 하나는 코드 생성이다. 특정 로봇 하나의
# 식을 정리해 C 코드로 옮기면, 0과 1이 곱해지는 자리와 공통 부분식이 미리 지워져 일반 재귀보다
# 적게 곱하는 함수가 나올 수 있다. 대가는 식의 크기이다. 삼각함수 곱이 링크마다 겹쳐 쌓이므로
# 정리하지 않은 식은 관절 수와 함께 빠르게 커진다. 그래서 중간 단계마다 식을 정리한다.
# $\sin q_i$, $\cos q_i$를 $s_i$, $c_i$ 같은 짧은 이름으로 바꾸고, 삼각 항등식으로 합치고,
# 되풀이되는 부분식을 변수로 빼낸다. 이 책은 기호 야코비안을 만들지 않았고, 그 식의 크기나 생성된
# 코드의 곱셈 횟수·실행 시간도 재지 않았다. 기호식이 관절 수와 함께 커지는 정도는 3.2.6.1절과
# 3.3.5절이 잰다. 기호식에서 생성한 코드의 실행 시간은 3.3.6절이 잰다.
#
# (sec-28-drift)=
# ## 2.8.8 수치 문제: 긴 사슬에서 누적 회전의 직교성 이탈
#
# % no-claim: 실험의 설정을 적은 문단
#
# 회전 행렬을 계속 곱하면 곱할 때마다 반올림 오차가 더해져, 결과가 조금씩 직교 행렬에서 벗어난다.
# 흔히 권하는 처방은 주기적인 재직교화나 사원수 표현이다. 처방을 고르기 전에 실제로 얼마나
# 벗어나는지 재어 보았다. 링크가 {glue:text}`j28_drift_n`개인 임의 사슬 {glue:text}`j28_drift_chains`개를
# 무작위 자세에 놓고, 식 {eq}`eq-28-fk`로 누적한 $R_{0,i}$마다
# $\max|R_{0,i}^{\mathsf T}R_{0,i}-\mathbf 1|$를 구했다.
# 비교를 위해 같은 상대 회전을 단정밀도(float32)로 누적한 경우와, 단정밀도에서 곱할 때마다
# 극분해(SVD)로 재직교화한 경우도 재었다. 위치 오차는 같은 상대 자세를 확장
# 정밀도(`np.longdouble`)로 누적한 값을 기준으로 쟀다.

# %% tags=["hide-input", "nbval-ignore-output"]
drift = ch28.orthonormality_drift()


def growth_exponent(y, start=10):
    """log y = k log i + c를 i >= start에서 최소제곱으로 맞춘 지수 k."""
    i = drift["i"]
    keep = (i >= start) & (y > 0)
    return float(np.polyfit(np.log(i[keep]), np.log(y[keep]), 1)[0])


for n_at in (10, 100, 1000, 2000):
    k = n_at - 1
    glue(f"j28_drift64_{n_at}", sci(drift["float64"][k]), display=False)
    glue(f"j28_drift32_{n_at}", sci(drift["float32"][k]), display=False)
    glue(f"j28_drift32r_{n_at}", sci(drift["float32_reorth"][k]), display=False)
    if drift["position_error"] is not None:
        glue(f"j28_perr_{n_at}", sci(drift["position_error"][k]), display=False)
    print(f"i = {n_at:4d}: float64 {drift['float64'][k]:.1e}, float32 {drift['float32'][k]:.1e}, "
          f"float32+재직교화 {drift['float32_reorth'][k]:.1e}")
worst64 = float(drift["float64"].max())
glue("j28_drift64_max", sci(worst64), display=False)
glue("j28_drift64_rel", sci(drift["relative"]), display=False)
glue("j28_drift64_rel_eps", f"{drift['relative'] / drift['eps64']:.0f}", display=False)
claims.claim("j28-relative-rot", "누적 곱 $R_{0,i}$의 이탈은 이보다 커진다",
             bool(worst64 > 3 * drift["relative"]), relative=drift["relative"], accumulated=worst64)
glue("j28_rot_tol", sci(ROTATION_TOL, 1), display=False)
glue("j28_drift_orders", int(np.floor(np.log10(ROTATION_TOL / worst64))), display=False)
k64, k32 = growth_exponent(drift["float64"]), growth_exponent(drift["float32"])
glue("j28_drift_k64", f"{k64:.2f}", display=False)
glue("j28_drift_k32", f"{k32:.2f}", display=False)
claims.claim("j28-drift-sqrt", "두 정밀도 모두 이탈은 $\\sqrt{i}$에 가깝게 자란다",
             bool(0.35 < k64 < 0.7 and 0.35 < k32 < 0.7), k64=k64, k32=k32)
glue("j28_eps64", sci(drift["eps64"]), display=False)
glue("j28_eps32", sci(drift["eps32"]), display=False)
glue("j28_drift_n", drift["n"], display=False)
glue("j28_drift_chains", drift["chains"], display=False)
glue("j28_reach", float(drift["reach"].max()), display=False)
# 단정밀도: 본문과 재현 표가 같은 값(링크 전체의 최댓값)을 쓴다.
d32_max, d32r_max = sci(drift["float32"].max()), sci(drift["float32_reorth"].max())
glue("j28_drift32_max", d32_max, display=False)
glue("j28_drift32r_max", d32r_max, display=False)
glue("j28_drift32r_eps", f"{drift['float32_reorth'].max() / drift['eps32']:.0f}", display=False)
glue("j28_drift32_100_eps", f"{drift['float32'][99] / drift['eps32']:.0f}", display=False)
glue("j28_drift32_gain", f"{drift['float32'].max() / drift['float32_reorth'].max():.0f}", display=False)
claims.claim("j28-reorth", "곱할 때마다 재직교화하면 같은 최댓값이 {glue:text}`j28_drift32r_max`으로 줄어",
             bool(drift["float32"].max() > 10 * drift["float32_reorth"].max()),
             float32=drift["float32"].max(), reorth=drift["float32_reorth"].max())
claims.claim("j28-reorth-eps", "단정밀도 기계 엡실론 {glue:text}`j28_eps32`의 몇 배 안에 머문다",
             bool(drift["float32_reorth"].max() < 10 * drift["eps32"]),
             reorth=drift["float32_reorth"].max(), eps32=drift["eps32"])
claims.claim("j28-float32-early", "단정밀도 이탈은 링크 100개째에 이미 기계 엡실론의 {glue:text}`j28_drift32_100_eps`배이다",
             bool(drift["float32"][99] > 3 * drift["eps32"]), at_100=drift["float32"][99])
# 위치 오차와 기준선(원점까지 거리 × float64 엡실론)의 비, 상대 오차
if drift["position_error"] is not None:
    line = drift["reach"] * drift["eps64"]
    ratios = {}
    for n_at in (1000, 2000):
        k = n_at - 1
        ratios[n_at] = float(drift["position_error"][k] / line[k])
        glue(f"j28_perr_ratio_{n_at}", ratios[n_at], display=False)
    claims.claim("j28-perr-above", "1000번째에서 {glue:text}`j28_perr_ratio_1000:.0f`배, 2000번째에서 {glue:text}`j28_perr_ratio_2000:.0f`배 크다",
                 all(r > 1 for r in ratios.values()), ratios=ratios)
    kp, kr = growth_exponent(drift["position_error"]), growth_exponent(drift["reach"])
    glue("j28_perr_k", f"{kp:.2f}", display=False)
    glue("j28_reach_k", f"{kr:.2f}", display=False)
    claims.claim("j28-perr-linear", "위치 오차는 $i$에 거의 비례해 자란다",
                 bool(0.8 < kp < 1.2 and kp > k64 + 0.2), position=kp, rotation=k64)
    rel_2000 = float(drift["position_error"][-1] / drift["reach"][-1])
    glue("j28_perr_rel_2000", sci(rel_2000), display=False)
    claims.claim("j28-perr-small", "길이를 다루는 실제 계산에서는 무시할 만하다",
                 bool(rel_2000 < 1e-12), relative_error=rel_2000)
    print("위치 오차 / 기준선: i = 1000에서", f"{drift['position_error'][999] / line[999]:.0f},",
          "i = 2000에서", f"{drift['position_error'][-1] / line[-1]:.0f}")
print("float64 최댓값", f"{worst64:.1e}", "| float32 최댓값", d32_max, "→ 재직교화", d32r_max)

# %% [markdown]
# ```{figure} figures/ch28_drift.png
# :name: fig-28-drift
# :width: 100%
#
# 왼쪽: 누적 회전 $R_{0,i}$의 직교성 이탈을 링크 번호 $i$에 따라 그린 것(사슬 여러 개 중 최댓값,
# 세로축 로그 눈금). 파랑은 배정밀도(`forward_kinematics`), 빨강은 같은 상대 회전을 단정밀도로
# 누적한 것, 주황은 단정밀도에서 곱할 때마다 재직교화한 것이다. 점선은 두 정밀도의 기계 엡실론,
# 회색 파선은 `Chain`이 입력 회전 행렬에 쓰는 허용치이다. 오른쪽: 배정밀도로 누적한 원점 위치
# $p_{0,i}$와 확장 정밀도로 누적한 값의 차이(초록). 일점쇄선은 원점까지의 거리에 배정밀도 기계
# 엡실론을 곱한 값, 곧 위치를 한 번 반올림할 때 생기는 오차의 크기이다.
# ```
#
# 측정 결과는 다음과 같다({numref}`fig-28-drift`, 링크 {glue:text}`j28_drift_n`개짜리 사슬
# {glue:text}`j28_drift_chains`개).
#
# % claim: j28-drift-sqrt
#
# - 배정밀도에서 $\max|R_{0,i}^{\mathsf T}R_{0,i}-\mathbf 1|$는 링크 10개째에 {glue:text}`j28_drift64_10`,
#   1000개째에 {glue:text}`j28_drift64_1000`, 2000개째에 {glue:text}`j28_drift64_2000`이었다(기계 엡실론
#   {glue:text}`j28_eps64`). 전체 최댓값 {glue:text}`j28_drift64_max`은 `Chain`의 회전 검사 허용치
#   {glue:text}`j28_rot_tol`보다 {glue:text}`j28_drift_orders`자리 이상 작다.
# - 이탈이 자라는 빠르기는 $i \ge 10$에서 $\log$ 이탈을 $\log i$의 일차식으로 맞춰 읽었다. 맞춘 지수는
#   배정밀도에서 {glue:text}`j28_drift_k64`, 단정밀도에서 {glue:text}`j28_drift_k32`이다. 곧 두 정밀도 모두 이탈은 $\sqrt{i}$에 가깝게 자란다. 곱마다 생기는 반올림 오차의 부호가 제각각이면 오차는
#   무작위 걸음처럼 쌓이고, 그 크기는 곱의 횟수의 제곱근에 비례한다. 측정된 지수는 이 설명과 맞는다.
#
# % claim: j28-perr-above, j28-perr-linear, j28-perr-small
#
# - 원점 위치의 오차는 1000번째 링크에서 {glue:text}`j28_perr_1000` m, 2000번째에서
#   {glue:text}`j28_perr_2000` m였다. 그림 오른쪽의 일점쇄선과 견주면 1000번째에서 {glue:text}`j28_perr_ratio_1000:.0f`배, 2000번째에서 {glue:text}`j28_perr_ratio_2000:.0f`배 크다.
#   같은 방법으로 맞춘 지수는 위치 오차가 {glue:text}`j28_perr_k`, 원점까지의 거리가
#   {glue:text}`j28_reach_k`이다. 위치 오차는 $i$에 거의 비례해 자란다. 회전 이탈보다 빠른 까닭은
#   $p_{0,i}$가 앞선 모든 링크의 누적 회전을 거쳐 더해지기 때문으로 보인다. 이 설명은 따로 재지
#   않았다. 그래도 거리로 나눈 상대 오차는 2000번째에서 {glue:text}`j28_perr_rel_2000`이다(원점들은
#   기저에서 최대 {glue:text}`j28_reach:.0f` m까지 떨어진다). 길이를 다루는 실제 계산에서는 무시할 만하다.
#
# % claim: j28-reorth, j28-reorth-eps
#
# - 같은 상대 회전을 단정밀도로 누적하면 이탈이 링크 전체의 최댓값으로
#   {glue:text}`j28_drift32_max`까지 커진다(1000번째 링크에서 {glue:text}`j28_drift32_1000`).
#   곱할 때마다 재직교화하면 같은 최댓값이 {glue:text}`j28_drift32r_max`으로 줄어 {glue:text}`j28_drift32_gain`분의 1이 된다(1000번째
#   링크에서 {glue:text}`j28_drift32r_1000`). 이 값은 단정밀도 기계 엡실론 {glue:text}`j28_eps32`의 몇 배 안에 머문다(엡실론의 {glue:text}`j28_drift32r_eps`배).
#
# **재직교화는 언제 필요한가.** `chaindyn`의 재귀는 링크마다 상대 회전을 지수 공식으로 새로
# 계산하고, 누적은 곱으로만 한다. 그래서 회전 오차가 쌓이는 곳은 누적 곱 하나이다. 위 측정대로
# 배정밀도에서는 천 개가 넘는 링크에서도 이 오차를 무시할 수 있다. RNEA(3.2장)는 $T_{0,i}$를
# 누적하지 않는다. 이웃 링크 사이의 상대 변환 $T_{i,i-1}$만 쓰므로 누적된 회전 행렬이 없고, 트위스트와
# 렌치가 링크마다 한 번씩 좌표를 바꿀 뿐이다. 그 벡터들에도 반올림이 링크마다 더해지지만 이 장은
# 그것을 따로 재지 않았다. 재직교화가 의미를 갖는 경우는 다음과 같다.
#
# % claim: j28-float32-early
#
# 1. 단정밀도나 고정소수점으로 계산하는 임베디드 제어기와 GPU 일괄 계산. 위 측정에서 단정밀도 이탈은 링크 100개째에 이미 기계 엡실론의 {glue:text}`j28_drift32_100_eps`배이다.
# 2. 자세를 매 제어 주기마다 작은 회전을 곱해 갱신하는 적분(관성 항법, 시뮬레이터의 상태 적분).
#    곱의 횟수가 시간에 따라 끝없이 늘어난다. 이 경우는 이 장에서 재지 않았다.
# 3. 회전 행렬을 받아 직교성을 검사하는 코드에 누적 결과를 넘길 때. 허용치가 오차보다 충분히 큰지
#    확인해야 한다.
#
# 수치 구현에서 흔히 꼽는 다른 주의점 가운데 DH 규약의 일관성은 2.8.5절과 2.8.6절에서 다루었다.
# 중간 변환을 버려 메모리를 아끼는 구현과 링크별 병렬화의 이득은 이 책에서 재지 않았다.
#
# (sec-28-jdot)=
# ## 2.8.9 야코비안의 시간 미분과 두 가지 가속도
#
# 말단 트위스트를 시간으로 미분하면 $\dot V = J\ddot q + \dot J\dot q$이다. 작업 공간에서 말단의
# 가속도를 지정하는 제어(작업 공간의 계산 토크 제어 등)는 관절 가속도가 0일 때의 몫 $\dot J\dot q$를
# 매 주기 필요로 한다. $\dot J$도 같은
# 재귀로 얻는다.
#
# **공간 야코비안의 미분.** 자세 $T$의 공간 트위스트가 $V$일 때
# $\tfrac{d}{dt}\mathrm{Ad}_T = \mathrm{ad}_V\,\mathrm{Ad}_T$이다. 이 식을 식 {eq}`eq-28-js`의 열
# $J_{s,i}=\mathrm{Ad}_{T_{0,i}}A_i$에 적용한다. $T_{0,i}$의 공간 트위스트는 관절 $1..i$의 몫을
# 더한 $V_{s,i}=\sum_{j\le i}J_{s,j}\dot q_j$이고, $\mathrm{ad}_{J_{s,i}}J_{s,i}=0$이다. 따라서
#
# $$
# \dot J_{s,i} = \mathrm{ad}_{V_{s,i-1}}\, J_{s,i},
# \qquad V_{s,i} = V_{s,i-1} + J_{s,i}\,\dot q_i,\quad V_{s,0}=0
# $$ (eq-28-jsdot)
#
# 이다. 링크 $i-1$까지의 공간 트위스트를 넘겨받아 열 하나를 만들고, 자기 몫을 더해 다음 링크로
# 넘기는 전방 재귀이다. 첫 열은 상수이다.
#
# **물체 야코비안의 미분.** $T_{n,i}$는 관절 $i+1..n$이 움직일 때만 변하고, 그 공간 트위스트는
# $-W_i$, $W_i=\sum_{j>i}J_{b,j}\dot q_j$(링크 $i$에 대한 말단의 상대 트위스트, $\{n\}$에서
# 표현)이다. 따라서
#
# $$
# \dot J_{b,i} = -\mathrm{ad}_{W_i}\,J_{b,i} = \mathrm{ad}_{J_{b,i}}\,W_i,
# \qquad W_{i-1} = W_i + J_{b,i}\,\dot q_i,\quad W_n = 0
# $$ (eq-28-jbdot)
#
# 이다. 이번에는 말단에서 출발하는 후방 재귀이고 마지막 열이 상수이다. 두 식은
# `chaindyn.jacobian.space_jacobian_dot`과 `chaindyn.jacobian.body_jacobian_dot`이 계산한다.
# `chaindyn.jacobian.jdot_qd`는 그 곱 $\dot J\dot q$를 돌려준다.
#
# % claim: j28-jdot-fd
#
# 대조 셀은 이 미분들을 $J(q\pm h\dot q)$의 중심 차분과 비교했다. 최대 차이는 {glue:text}`j28_chk_jdot_fd`으로, 한계 {glue:text}`j28_bound_jdot_fd` 안에 있다.
#
# **공간 가속도와 고전 가속도.** $\dot V$의 선속도 부분은 어떤 물질점의 가속도도 아니다. 트위스트의
# $v$가 "지금 기준점을 지나는 점"의 속도이므로, 그 미분에는 기준점을 지나가는 점이 바뀌는 효과가
# 섞인다. 말단에 붙은 점 $p$(기저 좌표로 $p_0$)의 속도를 $\dot p_0$, 말단의 각속도를 $\omega$라
# 하면
#
# $$
# \begin{aligned}
# \underbrace{\ddot p_0}_{\text{고전 가속도}}
# &= \underbrace{\dot v_{\text{ref}=p}}_{\text{공간 가속도의 선형 부분}} + \ \omega\times\dot p_0 \\
# \dot v_{\text{ref}=p} &= \dot v_s + \dot\omega\times p_0
# \end{aligned}
# $$ (eq-28-classical)
#
# 이다. 첫 줄은 RBDA 2.11절의 식 (2.47)–(2.49)(29–30쪽)에서 기준점을 $p$로 둔 것이다
# {cite:p}`featherstone2008rigid`. 말단 궤적의 2차 미분은 고전 가속도이다. 가속도계가 재는
# 값도 고전 가속도에서 중력 가속도를 뺀 것이다. 그러면 $J\ddot q+\dot J\dot q$는 어느 쪽인가? 어떤 야코비안을 썼느냐에
# 따라 답이 다르다. 갈림길은 $J\dot q$가 트위스트인지, 기저 축으로 적은 점의 속도 그 자체인지이다.
#
# - **공간 야코비안** $J_s$와 식 {eq}`eq-28-jsdot`의 $\dot J_s$: 결과는 기준점이 기저 원점인
#   트위스트의 미분 $\dot V_s=(\dot\omega, \dot v_s)$이다. 점 $p$의 고전 가속도가 되려면 기준점을
#   옮기는 $\dot\omega\times p_0$ 항과 $\omega\times\dot p_0$ 항을 둘 다 더해야 한다.
# - **물체 야코비안** $J_b$와 식 {eq}`eq-28-jbdot`의 $\dot J_b$: 결과의 선형 부분은 $\{n\}$ 원점의
#   속도를 $\{n\}$의 축으로 적은 $v_b$를 성분마다 미분한 $\dot v_b$이다. 그 축이 말단과 함께 돌고
#   있으므로 같은 점의 고전 가속도를 $\{n\}$의 축으로 적으면 $\dot v_b+\omega_b\times v_b$이다.
#   빠진 것은 $\omega\times\dot p_0$ 항($\{n\}$의 축으로 적은 것)이다.
# - **기저 축의 점 야코비안** $J_p^{\{0\}}$(2.8.4절, Pinocchio의 `LOCAL_WORLD_ALIGNED`):
#   $J_p^{\{0\}}\dot q=(\omega, \dot p_0)$가 점의 속도 그 자체이므로, 이 행렬을 시간으로 그대로
#   미분한 $\dot J_p$로 만든 $J_p\ddot q+\dot J_p\dot q$는 고전 가속도 $(\dot\omega, \ddot p_0)$와
#   정확히 같다. $J_p^{\{0\}}=\mathrm{Ad}_{(\mathbf 1,-p_0)}J_s$를 미분해 보면, 기준점 $p_0$가 움직이는
#   데서 생기는 항 $(0, \omega\times\dot p_0)$가 $\dot J_p\dot q$ 안에 저절로 들어 있다.
#
# % claim: j28-classical-fd
#
# 대조 셀의 `classical_fd`는 이것을 수치로 본 것이다. 점 속도 $J_p\dot q$를 시간으로 중심 차분한
# 값을 `point_acceleration`의 고전 가속도와 견주었다. 최대 차이는 {glue:text}`j28_chk_classical_fd` m/s²이고, 한계 {glue:text}`j28_bound_classical_fd` m/s² 안에 있다.
#
# 따라서 "$J\ddot q+\dot J\dot q$에는 $\omega\times\dot p_0$ 항이 빠져 있다"는 말은 $J_s$, $J_b$와
# 식 {eq}`eq-28-jsdot`, {eq}`eq-28-jbdot`의 $\dot J$에 대해서만 맞고, $J_s$의 경우에는
# $\dot\omega\times p_0$ 항까지 빠져 있다. 라이브러리를 쓰다가 이 구별에서 헷갈린 보고도 있다. 예를 들어
# Pinocchio 저장소의 이슈 #2141(stack-of-tasks/pinocchio)은 `getFrameJacobianTimeVariation`으로 만든
# $\dot J\dot q$가 `getFrameClassicalAcceleration`의 값과 다르다는 보고이다. 이 책이 쓴 판에서 두
# 값을 견준 결과는 2.8.10절에 있다. `chaindyn.jacobian.jdot_qd`는 앞의 두 경우의 $\dot J\dot q$를
# 돌려준다. `chaindyn.jacobian.point_acceleration`은 점의 두 가속도를 이름으로 구별해 돌려준다.
# `kind="classical"`은 $(\dot\omega, \ddot p_0)$이고 Pinocchio의 `getFrameClassicalAcceleration`에
# 대응한다. `kind="spatial"`은 $(\dot\omega, \dot v_{\text{ref}=p})$이고 `getFrameAcceleration`에
# 대응한다.
#
# 다음 사례는 다른 버그 보고에서 왔다. 평면 2R 팔 P2(2.8.5절)의 도구 점, 곧 $\{2\}$에서
# ({glue:text}`j28_tp_tool`) m인 점의 두 가속도를 그 보고가 이 코드와 독립적으로 계산해 두었다. P2에
# 적힌 관성 값은 물리적으로 불가능하지만(3.2.10.6절) 이 사례는 기구학만 쓴다. 그래서 아래 셀은 같은
# 길이의 팔에 물리적인 관성을 붙여 계산한다.

# %% tags=["hide-input"]
tp = ch28.tool_point_accelerations()
q5, qd5, _ = ch28.VERTICAL_2R_STATE
for key in ("omega", "v", "classical", "spatial", "omega_x_v"):
    for j, axis in enumerate("xyz"):
        glue(f"j28_tp_{key}_{axis}", float(fixed(tp[key][j], 6)) + 0.0, display=False)
for key, value in zip(("q1", "q2", "qd1", "qd2"), (*q5, *qd5)):
    glue(f"j28_tp_{key}", float(value), display=False)
glue("j28_tp_tool", ", ".join(f"{x:.1f}" for x in fixed(ch28.VERTICAL_2R_TOOL, 1) + 0.0),
     display=False)
# 보고된 값은 소수 여섯째 자리까지이므로, 반올림 반 단위(5×10⁻⁷) 안이면 여섯 자리가 같다.
claims.within("j28-tp-report", "여섯 자리까지 버그 보고의 값과 같다", tp["max_error"], 5e-7)
tp_gap = float(np.abs(tp["classical"] - tp["spatial"] - tp["omega_x_v"]).max())
claims.within("j28-tp-exact", "둘의 차이가 반올림 수준에서 $\\omega\\times v$와 같다", tp_gap, ch28.ROUNDOFF_BOUND)
tp_ratio = float(np.linalg.norm(tp["classical"]) / np.linalg.norm(tp["spatial"]))
glue("j28_tp_ratio", fixed(tp_ratio, 2), display=False)
claims.claim("j28-tp-ratio", "두 가속도의 크기가 두 배 넘게 다르다", bool(tp_ratio > 2),
             classical_over_spatial=tp_ratio)


def six(x):
    return "(" + ", ".join(f"{v + 0.0:.6f}" for v in fixed(x, 6)) + ")"


print("도구 점 속도 v          ", six(tp["v"]), " ω", six(tp["omega"]))
print("고전 가속도             ", six(tp["classical"]))
print("공간 가속도 (선형 부분) ", six(tp["spatial"]))
print("차이 = ω × v            ", six(tp["omega_x_v"]))
print("버그 보고의 고전 가속도  ", six(tp["expected"]["classical"]))
print("버그 보고의 공간 가속도  ", six(tp["expected"]["spatial"]))
print("버그 보고의 값과의 최대 차이 (소수 여섯째 자리 반올림 안):", tp["max_error"] < 5e-7)

# %% [markdown]
# % claim: j28-tp-report, j28-tp-exact, j28-tp-ratio
#
# 상태 $q$ = ({glue:text}`j28_tp_q1:.1f`, {glue:text}`j28_tp_q2:.1f`) rad,
# $\dot q$ = ({glue:text}`j28_tp_qd1:.1f`, {glue:text}`j28_tp_qd2:.1f`) rad/s, $\ddot q=0$에서
# 도구 점의 속도는 ({glue:text}`j28_tp_v_x:.6f`, {glue:text}`j28_tp_v_y:.6f`,
# {glue:text}`j28_tp_v_z:.1f`) m/s, 각속도의 $z$ 성분은 {glue:text}`j28_tp_omega_z:.1f` rad/s이다.
# 고전 가속도는 ({glue:text}`j28_tp_classical_x:.6f`, {glue:text}`j28_tp_classical_y:.6f`,
# {glue:text}`j28_tp_classical_z:.1f`) m/s², 공간 가속도의 선형 부분은
# ({glue:text}`j28_tp_spatial_x:.6f`, {glue:text}`j28_tp_spatial_y:.6f`,
# {glue:text}`j28_tp_spatial_z:.1f`) m/s²이다. 둘의 차이가 반올림 수준에서 $\omega\times v$와 같다. 그 값은
# ({glue:text}`j28_tp_omega_x_v_x:.6f`, {glue:text}`j28_tp_omega_x_v_y:.6f`,
# {glue:text}`j28_tp_omega_x_v_z:.1f`) m/s²이다. 두 가속도는 여섯 자리까지 버그 보고의 값과 같다.
# 고전 가속도의 크기는 공간 가속도의 {glue:text}`j28_tp_ratio:.2f`배이다. 두 가속도의 크기가 두 배 넘게 다르다. 어느 쪽을 받았는지 모르고 쓰면 작은 오차로 끝나지 않는다.
#
# (sec-28-pinocchio)=
# ## 2.8.10 Pinocchio와의 대조
#
# % no-claim: 대조 실험의 설정을 적은 문단
#
# 독립적인 구현으로 Pinocchio를 썼다. 모델은 `chaindyn.interop.to_pinocchio`로 만들고(프레임
# `link1`…`linkn`이 이 책의 $\{i\}$이다), 야코비안은 `computeJointJacobians` 뒤에
# `getFrameJacobian`으로 세 기준 좌표계에서 읽었다. Pinocchio의 공간 벡터는 (선형, 각) 순서이므로
# `swap_halves`로 맞추었다. 기준 좌표계의 대응은 다음과 같다: `LOCAL`은 물체 야코비안,
# `WORLD`는 공간 야코비안, `LOCAL_WORLD_ALIGNED`는 기준점이 링크 원점이고 축이 기저 축인 점
# 야코비안이다. 대조 대상은 2.8.1절의 사슬 {glue:text}`j28_chk_chains`개이고, 사슬마다 상태
# {glue:text}`j28_pin_states`개를 무작위로 골랐다. 야코비안은 모든 링크 프레임에서 비교했다. 그
# 시간 미분(`getFrameJacobianTimeVariation`)과 가속도는 말단 프레임에서 비교했다.
# `LOCAL_WORLD_ALIGNED`의 시간 미분은 $\ddot q=0$에서 $\dot q$와 곱한 값을 고전 가속도와 견주었다.

# %% mystnb={"markdown_format": "myst"} tags=["hide-input", "nbval-ignore-output"]
agreement = ch28.pinocchio_agreement()
worst_pin = max(row["max_rel"] for row in agreement)
glue("j28_pin_worst", sci(worst_pin), display=False)
glue("j28_pin_bound", sci(ch28.ROUNDOFF_BOUND, 1), display=False)
glue("j28_pin_version", agreement[0]["version"], display=False)
glue("j28_pin_states",
     inspect.signature(ch28.pinocchio_agreement).parameters["states"].default, display=False)
claims.within("j28-pin", "모든 항목의 상대 차이가 반올림 수준의 한계 {glue:text}`j28_pin_bound` 안에 있다",
              worst_pin, ch28.ROUNDOFF_BOUND)
lwa = next(r["max_rel"] for r in agreement if r["quantity"] == "Jdot qd")
glue("j28_pin_lwa", sci(lwa), display=False)
claims.within("j28-pin-lwa", "상대 차이 {glue:text}`j28_pin_lwa`으로 같았다",
              lwa, ch28.ROUNDOFF_BOUND)
kinds = {"a (classical)": " (classical)", "a (spatial)": " (spatial)",
         "Jdot qd": " (classical, q̈ = 0)"}  # point_acceleration의 kind
md_table(
    ["Pinocchio 함수, 기준 좌표계", "chaindyn 함수", "상대 차이"],
    [[f"`{r['pinocchio'].split(' + ')[-1]}`, `{r['frame']}`",
      f"`{r['chaindyn']}`{kinds.get(r['quantity'], '')}", sci(r["max_rel"])] for r in agreement],
    "Pinocchio와의 최대 상대 차이 (차이를 max(1, Pinocchio 값의 최대 크기)로 나눈 값). "
    "getFrameJacobian은 computeJointJacobians 다음에 불렀다. "
    "반올림 수준이라 기계마다 숫자가 다르다.",
    "tab-28-pinocchio", "llr",
)

# %% [markdown]
# % claim: j28-pin, j28-pin-lwa
#
# {numref}`tab-28-pinocchio`의 모든 항목의 상대 차이가 반올림 수준의 한계 {glue:text}`j28_pin_bound` 안에 있다(가장 큰 값
# {glue:text}`j28_pin_worst`, Pinocchio {glue:text}`j28_pin_version`). 특히 `LOCAL_WORLD_ALIGNED`의
# 가속도는 주의해야 한다. 이 좌표계의 속도 $(\omega, \dot p_0)$를 시간으로 미분하면 고전 가속도가
# 나온다. 그런데 Pinocchio의 `getFrameAcceleration`이 이 좌표계로 돌려주는 값은 공간 가속도이다.
# 기준점을 프레임 원점으로 옮긴 공간 가속도를 기저 축으로 적은 것이다. 2.8.9절 버그 보고의 "공간
# 가속도(기저 축 정렬)"가 바로 이 값이다. 2.8.9절에서 말한 이슈 #2141의 곱 $\dot J\dot q$도 이 표에
# 들어 있다. 이 책이 쓴 판에서는 이 곱이 고전 가속도(위 표의 `getFrameClassicalAcceleration`과 같은 값)와 상대 차이 {glue:text}`j28_pin_lwa`으로 같았다. 판이 다르면 결과가 다를 수 있다.
#
# (sec-28-timing)=
# ## 2.8.11 "6관절에 수 마이크로초"를 재어 보기
#
# 재귀 야코비안은 6자유도 팔에서 수 마이크로초면 계산된다는 말이 있다(2.8.12절의 표에 모은 주장
# 가운데 하나이다). 이런 시간은 구현에 따라 전혀 다른 값이 나온다. 그래서 가정하지 않고 이 페이지를
# 빌드할 때 예제 6R 팔에서 직접 잰다. 아래 셀은 `chaindyn` 함수들과 Pinocchio의
# `computeJointJacobians`를 같은 셀에서 잰다.
#
# % no-claim: 통계의 정의와 측정 방법
#
# **어떤 통계를 적는가.** `ch28.timings`는 `timeit.repeat`로 같은 호출을 여러 번 묶어 한 번의 평균
# 시간을 잰다. 이것을 {glue:text}`j28_t_repeat`번 되풀이해 가장 짧은 값을 적는다(best of
# {glue:text}`j28_t_repeat`). 최솟값은 다른 작업의 방해를 가장 덜 받은 측정을 고르므로 같은
# 측정의 중앙값보다 작거나 같다. 부록 B({doc}`appendix_performance`)는 호출 묶음(블록)마다 잰
# 시간의 **중앙값**을 적고, 가비지 컬렉터를 끈 채 미리 기록해 둔 값이다. 그러므로 이 절의 숫자와
# 부록 B의 숫자는 같은 함수라도 그대로 견줄 수 없다. 실행 시간은 기계와 부하에 따라 달라진다. 아래
# 값은 이 페이지를 빌드한 기계에서 한 번 잰 것이다.

# %% tags=["hide-input", "nbval-ignore-output"]
times = ch28.timings()
glue("j28_t_repeat", inspect.signature(ch28.timings).parameters["repeat"].default, display=False)
for key in ("body_jacobian", "space_jacobian", "geometric_jacobian_mdh", "link_velocities",
            "space_jacobian_dot", "pin_computeJointJacobians", "pin_getFrameJacobian"):
    if key in times:
        glue(f"j28_t_{key}", float(times[key]), display=False)
        print(f"{key:>27}: {times[key]:9.2f} μs")
glue("j28_machine", times["machine"], display=False)
t_pin = times.get("pin_getFrameJacobian", np.inf)
FEW_US = 10.0  # "수 마이크로초"로 읽는 상한, μs
glue("j28_claim_pin", claims.choose(bool(t_pin < FEW_US), " 안에 든다", "를 넘는다"), display=False)
ratio = times["body_jacobian"] / times.get("pin_computeJointJacobians", np.nan)
glue("j28_t_ratio", float(ratio) if ratio >= 1 else float(1 / ratio), display=False)
glue("j28_t_slower", claims.choose(bool(ratio >= 1), "느렸다", "빨랐다"), display=False)
glue("j28_flops_body", per_link["body_jacobian", "R"][0] * 6 + per_link["body_jacobian", "R"][1],
     display=False)
batch_gain = times["body_jacobian"] / times["body_jacobian_batch"]
glue("j28_t_batch_n", times["batch"], display=False)
glue("j28_t_body_jacobian_batch", float(times["body_jacobian_batch"]), display=False)
glue("j28_t_batch_gain", float(batch_gain), display=False)
claims.claim("j28-t-overhead", "한 번 호출의 시간은 대부분 산술이 아닌 고정 비용이다",
             bool(batch_gain > 10), single_us=times["body_jacobian"],
             batch_per_state_us=times["body_jacobian_batch"])
print(f"body_jacobian, 상태 {times['batch']}개를 한 번에: 상태 하나당 "
      f"{times['body_jacobian_batch']:.2f} μs")
print("기계:", times["machine"], "| Pinocchio", times["pinocchio"])

# %% [markdown]
# % no-claim: 방향을 말하는 단어(느렸다/빨랐다, 안에 든다/넘는다)는 claims.choose가 데이터에서 고른다
#
# 이 페이지를 빌드한 기계({glue:text}`j28_machine`)에서 잰 값은 다음과 같다. Pinocchio의
# `computeJointJacobians`는 호출당 {glue:text}`j28_t_pin_computeJointJacobians:.2f` μs,
# 말단 프레임의 야코비안까지 읽으면 {glue:text}`j28_t_pin_getFrameJacobian:.2f` μs였다. 이
# 기계에서 컴파일된 구현은 "수 마이크로초"{glue:text}`j28_claim_pin`. 반면
# `chaindyn.body_jacobian`은 {glue:text}`j28_t_body_jacobian:.0f` μs, `space_jacobian`은
# {glue:text}`j28_t_space_jacobian:.0f` μs, $z\cdot p$ 야코비안은
# {glue:text}`j28_t_geometric_jacobian_mdh:.0f` μs였다. 물체 야코비안은 Pinocchio의
# `computeJointJacobians`보다 {glue:text}`j28_t_ratio:.0f`배쯤 {glue:text}`j28_t_slower`.
#
# % claim: j28-t-overhead
#
# 이 차이는 계산량 때문이 아니다. 물체 야코비안 한 번의 곱셈은 {glue:text}`j28_flops_body`번뿐이다(규칙 products).
# 같은 함수에 상태 {glue:text}`j28_t_batch_n`개를 한 번에 넘기면 상태 하나당
# {glue:text}`j28_t_body_jacobian_batch:.1f` μs가 든다. 한 번 호출의 {glue:text}`j28_t_batch_gain:.0f`분의
# 1이다. 그러므로 한 번 호출의 시간은 대부분 산술이 아닌 고정 비용이다. 작은 배열마다 numpy 함수를
# 부르는 파이썬 쪽 부담이 그 고정 비용으로 보인다. `chaindyn`은 식을 읽기 쉽게 옮기고 검증하려고
# 만든 패키지이다. 제어 주기 안에서 부를 코드라면 컴파일된 라이브러리를 쓰는 편이 낫다. 여러 상태를
# 다룬다면 한 번에 넘겨(모든 함수가 앞쪽 축으로 일괄 계산을 받는다) 파이썬 부담을 나눌 수 있다.
#
# (sec-28-links)=
# ## 2.8.12 3.2장과의 연결
#
# 이 장의 두 결과는 3.2장 RNEA({doc}`ch3_2_rnea`)에서 그대로 쓰인다.
#
# - 식 {eq}`eq-28-twist`의 속도 전파는 RNEA 전방 순환의 속도 절반이다. RNEA는 여기에 같은 꼴의
#   가속도 전파를 붙인다. 가속도 식에 붙는 $\mathrm{ad}_{V_i}A_i\dot q_i$ 항은 식
#   {eq}`eq-28-jsdot`의 $\mathrm{ad}$ 항과 같은 뿌리를 가진다. 움직이는 좌표계에서 고정된 축을
#   미분하면 생기는 항이다.
# - 식 {eq}`eq-28-jb`의 물체 야코비안은 말단 렌치가 관절 토크에 더하는 항
#   $J_b^{\mathsf T}F_{\mathrm{tip}}$을 만든다. RNEA는 이 행렬을 만들지 않고, 후방 순환의
#   시작값을 $F_{\mathrm{tip}}$으로 두어 같은 값을 얻는다.
#
# 이 장이 출발한 원고의 주장과 이 장의 확인 결과를 나란히 놓은 표는
# {doc}`부록 C <appendix_reproduction>`의 C.1절에 있다.

# %% [markdown]
# (sec-28-checkpoints)=
# ## 2.8.13 체크포인트
#
# 아래 세 문항은 이 장의 함수를 직접 불러 보며 푸는 연습 문제이다. 풀이는 접혀 있고 누르면 열린다. 앞의
# 두 문항의 풀이에는 답을 숫자로 확인하는 코드 셀이 들어 있다.
#
# :::{exercise} 말단 렌치의 토크를 공간 야코비안으로
# :label: ex-28-cp1
#
# 말단이 환경에 가하는 렌치 $F_{\mathrm{tip}}$을 $\{n\}$에서 적으면 관절 토크에 더해지는 항은
# $J_b^{\mathsf T}F_{\mathrm{tip}}$이다. 같은 렌치를 기저 $\{0\}$의 성분(모멘트는 $\{0\}$의 원점에 대한
# 것)으로 적은 $F_s$를 쓰면 같은 토크가 $J_s^{\mathsf T}F_s$로 나온다. $F_s$를 $F_{\mathrm{tip}}$과
# $T_{0,n}$으로 적고, 두 토크가 같은 이유를 일률로 설명하라.
# :::
#
# :::{solution-start} ex-28-cp1
# :label: sol-28-cp1
# :class: dropdown
# :::
#
# 렌치와 트위스트의 곱은 일률이고 일률은 좌표계와 상관없다. 말단의 트위스트를 $\{n\}$에서 적은 것이
# $V_b$, $\{0\}$에서 적은 것이 $V_s = \mathrm{Ad}_{T_{0,n}}V_b$이므로
# $F_{\mathrm{tip}}^{\mathsf T}V_b = F_s^{\mathsf T}V_s = F_s^{\mathsf T}\mathrm{Ad}_{T_{0,n}}V_b$가 모든
# $V_b$에서 성립해야 한다. 따라서 $F_{\mathrm{tip}} = \mathrm{Ad}_{T_{0,n}}^{\mathsf T}F_s$, 곧
# $F_s = \mathrm{Ad}_{T_{0,n}}^{-\mathsf T}F_{\mathrm{tip}} = \mathrm{Ad}_{T_{n,0}}^{\mathsf T}F_{\mathrm{tip}}$이다.
# 여기에 $J_s = \mathrm{Ad}_{T_{0,n}}J_b$를 넣으면
# $J_s^{\mathsf T}F_s = J_b^{\mathsf T}\mathrm{Ad}_{T_{0,n}}^{\mathsf T}F_s = J_b^{\mathsf T}F_{\mathrm{tip}}$이다.
# 관절 $i$의 토크는 "관절 $i$만 단위 속도로 움직일 때 그 렌치가 하는 일률"이므로 어느 좌표계에서
# 계산해도 같아야 한다는 것과 같은 말이다.
#
# 아래 셀은 예제 팔의 목표 자세와 무작위 렌치로 두 값을 비교한다.

# %% tags=["nbval-ignore-output"]
from chaindyn.kinematics import body_jacobian, forward_kinematics, space_jacobian  # noqa: E402
from chaindyn.spatial import Ad  # noqa: E402

rng_cp = np.random.default_rng(28)
F_tip = rng_cp.normal(0.0, 10.0, 6)  # {n}에서 적은 (모멘트 N·m, 힘 N)
T_0n = forward_kinematics(arm, q_arm)[-1]
F_s = np.linalg.solve(Ad(T_0n).T, F_tip)  # Ad_{T_0n}^T F_s = F_tip
tau_b = body_jacobian(arm, q_arm).T @ F_tip
tau_s = space_jacobian(arm, q_arm).T @ F_s
cp1_err = float(np.abs(tau_b - tau_s).max())
CP1_BOUND = 1e-12  # N·m
claims.within("j28-cp1", "두 토크의 차이는 {glue:text}`j28_cp1_err` N·m로, 반올림 수준의 한계 {glue:text}`j28_cp1_bound` N·m 안에 있다",
              cp1_err, CP1_BOUND)
glue("j28_cp1_err", sci(cp1_err), display=False)
glue("j28_cp1_bound", sci(CP1_BOUND, 1), display=False)
print("J_b^T F_tip =", r4(tau_b), "N·m")
print(f"max |J_b^T F_tip - J_s^T F_s| = {cp1_err:.1e} N·m")

# %% [markdown]
# % claim: j28-cp1
#
# 두 토크의 차이는 {glue:text}`j28_cp1_err` N·m로, 반올림 수준의 한계 {glue:text}`j28_cp1_bound` N·m 안에 있다. 실제 계산에서 $F_s$의 모멘트는 $\{0\}$의 원점에 대한 것이어서, 말단이 기저에서
# 멀수록 힘이 만드는 큰 모멘트가 섞인다. 말단 렌치를 센서 값처럼 $\{n\}$에서 받는다면 $J_b$를 쓰는
# 편이 변환을 하나 덜 한다.
#
# :::{solution-end}
# :::
#
# :::{exercise} 공간 트위스트에서 말단 원점의 속도로
# :label: ex-28-cp2
#
# 2.8.3절에서 보았듯 $V_s = J_s\dot q$의 선속도 $v_s$는 말단 원점의 속도가 아니다. 말단 $\{n\}$의 원점
# 위치를 $p(q)$(기저 성분)라 할 때 $\dot p$를 $V_s = (\omega_s, v_s)$로, 또 $V_b = (\omega_b, v_b)$로
# 각각 적고, 예제 팔에서 $p(q)$의 수치 미분과 비교하라.
# :::
#
# :::{solution-start} ex-28-cp2
# :label: sol-28-cp2
# :class: dropdown
# :::
#
# $v_s$는 말단 링크에 붙어서 지금 기저 원점을 지나는 점의 속도이다. 강체 위의 두 점의 속도는
# 각속도와 두 점 사이의 벡터의 외적만큼 다르므로, 원점에서 $p$만큼 떨어진 말단 원점의 속도는
# $\dot p = v_s + \omega_s \times p$이다. $V_b$의 선속도 $v_b$는 바로 말단 원점의 속도를 $\{n\}$의 축으로
# 적은 것이므로 $\dot p = R_{0,n}v_b$이다. 두 식은 $V_s = \mathrm{Ad}_{T_{0,n}}V_b$의 아래 블록
# $v_s = p \times (R_{0,n}\omega_b) + R_{0,n}v_b$를 옮겨 적은 것과 같다.
#
# 아래 셀은 두 식을 $p(q + h\dot q)$와 $p(q - h\dot q)$의 중심 차분과 비교한다.

# %% tags=["nbval-ignore-output"]
h = 1e-6
T_n = forward_kinematics(arm, q_arm)[-1]
R_n, p_n = T_n[:3, :3], T_n[:3, 3]
V_s = space_jacobian(arm, q_arm) @ qd_arm
V_b = body_jacobian(arm, q_arm) @ qd_arm
pdot_s = V_s[3:] + np.cross(V_s[:3], p_n)
pdot_b = R_n @ V_b[3:]
pdot_fd = (forward_kinematics(arm, q_arm + h * qd_arm)[-1, :3, 3]
           - forward_kinematics(arm, q_arm - h * qd_arm)[-1, :3, 3]) / (2 * h)
cp2_err = float(max(np.abs(pdot_s - pdot_fd).max(), np.abs(pdot_b - pdot_fd).max()))
cp2_sb = float(np.abs(pdot_s - pdot_b).max())
CP2_BOUND, CP2_SB_BOUND = 1e-8, 1e-12  # m/s: 중심 차분의 오차, 두 식 사이의 반올림
claims.within("j28-cp2", "두 식 모두 중심 차분과 {glue:text}`j28_cp2_err` m/s 차이로 맞고, 한계 {glue:text}`j28_cp2_bound` m/s 안에 있다",
              cp2_err, CP2_BOUND)
claims.within("j28-cp2-sb", "두 식끼리의 차이는 {glue:text}`j28_cp2_sb`으로 반올림 수준의 한계 {glue:text}`j28_cp2_sb_bound` m/s 안에 있다",
              cp2_sb, CP2_SB_BOUND)
glue("j28_cp2_sb", sci(cp2_sb), display=False)
glue("j28_cp2_sb_bound", sci(CP2_SB_BOUND, 1), display=False)
glue("j28_cp2_err", sci(cp2_err), display=False)
glue("j28_cp2_bound", sci(CP2_BOUND, 1), display=False)
glue("j28_cp2_gap", fixed(float(np.linalg.norm(V_s[3:] - pdot_b)), 4), display=False)
print("v_s           =", r4(V_s[3:]), "m/s")
print("v_s + ω_s × p =", r4(pdot_s), "m/s")
print("R v_b         =", r4(pdot_b), "m/s")
print(f"중심 차분과의 최대 차이 {cp2_err:.1e} m/s, 두 식 사이 {cp2_sb:.1e} m/s")

# %% [markdown]
# % claim: j28-cp2, j28-cp2-sb
#
# 두 식 모두 중심 차분과 {glue:text}`j28_cp2_err` m/s 차이로 맞고, 한계 {glue:text}`j28_cp2_bound` m/s 안에 있다. 이 한계는 중심 차분 자신의 오차 크기이다.
# 두 식끼리의 차이는 {glue:text}`j28_cp2_sb`으로 반올림 수준의 한계 {glue:text}`j28_cp2_sb_bound` m/s 안에 있다. 같은 상태에서 $v_s$를 그대로 말단 속도로 읽으면 크기
# {glue:text}`j28_cp2_gap:.4f` m/s만큼 틀린다.
#
# :::{solution-end}
# :::
#
# :::{exercise} 열마다 처음부터 곱하면
# :label: ex-28-cp3
#
# 공간 야코비안의 열 $j$에는 $T_{0,j}$가 필요하다. 열마다 $T_{0,j}$를 기저에서부터 새로 곱해 만드는
# 구현과, 2.8.3절처럼 앞 열에서 쓴 $T_{0,j-1}$에 자세 하나를 곱해 잇는 구현의 자세 곱 횟수를 관절 수
# $n$의 식으로 적어라. 어느 쪽이 2.8.7절에서 센 "링크 수에 비례하는" 계산량이 되는가?
# :::
#
# :::{solution} ex-28-cp3
# :label: sol-28-cp3
# :class: dropdown
#
# 처음부터 곱하면 열 $j$에 상대 자세 $j$개를 곱하므로 자세 곱이 $j - 1$번 든다. 모든 열을 더하면
# $\sum_{j=1}^{n}(j-1) = n(n-1)/2$번으로 $n^2$에 비례한다. 앞 열의 $T_{0,j-1}$을 이어 쓰면 열마다
# 많아야 한 번, 모두 $n$번 이하이다(`chaindyn.kinematics.space_jacobian`은 $\{0\}$의 단위 자세에서
# 시작해 링크마다 한 번씩 곱한다). 여기에 열마다 드는 수반 행렬 하나와 $6\times6$ 행렬-벡터 곱 하나는 두
# 구현에 똑같이 $n$번씩 붙는다. 따라서 재귀로 이어 쓰는 쪽만 곱셈 횟수가 $n$에 비례하고, 2.8.7절의
# 직선({numref}`fig-28-opcount`)은 이 구현을 센 것이다. 처음부터 곱하는 구현은 $n$이 작을 때는 차이가
# 작지만, 관절이 많은 사슬에서는 자세 곱이 전체를 지배한다.
# :::
