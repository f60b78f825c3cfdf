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
# # 3.6.7–3.6.9 라이브러리와 코드 생성
#
# 앞 절들은 동역학의 도함수를 유도하고 최적화와 제어에 썼다. 이 페이지는 같은 계산을 남이 만든
# 도구로
# 할 때의 이야기이다. 3.6.7은 이 책이 설치해 쓰는 네 라이브러리와 `chaindyn`을 같은 팔에 올려 놓고
# 다섯 가지를 묻는다. 무엇을 할 수 있는가, 규약은 어떻게 다른가, 얼마나 정확한가, 얼마나 빠른가,
# 그리고 언제 무엇을 고를까이다. 3.6.8은 재귀에서 코드를 생성하면 무엇을 얻는지를 부록 B와 3.3장의
# 측정으로 보인다. 3.6.9는 연습 문제와 열린 질문, 출처, 다음 장을 모았다.
#
# 3.2장은 라이브러리를 부를 때 모델을 그 규약으로 옮기는 단계가 위험하다고
# 했다({doc}`ch3_2_closing`).
# 이 페이지의 모든 비교는 그 옮기는 일을 `chaindyn.interop`의 어댑터에 맡긴다. 그래서 여기서 재는
# 오차에는 어댑터의 변환이 낳는 반올림도 들어 있다.

# %% tags=["remove-input"]
import csv
import sys
from pathlib import Path

import numpy as np
from myst_nb import glue

from chaindyn import interop, joint_wrenches, rnea, tip_wrench_torque
from chaindyn.composite import crba
from chaindyn_book import ch36_libs as L
from chaindyn_book import claims

sys.path.insert(0, str(Path("..").resolve() / "figsrc"))
from _numbers import fixed, fixed_sig, sci  # noqa: E402  (figsrc/_numbers.py: 검사된 반올림)
from _tables import md_table  # noqa: E402  (figsrc/_tables.py: 번호 붙은 표)

DATA = Path("..").resolve() / "data"


