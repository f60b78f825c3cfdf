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
# # 부록 B. 성능 측정
#
# 3.2장은 RNEA의 비용을 곱셈 횟수로만 세었다({ref}`sec-rnea-opcount`). 링크 하나에 스칼라 곱셈이
# {glue:text}`bp_dense_products`번 든다는 그 값은 희소성을 전혀 쓰지 않고 6×6 행렬을 그대로 곱하는
# 구현의 것이다. 3.2.11.2절의 첫 연구 질문은 여기서 출발한다. **구조(희소성)를 이용하면 이 곱셈을
# 얼마나 줄일 수 있고, 시간은 얼마나 주는가?** 이 부록은 그 질문에 이 책의 구현으로 답한다. 그리고
# 같은 계산이 실제로 몇 마이크로초에, 얼마의 메모리로 끝나는지 측정해 적는다.
#
# 이 페이지는 두 가지 종류의 수를 다룬다.
#
# - **곱셈 횟수**는 이 페이지를 빌드할 때마다 `chaindyn.opcount.count`로 다시 센다. 기계와
#   상관없이 늘 같은 값이다.
# - **시간과 메모리**는 벤치마크 스크립트 `figsrc/bench_rnea.py`, `bench_35.py`(`make bench`)가 한
#   번 재서 `data/bench_*.csv`와 `book/figures/bench_*.png`에 기록한 값이다. 이 페이지는 그 파일을
#   읽기만 하고, 빌드 중에 시간을 재지 않는다.
#
# 그러므로 아래의 시간은 모두 한 기계({numref}`tab-b-machine`)에서 한 번 돌린 결과이다. 대상도
# 좁다. 한 번 호출과 배치는 예제 6R 팔 하나로, 링크 수에 따른 증가는 임의의 회전 관절 사슬로만
# 쟀다. "빠르다", "늘지 않는다" 같은 말은 모두 이 측정에 대한 말이다. 다른 기계나 다른 로봇에서
# 방법들 사이의 비율이 얼마나 달라지는지는 이 부록이 재지 않았다.
#
# 파일을 읽고 곱셈을 세어 표를 만드는 코드 셀은 접어 두었다(펼치면 코드가 보인다).

# %% tags=["hide-input"]
import csv
import sys
from pathlib import Path

import numpy as np
from myst_nb import glue

import chaindyn as cd
from chaindyn import engine, models
from chaindyn.opcount import count
from chaindyn_book import claims
from chaindyn_book.ch32 import mass_matrix_by_columns

sys.path.insert(0, str(Path("..").resolve() / "figsrc"))
from _numbers import fixed, sci  # noqa: E402  (figsrc/_numbers.py)
from _tables import md_table  # noqa: E402  (figsrc/_tables.py)

DATA = Path("..").resolve() / "data"


def fx(x, decimals=0):
    """A value read or computed for the prose, rounded by _numbers.fixed (whole numbers as int)."""
    v = fixed(float(x), decimals)
    return int(v) if decimals == 0 else v


