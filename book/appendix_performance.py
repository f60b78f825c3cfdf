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
# 3.2장은 RNEA의 비용을 곱셈 횟수로만 세었다. 링크 하나에 스칼라 곱셈이 357번 든다는 값은
# 희소성을 전혀 쓰지 않고 6×6 행렬을 그대로 곱하는 구현에서 나온 것이고, 그 장은 실행 시간과
# 메모리를 재지 않았다. 명세 원고는 연구 질문 하나를 남겼다. **구조(희소성)를 이용하면 이 곱셈을
# 얼마나 줄일 수 있는가?** 이 부록은 그 질문에 답하고, 같은 계산을 실제로 몇 마이크로초에, 얼마의
# 메모리로 하는지 측정해 적는다.
#
# 이 페이지는 두 가지 종류의 수를 다룬다.
#
# - **곱셈 횟수**는 이 페이지를 빌드할 때마다 `chaindyn.opcount.count`로 다시 센다. 기계와
#   상관없이 늘 같은 값이다.
# - **시간과 메모리**는 벤치마크 스크립트 `figsrc/bench_rnea.py`(`make bench`)가 한 번 재서
#   `data/bench_*.csv`와 `book/figures/bench_*.png`에 기록한 값이다. 이 페이지는 그 파일을 읽기만
#   한다. 책을 빌드하는 동안에는 아무것도 시간을 재지 않는다. 그러므로 아래 시간은 모두 한 기계에서
#   한 번 돌린 결과이며, 다른 기계에서는 값이 달라진다. 그래도 방법들 사이의 비율과 경향은
#   대체로 유지된다.

# %%
import csv
import sys
from pathlib import Path

import numpy as np
from myst_nb import glue

import chaindyn as cd
from chaindyn import models, structured
from chaindyn.opcount import count

sys.path.insert(0, str(Path("..").resolve() / "figsrc"))
from _tables import md_table, sci  # noqa: E402  (figsrc/_tables.py)

DATA = Path("..").resolve() / "data"