def read_csv(name):
    with open(DATA / name, encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


machine = {r["key"]: r["value"] for r in read_csv("bench_machine.csv")}
single = read_csv("bench_single.csv")
batch = read_csv("bench_batch.csv")
codegen = read_csv("bench_33_codegen.csv")
installed = L.versions()

# %% [markdown]
# (sec-36-libs-side)=
# ## 3.6.7 라이브러리를 나란히 놓고 보기
#
# 비교하는 라이브러리는 다섯이다. Pinocchio {cite:p}`carpentier2019pinocchio`는 C++로 짠 강체
# 동역학 라이브러리이다. MuJoCo {cite:p}`todorov2012mujoco`는 접촉을 다루는 물리 시뮬레이터이다.
# Robotics Toolbox for Python {cite:p}`corke2021toolbox`는 교육과 연구용 도구 상자이다.
# modern_robotics는 교과서 *Modern Robotics* {cite:p}`lynch2017modern`에 딸린 참조 코드이다.
# 마지막은 이 책의 `chaindyn`이다. 아래 표의 버전은 이 페이지를 만들 때 설치된 배포판에서 읽었다.
# 부록 B의 시간 측정에 쓴 버전도 옆에 적었다.

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
BENCH_KEYS = {"Pinocchio": "pin", "MuJoCo": "mujoco", "Robotics Toolbox": "roboticstoolbox-python",
              "modern_robotics": "modern_robotics", "chaindyn": "chaindyn"}
md_table(["라이브러리", "배포판", "설치된 버전", "부록 B의 측정에 쓴 버전"],
         [[name, f"`{dist}`", installed[name], machine[BENCH_KEYS[name]]]
          for name, dist in L.LIBRARIES],
         "3.6.7에서 견주는 다섯 라이브러리", "tab-36-libs-versions", "llll")

# %% tags=["remove-input"]
same_versions = all(installed[n] == machine[BENCH_KEYS[n]] for n, _ in L.LIBRARIES)
glue("l36_same", claims.choose(same_versions, "같다", "다르다"), display=False)
print("설치본과 측정에 쓴 버전이 같은가:", same_versions)

# %% [markdown]
# % no-claim: 비교 낱말은 계산이 고른다
#
# 설치된 버전과 측정에 쓴 버전은 {glue:text}`l36_same`.
#
# ### 3.6.7.1 무엇을 할 수 있는가
#
# 기능의 표는 문서의 목록을 옮겨 적은 것이 아니다. 칸마다 설치된 패키지에 직접 물어서 정했다. 가장
# 흔한 물음은 그 이름의 함수가 있는가이다(`hasattr`). 그것만으로 부족한 칸은 작은 모델을 만들어
# 불러 보았다. 나무 구조와 부유 기저의 칸에서는 떠다니는 몸통에 다리 두 개를 단 모델을 만들어
# 역동역학을 불렀다. 접촉의 칸에서는 평면 위에 공을 놓고 접촉이 잡히는지 보았다. 질량 행렬과
# 순동역학의 칸에서는 그 함수가 라이브러리의 역동역학을 몇 번 부르는지 세었다. 함수가 없다는 칸은
# 공개된 이름 가운데 그 낱말이 든 것이 없다는 뜻이다. 이것은 약한 증거이므로 칸에 그 방법을 함께
# 적었다. 표를 만드는 코드는 `chaindyn_book.ch36_libs.features`이다.

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
feature_rows = L.features()
names = [n for n, _ in L.LIBRARIES]


def cell(text):
    return str(text).replace("|", "\\|")


md_table(["기능"] + names,
         [[r["feature"]] + [f"**{r[n][0]}**: {cell(r[n][1])}" for n in names]
          for r in feature_rows],
         "다섯 라이브러리의 기능: 판정과 그 근거(설치된 패키지에 물은 결과)",
         "tab-36-libs-features",
         "l" * 6, widths=[14, 18, 18, 18, 16, 16])

# %% tags=["remove-input"]
F = {r["key"]: {n: r[n][0] for n in names} for r in feature_rows}
only_pin_mj_tree = [n for n in names if F["tree"][n] == "예"]
claims.claim("l36-tree", "나무 구조와 부유 기저, 접촉을 다루는 것은 Pinocchio와 MuJoCo뿐이다",
             only_pin_mj_tree == ["Pinocchio", "MuJoCo"]
             and [n for n in names if F["contacts"][n] == "예"] == ["Pinocchio", "MuJoCo"],
             tree=F["tree"], contacts=F["contacts"])
claims.claim("l36-deriv", "해석적인 도함수와 회귀 행렬을 주는 것은 Pinocchio와 `chaindyn`이다",
             [n for n in names if F["derivatives"][n] == "예"] == ["Pinocchio", "chaindyn"]
             and [n for n in names if F["regressor"][n] == "예"] == ["Pinocchio", "chaindyn"],
             derivatives=F["derivatives"], regressor=F["regressor"])
claims.claim("l36-mj-fd", "MuJoCo가 파이썬에 내놓는 도함수는 유한 차분이다",
             F["derivatives"]["MuJoCo"] == "유한 차분",
             mujoco=F["derivatives"]["MuJoCo"])
claims.claim("l36-columns", "질량 행렬을 RNEA의 열로 만든다",
             F["mass"]["Robotics Toolbox"] == "RNEA 열"
             and F["mass"]["modern_robotics"] == "RNEA 열",
             mass=F["mass"])
claims.claim("l36-cd-limits", "`chaindyn`은 직렬 사슬과 고정된 기저만 다루고, 접촉도 없다",
             F["tree"]["chaindyn"] == "아니오" and F["contacts"]["chaindyn"] == "아니오",
             tree=F["tree"]["chaindyn"], contacts=F["contacts"]["chaindyn"])
claims.claim("l36-codegen-installed", "설치된 Pinocchio와 MuJoCo에는 코드 생성 모듈이 없다",
             F["codegen"]["Pinocchio"] == "설치본에 없음"
             and F["codegen"]["MuJoCo"] == "별도 패키지 MJX",
             codegen=F["codegen"])
for r in feature_rows:
    print(r["key"], {n: r[n][0] for n in names})

# %% [markdown]
# % claim: l36-tree, l36-deriv, l36-mj-fd
#
# 표는 다섯 라이브러리가 같은 일을 하는 도구가 아님을 보여 준다. 나무 구조와 부유 기저, 접촉을
# 다루는
# 것은 Pinocchio와 MuJoCo뿐이다. 해석적인 도함수와 회귀 행렬을 주는 것은 Pinocchio와 `chaindyn`이다.
# MuJoCo가 파이썬에 내놓는 도함수는 유한 차분이다. 그 함수들의 설명 문자열이 스스로 그렇게 밝힌다.
#
# % claim: l36-columns, l36-cd-limits, l36-codegen-installed
#
# Robotics Toolbox와 modern_robotics는 질량 행렬을 RNEA의 열로 만든다. 3.2.3.6절의 방법 그대로이다.
# 순동역학은 그렇게 만든 질량 행렬로 연립방정식을 푼다. `chaindyn`은 직렬 사슬과 고정된 기저만
# 다루고,
# 접촉도 없다. 코드 생성의 칸은 3.6.8에서 다시 본다. 설치된 Pinocchio와 MuJoCo에는 코드 생성 모듈이
# 없다. 그래서 이 책은 그 두 길의 속도를 재지 못했다.
#
# ### 3.6.7.2 규약
#
# 규약의 차이는 부록 A({doc}`appendix_conventions`)가 항목마다 라이브러리에 직접 물어 정리했다.
# 여기서는
# 그 내용을 되풀이하지 않는다. 아래 표는 무엇을 옮겨야 하는지와, 그 일을 하는 어댑터, 부록 A의 절만
# 가리킨다.

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
md_table(["옮길 것", "주의할 라이브러리", "이 책의 어댑터", "부록 A"],
         [["트위스트와 렌치의 성분 순서", "Pinocchio; MuJoCo와 Robotics Toolbox의 일부 양",
           "`interop.pinocchio_joint_wrenches`, `interop.rtb_fext`", "A.2"],
          ["좌표계와 모멘트의 기준점", "Pinocchio, MuJoCo, modern_robotics",
           "`interop.to_pinocchio`, `interop.mujoco_joint_wrenches`, `interop.to_modern_robotics`",
           "A.3"],
          ["관성을 적는 방식", "모두", "`interop.to_mujoco`, `interop.to_modern_robotics` 등", "A.4"],
          ["말단 렌치의 부호와 좌표계", "Pinocchio, MuJoCo",
           "`interop.pinocchio_fext`, `interop.mujoco_xfrc_tip`", "A.5"],
          ["중력의 기본값", "Pinocchio, MuJoCo, Robotics Toolbox", "어댑터의 `gravity` 인자", "A.6"],
          ["관절 종류와 그 밖의 항", "모두", "어댑터가 모터 관성과 마찰을 넣지 않는다", "A.7"]],
         "라이브러리로 모델을 옮길 때 바꾸는 것과 그 자리", "tab-36-libs-conventions", "llll")

# %% tags=["remove-input"]
import mujoco  # noqa: E402

mj_model = mujoco.MjModel.from_xml_string(interop.to_mujoco(L.arm()))
claims.claim("l36-mj-principal", "MuJoCo는 관성을 주축의 세 값과 그 축의 사원수로 바꾸어 저장한다",
             mj_model.body_inertia.shape[1] == 3 and mj_model.body_iquat.shape[1] == 4,
             inertia=mj_model.body_inertia.shape, iquat=mj_model.body_iquat.shape)
print("MuJoCo에 저장된 관성의 모양:", mj_model.body_inertia.shape, mj_model.body_iquat.shape)

# %% [markdown]
# % claim: l36-mj-principal
#
# 어댑터가 건넨 관성을 라이브러리가 다시 적는 경우도 있다. MuJoCo는 관성을 주축의 세 값과 그 축의
# 사원수로 바꾸어 저장한다(`body_inertia`, `body_iquat`). 이 변환도 반올림을 한 번 더 낳는다. 다음 절의
# 오차에는 이런 몫이 들어 있다.
#
# (sec-36-libs-accuracy)=
# ### 3.6.7.3 얼마나 정확한가
#
# % no-claim: 기준을 세우는 방법의 설명이고, 붙인 값은 계산의 설정이다
#
# 두 라이브러리의 답이 서로 가깝다는 것만으로는 어느 쪽이 더 정확한지 알 수 없다. 그래서 기준을
# 따로 세운다. 6R 팔의 float64 데이터와 상태를 정확한 값으로 보고, 같은 RNEA를
# {glue:text}`l36_dps`자리 십진 산술(mpmath {cite:p}`mpmath2023`)로 계산한다. 링크의 자세는
# 스크루 지수의 닫힌 식으로 구한다. 질량 행렬은 단위 가속도를 넣은 RNEA의 열로 만든다. 순동역학의
# 기준은 같은 산술에서 LU 분해로 푼다. 이때 오른쪽에는 float64로 계산한 토크를 넣는다. 라이브러리에
# 건네는 바로 그 토크이다. 상태는 무작위로 {glue:text}`l36_states`개를 골랐다. 중력은 축에 나란하지
# 않은 벡터이다. 부호나 축을 잘못 옮기면 드러나도록 고른 것이다.
#
# 오차는 상태들에 걸친 가장 큰 차이를 기준값의 가장 큰 크기로 나눈 상대 오차이다. 아래 셀은 그 값을
# 기계 엡실론 $\varepsilon$의 배수로 보인다. 이 값들은 반올림 수준이라 기계마다 마지막 자리가
# 다르다.

# %% tags=["nbval-ignore-output"]
acc = L.accuracy()
eps = np.finfo(float).eps
print(f"{'라이브러리':18s} {'τ':>8s} {'M':>8s} {'qdd':>9s}   (상대 오차 / ε)")
for name in names:
    r = {a["quantity"]: a for a in acc if a["library"] == name}
    print(f"{name:18s} {r['tau']['ulps']:8.2f} {r['M']['ulps']:8.2f} {r['qdd']['ulps']:9.1f}")
worst = {k: max(a["rel_err"] for a in acc if a["quantity"] == k) for k in ("tau", "M", "qdd")}
print("가장 큰 상대 오차:", {k: sci(v) for k, v in worst.items()})

# %% tags=["remove-input"]
glue("l36_dps", L.DPS, display=False)
glue("l36_states", L.STATES, display=False)
glue("l36_tau_bound", sci(L.BOUNDS["tau"]), display=False)
glue("l36_qdd_bound", sci(L.BOUNDS["qdd"]), display=False)
claims.within("l36-acc-tau",
              "토크와 질량 행렬의 상대 오차는 모든 라이브러리에서 한계 {glue:text}`l36_tau_bound` "
              "안에 있다",
              max(worst["tau"], worst["M"]), L.BOUNDS["tau"])
claims.within("l36-acc-qdd", "순동역학은 한계 {glue:text}`l36_qdd_bound` 안에 있다", worst["qdd"],
              L.BOUNDS["qdd"])
tau_max = max(worst["tau"], worst["M"])
qdd_min = min(a["rel_err"] for a in acc if a["quantity"] == "qdd")
claims.claim("l36-acc-order", "순동역학의 오차는 모든 라이브러리에서 토크의 오차보다 크다",
             bool(qdd_min > tau_max), qdd_min=qdd_min, tau_max=tau_max)
few = 10.0
glue("l36_few", int(few), display=False)
claims.claim("l36-acc-few",
             "토크와 질량 행렬의 오차는 모두 $\\varepsilon$의 {glue:text}`l36_few`배보다 작다",
             bool(tau_max < few * eps), tau_max_over_eps=tau_max / eps)
q_s, _, _ = L.states()
conds = [np.linalg.cond(crba(L.arm(), q)) for q in q_s]
glue("l36_cond", f"{fixed_sig(max(conds), 2):,.0f}", display=False)
print("한계를 지켰는가:", {k: bool(v <= L.BOUNDS[k]) for k, v in worst.items()})
print("cond(M)의 가장 큰 값 (유효 숫자 두 자리):", fixed_sig(max(conds), 2))

# %% mystnb={"markdown_format": "myst"} tags=["remove-input", "nbval-ignore-output"]
md_table(["라이브러리", "τ (역동역학)", "M", "q̈ (순동역학)"],
         [[name] + [f"≤ {sci(a['bound'])}: {'예' if a['holds'] else '**아니오**'}"
                    for q in ("tau", "M", "qdd")
                    for a in acc if a["library"] == name and a["quantity"] == q]
          for name in names],
         "높은 정밀도의 기준에 대한 상대 오차: 한계와 그것을 지켰는지(값은 위 셀)",
         "tab-36-libs-accuracy", "llll")

# %% [markdown]
# % claim: l36-acc-tau, l36-acc-few, l36-acc-qdd, l36-acc-order
#
# 토크와 질량 행렬의 상대 오차는 모든 라이브러리에서 한계 {glue:text}`l36_tau_bound` 안에 있다.
# 토크와
# 질량 행렬의 오차는 모두 $\varepsilon$의 {glue:text}`l36_few`배보다 작다. 수백 번의 연산을 거치고도
# 반올림 몇 번의 크기에 그친다. 순동역학은 한계 {glue:text}`l36_qdd_bound` 안에 있다. 순동역학의
# 오차는 모든 라이브러리에서 토크의 오차보다 크다. 연립방정식을 풀면 입력의 반올림이 조건수만큼
# 커지기 때문이다. 이 상태들에서 $\operatorname{cond}(M)$의 가장 큰 값은 {glue:text}`l36_cond`이다.
# 이 팔에서 정확도는 라이브러리를 고르는 기준이 되지 못한다. 차이가 나는 곳은 기능과 속도이다.
#
# (sec-36-libs-speed)=
# ### 3.6.7.4 얼마나 빠른가
#
# % no-claim: 측정 기계와 표의 설명이고, 붙인 값은 기계의 기록이다
#
# 속도는 이 페이지에서 다시 재지 않는다. 부록 B가 한 기계에서 한 번 잰 결과를 그대로 읽는다
# ({ref}`sec-b-single`, {ref}`sec-b-batch`). 그 기계는 {glue:text}`l36_cpu`의 논리 코어
# {glue:text}`l36_cores`개, numpy {glue:text}`l36_numpy`이고, 측정 시각은
# {glue:text}`l36_date`(UTC)이다.
# 시간은 그 기계에서만 뜻이 있다. 그래서 표에는 Pinocchio에 대한 비도 함께 적었다. 한 번 호출은
# 상태 하나의 토크이다. 배치는 상태 {glue:text}`l36_batch_n`개의 토크이고, 표본 하나당 시간으로
# 적는다.

# %% tags=["remove-input"]
speed = L.speed_rows(single, batch)
BATCH_N = 10000
glue("l36_cpu", machine["cpu"], display=False)
glue("l36_cores", int(machine["logical_cpus"]), display=False)
glue("l36_numpy", machine["numpy"], display=False)
glue("l36_date", machine["date_utc"], display=False)
glue("l36_batch_n", BATCH_N, display=False)
S = {r["method"]: r for r in speed}
glue("l36_pin_us", S["pin.rnea"]["call_us"], display=False)
glue("l36_rnea_ratio", f"{fixed(S['rnea']['call_ratio'], 0):.0f}", display=False)
glue("l36_struct_ratio", f"{fixed(S['rnea_structured']['call_ratio'], 1):.1f}", display=False)
glue("l36_mj_ratio", fixed(S["mj_inverse"]["call_ratio"], 1), display=False)
glue("l36_rtb_batch", fixed(S["rtb rne"]["sample_ratio"], 2), display=False)
glue("l36_struct_batch", fixed(S["rnea_structured"]["sample_ratio"], 2), display=False)
glue("l36_rnea_batch", fixed(S["rnea"]["sample_ratio"], 1), display=False)
calls = [r["call_us"] for r in speed]
claims.claim("l36-speed-pin", "한 번 호출에서는 Pinocchio가 가장 빠르다",
             S["pin.rnea"]["call_us"] == min(calls), calls=calls)
claims.claim("l36-speed-batch",
             "배치에서는 Robotics Toolbox와 `rnea_structured`가 Pinocchio의 반복보다 빠르다",
             S["rtb rne"]["sample_ratio"] < 1 and S["rnea_structured"]["sample_ratio"] < 1,
             rtb=S["rtb rne"]["sample_ratio"], structured=S["rnea_structured"]["sample_ratio"])
claims.claim("l36-speed-rnea", "`rnea`는 배치에서도 Pinocchio의 반복보다 느리다",
             S["rnea"]["sample_ratio"] > 1, ratio=S["rnea"]["sample_ratio"])
print({r["method"]: (r["call_us"], r["sample_us"]) for r in speed})

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]


