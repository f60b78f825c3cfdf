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
# # 3.2.6–3.2.11 설계 선택, 한계, 점검
#
# 이 페이지는 3.2장을 마무리한다. RNEA의 원리와 알고리즘은 {doc}`3.2.1절–3.2.4절 <ch3_2_rnea>`에서,
# 풀이 예제는 {doc}`3.2.5절 <ch3_2_examples>`에서 다루었다. 여기서는 그 결과를 바탕으로 세 가지를
# 정리한다.
#
# - 역동역학을 제어기나 설계 도구에 넣을 때 어떤 구현 방식을 고를 것인가(3.2.6절), 그리고 응용마다
#   RNEA의 어느 호출이 얼마나 자주 필요한가(3.2.7절).
# - 이 장의 결과를 어디까지 믿어도 되는가: 규격·규제와의 관계(3.2.8절, 3.2.9절)와 한계(3.2.10절).
#   한계 가운데 수치 범위에 관한 주장은 이 페이지에서 직접 잰 값을 근거로 삼는다.
# - 독자가 스스로 풀어 볼 체크포인트({numref}`ex-32-cp1`~{numref}`ex-32-cp7`, 풀이는 접혀 있다)와
#   연구 질문, 출처(3.2.11절). 이 장이 출발한 원고의 값과 이 책의 값을 견준 재현표는
#   {doc}`부록 C <appendix_reproduction>`에 있다.
#
# 앞 페이지들과 마찬가지로 본문의 숫자는 모두 코드 셀이 계산해 붙여 넣은 것이다. 모듈을 불러오는
# 셀과 값을 붙이기만 하는 셀은 페이지에 보이지 않게 했고, 계산 과정을 보여 주는 셀은 그대로 두었다.

# %% tags=["remove-input"]
import csv
import sys
from pathlib import Path

import numpy as np
import sympy as sp
from myst_nb import glue

import chaindyn
from chaindyn import models, spatial
from chaindyn.opcount import count
from chaindyn_book import ch32, claims

sys.path.insert(0, str(Path("..").resolve() / "figsrc"))
from _numbers import fixed, fixed_sig, sci  # noqa: E402  (figsrc/_numbers.py: 검사된 반올림, 3.6×10⁻¹⁵ 꼴)

G0 = chaindyn.STANDARD_GRAVITY  # m/s^2

# %% [markdown]
# ## 3.2.6 설계 트레이드오프 — 역동역학을 어떻게 구현할 것인가
#
# 같은 운동방정식 $\tau = M(q)\ddot q + h(q,\dot q) + J_b^{\mathsf T}(q)F_{\mathrm{tip}}$을 프로그램으로
# 옮기는 길은 크게 셋이다.
#
# 1. **수치 재귀(RNEA, 이 장).** 사슬을 데이터(홈 자세 $M_{i,i-1}$, 스크루 축 $A_i$, 공간 관성
#    $\mathcal{G}_i$)로 받아 상태마다 전방·후방 순환을 한 번씩 돈다. 연산량은 관절 수에 비례한다.
#    로봇이 바뀌면 데이터만 바꾸고 코드는 그대로 둔다(MDH 표나 URDF에서 읽는다). 그 대신
#    프레임 배치와 부호를 구현자가 스스로 맞추어야 한다.
# 2. **기호식 닫힌 형식(라그랑주 정식화, 3.3장).** 링크들의 에너지로 라그랑지안을 세우고 라그랑주
#    방정식을 기호 계산으로 풀어, 질량 행렬과 속도곱 항과 중력 토크를 관절 변수의 식으로 얻는다. 자유도가 작으면 식이 짧아서 항 하나하나의 물리적 뜻을 읽을 수 있다.
#    파라미터가 토크에 어떻게 들어가는지도 해석하기 좋다. 자유도가 늘면 식이 빠르게 커진다(아래
#    3.2.6.1절에서 직접 센다).
# 3. **라이브러리와 코드 생성.** 여러 사용자가 오래 써 온 구현, 예를 들어 Pinocchio
#    {cite:p}`carpentier2019pinocchio`, MuJoCo {cite:p}`todorov2012mujoco`, Robotics Toolbox
#    {cite:p}`corke2021toolbox`의 함수를 그대로 쓰거나, 그런 도구에 로봇 모델을 주어 제어기에 넣을
#    코드를 뽑아낸다. 구현 오류의 위험이 가장 작고 도함수 같은 부가 기능도 함께 얻는다. 그 대신 의존성이 생기고, 모델을 라이브러리의 입력 규약(프레임 배치, 성분 순서,
#    외력의 부호)으로 옮기는 변환이 반드시 끼어든다. 이 길은 {doc}`3.6.7–3.6.8절 <ch3_6_libraries>`의 주제이다.
#
# **이 책의 견해.** 고르기 전에 "어디서 틀리기 쉬운가"를 먼저 물어야 한다고 본다. 이 장에서 알고리즘
# 자체는 틀릴 곳이 적었다. `chaindyn.rnea`는 짧은 코드이고, 평면 2R의 닫힌 식, 3차원 벡터 형태의
# 재귀, 질량 행렬 항등식, 정역학 계산과 모두 반올림 수준에서 맞았다(부록 C.2절의 재현표). 반면
# {doc}`3.2.5절의 ⑥ <ch3_2_examples>`에서 라이브러리로 모델을 옮길 때 규약 하나를 일부러 틀리게 하자
# 토크가 반올림 수준을 훨씬 넘어 어긋났다. 위험이 식보다 규약에 있고, 그 위험은 라이브러리를 쓸
# 때에도 모델을 옮기는 단계에 그대로 남는다는 뜻이다. 이 관찰에서 다음 권고가 나온다.
#
# - 의존성을 감당할 수 있는 제어 소프트웨어라면 검증된 라이브러리를 부르고, 모델 변환 단계를
#   시험으로 묶어 둔다.
# - 관절이 몇 개뿐이고, 항의 물리적 뜻과 파라미터의 영향을 읽는 것이 목적이라면 기호식이
#   낫다.
# - RNEA를 손수 구현하는 일은 라이브러리를 들일 수 없는 곳(작은 임베디드 제어기)이나 알고리즘을
#   배우려는 구현에 남겨 둔다.
#
# 어느 길을 가든 독립된 기준(닫힌 식, 에너지 항등식, 다른 구현)과 맞춰 보는 시험이 함께 있어야
# 한다. 규약 실수가 결과를 얼마나 바꾸는지는 3.2.5절의 ⑥이 전형적인 실수를 하나씩 저질러 보며
# 직접 쟀다({numref}`tab-ex-lib-mistakes`).