def read(name):
    with (DATA / name).open(encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


machine = {r["key"]: r["value"] for r in read("bench_machine.csv")}
single = {r["method"]: r for r in read("bench_single.csv")}
batch = read("bench_batch.csv")
growth = read("bench_growth.csv")
print(len(single), "methods timed once;", len(batch), "batch rows;", len(growth), "growth rows")

# %% [markdown]
# ## B.1 곱셈 횟수: 구조를 쓰면 얼마나 줄어드는가
#
# ### B.1.1 네 가지 구조
#
# `chaindyn.rnea`는 3.2.4의 알고리즘을 글자 그대로 옮긴 구현이다. 링크마다 스크루 지수 함수로
# 자세를 만들고, 그것으로 6×6 수반 행렬 $\mathrm{Ad}$를 채운 뒤, 트위스트·가속도·렌치를 모두 이
# 행렬과의 조밀한 곱으로 옮긴다. 그런데 이 행렬들에는 0과 반복되는 블록이 많다. 새 함수
# `chaindyn.rnea_structured`는 라이브러리들이 흔히 쓰는 네 가지 구조를 이용해 같은 토크를 계산한다
# {cite:p}`featherstone2008rigid`.
#
# 1. **관절 프레임.** 링크마다 그 링크에 붙은 새 프레임 $\{i'\}$를 한 번 계산해 둔다. z축은 관절
#    축과 같고, 회전 관절이면 원점이 축 위에 있으며, x축은 $z_i$와 $z_{i+1}$ 모두에 수직이다.
#    그러면 $\{(i-1)'\}$에서 본 $\{i'\}$의 자세는 x축 회전 하나와 z축 회전 하나, 그리고 고정된
#    오프셋 $p_i$로 적힌다.
#
#    $$
#    R_{i-1,i} = R_x(\alpha_i)\,R_z(\theta_i + q_i), \qquad
#    p_i = \text{상수} \;(\text{직동 관절이면 } p_i + q_i R_x(\alpha_i)\hat z)
#    $$ (eq-b-joint-frame)
#
#    한 축에 대한 회전은 3-벡터 하나에 곱셈 4번이면 되므로, 일반 회전 행렬(9번)이나 6×6 수반
#    행렬(36번)보다 훨씬 싸다. 관절 스크루는 이 프레임에서 $\hat z$이므로 $\tau_i = F_i^{T} A_i$는
#    성분 하나를 고르는 일이 되어 곱셈이 들지 않는다.
# 2. **회전과 병진을 따로.** 6-벡터 대신 각속도 $\omega$, 각가속도 $\dot\omega$, 원점의 가속도
#    $a$, 모멘트 $n$, 힘 $f$를 3-벡터로 다루고, $[p]R$ 블록 대신 외적을 쓴다.
# 3. **텐서 $\Omega$.** 링크마다 $\Omega_i = [\dot\omega_i] + [\omega_i]^2$를 한 번 만든다(대칭
#    부분은 $\omega\omega^{T} - |\omega|^2 \mathbf 1$이라 곱셈 6번). 이 행렬 하나가 세 곳에 쓰인다.
#    다음 링크 원점의 가속도, 질량 중심의 가속도, 그리고 오일러 방정식이다.
#
#    $$
#    a_i = R_{i-1,i}^{T}\left(a_{i-1} + \Omega_{i-1}\,p_i\right), \qquad
#    I\dot\omega + \omega\times I\omega = \operatorname{vect}\!\left(\Omega J - J\Omega^{T}\right)
#    $$ (eq-b-omega)
#
#    여기서 $J = \tfrac12\operatorname{tr}(I)\,\mathbf 1 - I$는 원점에 대한 2차 모멘트이고
#    $\operatorname{vect}$는 반대칭 행렬에서 벡터를 읽는 연산이다.
# 4. **관성을 $m$, $mc$, $J$로.** 공간 관성 $\mathcal G_i$의 블록 구조대로 질량 하나, 1차 모멘트
#    3개, 대칭인 $J$의 6개 성분만 저장한다. 링크가 받는 힘과 원점에 대한 모멘트는
#
#    $$
#    f_i^{B} = m_i a_i + \Omega_i (mc)_i, \qquad
#    n_i^{B} = \operatorname{vect}\!\left(\Omega_i J_i - J_i \Omega_i^{T}\right) + (mc)_i \times a_i
#    $$ (eq-b-body)
#
#    이다. 후방 순환은 $f_i = f_i^{B} + R_{i,i+1} f_{i+1}$,
#    $n_i = n_i^{B} + R_{i,i+1} n_{i+1} + p_{i+1}\times(R_{i,i+1} f_{i+1})$로, 회전은 다시 두 번의
#    한 축 회전이다.
#
# 관절 프레임과 $m$, $mc$, $J$는 사슬마다 처음 한 번 계산해 캐시에 둔다. 라이브러리가 모델을
# 불러올 때 하는 전처리와 같은 일이라서, 호출마다 세는 곱셈에는 넣지 않았다. 대신 호출 안에서는
# 이렇게 미리 계산한 상수끼리 곱하는 일이 없다. 테스트(`tests/test_structured.py`)는 상수까지
# 계측한 상태로 한 번 더 세어 이 점을 확인한다.

# %%
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


dense_products, _ = per_link(cd.rnea, 0.0)
dense_all, _ = per_link(cd.rnea, 0.0, rule="all")
dense_all_p, _ = per_link(cd.rnea, 1.0, rule="all")
classic_all, _ = per_link(cd.rnea_classic, 0.0, rule="all")
classic_all_p, _ = per_link(cd.rnea_classic, 1.0, rule="all")
struct_r, struct_call = per_link(cd.rnea_structured, 0.0, rule="all")
struct_p, struct_call_p = per_link(cd.rnea_structured, 1.0, rule="all")
assert struct_call == struct_call_p == structured.PER_CALL_MULTIPLICATIONS["gravity"]
assert {"revolute": struct_r, "prismatic": struct_p} == structured.PER_LINK_MULTIPLICATIONS

N_BIG = 64
SPEC_PER_LINK = 357  # 명세 원고가 보고한 링크당 곱셈 횟수 (행렬 곱만 센 규칙)
assert dense_products == SPEC_PER_LINK
rows = [
    ["`rnea` (6×6 조밀)", "행렬 곱만", dense_products, "—", dense_products * N_BIG],
    ["`rnea` (6×6 조밀)", "모든 곱셈", dense_all, dense_all_p, dense_all * N_BIG],
    ["`rnea_classic` (3-벡터, 조밀 3×3)", "모든 곱셈", classic_all, classic_all_p,
     classic_all * N_BIG],
    ["`rnea_structured`", "모든 곱셈", struct_r, struct_p, struct_r * N_BIG + struct_call],
]
glue("bp_dense_products", dense_products, display=False)
glue("bp_spec_per_link", SPEC_PER_LINK, display=False)
glue("bp_dense_all", dense_all, display=False)
glue("bp_classic_all", classic_all, display=False)
glue("bp_struct_r", struct_r, display=False)
glue("bp_struct_p", struct_p, display=False)
glue("bp_struct_call", struct_call, display=False)
glue("bp_struct_tip", structured.PER_CALL_MULTIPLICATIONS["f_tip"], display=False)
glue("bp_ratio_all", round(dense_all / struct_r, 1), display=False)
glue("bp_ratio_spec", round(SPEC_PER_LINK / struct_r, 1), display=False)
glue("bp_share_spec", round(100 * struct_r / SPEC_PER_LINK), display=False)
glue("bp_n_big", N_BIG, display=False)
glue("bp_dense_big", dense_products * N_BIG, display=False)
glue("bp_struct_big", struct_r * N_BIG + struct_call, display=False)
glue("bp_target_mults", 120, display=False)

# %% mystnb={"markdown_format": "myst"}
md_table(["구현", "세는 규칙", "회전 관절 링크당", "직동 관절 링크당", f"n = {N_BIG} 회전 관절 사슬 전체"],
         rows, "RNEA 한 번 호출의 곱셈 횟수 (chaindyn.opcount.count로 이 빌드에서 셈)",
         "tab-b-counts", align="llrrr")

# %% [markdown]
# ### B.1.2 답: 링크당 곱셈 횟수
#
# {numref}`tab-b-counts`가 답이다. 명세 원고의 규칙(행렬·내적 곱 안의 곱셈만 셈)으로 조밀한
# 구현은 회전 관절 링크 하나에 {glue:text}`bp_dense_products`번이다. 명세 원고가 보고한 값
# {glue:text}`bp_spec_per_link`과 같다. 그런데 구조를 쓰는 구현에는 행렬 곱이 거의 남지 않는다.
# 그래서 이 규칙으로 세면 비교가 공정하지 않다. 이 부록은 원소별 곱셈까지 모두 세는 규칙
# (`rule="all"`)으로 비교한다. 이 규칙에서 조밀한 구현은 링크당 {glue:text}`bp_dense_all`번,
# 3-벡터 고전형(`rnea_classic`)은 {glue:text}`bp_classic_all`번이다.
#
# `rnea_structured`는 회전 관절 링크당 {glue:text}`bp_struct_r`번, 직동 관절 링크당
# {glue:text}`bp_struct_p`번이면 된다. 여기에 호출마다 중력을 $\{0'\}$로 돌리는
# {glue:text}`bp_struct_call`번이 더해지고, 팁 렌치를 주면 그것을 $\{n'\}$로 옮기는
# {glue:text}`bp_struct_tip`번이 더해진다. 같은 규칙에서 비교하면 조밀한 구현보다
# {glue:text}`bp_ratio_all`배 적다. 명세 원고의 {glue:text}`bp_spec_per_link`과 견주면, 그보다
# 넓은 규칙으로 세었는데도 그 값의 {glue:text}`bp_share_spec`% 수준이다. 관절이
# {glue:text}`bp_n_big`개인 사슬이라면 {glue:text}`bp_dense_big`번이 {glue:text}`bp_struct_big`번으로
# 준다. 과제가 정한 상한(회전 관절 링크당 {glue:text}`bp_target_mults`번)도 만족한다.
#
# 직동 관절이 회전 관절보다 약간 비싼 까닭도 곱셈 횟수로 설명된다. 직동 관절은 각가속도에 관절 항이
# 없어 2번을 덜 쓴다. 대신 오프셋이 $q_i$에 따라 변하므로 그 계산과 후방 외적에서 곱셈이 늘고,
# 코리올리 항 $2\,\omega_i\times\hat z\,\dot q_i$에서도 곱셈이 더 든다. 링크당 곱셈 횟수는
# 링크 수와 상관없이 일정하므로, 전체 횟수는 이 구현에서도 $n$에 정확히 비례한다(상수항은 중력
# 회전뿐이다). 더 줄일 여지는 남아 있다. 예를 들어 관절 프레임의 원점을 축 위에서 옮겨 $p_i$의
# 성분 하나를 0으로 만들면 회전 관절 링크마다 곱셈이 몇 번 더 준다. 이 부록은 그 변형을 구현하지
# 않았다.

# %% tags=["nbval-ignore-output"]
# 같은 토크인지 확인: 임의 사슬(회전·직동 혼합, 축이 원점을 벗어남), 한 상태와 배치
worst = 0.0
for n in range(1, 9):
    rng = np.random.default_rng(2000 + n)
    chain = models.random_chain(n, rng, prismatic=0.4)
    q, qd, qdd = (rng.standard_normal((200, n)) for _ in range(3))
    F = rng.standard_normal((200, 6))
    g = 9.0 * rng.standard_normal(3)
    ref = cd.rnea(chain, q, qd, qdd, gravity=g, f_tip=F)
    worst = max(worst, float(np.abs(cd.rnea_structured(chain, q, qd, qdd, gravity=g, f_tip=F) - ref).max()),
                float(np.abs(cd.rnea_structured(chain, q[0], qd[0], qdd[0], gravity=g, f_tip=F[0]) - ref[0]).max()))
assert worst < 1e-11
glue("bp_equal_worst", sci(worst), display=False)
glue("bp_equal_bound", sci(1e-11, 1), display=False)

# %% [markdown]
# 두 구현은 같은 토크를 낸다. 관절이 1개부터 8개까지인 임의 사슬(회전·직동 혼합, 원점을 벗어난
# 축, 임의의 중력과 팁 렌치)에서 상태 200개씩을 넣었을 때 가장 큰 차이는
# {glue:text}`bp_equal_worst` N·m였다(위 셀이 {glue:text}`bp_equal_bound` 미만임을 확인한다;
# 토크의 크기가 수백 N·m이므로 반올림 오차 수준이다).

# %% [markdown]
# ## B.2 측정 방법
#
# 벤치마크는 같은 일을 여러 방법으로 시켜서 비교한다. 일은 예제 6R 팔({doc}`ch3_2_examples`)의
# 역동역학이다. 관절 위치·속도·가속도를 균등 분포에서 뽑은 상태에 대해 토크를 구한다.
#
# - **chaindyn**: `rnea`(6×6 조밀), `rnea_structured`, `rnea_classic`. 여러 상태는 배치 한 번의
#   호출로 계산한다.
# - **Pinocchio** {cite:p}`carpentier2019pinocchio`: 파이썬에서 상태마다 `pin.rnea`를 부른다.
# - **MuJoCo** {cite:p}`todorov2012mujoco`: 상태마다 `qpos`, `qvel`, `qacc`를 쓰고 `mj_inverse`를
#   부른다. 위치·속도 단계까지 포함하므로 같은 일이다.
# - **Robotics Toolbox** {cite:p}`corke2021toolbox`: `rne`에 궤적 배열을 통째로 넘긴다.
# - **modern_robotics** {cite:p}`lynch2017modern`: 상태마다 `InverseDynamics`를 부른다.
# - **파이썬 리스트 구현**: 명세 원고의 코드처럼 numpy 없이 중첩 리스트와 6×6 수반 행렬로 쓴 짧은
#   RNEA(`figsrc/bench_baselines.py`). 벤치마크의 기준선일 뿐 패키지의 알고리즘은 아니다.
#
# 모델은 부록 A의 어댑터(`chaindyn.interop`)로 만든다. 시간을 재기 전에 모든 방법의 토크를
# `chaindyn.rnea`와 비교한다. 시간은 `time.perf_counter`로 잰다. 호출을 여러 번 묶은 블록 하나가
# 수 밀리초가 되게 하고, 그동안 가비지 컬렉터를 끈다. 한 번 호출의 시간은 블록 31개, 배치는 블록
# 7개(긴 호출은 3개)의 중앙값이다. 메모리는 따로 한 번 호출하면서 `tracemalloc`으로 잰 최대
# 사용량이다. numpy가 잡는 메모리는 여기에 잡히지만, 라이브러리가 C++ 안에서 잡는 메모리는 잡히지
# 않는다. 그래서 라이브러리의 메모리 값은 파이썬 쪽 출력 배열의 크기만 보여 준다.
# modern_robotics와 리스트 구현은 상태당 시간이 N과 상관없이 일정하므로 $N \le 10^3$까지만
# 재었다.

# %%
keys = ["cpu", "logical_cpus", "python", "numpy", "pin", "mujoco", "roboticstoolbox-python",
        "modern_robotics", "chaindyn", "date_utc", "loadavg_before", "loadavg_after",
        "benchmark_seconds"]
diffs = [float(r["max_abs_diff_to_rnea"]) for r in single.values()] + \
        [float(r["max_abs_diff_to_rnea"]) for r in batch]
assert max(diffs) < 1e-11
glue("bp_bench_seconds", int(machine["benchmark_seconds"]), display=False)
glue("bp_lib_diff", sci(max(diffs)), display=False)

# %% mystnb={"markdown_format": "myst"}
md_table(["항목", "값"], [[k, machine[k]] for k in keys],
         "측정한 기계와 버전 (data/bench_machine.csv; loadavg는 1·5·15분 평균 부하)",
         "tab-b-machine", align="ll")

# %% [markdown]
# {numref}`tab-b-machine`이 측정 환경이다. 벤치마크 전체는 {glue:text}`bp_bench_seconds`초
# 걸렸다. 모든 방법의 토크는 `chaindyn.rnea`와 {glue:text}`bp_lib_diff` N·m 이내에서 같았다.
#
# ## B.3 한 번 호출: 실시간 제어
#
# 계산 토크 제어나 중력 보상처럼 제어 주기마다 역동역학을 한 번 부르는 경우에는 한 번 호출의
# 시간이 중요하다.

# %%
t_struct = float(single["rnea_structured"]["median_us"])
t_pin = float(single["pin.rnea"]["median_us"])
LOOP_HZ = 1000  # 과제가 정한 기준: 1 kHz 제어 주기
BUDGET_PCT = 5  # 그 주기의 5 %까지
target_us = 1e6 / LOOP_HZ * BUDGET_PCT / 100
glue("bp_loop_hz", LOOP_HZ, display=False)
glue("bp_budget_pct", BUDGET_PCT, display=False)
glue("bp_target_single", round(target_us), display=False)
glue("bp_t_struct", round(t_struct, 1), display=False)
glue("bp_t_struct_pct", round(100 * t_struct / (1e6 / LOOP_HZ), 1), display=False)
glue("bp_t_pin", round(t_pin, 2), display=False)
glue("bp_t_mj", round(float(single["mj_inverse"]["median_us"]), 2), display=False)
glue("bp_t_rtb", round(float(single["rtb rne"]["median_us"]), 1), display=False)
glue("bp_t_dense", round(float(single["rnea"]["median_us"])), display=False)
glue("bp_t_classic", round(float(single["rnea_classic"]["median_us"])), display=False)
glue("bp_t_mr", round(float(single["mr.InverseDynamics"]["median_us"])), display=False)
glue("bp_t_lists", round(float(single["python lists"]["median_us"])), display=False)
glue("bp_r_struct_pin", round(t_struct / t_pin), display=False)
glue("bp_r_dense_struct", round(float(single["rnea"]["median_us"]) / t_struct), display=False)
glue("bp_single_met", "만족한다" if t_struct <= target_us else "만족하지 못한다", display=False)
rows = [[name, r["library"], f"{float(r['median_us']):.3g}", f"{float(r['ratio_to_pin']):.3g}"]
        for name, r in sorted(single.items(), key=lambda kv: float(kv[1]["median_us"]))]

# %% mystnb={"markdown_format": "myst"}
md_table(["방법", "라이브러리", "한 번 호출 (μs, 중앙값)", "Pinocchio 대비 배수"], rows,
         "6R 팔 역동역학 한 번 호출 (data/bench_single.csv)", "tab-b-single", align="llrr")

# %% [markdown]
# ```{figure} figures/bench_single.png
# :name: fig-b-single
# :width: 85%
#
# 6R 팔의 역동역학 한 번 호출에 걸린 시간(중앙값, 로그 눈금). 점선은 {glue:text}`bp_loop_hz` Hz
# 제어 주기의 {glue:text}`bp_budget_pct`%이다.
# ```
#
# {numref}`tab-b-single`과 {numref}`fig-b-single`을 보면, `rnea_structured` 한 번 호출은
# {glue:text}`bp_t_struct` μs이다. {glue:text}`bp_loop_hz` Hz 제어 주기의
# {glue:text}`bp_t_struct_pct`%에 해당하므로, 과제가 정한 목표(주기의 {glue:text}`bp_budget_pct`%,
# 즉 {glue:text}`bp_target_single` μs 이하)를 {glue:text}`bp_single_met`. 같은 파이썬 코드라도
# 조밀한 `rnea`는 {glue:text}`bp_t_dense` μs로, 구조를 쓴 구현보다
# {glue:text}`bp_r_dense_struct`배 느리다. 이 차이는 곱셈 횟수의 차이보다 훨씬 크다. 한 상태를
# 계산할 때 시간을 지배하는 것은 곱셈이 아니라 numpy 호출 한 번마다 드는 고정 비용이기 때문이다.
# `rnea_structured`는 상태가 적으면 numpy 배열 대신 파이썬 실수로 계산해 이 비용을 피한다. 남은
# 시간의 상당 부분도 입력 검사(모양·유한성)에 든다.
#
# 컴파일된 라이브러리는 여전히 훨씬 빠르다. Pinocchio의 `pin.rnea`는 {glue:text}`bp_t_pin` μs로
# `rnea_structured`보다 {glue:text}`bp_r_struct_pin`배 빠르다. MuJoCo의 `mj_inverse`는
# {glue:text}`bp_t_mj` μs, Robotics Toolbox의 `rne`는 {glue:text}`bp_t_rtb` μs이다. 순수 파이썬인
# modern_robotics는 {glue:text}`bp_t_mr` μs, 리스트 구현은 {glue:text}`bp_t_lists` μs로 주기의
# 상당 부분을 차지한다.
#
# 실시간 제어에 주는 의미는 이렇다. 파이썬으로 짠 {glue:text}`bp_loop_hz` Hz 루프라면 `rnea_structured`만으로도 예산
# 안에 든다. 다만 파이썬 인터프리터와 가비지 컬렉터는 최악의 경우 지연을 보장하지 않는다. 위 값은
# 중앙값이지 최악값이 아니다. 엄격한 실시간 제어기에는 컴파일된 라이브러리를 C++에서 부르는
# 편이 맞다.

# %% [markdown]
# ## B.4 여러 상태를 한 번에: 오프라인 궤적 분석
#
# 궤적 전체의 토크를 계산하거나, 설계 후보 여러 개를 평가하거나, 데이터로 관성 파라미터를 식별할
# 때는 상태 수천~수십만 개를 한꺼번에 계산한다. chaindyn의 세 함수는 상태 $N$개를 배치 한 번의
# 호출로 계산한다. 라이브러리는 파이썬에서 상태마다 한 번씩 부르는 루프로 쟀고, Robotics Toolbox만
# 궤적 배열을 통째로 받는다.

# %%
def per_sample(method, N):
    return next(float(r["per_sample_us"]) for r in batch if r["method"] == method and int(r["N"]) == N)


def peak(method, N):
    return next(float(r["peak_MiB"]) for r in batch if r["method"] == method and int(r["N"]) == N)


N_T = 10_000  # 과제가 정한 비교 지점 N = 10^4
TARGET_BATCH_US = 1.0  # 과제의 목표: 상태당 1 μs 이하
s_struct, s_pin = per_sample("rnea_structured", N_T), per_sample("pin.rnea (loop)", N_T)
glue("bp_target_batch", TARGET_BATCH_US, display=False)
glue("bp_b_struct", round(s_struct, 2), display=False)
glue("bp_b_pin", round(s_pin, 2), display=False)
glue("bp_b_mj", round(per_sample("mj_inverse (loop)", N_T), 2), display=False)
glue("bp_b_rtb", round(per_sample("rtb rne (trajectory)", N_T), 2), display=False)
glue("bp_b_dense", round(per_sample("rnea", N_T), 2), display=False)
glue("bp_b_classic", round(per_sample("rnea_classic", N_T), 2), display=False)
glue("bp_b_ratio", round(s_pin / s_struct, 1), display=False)
glue("bp_batch_met", "만족한다" if s_struct <= s_pin and s_struct <= TARGET_BATCH_US
     else "만족하지 못한다", display=False)
glue("bp_b1_struct", round(per_sample("rnea_structured", 1), 1), display=False)
glue("bp_b100_struct", round(per_sample("rnea_structured", 100), 2), display=False)
glue("bp_b5_struct", round(per_sample("rnea_structured", 100_000), 2), display=False)
glue("bp_b5_dense", round(per_sample("rnea", 100_000), 2), display=False)
glue("bp_m5_struct", round(peak("rnea_structured", 100_000)), display=False)
glue("bp_m5_dense", round(peak("rnea", 100_000)), display=False)
glue("bp_m5_classic", round(peak("rnea_classic", 100_000)), display=False)
glue("bp_m_bytes_struct", round(peak("rnea_structured", 100_000) * 2**20 / 100_000), display=False)
glue("bp_m_bytes_dense", round(peak("rnea", 100_000) * 2**20 / 100_000), display=False)
Ns = sorted({int(r["N"]) for r in batch})
methods = list(dict.fromkeys(r["method"] for r in batch))
rows = [[m] + [next((f"{float(r['per_sample_us']):.3g}" for r in batch
                     if r["method"] == m and int(r["N"]) == N), "—") for N in Ns] for m in methods]

# %% mystnb={"markdown_format": "myst"}
md_table(["방법"] + [f"N = {N:,}" for N in Ns], rows,
         "상태 하나당 시간 (μs, data/bench_batch.csv; —: 재지 않음)", "tab-b-batch",
         align="l" + "r" * len(Ns))

# %% [markdown]
# ```{figure} figures/bench_batch.png
# :name: fig-b-batch
# :width: 100%
#
# 왼쪽: 상태 $N$개를 계산할 때 상태 하나당 시간(점선은 {glue:text}`bp_target_batch` μs). chaindyn은 배치 한 번의 호출,
# Pinocchio·MuJoCo·modern_robotics·리스트 구현은 상태마다 한 번씩 부르는 루프, Robotics
# Toolbox는 궤적 배열 한 번이다. 오른쪽: 그 한 번 호출의 최대 메모리(`tracemalloc`).
# ```
#
# 배치 계산에서는 순위가 뒤집힌다({numref}`tab-b-batch`, {numref}`fig-b-batch`). 상태가
# $N = 10^4$개일 때 `rnea_structured`는 상태당 {glue:text}`bp_b_struct` μs이다. 파이썬에서
# `pin.rnea`를 상태마다 부르면 {glue:text}`bp_b_pin` μs이므로 그보다 {glue:text}`bp_b_ratio`배
# 빠르다. 과제의 목표(Pinocchio 루프 이하, 가능하면 {glue:text}`bp_target_batch` μs 이하)를
# {glue:text}`bp_batch_met`. MuJoCo 루프는 {glue:text}`bp_b_mj` μs, Robotics Toolbox의 궤적
# 호출은 {glue:text}`bp_b_rtb` μs였다. 조밀한 `rnea`는 {glue:text}`bp_b_dense` μs,
# `rnea_classic`은 {glue:text}`bp_b_classic` μs였다.
#
# 까닭은 이렇다. 벡터화된 경로에서는 재귀식의 한 줄이 numpy 연산 하나이고, 그 연산이 $N$개 상태를
# 한꺼번에 처리한다. 그래서 호출 고정 비용이 $N$으로 나뉜다. 반면 라이브러리를 파이썬에서 상태마다
# 부르면 계산 자체는 빨라도 호출마다 파이썬↔C++ 변환 비용이 든다. 상태가 적으면 사정이 반대다.
# 상태 하나를 배치로 주면 `rnea_structured`는 상태당 {glue:text}`bp_b1_struct` μs가 들지만, 상태
# 100개에서는 {glue:text}`bp_b100_struct` μs로 떨어진다.
#
# 메모리도 구조를 쓴 쪽이 적다. $N = 10^5$에서 한 번 호출의 최대 메모리는 `rnea_structured`가
# {glue:text}`bp_m5_struct` MiB(상태당 약 {glue:text}`bp_m_bytes_struct` 바이트), `rnea_classic`이
# {glue:text}`bp_m5_classic` MiB, 조밀한 `rnea`는 {glue:text}`bp_m5_dense` MiB(상태당 약
# {glue:text}`bp_m_bytes_dense` 바이트)이다. 조밀한 구현은 링크마다 6×6 수반 행렬을 상태 수만큼
# 저장해 두었다가 후방 순환에서 다시 쓰기 때문이다. 구조를 쓴 구현은 링크마다 3-벡터 힘과 모멘트,
# 그리고 회전 각의 코사인·사인만 저장한다. 메모리가 캐시를 넘어서면 상태당 시간이 다시 늘어난다.
# $N = 10^5$에서 `rnea_structured`는 상태당 {glue:text}`bp_b5_struct` μs, `rnea`는
# {glue:text}`bp_b5_dense` μs였다. 궤적이 아주 길면 $10^4$개 안팎으로 나누어 계산하는 편이 낫다.

# %% [markdown]
# ## B.5 링크 수에 따른 증가
#
# 곱셈 횟수로는 RNEA가 $n$에 비례하고, RNEA를 $n$번 불러 열을 모으는 질량 행렬은 $n^2$에
# 비례한다. 측정한 시간에서도 그런지 임의 사슬로 확인했다. 관절 수 $n$을 1부터 128까지 늘리면서
# 한 번 호출의 시간을 잰 것이다. 질량 행렬은 `chaindyn.mass_matrix`(조밀한 RNEA를 $n$번
# 호출)와, `rnea_structured`에 $\ddot q = e_j$인 상태 $n$개를 배치로 넘기는 방법 두 가지로 재었다.
# 비교를 위해 Pinocchio의 `rnea`와 `crba`도 함께 재었다.

# %%
n_arr = np.array([int(r["n"]) for r in growth], dtype=float)


def slope(key, n_min=16):
    y = np.array([float(r[key]) if r[key] else np.nan for r in growth])
    ok = (n_arr >= n_min) & np.isfinite(y)
    return float(np.polyfit(np.log(n_arr[ok]), np.log(y[ok]), 1)[0]), int(n_arr[ok].max())


for key, name in [("rnea_us", "dense"), ("rnea_structured_us", "struct"), ("pin.rnea_us", "pin"),
                  ("mass_matrix_us", "mm"), ("mass_matrix_structured_us", "mms"),
                  ("pin.crba_us", "crba")]:
    k, n_hi = slope(key)
    glue(f"bp_slope_{name}", round(k, 2), display=False)
    glue(f"bp_nmax_{name}", n_hi, display=False)
row64 = next(r for r in growth if int(r["n"]) == 64)
glue("bp_g64_dense", round(float(row64["rnea_us"]) / 1000, 2), display=False)
glue("bp_g64_struct", round(float(row64["rnea_structured_us"])), display=False)
glue("bp_g64_mm", round(float(row64["mass_matrix_us"]) / 1000), display=False)
glue("bp_g64_mms", round(float(row64["mass_matrix_structured_us"]) / 1000, 1), display=False)
glue("bp_g64_crba", round(float(row64["pin.crba_us"]), 1), display=False)
glue("bp_g1_struct", round(float(growth[0]["rnea_structured_us"]), 1), display=False)

# %% [markdown]
# ```{figure} figures/bench_growth.png
# :name: fig-b-growth
# :width: 85%
#
# 관절 수 $n$에 따른 한 번 호출 시간(임의 사슬, 로그-로그). 실선은 역동역학, 파선은 질량 행렬.
# ```
#
# 로그-로그 그래프의 기울기가 곧 증가 차수이다. $n \ge 16$인 점들로 기울기를 맞추면
# ({numref}`fig-b-growth`), 조밀한 `rnea`는 {glue:text}`bp_slope_dense`, `rnea_structured`는
# {glue:text}`bp_slope_struct`, `pin.rnea`는 {glue:text}`bp_slope_pin`로 선형에 가깝다.
# `rnea_structured`의 기울기가 1보다 작은 것은 입력 검사 같은 고정 비용 때문이다. 관절이 하나일
# 때도 {glue:text}`bp_g1_struct` μs가 든다. 질량 행렬을 조밀한 RNEA로 열마다 모으면 기울기가
# {glue:text}`bp_slope_mm`($n \le$ {glue:text}`bp_nmax_mm`)로 이차이다. 구조를 쓴 배치 호출은
# 곱셈 횟수로는 똑같이 $n^2$에 비례하지만, 측정한 기울기는 {glue:text}`bp_slope_mms`에 그친다.
# 이 호출에서 numpy 연산의 수는 $n$에 비례하고 각 연산이 다루는 배열의 길이가 $n$인데, 길이가
# 이 범위($n \le 128$)이면 연산 한 번의 시간이 배열 길이보다 호출 고정 비용으로 정해지기
# 때문이다. 배열이 충분히 길어지면 기울기는 2에 다가가야 하지만, 이 측정은 그 영역까지 가지
# 않았다. $n = 64$에서 조밀한 RNEA 한 번은
# {glue:text}`bp_g64_dense` ms, 구조를 쓴 RNEA는 {glue:text}`bp_g64_struct` μs이다. 질량 행렬은
# 각각 {glue:text}`bp_g64_mm` ms와 {glue:text}`bp_g64_mms` ms이다. Pinocchio의 `crba`는 같은 행렬을
# {glue:text}`bp_g64_crba` μs에 구하지만, 그 기울기도 {glue:text}`bp_slope_crba`로 $n$에 선형보다
# 빠르게 늘어난다. 질량 행렬 자체가 $n^2$개의 성분을 가지기 때문이다. 질량 행렬을 더 효율적으로
# 구하는 알고리즘(CRBA)과 순동역학(ABA)은 이 책의 뒤에서 다룬다.

# %% [markdown]
# ## B.6 정리
#
# - **연구 질문의 답.** 관절 프레임, 3-벡터, 텐서 $\Omega$, $m$·$mc$·$J$ 관성이라는 구조를 쓰면
#   회전 관절 링크당 곱셈이 {glue:text}`bp_struct_r`번으로 준다(직동 관절
#   {glue:text}`bp_struct_p`번, 호출마다 {glue:text}`bp_struct_call`번 추가). 모든 곱셈을 세는 같은
#   규칙에서 조밀한 구현({glue:text}`bp_dense_all`번)보다 {glue:text}`bp_ratio_all`배 적고, 명세
#   원고의 {glue:text}`bp_spec_per_link`번보다도 적다. 이 횟수는 `tests/test_structured.py`가
#   고정해 두었다.
# - **실시간 제어.** 6R 팔 한 번 호출은 {glue:text}`bp_t_struct` μs로
#   {glue:text}`bp_loop_hz` Hz 주기의 {glue:text}`bp_t_struct_pct`%이다. 파이썬 제어 루프에서
#   쓸 수 있는 수준이지만, 최악 지연을 보장해야 하는 제어기에는 컴파일된 라이브러리가 맞다.
# - **오프라인 궤적 분석.** 상태 $10^4$개를 한 번에 계산하면 상태당 {glue:text}`bp_b_struct` μs로,
#   파이썬에서 Pinocchio를 상태마다 부르는 것보다 {glue:text}`bp_b_ratio`배 빠르고 메모리도 조밀한
#   구현보다 적게 쓴다.
# - **증가 차수.** 측정한 시간도 RNEA는 $n$에 선형, 열마다 모은 질량 행렬은 $n^2$에 가깝게 늘어난다.
#
# 측정값은 모두 {numref}`tab-b-machine`의 기계에서 한 번 돌린 결과이다. 다른 기계에서
# `make bench`를 돌리면 `data/bench_*.csv`와 그림이 새로 기록되고, 이 페이지는 그 값을 읽어 다시
# 빌드된다.