def us(x):
    return "—" if x is None else f"{x:g}"


def ratio(x):
    return "—" if x is None else f"{fixed_sig(x, 3):g}"


md_table(["라이브러리", "한 번 호출", "µs", "Pinocchio 대비", f"배치 {BATCH_N}개", "표본당 µs",
          "Pinocchio 대비"],
         [[r["library"], f"`{r['method']}`", us(r["call_us"]), ratio(r["call_ratio"]),
           f"`{r['batch_method']}`", us(r["sample_us"]), ratio(r["sample_ratio"])] for r in speed],
         "6R 팔의 역동역학 시간(부록 B의 측정 한 번, 중앙값)", "tab-36-libs-speed", "llrrlrr")

# %% [markdown]
# % claim: l36-speed-pin, l36-speed-batch, l36-speed-rnea
#
# 한 번 호출에서는 Pinocchio가 가장 빠르다. 한 번에 {glue:text}`l36_pin_us` µs이다. MuJoCo는 그
# {glue:text}`l36_mj_ratio`배이다. `chaindyn`의 `rnea`는 {glue:text}`l36_rnea_ratio`배 걸린다.
# 파이썬에서
# 작은 numpy 배열을 다루는 고정 비용이 계산을 덮기 때문이다. 구조를 살린 `rnea_structured`도
# {glue:text}`l36_struct_ratio`배이다. 배치에서는 Robotics Toolbox와 `rnea_structured`가 Pinocchio의
# 반복보다 빠르다. 표본당 시간의 비는 Robotics Toolbox가 {glue:text}`l36_rtb_batch`,
# `rnea_structured`가 {glue:text}`l36_struct_batch`이다.
# Pinocchio를 파이썬에서 한 상태씩 부르는 반복과 견준 것이다. `rnea`는 배치에서도 Pinocchio의
# 반복보다 느리다. 그 비는 {glue:text}`l36_rnea_batch`이다.
#
# Pinocchio에는 여러 상태를 스레드로 나누어 계산하는 `rneaInParallel`도 있다. 부록 B는 그 함수를
# 재지
# 않았다. 그래서 배치의 비교는 파이썬 반복과의 비교로만 읽어야 한다.
#
# ### 3.6.7.5 언제 무엇을 쓰나
#
# 위의 세 표에서 나오는 권고는 다음과 같다. 이 권고는 이 책이 잰 것에 기대며, 잰 것 밖은 열린
# 질문으로
# 남긴다(3.6.9).
#
# % claim: l36-choose
#
# - **실시간 제어, 최적화, 부유 기저의 로봇.** Pinocchio가 맞다. 한 번 호출이 가장 빠르고,
#   해석적인 도함수와 회귀 행렬, 접촉 구속이 한 라이브러리에 있다.
# - **접촉이 있는 시뮬레이션.** MuJoCo가 맞다. 접촉 검출과 구속 풀이가 순동역학과 함께 있다.
#   도함수가
#   필요하면 유한 차분의 비용과 오차를 감수해야 한다.
# - **DH 표로 적은 팔의 궤적 분석, 수업.** Robotics Toolbox가 편하다. 궤적 전체를 한 번의 호출로
#   넘기며, 배치에서는 이 표에서 가장 빠른 축에 든다.
# - **교과서의 식을 줄마다 따라가기.** modern_robotics가 맞다. 코드가 *Modern Robotics*의 식과 같은
#   모양이다. 다만 한 번 호출이 가장 느린 축이다.
# - **식 옆에서 읽는 구현, 검산, numpy 배치.** `chaindyn`의 자리이다. 모든 함수가 이 책의 절 번호를
#   달고, 미분과 회귀 행렬까지 numpy만으로 읽을 수 있다.
#
# % claim: l36-not-cd
#
# `chaindyn`이 맞지 않는 곳도 분명하다. 제어 주기마다 한 상태를 계산하는 일에는 느리다. 한 번 호출이
# Pinocchio의 {glue:text}`l36_rnea_ratio`배이다. 다리 로봇이나 이동 로봇처럼 기저가 떠 있는 로봇,
# 가지가 있는 로봇, 접촉이 있는 로봇은 다루지 못한다. GPU를 쓰지 않고, 계산을 스레드로 나누지도 않는다. 이런 일에는
# 위의 라이브러리를 쓰고, `chaindyn`은 그 결과를 식과 대조하는 데 쓰는 것이 맞다.