def read(name):
    with (DATA / name).open(encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


machine = {r["key"]: r["value"] for r in read("bench_machine.csv")}
single = {r["method"]: r for r in read("bench_single.csv")}
batch = read("bench_batch.csv")
growth = read("bench_growth.csv")
print(len(single), "methods timed once;", len(batch), "batch rows;", len(growth), "growth rows")

# %% [markdown]
# (sec-b-counts)=
# ## B.1 곱셈 횟수: 구조를 쓰면 얼마나 줄어드는가
#
# ### B.1.1 일곱 가지 구조
#
# `chaindyn.rnea`는 3.2.4절의 알고리즘을 글자 그대로 옮긴 구현이다. 링크마다 스크루 지수 함수로
# 자세를 만들고, 그것으로 6×6 수반 행렬 $\mathrm{Ad}$를 채운 뒤, 트위스트·가속도·렌치를 모두 이
# 행렬과의 밀집 곱으로 옮긴다. 그런데 이 행렬들에는 0과 반복되는 블록이 많다. 함수
# `chaindyn.rnea_structured`는 같은 토크를 일곱 가지 구조를 이용해 계산한다. 모두 문헌과
# 라이브러리에서 쓰는 방법이다 {cite:p}`featherstone2008rigid,craig2018introduction`. 아래 식은
# `src/chaindyn/engine/sweeps.py`의 RNEA가 하는 계산을 그대로 적은 것이고(관절 프레임과 상수는
# `src/chaindyn/structured.py`가 미리 계산한다), 기호는 {doc}`notation`에 정리한
# 것과 같다.
# 각가속도는 $\dot\omega_i$, 링크 $\{i'\}$ 원점의 (관성계에 대한) 가속도는 $\ddot p_i$로 적는다.
#
# 1. **수정 DH 관절 프레임.** 링크마다 그 링크에 붙은 프레임 $\{i'\}$를 사슬을 불러올 때 한 번
#    정한다. z축은 관절 축, x축은 축 $i$와 축 $i+1$의 공통 법선, 원점은 그 법선이 축 $i$와 만나는
#    점이다. 그러면 $\{(i-1)'\}$에서 $\{i'\}$로 가는 변환은 세 단계로 적힌다. 이전 x축을 따라
#    공통 법선의 발까지 $a_{i-1}$만큼, x축에 대한 회전 $R_x(\alpha_{i-1})$과 z축에 대한 회전
#    $R_z(\theta_i + q_i)$, 그리고 새 축을 따라 원점까지 $s_i$만큼 미끄러지는 것이다.
#
#    $$
#    R_{i-1,i} = R_x(\alpha_{i-1})\,R_z(\theta_i + q_i), \qquad
#    s_i = \begin{cases} d_i & \text{회전 관절} \\ d_i + q_i & \text{직동 관절} \end{cases}
#    $$ (eq-b-joint-frame)
#
#    (직동 관절의 회전은 $R_z(\theta_i)$로 상수이다.) 한 좌표축에 대한 회전은 3-벡터 하나에 곱셈
#    4번, 한 좌표축을 따른 이동은 외적 성분 2개나 3개면 된다. 일반 회전 행렬(9번)이나 6×6 수반
#    행렬(36번)보다 훨씬 싸다. 관절 스크루는 이 프레임에서 $\hat z$이므로
#    $\tau_i = F_i^{\mathsf T} A_i$는 성분 하나를 고르는 일이 되어 곱셈이 들지 않는다. 두 축이
#    평행하거나 거의 평행하면 공통 법선의 발이 사슬 크기의 몇 배 밖으로 달아난다. 그럴 때는 원점을
#    앞의 발에 두고 첫 단계의 이동을 일반 3-벡터로 적는다.
# 2. **회전과 병진을 따로.** 6-벡터 대신 $\omega_i$, $\dot\omega_i$, $\ddot p_i$, 모멘트 $N_i$, 힘
#    $F_i$를 모두 3-벡터로 다루고 $[p]R$ 블록 대신 외적을 쓴다. 회전 관절이면
#
#    $$
#    \omega_i = R_{i-1,i}^{\mathsf T}\,\omega_{i-1} + \hat z\,\dot q_i, \qquad
#    \dot\omega_i = R_{i-1,i}^{\mathsf T}\,\dot\omega_{i-1}
#                   + \left(R_{i-1,i}^{\mathsf T}\,\omega_{i-1}\right)\times\hat z\,\dot q_i + \hat z\,\ddot q_i
#    $$ (eq-b-angular)
#
#    이고, 직동 관절에는 관절 항이 없어 두 식 모두 첫 항만 남는다.
# 3. **텐서 $\Omega$와 축 위의 점.** 링크마다 $\Omega_i = [\dot\omega_i] + [\omega_i]^2$를 $\omega_i$
#    성분끼리의 곱 6개로 한 번 만든다. 링크에 고정된 점 $r$에 대해 $\Omega_i r$는 그 점의 가속도에서
#    원점의 가속도를 뺀 부분이다. 원점의 가속도는 두 번에 나누어 옮긴다.
#
#    $$
#    \ddot p_{Q,i} = \ddot p_{i-1} + a_{i-1}\,\Omega_{i-1}\hat x, \qquad
#    \ddot p_i = R_{i-1,i}^{\mathsf T}\,\ddot p_{Q,i} + s_i\,\Omega_i\,\hat z
#    \;\left(+\,2\,\omega_i\times\hat z\,\dot q_i + \hat z\,\ddot q_i\right)
#    $$ (eq-b-origin-acc)
#
#    괄호 안은 직동 관절에만 붙는다. 공통 법선의 발 $Q_i$는 관절 축 위의 점이다. 축 위의 점은 관절이
#    돌아도 움직이지 않는다. 따라서 그 점의 가속도는 링크 $i-1$의 운동으로 구해도 링크 $i$의 운동으로
#    구해도 같다. 그래서 첫 단계는 $\Omega_{i-1}$의 첫째 열(곱셈 3번), 둘째 단계는 $\Omega_i$의 셋째
#    열(곱셈 3번)만 쓴다. 한 번에 옮기면 일반 벡터와의 곱(9번)이 든다.
# 4. **원점에 대한 관성, 오일러 식의 전개.** 3.2장의 표는 질량 중심에 대한 관성 $I_{c,i}$를 준다.
#    재귀식은 $\{i'\}$의 원점에 대한 모멘트를 쓰므로, 평행축 정리로 원점에 대한 관성 $I_{o,i}$를
#    미리 만들어 둔다($[c]^{\mathsf T}[c] = |c|^2\mathbf 1 - c\,c^{\mathsf T}$).
#
#    $$
#    I_{o,i} = I_{c,i} + m_i\,[c_i]^{\mathsf T}[c_i]
#    $$ (eq-b-inertia)
#
#    링크가 받아야 할 힘과 원점에 대한 모멘트는 질량, 1차 모멘트 $(mc)_i = m_i c_i$, $I_{o,i}$로
#
#    $$
#    f_i^{B} = m_i \ddot p_i + \Omega_i (mc)_i, \qquad
#    n_i^{B} = I_{o,i}\,\dot\omega_i + \omega_i\times I_{o,i}\,\omega_i + (mc)_i \times \ddot p_i
#    $$ (eq-b-body)
#
#    이다. 오일러 항 $I\dot\omega + \omega\times I\omega$를 성분으로 풀면 $\omega$의 곱 6개와
#    $\dot\omega$의 성분이 관성 성분 하나를 함께 곱하는 쌍으로 묶인다. x 성분은
#
#    $$
#    I_{xx}\dot\omega_x + I_{xy}(\dot\omega_y - \omega_x\omega_z) + I_{xz}(\dot\omega_z + \omega_x\omega_y)
#    + (I_{zz} - I_{yy})\,\omega_y\omega_z + I_{yz}(\omega_y^2 - \omega_z^2)
#    $$ (eq-b-euler)
#
#    이고 y, z 성분은 첨자를 돌려 얻는다. 성분마다 곱셈 5번, 모두 15번이다. $I_{zz} - I_{yy}$ 같은
#    차는 사슬을 불러올 때 한 번 계산해 둔다. 후방 순환은 $F_i = f_i^{B} + F_{i+1}$,
#    $N_i = n_i^{B} + N_{i+1}$를 $\{i'\}$에서 모은다. 그다음 축을 따라 발까지 되돌아가고
#    ($N \mathrel{+}= s_i\,\hat z\times F$), 두 번의 한 축 회전으로 $\{(i-1)'\}$에 옮긴다. 끝으로 법선을
#    따라 원점까지 간다($N \mathrel{+}= a_{i-1}\hat x\times F$).
# 5. **상수 접기.** 사슬을 불러올 때 계산한 상수 가운데 반올림 오차 범위에서 0이나 $\pm1$인 것은
#    구조적 상수 `ZERO`, `ONE`, `MINUS_ONE`으로 바꾼다. 이 객체와의 곱은 계산되지 않고(파이썬의 연산자
#    규칙이 곱 자체를 건너뛴다), 더하면 다른 항이 그대로 남는다. 정지한 기저의 각속도와 각가속도도
#    `ZERO`이다. 호출 중에는 어떤 값도 0인지 검사하지 않는다. 교차하는 축($a = 0$), 직각인
#    비틀림, 대칭인 관성 같은 기하의 0이 이렇게 곱셈에서 빠진다.
# 6. **사슬의 양 끝.** 링크 1은 정지에서 출발하므로 $\omega_1 = \hat z\,\dot q_1$이고 $\tau_1$ 하나만
#    필요하다. 링크 2는 링크 1에 모멘트의 z 성분만 넘긴다(링크 1이 직동 관절이면 힘의 z 성분).
#    재귀식은 모든 링크에서 같은 식을 쓰고, 읽히지 않는 나머지 성분은 7번의 컴파일이 지운다.
#    마지막 프레임 $\{n'\}$는 다음 축이 없으니 원점을 발에 두고($d_n = 0$), x축을 마지막 링크
#    관성의 xy 평면 주축에 맞춘다($I_{xy} = 0$).
# 7. **사슬마다 한 번 컴파일.** 위의 재귀식은 사슬마다 처음 한 번, 값을 계산하는 대신 연산을
#    기록하는 자리표시 객체 위에서 실행된다(추적). 접힌 상수와의 곱과 `ZERO`와의 합은 이때에도
#    아무것도 남기지 않는다. 기록된 연산 목록에는 세 가지 손질을 더 한다. 첫째, 부호 뒤집기는 따로
#    계산하지 않고 그 값을 쓰는 다음 합이나 곱이 떠맡는다. $a + (-b)$는 $a - b$가 되고 $(-a)\,b$는
#    $-(ab)$가 되는데, 부동소수점에서도 정확히 같은 값이다. 둘째, 결과를 아무도 읽지 않는 연산을
#    지운다. 접힌 0과 곱해질 피연산자(예를 들어 $I_{xz} = 0$일 때의
#    $\dot\omega_x - \omega_y\omega_z$)가 그렇고, 관절이 모두 직동인 사슬의 모멘트도 그렇다. 그런
#    사슬의 토크는 힘의 성분뿐이어서 모멘트를 읽는 곳이 없다. 셋째, 남은 연산을 한 줄에 하나씩 적은
#    파이썬 함수 하나로 만들고 상수를 한 번 묶어 둔다(`chaindyn.engine.compiled`). 호출할 때는
#    이 함수만 돈다. 구조적 상수를 거치는 파이썬 연산자 호출도, 링크 상수를 풀어 놓는 일도, 관절
#    종류에 따른 분기도 없다. 같은 피연산자에 같은 연산을 같은 순서로 하므로, 결과는 재귀식을 직접
#    실행한 것과 비트 하나까지 같다. 같은 함수가 상태 하나는 파이썬 실수로, 배치는 numpy 배열로
#    계산한다. 5번과 7번은 Featherstone의 *Rigid Body Dynamics Algorithms*(RBDA)
#    {cite:p}`featherstone2008rigid` 10.4절(209–210쪽)이 기호적 단순화라 부르는 절차와 같은 생각이다.
#    알고리즘을 모델에 적용하되 계산하는 대신 기록하고, 쓰이지 않는 값을 지우고, $x\cdot 0 \to 0$과
#    $x\cdot 1 \to x$ 같은 규칙을 적용한다.
#
# % claim: bp-no-const-products
#
# 관절 프레임과 $m$, $mc$, $I_o$, 접힌 상수는 사슬마다 처음 한 번 계산해 캐시에 둔다. 라이브러리가
# 모델을 불러올 때 하는 전처리와 같은 일이라서, 호출마다 세는 곱셈에는 넣지 않았다. 대신 호출
# 안에서는 이렇게 미리 계산한 상수끼리 곱하는 일이 없다. 추적하는 동안 링크 상수는 보통의 실수이므로,
# 상수 둘의 연산은 그 자리에서 한 번 계산되어 새 상수 하나로 코드에 들어간다. 컴파일된 코드의 곱셈과
# 나눗셈은 모두 상태에 따라 바뀌는 값을 하나 이상 쓴다. 같은 추적기가 3.5장의 구조형 CRBA와 ABA도
# 컴파일한다(B.1.4절).

# %% tags=["hide-input"]
def per_link(fn, prismatic, n_max=8, **kw):
    """Counts for n = 1..n_max random chains; returns (per link, per call) after checking linearity."""
    totals = []
    for n in range(1, n_max + 1):
        rng = np.random.default_rng(100 + n)
        chain = models.random_chain(n, rng, prismatic=prismatic)
        s = tuple(rng.standard_normal(n) for _ in range(3))
        totals.append(count(fn, chain, *s, **kw))
    step = totals[1] - totals[0]
    assert all(b - a == step for a, b in zip(totals, totals[1:])), totals
    return step, totals[0] - step


def chain_count(kinds, seed, fn=cd.rnea_structured, **kw):
    """Counted multiplications of one call on a random chain of general geometry."""
    rng = np.random.default_rng(seed)
    chain = models.random_chain(len(kinds), rng, prismatic=[k == "P" for k in kinds])
    s = tuple(rng.standard_normal(len(kinds)) for _ in range(3))
    return count(fn, chain, *s, rule="all", **kw)


dense_products, _ = per_link(cd.rnea, 0.0)
dense_all, _ = per_link(cd.rnea, 0.0, rule="all")
dense_all_p, _ = per_link(cd.rnea, 1.0, rule="all")
classic_all, _ = per_link(cd.rnea_classic, 0.0, rule="all")
classic_all_p, _ = per_link(cd.rnea_classic, 1.0, rule="all")

# the structured form: a link in the middle of a chain (either joint type), the ends, the call
gravity_call = engine.PER_CALL_MULTIPLICATIONS["gravity"]
struct_r = chain_count("RRRR", 104) - chain_count("RRR", 103)
struct_p = chain_count("RPPR", 204) - chain_count("RPR", 203)
assert {"revolute": struct_r, "prismatic": struct_p} == engine.PER_LINK_MULTIPLICATIONS


def constant_products(chain):
    """The lines of the three compiled sweeps of ``chain`` that multiply or divide two
    constants (k0, k1, ...), with a tip wrench where the sweep takes one."""
    found = []
    for form in ("rnea", "crba", "aba"):
        for line in engine.compiled(chain, form, tip=form != "crba").source.splitlines():
            parts = line.split(" = ")
            if len(parts) == 2 and (" * " in parts[1] or " / " in parts[1]):
                a, b = parts[1].replace(" / ", " * ").split(" * ")
                if a.startswith("k") and b.startswith("k"):
                    found.append((form, line.strip()))
    return found


chain_rprp = models.random_chain(4, np.random.default_rng(11), prismatic=[False, True, False, True])
const_lines = constant_products(chain_rprp) + constant_products(models.arm6r())
claims.claim("bp-no-const-products", "컴파일된 코드의 곱셈과 나눗셈은 모두 상태에 따라 바뀌는 값을 "
             "하나 이상 쓴다", const_lines == [], lines=const_lines)
first = engine.FIRST_LINK_MULTIPLICATIONS
saved = engine.END_SAVINGS


def predicted(kinds):
    """gravity + link 1 + a middle link's count per further link, less what link 2 and
    the last link save (the accounting of chaindyn.engine)."""
    total = gravity_call + first + struct_r * (len(kinds) - 1)
    if len(kinds) > 1:
        total -= saved["second"] + saved["last revolute" if kinds[-1] == "R" else "last prismatic"]
    else:  # 링크 1 하나뿐: omega_z^2를 읽을 다음 링크가 없다
        total -= saved["single link"]
    return total


for seed, kinds in enumerate(("R", "RR", "RP", "RRR", "RRP", "RPRR", "RRPRP", "RRRRRR")):
    assert chain_count(kinds, 400 + seed) == predicted(kinds), kinds
offset = struct_r * 3 - predicted("RRR")  # 91 n - offset for n >= 3
general_counts = {n: chain_count("R" * n, 100 + n) for n in range(1, 9)}
claims.claim("bp-link-either-joint", "관절 종류와 상관없이", struct_r == struct_p,
             revolute=struct_r, prismatic=struct_p)
claims.claim("bp-ends", "양 끝은 더 싸다",
             first < struct_r and min(saved["second"], saved["last revolute"],
                                      saved["last prismatic"]) > 0, first=first, saved=saved)
claims.claim("bp-formula", "$n \\ge 3$에서 정확히 {glue:text}`bp_struct_formula`번이고",
             all(general_counts[n] == struct_r * n - offset for n in range(3, 9)),
             counts=general_counts, per_link=struct_r, offset=offset)

# one whole chain of N_BIG revolute joints, counted directly (not per link times n)
N_BIG = 64
rng = np.random.default_rng(100 + N_BIG)
chain_big = models.random_chain(N_BIG, rng, prismatic=0.0)
s_big = tuple(rng.standard_normal(N_BIG) for _ in range(3))
big = {(fn.__name__, rule): count(fn, chain_big, *s_big, rule=rule)
       for fn in (cd.rnea, cd.rnea_classic, cd.rnea_structured) for rule in ("products", "all")}
assert big["rnea_structured", "all"] == struct_r * N_BIG - offset  # the formula, at n = 64 too

# the book's 6R arm: its zero offsets, right-angle twists and symmetric links fold away
arm = models.arm6r()
s_arm = tuple(np.random.default_rng(6).standard_normal(6) for _ in range(3))
arm_count = count(cd.rnea_structured, arm, *s_arm, rule="all")
general_6 = struct_r * 6 - offset
claims.claim("bp-arm-fewer", "기하에 0이 많으면 더 준다", arm_count < general_6,
             arm=arm_count, general=general_6)

# 7번 손질(컴파일)이 지운 연산: 재귀식을 직접 실행한 연산 수(traced)와 컴파일된 함수의 연산 수
def compiled_ops(chain):
    code = engine.compiled(chain, "rnea")
    return code.traced, code.operations


arm_traced, arm_ops = compiled_ops(arm)
claims.claim("bp-cmp-neg", "부호는 뒤집지 않는다", "neg" not in arm_ops and arm_traced["neg"] > 0,
             compiled=arm_ops, direct=arm_traced)
gen_traced, gen_ops = compiled_ops(models.random_chain(6, np.random.default_rng(106), prismatic=0.0))
gen9_traced, gen9_ops = compiled_ops(models.random_chain(9, np.random.default_rng(109),
                                                         prismatic=0.0))
gen_dropped = gen_traced["*"] - gen_ops["*"]
claims.claim("bp-cmp-gen", "관절 수와 상관없이 {glue:text}`bp_cmp_gen_dropped`번이다",
             gen_dropped > 0 and gen9_traced["*"] - gen9_ops["*"] == gen_dropped,
             n6=(gen_traced["*"], gen_ops["*"]), n9=(gen9_traced["*"], gen9_ops["*"]))
glue("bp_cmp_mul_direct", arm_traced["*"], display=False)
glue("bp_cmp_mul", arm_ops["*"], display=False)
glue("bp_cmp_add_direct", arm_traced["+"] + arm_traced["-"], display=False)
glue("bp_cmp_add", arm_ops["+"] + arm_ops["-"], display=False)
glue("bp_cmp_neg", arm_traced["neg"], display=False)
glue("bp_cmp_gen_mul", gen_ops["*"], display=False)
glue("bp_cmp_gen_direct", gen_traced["*"], display=False)
glue("bp_cmp_gen_dropped", gen_dropped, display=False)

# 관절이 모두 직동인 사슬: 모멘트를 읽는 토크가 없다
pp = [chain_count("P" * n, 500 + n) for n in range(1, 9)]
pp_step = pp[2] - pp[1]
pp_offset = 2 * pp_step - pp[1]
claims.claim("bp-pp", "$n \\ge 2$에서 사슬 전체가 {glue:text}`bp_pp_formula`번이다",
             all(pp[n - 1] == pp_step * n - pp_offset for n in range(2, 9)), counts=pp)
glue("bp_pp_link", pp_step, display=False)
glue("bp_pp_formula", f"{pp_step} n − {pp_offset}", display=False)

rows = [
    ["`rnea` (6×6 밀집)", "행렬 곱만", dense_products, "—", big["rnea", "products"]],
    ["`rnea_structured`", "행렬 곱만", big["rnea_structured", "products"], "—",
     big["rnea_structured", "products"]],
    ["`rnea` (6×6 밀집)", "모든 곱셈", dense_all, dense_all_p, big["rnea", "all"]],
    ["`rnea_classic` (3-벡터, 밀집 3×3)", "모든 곱셈", classic_all, classic_all_p,
     big["rnea_classic", "all"]],
    ["`rnea_structured` (사슬 가운데 링크)", "모든 곱셈", struct_r, struct_p,
     big["rnea_structured", "all"]],
]
# the middle link, step by step (read off the code; the sum is the count above)
steps = [
    ("공통 법선의 발까지: $a_{i-1}\\,\\Omega_{i-1}\\hat x$", 3),
    ("회전 $R^{\\mathsf T}$: $\\omega$, $\\dot\\omega$, $\\ddot p_Q$ (각 4 + 4)", 24),
    ("관절 항 (회전: $\\omega\\times\\hat z\\dot q$, 직동: $2\\omega\\times\\hat z\\dot q$)", 2),
    ("$\\Omega_i$ ($\\omega$ 성분의 곱 6개)", 6),
    ("축을 따라 원점까지: $s_i\\,\\Omega_i\\hat z$", 3),
    ("$f^{B} = m\\ddot p + \\Omega\\,(mc)$", 12),
    ("오일러 항, 전개 {eq}`eq-b-euler`", 15),
    ("$(mc)\\times\\ddot p$", 6),
    ("후방: 축을 따라 발까지 $s\\,\\hat z\\times F$", 2),
    ("후방: 회전 $R$: $F$, $N$ (각 4 + 4)", 16),
    ("후방: 법선을 따라 $a\\,\\hat x\\times F$", 2),
]
assert sum(k for _, k in steps) == struct_r
glue("bp_dense_products", dense_products, display=False)
glue("bp_dense_all", dense_all, display=False)
glue("bp_classic_all", classic_all, display=False)
glue("bp_struct_r", struct_r, display=False)
glue("bp_struct_p", struct_p, display=False)
glue("bp_struct_call", gravity_call, display=False)
glue("bp_struct_first", first, display=False)
glue("bp_struct_saved2", saved["second"], display=False)
glue("bp_struct_savedn_r", saved["last revolute"], display=False)
glue("bp_struct_savedn_p", saved["last prismatic"], display=False)
glue("bp_struct_offset", offset, display=False)
glue("bp_struct_formula", f"{struct_r} n − {offset}", display=False)
glue("bp_struct_6", general_6, display=False)
glue("bp_arm_count", arm_count, display=False)
glue("bp_struct_tip", engine.PER_CALL_MULTIPLICATIONS["f_tip"], display=False)
glue("bp_ratio_all", fx(dense_all / struct_r, 1), display=False)
glue("bp_share_spec", fx(100 * struct_r / dense_products), display=False)
claims.claim("bp-ratio", "링크 하나의 몫으로 보면 밀집 구현보다 {glue:text}`bp_ratio_all`배 적다",
             struct_r < dense_all and struct_r < dense_products,
             structured=struct_r, dense_all=dense_all, dense_products=dense_products)
glue("bp_n_big", N_BIG, display=False)
glue("bp_big_dense_products", big["rnea", "products"], display=False)
glue("bp_big_struct_products", big["rnea_structured", "products"], display=False)
glue("bp_big_dense_all", big["rnea", "all"], display=False)
glue("bp_big_struct_all", big["rnea_structured", "all"], display=False)
glue("bp_big_ratio_all", fx(big["rnea", "all"] / big["rnea_structured", "all"], 1), display=False)

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
md_table(["구현", "세는 규칙", "회전 관절 링크당", "직동 관절 링크당", f"n = {N_BIG} 회전 관절 사슬 전체"],
         rows, "RNEA 한 번 호출의 곱셈 횟수 (chaindyn.opcount.count로 셈; 사슬 전체는 "
         "그 사슬 하나를 직접 센 값)", "tab-b-counts", align="llrrr")

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
md_table(["단계", "곱셈"], [*steps, ["합 (opcount로 센 링크당 곱셈 수와 같다)", struct_r]],
         "rnea_structured에서 사슬 가운데 링크 하나의 곱셈 (일반 기하, 두 관절 종류 모두)",
         "tab-b-steps", align="lr")

# %% [markdown]
# ### B.1.2 답: 링크당 곱셈 횟수
#
# 답은 {numref}`tab-b-counts`에 있다. 세는 두 규칙은 {numref}`tab-count-rules`에 정리해 두었다.
# `"products"` 규칙으로 세면 밀집 구현은 회전 관절 링크 하나에 {glue:text}`bp_dense_products`번으로,
# 3.2.3.5절에서 센 값 그대로이다. 그런데 구조를 쓰는 구현에는 행렬 곱이 남지 않는다. 같은 규칙으로
# 세면 `rnea_structured`는 관절이 {glue:text}`bp_n_big`개인 사슬 전체가
# {glue:text}`bp_big_struct_products`번이다. 이 규칙으로는 두 구현을 견줄 수 없으므로, 이 부록은
# 원소별 곱셈까지 모두 세는 `"all"` 규칙으로 비교한다. 이 규칙에서 밀집 구현은 링크당
# {glue:text}`bp_dense_all`번, 3-벡터 고전형(`rnea_classic`)은 {glue:text}`bp_classic_all`번이다.
#
# % claim: bp-link-either-joint
#
# 구조를 살린 `rnea_structured`에서 사슬 가운데 있는 링크 하나는 관절 종류와 상관없이
# {glue:text}`bp_struct_r`번이다({numref}`tab-b-steps`). 직동 관절에는 각속도의 관절 항이 없다. 대신
# 코리올리 항 $2\,\omega_i\times\hat z\,\dot q_i$가 붙는데, 2를 곱하는 일은 덧셈 $\dot q + \dot q$로
# 한다. 미끄러짐 $s_i = d_i + q_i$는 호출마다 바뀌지만 곱셈 수는 그대로이다.
#
# % claim: bp-ends, bp-formula
#
# 양 끝은 더 싸다. 회전 관절인 링크 1은 {glue:text}`bp_struct_first`번으로 충분하고, 링크 2는
# {glue:text}`bp_struct_saved2`번을 덜 쓴다. 마지막 링크는 회전 관절이면 {glue:text}`bp_struct_savedn_r`번
# ($d_n = 0$과 $I_{xy} = 0$), 직동 관절이면 {glue:text}`bp_struct_savedn_p`번($I_{xy} = 0$만)을 덜
# 쓴다. 호출마다 중력을 $\{0'\}$로 돌리는 {glue:text}`bp_struct_call`번이 더해진다. 말단 렌치를 주면
# 그것을 $\{n'\}$로 옮기는 {glue:text}`bp_struct_tip`번이 더 든다. 그래서 축이 일반적인 회전 관절 사슬
# 하나의 곱셈은 $n \ge 3$에서 정확히 {glue:text}`bp_struct_formula`번이고, 관절이 {glue:text}`bp_pub_n`개이면
# {glue:text}`bp_struct_6`번이다.
#
# % claim: bp-ratio
#
# 관절이 {glue:text}`bp_n_big`개인 사슬 하나를 통째로 세면 밀집 구현의 {glue:text}`bp_big_dense_all`번이
# {glue:text}`bp_big_struct_all`번으로 준다({glue:text}`bp_big_ratio_all`배). 링크 하나의 몫으로 보면
# 밀집 구현보다 {glue:text}`bp_ratio_all`배 적다. 그 수는 더 넓은 규칙으로 세었는데도 `"products"` 규칙의
# {glue:text}`bp_dense_products`번의 {glue:text}`bp_share_spec`% 수준이다.
#
# % claim: bp-arm-fewer, bp-cmp-neg, bp-cmp-gen
#
# 기하에 0이 많으면 더 준다. 이 책의 6R 팔({doc}`ch3_2_examples`)은 비틀림이 모두 0이거나 직각이고,
# 오프셋 여러 개가 0이다. 그래서 같은 호출이 {glue:text}`bp_arm_count`번이다. 그 일부는 7번 손질에서
# 빠진다. 재귀식을 직접 실행하면 이 팔의 상태 하나에 곱셈 {glue:text}`bp_cmp_mul_direct`번, 덧셈·뺄셈
# {glue:text}`bp_cmp_add_direct`번, 부호 뒤집기 {glue:text}`bp_cmp_neg`번을 한다. 컴파일된 함수는
# 곱셈 {glue:text}`bp_cmp_mul`번과 덧셈·뺄셈 {glue:text}`bp_cmp_add`번만 하고, 부호는 뒤집지 않는다.
# 기하가 일반적인 사슬에는 접힌 0이 없지만, 컴파일은 여기서도 곱셈을 지운다. 사슬의 양 끝에서
# 토크가 읽지 않는 성분이다(6번). 관절 여섯 개인 임의 사슬에서 재귀식을 직접 실행하면 곱셈이
# {glue:text}`bp_cmp_gen_direct`번, 컴파일된 함수는 {glue:text}`bp_cmp_gen_mul`번이다(중력 항 제외).
# 지우는 몫은 양 끝에서만 나오므로 관절 수와 상관없이 {glue:text}`bp_cmp_gen_dropped`번이다.
#
# % claim: bp-pp
#
# 직동 관절이 사슬 앞쪽에 연달아 있으면 그 구간에는 각속도가 없다. 그러면 $\Omega$와 오일러 항이
# 통째로 빠진다. 관절이 모두 직동이면 모멘트도 계산하지 않는다. 그래서 링크당
# {glue:text}`bp_pp_link`번이고, $n \ge 2$에서 사슬 전체가 {glue:text}`bp_pp_formula`번이다.

# %% tags=["hide-input", "nbval-ignore-output"]
# 같은 토크인지 확인: 임의 사슬(회전·직동 혼합, 축이 원점을 벗어남), 한 상태와 배치
worst, largest = 0.0, 0.0
EQUAL_BOUND = 1e-11  # N·m: roundoff of torques of this size
for n in range(1, 9):
    rng = np.random.default_rng(2000 + n)
    chain = models.random_chain(n, rng, prismatic=0.4)
    q, qd, qdd = (rng.standard_normal((200, n)) for _ in range(3))
    F = rng.standard_normal((200, 6))
    g = 9.0 * rng.standard_normal(3)
    ref = cd.rnea(chain, q, qd, qdd, gravity=g, f_tip=F)
    largest = max(largest, float(np.abs(ref).max()))
    worst = max(worst, float(np.abs(cd.rnea_structured(chain, q, qd, qdd, gravity=g, f_tip=F) - ref).max()),
                float(np.abs(cd.rnea_structured(chain, q[0], qd[0], qdd[0], gravity=g, f_tip=F[0]) - ref[0]).max()))
glue("bp_equal_worst", sci(worst), display=False)
glue("bp_equal_bound", sci(EQUAL_BOUND, 1), display=False)
glue("bp_equal_largest", f"{largest:,.0f}", display=False)
claims.within("bp-equal", "반올림 수준의 한계 {glue:text}`bp_equal_bound` N·m 안에 있다", worst,
              EQUAL_BOUND)

# %% [markdown]
# % claim: bp-equal
#
# 두 구현은 같은 토크를 낸다. 관절이 1개부터 8개까지인 임의 사슬에 상태 200개씩을 넣었다. 사슬은
# 회전·직동 관절이 섞이고 축이 원점을 지나지 않으며, 중력과 말단 렌치도 임의로 주었다. 가장 큰
# 차이는 {glue:text}`bp_equal_worst` N·m로, 반올림 수준의 한계 {glue:text}`bp_equal_bound` N·m 안에
# 있다. 이때 토크의 크기는 가장 큰 것이 {glue:text}`bp_equal_largest` N·m였다. 상태 200개는 배치의
# 벡터화된 경로를, 상태 하나는 파이썬 실수 경로를 거친다(B.4.5절).

# %% [markdown]
# (sec-b-published)=
# ### B.1.3 문헌의 곱셈 수와 나란히
#
# RBDA 10.3절(201–206쪽)은 동역학 알고리즘의 효율을
# 부동소수점 연산 수로 견준다. 곱셈과 나눗셈을 묶어 "곱셈"으로, 덧셈과 뺄셈을 묶어 "덧셈"으로 세고,
# 두 수를 관절 변수의 수 $n$의 식으로 적는다(201쪽). 견주는 대상은 가지가 없고 관절이 모두 회전
# 관절이며 관성과 기하가 일반적인 사슬들이다. RBDA는 이 집합을 GU라 부른다(203쪽). 관절마다 드는
# 사인과 코사인은 "the same for all algorithms that need them"이어서 세지 않는다(203쪽). RBDA의 표
# 10.1(202쪽)은 이렇게 센 공표값을 출처와 함께 싣는다.
#
# {numref}`tab-b-published`는 그 표의 일부를 이 책이 센 값 옆에 놓는다. 식과 출처는 RBDA의 표 10.1에서
# 직접 옮겼다. 표가 인용하는 원 논문들은 이 책이 읽지 않았으므로, 그 값이 원 논문과 같은지는 RBDA에
# 기댄다. CRBA의 $10n^2 + 22n - 32$는 RBDA가 본문에서 직접 유도한 식 (10.3)이기도 하다(204–206쪽).
# RBDA는 표의 값이 "the result of extensive optimizations"라고 하고, 그 가운데 셋을 가장 중요하다고
# 꼽는다(204쪽). DH 좌표계, 링크 좌표에서 관절 축이 $\hat z$라는 사실, 그리고 링크 사이의 변환을 한
# 좌표축에 대한 변환 두 번으로 하는 것이다. B.1.1절의 1번 구조가 이 셋을 함께 쓴다. RBDA 10.4절이
# 권하는 기호적 단순화는 B.1.1절의 5번과 7번에 해당한다.
#
# % no-claim: 두 세는 규칙의 차이를 설명한다
#
# 세는 관례는 두 군데에서 다르다. 이 책의 `"all"` 규칙은 나눗셈을 세지 않는다. 그래서 나눗셈이 있는
# ABA에서는 RBDA의 관례보다 나눗셈 수만큼 적게 센다. 또 이 책은 중력 벡터를 호출마다 받아
# $\{0'\}$로 돌리는 곱셈 {glue:text}`bp_struct_call`번까지 센다. RBDA 10.3절은 중력을 어떻게 세는지
# 따로 적지 않는다.

# %% tags=["hide-input"]
from fractions import Fraction  # noqa: E402

from chaindyn_book import ch35  # noqa: E402

N_PUB = 6
FIT_NS = range(3, 10)  # the formulas hold from n = 3 on (the ends of the chain are special below)


def counted(fn, n, n_args, rule):
    """One call of fn on a random revolute chain of n joints (general geometry), counted."""
    rng = np.random.default_rng(500 + n)
    chain = models.random_chain(n, rng, prismatic=0.0)
    return count(fn, chain, *(rng.standard_normal(n) for _ in range(n_args)), rule=rule)


def fitted(fn, degree, n_args, rule):
    """The exact polynomial in n of the counts (rational coefficients), checked at every n
    of FIT_NS: fitted through the first degree + 1 points, then compared with the rest."""
    ns = list(FIT_NS)
    counts = {n: counted(fn, n, n_args, rule) for n in ns}
    V = np.vander(np.array(ns[:degree + 1], dtype=float), degree + 1)
    coef = [Fraction(c).limit_denominator(6)
            for c in np.linalg.solve(V, [counts[n] for n in ns[:degree + 1]])]
    value = lambda n: sum(c * n ** (degree - k) for k, c in enumerate(coef))  # noqa: E731
    assert all(value(n) == counts[n] for n in ns), (fn.__name__, rule, coef, counts)
    return coef, value


def poly_text(coef):
    """'11 n² + 23 n − 38', or '(17 n² + 107 n − 108) / 2' for half-integer coefficients."""
    den = max(c.denominator for c in coef)
    powers = ["n³", "n²", "n", ""][-len(coef):]
    parts = []
    for c, pw in zip(coef, powers):
        k = int(c * den)
        if k == 0:
            continue
        mag = f"{abs(k)} {pw}".strip() if abs(k) != 1 or not pw else pw
        parts.append(("− " if k < 0 else "+ ") + mag if parts else ("−" if k < 0 else "") + mag)
    text = " ".join(parts)
    return text if den == 1 else f"({text}) / {den}"


ours = {name: {rule: fitted(fn, degree, n_args, rule) for rule in ("all", "additions")}
        for name, fn, degree, n_args in (("RNEA", cd.rnea_structured, 1, 3),
                                         ("CRBA", cd.crba_structured, 2, 1),
                                         ("ABA", cd.aba_structured, 1, 3))}
assert poly_text(ours["RNEA"]["all"][0]) == f"{struct_r} n − {offset}"  # B.1.2's formula
arm_additions = count(cd.rnea_structured, arm, *s_arm, rule="additions")

TABLE_10_1 = "RBDA 표 10.1 (202쪽)"
# (algorithm, source as RBDA's Table 10.1 names it, multiplications(n), additions(n), m text, a text)
published = [
    ("RNEA", "Balafoutis·Patel (1991), 표 5.1·5.2의 알고리즘 5.7", lambda n: 93 * n - 108, lambda n: 81 * n - 100,
     "93 n − 108", "81 n − 100"),
    ("RNEA", "Balafoutis 외 (1988), 표 II의 알고리즘 3", lambda n: 93 * n - 69, lambda n: 81 * n - 66,
     "93 n − 69", "81 n − 66"),
    ("RNEA", "Featherstone (1987), 표 8-6", lambda n: 130 * n - 68, lambda n: 101 * n - 56,
     "130 n − 68", "101 n − 56"),
    ("RNEA", "Hollerbach (1980), 표 I의 뉴턴-오일러 방법", lambda n: 150 * n - 48,
     lambda n: 131 * n - 48, "150 n − 48", "131 n − 48"),
    ("CRBA", "Featherstone (2005) 식 20, RBDA 식 (10.3)", ch35.published_crba,
     lambda n: 6 * n * n + 37 * n - 43, "10 n² + 22 n − 32", "6 n² + 37 n − 43"),
    ("ABA", "McMillan 외 (1995), 표 II (고정 기저)", ch35.published_aba, lambda n: 205 * n - 248,
     "224 n − 259", "205 n − 248"),
]
rows = []
for alg in ("RNEA", "CRBA", "ABA"):
    for a, src, m, ad, mt, at in published:
        if a == alg:
            rows.append([alg, f"{src}; {TABLE_10_1}", mt, at, m(N_PUB), ad(N_PUB)])
    (mc, mv), (ac, av) = ours[alg]["all"], ours[alg]["additions"]
    fn_name = {"RNEA": "rnea_structured", "CRBA": "crba_structured", "ABA": "aba_structured"}[alg]
    rows.append([alg, f"이 책의 `{fn_name}` (opcount로 셈)", poly_text(mc), poly_text(ac),
                 int(mv(N_PUB)), int(av(N_PUB))])
    if alg == "RNEA":
        rows.append([alg, "이 책의 `rnea_structured`, 6R 팔 (opcount로 셈)", "—", "—", arm_count,
                     arm_additions])

best_m, best_a = published[0][2], published[0][3]  # 93 n − 108, 81 n − 100: the fewest in the table
ours_m, ours_a = ours["RNEA"]["all"][1], ours["RNEA"]["additions"][1]
below_from = next(n for n in range(2, 200) if all(ours_m(k) < best_m(k) for k in range(n, 200)))
more_add = all(ours_a(n) > best_a(n) for n in FIT_NS)
total_ours, total_pub = int(ours_m(N_PUB) + ours_a(N_PUB)), best_m(N_PUB) + best_a(N_PUB)
glue("bp_pub_n", N_PUB, display=False)
glue("bp_pub_below_from", below_from, display=False)
glue("bp_pub_bp91", best_m(N_PUB), display=False)
glue("bp_pub_add_link", int(ours["RNEA"]["additions"][0][0]), display=False)
glue("bp_pub_total_ours", total_ours, display=False)
glue("bp_pub_total_pub", total_pub, display=False)
glue("bp_pub_total_word", claims.choose(total_ours > total_pub, "많다", "적다"), display=False)
claims.claim("bp-pub-rnea", "관절이 {glue:text}`bp_pub_n`개이면 {glue:text}`bp_struct_6`번으로 "
             "{glue:text}`bp_pub_bp91`번보다 적다",
             int(ours_m(N_PUB)) < best_m(N_PUB) and struct_r < 93, ours=int(ours_m(N_PUB)),
             published=best_m(N_PUB))
claims.claim("bp-pub-add", "덧셈은 거꾸로 이 책의 구현이 더 많다", more_add,
             ours=[int(ours_a(n)) for n in FIT_NS], published=[best_a(n) for n in FIT_NS])
claims.claim("bp-pub-crba-aba", "관절이 {glue:text}`bp_pub_n`개일 때 CRBA와 ABA의 구조형은 곱셈과 "
             "덧셈 모두 RBDA 표의 값보다 적다",
             all(ours[p[0]]["all"][1](N_PUB) < p[2](N_PUB)
                 and ours[p[0]]["additions"][1](N_PUB) < p[3](N_PUB)
                 for p in published if p[0] != "RNEA"),
             crba=(int(ours["CRBA"]["all"][1](N_PUB)), int(ours["CRBA"]["additions"][1](N_PUB))),
             aba=(int(ours["ABA"]["all"][1](N_PUB)), int(ours["ABA"]["additions"][1](N_PUB))))
claims.claim("bp-pub-seven", "일곱째인 컴파일은 그 가운데 양 끝의 몫만 맡는다",
             0 < gen_dropped < struct_r, dropped=gen_dropped, per_link=struct_r)

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
md_table(["알고리즘", "문헌 또는 구현", "곱셈 수", "덧셈 수", f"곱셈, n = {N_PUB}",
          f"덧셈, n = {N_PUB}"], rows,
         "회전 관절 사슬 하나의 연산 수: RBDA 표 10.1에 실린 식(출처는 그 표가 적은 대로)과 이 책의 "
         f"구조형 구현을 센 값 (이 책의 식은 n = {FIT_NS[0]}…{FIT_NS[-1]}의 임의 사슬에서 센 값과 같다; "
         "곱셈은 \"all\" 규칙, 덧셈은 \"additions\" 규칙)", "tab-b-published", align="llllrr")

# %% [markdown]
# % claim: bp-pub-rnea
#
# 이 책의 구조형 RNEA는 $n \ge$ {glue:text}`bp_pub_below_from`에서 RBDA 표 10.1의 가장 적은 곱셈 수
# $93n - 108$(Balafoutis·Patel 1991)보다 곱셈이 적다. 관절이 {glue:text}`bp_pub_n`개이면
# {glue:text}`bp_struct_6`번으로 {glue:text}`bp_pub_bp91`번보다 적다. 링크 하나의 몫이 그 식의
# 기울기보다 작아서, 상수항의 차이를 작은 $n$에서부터 넘어선다.
#
# % claim: bp-pub-add
#
# 덧셈은 거꾸로 이 책의 구현이 더 많다. 링크 하나에 {glue:text}`bp_pub_add_link`번으로, 표의
# $81n - 100$보다 기울기가 크다. 관절 {glue:text}`bp_pub_n`개에서 곱셈과 덧셈을 합한 연산 수는 이
# 책의 구현이 {glue:text}`bp_pub_total_ours`번, Balafoutis·Patel이 {glue:text}`bp_pub_total_pub`번이다.
# 합으로 보면 이 책의 구현이 {glue:text}`bp_pub_total_word`. 곱셈 수만으로 구현을 줄 세우면 이런
# 차이가 가려진다.
#
# % claim: bp-pub-seven, bp-pub-crba-aba
#
# 일반 기하의 사슬에서 곱셈을 줄인 것은 B.1.1절의 처음 여섯 가지 구조이다. 일곱째인 컴파일은 그
# 가운데 양 끝의 몫만 맡는다. 지우는 곱셈은 링크 하나의 몫보다 적은
# {glue:text}`bp_cmp_gen_dropped`번이다(B.1.2절). 링크마다 가장 많이 덜어 주는 것은 오일러 항의 전개
# {eq}`eq-b-euler`와, 원점 가속도를 축 위의 점에서 나누어 옮기는 {eq}`eq-b-origin-acc`이다
# ({numref}`tab-b-steps`). 관절이 {glue:text}`bp_pub_n`개일 때 CRBA와 ABA의 구조형은 곱셈과
# 덧셈 모두 RBDA 표의 값보다 적다. 단계마다의 몫은 B.1.4절과 3.5장이 센다.

# %% [markdown]
# (sec-b-engine)=
# ### B.1.4 CRBA와 ABA: 같은 관절 프레임, 같은 컴파일
#
# 3.5장의 구조형 CRBA(`crba_structured`)와 ABA(`aba_structured`)는 RNEA와 같은 관절 프레임과 접힌
# 상수 위에서 계산하고, 같은 추적기로 사슬마다 한 번 컴파일한다(`chaindyn.engine`). 세 알고리즘은
# `src/chaindyn/engine/sweeps.py`에 하나씩 있고, 양을 옮기는 보조 함수를 함께 쓴다. 트위스트를
# 자식으로 옮기는 `twist_to_child`, 렌치를 부모로 옮기는 `wrench_to_parent`, 합성 관성의 모멘트를
# 옮기는 `composite_to_parent`, 관절체 관성을 옮기는 `inertia_to_parent`이다. 추적기는 ABA의
# $1/D_i$를 위해 나눗셈도 기록한다. {numref}`tab-b-engine-steps`는 사슬 가운데 있는 회전 관절
# 하나에서 단계마다 따로 컴파일해 센 곱셈이다. 셋째 열은 같은 단계를 관절의 오프셋이 일반적인
# 3차원 벡터일 때 센 것이다. 공통 법선이 정해지지 않는 평행한 축에서 그렇게 된다(B.1.1절의 1번).

# %% tags=["remove-input"]
eng = ch35.step_counts()
RBDA_RX, RBDA_VX = ch35.RBDA_STEPS["rx"], ch35.RBDA_STEPS["vx"]
eng_general = ch35.step_counts(general_offset=True)
ENGINE_STEPS = [
    ("트위스트를 자식으로 (ABA 셋째 단계)", "twist", "—"),
    ("렌치를 부모로 (RNEA, CRBA 열의 한 칸, ABA 둘째 단계)", "wrench", f"vx = {RBDA_VX}"),
    ("CRBA 열의 첫 칸 (관절 자신의 열 렌치: 힘의 z 성분이 0)", "column_first", "—"),
    ("합성 관성의 모멘트를 부모로 (CRBA)", "composite", f"rx = {RBDA_RX}"),
    ("관절체 관성을 부모로 (ABA, 축 방향의 행과 열이 0)", "inertia", "—"),
    ("  그 가운데 관절 축을 따라 미끄러지기", "slide", "—"),
    ("  그 가운데 z축과 x축에 대한 회전", "rotate", "—"),
    ("  그 가운데 공통 법선을 따라 옮기기", "offset", "—"),
]

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
md_table(["단계", "곱셈 (관절 프레임)", "곱셈 (일반 오프셋)", "RBDA 10.3.1절"],
         [[name, eng[key], eng_general[key], rbda] for name, key, rbda in ENGINE_STEPS],
         "구조형 CRBA와 ABA의 단계별 곱셈: 사슬 가운데 회전 관절 하나, 단계마다 따로 컴파일해 셈 "
         "(chaindyn_book.ch35.step_counts)", "tab-b-engine-steps", align="lrrl")

# %% tags=["remove-input"]
glue("bp_eng_sym", eng["sym_rotation"], display=False)
glue("bp_eng_general_rot", eng["general_rotation"], display=False)
glue("bp_eng_pass1", eng["pass1"], display=False)
glue("bp_eng_per_joint", eng["per_joint"], display=False)
glue("bp_eng_rest", eng["per_joint"] - eng["pass1"] - eng["inertia"] - eng["wrench"]
     - eng["twist"], display=False)
glue("bp_eng_inertia", eng["inertia"], display=False)
glue("bp_eng_inertia_general", eng_general["inertia"], display=False)
glue("bp_eng_wrench", eng["wrench"], display=False)
glue("bp_eng_twist", eng["twist"], display=False)
glue("bp_eng_composite", eng["composite"], display=False)
claims.claim("bp-eng-offset", "일반 오프셋이면 옮기는 단계마다 곱셈이 더 든다",
             all(eng_general[k] > eng[k] for k in ("twist", "wrench", "column_first", "composite",
                                                  "inertia", "offset"))
             and eng_general["rotate"] == eng["rotate"] and eng_general["slide"] == eng["slide"],
             mdh=eng, general=eng_general)
claims.claim("bp-eng-rbda", "RBDA가 10.3.1절에서 쓰는 값과 같다",
             eng["wrench"] == RBDA_VX and eng["composite"] == RBDA_RX, ours=eng)
claims.claim("bp-eng-sym", "두 배 각으로 돌리는 쪽이 적다",
             eng["sym_rotation"] < eng["general_rotation"], sym=eng["sym_rotation"],
             general=eng["general_rotation"])

# %% [markdown]
# % claim: bp-eng-offset, bp-eng-rbda, bp-eng-sym
#
# 곱셈을 덜어 주는 것은 넷이다.
# 1. **축 스크루 둘.** 이웃한 관절 프레임 사이의 변환은 관절 축(z)을 따라 미끄러지고 도는 것과,
#    공통 법선(x)을 따라 돌고 길이 $a$만큼 옮기는 것으로 나뉜다. 일반 오프셋이면 옮기는 단계마다
#    곱셈이 더 든다. 가장 큰 차이는 관절체 관성에서 나서, {glue:text}`bp_eng_inertia`번이
#    {glue:text}`bp_eng_inertia_general`번이 된다. 렌치 한 칸({glue:text}`bp_eng_wrench`번)과 합성
#    관성 하나({glue:text}`bp_eng_composite`번)는 RBDA가 10.3.1절에서 쓰는 값과 같다(205–206쪽의
#    $v_x$와 $r_x$).
# 2. **두 배 각.** 대칭 $3\times3$ 행렬을 한 평면에서 돌릴 때, 그 평면의 대각 성분의 차와 비대각
#    성분은 각의 두 배로 돈다. 관절마다 한 번 만드는 $\cos^2\phi$, $\cos\phi\sin\phi$,
#    $\cos 2\phi$로 돌리면 한 번에 {glue:text}`bp_eng_sym`번이다. 일반 회전 행렬로 돌리면
#    {glue:text}`bp_eng_general_rot`번이므로 두 배 각으로 돌리는 쪽이 적다. 합성 관성의 2차 모멘트,
#    관절체 관성의 대칭인 두 블록이 이렇게 돈다.
# 3. **상수끼리의 곱은 컴파일할 때.** 끝 링크의 관성, 합성 관성을 옮길 때의 $m\,p$와
#    $m\,p\,p^{\mathsf T}$처럼 상수끼리의 곱은 추적할 때 한 번 계산되어 새 상수로 코드에
#    들어간다(B.1.1절의 7번). 그래서 CRBA와 ABA의 식은 사슬의 양 끝이 달라지는 $n \ge 3$에서
#    맞는다({numref}`tab-b-published`).
# 4. **ABA의 첫 단계는 RNEA의 바깥 순환.** 첫 단계는 RNEA의 바깥 순환을 $\ddot q = 0$으로 돌린 것이고
#    링크 하나에 {glue:text}`bp_eng_pass1`번이 든다. 그 링크 렌치에는 속도곱 가속도와 중력이 이미
#    들어 있으므로, 둘째와 셋째 단계는 관절 가속도가 만드는 몫만 풀고 정지에서 시작한다. 속도곱
#    가속도 $\kappa_i$도, 관절체 관성과 그것의 곱도 만들지 않는다.
#
# 회전 관절 하나가 ABA에 더하는 {glue:text}`bp_eng_per_joint`번은 첫 단계
# {glue:text}`bp_eng_pass1`번, 관절체 관성 {glue:text}`bp_eng_inertia`번, 렌치
# {glue:text}`bp_eng_wrench`번, 트위스트 {glue:text}`bp_eng_twist`번, 그리고 관절체 관성의 갱신과
# $\ddot q_i$의 {glue:text}`bp_eng_rest`번으로 나뉜다.

# %% [markdown]
# ## B.2 측정 방법
#
# 벤치마크는 같은 일을 여러 방법으로 시켜서 비교한다. 일은 예제 6R 팔({doc}`ch3_2_examples`)의
# 역동역학이다. 관절 위치·속도·가속도를 균등 분포에서 뽑은 상태에 대해 토크를 구한다.
#
# - **chaindyn**: `rnea`(6×6 밀집), `rnea_structured`, `rnea_classic`. 여러 상태는 배치 한 번의
#   호출로 계산한다.
# - **Pinocchio** {cite:p}`carpentier2019pinocchio`: 파이썬에서 상태마다 `pin.rnea`를 부른다.
# - **MuJoCo** {cite:p}`todorov2012mujoco`: 상태마다 `qpos`, `qvel`, `qacc`를 쓰고 `mj_inverse`를
#   부른다. 위치·속도 단계까지 포함하므로 같은 일이다.
# - **Robotics Toolbox** {cite:p}`corke2021toolbox`: `rne`에 궤적 배열을 통째로 넘긴다.
# - **modern_robotics** {cite:p}`lynch2017modern`: 상태마다 `InverseDynamics`를 부른다.
# - **파이썬 리스트 구현**: numpy 없이 실수의 리스트와 `math`만으로 3.2.3절의 식을 옮긴 짧은
#   RNEA(`figsrc/bench_baselines.py`). 6×6 수반 행렬과 리 괄호 행렬을 0 블록까지 그대로 채워 원소마다
#   곱한다. 배열 라이브러리 없이 처음 짜는 구현이 얼마나 드는지 보려는 기준선일 뿐 패키지의 알고리즘은
#   아니다.
#
# 라이브러리의 모델은 `chaindyn.interop`의 어댑터로 만든다(규약의 차이는 부록 A). 시간을 재기 전에
# 모든 방법의 토크를 `chaindyn.rnea`와 비교한다.
#
# % claim: bp-blocks
#
# **시간의 통계.** 시간은 `time.perf_counter`로 잰다. 같은 호출을 여러 번 되풀이하는 블록 하나가
# 수 밀리초가 되도록 되풀이 횟수를 정하고, 블록을 도는 동안 가비지 컬렉터를 끈다. 블록의 시간을
# 되풀이 횟수로 나눈 값이 그 블록의 호출당 시간이고, 표에 적은 값은 **블록들의 중앙값**이다. 블록
# 수는 한 번 호출 측정이 {glue:text}`bp_blocks_single`개, 배치 측정이 {glue:text}`bp_blocks_batch`개이다.
# 호출 하나가 {glue:text}`bp_long_s`초를 넘는 경우에는 {glue:text}`bp_blocks_long`개만 잰다. B.5절의 링크 수 측정도
# 배치와 같은 설정으로 잰다. 중앙값은 전형적인 값이지 최악값이 아니다.
#
# 2.8장도 야코비안 계산 시간을 적는다. 그 값은 책을 빌드할 때 그 자리에서 재고, 여러 번 되풀이한
# 측정 가운데 **가장 짧은 값**을 쓴다. 통계가 다르고 잰 시점(그리고 대개 기계)도 다르다. 그러므로
# 2.8장의 시간과 이 부록의 시간은 서로 직접 비교할 수 없다.
#
# **메모리.** 시간을 재는 호출과 따로, 호출 한 번을 `tracemalloc` 아래에서 실행해 그동안의 최대
# 사용량을 잰다. `tracemalloc`은 파이썬의 메모리 할당기를 거치는 할당, 곧 파이썬 객체와 numpy
# 배열이 잡는 메모리만 본다. Pinocchio나 MuJoCo가 C++·C 코드 안에서 따로 잡는 메모리는 보이지
# 않는다. modern_robotics와 리스트 구현은 상태마다 같은 순수 파이썬 호출을 되풀이하는 루프이다. 그래서
# 상태당 시간이 $N$에 따라 달라질 까닭이 없고, 시간이 오래 걸리므로 $N \le 10^3$까지만 재었다.
# 벤치마크 스크립트는 이 두 방법의 메모리를 재지 않는다.

# %% tags=["hide-input"]
keys = ["cpu", "logical_cpus", "cache_l2", "cache_l3", "python", "numpy", "pin", "mujoco",
        "roboticstoolbox-python", "modern_robotics", "chaindyn", "date_utc", "loadavg_before",
        "loadavg_after", "benchmark_seconds"]
agreement = [(r["agreement_bound"], r["agrees_with_rnea"]) for r in [*single.values(), *batch]]
(lib_bound,) = {float(bound) for bound, _ in agreement}
claims.claim("bp-lib-agree", "`chaindyn.rnea`와 {glue:text}`bp_lib_bound` N·m 이내에서 같았다",
             {held for _, held in agreement} == {"True"},
             disagreeing=[r["method"] for r in [*single.values(), *batch]
                          if r["agrees_with_rnea"] != "True"])
glue("bp_bench_seconds", int(machine["benchmark_seconds"]), display=False)
glue("bp_lib_bound", sci(lib_bound, 1), display=False)
blocks_single = {int(r["blocks"]) for r in single.values()}
blocks_batch = sorted({int(r["blocks"]) for r in batch})
LONG_CALL_S = 0.2  # figsrc/bench_rnea.py, per_call: a call longer than this gets 3 blocks
glue("bp_long_s", LONG_CALL_S, display=False)
long_calls = {int(r["blocks"]) == min(blocks_batch) for r in batch
              if float(r["call_ms"]) > 1e3 * LONG_CALL_S}
claims.claim("bp-blocks",
             "호출 하나가 {glue:text}`bp_long_s`초를 넘는 경우에는 {glue:text}`bp_blocks_long`개만 잰다",
             len(blocks_single) == 1 and len(blocks_batch) == 2 and long_calls == {True},
             single=blocks_single, batch=blocks_batch)
glue("bp_blocks_single", blocks_single.pop(), display=False)
glue("bp_blocks_batch", blocks_batch[1], display=False)
glue("bp_blocks_long", blocks_batch[0], display=False)

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
md_table(["항목", "값"], [[k, machine[k]] for k in keys],
         "측정한 기계와 버전 (data/bench_machine.csv; loadavg는 1·5·15분 평균 부하)",
         "tab-b-machine", align="ll")

# %% [markdown]
# % claim: bp-lib-agree
#
# 측정 환경은 {numref}`tab-b-machine`에 적었다. 벤치마크 전체는 {glue:text}`bp_bench_seconds`초
# 걸렸다. 모든 방법의 토크는 `chaindyn.rnea`와 {glue:text}`bp_lib_bound` N·m 이내에서 같았다.
# 벤치마크 스크립트가 방법마다 이를 비교해 CSV에 적어 둔다.
#
# (sec-b-single)=
# ## B.3 한 번 호출: 실시간 제어
#
# 계산 토크 제어나 중력 보상처럼 제어 주기마다 역동역학을 한 번 부르는 경우에는 한 번 호출의
# 시간이 중요하다.
#
# % no-claim: 이 책이 스스로 정한 목표의 정의
#
# 이 책은 이 경우의 목표를 스스로 정해 두었다. 6R 팔에서 `rnea_structured` 한 번
# 호출이 {glue:text}`bp_loop_hz` Hz 제어 주기의 {glue:text}`bp_budget_pct`%, 곧
# {glue:text}`bp_target_single` μs 이하일 것.

# %% tags=["hide-input"]
t_struct = float(single["rnea_structured"]["median_us"])
t_pin = float(single["pin.rnea"]["median_us"])
LOOP_HZ = 1000  # 이 책이 정한 목표: 1 kHz 제어 주기의
BUDGET_PCT = 5  # 5 %까지 (그림 fig-b-single의 점선)
target_us = 1e6 / LOOP_HZ * BUDGET_PCT / 100
glue("bp_loop_hz", LOOP_HZ, display=False)
glue("bp_budget_pct", BUDGET_PCT, display=False)
period_us = 1e6 / LOOP_HZ
t_dense = float(single["rnea"]["median_us"])
t_compiled = {m: float(single[m]["median_us"]) for m in ("pin.rnea", "mj_inverse", "rtb rne")}
t_mr, t_lists = float(single["mr.InverseDynamics"]["median_us"]), float(single["python lists"]["median_us"])
flops_arm = {r["method"]: int(r["multiplications_per_state"]) for r in read("bench_flops.csv")}
count_ratio = flops_arm["rnea"] / flops_arm["rnea_structured"]  # 6R arm, rule "all"
glue("bp_target_single", fx(target_us), display=False)
glue("bp_t_struct", fx(t_struct, 2), display=False)
glue("bp_t_struct_pct", fx(100 * t_struct / period_us, 1), display=False)
glue("bp_t_of_target", fx(t_struct / target_us, 2), display=False)
glue("bp_single_word", claims.choose(t_struct <= target_us, "목표 안에 든다", "목표를 넘는다"),
     display=False)
glue("bp_t_pin", fx(t_pin, 3), display=False)
glue("bp_t_mj", fx(t_compiled["mj_inverse"], 2), display=False)
glue("bp_t_rtb", fx(t_compiled["rtb rne"], 1), display=False)
glue("bp_t_dense", fx(t_dense), display=False)
glue("bp_t_classic", fx(float(single["rnea_classic"]["median_us"])), display=False)
glue("bp_t_mr", fx(t_mr), display=False)
glue("bp_t_lists", fx(t_lists), display=False)
glue("bp_t_mr_pct", fx(100 * t_mr / period_us), display=False)
glue("bp_t_lists_pct", fx(100 * t_lists / period_us), display=False)
glue("bp_r_struct_pin", fx(t_struct / t_pin), display=False)
glue("bp_r_dense_struct", fx(t_dense / t_struct), display=False)
glue("bp_r_count_arm", fx(count_ratio, 1), display=False)
claims.claim("bp-single-dense", "구조를 쓴 구현보다 {glue:text}`bp_r_dense_struct`배 느리다",
             t_dense > t_struct, rnea_us=t_dense, rnea_structured_us=t_struct)
claims.claim("bp-single-counts", "시간의 비는 곱셈 수의 비보다 훨씬 크다",
             t_dense / t_struct > 2 * count_ratio, time_ratio=t_dense / t_struct,
             count_ratio=count_ratio)
claims.claim("bp-single-compiled", "컴파일된 세 라이브러리는 모두 `rnea_structured`보다 빠르다",
             all(t < t_struct for t in t_compiled.values()), **{k.replace(".", "_").replace(" ", "_"): v
                                                                for k, v in t_compiled.items()})
claims.claim("bp-single-budget", "`rnea_structured`의 중앙값은 이 예산 안에 든다",
             t_struct <= target_us, median_us=t_struct, target_us=target_us)
rows = [[name, r["library"], f"{float(r['median_us']):.3g}", f"{float(r['ratio_to_pin']):.3g}"]
        for name, r in sorted(single.items(), key=lambda kv: float(kv[1]["median_us"]))]

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
md_table(["방법", "라이브러리", "한 번 호출 (μs, 중앙값)", "Pinocchio 대비 배수"], rows,
         "6R 팔 역동역학 한 번 호출 (data/bench_single.csv)", "tab-b-single", align="llrr")

# %% [markdown]
# ```{figure} figures/bench_single.png
# :name: fig-b-single
# :width: 85%
#
# 6R 팔의 역동역학 한 번 호출에 걸린 시간(블록 중앙값, 로그 눈금). 점선은
# {glue:text}`bp_loop_hz` Hz 제어 주기의 {glue:text}`bp_budget_pct`%로, 이 책이 정한 목표이다.
# ```
#
# {numref}`tab-b-single`, {numref}`fig-b-single`에서 `rnea_structured` 한 번 호출은
# {glue:text}`bp_t_struct` μs이다. {glue:text}`bp_loop_hz` Hz 제어 주기의
# {glue:text}`bp_t_struct_pct`%에 해당한다. 이 책이 정한 목표(주기의 {glue:text}`bp_budget_pct`%, 곧
# {glue:text}`bp_target_single` μs)와 견주면 그 {glue:text}`bp_t_of_target`배로,
# {glue:text}`bp_single_word`.
#
# % claim: bp-single-dense, bp-single-counts
#
# 같은 파이썬 코드라도 밀집 `rnea`는 {glue:text}`bp_t_dense` μs로, 구조를 쓴 구현보다
# {glue:text}`bp_r_dense_struct`배 느리다. 이 팔에서 상태당 곱셈 수는 두 구현이
# {glue:text}`bp_r_count_arm`배 차이이므로({numref}`tab-b-flops`), 시간의 비는 곱셈 수의 비보다 훨씬
# 크다.
# 상태 하나를 계산할 때는 곱셈보다 numpy 호출 한 번마다 드는 고정 비용이 시간을 정하기 때문으로
# 본다. 다만 이 부록은 한 번 호출의 시간을 부분으로 나누어 재지는 않았다(나눈 측정은 상태
# {glue:text}`bp_bud_N`개의 배치에서 했다, B.4.2절). `rnea_structured`는 상태가 적으면 numpy 배열 대신
# 파이썬 실수로 계산해 이 비용을 피한다(B.4.5절). 그래도 링크 수와 상관없는 호출당 고정 비용(입력
# 검사, 결과 배열 만들기 등)이 남는다. 관절이 하나뿐인 사슬의 한 번 호출이
# {glue:text}`bp_g1_struct` μs이므로(B.5절), 이 고정 비용은 많아야 그만큼이다.
#
# % claim: bp-single-compiled
#
# 컴파일된 세 라이브러리는 모두 `rnea_structured`보다 빠르다. Pinocchio의 `pin.rnea`는
# {glue:text}`bp_t_pin` μs로 `rnea_structured`의 {glue:text}`bp_r_struct_pin`분의 1이다. MuJoCo의
# `mj_inverse`는 {glue:text}`bp_t_mj` μs, Robotics Toolbox의 `rne`는 {glue:text}`bp_t_rtb` μs이다.
# 순수 파이썬인 modern_robotics는 {glue:text}`bp_t_mr` μs, 리스트 구현은 {glue:text}`bp_t_lists` μs이다.
# 두 값은 각각 주기의 {glue:text}`bp_t_mr_pct`%와 {glue:text}`bp_t_lists_pct`%를 차지한다.
#
# % claim: bp-single-budget
#
# 실시간 제어에 주는 의미는 이렇다. 파이썬으로 짠 {glue:text}`bp_loop_hz` Hz 루프라면
# `rnea_structured`의 중앙값은 이 예산 안에 든다. 다만 이 값은 가비지 컬렉터를 끄고 잰 블록들의
# 중앙값이지 최악값이 아니다. 파이썬 인터프리터와 가비지 컬렉터는 최악의 지연을 보장하지 않는다.
# 엄격한 실시간 제어기에는 컴파일된 라이브러리를 C++에서 부르는 편이 맞다.

# %% [markdown]
# (sec-b-batch)=
# ## B.4 여러 상태를 한 번에: 오프라인 궤적 분석
#
# 궤적 전체의 토크를 계산하거나, 설계 후보 여러 개를 평가하거나, 데이터로 관성 파라미터를 식별할
# 때는 상태 수천~수백만 개를 한꺼번에 계산한다. chaindyn의 세 함수는 상태 $N$개를 배치 한 번의
# 호출로 계산한다. 라이브러리는 파이썬에서 상태마다 한 번씩 부르는 루프로 쟀고, Robotics Toolbox만
# 궤적 배열을 통째로 받는다. 밀집 `rnea`와 `rnea_classic`은 링크마다 6×6 행렬을 배치 전체만큼
# 들고 있다. 밀집 `rnea`는 상태 $10^5$개에서 이미 {glue:text}`bp_m5_dense` MiB를 썼으므로($N = 10^6$이면
# GiB 단위가 된다), 이 둘은 $N \le$ {glue:text}`bp_max_dense`까지만 쟀다.
#
# 이 경우에 이 책이 `rnea_structured`에 정한 목표는 셋이고, 모두 numpy만으로 이룬다.
#
# % no-claim: 이 책이 스스로 정한 목표의 정의
#
# 1. $N = 10^3$부터 $10^6$까지 모든 $N$에서 상태당 시간이, 파이썬에서 `pin.rnea`를 상태마다
#    부르는 루프의 상태당 시간의 {glue:text}`bp_goal_pin`배 이하일 것.
# 2. $N \ge 10^3$인 모든 $N$에서 Robotics Toolbox의 궤적 호출보다 짧을 것.
# 3. $N$이 커져도 상태당 시간이 늘지 않을 것. 임시 배열이 차지하는 메모리도 $N$에 따라 늘지 않아야
#    한다.
#
# 목표는 이 책이 스스로 정한 잣대이다. 아래에서는 잰 값을 이 잣대와 나란히 적는다.

# %% tags=["hide-input"]
def row(method, N):
    return next(r for r in batch if r["method"] == method and int(r["N"]) == N)


def per_sample(method, N):
    return float(row(method, N)["per_sample_us"])


def peak(method, N):
    return float(row(method, N)["peak_MiB"])


def ratio_pin(method, N):
    return float(row(method, N)["ratio_to_pin"])


def n_text(Ns_):
    """N 값들을 본문에 적는 꼴 (glue:text는 수식을 그리지 않으므로 보통 글자로): "1,000, 10,000"."""
    return ", ".join(f"{N:,}" for N in Ns_)


budget = {r["key"]: r["value"] for r in read("bench_budget.csv")}
blocks_table = read("bench_blocks.csv")
flops = read("bench_flops.csv")
Ns = sorted({int(r["N"]) for r in batch})
methods = list(dict.fromkeys(r["method"] for r in batch))
N_GOAL = [N for N in Ns if N >= 1000]  # 목표가 걸린 N: 10^3 .. 10^6
assert N_GOAL == [10**3, 10**4, 10**5, 10**6], N_GOAL
GOAL_PIN = float(budget["target_ratio_to_pin"])  # 목표 1의 배수 (figsrc/bench_rnea.py가 씀)
FLAT_TOL = 1.15  # 목표 3: N >= 10^4에서 가장 긴 상태당 시간이 가장 짧은 것의 이 배수 이내
REF_LINE_US = 1  # 그림 fig-b-batch 왼쪽의 점선 위치 (figsrc/bench_rnea.py가 그린 눈금선)

dense_Ns = [N for N in Ns if any(r["method"] == "rnea" and int(r["N"]) == N for r in batch)]
glue("bp_max_dense", f"{max(dense_Ns):,}", display=False)
glue("bp_goal_pin", GOAL_PIN, display=False)
glue("bp_ref_line", REF_LINE_US, display=False)
for N in N_GOAL:
    k = round(np.log10(N))
    glue(f"bp_b{k}_struct", fx(per_sample("rnea_structured", N), 2), display=False)
    glue(f"bp_b{k}_rpin", fx(ratio_pin("rnea_structured", N), 2), display=False)
    glue(f"bp_b{k}_rtb", fx(per_sample("rtb rne (trajectory)", N), 2), display=False)
    glue(f"bp_b{k}_pin", fx(per_sample("pin.rnea (loop)", N), 2), display=False)
pin_all = [per_sample("pin.rnea (loop)", N) for N in N_GOAL]
glue("bp_pin_min", fx(min(pin_all), 2), display=False)
glue("bp_pin_max", fx(max(pin_all), 2), display=False)
glue("bp_pin_flat", claims.choose(
    max(pin_all) <= FLAT_TOL * min(pin_all), "거의 일정했다",
    "흔들렸다. 같은 호출을 되풀이하는 루프라 상태당 비용은 N과 상관없어야 하므로, 이 차이는 측정 중 "
    "기계의 부하로 보인다"), display=False)
claims.claim("bp-batch-flip", "배치 계산에서는 순위가 뒤집힌다",
             per_sample("rnea_structured", 1) > per_sample("pin.rnea (loop)", 1)
             and all(ratio_pin("rnea_structured", N) < 1 for N in N_GOAL),
             ratio_to_pin={N: ratio_pin("rnea_structured", N) for N in [1, *N_GOAL]})
claims.claim("bp-batch-measured", "늘려 잡은 값이 아니라 실제로 잰 값이다",
             all(any(r["method"] == m and int(r["N"]) == max(Ns) for r in batch)
                 for m in ("pin.rnea (loop)", "mj_inverse (loop)")), largest_N=max(Ns))
# goal 1: the largest ratio to the Pinocchio loop over the four N, and where it lies beyond the goal
r_pin = {N: ratio_pin("rnea_structured", N) for N in N_GOAL}
miss_pin = [N for N in N_GOAL if r_pin[N] > GOAL_PIN]
glue("bp_goal1_max", fx(max(r_pin.values()), 2), display=False)
glue("bp_goal1_word", claims.choose(not miss_pin, "네 N 모두에서 목표 안에 든다",
                                    f"N = {n_text(miss_pin)}에서 목표를 넘는다"), display=False)
# goal 2: rnea_structured against the Robotics Toolbox trajectory call
r_rtb = {N: per_sample("rnea_structured", N) / per_sample("rtb rne (trajectory)", N) for N in N_GOAL}
miss_rtb = [N for N in N_GOAL if r_rtb[N] >= 1]
glue("bp_goal2_max", fx(max(r_rtb.values()), 2), display=False)
glue("bp_goal2_word", claims.choose(not miss_rtb, "네 N 모두에서 더 짧다",
                                    f"N = {n_text(miss_rtb)}에서 더 짧지 않다"), display=False)
big = [per_sample("rnea_structured", N) for N in N_GOAL if N >= 10**4]
spread = max(big) / min(big)
glue("bp_flat_spread", fx(spread, 2), display=False)
glue("bp_flat_tol", FLAT_TOL, display=False)
# 목표 3은 N마다 번갈아 잰 표로 판단한다(data/bench_flat.csv): 어떤 N의 상태당 시간도 그 이하의
# N들에서 가장 짧았던 시간의 FLAT_TOL배를 넘지 않으면 "늘지 않음"
flat = {int(r["N"]): r for r in read("bench_flat.csv")}
assert sorted(flat) == N_GOAL, sorted(flat)
flat_t = {N: float(flat[N]["per_sample_us"]) for N in N_GOAL}
rise = max(flat_t[N] / min(flat_t[M] for M in N_GOAL if M <= N) for N in N_GOAL)
glue("bp_flat_rise", fx(rise, 2), display=False)
glue("bp_goal3_word", claims.choose(rise <= FLAT_TOL, "늘지 않았다", "늘었다"), display=False)
for N in N_GOAL:
    k = round(np.log10(N))
    glue(f"bp_f{k}_struct", fx(flat_t[N], 2), display=False)
    glue(f"bp_f{k}_faults", f"{int(flat[N]['page_faults_per_call']):,}", display=False)
faults = {N: int(flat[N]["page_faults_per_call"]) for N in N_GOAL}
out_mib = fx(max(N_GOAL) * 6 * 8 / 2**20)  # 가장 큰 N의 출력 배열
glue("bp_flat_faults",
     f"번갈아 잰 측정에서 호출당 페이지 폴트는 N = {10**6:,}에서 {faults[10**6]:,}번, "
     f"{10**5:,}에서 {faults[10**5]:,}번이었다"
     + claims.choose(faults[10**6] > 10 * max(1, faults[10**5]),
                     f". N = {10**6:,}의 출력 배열 {out_mib} MiB가 메모리 할당기가 해제 뒤에 붙들어 "
                     "두는 크기를 넘어, 호출마다 운영체제에서 새 페이지를 받아 오기 때문으로 보인다. "
                     "그 비용만큼 이 N의 상태당 시간이 늘 수 있다", ""),
     display=False)
flat_rows = [[f"{N:,}", f"{flat_t[N]:.3g}", f"{int(flat[N]['page_faults_per_call']):,}",
              f"{float(flat[N]['peak_bytes_per_sample']):.0f}"] for N in N_GOAL]
# B.6의 요약이 쓰는 값: N = 10^4에서의 비교
glue("bp_b_struct", fx(per_sample("rnea_structured", 10**4), 2), display=False)
glue("bp_b_pin", fx(per_sample("pin.rnea (loop)", 10**4), 2), display=False)
glue("bp_b_ratio", fx(1 / ratio_pin("rnea_structured", 10**4), 1), display=False)
claims.claim("bp-sum-batch", "{glue:text}`bp_b_ratio`배 빠르다", ratio_pin("rnea_structured", 10**4) < 1,
             ratio_to_pin=ratio_pin("rnea_structured", 10**4))
glue("bp_b1_struct", fx(per_sample("rnea_structured", 1), 1), display=False)
glue("bp_b10_struct", fx(per_sample("rnea_structured", 10), 1), display=False)
glue("bp_b100_struct", fx(per_sample("rnea_structured", 100), 3), display=False)
claims.claim("bp-batch-small", "상태 100개에서는 {glue:text}`bp_b100_struct` μs로 떨어진다",
             per_sample("rnea_structured", 100) < per_sample("rnea_structured", 1),
             N1=per_sample("rnea_structured", 1), N100=per_sample("rnea_structured", 100))
glue("bp_b_dense", fx(per_sample("rnea", 10**4), 2), display=False)
glue("bp_b_classic", fx(per_sample("rnea_classic", 10**4), 2), display=False)
glue("bp_b_mj", fx(per_sample("mj_inverse (loop)", 10**4), 2), display=False)


def cell(m, N, fmt):
    r = next((r for r in batch if r["method"] == m and int(r["N"]) == N), None)
    return "—" if r is None else fmt(r)


rows = [[m] + [cell(m, N, lambda r: f"{float(r['per_sample_us']):.3g} ({float(r['ratio_to_pin']):.3g})")
               for N in Ns] for m in methods]
print("goal 1 missed at", miss_pin, "goal 2 missed at", miss_rtb, "rise", round(rise, 3),
      "spread of the medians N >= 1e4", round(spread, 3))

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
md_table(["방법"] + [f"N = {N:,}" for N in Ns], rows,
         "상태 하나당 시간 μs (괄호 안은 같은 N에서 Pinocchio 루프 대비 배수; data/bench_batch.csv; "
         "—: 재지 않음)", "tab-b-batch", align="l" + "r" * len(Ns))

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
md_table(["N", "상태당 시간 μs", "호출당 페이지 폴트", "상태당 최대 메모리 (바이트)"], flat_rows,
         "rnea_structured를 네 N에서 한 블록씩 번갈아 잰 상태당 시간 (N마다 가장 짧은 블록; "
         "data/bench_flat.csv)", "tab-b-flat", align="rrrr")

# %% [markdown]
# ```{figure} figures/bench_batch.png
# :name: fig-b-batch
# :width: 100%
#
# 왼쪽: 상태 $N$개를 계산할 때 상태 하나당 시간(측정 블록들의 중앙값). chaindyn은 배치 한 번의 호출,
# Pinocchio·MuJoCo·modern_robotics·리스트 구현은 상태마다 한 번씩 부르는 루프, Robotics
# Toolbox는 궤적 배열 한 번이다. 점선은 상태당 {glue:text}`bp_ref_line` μs를 표시한 눈금선이다.
# 오른쪽: 그 한 번 호출에서 잡힌 메모리의 정점(`tracemalloc`). `tracemalloc`은 파이썬 객체와 numpy 배열의
# 할당만 본다. 그래서 계산에 쓰는 메모리를 C++·C 코드에서 잡는 Pinocchio와 MuJoCo는 값이
# 결과를 모으는 배열의 크기뿐이라 그리지 않았고({numref}`tab-b-mem`에는 실었다), modern_robotics와
# 리스트 구현은 메모리를 재지 않아 빠져 있다.
# ```
#
# % claim: bp-batch-flip, bp-batch-measured
#
# 배치 계산에서는 순위가 뒤집힌다({numref}`tab-b-batch`, {numref}`fig-b-batch`).
# `rnea_structured`의 상태당 시간은 $N = 10^3$에서 {glue:text}`bp_b3_struct` μs(Pinocchio 루프
# 대비 배수 {glue:text}`bp_b3_rpin`), $10^4$에서 {glue:text}`bp_b4_struct` μs
# ({glue:text}`bp_b4_rpin`), $10^5$에서 {glue:text}`bp_b5_struct` μs({glue:text}`bp_b5_rpin`),
# $10^6$에서 {glue:text}`bp_b6_struct` μs({glue:text}`bp_b6_rpin`)였다. Pinocchio 루프는 이 네
# $N$에서 상태당 {glue:text}`bp_pin_min`~{glue:text}`bp_pin_max` μs로 {glue:text}`bp_pin_flat`.
# $N = 10^6$의 Pinocchio와 MuJoCo 루프도 늘려 잡은 값이 아니라 실제로 잰 값이다.
#
# 세 목표와 견주면 다음과 같다.
#
# % no-claim: 목표를 되풀이하고, 잰 값과 견주는 말은 claims.choose가 데이터로 고른다
#
# - **목표 1**(Pinocchio 루프의 {glue:text}`bp_goal_pin`배 이하). 네 $N$에서 가장 큰 배수는
#   {glue:text}`bp_goal1_max`배로, {glue:text}`bp_goal1_word`.
# - **목표 2**(Robotics Toolbox보다 짧게). Robotics Toolbox의 궤적 호출은 상태당 $N = 10^3$에서
#   {glue:text}`bp_b3_rtb` μs, $10^4$에서 {glue:text}`bp_b4_rtb` μs, $10^5$에서 {glue:text}`bp_b5_rtb` μs,
#   $10^6$에서 {glue:text}`bp_b6_rtb` μs였다. `rnea_structured`의 시간은 그 가장 큰 것이
#   {glue:text}`bp_goal2_max`배로, {glue:text}`bp_goal2_word`.
# - **목표 3**(상태당 시간이 늘지 않게). 같은 함수를 $N$끼리 견주는 일이라서, 네 $N$을 한 블록씩
#   번갈아 잰 {numref}`tab-b-flat`로 본다. 그러면 측정 중의 부하가 모든 $N$에 고르게 걸린다. 잣대는
#   이렇다. 어떤 $N$의 상태당 시간도 그 이하의 $N$에서 가장 짧았던 값의 {glue:text}`bp_flat_tol`배를
#   넘지 않으면 "늘지 않음"이다. 이 비는 가장 큰 곳에서 {glue:text}`bp_flat_rise`배였고, 상태당 시간은
#   이 잣대로 {glue:text}`bp_goal3_word`.
#
# % no-claim: 두 측정의 값을 나란히 적은 것이고, 방향 낱말은 claims.choose가 고른다
#
# 위 표처럼 긴 호출 몇 번의 중앙값을 $N$마다 다른 때에 재면, $N \ge 10^4$의 세 값 가운데 가장 긴 것이
# 가장 짧은 것의 {glue:text}`bp_flat_spread`배였다. {glue:text}`bp_flat_faults`. 임시 메모리는 아래
# B.4.1절과 B.4.3절에서 본다.
#
# % claim: bp-batch-small
#
# 까닭은 이렇게 본다. 벡터화된 경로에서는 재귀식의 한 줄이 numpy 연산 하나이고, 그 연산이 여러
# 상태를 한꺼번에 처리한다. 그래서 numpy 호출 한 번의 고정 비용이 상태 수로 나뉜다. 반면 라이브러리를
# 파이썬에서 상태마다 부르면 호출마다 파이썬과 C++ 사이를 오가는 비용이 든다. 이 부록은 그 비용을 계산
# 자체와 나누어 재지 않았다. 상태가 적으면 사정이 반대다. 상태 하나를 배치로 주면 `rnea_structured`는
# 상태당 {glue:text}`bp_b1_struct` μs가 들지만, 상태 100개에서는 {glue:text}`bp_b100_struct` μs로
# 떨어진다. $N = 10^4$에서 MuJoCo 루프는 {glue:text}`bp_b_mj` μs, 밀집 `rnea`는 {glue:text}`bp_b_dense` μs,
# `rnea_classic`은 {glue:text}`bp_b_classic` μs였다.

# %% tags=["hide-input"]
block_default = int(machine["block_states"])
assert block_default == engine.BLOCK_STATES, (block_default, engine.BLOCK_STATES)
(N_blocks,) = {int(r["N"]) for r in blocks_table}
whole = next(r for r in blocks_table if int(r["block_states"]) == N_blocks)  # 블록 하나 = 나누지 않음
chosen = next(r for r in blocks_table if r["default"] == "True")
assert int(chosen["block_states"]) == block_default
smallest = min(blocks_table, key=lambda r: int(r["block_states"]))
glue("bp_block", f"{block_default:,}", display=False)
glue("bp_block_kib", block_default * 8 // 1024, display=False)
glue("bp_blocks_N", f"{N_blocks:,}", display=False)
glue("bp_blk_whole_us", round(float(whole["per_sample_us"]), 2), display=False)
glue("bp_blk_whole_faults", f"{int(whole['page_faults_per_call']):,}", display=False)
glue("bp_blk_chosen_faults", f"{int(chosen['page_faults_per_call']):,}", display=False)
whole_vs_chosen = float(whole["per_sample_us"]) / float(chosen["per_sample_us"])
glue("bp_blk_whole_ratio", fx(whole_vs_chosen, 2), display=False)
glue("bp_blk_whole_word", claims.choose(whole_vs_chosen > FLAT_TOL, "길었다", "비슷했다"),
     display=False)
glue("bp_blk_whole_b", fx(float(whole["peak_bytes_per_sample"])), display=False)
glue("bp_blk_chosen_us", fx(float(chosen["per_sample_us"]), 2), display=False)
glue("bp_blk_chosen_b", fx(float(chosen["peak_bytes_per_sample"])), display=False)
glue("bp_blk_small", int(smallest["block_states"]), display=False)
glue("bp_blk_small_us", fx(float(smallest["per_sample_us"]), 2), display=False)
best_block = min(blocks_table, key=lambda r: float(r["per_sample_us"]))
glue("bp_blk_best", f"{int(best_block['block_states']):,}", display=False)
glue("bp_blk_best_us", fx(float(best_block["per_sample_us"]), 2), display=False)
glue("bp_blk_vs_best", fx(float(chosen["per_sample_us"]) / float(best_block["per_sample_us"]), 2),
     display=False)
claims.claim("bp-blk-small", "블록이 너무 작으면 numpy 호출 한 번의 고정 비용을 더 자주 낸다",
             float(smallest["per_sample_us"]) > float(chosen["per_sample_us"]),
             smallest=smallest["per_sample_us"], chosen=chosen["per_sample_us"])
claims.claim("bp-blk-faults", "기본 블록에서는 {glue:text}`bp_blk_chosen_faults`번이었다",
             int(whole["page_faults_per_call"]) > int(chosen["page_faults_per_call"]),
             whole=whole["page_faults_per_call"], chosen=chosen["page_faults_per_call"])
def cache_text(size):
    """sysfs의 캐시 크기 "1024K"를 "1 MiB"로."""
    kib = int(size.rstrip("K"))
    return f"{kib // 1024} MiB" if kib % 1024 == 0 else f"{kib} KiB"


glue("bp_cache_l2", cache_text(machine["cache_l2"]), display=False)
glue("bp_cache_l3", cache_text(machine["cache_l3"]), display=False)
whole_bytes = float(whole["peak_bytes_per_sample"]) * N_blocks
glue("bp_blk_whole_mib", fx(whole_bytes / 2**20), display=False)
op_bytes_whole = 3 * 8 * N_blocks  # one numpy operation: two float64 arrays read, one written
op_bytes_block = 3 * 8 * block_default
glue("bp_blk_op_mb", fx(op_bytes_whole / 1e6, 1), display=False)
glue("bp_blk_op_kib", fx(op_bytes_block / 1024), display=False)
l2_bytes, l3_bytes = (1024 * int(machine[k].rstrip("K")) for k in ("cache_l2", "cache_l3"))
glue("bp_blk_l3_word", claims.choose(
    whole_bytes > l3_bytes,
    "3차 캐시보다 크다. 앞서 만든 배열을 후방 순환에서 다시 읽을 때 주 메모리까지 가야 할 수 있다",
    "3차 캐시 안에는 들지만 2차 캐시의 몇십 배이다. 앞서 만든 배열을 후방 순환에서 다시 읽을 때"
    " 2차 캐시 밖까지 가야 한다"), display=False)
glue("bp_blk_whole_l2", fx(whole_bytes / l2_bytes), display=False)
claims.claim("bp-blk-cache", "살아 있는 배열 전체는 2차 캐시의",
             whole_bytes > 10 * l2_bytes and op_bytes_whole > l2_bytes,
             live_bytes=whole_bytes, l3=l3_bytes, op_bytes=op_bytes_whole, l2=l2_bytes)
claims.claim("bp-blk-fits", "연산 하나가 다루는 세 배열이 2차 캐시 안에 든다",
             op_bytes_block < l2_bytes, op_bytes=op_bytes_block, l2=l2_bytes)
rows = [[f"{int(r['block_states']):,}" + (" (블록 하나)" if r is whole else "")
         + (" ← BLOCK_STATES" if r is chosen else ""),
         f"{float(r['per_sample_us']):.3g}", f"{float(r['peak_bytes_per_sample']):.0f}",
         f"{int(r['page_faults_per_call']):,}"]
        for r in blocks_table]

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
md_table(["블록 크기 (상태 수)", "상태당 시간 μs", "상태당 최대 메모리 (바이트)",
          "호출당 페이지 폴트"], rows,
         f"상태 {N_blocks:,}개를 블록 크기를 바꾸어 가며 계산한 rnea_structured "
         "(data/bench_blocks.csv)", "tab-b-blocks", align="lrrr")

# %% [markdown]
# ### B.4.1 큰 배치는 블록으로 나누어 계산한다
#
# % claim: bp-blk-cache, bp-blk-faults
#
# 배치 전체를 한 번에 계산하면 재귀식의 한 줄마다 상태 $N$개짜리 배열이 생긴다. 후방 순환이 다시 쓸
# 값(링크마다 힘·모멘트, 회전의 코사인·사인)은 끝까지 남아 있으므로 이런 배열 여럿이 동시에 살아
# 있다. {numref}`tab-b-blocks`의 마지막 행처럼 상태 {glue:text}`bp_blocks_N`개를 블록 하나로 계산하면,
# 최대 메모리가 상태당 {glue:text}`bp_blk_whole_b` 바이트, 모두 {glue:text}`bp_blk_whole_mib` MiB이다.
# {numref}`tab-b-machine`의 기계에서 2차 캐시는 {glue:text}`bp_cache_l2`, 3차 캐시는
# {glue:text}`bp_cache_l3`이다. 살아 있는 배열 전체는 2차 캐시의 {glue:text}`bp_blk_whole_l2`배로,
# {glue:text}`bp_blk_l3_word`. 연산 하나가 다루는 배열 셋(둘을 읽고 하나를 쓴다)만 해도 {glue:text}`bp_blk_op_mb` MB로 2차 캐시를 넘는다. 또 메모리 할당기는 큰 임시 배열을
# 해제할 때 그 메모리를 운영체제에 돌려줄 수 있다. 그러면 다음 호출은 같은 메모리를 페이지 폴트를
# 거쳐 다시 받아 온다. 벤치마크는 이 측정을 새 파이썬 프로세스에서 하며 페이지 폴트를 `getrusage`로
# 센다. 호출마다 블록 하나로 계산할 때 {glue:text}`bp_blk_whole_faults`번, 기본 블록에서는
# {glue:text}`bp_blk_chosen_faults`번이었다. 나누지 않은 계산의 상태당 시간은 기본 블록의
# {glue:text}`bp_blk_whole_ratio`배로 {glue:text}`bp_blk_whole_word`.
#
# % claim: bp-blk-fits
#
# 그래서 `rnea_structured`는 큰 배치를 상태 {glue:text}`bp_block`개(`chaindyn.engine.BLOCK_STATES`)
# 이하의 블록으로 나눈다. 블록마다 같은 재귀를 돌려, 미리 잡아 둔 출력 배열의 제자리에 쓴다. 블록
# 하나의 배열은 float64 {glue:text}`bp_block`개({glue:text}`bp_block_kib` KiB)이고, 연산 하나가 다루는
# 세 배열이 2차 캐시 안에 든다({glue:text}`bp_blk_op_kib` KiB). 블록 안에서는 $q$, $\dot q$,
# $\ddot q$의 성분을 연속된 행으로 한 번 복사해 둔다. 입력 배열의 한 열은 메모리에서 띄엄띄엄 놓여
# 있어, 그대로 쓰면 연산마다 느리기 때문이다. 블록으로 나누어도 계산하는 식과 순서는 상태마다 같다.
# 블록 경계를 넘는 배치의 토크가 `chaindyn.rnea`와 같다는 것은 B.1.2절 끝의 비교와 같은 방법으로
# 아래에서 보인다.
#
# % claim: bp-blk-small
#
# 블록 크기는 측정으로 골랐다({numref}`tab-b-blocks`). 상태 {glue:text}`bp_blocks_N`개를 블록 하나로
# 계산하면 상태당 {glue:text}`bp_blk_whole_us` μs, 최대 메모리는 상태당 {glue:text}`bp_blk_whole_b`
# 바이트였다. 블록 {glue:text}`bp_block`개로 나누면 {glue:text}`bp_blk_chosen_us` μs, 상태당
# {glue:text}`bp_blk_chosen_b` 바이트이다. 블록이 너무 작으면 numpy 호출 한 번의 고정 비용을 더 자주
# 낸다. 블록 {glue:text}`bp_blk_small`개에서는 상태당 {glue:text}`bp_blk_small_us` μs였다. 너무 크면
# 캐시를 넘친다. 이 측정에서 가장 짧았던 것은 블록 {glue:text}`bp_blk_best`개의
# {glue:text}`bp_blk_best_us` μs였고, 기본값의 시간은 그 {glue:text}`bp_blk_vs_best`배였다. 기본값은
# 이 표 한 번으로 고른 값이 아니다. 그래서 이 표에서 가장 짧은 블록과는 측정의 흔들림만큼 다를 수
# 있다.

# %% tags=["hide-input", "nbval-ignore-output"]
# 블록 경계를 넘는 배치: 토크가 chaindyn.rnea와 같고, 곱셈 수가 상태 수에 비례한다
B = engine.BLOCK_STATES
rng = np.random.default_rng(77)
block_worst = 0.0
for N in (B - 1, B, B + 1, 2 * B + 5):
    qs = [rng.standard_normal((N, 6)) for _ in range(3)]
    block_worst = max(block_worst, float(np.abs(cd.rnea_structured(arm, *qs) - cd.rnea(arm, *qs)).max()))
glue("bp_blk_equal_worst", sci(block_worst), display=False)
claims.within("bp-blk-equal", "반올림 수준의 한계 {glue:text}`bp_equal_bound` N·m 안에 있다",
              block_worst, EQUAL_BOUND)
per_state = count(cd.rnea_structured, arm, *s_arm, rule="all")
block_counts = {N: count(cd.rnea_structured, arm, *(rng.standard_normal((N, 6)) for _ in range(3)),
                         rule="all") for N in (B - 1, B + 1)}
claims.claim("bp-blk-count", "곱셈 수는 상태 수에 정확히 비례한다",
             all(c == N * per_state for N, c in block_counts.items()), counts=block_counts,
             per_state=per_state)

# %% [markdown]
# % claim: bp-blk-equal, bp-blk-count
#
# 상태 수가 블록 경계 바로 앞뒤이거나 블록 여러 개에 걸칠 때도 토크는 `chaindyn.rnea`와 같다. 가장 큰
# 차이는 {glue:text}`bp_blk_equal_worst` N·m로, 반올림 수준의 한계 {glue:text}`bp_equal_bound` N·m 안에
# 있다. 곱셈 수는 상태 수에 정확히 비례한다.

# %% tags=["hide-input"]
b_call, b_sweep = float(budget["call_us"]), float(budget["sweep_us"])
b_trig, b_out = float(budget["trig_us"]), float(budget["outside_sweep_us"])
b_ops, b_allowed = int(budget["arithmetic_calls"]), float(budget["arithmetic_calls_for_target"])
b_pin = float(budget["pin_loop_call_us"])
glue("bp_bud_N", f"{int(budget['N']):,}", display=False)
glue("bp_bud_call", fx(b_call), display=False)
glue("bp_bud_sweep", fx(b_sweep), display=False)
glue("bp_bud_trig", fx(b_trig), display=False)
glue("bp_bud_trig_calls", int(budget["trig_calls"]), display=False)
glue("bp_bud_out", fx(b_out), display=False)
glue("bp_bud_ops", b_ops, display=False)
glue("bp_bud_per_op", fx(float(budget["per_arithmetic_call_us"]), 2), display=False)
glue("bp_bud_target", fx(GOAL_PIN * b_pin, 1), display=False)
glue("bp_bud_pin", fx(b_pin), display=False)
left = GOAL_PIN * b_pin - b_out - b_trig  # 사칙 연산에 남는 시간, μs
glue("bp_bud_left", fx(left), display=False)
glue("bp_bud_allowed", int(b_allowed), display=False)
glue("bp_bud_fit", claims.choose(b_ops <= b_allowed, "그 안에 든다", "그보다 많다"), display=False)
claims.claim("bp-bud-sweep", "시간은 대부분 재귀 본체의 numpy 호출에 든다", b_sweep > 0.5 * b_call,
             sweep_us=b_sweep, call_us=b_call)
claims.claim("bp-bud-left", "사칙 연산에 남는 시간은 {glue:text}`bp_bud_left` μs이다", left > 0,
             left_us=left)
ratio_min, ratio_med = b_call / b_pin, ratio_pin("rnea_structured", int(budget["N"]))
glue("bp_bud_ratio", fx(ratio_min, 2), display=False)
glue("bp_bud_ratio_med", fx(ratio_med, 2), display=False)
glue("bp_bud_agree", claims.choose(
    (ratio_min <= GOAL_PIN) == (ratio_med <= GOAL_PIN),
    claims.choose(ratio_min <= GOAL_PIN, "두 통계 모두 목표 1의 배수 안에 든다",
                  "두 통계 모두 목표 1의 배수를 넘는다"),
    "두 통계의 답이 갈린다. 이 상태 수에서 목표 1은 시간을 어떤 통계로 재느냐에 따라 달라지는 "
    "경계에 있다"), display=False)
print({k: budget[k] for k in budget})

# %% [markdown]
# ### B.4.2 $N = 10^3$: numpy 호출의 고정 비용
#
# % claim: bp-bud-sweep
#
# 상태가 {glue:text}`bp_bud_N`개이면 배치가 블록 하나에 들고, 시간은 대부분 재귀 본체의 numpy 호출에
# 든다. 벤치마크는 이 경우의 시간을 나누어 잰다(`data/bench_budget.csv`). 부분들과 Pinocchio 루프를
# 번갈아 재고 부분마다 가장 짧은 블록을 쓴다. 그래서 중앙값을 적은 위 표와는 값이 다를 수 있다. 호출
# 한 번 {glue:text}`bp_bud_call` μs 가운데 재귀 본체가 {glue:text}`bp_bud_sweep` μs이다. 그중 사인·코사인
# {glue:text}`bp_bud_trig_calls`번이 {glue:text}`bp_bud_trig` μs이다. 나머지 {glue:text}`bp_bud_out` μs는
# 입력 검사, 블록 성분 복사, 출력 쓰기이다. 재귀 본체의 사칙 연산은 numpy 호출 {glue:text}`bp_bud_ops`번이고,
# 한 번에 평균 {glue:text}`bp_bud_per_op` μs가 든다.
#
# % claim: bp-bud-left
#
# 목표 1은 이 $N$에서 호출 한 번이 Pinocchio 루프({glue:text}`bp_bud_pin` μs)의
# {glue:text}`bp_goal_pin`배, 곧 {glue:text}`bp_bud_target` μs를 넘지 않을 것을 요구한다. 재귀 밖의
# 비용과 사인·코사인을 그대로 두면 사칙 연산에 남는 시간은 {glue:text}`bp_bud_left` μs이다. 연산 한
# 번의 비용이 같다면 그 시간에 numpy 연산 {glue:text}`bp_bud_allowed`번이 든다. 지금의
# {glue:text}`bp_bud_ops`번은 {glue:text}`bp_bud_fit`. 이 상태 수에서 시간을 정하는 것은 곱셈의 수가
# 아니라 numpy 연산의 수이다. 곱셈과 덧셈은 모두 numpy 호출 한 번씩이고, 이 크기의 배열에서는 호출
# 한 번의 비용이 연산의 종류보다 호출 자체에 달려 있다고 보기 때문이다. 이 측정은 두 연산을 따로 재지
# 않고 평균만 냈다.
#
# % no-claim: 두 통계의 값을 나란히 적고, 둘을 견주는 말은 claims.choose가 고른다
#
# 번갈아 잰 이 측정에서 호출 한 번은 Pinocchio 루프의 {glue:text}`bp_bud_ratio`배이고, 중앙값을 적은
# 위 표에서는 {glue:text}`bp_bud_ratio_med`배이다. {glue:text}`bp_bud_agree`.

# %% tags=["hide-input"]
mem_methods = [m for m in methods if any(r["peak_MiB"] for r in batch if r["method"] == m)]
rows = [[m] + [cell(m, N, lambda r: f"{float(r['peak_MiB']):.3g}" if r["peak_MiB"] else "—")
               for N in Ns] for m in mem_methods]
unmeasured = [m for m in methods if m not in mem_methods]
N_M, N_L = 100_000, max(Ns)
glue("bp_m5_dense", fx(peak("rnea", N_M)), display=False)
glue("bp_m5_classic", fx(peak("rnea_classic", N_M)), display=False)
glue("bp_m_bytes_dense", fx(peak("rnea", N_M) * 2**20 / N_M), display=False)
bytes_pin = peak("pin.rnea (loop)", N_M) * 2**20 / N_M
glue("bp_m_bytes_pin", fx(bytes_pin), display=False)
out_bytes = 6 * np.dtype(float).itemsize  # 출력 배열: 토크 6개 × float64
glue("bp_m_bytes_out", out_bytes, display=False)
glue("bp_m6_struct", fx(peak("rnea_structured", N_L)), display=False)
bytes6 = float(row("rnea_structured", N_L)["peak_bytes_per_sample"])
glue("bp_m6_bytes", fx(bytes6), display=False)
extra = {N: peak("rnea_structured", N) - N * out_bytes / 2**20 for N in (N_M, N_L)}
glue("bp_m6_extra", fx(extra[N_L], 1), display=False)
glue("bp_m5_extra", fx(extra[N_M], 1), display=False)
glue("bp_m5_bytes_struct", fx(float(row("rnea_structured", N_M)["peak_bytes_per_sample"])),
     display=False)
glue("bp_m6_rtb_bytes", fx(float(row("rtb rne (trajectory)", N_L)["peak_bytes_per_sample"])),
     display=False)
claims.claim("bp-mem-struct", "그 대부분은 결과인 토크 자체", out_bytes > 0.5 * bytes6,
             out_bytes=out_bytes, bytes_per_state=bytes6)
claims.claim("bp-mem-extra", "출력을 뺀 나머지는 $N$이 열 배 커져도 거의 그대로이다",
             max(extra.values()) < 1.25 * min(extra.values()), extra_MiB=extra)
claims.claim("bp-mem-pin", "결과를 모으는 출력 배열의 크기(토크 6개, {glue:text}`bp_m_bytes_out` "
             "바이트)와 같다", fx(bytes_pin) == out_bytes, pin_bytes_per_state=bytes_pin)
claims.claim("bp-mem-unmeasured", "modern_robotics와 리스트 구현은 메모리를 재지 않아 표에 없다",
             unmeasured == ["mr.InverseDynamics (loop)", "python lists (loop)"], unmeasured=unmeasured)
print("no memory measurement:", unmeasured)

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
md_table(["방법"] + [f"N = {N:,}" for N in Ns], rows,
         "한 번 호출의 최대 메모리 MiB (tracemalloc: 파이썬 객체와 numpy 배열만; data/bench_batch.csv; "
         "—: 재지 않음)", "tab-b-mem", align="l" + "r" * len(Ns))

# %% [markdown]
# ### B.4.3 메모리
#
# % claim: bp-mem-unmeasured
#
# 배치 측정의 최대 메모리 값은 모두 {numref}`tab-b-mem`에 있다. modern_robotics와 리스트 구현은
# 메모리를 재지 않아 표에 없다.
#
# % claim: bp-mem-struct, bp-mem-extra
#
# 블록으로 나누므로 `rnea_structured`의 최대 메모리는 출력 배열에 블록 하나 몫을 더한 만큼이다.
# $N = 10^6$에서 {glue:text}`bp_m6_struct` MiB, 곧 상태당 {glue:text}`bp_m6_bytes` 바이트였다($N = 10^5$에서는
# 상태당 {glue:text}`bp_m5_bytes_struct` 바이트). 그 대부분은 결과인 토크 자체(상태당
# {glue:text}`bp_m_bytes_out` 바이트)이다. 출력을 뺀 나머지는 $N = 10^5$에서 {glue:text}`bp_m5_extra` MiB,
# $10^6$에서 {glue:text}`bp_m6_extra` MiB이다. 출력을 뺀 나머지는 $N$이 열 배 커져도 거의 그대로이다.
# 블록 하나의 크기가 그 값을 정하기 때문이다.
#
# 밀집 구현은 링크마다 6×6 수반 행렬을 상태 수만큼 저장해 두었다가 후방 순환에서 다시 쓴다. 그래서
# $N = 10^5$에서 {glue:text}`bp_m5_dense` MiB(상태당 약 {glue:text}`bp_m_bytes_dense` 바이트)를 썼고,
# `rnea_classic`은 {glue:text}`bp_m5_classic` MiB를 썼다. Robotics Toolbox의 궤적 호출은 $N = 10^6$에서
# 상태당 {glue:text}`bp_m6_rtb_bytes` 바이트였다.
#
# % claim: bp-mem-pin
#
# Pinocchio와 MuJoCo 루프의 값은 이들과 같은 잣대가 아니다. Pinocchio 루프는 상태당 약
# {glue:text}`bp_m_bytes_pin` 바이트로, 결과를 모으는 출력 배열의 크기(토크 6개, {glue:text}`bp_m_bytes_out`
# 바이트)와 같다. 라이브러리가 C++ 코드에서 쓰는 작업 메모리는 이 값에 들어 있지 않다.

# %% tags=["hide-input"]
peak_gflops = float(machine["peak_gflops_single_core"])
fl = {(r["method"], int(r["N"])): r for r in flops}
fs = fl[("rnea_structured", N_GOAL[0])]
best_fs = max((r for r in flops if r["method"] == "rnea_structured"), key=lambda r: float(r["gflops"]))
glue("bp_fl_mul", int(fs["multiplications_per_state"]), display=False)
glue("bp_fl_add", int(fs["additions_per_state"]), display=False)
glue("bp_fl_total", int(fs["flops_per_state"]), display=False)
glue("bp_fl_peak", fx(peak_gflops, 1), display=False)
glue("bp_fl_matmul_n", f"{int(machine['peak_matmul_n']):,}", display=False)
glue("bp_fl_best_N", f"{int(best_fs['N']):,}", display=False)
glue("bp_fl_best_gflops", fx(float(best_fs["gflops"]), 2), display=False)
glue("bp_fl_best_pct", fx(100 * float(best_fs["fraction_of_peak"]), 2), display=False)
glue("bp_fl_bandwidth", fx(float(best_fs["gflops"]) * 3 * np.dtype(float).itemsize), display=False)
claims.claim("bp-fl-best", "`rnea_structured`가 가장 빨랐던",
             float(best_fs["per_sample_us"]) == min(float(r["per_sample_us"]) for r in flops
                                                    if r["method"] == "rnea_structured"),
             best=best_fs)
glue("bp_fl_dense_total", int(fl[("rnea", N_GOAL[0])]["flops_per_state"]), display=False)
# 상태 하나를 읽고 쓰는 데 드는 바이트 대 연산: numpy 연산 하나는 float64 둘을 읽고 하나를 쓴다
glue("bp_fl_bytes_per_op", 3 * np.dtype(float).itemsize, display=False)
fl_methods = list(dict.fromkeys(r["method"] for r in flops))
fl_Ns = sorted({int(r["N"]) for r in flops})
rows = [[m, fl[(m, fl_Ns[0])]["flops_per_state"]]
        + [(lambda r: "—" if r is None else
            f"{float(r['gflops']):.3g} ({100 * float(r['fraction_of_peak']):.2g}%)")(fl.get((m, N)))
           for N in fl_Ns] for m in fl_methods]

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
md_table(["방법", "상태당 연산 (곱셈+덧셈)"] + [f"N = {N:,}" for N in fl_Ns], rows,
         f"배치 계산의 연산 속도 GFLOP/s (괄호 안은 이 기계의 단일 코어 최고치 {peak_gflops:.3g} "
         "GFLOP/s 대비; data/bench_flops.csv; —: 재지 않음)", "tab-b-flops",
         align="lr" + "r" * len(fl_Ns))

# %% [markdown]
# ### B.4.4 물리적 한계에 얼마나 가까운가
#
# 상태 하나를 계산하는 부동소수점 연산은 `chaindyn.opcount`로 센다. 곱셈은 B.1절과 같은 `"all"`
# 규칙으로, 덧셈과 뺄셈은 `"additions"` 규칙으로 센다. 사인·코사인과 부호 바꾸기는 세지 않는다.
# 6R 팔에서 `rnea_structured`는 상태당 곱셈 {glue:text}`bp_fl_mul`번과 덧셈
# {glue:text}`bp_fl_add`번, 모두 {glue:text}`bp_fl_total`번이다(밀집 `rnea`는
# {glue:text}`bp_fl_dense_total`번). 기계의 한계로는 numpy의 큰 행렬 곱
# ({glue:text}`bp_fl_matmul_n`×{glue:text}`bp_fl_matmul_n`, BLAS 스레드 하나)이 낸 속도를
# 쓴다. 이 기계의 한 코어에서 {glue:text}`bp_fl_peak` GFLOP/s였다.
#
# % claim: bp-fl-best
#
# `rnea_structured`가 가장 빨랐던 N = {glue:text}`bp_fl_best_N`에서도 초당
# {glue:text}`bp_fl_best_gflops` GFLOP, 곧 이 한계의 {glue:text}`bp_fl_best_pct`%였다
# ({numref}`tab-b-flops`). 차이는 계산의 모양에서 온다. 행렬 곱은 레지스터와 캐시에 올린 수 하나를
# 여러 번 곱하고, 곱셈과 덧셈을 한 명령(FMA)으로 묶는다. numpy 배열 연산은 한 번에 한 가지 연산만 한다.
# 연산마다 float64 둘을 읽고 하나를 쓰므로, 연산 하나에 {glue:text}`bp_fl_bytes_per_op` 바이트가 오간다.
# 위 속도는 초당 약 {glue:text}`bp_fl_bandwidth` GB를 옮기는 셈이다. 그래서 속도는 산술 장치보다 캐시의
# 대역폭과 numpy 호출의 고정 비용이 정한다고 본다. 이 부록은 캐시 대역폭을 따로 재지 않았다. 이 간격을
# 좁히려면 여러 줄을 한 번에 계산하는 컴파일된 코드가 필요하다. 이 책은 numpy만 쓰는 선을 지켰다.

# %% [markdown]
# ### B.4.5 같은 함수의 시간이 표마다 다른 까닭
#
# `rnea_structured`로 상태 하나를 계산한 시간은 이 부록에 세 번 나온다. {numref}`tab-b-single`에서
# {glue:text}`bp_t_struct` μs, {numref}`tab-b-batch`의 $N = 1$ 열에서 {glue:text}`bp_b1_struct` μs,
# {numref}`tab-b-growth`의 $n = 1$ 행에서 {glue:text}`bp_g1_struct` μs이다. 셋은 서로 다른 것을
# 잰 값이다.
#
# % claim: bp-three-times
#
# - **한 번 호출 표**: 6R 팔에 상태 하나를 1차원 배열(모양 `(6,)`)로 넘긴다. 블록
#   {glue:text}`bp_blocks_single`개의 중앙값이다.
# - **배치 표의 $N = 1$**: 같은 팔과 같은 상태를 모양 `(1, 6)`인 2차원 배열로 넘긴다. 계산 경로는
#   같지만(아래) 배치 축을 다루는 일(브로드캐스트, 모양 바꾸기, 결과를 배치 모양으로 되돌리기)이
#   더해진다. 블록 {glue:text}`bp_blocks_batch`개의 중앙값이고 따로 돌린 측정이다. 이 두 요인이
#   각각 얼마씩인지는 이 자료로 나눌 수 없다.
# - **링크 수 표의 $n = 1$**: 관절이 하나뿐인 임의 사슬이다. 링크가 적으니 셋 가운데 가장 짧다. 링크
#   수와 상관없는 호출당 고정 비용은 많아야 이만큼이다.
#
# % claim: bp-path-switch
#
# 배치 표에서 `rnea_structured`의 상태당 시간은 $N = 1$에서 {glue:text}`bp_b1_struct` μs,
# $N = 10$에서 {glue:text}`bp_b10_struct` μs, $N = 100$에서 {glue:text}`bp_b100_struct` μs이다. $N = 10$과
# $N = 100$ 사이에서 계산 경로가 바뀐다. 상태 수가 `chaindyn.engine.ROW_LOOP_MAX` =
# {glue:text}`bp_row_loop_max` 이하이면(입력이 보통 배열이나 리스트일 때) 상태를 하나씩 파이썬 실수로
# 계산한다. 이 경로에서 $N$을 늘려 줄어드는 것은 호출당 고정 비용이 상태 수로 나뉘는 몫뿐이다. 상태마다
# 같은 파이썬 계산을 되풀이하기 때문이다. 그보다 많으면 벡터화된 경로로 넘어간다. 재귀식의 한 줄을 배치
# 전체에 대한 numpy 연산 하나로 계산하므로, numpy 호출 비용이 상태 수로 나뉜다. 두 경로가 같은 토크를
# 내는 것은 B.1.2절 끝에서 보였다.

# %% tags=["hide-input"]
glue("bp_row_loop_max", engine.ROW_LOOP_MAX, display=False)
claims.claim("bp-path-switch", "$N = 10$과 $N = 100$ 사이에서 계산 경로가 바뀐다",
             10 <= engine.ROW_LOOP_MAX < 100, row_loop_max=engine.ROW_LOOP_MAX)
claims.claim("bp-three-times", "링크가 적으니 셋 가운데 가장 짧다",
             float(growth[0]["rnea_structured_us"]) < min(t_struct, per_sample("rnea_structured", 1)),
             growth_n1=growth[0]["rnea_structured_us"], single=t_struct,
             batch_N1=per_sample("rnea_structured", 1))

# %% [markdown]
# (sec-b-growth)=
# ## B.5 링크 수에 따른 증가
#
# 곱셈 횟수로는 RNEA가 $n$에 비례하고, RNEA를 $n$번 불러 열을 모으는 질량 행렬은 $n^2$에
# 비례한다. 측정한 시간에서도 그런지 임의 사슬로 재었다. 관절 수 $n$을 1부터 128까지 두 배씩
# 늘리면서 한 번 호출의 시간을 잰 것이다({numref}`tab-b-growth`). 질량 행렬은 두 가지로 재었다.
# 여기서 `mass_matrix`라 부른 것은 3.2.3.5절의 열 구성 그대로, 밀집 RNEA를 열마다 한 번, 모두 $n$번
# 부르는 것이다(`ch32.mass_matrix_by_columns`; 패키지의 `chaindyn.mass_matrix`는 열 $n$개를 한 번의
# 배치로 돌리며, 그 시간은 {ref}`sec-b-35`에 있다). "구조 배치"는
# `rnea_structured`에 $\ddot q = e_j$($j = 1, \dots, n$)인 상태 $n$개를 배치 한 번으로 넘긴다.
# 비교를 위해 Pinocchio의 `rnea`와 `crba`도 함께 재었다. 벤치마크 스크립트는 `mass_matrix`를
# $n \le 64$에서만 잰다.

# %% tags=["hide-input"]
GROWTH_COLS = [("rnea_us", "`rnea`"), ("rnea_structured_us", "`rnea_structured`"),
               ("pin.rnea_us", "`pin.rnea`"), ("mass_matrix_us", "`mass_matrix` (열마다 `rnea`)"),
               ("mass_matrix_structured_us", "구조 배치 질량 행렬"), ("pin.crba_us", "`pin.crba`")]
N_FIT_MIN = 16  # 맞춤 기울기에 쓰는 점: n >= 16
n_arr = np.array([int(r["n"]) for r in growth], dtype=float)
t_arr = {k: np.array([float(r[k]) if r[k] else np.nan for r in growth]) for k, _ in GROWTH_COLS}
# 국소 기울기: 이웃한 두 점 사이의 log t / log n 기울기
local = {k: np.diff(np.log(t)) / np.diff(np.log(n_arr)) for k, t in t_arr.items()}
fit = {}
for k, t in t_arr.items():
    ok = (n_arr >= N_FIT_MIN) & np.isfinite(t)
    fit[k] = (float(np.polyfit(np.log(n_arr[ok]), np.log(t[ok]), 1)[0]), int(ok.sum()))


def fmt_time(v):
    if not np.isfinite(v):
        return "—"
    return f"{v:.0f}" if v >= 1000 else f"{v:.4g}"  # CSV keeps 4 significant digits


time_rows = [[int(n)] + [fmt_time(t_arr[k][i]) for k, _ in GROWTH_COLS] for i, n in enumerate(n_arr)]
slope_rows = [[f"{int(a)} → {int(b)}"] + ["—" if not np.isfinite(local[k][i]) else f"{local[k][i]:.2f}"
                                          for k, _ in GROWTH_COLS]
              for i, (a, b) in enumerate(zip(n_arr, n_arr[1:]))]
slope_rows.append([f"n ≥ {N_FIT_MIN} 직선 맞춤"] + [f"{fit[k][0]:.2f} (점 {fit[k][1]}개)"
                                                   for k, _ in GROWTH_COLS])


def loc(key, n_from):
    """Local slope on the interval that starts at n = n_from."""
    return fx(float(local[key][list(n_arr).index(n_from)]), 2)


names = {"rnea_us": "dense", "rnea_structured_us": "struct", "pin.rnea_us": "pin",
         "mass_matrix_us": "mm", "mass_matrix_structured_us": "mms", "pin.crba_us": "crba"}
for k, name in names.items():
    glue(f"bp_slope_{name}", fx(fit[k][0], 2), display=False)
    glue(f"bp_npts_{name}", fit[k][1], display=False)
glue("bp_n_fit_min", N_FIT_MIN, display=False)
glue("bp_n_max", int(n_arr.max()), display=False)
dense_local = local["rnea_us"][n_arr[:-1] >= 4]
mm_local = local["mass_matrix_us"][np.isfinite(local["mass_matrix_us"])]
glue("bp_loc_dense_lo", fx(float(dense_local.min()), 2), display=False)
glue("bp_loc_dense_hi", fx(float(dense_local.max()), 2), display=False)
glue("bp_loc_struct_last", loc("rnea_structured_us", 64), display=False)
glue("bp_loc_struct_first", loc("rnea_structured_us", 1), display=False)
glue("bp_loc_pin_last", loc("pin.rnea_us", 64), display=False)
glue("bp_loc_mm_lo", fx(float(mm_local.min()), 2), display=False)
glue("bp_loc_mm_hi", fx(float(mm_local.max()), 2), display=False)
for a in (8, 16, 32, 64):
    glue(f"bp_loc_mms_{a}", loc("mass_matrix_structured_us", a), display=False)
    glue(f"bp_loc_crba_{a}", loc("pin.crba_us", a), display=False)
# 구조 배치의 경로: 상태 n개가 ROW_LOOP_MAX 이하이면 파이썬 실수 경로
n_switch = int(n_arr[n_arr > engine.ROW_LOOP_MAX].min())
claims.claim("bp-grow-switch", "경로가 바뀌는 $16 \\to 32$ 구간에서는",
             n_switch == 32 and engine.ROW_LOOP_MAX == 16, n_switch=n_switch,
             row_loop_max=engine.ROW_LOOP_MAX)
glue("bp_n_switch", n_switch, display=False)
struct_hi_n = local["rnea_structured_us"][n_arr[:-1] >= N_FIT_MIN]
glue("bp_loc_struct_lo", fx(float(struct_hi_n.min()), 2), display=False)
glue("bp_loc_struct_hi", fx(float(struct_hi_n.max()), 2), display=False)
pin_loc = local["pin.rnea_us"]
mms_loc = {a: loc("mass_matrix_structured_us", a) for a in (1, 8, 16, 32, 64)}
glue("bp_loc_mms_1", mms_loc[1], display=False)
claims.claim("bp-grow-rnea", "맞춘 기울기가 1에 가깝다",
             all(abs(fit[k][0] - 1) <= 0.15 for k in ("rnea_us", "rnea_structured_us", "pin.rnea_us")),
             slopes={k: fit[k][0] for k in ("rnea_us", "rnea_structured_us", "pin.rnea_us")})
claims.claim("bp-grow-pin", "`pin.rnea`의 국소 기울기는 구간마다 커져", bool(np.all(np.diff(pin_loc) >= -0.02))
             and abs(pin_loc[-1] - 1) <= 0.1, local=pin_loc.round(2).tolist())
claims.claim("bp-grow-mm", "이차에 가깝다", abs(fit["mass_matrix_us"][0] - 2) <= 0.2,
             slope=fit["mass_matrix_us"][0])
claims.claim("bp-grow-mms", "{glue:text}`bp_loc_mms_8:.2f`에 이르러 2에 가까워진다",
             abs(mms_loc[8] - 2) <= 0.2 and mms_loc[1] < mms_loc[8] and mms_loc[32] < 1.5
             and mms_loc[64] < 1.5, local=mms_loc)
crba_last3 = local["pin.crba_us"][-3:]
crba_weighted = float(np.dot([0.3, 0.4, 0.3], crba_last3))  # LS slope of 4 log-equispaced points
claims.claim("bp-grow-crba", "마지막 구간에서는 {glue:text}`bp_loc_crba_64:.2f`에 이르러 2를 넘는다",
             loc("pin.crba_us", 8) < loc("pin.crba_us", 16) < loc("pin.crba_us", 32)
             < loc("pin.crba_us", 64) and 2 < loc("pin.crba_us", 64) < 2.5 and abs(crba_weighted - fit["pin.crba_us"][0]) < 1e-6,
             local=loc("pin.crba_us", 64), weighted=crba_weighted, fitted=fit["pin.crba_us"][0])
claims.claim("bp-grow-npts", "맞춤에 쓴 점은 `mass_matrix`만 {glue:text}`bp_npts_mm`개이고 나머지는",
             fit["mass_matrix_us"][1] < fit["rnea_us"][1]
             and len({fit[k][1] for k in fit if k != "mass_matrix_us"}) == 1,
             points={k: v[1] for k, v in fit.items()})
row64 = next(r for r in growth if int(r["n"]) == 64)
glue("bp_g64_dense", round(float(row64["rnea_us"]) / 1000, 2), display=False)
glue("bp_g64_struct", round(float(row64["rnea_structured_us"])), display=False)
glue("bp_g64_mm", round(float(row64["mass_matrix_us"]) / 1000), display=False)
glue("bp_g64_mms", round(float(row64["mass_matrix_structured_us"]) / 1000, 1), display=False)
glue("bp_g64_crba", round(float(row64["pin.crba_us"]), 1), display=False)
glue("bp_g1_struct", round(float(growth[0]["rnea_structured_us"]), 1), display=False)

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
md_table(["n"] + [c for _, c in GROWTH_COLS], time_rows,
         "관절 수 n에 따른 한 번 호출 시간 μs (임의 사슬, 블록 중앙값; data/bench_growth.csv; —: 재지 않음)",
         "tab-b-growth", align="r" * (1 + len(GROWTH_COLS)))

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
md_table(["구간"] + [c for _, c in GROWTH_COLS], slope_rows,
         "로그-로그 기울기 (위 표의 시간으로 이 빌드에서 계산): 이웃한 두 n 사이의 국소 기울기와, "
         f"n ≥ {N_FIT_MIN}인 점들에 맞춘 직선의 기울기", "tab-b-slopes", align="l" + "r" * len(GROWTH_COLS))

# %% [markdown]
# ```{figure} figures/bench_growth.png
# :name: fig-b-growth
# :width: 85%
#
# 관절 수 $n$에 따른 한 번 호출 시간(임의 사슬, 로그-로그). 실선은 역동역학, 파선은 질량 행렬.
# `mass_matrix_structured`가 본문의 구조 배치 질량 행렬이다.
# ```
#
# % no-claim: 로그-로그 기울기의 정의
#
# 시간이 $n^k$에 비례하면 로그-로그 그래프의 기울기가 $k$이다. {numref}`tab-b-slopes`에는 이웃한 두
# 점 사이의 국소 기울기 $\log(t_2/t_1)/\log(n_2/n_1)$와, $n \ge$ {glue:text}`bp_n_fit_min`인 점들에
# 맞춘 직선의 기울기를 함께 적었다.
#
# % claim: bp-grow-npts
#
# 맞춤에 쓴 점은 `mass_matrix`만 {glue:text}`bp_npts_mm`개이고 나머지는 {glue:text}`bp_npts_dense`개이다.
# 점이 이만큼 적으므로 맞춘 기울기 하나보다 국소 기울기가 어떻게 변하는지를 보는 편이 믿을 만하다.
# 측정은 한 번이고 사슬은 $n$마다 하나이다. 자료가 보여 주는 것은 다음과 같다.
#
# % claim: bp-grow-rnea, bp-grow-pin, bp-grow-mm, bp-grow-mms, bp-grow-switch, bp-grow-crba
#
# - **RNEA는 $n$에 선형으로 는다.** 세 구현 모두 $n \ge$ {glue:text}`bp_n_fit_min`에서 맞춘 기울기가 1에
#   가깝다(밀집 `rnea` {glue:text}`bp_slope_dense:.2f`, `rnea_structured` {glue:text}`bp_slope_struct:.2f`,
#   `pin.rnea` {glue:text}`bp_slope_pin:.2f`). 밀집 `rnea`의 국소 기울기는 $n \ge 4$에서
#   {glue:text}`bp_loc_dense_lo:.2f`~{glue:text}`bp_loc_dense_hi:.2f`이다. `rnea_structured`의 국소 기울기는
#   작은 $n$에서 1보다 훨씬 작고(첫 구간 {glue:text}`bp_loc_struct_first:.2f`), $n \ge$
#   {glue:text}`bp_n_fit_min`의 세 구간에서는 {glue:text}`bp_loc_struct_lo:.2f`~{glue:text}`bp_loc_struct_hi:.2f`
#   사이에서 흔들린다. `pin.rnea`의 국소 기울기는 구간마다 커져 마지막 구간에서
#   {glue:text}`bp_loc_pin_last:.2f`에 이른다. 작은 $n$에서는 링크 수와 상관없는 호출당 고정 비용이 시간을 차지하기 때문이다.
#   `rnea_structured`는 관절이 하나일 때도 {glue:text}`bp_g1_struct` μs가 든다.
# - **열마다 `rnea`를 부르는 질량 행렬은 이차에 가깝다.** `mass_matrix`의 국소 기울기는 모든 구간에서
#   {glue:text}`bp_loc_mm_lo:.2f`~{glue:text}`bp_loc_mm_hi:.2f`이고, 맞춘 기울기는 {glue:text}`bp_slope_mm:.2f`이다.
#   선형인 호출을 $n$번 하니 예상대로이다.
# - **구조 배치 질량 행렬은 경로가 바뀐 뒤 호출 고정 비용이 지배한다.** 국소 기울기는 첫 구간
#   {glue:text}`bp_loc_mms_1:.2f`에서 커져, $8 \to 16$ 구간에서는 {glue:text}`bp_loc_mms_8:.2f`에 이르러 2에 가까워진다.
#   경로가 바뀌는 $16 \to 32$ 구간에서는 {glue:text}`bp_loc_mms_16:.2f`, $32 \to 64$ 구간에서는
#   {glue:text}`bp_loc_mms_32:.2f`, $64 \to 128$ 구간에서는 {glue:text}`bp_loc_mms_64:.2f`이다. 꺾이는 곳은
#   B.4.5절의 경로 전환과 맞는다. $n \le$ {glue:text}`bp_row_loop_max`이면 상태 $n$개를 하나씩 파이썬 실수로
#   계산하므로, 시간은 (상태 수)×(링크 수)에 비례해 이차에 가까워진다. $n =$ {glue:text}`bp_n_switch`부터는
#   벡터화된 경로이다. numpy 연산의 수는 링크 수에 비례하고 연산 하나가 길이 $n$인 배열을 다룬다. 이 범위의
#   배열 길이에서는 연산 한 번의 시간을 배열 길이보다 호출마다 드는 고정 비용이 정한다고 본다. 그래서
#   시간이 $n$에 가깝게 는다. 곱셈 횟수는 이 경로에서도 $n^2$에 비례한다. 그러므로 배열이 훨씬 길어지면
#   기울기가 다시 커질 것으로 예상하지만, 이 측정은 그 영역을 재지 않았다. $n \ge$ {glue:text}`bp_n_fit_min`
#   맞춘 기울기({glue:text}`bp_slope_mms:.2f`)는 두 경로를 섞은 값이라 증가 차수로 읽으면 안 된다.
# - **Pinocchio의 `crba`.** 국소 기울기는 {glue:text}`bp_loc_crba_8:.2f`, {glue:text}`bp_loc_crba_16:.2f`,
#   {glue:text}`bp_loc_crba_32:.2f`의 순서로 커지고, 마지막 구간에서는 {glue:text}`bp_loc_crba_64:.2f`에
#   이르러 2를 넘는다. 맞춘 기울기 {glue:text}`bp_slope_crba:.2f`(점 {glue:text}`bp_npts_crba`개)는
#   $n \ge$ {glue:text}`bp_n_fit_min`의 세 구간 기울기를 가중 평균한 값이고, 가운데 구간의 무게가 가장
#   크다(로그 간격이 같은 네 점의 최소제곱 기울기). 가지 없는 사슬에서 CRBA의 곱셈은 $n(n-1)/2$번의 벡터 변환이 지배하므로, 큰 $n$에서
#   이차로 늘 것으로 예상된다(RBDA 식 (10.2), 205쪽). 마지막 구간이 2를 넘는 까닭은 이 한 번의
#   측정으로는 가릴 수 없다.
#
# 크기를 보면, $n = 64$에서 밀집 RNEA 한 번은 {glue:text}`bp_g64_dense` ms, 구조를 쓴 RNEA는
# {glue:text}`bp_g64_struct` μs이다. 질량 행렬은 `mass_matrix`가 {glue:text}`bp_g64_mm` ms, 구조
# 배치가 {glue:text}`bp_g64_mms` ms이고, Pinocchio의 `crba`는 같은 행렬을 {glue:text}`bp_g64_crba` μs에
# 구한다. RNEA를 열마다 부르지 않고 질량 행렬을 곧바로 조립하는 방법(CRBA)과, 토크에서 가속도를
# 구하는 순동역학의 재귀(ABA)는 3.5장의 주제이다.

# %% [markdown]
# ## B.6 정리
#
# % claim: bp-sum-batch
#
# - **연구 질문의 답.** 수정 DH 관절 프레임, 3-벡터, 텐서 $\Omega$와 축 위의 점, 원점에 대한 관성과
#   오일러 식의 전개, 상수 접기, 사슬의 양 끝이라는 구조를 쓰고 재귀식을 사슬마다 한 번 컴파일한다.
#   그러면 사슬 가운데 링크 하나의 곱셈이 관절 종류와 상관없이 {glue:text}`bp_struct_r`번이 된다. 축이
#   일반적인 회전 관절 사슬 하나는 $n \ge 3$에서 {glue:text}`bp_struct_formula`번이다. 모든 곱셈을 세는
#   같은 규칙에서 링크당 밀집 구현({glue:text}`bp_dense_all`번)의 {glue:text}`bp_ratio_all`분의 1이다. RBDA
#   RBDA 표 10.1의 가장 적은 곱셈 수 $93n - 108$보다는 $n \ge$ {glue:text}`bp_pub_below_from`에서 적지만, 덧셈은
#   그 표보다 많다({numref}`tab-b-published`).
# - **실시간 제어.** 6R 팔 한 번 호출은 중앙값 {glue:text}`bp_t_struct` μs로 {glue:text}`bp_loop_hz` Hz
#   주기의 {glue:text}`bp_t_struct_pct`%이다. 이 책이 정한 목표 {glue:text}`bp_target_single` μs의
#   {glue:text}`bp_t_of_target`배이다. 파이썬 제어 루프에서 쓸 수 있는 크기이지만, 최악 지연을 보장해야
#   하는 제어기에는 컴파일된 라이브러리가 맞다.
# - **오프라인 궤적 분석.** 상태 $10^4$개를 한 번에 계산하면 상태당 {glue:text}`bp_b_struct` μs이다.
#   파이썬에서 Pinocchio를 상태마다 부를 때의 {glue:text}`bp_b_pin` μs보다 {glue:text}`bp_b_ratio`배 빠르다.
#   큰 배치는 블록으로 나누어 계산하므로 출력 밖의 메모리가 블록 하나 몫으로 묶인다. B.4절의 목표와
#   견주면, Pinocchio 루프 대비 배수는 네 $N$에서 가장 큰 것이 {glue:text}`bp_goal1_max`배(목표
#   {glue:text}`bp_goal_pin`배)였다. Robotics Toolbox 대비로는 가장 큰 것이 {glue:text}`bp_goal2_max`배였다.
#   연산 속도는 단일 코어 최고치의 {glue:text}`bp_fl_best_pct`%이다.
# - **증가 차수.** 측정한 시간에서 RNEA는 $n$에 선형으로 늘고, `rnea`를 열마다 따로 불러 모은 질량
#   행렬(3.2.3.5절의 열 구성)은 $n^2$에 가깝게 는다. 구조 배치로 모은 질량 행렬은 $n \le$
#   {glue:text}`bp_n_max`에서 경로 전환과 호출 고정 비용에 가려 이차 증가가 보이지 않는다.
#
# 측정값은 모두 {numref}`tab-b-machine`의 기계에서 한 번 돌린 결과이고, 대상은 6R 팔 하나와 $n$마다 하나인
# 임의 사슬이다. 다른 기계에서 `make bench`를 돌리면 `data/bench_*.csv`와 그림이 새로 기록되고, 이
# 페이지는 그 값을 읽어 다시 빌드된다.

# %% [markdown]
# (sec-b-35)=
# ## B.7 질량 행렬과 순동역학 (3.5장)
#
# 3.2.3.5절의 질량 행렬과 3.5장의 CRBA·ABA를 같은 방법으로 잰다. 측정은 `figsrc/bench_35.py`가 하고 결과를
# `data/bench_35_*.csv`와 `book/figures/bench_35_*.png`에 기록한다. 이 절도 그 파일을 읽기만 한다. 표마다
# 모든 방법을 한 번의 실행에서 쟀으므로 같은 표 안의 비율은 같은 기계 상태에서 나온 것이다.
#
# - **chaindyn.** 질량 행렬은 세 가지로 만든다. 3.2.3.5절의 열 구성을 그대로 옮겨 RNEA를 열마다 따로
#   부르는 `ch32.mass_matrix_by_columns`, 같은 $n$개의 열을 한 번의 배치로 통과시키는
#   `chaindyn.mass_matrix`, 그리고 `crba`와 `crba_structured`이다. 순동역학은 `aba`, `aba_structured`,
#   `forward_dynamics`(CRBA + RNEA + 촐레스키)와, 링크 수에 따른 표에서는 구조형 부품으로 같은 경로를
#   밟는 `route_structured`이다. 역행렬 $M^{-1}$은 `inverse_mass_matrix`이다.
# - **Pinocchio.** `crba`, `aba`, `computeMinverse`와 $O(n^3)$ 경로(`crba` + `nonLinearEffects` +
#   `cholesky`).
# - **MuJoCo.** `mj_forward`(가속도 `qacc`)와 `mj_fwdPosition` + `mj_fullM`(질량 행렬).
# - **Robotics Toolbox.** `inertia`와 `accel`. 둘 다 상태를 행으로 쌓은 궤적을 한 번에 받으므로 그렇게
#   넘긴다.
# - **modern_robotics.** `MassMatrix`와 `ForwardDynamics`. 순수 파이썬이라 한 번이 느리므로, 상태마다
#   부르는 루프는 작은 $N$과 작은 $n$에서만 잰다.
#
# Pinocchio, MuJoCo, modern_robotics는 파이썬에서 상태마다 한 번씩 부르고, chaindyn은 상태 $N$개를 한
# 번에 넘긴다. 시간을 재기 전에 모든 방법의 결과를 chaindyn의 값(질량 행렬은 `crba`, 역행렬은
# `inverse_mass_matrix`, 가속도는 `aba`)과 상대 허용값으로 맞춰 보았고, 각 표의 CSV에 그 허용값과
# 맞았는지를 적었다.

# %% tags=["remove-input"]
m35 = {r["key"]: r["value"] for r in read("bench_35_machine.csv")}
s35 = read("bench_35_single.csv")
b35 = read("bench_35_batch.csv")
g35 = read("bench_35_growth.csv")
assert {r["agreement_bound"] for r in s35 + b35} == {b35[0]["agreement_bound"]}
claims.claim("bp35-agree", "모든 방법의 결과는 세 표 모두에서 chaindyn과 상대 {glue:text}`bp35_bound` 안에서 맞았다",
             all(r["agrees"] == "True" for r in s35 + b35)
             and m35["growth_agreement"].startswith("every method agreed"),
             disagreeing=[r["method"] for r in s35 + b35 if r["agrees"] != "True"])
glue("bp35_bound", sci(float(b35[0]["agreement_bound"]), 1), display=False)
glue("bp35_load_before", m35["loadavg_before"], display=False)
glue("bp35_load_after", m35["loadavg_after"], display=False)
glue("bp35_seconds", int(m35["benchmark_seconds"]), display=False)
glue("bp35_date", m35["date_utc"], display=False)
KIND35 = {"M": "M", "Minv": "M⁻¹", "qdd": "q̈"}


def us35(v):
    """A time in μs for the B.7 tables: three significant digits, whole μs from 1,000 up."""
    return "—" if not np.isfinite(v) else (f"{v:,.0f}" if v >= 1000 else f"{v:.3g}")
PIN35 = {"M": "pin.crba", "Minv": "pin.computeMinverse", "qdd": "pin.aba"}

# %% [markdown]
# % claim: bp35-agree
#
# 측정한 날은 {glue:text}`bp35_date`(UTC)이고 전체 측정에 {glue:text}`bp35_seconds`초가 걸렸다.
# **이 기계는 측정하는 동안 다른 작업과 함께 쓰였다.** `data/bench_35_machine.csv`에 그 사실과 1·5·15분
# 평균 부하가 기록되어 있다(시작할 때 {glue:text}`bp35_load_before`, 끝날 때 {glue:text}`bp35_load_after`). 조용한 기계라면 아래 값이 더 짧고 덜 흩어질 수 있다. 이 부록은 그런
# 기계에서 재지 않았다. 모든 방법의 결과는 세 표 모두에서 chaindyn과 상대 {glue:text}`bp35_bound` 안에서
# 맞았다.
#
# ### B.7.1 한 번 호출
#
# 6R 팔의 한 상태에서 한 번 부른 시간이다. chaindyn의 함수에는 벡터 하나를, Robotics Toolbox에는 행이
# 하나인 궤적을 넘겼다.

# %% tags=["remove-input"]
t35s = {r["method"]: float(r["time_us"]) for r in s35}
rows35s = [[f"`{r['method']}`", r["library"], KIND35[r["kind"]], us35(float(r["time_us"])),
            us35(float(r["ratio_to_pin"]))] for r in s35]
for m, key in (("mass_matrix_by_columns", "mmcols"), ("mass_matrix", "mm"), ("crba", "crba"),
               ("crba_structured", "crbas"), ("pin.crba", "pcrba"),
               ("mj_fwdPosition + mj_fullM", "mjM"), ("rtb inertia (trajectory)", "rtbM"),
               ("mr.MassMatrix (loop)", "mrM"), ("aba", "aba"), ("aba_structured", "abas"),
               ("pin.aba", "paba"), ("mj_forward", "mj"), ("rtb accel (trajectory)", "rtbA"),
               ("mr.ForwardDynamics (loop)", "mrA")):
    glue(f"bp35s_{key}", us35(t35s[m]), display=False)
glue("bp35s_cols_ratio", f"{t35s['mass_matrix_by_columns'] / t35s['mass_matrix']:.2g}",
     display=False)
claims.claim("bp35s-cols", "`mass_matrix`는 {glue:text}`bp35s_mm` μs로 {glue:text}`bp35s_cols_ratio`배 빠르다",
             t35s["mass_matrix"] < t35s["mass_matrix_by_columns"],
             columns=t35s["mass_matrix_by_columns"], mass_matrix=t35s["mass_matrix"])
glue("bp35s_mm_crba", f"{t35s['mass_matrix'] / t35s['crba']:.2f}", display=False)

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
md_table(["방법", "라이브러리", "양", "시간 μs", "Pinocchio 대비"], rows35s,
         "6R 팔, 한 번 호출의 시간 μs(블록 중앙값)와 같은 양을 구하는 Pinocchio 함수 대비 배수 "
         "(M은 pin.crba, M⁻¹은 pin.computeMinverse, q̈은 pin.aba; data/bench_35_single.csv)",
         "tab-b-35-single", align="lllrr")

# %% [markdown]
# % claim: bp35s-cols
#
# 한 번 호출에서는 호출마다 드는 고정 비용이 시간을 정한다고 본다. RNEA를 열마다 따로 부르는 열 구성은
# {glue:text}`bp35s_mmcols` μs이다. 같은 열을 한 번의 배치로 통과시키는 `mass_matrix`는
# {glue:text}`bp35s_mm` μs로 {glue:text}`bp35s_cols_ratio`배 빠르다. 파이썬의 링크 순환을 $n$번이 아니라
# 한 번만 돌기 때문이다. `crba`({glue:text}`bp35s_crba` μs)와 견주면 `mass_matrix`는 그 시간의
# {glue:text}`bp35s_mm_crba`배이다.
# 컴파일된 라이브러리는 Pinocchio `crba` {glue:text}`bp35s_pcrba` μs, MuJoCo
# {glue:text}`bp35s_mjM` μs, Robotics Toolbox `inertia` {glue:text}`bp35s_rtbM` μs이다. 순수 파이썬인
# modern_robotics의 `MassMatrix`는 {glue:text}`bp35s_mrM` μs이다. 가속도는 `aba`
# {glue:text}`bp35s_aba` μs, `aba_structured` {glue:text}`bp35s_abas` μs, Pinocchio `aba`
# {glue:text}`bp35s_paba` μs, MuJoCo `mj_forward` {glue:text}`bp35s_mj` μs, Robotics Toolbox `accel`
# {glue:text}`bp35s_rtbA` μs, modern_robotics `ForwardDynamics` {glue:text}`bp35s_mrA` μs이다.
#
# ### B.7.2 여러 상태를 한 번에

# %% tags=["remove-input"]
def b35_cell(m, N):
    r = next((r for r in b35 if r["method"] == m and int(r["N"]) == N), None)
    if r is None:
        return "—"
    return f"{us35(float(r['per_sample_us']))} ({us35(float(r['ratio_to_pin']))})"


def b35_value(m, N, key="per_sample_us"):
    return float(next(r for r in b35 if r["method"] == m and int(r["N"]) == N)[key])


def b35_largest(m):
    """The largest N at which method m was timed."""
    return max(int(r["N"]) for r in b35 if r["method"] == m)


Ns35 = sorted({int(r["N"]) for r in b35})
methods35 = list(dict.fromkeys(r["method"] for r in b35))
rows35 = [[f"`{m}`"] + [b35_cell(m, N) for N in Ns35] for m in methods35]
N_big = max(Ns35)
glue("bp35_N_big", f"{N_big:,}", display=False)
for m, key in (("crba_structured", "crbas"), ("crba", "crba"), ("aba_structured", "abas"),
               ("aba", "aba"), ("inverse_mass_matrix", "minv"), ("mass_matrix", "mm"),
               ("mass_matrix_by_columns", "mmcols")):
    glue(f"bp35_{key}_big", round(b35_value(m, N_big), 2), display=False)
    glue(f"bp35_{key}_big_ratio", round(b35_value(m, N_big, "ratio_to_pin"), 2), display=False)
    glue(f"bp35_{key}_one", round(b35_value(m, 1)), display=False)
for m, key in (("pin.crba", "pcrba"), ("pin.aba", "paba"), ("pin.computeMinverse", "pminv"),
               ("mj_forward", "mj")):
    glue(f"bp35_{key}_big", round(b35_value(m, N_big), 2), display=False)
cols_over_mm = {N: b35_value("mass_matrix_by_columns", N) / b35_value("mass_matrix", N)
                for N in (1, N_big)}
glue("bp35_mm_cols_one", f"{cols_over_mm[1]:.2g}", display=False)
glue("bp35_mm_cols_big", f"{cols_over_mm[N_big]:.2g}", display=False)
# 6R 팔 한 상태의 곱셈 수 (행렬 곱만): 열마다 RNEA 대 한 번의 배치
arm35, q35 = models.arm6r(), np.zeros(6)
cols_count = count(mass_matrix_by_columns, arm35, q35)
glue("bp35_count_cols_mm", f"{cols_count / count(cd.mass_matrix, arm35, q35):.2g}", display=False)
glue("bp35_mm_crba_big", f"{b35_value('mass_matrix', N_big) / b35_value('crba', N_big):.2f}",
     display=False)
glue("bp35_pcrba_one", fx(b35_value("pin.crba", 1), 2), display=False)
one_over_pin = {m: b35_value(f"{m}_structured", 1) / b35_value(f"pin.{m}", 1) for m in ("crba", "aba")}
for m, r in one_over_pin.items():
    glue(f"bp35_{m}s_one_ratio", fx(r, 1), display=False)
claims.claim("bp35-one-slow", "상태 하나를 부르면 chaindyn의 파이썬 구현은 Pinocchio보다 느리다",
             min(one_over_pin.values()) > 1, over_pin=one_over_pin)
loop_spread = max(max(b35_value(m, N) for N in Ns35) / min(b35_value(m, N) for N in Ns35)
                  for m in ("pin.crba", "pin.aba"))
glue("bp35_loop_spread", fx(loop_spread, 1), display=False)
claims.claim("bp35-loop-flat", "Pinocchio 루프의 상태당 시간은 $N$에 따라 크게 바뀌지 않는다",
             loop_spread < 2, spread=loop_spread,
             pin_crba=[b35_value("pin.crba", N) for N in Ns35],
             pin_aba=[b35_value("pin.aba", N) for N in Ns35])
count_over_mm = cols_count / count(cd.mass_matrix, arm35, q35)
glue("bp35_cols_count_gap", fx(abs(cols_over_mm[N_big] - count_over_mm), 2), display=False)
claims.claim("bp35-cols-counts", "큰 $N$에서 잰 시간의 비는 이 곱셈 수의 비에 가깝다",
             abs(cols_over_mm[N_big] - count_over_mm) <= 0.2,
             time_ratio=cols_over_mm[N_big], count_ratio=count_over_mm)
for m, key in (("rtb inertia (trajectory)", "rtbM"), ("rtb accel (trajectory)", "rtbA"),
               ("mr.MassMatrix (loop)", "mrM"), ("mr.ForwardDynamics (loop)", "mrA")):
    N_m = b35_largest(m)
    glue(f"bp35_{key}_N", f"{N_m:,}", display=False)
    for N, tag in ((1, "one"), (N_m, "at_N")):
        v = b35_value(m, N)
        glue(f"bp35_{key}_{tag}", us35(v), display=False)

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
md_table(["방법"] + [f"N = {N:,}" for N in Ns35], rows35,
         "6R 팔, 상태 하나당 시간 μs (괄호 안은 같은 N에서 같은 양을 구하는 Pinocchio 루프 대비 배수: "
         "질량 행렬은 pin.crba, 역행렬은 pin.computeMinverse, 가속도는 pin.aba; "
         "—는 재지 않은 칸; data/bench_35_batch.csv)", "tab-b-35-batch", align="l" + "r" * len(Ns35))

# %% [markdown]
# ```{figure} figures/bench_35_batch.png
# :name: fig-b-35-batch
# :width: 100%
#
# 6R 팔에서 상태 $N$개를 계산할 때 상태 하나당 시간. 왼쪽은 질량 행렬과 역행렬, 오른쪽은 순동역학.
# ```
#
# % claim: bp35-one-slow, bp35-loop-flat
#
# 상태 하나를 부르면 chaindyn의 파이썬 구현은 Pinocchio보다 느리다. `crba_structured`가
# {glue:text}`bp35_crbas_one` μs(`pin.crba`의 {glue:text}`bp35_crbas_one_ratio`배), `aba_structured`가
# {glue:text}`bp35_abas_one` μs(`pin.aba`의 {glue:text}`bp35_abas_one_ratio`배)이다. 상태
# {glue:text}`bp35_N_big`개를 한 번에 넘기면 상태당 시간은 다음과 같다. `crba_structured`
# {glue:text}`bp35_crbas_big` μs(Pinocchio `crba` 루프의 {glue:text}`bp35_crbas_big_ratio`배), 밀집 `crba`
# {glue:text}`bp35_crba_big` μs, `aba_structured` {glue:text}`bp35_abas_big` μs(`pin.aba` 루프의
# {glue:text}`bp35_abas_big_ratio`배), 밀집 `aba` {glue:text}`bp35_aba_big` μs이다. `inverse_mass_matrix`는
# {glue:text}`bp35_minv_big` μs로 `computeMinverse` 루프의 {glue:text}`bp35_minv_big_ratio`배이다. 같은
# $N$에서 Pinocchio 루프는 `crba` {glue:text}`bp35_pcrba_big` μs, `aba` {glue:text}`bp35_paba_big` μs,
# `computeMinverse` {glue:text}`bp35_pminv_big` μs이고, MuJoCo의 `mj_forward` 루프는 {glue:text}`bp35_mj_big` μs이다.
# Pinocchio 루프의 상태당 시간은 $N$에 따라 크게 바뀌지 않는다(가장 느린 $N$과 가장 빠른 $N$의 비가
# {glue:text}`bp35_loop_spread`배 이하이고, `crba`는 $N = 1$에서 {glue:text}`bp35_pcrba_one` μs).
# 같은 호출을 상태마다 되풀이하기 때문이다.
#
# % claim: bp35-cols-counts
#
# RNEA 열로 질량 행렬을 만드는 두 방식의 시간 비(열마다 따로 부르는 방식 / `mass_matrix`)는 상태 하나에서
# {glue:text}`bp35_mm_cols_one`배, 상태 {glue:text}`bp35_N_big`개에서 {glue:text}`bp35_mm_cols_big`배이다
# (상태당 {glue:text}`bp35_mmcols_big` μs 대 {glue:text}`bp35_mm_big` μs). 상태가 많으면 두 방식 모두
# 파이썬 순환의 고정 비용이 $N$개에 나뉘어 작아지고 배열 산술이 남는다. 그 산술의 차이는 관절 변환을
# 열마다 만드느냐 한 번 만드느냐뿐이다. 6R 팔에서 곱셈 수(행렬 곱만)의 비는 {glue:text}`bp35_count_cols_mm`배이다
# (3.2.5.5절). 큰 $N$에서 잰 시간의 비는 이 곱셈 수의 비에 가깝다(차이 {glue:text}`bp35_cols_count_gap`).
# 고정 비용이 나뉘어 사라지면 산술이 시간을 정한다는 앞의 설명과 맞는다.
# 같은 $N$에서 `mass_matrix`는 `crba`의 {glue:text}`bp35_mm_crba_big`배 시간이 든다.
#
# % claim: bp35-rtb
#
# Robotics Toolbox의 `inertia`는 궤적을 받되 상태마다 파이썬 순환을 한 번 돌며, 그 안에서 단위 가속도
# $n$개를 컴파일된 `rne`에 한꺼번에 넘긴다. 상태 하나에서 `mass_matrix`와 같은 방법이다. `accel`도 상태마다
# `inertia`와 `rne`를 부른 뒤 선형 방정식을 푼다. 그래서 $N$을 늘려 줄어드는 것은 궤적 호출 하나의 고정
# 비용이 나뉘는 몫뿐이다. `inertia`는 상태 하나에서 {glue:text}`bp35_rtbM_one` μs, 가장 큰 $N$ = {glue:text}`bp35_rtbM_N`에서
# {glue:text}`bp35_rtbM_at_N` μs이고, `accel`은 {glue:text}`bp35_rtbA_one` μs와
# {glue:text}`bp35_rtbA_at_N` μs이다. modern_robotics는 $N \le$ {glue:text}`bp35_mrM_N`에서만 재었고,
# 그때 상태당 `MassMatrix` {glue:text}`bp35_mrM_at_N` μs, `ForwardDynamics` {glue:text}`bp35_mrA_at_N`
# μs이다.
#
# ### B.7.3 링크 수에 따른 증가
#
# % claim: bp35-growth-agree
#
# 관절 수 $n$을 바꾸며 한 상태, 한 번 호출의 시간을 잰다. 사슬은 수정 DH 행으로 만든 임의 회전 사슬이어서
# chaindyn과 네 라이브러리가 모두 같은 사슬을 받는다(Robotics Toolbox의 `DHRobot`은 DH 행이 필요하다).
# 벤치마크 스크립트는 $n$마다 시간을 재기 전에 모든 방법의 결과를 chaindyn과 견주고, 그 결과를
# `data/bench_35_machine.csv`에 적는다. 결과는 앞의 두 표처럼 상대 {glue:text}`bp35_bound` 안에서
# 맞았다.

# %% tags=["remove-input"]
G35_M = [("mass_matrix_by_columns_us", "열마다 rnea"), ("mass_matrix_us", "mass_matrix"),
         ("crba_us", "crba"), ("crba_structured_us", "crba_s"), ("pin.crba_us", "pin.crba"),
         ("mj_fwdPosition + mj_fullM_us", "mj_fullM"), ("rtb inertia (trajectory)_us", "rtb"),
         ("mr.MassMatrix (loop)_us", "mr"), ("inverse_mass_matrix_us", "M⁻¹"),
         ("pin.computeMinverse_us", "pin M⁻¹")]
G35_Q = [("aba_us", "aba"), ("aba_structured_us", "aba_s"),
         ("route_structured_us", "CRBA+RNEA+chol"), ("forward_dynamics_us", "fd"),
         ("pin.aba_us", "pin.aba"), ("pin crba+nle+cholesky_us", "pin O(n³)"),
         ("mj_forward_us", "mj_forward"), ("rtb accel (trajectory)_us", "rtb"),
         ("mr.ForwardDynamics (loop)_us", "mr")]
n35 = np.array([int(r["n"]) for r in g35])
t35 = {k: np.array([float(r[k]) for r in g35]) for k, _ in G35_M + G35_Q}
N_FIT35 = 8  # 맞춤 기울기에 쓰는 점: n >= 8
slopes35, npts35 = {}, {}
for k, t in t35.items():
    ok = (n35 >= N_FIT35) & np.isfinite(t)
    npts35[k] = int(ok.sum())
    slopes35[k] = float(np.polyfit(np.log(n35[ok]), np.log(t[ok]), 1)[0]) if ok.sum() >= 2 \
        else float("nan")


def g35_table(cols):
    rows = [[n] + [us35(t35[k][i]) for k, _ in cols] for i, n in enumerate(n35)]
    rows.append([f"기울기 (n ≥ {N_FIT35})"] + [("—" if not np.isfinite(slopes35[k])
                                                 else f"{slopes35[k]:.2f}") for k, _ in cols])
    return rows


for k, name in (("crba_structured_us", "crbas"), ("aba_structured_us", "abas"),
                ("pin.crba_us", "pcrba"), ("pin.aba_us", "paba"),
                ("route_structured_us", "route"), ("pin crba+nle+cholesky_us", "proute"),
                ("mass_matrix_by_columns_us", "mmcols"), ("mass_matrix_us", "mm"),
                ("crba_us", "crba")):
    glue(f"bp35_slope_{name}", round(slopes35[k], 2), display=False)
glue("bp35_fit_min", N_FIT35, display=False)
n_top = int(n35.max())
glue("bp35_n_max", n_top, display=False)
last35 = {k: t[-1] for k, t in t35.items()}
glue("bp35_g_cols_ratio", f"{last35['mass_matrix_by_columns_us'] / last35['mass_matrix_us']:.2g}",
     display=False)
glue("bp35_g_mm_crba", f"{last35['mass_matrix_us'] / last35['crba_us']:.2f}", display=False)
glue("bp35_g_mm_ms", f"{last35['mass_matrix_us'] / 1000:.3g}", display=False)
glue("bp35_g_cols_ms", f"{last35['mass_matrix_by_columns_us'] / 1000:,.0f}", display=False)
n_mr = int(n35[np.isfinite(t35["mr.MassMatrix (loop)_us"])].max())
chain_top = models.random_chain(n_top, np.random.default_rng(n_top))  # 곱셈 수는 사슬의 수치와 무관
q_top = np.zeros(n_top)
claims.claim("bp35-rtb", "$N$을 늘려 줄어드는 것은 궤적 호출 하나의 고정 비용이 나뉘는 몫뿐이다",
             all(b35_value(m, b35_largest(m)) > 0.7 * b35_value(m, 1)
                 for m in ("rtb inertia (trajectory)", "rtb accel (trajectory)")),
             inertia=(b35_value("rtb inertia (trajectory)", 1),
                      b35_value("rtb inertia (trajectory)", b35_largest("rtb inertia (trajectory)"))))
glue("bp35_count_mm_crba_top",
     f"{count(cd.mass_matrix, chain_top, q_top) / count(cd.crba, chain_top, q_top):.2g}",
     display=False)
glue("bp35_n_mr", n_mr, display=False)
claims.claim("bp35-growth-agree", "결과는 앞의 두 표처럼 상대 {glue:text}`bp35_bound` 안에서 맞았다",
             m35["growth_agreement"].startswith("every method agreed"),
             growth_agreement=m35["growth_agreement"])
SLOPE_GAP = 0.3
glue("bp35_slope_gap", f"{SLOPE_GAP:g}", display=False)
claims.claim("bp35-route-slope", "$O(n^3)$ 경로의 기울기는 두 구현 모두 2보다 작고",
             all(slopes35[route] < 2 and slopes35[route] - slopes35[crba_] < SLOPE_GAP
                 for route, crba_ in (("route_structured_us", "crba_structured_us"),
                                      ("pin crba+nle+cholesky_us", "pin.crba_us"))),
             slopes=slopes35)
time_ratio_top = last35["mass_matrix_us"] / last35["crba_us"]
count_ratio_top = count(cd.mass_matrix, chain_top, q_top) / count(cd.crba, chain_top, q_top)
claims.claim("bp35-mm-counts", "시간은 곱셈 수보다 파이썬이 연산 하나를 처리하는 비용을 따른다",
             time_ratio_top < count_ratio_top / 3 and abs(slopes35["mass_matrix_by_columns_us"] - 2) < 0.2,
             time_ratio=time_ratio_top, count_ratio=count_ratio_top,
             slope_columns=slopes35["mass_matrix_by_columns_us"])

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
md_table(["n"] + [c for _, c in G35_M], g35_table(G35_M),
         "질량 행렬과 역행렬: 관절 수 n에 따른 한 번 호출 시간 μs (임의 회전 사슬, 블록 중앙값; "
         "data/bench_35_growth.csv)와, 마지막 행에 로그-로그 직선 맞춤의 기울기", "tab-b-35-growth",
         align="l" + "r" * len(G35_M))

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
md_table(["n"] + [c for _, c in G35_Q], g35_table(G35_Q),
         "순동역학 q̈: 관절 수 n에 따른 한 번 호출 시간 μs (같은 실행, 같은 사슬; "
         "data/bench_35_growth.csv)와 맞춤 기울기", "tab-b-35-growth-qdd",
         align="l" + "r" * len(G35_Q))

# %% [markdown]
# ```{figure} figures/bench_35_growth.png
# :name: fig-b-35-growth
# :width: 100%
#
# 관절 수 $n$에 따른 한 번 호출 시간(임의 회전 사슬, 로그-로그). 왼쪽은 질량 행렬과 역행렬, 오른쪽은
# 순동역학.
# ```
#
# % claim: bp35-route-slope
#
# 예상되는 증가 차수는 CRBA가 $O(n^2)$, ABA가 $O(n)$, CRBA + RNEA + 촐레스키가 $O(n^3)$이다. 측정에서
# $n \ge$ {glue:text}`bp35_fit_min`에 맞춘 기울기는 `crba_structured` {glue:text}`bp35_slope_crbas`,
# `aba_structured` {glue:text}`bp35_slope_abas`, 구조형 $O(n^3)$ 경로 {glue:text}`bp35_slope_route`,
# Pinocchio의 `crba` {glue:text}`bp35_slope_pcrba`, `aba` {glue:text}`bp35_slope_paba`, $O(n^3)$ 경로
# {glue:text}`bp35_slope_proute`이다. $n \le$ {glue:text}`bp35_n_max`에서 $O(n^3)$ 경로의 기울기는 두 구현 모두
# 2보다 작고, 같은 구현의 CRBA보다 {glue:text}`bp35_slope_gap` 넘게 크지 않다. 분해의 $n^3$ 항이 컴파일된 LAPACK 안에서 작게 머물기 때문으로 본다. 연산
# 수로도 그렇다. RBDA에 따르면 가지 없는 사슬에서 분해와 풀이(F&S)는 $n \le 18$이면 세 부분 가운데
# 가장 작은 항이다. CRBA는 $n = 8$부터 $n = 30$을 훨씬 넘을 때까지 가장 큰 항이다(RBDA 204쪽,
# 그림 10.4). 호출마다 드는 고정 비용과 공유 기계의 흩어짐이 기울기를 흐리므로, 이 값은 차수의
# 근사로만 읽는다. 3.5.4절의 측정 교차점은 순동역학 표({numref}`tab-b-35-growth-qdd`)에서 나온다. 연산
# 수로는 RBDA가 $O(n^3)$ 경로를 $n \le 8$에서 ABA보다 조금 싸다고 적는다(204쪽).
#
# % claim: bp35-mm-counts
#
# 질량 행렬의 두 RNEA 방식에서 파이썬 순환이 도는 횟수는 다르다. 열마다 따로 부르면 링크 순환이 모두
# $n^2$번 돌고(맞춘 기울기 {glue:text}`bp35_slope_mmcols`), `mass_matrix`는 $n$번만 돌며 열 $n$개는 배열
# 연산이 맡는다(기울기 {glue:text}`bp35_slope_mm`, `crba`는 {glue:text}`bp35_slope_crba`).
# $n =$ {glue:text}`bp35_n_max`에서 열마다 부르는 방식은 {glue:text}`bp35_g_cols_ms` ms,
# `mass_matrix`는 {glue:text}`bp35_g_mm_ms` ms로 {glue:text}`bp35_g_cols_ratio`배 차이이다.
# `mass_matrix`는 `crba`의 {glue:text}`bp35_g_mm_crba`배 시간이 든다. 같은 $n$에서 곱셈 수(행렬 곱만)는
# `mass_matrix`가 `crba`의 {glue:text}`bp35_count_mm_crba_top`배이다. 그러므로 이 범위의 $n$에서
# 시간은 곱셈 수보다 파이썬이 연산 하나를 처리하는 비용을 따른다. modern_robotics는 `MassMatrix`가 `InverseDynamics`를 열마다
# 부르는 순수 파이썬이어서 $n \le$ {glue:text}`bp35_n_mr`에서만 재었다.

# %% [markdown]
# (sec-b-derivatives)=
# ## B.8 동역학의 미분 (3.6장)
#
# 3.6.1–3.6.3절의 `rnea_derivatives`와 `aba_derivatives`를 Pinocchio의 `computeRNEADerivatives`,
# `computeABADerivatives`와 함께, 같은 방법으로 잰다. 유한 차분 야코비안(`ch36.fd_rnea_jacobians`, 흔든 상태를
# 한 번의 배치로 `rnea`에 넘기는 전진 차분과 중심 차분)도 함께 잰다. 측정은 `figsrc/bench_36.py`가 하고
# 결과를 `data/bench_36_*.csv`에 적는다. 이 절은 그 파일을 읽기만 한다. 한 표의 값은 모두 한 번의
# 실행에서 나왔다. 시간을 재기 전에 모든 방법의 결과를 chaindyn의 해석적 미분과 맞춰 보았고, 표에 그
# 허용값과 맞았는지를 적었다.

# %% tags=["remove-input"]
from chaindyn_book import ch36  # noqa: E402

m36 = {r["key"]: r["value"] for r in read("bench_36_machine.csv")}
s36 = {r["method"]: r for r in read("bench_36_single.csv")}
b36 = {r["method"]: r for r in read("bench_36_batch.csv")}
g36 = read("bench_36_growth.csv")
claims.claim("bp36-agree", "모든 방법의 결과는 허용값 안에서 chaindyn의 해석적 미분과 맞았다",
             all(r["agrees"] == "True" for r in list(s36.values()) + list(b36.values()))
             and m36["growth_agreement"].startswith("every method agreed"),
             growth=m36["growth_agreement"])
glue("bp36_date", m36["date_utc"], display=False)
glue("bp36_seconds", int(m36["benchmark_seconds"]), display=False)
glue("bp36_load_before", m36["loadavg_before"], display=False)
glue("bp36_shared", "이 기계는 측정하는 동안 다른 작업과 함께 쓰였다." if m36["note"].startswith("shared")
     else "측정하는 동안 이 기계에서 다른 작업은 돌지 않았다. 5분과 15분 평균 부하에는 측정 전에 돈 "
          "작업이 남아 있다.", display=False)
glue("bp36_load_after", m36["loadavg_after"], display=False)
glue("bp36_cpu", m36["cpu"], display=False)
glue("bp36_cores", int(m36["logical_cpus"]), display=False)
KIND36 = {"tau": "τ", "qdd": "q̈", "dtau": "∂τ/∂(q, q̇)", "dqdd": "∂q̈/∂(q, q̇, τ)"}
rows36 = [[f"`{m}`", r["library"], KIND36[r["kind"]], us35(float(r["time_us"])),
           us35(float(r["ratio_to_pin"])), r["agreement_bound"]] for m, r in s36.items()]
t36 = {m: float(r["time_us"]) for m, r in s36.items()}
for m, key in (("rnea", "rnea"), ("rnea_derivatives", "rd"), ("fd_forward (rnea)", "ff"),
               ("fd_central (rnea)", "fc"), ("pin.computeRNEADerivatives", "prd"),
               ("aba_derivatives", "ad"), ("pin.computeABADerivatives", "pad")):
    glue(f"bp36s_{key}", us35(t36[m]), display=False)
glue("bp36s_rd_rnea", f"{t36['rnea_derivatives'] / t36['rnea']:.2g}", display=False)
glue("bp36s_rd_pin", us35(float(s36["rnea_derivatives"]["ratio_to_pin"])), display=False)
glue("bp36s_ad_pin", us35(float(s36["aba_derivatives"]["ratio_to_pin"])), display=False)
glue("bp36s_fd_word", claims.choose(t36["rnea_derivatives"] < t36["fd_forward (rnea)"],
                                    "짧다", "길다"), display=False)
arm36 = models.arm6r()
st36 = np.random.default_rng(0).uniform(-1, 1, (3, 6))
cnt_rd = count(cd.rnea_derivatives, arm36, *st36)
cnt_ff = count(ch36.fd_rnea_jacobians, arm36, *st36, scheme="forward")
glue("bp36_count_ratio", f"{cnt_rd / cnt_ff:.2f}", display=False)
glue("bp36_time_ratio", f"{t36['rnea_derivatives'] / t36['fd_forward (rnea)']:.2f}",
     display=False)
claims.claim("bp36-count-time", "곱셈 수의 비와 시간의 비는 맞지 않는다",
             abs(t36["rnea_derivatives"] / t36["fd_forward (rnea)"] - cnt_rd / cnt_ff) > 0.2,
             count_ratio=cnt_rd / cnt_ff,
             time_ratio=t36["rnea_derivatives"] / t36["fd_forward (rnea)"])

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
md_table(["방법", "라이브러리", "양", "시간 μs", "Pinocchio 대비", "허용값"], rows36,
         "6R 팔, 한 번 호출의 시간 μs(블록 중앙값)와 같은 양을 구하는 Pinocchio 함수 대비 배수 "
         "(τ는 pin.rnea, q̈은 pin.aba, 미분은 computeRNEADerivatives와 computeABADerivatives; "
         "허용값은 시간을 재기 전의 상대 대조, —는 기준 자신; data/bench_36_single.csv)",
         "tab-b-36-single", align="lllrrr")

# %% [markdown]
# % claim: bp36-agree
#
# 측정한 날은 {glue:text}`bp36_date`(UTC)이고, 기계는 {glue:text}`bp36_cpu`(논리 코어 {glue:text}`bp36_cores`개)이다. 전체 측정에
# {glue:text}`bp36_seconds`초가 걸렸다. {glue:text}`bp36_shared`
# `data/bench_36_machine.csv`에는 1·5·15분 평균 부하도 기록되어 있다(시작할 때
# {glue:text}`bp36_load_before`, 끝날 때 {glue:text}`bp36_load_after`). 이 절의 시간은 B.7절까지의 표와
# 다른 실행에서 잰 것이므로 그 표들과 직접 견주지 않는다. 모든 방법의 결과는 허용값 안에서
# chaindyn의 해석적 미분과 맞았다.
#
# 6R 팔에서 `rnea_derivatives`는 한 번에 {glue:text}`bp36s_rd` μs로, 같은 실행의 `rnea`
# ({glue:text}`bp36s_rnea` μs)의 {glue:text}`bp36s_rd_rnea`배이다. Pinocchio의 `computeRNEADerivatives`는
# {glue:text}`bp36s_prd` μs여서 비는 {glue:text}`bp36s_rd_pin`배이다. `aba_derivatives`는
# {glue:text}`bp36s_ad` μs, `computeABADerivatives`는 {glue:text}`bp36s_pad` μs로 비는
# {glue:text}`bp36s_ad_pin`배이다.
#
# % claim: bp36-count-time
#
# 배치로 부른 전진 차분은 {glue:text}`bp36s_ff` μs, 중심 차분은 {glue:text}`bp36s_fc` μs이다. 해석적
# 미분의 시간은 전진 차분보다 {glue:text}`bp36s_fd_word`. 3.6.4절의 셈에서 해석적 미분의 곱셈은 이
# 전진 차분의 {glue:text}`bp36_count_ratio`배인데, 잰 시간의 비는 {glue:text}`bp36_time_ratio`배이다.
# 곱셈 수의 비와 시간의 비는 맞지 않는다.
# 차분은 흔든 상태 $2n$개를 한 번의 배치로 넘기므로 파이썬의 링크 순환을 한 번만 돈다. 해석적 미분은
# 링크마다 더 많은 numpy 호출을 한다. 한 번 호출에서는 호출마다 드는 고정 비용이 시간을 정한다고 본다.

# %% tags=["remove-input"]
N36 = int(b36["rnea_derivatives"]["N"])
glue("bp36_N", f"{N36:,}", display=False)
for m, key in (("rnea_derivatives", "rd"), ("pin.computeRNEADerivatives", "prd"),
               ("aba_derivatives", "ad"), ("pin.computeABADerivatives", "pad")):
    glue(f"bp36b_{key}", us35(float(b36[m]["per_state_us"])), display=False)
glue("bp36b_rd_pin", us35(float(b36["rnea_derivatives"]["ratio_to_pin"])), display=False)
glue("bp36b_ad_pin", us35(float(b36["aba_derivatives"]["ratio_to_pin"])), display=False)
G36 = [("rnea_us", "rnea"), ("pin.rnea_us", "pin.rnea"), ("rnea_derivatives_us", "rnea_der."),
       ("fd_forward (rnea)_us", "전진 차분"), ("fd_central (rnea)_us", "중심 차분"),
       ("pin.computeRNEADerivatives_us", "pin ∂τ"), ("aba_derivatives_us", "aba_der."),
       ("pin.computeABADerivatives_us", "pin ∂q̈")]
n36 = np.array([int(r["n"]) for r in g36])
tg36 = {k: np.array([float(r[k]) for r in g36]) for k, _ in G36}
N_FIT36 = 8
fit36 = n36 >= N_FIT36
slopes36 = {k: float(np.polyfit(np.log(n36[fit36]), np.log(t[fit36]), 1)[0])
            for k, t in tg36.items()}
rowsg36 = [[n] + [us35(tg36[k][i]) for k, _ in G36] for i, n in enumerate(n36)]
rowsg36.append([f"기울기 (n ≥ {N_FIT36})"] + [f"{slopes36[k]:.2f}" for k, _ in G36])
for k, name in (("rnea_derivatives_us", "rd"), ("fd_forward (rnea)_us", "ff"),
                ("pin.computeRNEADerivatives_us", "prd"), ("aba_derivatives_us", "ad"),
                ("pin.computeABADerivatives_us", "pad")):
    glue(f"bp36_slope_{name}", f"{slopes36[k]:.2f}", display=False)
glue("bp36_fit_min", N_FIT36, display=False)
glue("bp36_n_max", int(n36.max()), display=False)
claims.claim("bp36-slope", "두 라이브러리의 기울기는 모두 2보다 훨씬 작다",
             all(slopes36[k] < 1.5 for k in ("rnea_derivatives_us", "aba_derivatives_us",
                                             "pin.computeRNEADerivatives_us",
                                             "pin.computeABADerivatives_us")),
             slopes=slopes36)

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
md_table(["n"] + [c for _, c in G36], rowsg36,
         "관절 수 n에 따른 한 번 호출 시간 μs (임의 회전 사슬, 블록 중앙값; data/bench_36_growth.csv)와, "
         "마지막 행에 로그-로그 직선 맞춤의 기울기", "tab-b-36-growth", align="l" + "r" * len(G36))

# %% [markdown]
# 상태 {glue:text}`bp36_N`개를 한 번의 호출로 주면 상태당 `rnea_derivatives`는 {glue:text}`bp36b_rd` μs로
# Pinocchio 루프({glue:text}`bp36b_prd` μs)의 {glue:text}`bp36b_rd_pin`배이다. `aba_derivatives`는
# {glue:text}`bp36b_ad` μs로 `computeABADerivatives` 루프({glue:text}`bp36b_pad` μs)의
# {glue:text}`bp36b_ad_pin`배이다. 파이썬 순환의 고정 비용이 상태 {glue:text}`bp36_N`개에 나뉘기 때문이다.
#
# % claim: bp36-slope
#
# 링크 수에 따른 표에서 $n \ge$ {glue:text}`bp36_fit_min`에 맞춘 기울기는 `rnea_derivatives`
# {glue:text}`bp36_slope_rd`, 전진 차분 {glue:text}`bp36_slope_ff`, `aba_derivatives`
# {glue:text}`bp36_slope_ad`이다. Pinocchio는 `computeRNEADerivatives` {glue:text}`bp36_slope_prd`,
# `computeABADerivatives` {glue:text}`bp36_slope_pad`이다. 연산 수는 주로 $n^2$로 자라는데(3.6.4절),
# 두 라이브러리의 기울기는 모두 2보다 훨씬 작다. chaindyn에서는 $n \le$ {glue:text}`bp36_n_max`에서 블록
# 곱의 산술보다 링크마다 부르는 numpy 연산의 고정 비용이 크기 때문으로 본다. Pinocchio의 기울기가 작은
# 까닭은 이 측정으로는 가리지 못한다. 호출의 고정 비용과 측정의 흩어짐이 기울기를 흐리므로 이 값은
# 차수의 근사로만 읽는다.