# %% tags=["remove-input"]
# 부록 B가 한 기계에서 잰 표(data/bench_single.csv, data/bench_batch.csv)에서 두 비를 읽는다.
def bench(name):
    with open(Path("..") / "data" / name, encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


single = {r["method"]: float(r["ratio_to_pin"]) for r in bench("bench_single.csv")}
BATCH_N = 10000
batch = {r["method"]: float(r["ratio_to_pin"]) for r in bench("bench_batch.csv")
         if int(r["N"]) == BATCH_N}
glue("cl_t_single_rnea", f"{fixed_sig(single['rnea'], 2):g}", display=False)
glue("cl_t_single_struct", f"{fixed_sig(single['rnea_structured'], 2):g}", display=False)
glue("cl_t_batch_n", BATCH_N, display=False)
glue("cl_t_batch_struct", f"{fixed_sig(batch['rnea_structured'], 2):g}", display=False)
glue("cl_t_batch_rnea", f"{fixed_sig(batch['rnea'], 2):g}", display=False)
claims.claim("cl-time-single", "Pinocchio의 `rnea`가 이 책의 파이썬 구현들보다 빠르다",
             single["rnea"] > 1 and single["rnea_structured"] > 1, ratio_to_pin=single)
# 연구 질문(3.2.11.2절): 곱셈 수의 비와 한 번 호출 시간의 비 (예제 6R 팔, 한 상태, "all" 규칙)
_, q_rq, qd_rq, qdd_rq = models.arm6r_trajectory()
arm_rq = models.arm6r()
state_rq = (q_rq[50], qd_rq[50], qdd_rq[50])
count_ratio = (count(chaindyn.rnea, arm_rq, *state_rq, rule="all")
               / count(chaindyn.rnea_structured, arm_rq, *state_rq, rule="all"))
time_ratio = single["rnea"] / single["rnea_structured"]
glue("cl_rq_count_ratio", f"{fixed_sig(count_ratio, 2):g}", display=False)
glue("cl_rq_time_ratio", f"{fixed_sig(time_ratio, 2):g}", display=False)
claims.claim("cl-rq-time", "차이가 곱셈 수의 차이보다 훨씬 컸다", time_ratio > 2 * count_ratio,
             count_ratio=count_ratio, time_ratio=time_ratio)
claims.claim("cl-time-batch", "구조를 살린 `rnea_structured`는 Pinocchio를 반복해 부르는 것보다 표본당 빨랐다",
             batch["rnea_structured"] < 1 < batch["rnea"], ratio_to_pin=batch)

# %% [markdown]
# % claim: cl-time-single, cl-time-batch
#
# **실행 시간.** 첫째와 셋째 길의 실행 시간과 메모리는 부록 B가 같은 기계에서 잰다. 한 번 호출의
# 시간({ref}`sec-b-single`)에서는 Pinocchio의 `rnea`가 이 책의 파이썬 구현들보다 빠르다. 이 책의 `rnea`는
# 그 {glue:text}`cl_t_single_rnea`배, 구조를 살린 `rnea_structured`도 {glue:text}`cl_t_single_struct`배의
# 시간이 걸렸다. 상태 {glue:text}`cl_t_batch_n:,`개를 한 번에 넘기는 배치 계산({ref}`sec-b-batch`)에서는
# 순위가 일부 뒤집힌다. 구조를 살린 `rnea_structured`는 Pinocchio를 반복해 부르는 것보다 표본당 빨랐다
# (시간의 비 {glue:text}`cl_t_batch_struct`). 이 책의 `rnea`는 여전히 그 {glue:text}`cl_t_batch_rnea`배였다.
# 둘째 길(기호식)의 실행 시간과, 최악의 경우 지연을 보장해야 하는 실시간 제어 주기 안의 동작은 이 책이
# 재지 않았다.
#
# ### 3.2.6.1 기호식은 얼마나 빨리 커지는가
#
# 수직면 안에서 움직이는 평면 $n$R 팔을 생각하자. 관절 축은 모두 평행하다. 링크 $k$의 길이는
# $L_k$이고, 질량 중심은 관절 $k$에서 링크를 따라 $r_k$ 떨어져 있으며, 질량 중심에 대한 관성
# 모멘트는 $I_k$이다. 링크 $a$가 기저에 대해 이루는 각을 $\varphi_a = q_1 + \dots + q_a$로 두면
# 링크 $k$의 질량 중심 속도의 제곱은
#
# $$
# \begin{gathered}
# \lVert \dot p_{c,k} \rVert^{2} = \sum_{a=1}^{k}\sum_{b=1}^{k} \ell_{ka}\,\ell_{kb}\,
# \dot\varphi_a\dot\varphi_b\cos(\varphi_a-\varphi_b), \\
# \ell_{ka} = L_a \ (a<k), \qquad \ell_{kk} = r_k
# \end{gathered}
# $$ (eq-closing-planar-speed)
#
# 이다. 운동 에너지를 이 식으로 적으면 $\sin^2+\cos^2$를 정리하는 단계가 필요 없으므로, sympy가
# 라그랑주 방정식
# $\tau_i = \frac{d}{dt}\partial \mathcal{L}/\partial\dot q_i - \partial \mathcal{L}/\partial q_i$를
# 빠르게 전개한다($\mathcal{L}$은 운동 에너지에서 위치 에너지를 뺀 라그랑지안). 아래 셀은 $n$을
# 늘려 가며 전개한 $\tau$ 전체의 연산 수를 `sympy.count_ops`로 세고, 공통 부분식을
# 뽑아낸(`sympy.cse`) 뒤의 연산 수도 센다. 코드 생성 도구는 보통 공통 부분식을 뽑아내므로 뒤의 값이
# 생성된 코드의 크기에 더 가깝다.

# %%
def ddt(expr, q, qd, qdd):
    """시간 미분: expr(q, qd)를 연쇄 법칙으로 미분한다."""
    return sum(sp.diff(expr, a) * b for a, b in zip(q, qd)) + sum(
        sp.diff(expr, a) * b for a, b in zip(qd, qdd))


def planar_symbols(n):
    sym = {}
    for name in ("q", "dq", "ddq", "m", "L", "r", "I"):
        sym[name] = sp.symbols(f"{name}1:{n + 1}", real=True)
    sym["g"] = sp.Symbol("g", positive=True)
    return sym


def planar_lagrange(n):
    """평면 nR 팔(수직면, 중력 -y)의 관절 토크를 라그랑주 방정식으로 기호 유도한다."""
    s = planar_symbols(n)
    q, dq, ddq, m, L, r, Ic, g = (s[k] for k in ("q", "dq", "ddq", "m", "L", "r", "I", "g"))
    phi = [sum(q[: a + 1]) for a in range(n)]
    dphi = [sum(dq[: a + 1]) for a in range(n)]
    kinetic, potential = 0, 0
    for k in range(n):
        ell = [L[a] for a in range(k)] + [r[k]]
        for a in range(k + 1):
            for b in range(k + 1):
                kinetic += m[k] * ell[a] * ell[b] * dphi[a] * dphi[b] * sp.cos(phi[a] - phi[b]) / 2
        kinetic += Ic[k] * dphi[k] ** 2 / 2
        potential += m[k] * g * sum(ell[a] * sp.sin(phi[a]) for a in range(k + 1))
    lag = kinetic - potential
    tau = [sp.expand(ddt(sp.diff(lag, dq[i]), q, dq, ddq) - sp.diff(lag, q[i])) for i in range(n)]
    return tau, s


sym_rows = []
for n in (2, 3, 4, 5):
    tau_n, _ = planar_lagrange(n)
    expanded = sum(sp.count_ops(e) for e in tau_n)
    subs, reduced = sp.cse(tau_n)
    after_cse = sum(sp.count_ops(e) for _, e in subs) + sum(sp.count_ops(e) for e in reduced)
    sym_rows.append((n, expanded, after_cse))

print(" n  전개식 연산 수  공통 부분식 제거 뒤")
for n, e, c in sym_rows:
    print(f"{n:2d}  {e:13d}  {c:18d}")

(n_a, e_a, c_a), (n_b, e_b, c_b) = sym_rows[0], sym_rows[-1]
(n_p, e_p, c_p) = sym_rows[-2]
glue("cl_sym_n_lo", n_a, display=False)
glue("cl_sym_n_hi", n_b, display=False)
glue("cl_sym_exp_lo", e_a, display=False)
glue("cl_sym_exp_hi", e_b, display=False)
glue("cl_sym_cse_lo", c_a, display=False)
glue("cl_sym_cse_hi", c_b, display=False)
glue("cl_sym_n_ratio", fixed(n_b / n_a, 2), display=False)
glue("cl_sym_exp_ratio", fixed(e_b / e_a, 1), display=False)
glue("cl_sym_cse_ratio", fixed(c_b / c_a, 1), display=False)
# count ∝ n^k로 볼 때의 k: 네 점 전체의 최소제곱 기울기(양 로그), 그리고 이웃한 두 점 사이의 기울기
log_n = np.log([r[0] for r in sym_rows])
sym_k = {}
for col, name in ((1, "exp"), (2, "cse")):
    log_c = np.log([r[col] for r in sym_rows])
    sym_k[name] = float(np.polyfit(log_n, log_c, 1)[0])
    sym_k[name + "_local"] = np.diff(log_c) / np.diff(log_n)
    glue(f"cl_sym_{name}_kfit", fixed(sym_k[name], 1), display=False)
    glue(f"cl_sym_{name}_kloc_lo", fixed(float(sym_k[name + "_local"].min()), 1), display=False)
    glue(f"cl_sym_{name}_kloc_hi", fixed(float(sym_k[name + "_local"].max()), 1), display=False)
glue("cl_sym_points", len(sym_rows), display=False)
rising = bool(np.all(np.diff(sym_k["exp_local"]) > 0) and np.all(np.diff(sym_k["cse_local"]) > 0))
glue("cl_sym_trend", claims.choose(rising, "관절 수와 함께 커진다", "관절 수에 따라 한결같이 커지지는 않는다"),
     display=False)
mc = ch32.multiplication_counts()
rnea_linear = all(c == mc["rnea"][0] * n for n, c in zip(mc["n"], mc["rnea"]))
claims.claim("cl-sym-faster", "RNEA의 곱셈 수는 관절 수에 정비례하므로 관절 수와 같은 비율로만 늘어난다",
             rnea_linear and min(sym_k["exp"], sym_k["cse"]) > 1, k=sym_k, rnea=mc["rnea"])
print("최소제곱 지수:", {k: fixed(v, 2) for k, v in sym_k.items() if not k.endswith("_local")})
print("이웃한 두 점의 지수:", {k: fixed(v, 2) for k, v in sym_k.items() if k.endswith("_local")})

# %% [markdown]
# % claim: cl-sym-faster
#
# 관절 수가 {glue:text}`cl_sym_n_lo`개에서 {glue:text}`cl_sym_n_hi`개로 {glue:text}`cl_sym_n_ratio`배
# 될 때, 전개식의 연산 수는 {glue:text}`cl_sym_exp_lo`개에서 {glue:text}`cl_sym_exp_hi`개로
# {glue:text}`cl_sym_exp_ratio`배가 된다. 공통 부분식을 뽑아낸 뒤에도 {glue:text}`cl_sym_cse_lo`개에서
# {glue:text}`cl_sym_cse_hi`개로 {glue:text}`cl_sym_cse_ratio`배이다. 연산 수를 $n^{k}$로 보고
# {glue:text}`cl_sym_points`개 점 전체에 양 로그 직선을 맞추면 지수 $k$는 전개식이
# {glue:text}`cl_sym_exp_kfit`, 공통 부분식 제거 뒤가 {glue:text}`cl_sym_cse_kfit`이다. 이웃한 두 점
# 사이의 지수는 전개식이 {glue:text}`cl_sym_exp_kloc_lo`–{glue:text}`cl_sym_exp_kloc_hi`, 공통 부분식
# 제거 뒤가 {glue:text}`cl_sym_cse_kloc_lo`–{glue:text}`cl_sym_cse_kloc_hi`이고,
# {glue:text}`cl_sym_trend`. 점이 몇 개뿐이므로 이 지수는 이 범위의 $n$에 대한 서술이지 점근 차수가
# 아니다. 같은 구간에서 RNEA의 곱셈 수는 관절 수에 정비례하므로 관절 수와 같은 비율로만 늘어난다.
#
# 이 비교를 읽을 때 주의할 점이 셋 있다. 첫째, 두 척도가 다르다. `count_ops`는 덧셈과 삼각함수
# 호출까지 포함한 식의 크기이고, RNEA의 곱셈 수는 $6\times6$ 곱 속의 곱셈만 센 것이다
# ({numref}`tab-count-rules`의 `"products"`). 그러니
# 절대값끼리 비교하지 말고 증가율만 보아야 한다. 둘째, 평면 팔은 가장 단순한 경우이다. 3차원 사슬의
# 기호식은 더 크며 이 절은 그것을 세지 않았다. 셋째, sympy의 전개와 공통 부분식 제거는 최소 연산
# 수를 보장하지 않는다. 문헌의 차수 비교로는 Featherstone의 *Rigid Body Dynamics Algorithms*(RBDA)
# 5.5절이 전하는 {cite:t}`hollerbach1980recursive`의
# 결과가 있다. 비재귀 방식이 $O(n^4)$, 재귀 알고리즘이 $O(n)$이라는 것이다. 원 논문은 이 책이 읽지
# 않았으므로 그 곱셈 수는 옮기지 않는다.
# 그래도 결론의 방향은 분명하다. 기호식의 장점은 작은 기구에서의 해석력이고, 관절이 많은 팔의
# 실시간 계산에는 재귀 알고리즘이나 그것을 구현한 라이브러리가 맞다.
#
# ## 3.2.7 응용별 비교 — RNEA의 어느 호출이 얼마나 자주 필요한가
#
# RNEA는 하나의 함수이지만, 응용마다 무엇을 얻으려고 언제 부르는지가 다르다. 아래 표는 그 차이를
# 이 책이 모아 본 것이다. 응용마다 자세한 요구는 첫 열에 적은 곳에서 다루고, 여기서는 호출의
# 형태만 본다. 이 책에 없는 장은 "(이 책 범위 밖)"으로 표시했다. 빈도는 "제어 주기마다", "오프라인"처럼 말로만 적었다. 제어 주기의 길이는 응용마다
# 다르고, 호출 한 번에 걸리는 시간은 부록 B({ref}`sec-b-single`)가 잰다.
#
# 둘째 열의 코드 이름은 이 책의 패키지 `chaindyn`의 함수이다. 중력 인자 `gravity`를 생략한 호출
# (예: `rnea(chain, q, qd, v)`)은 기본값 $\mathfrak{g} = (0, 0, -\mathrm{g}_0)$, 곧 $\{0\}$의 $-z$
# 방향을 향하는 표준 중력을 쓴다($\mathrm{g}_0$는 `chaindyn.STANDARD_GRAVITY`). 기저 좌표계의
# $z$축이 연직 위를 향하지 않는 로봇이라면 `gravity`를 직접 넣어야 한다.
#
# | 응용, 다루는 곳 | RNEA에서 필요한 양과 `chaindyn` 호출 | 호출 시점과 빈도 |
# |---|---|---|
# | 계산 토크 제어, 식 {eq}`eq-closing-ctc`와 3.5.7절 | 가속도 지령 $\ddot q^{*} = \ddot q_d + K_d\dot{\tilde q} + K_p\tilde q$에 대한 $\tau = M(q)\ddot q^{*} + h(q,\dot q)$: `rnea(chain, q, qd, qdd_star)` 한 번 | 제어 주기마다, 실시간 |
# | 중력 보상, 3.2.3.6절 | $g(q)$: `gravity_torque` | 제어 주기마다, 실시간 |
# | 운동량 관측기를 쓰는 충돌·접촉 감지, 식 {eq}`eq-closing-momentum` | $M(q)$(운동량 $\mathcal{P}=M\dot q$)와 $h(q,\dot q)$: `mass_matrix`, `bias_force`. 그 밖에 $\dot M\dot q$가 필요하며 이것은 RNEA 한 번으로 얻지 못한다 | 제어 주기마다, 실시간 |
# | 궤적 최적화, 3.6장 | 궤적 점마다 $\tau$: `rnea`(여러 상태를 한 번에). 도함수 $\partial\tau/\partial(q,\dot q)$는 `rnea_derivatives`, $\partial\tau/\partial\ddot q = M$은 `crba` | 최적화 반복마다 궤적 점 수만큼; 오프라인 또는 예측 제어 주기 |
# | 시뮬레이션·순동역학, 3.5장 | $M(q)$와 $h(q,\dot q)$로 $M\ddot q = \tau - h$를 푼다: `mass_matrix`, `bias_force`. 더 효율적인 방법은 ABA | 적분 단계마다 |
# | 베어링·구조 하중 검토, 3.2.5.7절 | 관절 렌치 $F_i$의 여섯 성분: `joint_wrenches` | 설계 단계, 검토할 궤적의 점마다; 오프라인 |
# | 동역학 파라미터 식별, {doc}`3.7장 <ch3_7_identification>` | 관성 파라미터에 선형인 회귀 행렬 $Y(q,\dot q,\ddot q)$: `regressor`(3.4.4절). 풀이는 `chaindyn.identify` | 측정 자료의 점마다; 오프라인 |
#
# 계산 토크 제어 행을 정확히 적으면 다음과 같다. 목표 궤적을 $q_d(t)$, 추종 오차를
# $\tilde q = q_d - q$라 하자. 오차를 $e$가 아니라 $\tilde q$로 적는 것은 이 장에서 $e_j$가 $j$번째
# 성분만 1인 단위 벡터이기 때문이다. 제어기는 먼저 가속도 지령
#
# $$
# \ddot q^{*} = \ddot q_d + K_d\,\dot{\tilde q} + K_p\,\tilde q
# $$ (eq-closing-ctc)
#
# 을 만든다. $K_p$와 $K_d$는 비례·미분 이득으로, 양의 정부호 행렬(흔히 대각 행렬)이다. 그다음
# $\tau = M(q)\,\ddot q^{*} + h(q,\dot q)$를 낸다. 이 토크는 식 {eq}`eq-rnea-eom`에 $\ddot q = \ddot q^{*}$와
# $F_{\mathrm{tip}} = 0$을 넣은 값이다. 그러므로 $M(q)$를 만들지 않고 RNEA 한 번,
# `rnea(chain, q, qd, qdd_star)`로 얻는다. 모델이 정확하면 닫힌 루프는 $\ddot q = \ddot q^{*}$, 곧
# $\ddot{\tilde q} + K_d\dot{\tilde q} + K_p\tilde q = 0$이 되어 오차가 지수적으로 사라진다. 모델이
# 틀릴 때 무슨 일이 생기는지는 3.5.7절이 시뮬레이션으로 보인다. 아래 셀은 예제 6R 팔에서 두 계산이
# 같은 토크를 내는지 본다.

# %% tags=["hide-input", "nbval-ignore-output"]
# 계산 토크 제어의 토크: RNEA 한 번 (q̈ = q̈*) 대 질량 행렬로 만든 M q̈* + h
arm_ct = models.arm6r()
_, q_ref, qd_ref, qdd_ref = models.arm6r_trajectory()
k_ct = 60                                      # 궤적의 한 표본 (가속 구간)
KP, KD = 100.0, 20.0                           # 이득 (대각 행렬의 원소), 1/s² 와 1/s
q_ct = q_ref[k_ct] + 0.02                      # 목표에서 조금 벗어난 실제 상태
qd_ct = qd_ref[k_ct] - 0.05
qdd_star = qdd_ref[k_ct] + KD * (qd_ref[k_ct] - qd_ct) + KP * (q_ref[k_ct] - q_ct)   # 식 eq-closing-ctc
tau_ct = chaindyn.rnea(arm_ct, q_ct, qd_ct, qdd_star, gravity=ch32.GRAVITY)
tau_mv = (chaindyn.mass_matrix(arm_ct, q_ct) @ qdd_star
          + chaindyn.bias_force(arm_ct, q_ct, qd_ct, gravity=ch32.GRAVITY))
ct_err = float(np.abs(tau_ct - tau_mv).max())
CT_BOUND = 1e-12  # N·m
glue("cl_ct_err", sci(ct_err), display=False)
glue("cl_ct_bound", sci(CT_BOUND, 1), display=False)
glue("cl_ct_kp", int(KP), display=False)
glue("cl_ct_kd", int(KD), display=False)
claims.within("cl-ct", "두 토크의 차이는 {glue:text}`cl_ct_err` N·m이다(허용 {glue:text}`cl_ct_bound`)",
              ct_err, CT_BOUND)
print(f"max |rnea(q, q̇, q̈*) - (M q̈* + h)| = {ct_err:.1e} N·m")

# %% [markdown]
# % claim: cl-ct
#
# 궤적의 한 표본에서 실제 상태를 목표에서 조금 벗어나게 두고 이득 $K_p =$ {glue:text}`cl_ct_kp`,
# $K_d =$ {glue:text}`cl_ct_kd`(대각 원소)로 $\ddot q^{*}$를 만들었다. `rnea(chain, q, qd, qdd_star)` 한 번과
# $M(q)\ddot q^{*} + h(q,\dot q)$의 두 토크의 차이는 {glue:text}`cl_ct_err` N·m이다(허용 {glue:text}`cl_ct_bound`).
#
# 운동량 관측기 행에는 설명이 필요하다. 외부 접촉이 관절에 만드는 토크를 $\tau_{\mathrm{ext}}$라
# 하면 $M\ddot q + h = \tau + \tau_{\mathrm{ext}}$이고, 일반화 운동량 $\mathcal{P} = M(q)\dot q$의
# 시간 미분은
#
# $$
# \dot{\mathcal{P}} = \dot M(q)\dot q + M(q)\ddot q
#   = \tau + \tau_{\mathrm{ext}} + \dot M(q)\dot q - h(q,\dot q)
# $$ (eq-closing-momentum)
#
# 이다. 관측기는 측정한 $\tau$와 모델로 계산한 $M$, $h$, $\dot M\dot q$로 이 식의 잔차를 적분해
# $\tau_{\mathrm{ext}}$를 추정한다. $M$과 $h$는 RNEA 호출로 얻지만, $\dot M\dot q$에는 $M$의 시간
# 변화가 필요해서 RNEA 한 번으로는 나오지 않는다. 이 책에서는 `chaindyn.lagrange.mass_matrix_dot`이
# 따로 계산한다(3.3.2절). 크리스토펠 기호로 만든 $C$에서는
# $\dot M = C + C^{\mathsf T}$이므로 $\dot M\dot q - h = C^{\mathsf T}\dot q - g(q)$가 되어 흔히 보는 관측기 식과
# 같아진다. 어느 쪽이든 추정은 동역학 모델보다 정확할 수 없다. 3.2.9절에서 말하는 규제와의 간접
# 연결이 바로 이 점이다.
#
# ## 3.2.8 규격과 모델 교환 형식
#
# 로봇의 역동역학을 어떤 방법으로 계산하라고 정해 둔 국제 표준이 있는지 찾아보았으나, RNEA든 다른
# 방법이든 그런 문서를 만나지 못했다. 만나지 못했다고 해서 그런 문서가 없다고 단정할 수는 없다.
# 로봇 모델을 주고받는 파일 형식(URDF, MJCF 등)은 널리 쓰이는 관례이지만, 이 장은 그것들을 국제
# 표준으로 정한 문서도 확인하지 않았다. 라이브러리 사이의 규약 차이는 3.2.10.3절에서 다룬다.
#
# ## 3.2.9 규제와 인증이 닿는 곳
#
# 역동역학을 특정한 방식으로 계산하라고 요구하는 법령이나 인증 조건은 찾지 못했다. 이 장의 계산이
# 규제와 만나는 길은 한 다리를 건넌다. 힘·토크 센서 없이 모터 전류나 관절 토크만으로 사람과의 접촉을
# 알아채는 협동로봇은, 무엇이 외력인지를 동역학 모델과의 차이로 판단한다(3.2.7절의 운동량 관측기,
# 식 {eq}`eq-closing-momentum`). 협동 운전의 안전성은 접촉할 때의 힘이나 압력을 어느 선 아래로 묶는
# 방식으로 검토된다고 알려져 있다. 그렇다면 모델이 틀린 만큼 그 선을 지켰는지에 대한 판단도 흐려질
# 수 있다. 이 연결을 정한 문서와 조항은 이 장이 원문으로 찾아보지 못했다. 조항 번호와 한계값은 원문을
# 직접 확인한 곳에서만 인용해야 하므로 이 장은 인용하지 않는다. 안전 규격을 다루는 26.9장(이 책 범위
# 밖)이 그 자리이다.
#
# ## 3.2.10 적용 범위와 주의할 점
#
# ### 3.2.10.1 모델 범위
#
# 이 장의 모델에 들어 있는 것은 강체 링크와 균일한 중력장뿐이다. 실제 관절에서 토크를 잡아먹는
# 요소들, 곧 쿨롱·점성 마찰, 회전자의 관성과 감속비를 거쳐 관절에 비치는 관성, 관절과 링크가 휘는
# 성질, 배선과 케이블이 당기는 힘은 모두 빠져 있다. 이 요소들은 3.8장(이 책 범위 밖)과 3.9장(이 책
# 범위 밖)의 주제이다. 실제 로봇에서 잰 토크를 이 장의 $\tau$와 비교하면, 그 차이는 모델에 없는 이 요소들과 관성
# 파라미터의 오차에서 온다. 반대로 라이브러리 가운데에는 회전자 관성이나 마찰을 기본으로 포함하는
# 것도 있어서(3.2.10.3절), 같은 사슬이라도 그 옵션을 끄지 않으면 이 장과 다른 값이 나온다.
#
# ### 3.2.10.2 사슬 구조
#
# `chaindyn`이 받는 사슬은 회전 관절과 직동 관절이 한 줄로 이어진 것뿐이다. 피치가 있는 스크루
# 관절을 주면 `Chain`이 거절한다. 사슬이 도중에 여러 갈래로 나뉘는 로봇(손가락이 여럿인 손, 인간형
# 로봇의 몸통)에서는 후방 순환이 자식 링크 여럿의 렌치를 모아야 한다. RBDA 5.3절의 알고리즘은 처음부터
# 이런 나무 구조로 적혀 있어서, 후방 순환의 식이 자식 링크 집합에 대한 합이다. 링크가 고리를 이루는
# 기구에서는 고리를 닫는 구속력을 따로 풀어야 하며, 이것은 3.11장(이 책 범위 밖)의 주제이다. 기저가
# 땅에 고정되지 않은 로봇에서는 기저의 운동 자체가 미지수가 되며, 이것은 3.13장(이 책 범위 밖)의
# 주제이다. 세 경우 모두 이 장의 두 순환을
# 고쳐 써야 하며, 이 책의 구현은 아직 그렇게 하지 않았다. 차체 위에 얹힌 팔처럼 기저의 운동을 알고
# 있는 경우에는 3.2.3.2절에서 본 대로
# 출발값 $V_0$, $\dot V_0$만 바꾸면 되지만, `chaindyn.rnea`는 그 값을 받는 인자를 두지 않았다.
#
# ### 3.2.10.3 규약 변환
#
# 라이브러리마다 입력 규약이 다르다. 이 책을 준비하며 정리한 차이는 다음과 같다. Pinocchio는 공간
# 벡터의 성분 순서가 (선형, 각)이고 외력 인자는 몸체에 가해지는 렌치를 받는다. MuJoCo의 몸체
# 속도·힘 버퍼는 (각, 선형) 순서이지만 세계 좌표축에 맞추어 하위 트리 질량 중심에 대해 적힌다.
# modern_robotics는 질량 중심 프레임 사이의 자세와 질량 중심 프레임의 관성을 받는다. Robotics
# Toolbox의 역동역학은 모터 회전자 관성과 마찰을 0으로 두지 않으면 그것까지 더한다. 이 책의 규약
# (트위스트 $(\omega, v)$, 렌치 $(n, f)$, 말단이 환경에 가하는 $F_{\mathrm{tip}}$)과 이 차이를
# 맞추는 변환에서 오류가 나기 쉽다. 이 책의 변환은 `chaindyn.interop`에 모여 있다. 변환한 결과가
# 라이브러리와 맞는지는 `chaindyn_book.crosscheck`가 재며, 그 결과는 {doc}`3.2.5절의 ⑥ <ch3_2_examples>`과
# 부록 C.2절 재현표의 라이브러리 행에 있다.
#
# ### 3.2.10.4 연산량과 실행 시간
#
# 이 장이 보고한 곱셈 횟수는 희소성을 쓰지 않는 $6\times6$ 구현에서 행렬 곱 속의 곱셈만 센 것이다
# ({numref}`tab-count-rules`). 덧셈, 삼각함수, 메모리 접근, 파이썬 인터프리터의 부담은 세지 않았다.
# 희소성(블록 삼각 구조의 $\mathrm{Ad}$, 블록 구조의 $\mathcal{G}_i$)을 쓰면 상수가 크게 달라지고,
# 라이브러리의 상수도 다르다. 곱셈 횟수가 정확히 관절 수에 비례한다는 것은 구조에서 나온 사실이다.
# 곱셈 수와 시간이 어떻게 갈라지는지는 부록 B가 보인다. 구조를 살린 `rnea_structured`는 곱셈을
# 크게 줄이고({ref}`sec-b-counts`), 한 상태를 계산할 때의 시간은 곱셈보다 numpy 호출 한 번마다
# 드는 고정 비용이 좌우한다({ref}`sec-b-single`). 관절 수에 따른 시간의 증가는
# {ref}`sec-b-growth`에 있다. SIMD로 묶는 효과는 이 책이 재지 않았다.
#
# (sec-closing-range)=
# ### 3.2.10.5 수치 범위 — 관절이 많은 사슬과 극단적인 질량비
#
# 풀이 예제의 항등식 표는 임의 사슬을 관절 {glue:text}`cl_id_n_min`개부터 {glue:text}`cl_id_n_max`개
# 까지만 다루었다. 관절이 수십 개이거나 링크 질량이 자릿수로 엇갈리면 반올림 오차가 어떻게 되는지는
# 그 표로 알 수 없다. 그래서 여기서 범위를 넓혀 잰다. 관절 $n = 64$개의 임의 사슬(모두 회전 관절)을 만들고, 같은
# 사슬에서 링크를 하나 걸러 공간 관성에 $10^{-6}$을 곱해 질량비가 $10^{6}$인 사슬을 하나 더 만든다.
# 공간 관성에 양수를 곱하면 질량과 질량 중심 관성이 같은 비율로 줄고 질량 중심은 그대로이다.
# 따라서 곱한 뒤에도 여전히 물리적인 관성이다. 상태는 항등식 표와 같이 표준 정규분포에서 뽑는다.

# %%
N_BIG = 64
LIGHT = 1e-6  # 가벼운 링크의 관성 배율 (질량비 10^6)
rng_big = np.random.default_rng(ch32.SEED)
chain_big = models.random_chain(N_BIG, rng_big, prismatic=0.0)
scale = np.ones(N_BIG)
scale[1::2] = LIGHT
chain_ratio = chaindyn.Chain(chain_big.home, chain_big.screws,
                             chain_big.inertias * scale[:, None, None])
q_b, qd_b, qdd_b = (rng_big.standard_normal((ch32.STATES_PER_CHAIN, N_BIG)) for _ in range(3))
print(chain_big, chain_ratio)
print("질량 범위 [kg]:", fixed_sig(chain_ratio.masses.min(), 3), "–", fixed_sig(chain_ratio.masses.max(), 3))


def range_check(chain):
    """항등식 M qdd + h = tau, 벡터 형태 = 공간 형태, 순동역학 왕복을 잰다."""
    tau = chaindyn.rnea(chain, q_b, qd_b, qdd_b, gravity=ch32.GRAVITY)
    M = chaindyn.mass_matrix(chain, q_b)
    h = chaindyn.bias_force(chain, q_b, qd_b, gravity=ch32.GRAVITY)
    classic = chaindyn.rnea_classic(chain, q_b, qd_b, qdd_b, gravity=ch32.GRAVITY)
    scale_tau = np.abs(tau).max(axis=1)  # 상태마다 가장 큰 토크
    qdd_back = np.linalg.solve(M, (tau - h)[..., None])[..., 0]
    return {
        "tau_max": float(np.abs(tau).max()),
        "abs_identity": float(np.abs(np.einsum("kij,kj->ki", M, qdd_b) + h - tau).max()),
        "rel_identity": float((np.abs(np.einsum("kij,kj->ki", M, qdd_b) + h - tau).max(axis=1)
                               / scale_tau).max()),
        "rel_classic": float((np.abs(classic - tau).max(axis=1) / scale_tau).max()),
        "cond": float(np.linalg.cond(M).max()),
        "rel_forward": float((np.abs(qdd_back - qdd_b).max(axis=1)
                              / np.abs(qdd_b).max(axis=1)).max()),
        "tip_tau": float(np.abs(tau[:, -1]).max()),
        # 끝 링크의 토크를 그 링크 자신의 토크 크기로 나눈 오차
        "tip_rel": float(np.abs(classic - tau)[:, -1].max() / np.abs(tau[:, -1]).max()),
    }


big = range_check(chain_big)
ratio = range_check(chain_ratio)
glue("cl_id_n_min", min(r["n"] for r in ch32.identity_table()), display=False)
glue("cl_id_n_max", max(r["n"] for r in ch32.identity_table()), display=False)
glue("cl_big_tau_max", int(fixed(big["tau_max"], 0)), display=False)
glue("cl_ratio_tau_max", int(fixed(ratio["tau_max"], 0)), display=False)
glue("cl_states", ch32.STATES_PER_CHAIN, display=False)
print("가장 큰 토크 [N·m]:", int(fixed(big["tau_max"], 0)), int(fixed(ratio["tau_max"], 0)))

# %% tags=["hide-input", "nbval-ignore-output"]
# 반올림 수준의 값과 조건수: 마지막 자릿수가 기계마다 다를 수 있어 nbval이 비교하지 않는다.
# 허용값은 아래 셀에 있다.
# 본문에는 sci()가 만든 ×10 거듭제곱 꼴의 문자열(유효 숫자 두 자리)을 붙인다.
for key in ("abs_identity", "rel_identity", "rel_classic", "cond", "rel_forward", "tip_rel"):
    glue(f"cl_big_{key}", sci(big[key]), display=False)
    glue(f"cl_ratio_{key}", sci(ratio[key]), display=False)
glue("cl_ratio_tip_tau", sci(ratio["tip_tau"]), display=False)
print(f"{'':24s}{'n = 64':>10s}{'질량비 1e6':>12s}")
for key, label in (("abs_identity", "|Mq̈+h-τ| [N·m]"), ("rel_identity", "  같은 값 / max|τ|"),
                   ("rel_classic", "|벡터-공간| / max|τ|"), ("cond", "cond(M) 최대"),
                   ("rel_forward", "순동역학 왕복 (상대)")):
    print(f"{label:24s}{big[key]:10.1e}{ratio[key]:12.1e}")

# %% tags=["hide-input"]
REL_BOUND = 1e-13  # 토크 크기에 대한 상대 오차의 허용값
ABS_BOUND_SMALL = 1e-12  # 항등식 표(n <= 7)가 쓴 절대 허용값, N·m
FORWARD_BOUND = 1e-8  # 순동역학 왕복(선형 풀이 포함)의 상대 허용값
glue("cl_rel_bound", sci(REL_BOUND, 1), display=False)
glue("cl_abs_bound_small", sci(ABS_BOUND_SMALL, 1), display=False)
glue("cl_forward_bound", sci(FORWARD_BOUND, 1), display=False)
claims.claim("cl-range-abs", "그 허용값보다 크다", big["abs_identity"] > ABS_BOUND_SMALL,
             abs_identity=big["abs_identity"], bound=ABS_BOUND_SMALL)
claims.claim("cl-range-rel", "둘 다 배정밀도의 반올림 수준이고 상대 허용값",
             max(big["rel_identity"], big["rel_classic"]) < REL_BOUND,
             rel_identity=big["rel_identity"], rel_classic=big["rel_classic"], bound=REL_BOUND)
claims.claim("cl-range-ratio", "질량비는 RNEA의 정확도를 해치지 않았다",
             max(ratio["rel_identity"], ratio["rel_classic"], ratio["tip_rel"]) < REL_BOUND,
             rel_identity=ratio["rel_identity"], rel_classic=ratio["rel_classic"],
             tip_rel=ratio["tip_rel"], bound=REL_BOUND)
claims.claim("cl-range-tip", "가벼운 끝 링크의 토크", bool(scale[-1] == LIGHT), scale_last=scale[-1])
claims.claim("cl-range-cond", "질량비 있음)으로 커졌다", ratio["cond"] > 1e4 * big["cond"],
             cond_ratio=ratio["cond"], cond_big=big["cond"])
claims.claim("cl-range-fwd", "허용값({glue:text}`cl_forward_bound`) 안에 머물렀다",
             max(big["rel_forward"], ratio["rel_forward"]) < FORWARD_BOUND,
             big=big["rel_forward"], ratio=ratio["rel_forward"], bound=FORWARD_BOUND)
# 연구 질문(3.2.11.2절): 조건수는 크게 늘었는데 왕복 오차는 조건수만큼 늘지 않았다
cond_gain = ratio["cond"] / big["cond"]
fwd_gain = ratio["rel_forward"] / big["rel_forward"]
claims.claim("cl-rq-cond", "순동역학 왕복 오차는 조건수가 늘어난 만큼 늘지는 않았다", fwd_gain < cond_gain / 100,
             cond_gain=cond_gain, forward_error_gain=fwd_gain)
glue("cl_cond_gain_orders", int(np.floor(np.log10(cond_gain))), display=False)
print("상대 오차의 허용값", sci(REL_BOUND, 1), "| 순동역학 왕복의 허용값", sci(FORWARD_BOUND, 1))

# %% [markdown]
# 결과는 세 가지로 요약된다.
#
# % claim: cl-range-abs, cl-range-rel, cl-range-ratio, cl-range-tip, cl-range-cond, cl-range-fwd
#
# - **오차는 토크의 크기와 함께 자란다.** 관절 {glue:text}`cl_id_n_max`개까지의 사슬에서 쓴 절대
#   허용값({glue:text}`cl_abs_bound_small` N·m)은 $n = 64$에 그대로 옮겨지지 않는다. 이 사슬에서
#   $M\ddot q + h$와 RNEA의 차이는 최대 {glue:text}`cl_big_abs_identity` N·m이고, 그 허용값보다 크다.
#   그러나 토크 자체가 최대 {glue:text}`cl_big_tau_max:,` N·m에 이른다(실제 팔이 아니라 무작위 사슬과
#   무작위 상태의 값이다). 상태마다 가장 큰 토크로 나누어 상대 오차로 보면 항등식의 차이는
#   {glue:text}`cl_big_rel_identity`, 벡터 형태와 공간 형태의 차이는
#   {glue:text}`cl_big_rel_classic`에 그친다. 둘 다 배정밀도의 반올림 수준이고 상대 허용값
#   ({glue:text}`cl_rel_bound`) 안에 있다. 허용값은 절대값이 아니라 토크의 크기에 대한 상대값으로
#   정해야 한다는 것이 이 측정의 결론이다. 부록 C.2절 재현표의 절대 허용값은 그 표의 예제처럼
#   토크가 작은 사슬에서만 뜻이 있다. 두 사슬 크기에서 잰 것이므로, 오차가 $n$이나 토크에 어떤
#   거듭제곱으로 자라는지는 이 측정이 말하지 않는다.
# - **질량비는 RNEA의 정확도를 해치지 않았다.** 질량비가 $10^{6}$인 사슬에서도 두 상대 오차는
#   항등식 {glue:text}`cl_ratio_rel_identity`, 벡터 형태 대 공간 형태
#   {glue:text}`cl_ratio_rel_classic`이고, 같은 상대 허용값 안에 있다. 가벼운 끝 링크의 토크(최대
#   {glue:text}`cl_ratio_tip_tau` N·m)도 자기 크기에 대한 상대 오차가
#   {glue:text}`cl_ratio_tip_rel`이다. 후방 순환은 끝 링크부터 렌치를 쌓으므로, 무거운
#   링크의 큰 값이 가벼운 링크의 작은 값을 덮어 버리지 않는다.
# - **나빠지는 것은 질량 행렬로 연립방정식을 푸는 단계이다.** $M$의 조건수는 최대
#   {glue:text}`cl_big_cond`(질량비 없음)에서 {glue:text}`cl_ratio_cond`(질량비 있음)으로 커졌다.
#   순동역학, 곧 $M\ddot q = \tau - h$를 푸는 왕복의 상대 오차는 이 측정에서
#   {glue:text}`cl_big_rel_forward`(질량비 없음)과 {glue:text}`cl_ratio_rel_forward`(질량비 있음)이었고,
#   둘 다 허용값({glue:text}`cl_forward_bound`) 안에 머물렀다. 그러나 조건수가 이만큼 크면 일반적으로는
#   유효 숫자를 잃을 수 있으며, 이 결과를 다른 사슬로 일반화하지는 않는다.
#
# 잰 범위는 관절 $n = 64$개의 임의 사슬 하나와 그 질량비 변형 하나, 상태 각각
# {glue:text}`cl_states`개뿐이다. 그 밖의 구조(거의 특이한 자세, 아주 긴 직동 관절 등)는 재지
# 않았다.
#
# ### 3.2.10.6 입력 검증 — 물리적이지 않은 관성
#
# 공개된 버그 보고(어떤 동역학 라이브러리가 한때 틀린 답을 낸 사례)에는 작은 입력이 함께 실린 것이
# 많다. 그 가운데 작은 평면 2R 팔 하나를 여기서 P2라고 부른다. P2는 두
# 링크의 질량 중심 관성을 $\mathrm{diag}(I_{xx}, I_{yy}, I_{zz})$로 적어 두었는데, 그 값이
# 주관성 모멘트의 삼각 부등식 $I_1 + I_2 \ge I_3$을 어긴다. 모든 강체의 관성은 이 부등식을 만족하므로, 이런 텐서는 어떤
# 강체의 것도 될 수 없다. `chaindyn`의 `Chain`은 이 입력을 몰래 고치지 않고 거부한다.

# %%
VERTICAL_2R_MASSES = (2.0, 1.0)  # kg, 버그 보고에 적힌 P2의 값
VERTICAL_2R_COMS = [[0.5, 0.0, 0.0], [0.4, 0.0, 0.0]]  # m
VERTICAL_2R_INERTIAS = [np.diag([0.01, 0.01, 0.10]), np.diag([0.01, 0.01, 0.05])]  # kg m^2, 적힌 그대로
try:
    chaindyn.Chain.from_mdh([[0, 0, 0, 0], [0, 1.0, 0, 0]], VERTICAL_2R_MASSES, VERTICAL_2R_COMS, VERTICAL_2R_INERTIAS)
except ValueError as exc:
    print("ValueError:", exc)
I1 = VERTICAL_2R_INERTIAS[0]
claims.claim("cl-p2-violates", "$I_{xx} + I_{yy}$ (= {glue:text}`cl_p2_sum1` kg·m²)보다 크다",
             bool(I1[2, 2] > I1[0, 0] + I1[1, 1]), diag=np.diag(I1))
glue("cl_p2_izz1", float(I1[2, 2]), display=False)
glue("cl_p2_sum1", fixed(float(I1[0, 0] + I1[1, 1]), 4), display=False)


def p2_torque(inertias):
    """P2의 상태 S에서 토크 (버그 보고의 상태와 중력)."""
    chain = chaindyn.Chain.from_mdh([[0, 0, 0, 0], [0, 1.0, 0, 0]], VERTICAL_2R_MASSES,
                                    VERTICAL_2R_COMS, inertias)
    return chaindyn.rnea(chain, [0.3, 0.6], [1.0, -0.5], [0.2, 0.4], gravity=(0.0, -9.81, 0.0))


# 같은 I_zz를 가진 물리적인 텐서 두 가지: 얇은 판 diag(Izz/2, Izz/2, Izz)와 diag(0.4 Izz, 0.8 Izz, Izz)
izz = [float(tensor[2, 2]) for tensor in VERTICAL_2R_INERTIAS]
tau_plate = p2_torque([np.diag([z / 2, z / 2, z]) for z in izz])
tau_other = p2_torque([np.diag([0.4 * z, 0.8 * z, z]) for z in izz])
p2_err = float(np.abs(tau_plate - tau_other).max())
P2_BOUND = 1e-12  # N·m
claims.within("cl-p2-izz", "두 텐서의 토크 차이는 {glue:text}`cl_p2_err` N·m이다(허용 "
              "{glue:text}`cl_p2_bound`)", p2_err, P2_BOUND)
glue("cl_p2_bound", sci(P2_BOUND, 1), display=False)
print("얇은 판 텐서의 토크", fixed(tau_plate, 4), "N·m")

# %% tags=["hide-input", "nbval-ignore-output"]
# 반올림 수준의 값: nbval이 비교하지 않는다.
glue("cl_p2_err", sci(p2_err), display=False)
print(f"두 텐서의 토크 차이 {p2_err:.1e} N·m")

# %% [markdown]
# % claim: cl-p2-violates, cl-p2-izz
#
# 첫 링크에서 $I_{zz}$(= {glue:text}`cl_p2_izz1` kg·m²)가 $I_{xx} + I_{yy}$
# (= {glue:text}`cl_p2_sum1` kg·m²)보다 크다. 평면 운동의 토크는 $I_{zz}$에만 의존하므로, 같은
# $I_{zz}$를 가진 물리적인 텐서로 바꾸어도 토크는 그대로이다. 위의 계산은 얇은 판의 텐서
# $\mathrm{diag}(I_{zz}/2, I_{zz}/2, I_{zz})$와 다른 물리적인 텐서 하나로 버그 보고의 상태에서 토크를
# 계산한다. 두 텐서의 토크 차이는 {glue:text}`cl_p2_err` N·m이다(허용 {glue:text}`cl_p2_bound`). 검증
# 없이 받아들였다면 이 입력은 아무 경고 없이
# 그럴듯한 토크를 냈을 것이다. 입력 검증은 알고리즘의 정확도와 별개로, 결과를 믿을 수 있게 하는
# 또 하나의 조건이다.
#
# ## 3.2.11 스스로 점검하기, 열린 질문, 출처
#
# ### 3.2.11.1 체크포인트
#
# 아래 일곱 문항({numref}`ex-32-cp1`부터 {numref}`ex-32-cp7`까지)은 이 장의 코드와 예제를 손에 들고
# 푸는 과제이다. 풀이는 문항마다 접힌 상자에 들어 있고 누르면 열린다. 계산으로 확인할 수 있는 문항은
# 풀이 상자 안에 이 책의 계산 셀을 함께 넣어 두었다. 이 셀들은 책을 빌드할 때마다 다시 실행된다. 먼저
# 스스로 풀어 본 뒤에 펼쳐 보기를 권한다.
#
# :::{exercise} 전방 순환의 $\mathrm{ad}$ 항
# :label: ex-32-cp1
#
# `chaindyn.rnea`의 전방 순환은 링크 가속도에 $\mathrm{ad}_{V_i}(A_i)\,\dot q_i$라는 항을
# 더한다. 속도 점화식 $V_i = \mathrm{Ad}_{T_{i,i-1}}V_{i-1} + A_i\dot q_i$를 시간으로 미분해 이 항을
# 이끌어 내고, 이 항을 빠뜨린 구현이 어떤 계산에서는 맞는 값을 내고 어떤 계산에서 틀린 값을 낼지
# 말하라.
# (도움말: $T_{i,i-1}$이 $q_i$와 함께 변하므로 $\frac{d}{dt}\mathrm{Ad}_{T_{i,i-1}} =
# -\mathrm{ad}_{A_i\dot q_i}\,\mathrm{Ad}_{T_{i,i-1}}$이다.)
# :::
#
# :::{solution} ex-32-cp1
# :label: sol-32-cp1
# :class: dropdown
#
# 곱의 미분 법칙으로 세 항이 나온다. 수반 행렬의 미분에서 하나, $\dot V_{i-1}$에서 하나,
# $\ddot q_i$에서 하나이다.
#
# $$
# \dot V_i = -\mathrm{ad}_{A_i\dot q_i}\bigl(\mathrm{Ad}_{T_{i,i-1}}V_{i-1}\bigr)
# + \mathrm{Ad}_{T_{i,i-1}}\dot V_{i-1} + A_i\ddot q_i
# $$
#
# 첫 항의 괄호는 속도 점화식에 따라 $V_i - A_i\dot q_i$와 같다. 어떤 트위스트든 자기 자신과의 리
# 괄호는 0이므로 $\mathrm{ad}_{A_i\dot q_i}(A_i\dot q_i)$가 떨어져 나가고 첫 항은
# $-\mathrm{ad}_{A_i\dot q_i}V_i$만 남는다. 리 괄호의 반대칭성 $\mathrm{ad}_XY = -\mathrm{ad}_YX$로
# 순서를 바꾸면 이것이 $\mathrm{ad}_{V_i}(A_i)\,\dot q_i$이다 {cite:p}`lynch2017modern`. 물리적으로는
# 관절 축이 링크와 함께 움직이기 때문에 생기는 항이고, 원심·코리올리 가속도가 여기서 나온다.
#
# 이 항은 관절 속도가 모두 0이면 사라진다. 그래서 이 항을 빠뜨린 구현도 정역학, 중력 토크,
# 질량 행렬 열($\dot q = 0$으로 부른다)은 모두 맞게 낸다. 틀린 값은 속도가 있는 상태에서만
# 드러난다. 그러므로 구현을 확인하려면 $\dot q \ne 0$인 상태와 독립된 기준(닫힌 식, 다른 구현)이
# 필요하다. {doc}`풀이 예제 ① <ch3_2_examples>`이 무작위 상태에서 닫힌 식과 비교하는 이유이다.
# :::
#
# :::{exercise} 여섯 성분에서 토크 하나로
# :label: ex-32-cp2
#
# `chaindyn.joint_wrenches`는 관절마다 여섯 성분의 렌치 $F_i$를 돌려주지만, `rnea`가
# 돌려주는 것은 관절마다 수 하나 $\tau_i = F_i^{\mathsf T}A_i$이다. 여섯 성분에서 토크 하나를 고르는 이
# 규칙이 왜 맞는지 일률로 따져 보고, 버려진 다섯 성분은 누가 감당하는지 말하라.
# :::
#
# :::{solution} ex-32-cp2
# :label: sol-32-cp2
# :class: dropdown
#
# 렌치와 트위스트의 내적은 일률이다. 관절 $i$가 허용하는 상대 운동은 관절 축을 따르는 트위스트
# $A_i\dot q_i$뿐이므로, 관절을 거쳐 링크 $i$로 들어가는 일률은 $F_i^{\mathsf T}(A_i\dot q_i)$이다. 이
# 일률을 공급하는 것은 구동기뿐이고 구동기의 일률은 $\tau_i\dot q_i$이다. 두 값이 어떤 $\dot q_i$에서나
# 같아야 하므로 $\tau_i = F_i^{\mathsf T}A_i$가 된다.
#
# 관절이 허용하지 않는 운동 방향에 대응하는 나머지 다섯 성분은 허용된 운동에 일을 하지 않는다.
# 구동기가 아니라 베어링과 하우징 같은 구조가 받아 내야 하는 구속 렌치이다. 회전 관절이라면
# 축에 수직인 모멘트 두 성분(전도 모멘트)과 힘 세 성분이 여기에 속한다. 예제 6R 팔에서 이 성분들이 구동
# 토크보다 얼마나 큰지는 {doc}`3.2.5절의 ⑤ <ch3_2_examples>`(관절 반력 예제)가 보인다.
# :::
#
# :::{exercise} 기저 가속도로 넣은 중력
# :label: ex-32-cp3
#
# `chaindyn`의 중력 인자 `gravity`는 어느 링크에도 힘으로 더해지지 않고, 기저 가속도의
# 초깃값 $\dot V_0 = (0, -\mathfrak{g})$로만 들어간다. 그런데도 결과가 각 링크의 질량 중심에 무게
# $m_i\mathfrak{g}$를 걸어 준 경우와 같은 이유를 설명하라.
# :::
#
# :::{solution} ex-32-cp3
# :label: sol-32-cp3
# :class: dropdown
#
# 전방 순환의 가속도 식은 $\dot V_{i-1}$에 대해 선형이다. 또 각 성분이 0인 가속도 $(0, a)$를
# 수반 변환으로 옮기면 $(0, Ra)$가 되어 각 성분이 생기지 않는다. 그러므로
# $\dot V_0 = (0, -\mathfrak{g})$로 시작하면 속도와 관계없이 모든 링크의 $\dot V_i$에, 중력이 없을 때의
# 값에 더해 $(0, -\mathfrak{g}_i)$가 붙는다. 여기서 $\mathfrak{g}_i$는 $\mathfrak{g}$를 $\{i\}$의
# 성분으로 적은 것이다.
#
# 후방 순환에서 이 추가분은 $\mathcal{G}_i\dot V_i$를 통해 렌치
# $-\mathcal{G}_i(0, \mathfrak{g}_i)$를 더한다. 공간 관성의 정의를 따라 곱해 보면
# $\mathcal{G}_i(0, \mathfrak{g}_i) = (c_i \times m_i\mathfrak{g}_i,\ m_i\mathfrak{g}_i)$인데, 이것은 질량
# 중심 $c_i$에 작용하는 무게 $m_i\mathfrak{g}$를 $\{i\}$의 원점에 대해 적은 렌치이다. 따라서 관절
# 렌치 $F_i$에는 이 무게와 맞서는 렌치가 링크마다 더해진다. 각 링크의 질량 중심에 중력
# $m_i\mathfrak{g}$를 외력으로 가하고 관절들이 그것을 떠받치게 한 결과와 똑같다. 등가 원리, 곧
# 균일한 중력장 안에서는 무게와 기저의 가속을 서로 구별할 수 없다는 사실을 식으로 옮긴 것이다.
# 숫자로는 부록 C.2절 재현표의 "관절 1의 힘 대 총중량" 행이 이것을 보인다. 멈춰 있는 팔에서 첫
# 관절을 지나는 힘이 팔 전체의 무게와 반올림 수준까지 같다.
# :::
#
# :::{exercise} 곱셈 횟수의 비례 상수
# :label: ex-32-cp4
#
# RNEA 한 번의 곱셈 횟수는 관절 수 $n$에 정비례하고, 질량 행렬을 열마다 RNEA로 만들면
# $n^{2}$에 비례한다. 링크 하나가 거치는 연산을 나열해 비례 상수를 세고, 두 비례 관계가 어디서
# 오는지 설명하라.
# :::
#
# :::{solution-start} ex-32-cp4
# :label: sol-32-cp4
# :class: dropdown
# :::

# %%
# 연습 문제 ex-32-cp4의 풀이: 회전 관절 링크 하나가 거치는 곱셈을 부분마다 센다 (chaindyn.opcount.count).
rng_cp = np.random.default_rng(ch32.SEED)
one = models.random_chain(1, rng_cp, prismatic=0.0)
one_p = models.random_chain(1, rng_cp, prismatic=1.0)
A1, R1, p1 = one.screws[0], one.home[0, :3, :3], one.home[0, :3, 3]
X6, v6 = spatial.Ad_rp(R1, p1), rng_cp.standard_normal(6)
part = {
    "exp": count(spatial.screw_exp, A1, 0.3),
    "pose": count(lambda Ra, pa, Rb, pb: spatial.pose_mul((Ra, pa), (Rb, pb)), R1, p1, R1, p1),
    "Ad": count(spatial.Ad_rp, R1, p1),
    "mv6": count(lambda X, v: X @ v, X6, v6),
    "dot6": count(lambda F, A: F @ A, v6, A1),
}
# 6x6 행렬-벡터 곱: 전방 Ad V, Ad V̇, ad(V) A (3번), 후방 G V̇, G V, ad(V)^T (G V), Ad^T F (4번)
N_MV = 7
per_link = part["exp"] + part["pose"] + part["Ad"] + N_MV * part["mv6"] + part["dot6"]
per_link_rnea = count(chaindyn.rnea, one, [0.3], [0.1], [0.2])
per_link_prismatic = count(chaindyn.rnea, one_p, [0.3], [0.1], [0.2])
claims.claim("cl-cp4-sum", "`rnea`를 링크 하나짜리 사슬에 불러 센 값과 같다", per_link == per_link_rnea,
             parts=part, n_mv=N_MV, rnea=per_link_rnea)
for k, v in part.items():
    glue(f"cl_cp4_{k}", v, display=False)
glue("cl_cp4_nmv", N_MV, display=False)
glue("cl_cp4_mvtotal", N_MV * part["mv6"], display=False)
glue("cl_per_link", per_link_rnea, display=False)
glue("cl_per_link_prismatic", per_link_prismatic, display=False)
print(part, "합:", per_link, "| rnea 한 링크:", per_link_rnea,
      "| 직동 관절 한 링크:", per_link_prismatic)

# %% [markdown]
# 이 장의 구현은 링크마다 같은 연산을 희소성 없이 수행한다. `chaindyn.opcount.count`로 회전 관절
# 링크 하나의 곱셈을 부분마다 세면 다음과 같다.
#
# - 관절 자세의 지수 사상 `screw_exp`: {glue:text}`cl_cp4_exp`
# - 홈 자세와의 합성 `pose_mul`: {glue:text}`cl_cp4_pose`
# - 수반 행렬 $\mathrm{Ad}_{T_{i,i-1}}$의 $[p]R$: {glue:text}`cl_cp4_Ad`
# - $6\times6$ 행렬-벡터 곱 {glue:text}`cl_cp4_nmv`번(전방의 $\mathrm{Ad}\,V$,
#   $\mathrm{Ad}\,\dot V$, $\mathrm{ad}_{V}A$와 후방의 $\mathcal{G}\dot V$, $\mathcal{G}V$,
#   $\mathrm{ad}_V^{\mathsf T}(\mathcal{G}V)$, $\mathrm{Ad}^{\mathsf T}F$), 한 번에 {glue:text}`cl_cp4_mv6`씩
#   {glue:text}`cl_cp4_mvtotal`
# - 토크 $F_i^{\mathsf T}A_i$의 내적: {glue:text}`cl_cp4_dot6`
#
# % claim: cl-cp4-sum
#
# 합은 {glue:text}`cl_per_link`이고, `rnea`를 링크 하나짜리 사슬에 불러 센 값과 같다. 어느 부분도 관절 수에 의존하지 않으므로 회전 관절 $n$개인 사슬에서 RNEA 한 번은 이
# 값의 $n$배이다. 직동 관절은 지수 사상에 곱셈이 없어 링크당 {glue:text}`cl_per_link_prismatic`이다.
# 질량 행렬은 열 $j$를 얻으려고 $\ddot q = e_j$로 RNEA를 한 번씩, 모두 $n$번 부르므로 다시 $n$배가
# 되어 링크당 값의 $n^{2}$배이다. 부록 C.2절 재현표의 곱셈 행에도 같은 값이 있다.
#
# :::{solution-end}
# :::
#
# :::{exercise} 질량 행렬의 열을 얻는 호출
# :label: ex-32-cp5
#
# `chaindyn.mass_matrix`는 관절 수만큼의 RNEA 호출로 질량 행렬 $M(q)$를 한 열씩 만든다(그 호출들을
# 한 번의 배치로 묶어서). 열
# $j$를 얻는 호출에 속도, 중력 벡터, 가속도를 각각 무엇으로 넣어야 하는지 정하고, 그 가운데 하나라도
# 다르게 넣으면 무엇이 섞여 나오는지 예제 6R 팔로 확인하라.
# :::
#
# :::{solution-start} ex-32-cp5
# :label: sol-32-cp5
# :class: dropdown
# :::

# %% tags=["nbval-ignore-output"]
# 연습 문제 ex-32-cp5의 확인: 속도와 중력을 켠 채 부르면 h가 섞이고, h를 빼면 다시 M의 열이 된다.
arm = models.arm6r()
traj = ch32.trajectory_terms()
k0 = 75  # 궤적의 가운데 점
q5, qd5 = traj["q"][k0], traj["qd"][k0]
M5 = chaindyn.mass_matrix(arm, q5)
h5 = chaindyn.bias_force(arm, q5, qd5, gravity=ch32.GRAVITY)
mixed = np.stack([chaindyn.rnea(arm, q5, qd5, e, gravity=ch32.GRAVITY) for e in np.eye(6)], axis=1)
cp5_mixed = float(np.abs(mixed - M5).max())
cp5_err = float(np.abs(mixed - h5[:, None] - M5).max())
CP5_BOUND = 1e-12  # N·m
glue("cl_cp5_err", sci(cp5_err), display=False)
glue("cl_cp5_bound", sci(CP5_BOUND, 1), display=False)
claims.within("cl-cp5-h", "그것을 빼면 열과의 차이가 {glue:text}`cl_cp5_err`으로 줄어든다(허용 "
              "{glue:text}`cl_cp5_bound`)", cp5_err, CP5_BOUND)
claims.claim("cl-cp5-mixed", "열과의 차이가 최대 {glue:text}`cl_cp5_mixed` N·m에 이른다",
             cp5_mixed > 1e6 * CP5_BOUND, mixed=cp5_mixed)
print(f"max |RNEA(q, q̇, e_j, g) - M e_j| = {cp5_mixed:.4f}, h를 빼면 {cp5_err:.1e}")

# %%
glue("cl_cp5_mixed", fixed(cp5_mixed, 4), display=False)
print(fixed(cp5_mixed, 4))

# %% [markdown]
# 넣을 값은 $\dot q = 0$, $\mathfrak{g} = 0$, $\ddot q = e_j$($j$번째 성분만 1인 단위 벡터)이다.
# RNEA가 돌려주는 토크는 $M(q)\ddot q + C(q,\dot q)\dot q + g(q)$이다. 속도를 0으로 두면 속도에
# 대해 이차인 $C(q,\dot q)\dot q$가 사라진다. 중력 벡터 $\mathfrak{g}$를 0으로 두면 그것에 비례하는
# $g(q)$가 사라진다. 남은 $M(q)\ddot q$에 $\ddot q = e_j$를 넣으면 $M e_j$, 곧 $j$번째 열이 나온다.
# 토크가 $\ddot q$의 일차식이니, 단위 가속도를 하나씩 넣어 모은 열들은 어림값이 아니라 $M$ 그
# 자체이다.
#
# % claim: cl-cp5-h, cl-cp5-mixed
#
# 위의 셀은 예제 6R 팔 궤적의 한 상태에서 속도와 중력을 켠 채 같은 호출을 해 본다. 그러면 열과의
# 차이가 최대 {glue:text}`cl_cp5_mixed` N·m에 이른다. 이 차이는 열마다 같은 벡터, 곧 바이어스 힘
# $h(q,\dot q)$이다. 그것을 빼면 열과의 차이가 {glue:text}`cl_cp5_err`으로 줄어든다(허용
# {glue:text}`cl_cp5_bound`).
#
# :::{solution-end}
# :::
#
# :::{exercise} 마지막 링크의 뉴턴-오일러 방정식
# :label: ex-32-cp6
#
# RNEA가 마지막 링크에서 하는 일을 평면 2R 팔에 대해 손으로 해 보라. 링크 2 하나의
# 뉴턴-오일러 방정식에서 Modern Robotics {cite:p}`lynch2017modern` 식 (8.9)의 $\tau_2$가 나오는지
# 확인하는 과제이다. 점질량 모델(질량이 링크 끝에 몰려 있는 경우)에서 그 식은 다음과 같다
# ($\mathrm{g}$는 중력 가속도의 크기이다).
#
# $$
# \tau_2 = m_2\left(L_1L_2\cos q_2 + L_2^{2}\right)\ddot q_1 + m_2L_2^{2}\,\ddot q_2
# + m_2L_1L_2\,\dot q_1^{2}\sin q_2 + m_2 \mathrm{g} L_2\cos(q_1+q_2)
# $$ (eq-closing-2r-tau2)
# :::
#
# :::{solution-start} ex-32-cp6
# :label: sol-32-cp6
# :class: dropdown
# :::
#
# 아래 셀은 이 과정을 sympy로 밟는다. 마지막 링크 뒤에는 링크가 없으므로, 후방 순환의 첫 단계는
# 링크 2 하나의 뉴턴-오일러 방정식이다. 질량 중심의 가속도 $\ddot p_{c2}$를 위치의 시간 미분으로
# 구한다. 관절 2가 링크 2에 전달해야 하는 힘은 $m_2(\ddot p_{c2} - \mathfrak{g})$이고
# ($\mathfrak{g} = (0, -\mathrm{g})$), 이 힘의 관절 2에 대한 모멘트에 질량 중심에 대한 각운동량의
# 변화 $I_2(\ddot q_1 + \ddot q_2)$를 더하면 관절 축 방향 모멘트, 곧 $\tau_2$가 된다. 모델은 질량
# 중심 거리 $r_2$와 관성 $I_2$를 둔 일반형으로 두고, $r_2 = L_2$, $I_2 = 0$을 넣어
# {eq}`eq-closing-2r-tau2`와 비교한다.

# %%
s2 = planar_symbols(2)
q, dq, ddq = s2["q"], s2["dq"], s2["ddq"]
m2, L1, L2, r2, I2, g = s2["m"][1], s2["L"][0], s2["L"][1], s2["r"][1], s2["I"][1], s2["g"]
joint2 = sp.Matrix([L1 * sp.cos(q[0]), L1 * sp.sin(q[0])])
com2 = joint2 + r2 * sp.Matrix([sp.cos(q[0] + q[1]), sp.sin(q[0] + q[1])])
vel2 = com2.applyfunc(lambda e: ddt(e, q, dq, ddq))  # 질량 중심의 속도
acc2 = vel2.applyfunc(lambda e: ddt(e, q, dq, ddq))  # 질량 중심의 가속도
force2 = m2 * (acc2 - sp.Matrix([0, -g]))  # 관절 2가 링크 2에 전달하는 힘
arm2 = com2 - joint2
tau2_ne = sp.expand(arm2[0] * force2[1] - arm2[1] * force2[0] + I2 * (ddq[0] + ddq[1]))
tau2_ne = sp.simplify(tau2_ne)

tau2_mr = (m2 * (L1 * L2 * sp.cos(q[1]) + L2**2) * ddq[0] + m2 * L2**2 * ddq[1]
           + m2 * L1 * L2 * dq[0] ** 2 * sp.sin(q[1]) + m2 * g * L2 * sp.cos(q[0] + q[1]))
diff_mr = sp.simplify(tau2_ne.subs({r2: L2, I2: 0}) - tau2_mr)
tau_lag2, s_lag = planar_lagrange(2)
diff_lag = sp.simplify(tau2_ne - tau_lag2[1])
claims.claim("cl-cp6-sym", "(`sympy.simplify`로 구한 차이가 0)", diff_mr == 0 and diff_lag == 0,
             diff_mr=diff_mr, diff_lag=diff_lag)
print("뉴턴-오일러 τ2 =", sp.collect(sp.expand(tau2_ne), [ddq[0], ddq[1]]))
print("식 (8.9)와의 차이:", diff_mr, "| 라그랑주 유도와의 차이:", diff_lag)

# %% tags=["nbval-ignore-output"]
# 수치 확인: 라그랑주 유도식 전체(τ1, τ2)를 chaindyn.rnea와 비교한다.
# models.planar_2r는 질량 중심 관성이 0일 수 없으므로 izz > 0인 ch32.PLANAR_2R을 쓴다.
p2r = ch32.PLANAR_2R
values = {g: G0}
for k in range(2):
    values.update({s_lag["m"][k]: p2r["masses"][k], s_lag["L"][k]: p2r["lengths"][k],
                   s_lag["r"][k]: p2r["lengths"][k], s_lag["I"][k]: p2r["izz"][k]})
tau_fn = sp.lambdify([s_lag["q"], s_lag["dq"], s_lag["ddq"]],
                     [e.subs(values) for e in tau_lag2], "numpy")
rng6 = np.random.default_rng(ch32.SEED + 6)
Q6 = rng6.uniform(-np.pi, np.pi, (50, 2))
QD6 = rng6.uniform(-3, 3, (50, 2))
QDD6 = rng6.uniform(-10, 10, (50, 2))
tau_sym = np.array([tau_fn(a, b, c) for a, b, c in zip(Q6, QD6, QDD6)])
tau_num = chaindyn.rnea(models.planar_2r(**p2r), Q6, QD6, QDD6, gravity=(0.0, -G0, 0.0))
cp6_err = float(np.abs(tau_sym - tau_num).max())
glue("cl_cp6_err", sci(cp6_err), display=False)
glue("cl_cp6_samples", len(Q6), display=False)
CP6_BOUND = 1e-12  # N·m
glue("cl_cp6_bound", sci(CP6_BOUND, 1), display=False)
claims.within("cl-cp6-num", "최대 차이는 {glue:text}`cl_cp6_err` N·m이다(허용 {glue:text}`cl_cp6_bound`)",
              cp6_err, CP6_BOUND)
print(f"max |τ_sympy - τ_rnea| = {cp6_err:.1e} N·m")

# %% [markdown]
# % claim: cl-cp6-sym
#
# 기호 계산 셀(위의 첫째 셀)의 출력이 답이다. 링크 2 하나의 뉴턴-오일러 방정식에서 얻은
# $\tau_2$는 $r_2 = L_2$, $I_2 = 0$에서 {eq}`eq-closing-2r-tau2`와 기호적으로 같고
# (`sympy.simplify`로 구한 차이가 0), 일반형 그대로 3.2.6.1절의 라그랑주 유도와도 같다. 유도 과정에서
# $\dot q_1^{2}\sin q_2$ 항은 관절 2가
# 관절 1을 중심으로 도는 원운동에서 나온다. 그 구심 가속도(크기 $L_1\dot q_1^{2}$, 관절 2에서
# 관절 1을 향함)를 링크 2에 주려면 힘이 필요하고, 이 힘이 관절 2에서 질량 중심까지의 팔 길이로
# 모멘트를 만든다.
#
# % claim: cl-cp6-num
#
# 바로 위 셀은 일반형의 $\tau_1$, $\tau_2$를 모두 수치로 바꾸어 `chaindyn.rnea`와 무작위 상태
# {glue:text}`cl_cp6_samples`개에서 비교한다. 최대 차이는 {glue:text}`cl_cp6_err` N·m이다(허용
# {glue:text}`cl_cp6_bound`). 풀이 예제의 닫힌 식 비교(부록 C.2절 재현표의 첫 행)와는 따로, 손으로 유도한 식으로 한
# 번 더 확인한 셈이다.
#
# :::{solution-end}
# :::
#
# :::{exercise} Pinocchio에 넘기는 말단 렌치
# :label: ex-32-cp7
#
# `chaindyn.rnea(chain, q, qd, qdd, f_tip=F)`가 내는 토크를 Pinocchio의 `rnea`로 똑같이
# 얻으려면 외력 인자 `fext`에 무엇을 넘겨야 하는가? 이 책의 $F_{\mathrm{tip}}$이 누가 누구에게
# 가하는 렌치인지부터 짚어 보라.
# :::
#
# :::{solution} ex-32-cp7
# :label: sol-32-cp7
# :class: dropdown
#
# 먼저 부호를 뒤집는다. 두 구현이 외력을 보는 쪽이 다르기 때문이다. 이 책의 $F_{\mathrm{tip}}$은
# 말단이 환경을 미는 렌치이고, Pinocchio의 `fext`는 바깥에서 몸체에 가해지는 렌치이다. 작용·반작용에
# 따라 환경이 말단을 미는 렌치는 $-F_{\mathrm{tip}}$이므로 `fext`에는 $-F_{\mathrm{tip}}$이 들어간다.
# Pinocchio의 `rnea`는 관성·중력 토크에서 외력이 만드는 관절 토크를 빼서 돌려준다. 그러므로 이렇게
# 넣어야 이 책의 $\tau = \ldots + J_b^{\mathsf T}F_{\mathrm{tip}}$과 같은 값이 된다.
#
# 부호 다음에도 두 가지가 남는다. Pinocchio의 공간 벡터는 (힘, 모멘트) 순서이므로 이 책의
# (모멘트, 힘) 성분을 바꾸어 넣어야 하고, 렌치를 Pinocchio가 요구하는 관절 좌표계로 옮겨야 한다.
# 이 책에서는 `chaindyn.interop.pinocchio_fext`가 세 변환을 한꺼번에 한다.
#
# 이 변환이 맞는지는 {doc}`3.2.5절의 ⑥ <ch3_2_examples>`(라이브러리 대조)에서 확인할 수 있다. 그 절의
# 대조 표에서 Pinocchio의 `rnea with tip wrench (fext)` 행이 말단 렌치를 넣은 토크를 `chaindyn.rnea`와
# 비교하고, 같은 절의 규약 실수 표는 부호를 뒤집지 않거나 성분 순서를 바꾸지 않았을 때 토크가 얼마나
# 틀리는지 보인다.
# :::
#
# ### 3.2.11.2 연구 질문
#
# % claim: cl-rq-time, cl-rq-cond
#
# - 희소성(블록 삼각 구조의 $\mathrm{Ad}$, 블록 구조의 $\mathcal{G}_i$)을 쓰면 링크당 곱셈과 실행
#   시간이 얼마나 주는가? 이 질문의 앞부분은 부록 B가 이 책의 구현으로 답했다. 구조를 살린
#   `rnea_structured`의 곱셈은 {ref}`sec-b-counts`에, 두 구현의 시간은 {ref}`sec-b-single`과
#   {ref}`sec-b-batch`에 있다. 예제 6R 팔 한 상태에서 `rnea`의 곱셈은 `rnea_structured`의
#   {glue:text}`cl_rq_count_ratio`배였지만, 한 번 호출의 시간은 {glue:text}`cl_rq_time_ratio`배였다. 시간의
#   차이가 곱셈 수의 차이보다 훨씬 컸다. 남는 질문은 그 까닭이다.
#   같은 구조를 컴파일되는 언어로 옮기면 두 구현의 시간 비가 곱셈 수의 비에 가까워지는가, 아니면
#   메모리 접근과 분기가 또 다른 상수를 만드는가?
# - 3.2.10.5절에서 질량비는 $M$의 조건수를 {glue:text}`cl_cond_gain_orders` 자릿수 넘게 키웠다. 그런데도
#   순동역학 왕복 오차는 조건수가 늘어난 만큼 늘지는 않았다. 어떤 사슬과 자세에서 조건수만큼의
#   정확도 손실이 실제로 나타나는가? ABA(3.5장)처럼 $M$을 만들지 않는 알고리즘은 이 손실을 피하는가?
# - RNEA가 설명하지 못하는 토크(3.2.10.1절의 마찰, 유연성 같은 요소)를 데이터로 학습해 보정한다고
#   하자. 학습 보정은 12.27장(이 책 범위 밖)의 주제이다. 보정 항은 관절 토크에 바로 더할 수도, 링크마다 렌치로 더해 후방 순환에 태울 수도,
#   관성 파라미터를 고치는 형태로 넣을 수도 있다. 로봇이 학습 자료에 없던 자세와 속도로 움직일 때
#   세 방법은 각각 어떻게 거동하며, 그 보정을 쓰는 폐루프 제어의 안정성에는 어떤 차이가 생기는가?
#
# ### 3.2.11.3 출처
#
# 이 장의 식과 표기는 {cite:t}`lynch2017modern`의 8.3절(뉴턴-오일러 역동역학의 유도와 알고리즘)과
# 8.4절 앞부분(질량 행렬과 행렬 형태의 재귀)을 따른다. 이 장이 인용한 나머지 문헌은 다음과 같다.
# 재귀 뉴턴-오일러 방법의 초기 정식화 {cite:p}`orin1979kinematic,luh1980online`, 정식화별 연산량 비교
# {cite:p}`hollerbach1980recursive`, 순동역학으로의 응용 {cite:p}`walker1982efficient`, 공간 벡터
# 알고리즘의 교과서 {cite:p}`featherstone2008rigid`, 그리고 라이브러리 논문
# {cite:p}`carpentier2019pinocchio,todorov2012mujoco,corke2021toolbox`이다.
#
# 이 가운데 원문을 직접 읽고 쪽수까지 밝혀 인용한 것은 RBDA의 5장(5.3절–5.5절, 92–100쪽)뿐이다. 그
# 장에서 가져온 것은 네 가지이다. RNEA를 처음 기술한 논문으로 {cite:t}`luh1980online`을 든다는 것과 그보다
# 이른 형태가 있었다는 것(5.4절, 5.5절), 중력을 기저의 가상 가속도로 넣는 방법(5.3절), 그리고 3차원
# 벡터 형태와 공간 형태의 대응(표 5.2)이다. Hollerbach의 $O(n^4)$ 대 $O(n)$ 비교도 RBDA 5.5절이 전하는
# 내용으로만 안다. 나머지 문헌은 서지 정보만 확인했으므로, 그 원문에서만 확인할 수 있는 수치(연산량의
# 차수나 곱셈 수)는 가져오지 않았다. 이 장의 곱셈 횟수는 모두 이 책의 코드에서 센 것이다. 이 장의 식이
# 맞다는 근거도 문헌이 아니라 이 책의 계산, 곧 닫힌 식·벡터 형태·네 라이브러리와의 대조이다
# ({doc}`부록 C <appendix_reproduction>`의 C.2절).
#
# 각 문헌의 서지 정보와 DOI는 {doc}`참고 문헌 <bibliography>` 페이지에 있다.
#
# 이 장이 출발한 원고가 보고한 허용 오차, 곱셈 횟수, 궤적의 결과를 이 책의 값과 나란히 놓은 표는
# {doc}`부록 C <appendix_reproduction>`의 C.2절에 있다.
#
# ### 3.2.11.4 다음 장 — 3.3장 라그랑주 정식화
#
# 이 장의 RNEA는 링크마다 힘과 가속도의 균형에서 출발했다. 3.3장은 링크의 에너지만으로, 곧 라그랑지안
# 하나를 관절 변수로 미분해 같은 운동방정식에 이른다. 그 길이 RNEA와 같은 토크를 주는지는
# `chaindyn.rnea`와 맞대어 확인하고, 3.2.6.1절에서 본 기호식의 크기와 재귀 알고리즘의 연산량이 어떻게
# 다른지를 더 자세히 비교한다.