# %% tags=["remove-input"]
claims.claim("l36-choose", "한 번 호출이 가장 빠르고",
             S["pin.rnea"]["call_us"] == min(calls) and F["derivatives"]["Pinocchio"] == "예"
             and F["regressor"]["Pinocchio"] == "예" and F["contacts"]["Pinocchio"] == "예"
             and S["rtb rne"]["sample_us"] <= sorted(r["sample_us"] for r in speed
                                                      if r["sample_us"] is not None)[1]
             and S["mr.InverseDynamics"]["call_us"] >= sorted(calls)[-2],
             calls=calls)
claims.claim("l36-not-cd", "제어 주기마다 한 상태를 계산하는 일에는 느리다",
             S["rnea"]["call_ratio"] > 10 and F["tree"]["chaindyn"] == "아니오"
             and F["contacts"]["chaindyn"] == "아니오", ratio=S["rnea"]["call_ratio"])

# %% [markdown]
# (sec-36-codegen)=
# ## 3.6.8 코드 생성
#
# RNEA는 모델이 정해지면 같은 연산을 같은 순서로 되풀이한다. 관절 수도, 상수도, 어느 성분이 0인지도
# 호출마다 같다. 코드 생성은 이 사실을 이용한다. 재귀를 한 번 따라가며 연산을 기록하고, 그 기록을
# 분기 없는 코드로 내보낸다. 그러면 세 가지를 얻는다. 0과 1을 곱하는 연산이 사라진다. 해석기나
# 라이브러리의 호출 비용이 줄어든다. 같은 기록에 자동 미분을 걸면 도함수의 코드도 얻는다. 대가도
# 있다. 모델이 바뀌면 코드를 다시 만들어야 하고, 만드는 데 시간이 든다.
#
# ### 3.6.8.1 이 책의 두 예
#
# 이 책에는 측정된 예가 둘 있다. 하나는 부록 B의 `rnea_structured`이다. 상수를 접은 재귀를 사슬마다
# 한
# 번 추적해 분기 없는 파이썬 코드로 만든다(`chaindyn.engine.compiled`). 다른 하나는 3.3장의
# 닫힌 식이다. 라그랑주 식을 sympy로 전개하고 공통 부분식을 뽑아 numpy 코드로 만든다
# (`chaindyn.symbolic.torque_function`).

# %% tags=["remove-input"]
cg = L.codegen_rows(single, codegen)
glue("l36_struct_speedup", f"{fixed(cg['structured_speedup'], 0):.0f}", display=False)
C = {(r["chain"], r["method"], r["N"]): r for r in cg["codegen"]}
glue("l36_cse6_1", fixed(C["6R", "lambdify (cse)", 1]["ratio_to_rnea"], 3), display=False)
glue("l36_st6_1", fixed(C["6R", "rnea_structured", 1]["ratio_to_rnea"], 4), display=False)
glue("l36_cse6_big", fixed(C["6R", "lambdify (cse)", 10000]["ratio_to_rnea"], 3), display=False)
glue("l36_st6_big", fixed(C["6R", "rnea_structured", 10000]["ratio_to_rnea"], 4), display=False)
glue("l36_cse2_big", fixed(C["2R", "lambdify (cse)", 10000]["ratio_to_rnea"], 4), display=False)
glue("l36_st2_big", fixed(C["2R", "rnea_structured", 10000]["ratio_to_rnea"], 4), display=False)
glue("l36_derive6", C["6R", "lambdify (cse)", 1]["derive_s"], display=False)
glue("l36_derive2", C["2R", "lambdify (cse)", 1]["derive_s"], display=False)
glue("l36_big_n", 10000, display=False)
claims.claim("l36-cg-struct", "생성한 코드는 모든 경우에 `rnea`보다 빨랐다",
             all(r["ratio_to_rnea"] < 1 for r in cg["codegen"]) and cg["structured_speedup"] > 1,
             ratios=[r["ratio_to_rnea"] for r in cg["codegen"]])
claims.claim("l36-cg-6r", "6R 팔에서는 `rnea_structured`가 닫힌 식보다 빠르다",
             all(C["6R", "rnea_structured", n]["ratio_to_rnea"]
                 < C["6R", "lambdify (cse)", n]["ratio_to_rnea"] for n in (1, 100, 10000)),
             st=[C["6R", "rnea_structured", n]["ratio_to_rnea"] for n in (1, 100, 10000)])
claims.claim("l36-cg-2r", "2R 팔의 큰 배치에서는 닫힌 식이 더 빠르다",
             C["2R", "lambdify (cse)", 10000]["ratio_to_rnea"]
             < C["2R", "rnea_structured", 10000]["ratio_to_rnea"],
             cse=C["2R", "lambdify (cse)", 10000]["ratio_to_rnea"])
claims.claim("l36-cg-derive", "만드는 시간은 6R 팔이 2R 팔보다 훨씬 길다",
             C["6R", "lambdify (cse)", 1]["derive_s"]
             > 5 * C["2R", "lambdify (cse)", 1]["derive_s"],
             six=C["6R", "lambdify (cse)", 1]["derive_s"],
             two=C["2R", "lambdify (cse)", 1]["derive_s"])
print("rnea / rnea_structured (한 번 호출):", fixed(cg["structured_speedup"], 0))

# %% [markdown]
# % claim: l36-cg-struct, l36-cg-6r, l36-cg-2r, l36-cg-derive
#
# 생성한 코드는 모든 경우에 `rnea`보다 빨랐다. 6R 팔의 한 번 호출에서 `rnea_structured`는
# `rnea`의 {glue:text}`l36_struct_speedup`분의 1의 시간이 걸린다. 3.3장의 측정을 `rnea`에 대한
# 시간 비로 보면 {numref}`tab-36-libs-codegen`과 같다. 6R 팔에서는 `rnea_structured`가 닫힌 식보다
# 빠르다. 한 번 호출에서 `rnea_structured`의 비는 {glue:text}`l36_st6_1`, 닫힌 식의 비는
# {glue:text}`l36_cse6_1`이다. 배치 {glue:text}`l36_big_n`개에서는 각각 {glue:text}`l36_st6_big`,
# {glue:text}`l36_cse6_big`이다. 닫힌 식은 관절이 늘면 항이 빠르게 불어난다(3.3장). 2R 팔의 큰
# 배치에서는 닫힌 식이 더 빠르다. 닫힌 식의 비는 {glue:text}`l36_cse2_big`, `rnea_structured`의 비는
# {glue:text}`l36_st2_big`이다. 식이 짧으면 numpy가 배열 전체에 한 번씩 연산하는 편이 이긴다. 닫힌
# 식을 만드는 시간은 6R 팔이 2R 팔보다 훨씬 길다. 유도와 코드 생성에 6R 팔은
# {glue:text}`l36_derive6` s, 2R 팔은 {glue:text}`l36_derive2` s가 들었다.

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
md_table(["사슬", "방법", "배치 크기", "`rnea`에 대한 시간 비", "만드는 시간 (s)"],
         [[r["chain"], f"`{r['method']}`", f"{r['N']:,}", f"{r['ratio_to_rnea']:g}",
           "—" if r["derive_s"] is None else f"{r['derive_s']:g}"] for r in cg["codegen"]],
         "생성한 코드의 시간(3.3장의 측정 한 번, data/bench_33_codegen.csv)",
         "tab-36-libs-codegen", "llrrr")

# %% [markdown]
# ### 3.6.8.2 Pinocchio와 MuJoCo의 길
#
# Pinocchio의 알고리즘은 스칼라 형을 인자로 받는 C++ 템플릿이다. 그래서 `double` 대신 기호 변수나
# 자동 미분 변수를 넣어도 같은 코드가 돈다. 이 책은 Pinocchio 저장소의 다음 파일을 읽었다
# {cite:p}`pinocchio2026source`.
#
# - `include/pinocchio/codegen/code-generator-base.hpp`: 모델을 CppADCodeGen의 스칼라로 바꾸고,
#   알고리즘을
#   한 번 실행해 기록한다. 그 기록에서 C 소스를 만들고 gcc로 동적 라이브러리를 컴파일해 불러온다.
#   기본 컴파일 옵션은 `-Ofast`이다.
# - `include/pinocchio/codegen/code-generator-algo.hpp`: 그 틀 위에 RNEA, ABA, CRBA, $M^{-1}$,
#   RNEA의 도함수 등의 생성기를 둔다. RNEA의 생성기는 토크와 함께 그 야코비안도 내보낼 수 있다.
# - `bindings/python/pinocchio/casadi/__init__.py`와
#   `bindings/python/pinocchio/cppadcg/__init__.py`:
#   같은 일을 파이썬에서 하는 모듈이다. `examples/casadi/cartpole.py`는 모델을 CasADi 모델로 바꾸고,
#   ABA의 식을 CasADi 함수로 만들어 이산 시간 동역학을 조립한다.
#   `examples/codegen/codegen-rnea.py`는
#   RNEA의 야코비안을 C 코드로 출력한다.
#
# 이 책이 설치한 `pin` 배포판에는 두 파이썬 모듈이 들어 있지 않다({numref}`tab-36-libs-features`).
# 그래서
# 생성한 코드의 속도와 정확도는 재지 못했다. Pinocchio 논문이 보고한 수치도 이 책은 원문에서 읽지
# 않았다.
#
# MuJoCo 쪽은 MJX이다. MuJoCo 저장소의 `doc/mjx.rst`에 따르면 MJX는 MuJoCo를 JAX로 다시 구현한
# 것이다
# {cite:p}`mujoco2026source`. JAX의 XLA 컴파일러가 코드를 GPU와 TPU용으로 만들고, 배치 차원을 붙여
# 여러 시뮬레이션을 한 번에 돌린다. 같은 문서는 JAX 구현으로는 기울기를 구할 수 있으며, Warp 구현은 자동
# 미분을 지원하지 않는다고 적었다. `mjx/mujoco/mjx/_src/inverse.py`의 역동역학은 C 엔진과 같은
# 단계(위치,
# 속도, RNEA)를 JAX 함수로 잇는다. MJX는 별도 패키지 `mujoco-mjx`이고 이 책에는 설치되어 있지 않다.
# 그래서 이것도 재지 않았다.
#
# (sec-36-libs-checkpoints)=
# ## 3.6.9 연습 문제, 열린 질문, 출처, 다음 장
#
# ### 3.6.9.1 연습 문제

# %% [markdown]
# ```{exercise} Pinocchio의 관절 렌치를 이 책의 규약으로
# :label: ex-36-libs-wrench
#
# `interop.to_pinocchio`로 만든 6R 팔의 모델에서 `pin.rnea`를 부르면 `data.f[j]`에 관절 $j$가 전하는
# 렌치가 남는다. 이 값은 (힘, 모멘트) 순서이고, Pinocchio 관절의 좌표계에서 그 원점에 대해 적혀 있다.
# 마지막 관절의 값을 이 책의 $F_n$, 곧 $\{n\}$에서 (모멘트, 힘) 순서로 바꾸어 `joint_wrenches`의
# 마지막
# 행과 견주어라. `interop.pinocchio_joint_wrenches`를 쓰지 말고 프레임 `link6`의 배치로 직접 옮겨라.
# ```
#
# ```{solution-start} ex-36-libs-wrench
# :label: sol-36-libs-wrench
# :class: dropdown
# ```
#
# 프레임 `link6`의 배치 `placement`는 $\{n\}$의 자세를 마지막 관절의 좌표계에서 본 것이다. 렌치는
# 이 자세의 수반 변환을 전치해 곱하여 옮긴다(코드의 `Ad.T @ F_J`). 먼저 성분 순서를 (모멘트, 힘)으로 바꾼 뒤
# 옮긴다.

# %%
import pinocchio as pin  # noqa: E402

arm = L.arm()
q1, qd1, qdd1 = (x[0] for x in L.states())
model = interop.to_pinocchio(arm, L.GRAVITY)
data = model.createData()
pin.rnea(model, data, q1, qd1, qdd1)
frame = model.frames[model.getFrameId("link6")]
f = data.f[frame.parentJoint]
F_J = np.concatenate([f.angular, f.linear])          # (모멘트, 힘), 마지막 관절의 좌표계에서
T = frame.placement.homogeneous                      # {n}의 자세를 그 좌표계에서 본 것
R, p = T[:3, :3], T[:3, 3]
Ad = np.block([[R, np.zeros((3, 3))], [np.array([[0, -p[2], p[1]], [p[2], 0, -p[0]],
                                                 [-p[1], p[0], 0]]) @ R, R]])
F_n = Ad.T @ F_J
F_book = joint_wrenches(arm, q1, qd1, qdd1, L.GRAVITY)[-1]
wrench_err = float(np.abs(F_n - F_book).max() / np.abs(F_book).max())

# %% tags=["nbval-ignore-output"]
print("상대 차이:", sci(wrench_err))

# %% tags=["remove-output"]
claims.within("l36-ex-wrench", "상대 차이는 한계 {glue:text}`l36_tau_bound` 안에 있다", wrench_err,
              L.BOUNDS["tau"])

# %% [markdown]
# % claim: l36-ex-wrench
#
# 상대 차이는 한계 {glue:text}`l36_tau_bound` 안에 있다. 순서만 바꾸고 옮기지 않으면 모멘트가
# $p\times f$만큼 어긋난다.
#
# ```{solution-end}
# ```
#
# ```{exercise} 외력의 부호
# :label: ex-36-libs-fext
#
# 말단 렌치 $F_{\mathrm{tip}}$을 부호를 바꾸지 않고 Pinocchio의 외력으로 넣으면 토크가 얼마나
# 틀리는가? 그 차이를 $J_b^{\mathsf T}F_{\mathrm{tip}}$으로 적고 계산으로 확인하라.
# ```
#
# ```{solution-start} ex-36-libs-fext
# :label: sol-36-libs-fext
# :class: dropdown
# ```
#
# 이 책의 토크는 $\tau = \mathrm{ID} + J_b^{\mathsf T}F_{\mathrm{tip}}$이다. Pinocchio의 외력은 몸에
# 가해지는 렌치이므로, 부호를 그대로 두면 $\mathrm{ID} - J_b^{\mathsf T}F_{\mathrm{tip}}$을 얻는다.
# 차이는
# $-2J_b^{\mathsf T}F_{\mathrm{tip}}$이다. `interop.pinocchio_fext`는 부호를 뒤집어 넣으므로, 부호를
# 그대로 둔 입력은 그 함수에 $-F_{\mathrm{tip}}$을 건네어 만든다.

# %%
f_tip = np.random.default_rng(1).normal(0.0, 10.0, 6)
tau_book = rnea(arm, q1, qd1, qdd1, L.GRAVITY, f_tip)
tau_wrong = pin.rnea(model, data, q1, qd1, qdd1, interop.pinocchio_fext(arm, model, -f_tip))
predicted = -2.0 * tip_wrench_torque(arm, q1, f_tip)
sign_err = float(np.abs((tau_wrong - tau_book) - predicted).max() / np.abs(predicted).max())
print("부호를 그대로 둔 토크의 어긋남 (N·m):", fixed(np.abs(tau_wrong - tau_book).max(), 1))

# %% tags=["nbval-ignore-output"]
print("예측한 차이와의 상대 차이:", sci(sign_err))

# %% tags=["remove-output"]
claims.within("l36-ex-fext", "예측한 차이와 한계 {glue:text}`l36_tau_bound` 안에서 같다", sign_err,
              L.BOUNDS["tau"])

# %% [markdown]
# % claim: l36-ex-fext
#
# 어긋남은 예측한 차이와 한계 {glue:text}`l36_tau_bound` 안에서 같다.
#
# ```{solution-end}
# ```
#
# ```{exercise} 배치가 얼마나 커야 하나
# :label: ex-36-libs-batch
#
# 부록 B의 배치 측정(`data/bench_batch.csv`)에서 `rnea_structured`의 표본당 시간이 Pinocchio의
# 반복보다
# 처음으로 짧아지는 배치 크기를 찾아라. 그 크기는 무엇에 따라 달라지는가?
# ```
#
# ```{solution-start} ex-36-libs-batch
# :label: sol-36-libs-batch
# :class: dropdown
# ```

# %%
per_sample = {}
for r in batch:
    if r["method"] in ("rnea_structured", "pin.rnea (loop)"):
        per_sample.setdefault(int(r["N"]), {})[r["method"]] = float(r["per_sample_us"])
first = min(n for n, v in per_sample.items()
            if len(v) == 2 and v["rnea_structured"] < v["pin.rnea (loop)"])
print("처음으로 짧아지는 배치 크기:", first)

# %% tags=["remove-cell"]
glue("l36_first_batch", first, display=False)

# %% [markdown]
# % no-claim: 붙인 값이 문장의 답이고, 비교의 방향은 질문이 정했다
#
# 측정한 크기 가운데에서는 {glue:text}`l36_first_batch`개이다. 이 값은 `rnea_structured`의 호출당
# 고정 비용과 Pinocchio의 한 상태 비용의 비로 정해진다. 그래서 기계와 파이썬, numpy의 버전에 따라
# 달라진다. 측정한 크기 사이의 값은 이 표로는 알 수 없다.
#
# ```{solution-end}
# ```

# %% [markdown]
# ### 3.6.9.2 열린 질문
#
# - Pinocchio의 CasADi와 CppADCodeGen 경로로 만든 코드는 `rnea_structured`보다 얼마나 빠른가? 설치된
#   배포판에 그 모듈이 없어 재지 못했다.
# - Pinocchio의 `rneaInParallel`은 이 기계의 두 코어에서 배치를 얼마나 줄이는가?
# - MJX의 배치와 기울기는 CPU에서 어떤가? MJX를 설치하지 않았다.
# - 관절이 수십 개인 사슬이나 질량비가 극단적인 사슬에서도 정확도 표가 같은 모습인가? 이 페이지는
#   6R 팔 하나만 보았다.
# - KDL, RBDL, Drake 같은 다른 라이브러리는 이 책이 설치하지 않았다. 그 기능과 속도는 확인하지
#   않았다.
#
# ### 3.6.9.3 출처
#
# 이 절의 기능 표는 설치된 패키지에 직접 물은 결과이다. 함수의 이름과 설명 문자열, 그리고 작은
# 모델을
# 부른 결과가 근거이다. Robotics Toolbox와 modern_robotics의 질량 행렬과 순동역학은 설치된 소스
# (`roboticstoolbox/robot/Dynamics.py`, `modern_robotics/core.py`)를 읽고 호출 횟수를 세어 확인했다.
# Pinocchio와 MuJoCo의 코드 생성은 두 저장소의 소스와 문서를 읽었다
# {cite:p}`pinocchio2026source,mujoco2026source`. 라이브러리 논문
# {cite:p}`carpentier2019pinocchio,todorov2012mujoco,corke2021toolbox`은 서지 정보로만 인용한다. 그
# 본문이 보고한 속도와 기능은 이 책이 읽지 않았다. 높은 정밀도의 산술은 mpmath
# {cite:p}`mpmath2023`이다.
#
# ### 3.6.9.4 다음 장
#
# 기능 표에서 회귀 행렬은 Pinocchio와 `chaindyn`에만 있었다. 토크가 관성 파라미터에 대해 선형이라는
# 사실(3.4장)을 쓰면 측정한 운동과 토크에서 파라미터를 거꾸로 구할 수 있다. 다음 장
# {doc}`ch3_7_identification`이 그 식별을 다룬다.
