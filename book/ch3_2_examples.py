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
# # 3.2.5 풀이 예제 — 닫힌 식, 벡터 재귀, 정역학, 연산량, 6R 팔
#
# 앞 절 {doc}`ch3_2_rnea`에서 세운 전방·후방 순환이 정말 맞는지, 그리고 그 결과를 무엇에 쓸 수
# 있는지를 여섯 개의 예제로 확인한다. 예제마다 질문을 하나씩 던지고, 답은 `chaindyn` 패키지와
# 이 장의 계산 모듈 `chaindyn_book.ch32`를 호출해서 얻는다. 본문에 나오는 수치는 모두 아래 코드 셀이
# 계산해 붙여 넣은 값이며, 손으로 옮겨 적은 숫자는 없다. 설계 논의는 다음 페이지
# {doc}`ch3_2_closing`에 있다.
#
# 결과는 두 종류로 나뉜다. 하나는 두 계산이 수학적으로 같아야 하는 경우로, 차이는 배정밀도
# 부동소수점의 반올림 오차뿐이다. 이런 값은 기계마다 끝자리가 달라진다. 그래서 계산된 그대로
# $\times 10$의 거듭제곱 꼴로 보이고, 미리 정한 한계를 나란히 적는다. 다른 하나는 곱셈 횟수, 질량,
# 토크 최댓값처럼 어느 기계에서나 같은 값이 나와야 하는 결과이다. 이런 값은 본문에 보인 자릿수까지
# 어느 기계에서나 같다.

# %% [markdown]
# ## 3.2.5.1 요약: 여섯 예제에서 얻은 답
#
# % claim: ex-sum-cf, ex-sum-id, ex-sum-pivot, ex-sum-st, ex-sum-ops, ex-sum-j2, ex-sum-j1-zero, ex-sum-iov, ex-sum-reac, ex-sum-lib, ex-sum-fwd, ex-sum-urdf
#
# - **예제 ① 닫힌 식과 항등식.** 수직면에서 움직이는 평면 2R 팔의 무작위 상태
#   {glue:text}`cf_samples`개에서 RNEA 토크와 손으로 유도한 닫힌 식의 차이는 최대 {glue:text}`cf_err`
#   N·m이다(한계 {glue:text}`cf_bound`). 관절 수 {glue:text}`id_n_min`–{glue:text}`id_n_max`의 무작위
#   사슬에서 공간 형태와 3차원 벡터 형태의 차이는 최대 {glue:text}`id_classic_max`, $M\ddot q + h$와
#   RNEA 한 번의 차이는 최대 {glue:text}`id_mqh_max`이다. 열 단위로 만든 $M$의 비대칭은 최대
#   {glue:text}`id_asym_max`, 운동 에너지의 상대 차이는 최대 {glue:text}`id_energy_max`이다. 네 값
#   모두 미리 정한 한계 안에 있다. 가장 작은 촐레스키 피벗도 양수이다({glue:text}`id_pivot_min:.4f`).
# - **예제 ② 정역학.** 정지한 팔에서 RNEA 토크와 $J_b^{\mathsf T}F_{\mathrm{tip}}$의 차이는 최대
#   {glue:text}`st_jtf_err` N·m이다. 무게만 걸린 정지 자세에서 첫 관절이 받치는 힘과 팔의 무게
#   {glue:text}`st_weight:.2f` N의 차이는 최대 {glue:text}`st_weight_err` N이다. 두 값 모두 미리 정한
#   한계 안에 있다.
# - **예제 ③ 곱셈 횟수.** 링크 하나의 몫은 관절 수와 상관없이 회전 관절이면 {glue:text}`ops_rev`번,
#   직동 관절이면 {glue:text}`ops_pri`번이다. 그래서 RNEA 한 번은 {glue:text}`ops_rev`$\,n$번
#   ($n=$ {glue:text}`ops_n_big`에서 {glue:text}`ops_at_big:,`번)이고, RNEA $n$번으로 열을 채운 질량 행렬은
#   {glue:text}`ops_rev`$\,n^2$번이다.
# - **예제 ④ 6R 팔의 궤적.** 관절 2의 토크는 시각 {glue:text}`j2_t_tau:.3f` s에 크기
#   {glue:text}`j2_tau_max:.2f` N·m로 가장 크다. 바로 그 순간의 중력항은 {glue:text}`j2_g_at_peak:.2f` N·m로
#   전체의 {glue:text}`j2_g_at_peak_share:.1%`이다. 중력항 자신의 최댓값 {glue:text}`j2_gravity_max:.2f`
#   N·m는 다른 시각({glue:text}`j2_t_gravity:.3f` s)에 나온다. 그러므로 두 최댓값의 비
#   {glue:text}`j2_gravity_share:.1%`는 서로 다른 순간의 값을 견준 것이다. 축이 수직인 관절 1에는
#   중력 토크가 없다. 관절 1–3에서는 가속에서 오는 몫이 속도에서 오는 몫을 앞선다. 두 항의 최댓값을
#   나누면 {glue:text}`iov_min:.2f`–{glue:text}`iov_max:.2f`배이다.
# - **예제 ⑤ 관절 반력.** 궤적 전체의 최댓값을 성분끼리 나누어 본다. 첫 관절의 축을 따라 미는 힘은
#   팔 무게의 {glue:text}`r_j1_axial_over_weight:.2f`배까지 오르고, 같은 관절을 기울이려는
#   모멘트는 모터 토크의 {glue:text}`r_j1_tip_over_drive:.2f`배에 이른다. 어깨(관절 2)에서는 축을
#   가로지르는 힘이 축 방향 힘보다 커서 그 {glue:text}`r_j2_rad_over_ax:.2f`배이다.
# - **예제 ⑥ 라이브러리 대조.** Pinocchio, MuJoCo, modern_robotics, Robotics Toolbox에 이 책과 똑같은
#   사슬과 상태를 넣어 {glue:text}`lib_rows`개 항목을 비교했다. 모든 항목이 한계 안에 든다.
#   역동역학·질량 행렬·바이어스 힘·중력항·관절 렌치의 상대 차이는 최대 {glue:text}`lib_max_rel`(한계
#   {glue:text}`lib_bound`)이다. 순동역학 왕복의 가속도 상대 차이는 다른 항목보다 커서 최대
#   {glue:text}`fwd_max_rel`이다(한계 {glue:text}`fwd_bound`). 반대로 규약 변환을 하나만 틀려도 토크나 반력 모멘트가
#   최대 {glue:text}`mis_conv_max:.2f` N·m까지 어긋난다. 이와 별개로, 도구상자의 로봇 모델에 남은 모터
#   관성과 마찰은 규약이 아니라 모델의 차이인데 {glue:text}`mis_drive:.2f` N·m의 차이를 낸다. UR5,
#   Panda, Talos 왼팔의 URDF를 Pinocchio의 파서와 함께 읽은 결과의 상대 차이는 최대
#   {glue:text}`urdf_max_rel`이다(한계 {glue:text}`urdf_bound`).

# %% [markdown]
# 페이지의 코드 셀 가운데 값을 모아 본문에 붙이거나 표를 그리기만 하는 셀은 접어 두었다(펼치면 코드가
# 보인다). 첫 접힌 셀이 모듈을 불러온다. `chaindyn_book.ch32`는 이 장의 예제를 계산하는 함수들을 모은
# 모듈이고, `figsrc/_style.py`는 그림의 한글 글꼴을 맞춘다. `md_table`은 계산 결과를 번호가 붙는 표로
# 보여 주기 위한 출력 도우미일 뿐, 계산은 하지 않는다. `sci`는 반올림 수준의 값을 본문에
# $\times 10$의 거듭제곱 꼴 문자열로 붙이기 위한 도우미이다.

# %% tags=["hide-input"]
import csv
import inspect
import sys
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
from matplotlib.ticker import FuncFormatter
from myst_nb import glue

import chaindyn
from chaindyn import models, opcount, spatial
from chaindyn_book import ch32, claims

sys.path.insert(0, str(Path("..").resolve() / "figsrc"))
import _style  # noqa: E402  (figsrc/_style.py: Korean font and figure style)
from _numbers import fixed, fixed_sig, sci  # noqa: E402  (figsrc/_numbers.py: 검사된 반올림, 3.6×10⁻¹⁵ 꼴)
from _tables import md_table  # noqa: E402  (figsrc/_tables.py: 표)

_style.apply()


def sig4(x):
    """Four significant digits, trailing zeros kept (deterministic table entries)."""
    return f"{x:#.4g}"


# %% [markdown]
# ## 3.2.5.2 예제에 쓰는 6R 팔
#
# 예제 ②, ④, ⑤는 모두 같은 6관절 팔에서 계산한다. 치수와 질량은 소형 산업용 팔과 비슷한 크기가
# 되도록 이 책이 골랐다. 곧 이 팔은 **설명을 위해 지어낸 가상의 팔**이고, 실제 제품에서 옮겨 온
# 수치는 하나도 없다. 입력은 패키지에 든 `src/chaindyn/data/arm6r.csv` 한 파일이고, `chaindyn.models.arm6r()`가
# 이 파일을 읽어 사슬을 만든다. 아래 두 표는 빌드할 때 같은 파일을 `models.arm6r_table()`로 읽어 그대로 보여 준
# 것이다.
#
# 기구학은 수정 DH(Craig의 규약) {cite:p}`craig2018introduction`로 적었다. 행 $i$는
# $T_{i-1,i} = \mathrm{Rot}_x(\alpha_{i-1})\,\mathrm{Trans}_x(a_{i-1})\,\mathrm{Rot}_z(\theta_i + q_i)\,\mathrm{Trans}_z(d_i)$를
# 뜻한다. 이 규약에서 관절 $i$의 축은 $\{i\}$의 $z$축이고 $\{i\}$의 원점은 그 축 위에 있으므로,
# 관절 $i$의 스크루 축은 $\{i\}$에서 $A_i = (0,0,1,0,0,0)$이다. 질량 중심 $c_i$와 질량 중심에 대한
# 관성 텐서 $I_{c,i}$도 $\{i\}$의 축으로 적었다. `Chain.from_mdh`가 이 값들에서 홈 자세
# $M_{i,i-1}$과 공간 관성 $\mathcal{G}_i$를 만든다.

# %% tags=["hide-input"]
arm_rows = models.arm6r_table()
arm = models.arm6r()
assert abs(sum(r["mass"] for r in arm_rows) - arm.mass) < 1e-12

glue("arm_n", arm.n, display=False)
glue("arm_mass", fixed(arm.mass, 4), display=False)
glue("arm_d1", arm_rows[0]["d"], display=False)          # 어깨 높이
glue("arm_a1", arm_rows[1]["a"], display=False)          # 어깨 옆 오프셋
glue("arm_upper", arm_rows[2]["a"], display=False)       # 상완 길이
glue("arm_a3", arm_rows[3]["a"], display=False)          # 팔꿈치 오프셋
glue("arm_forearm", arm_rows[3]["d"], display=False)     # 전완 길이
glue("arm_flange", arm_rows[5]["d"], display=False)      # 손목 중심에서 플랜지까지
glue("arm_m1", arm_rows[0]["mass"], display=False)
glue("arm_m6", arm_rows[5]["mass"], display=False)
print(arm, f"총질량 {arm.mass:.4f} kg")

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
md_table(
    ["관절 $i$", "종류", r"$\alpha_{i-1}$ [°]", "$a_{i-1}$ [m]", "$d_i$ [m]",
     r"$\theta_i$ 오프셋 [°]"],
    [[int(r["joint"]), "회전" if r["type"] == "R" else "직동", f"{r['alpha_deg']:g}",
      f"{r['a']:g}", f"{r['d']:g}", f"{r['theta_deg']:g}"] for r in arm_rows],
    "예제 6R 팔의 수정 DH 행 (입력 파일 chaindyn/data/arm6r.csv)", "tab-ex-arm6r-mdh", "ccrrrr",
)

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
md_table(
    ["링크 $i$", "$m_i$ [kg]", "$c_i$ [m]", "$I_{xx}$", "$I_{yy}$", "$I_{zz}$", "$I_{xy}$",
     "$I_{xz}$", "$I_{yz}$"],
    [[int(r["joint"]), f"{r['mass']:g}", f"({r['cx']:g}, {r['cy']:g}, {r['cz']:g})",
      *(f"{r[k]:g}" for k in ("Ixx", "Iyy", "Izz", "Ixy", "Ixz", "Iyz"))] for r in arm_rows],
    "예제 6R 팔의 관성 파라미터. 질량 중심 $c_i$와 관성 텐서(질량 중심에 대한 값, 단위 kg·m²)는 "
    "링크 좌표계 $\\{i\\}$의 축으로 적었다.",
    "tab-ex-arm6r-inertia", "crcrrrrrr",
)

# %% [markdown]
# ```{figure} figures/ch32_arm6r_frames.png
# :name: fig-ex-arm6r-frames
# :width: 100%
#
# 위 두 표의 팔을 `chaindyn.kinematics.forward_kinematics`로 그린 것(`figsrc/fig_32_arm6r_frames.py`).
# 왼쪽은 홈 자세 $q = 0$, 오른쪽은 예제 궤적({numref}`tab-ex-arm6r-motion`)의 끝 자세이다. 짧은 세
# 선분이 링크 좌표계 $\{i\}$의 $x_i$(빨강), $y_i$(초록), $z_i$(파랑) 축이고, 점선이 관절 $i$의 축이다.
# 수정 DH 규약이므로 점선은 $z_i$와 겹친다. 회색 굵은 선은 좌표계 원점과 팔꿈치 오프셋의 끝을 이은
# 것이다.
# ```
#
# {numref}`fig-ex-arm6r-frames`는 표의 숫자를 모양으로 옮긴 것이다. 그림의 점과 축은 모두 사슬의 홈
# 자세 $M_{i,i-1}$와 스크루 축 $A_i$에서 계산했고 손으로 놓은 것은 없다. $\{4\}$와 $\{5\}$의 원점은
# 손목 중심 한 점에 겹친다.
#
# 링크는 {glue:text}`arm_n`개이고 총질량은 {glue:text}`arm_mass:g` kg이다. 기저에 가까운 링크가 무겁고
# ({glue:text}`arm_m1:g` kg) 손목 쪽으로 갈수록 가벼워진다(마지막 링크 {glue:text}`arm_m6:g` kg).
# 모양을 말로 적으면 다음과 같다({numref}`tab-ex-arm6r-mdh`).
#
# - 관절 1의 축은 수직(기저 $\{0\}$의 $z$축, 중력과 나란함)이고, 어깨는 바닥에서
#   {glue:text}`arm_d1:g` m 높이에 있다.
# - 관절 2(어깨)는 관절 1 축에서 {glue:text}`arm_a1:g` m 떨어진 수평축이다. 관절 3(팔꿈치)은
#   관절 2와 나란하다.
# - 상완(관절 2에서 관절 3까지)의 길이는 {glue:text}`arm_upper:g` m, 전완(관절 3 축에서 손목
#   중심까지)의 길이는 {glue:text}`arm_forearm:g` m이고, 팔꿈치에 {glue:text}`arm_a3:g` m의 작은
#   오프셋이 있다.
# - 관절 4·5·6의 축은 한 점(손목 중심)에서 만나고, 플랜지(좌표계 $\{6\}$의 원점)는 손목 중심에서
#   {glue:text}`arm_flange:g` m 앞에 있다.
# - $q = 0$에서 상완은 위를 향하고 전완은 앞($x_0$ 방향)을 향한다.
#
# 예제 운동은 모든 관절이 정지 상태에서 출발해 정지 상태로 끝나는 5차 다항식 궤적이다. 시작 자세
# $q^{\mathrm{s}}$에서 끝 자세 $q^{\mathrm{e}}$까지 걸리는 시간을 $t_{\mathrm f}$라 하면
#
# $$
# q(t) = q^{\mathrm{s}} + \left(q^{\mathrm{e}} - q^{\mathrm{s}}\right)\left(10 \sigma^3 - 15 \sigma^4
#   + 6 \sigma^5\right), \qquad \sigma = t/t_{\mathrm f}
# $$ (eq-ex-quintic)
#
# 이다. 이 다항식은 양 끝에서 속도와 가속도가 모두 0이고, 관절 $j$의 최대 속도는
# $\tfrac{15}{8}\,|\Delta q_j|/t_{\mathrm f}$, 최대 가속도는
# $\tfrac{10}{\sqrt 3}\,|\Delta q_j|/t_{\mathrm f}^2$이다($\Delta q_j = q^{\mathrm{e}}_j - q^{\mathrm{s}}_j$).
# `models.arm6r_trajectory()`가 이 궤적을 등간격 시각에서 계산한다.

# %% tags=["hide-input"]
traj = ch32.trajectory_terms()
tf = ch32.trajectory_findings()
t = traj["t"]
q_start, q_goal = models.ARM6R_START, models.ARM6R_GOAL
dq = q_goal - q_start
qd_peak = np.abs(traj["qd"]).max(axis=0)
qdd_peak = np.abs(traj["qdd"]).max(axis=0)
big = np.flatnonzero(np.isclose(np.abs(dq), np.abs(dq).max())) + 1
fastest = np.flatnonzero(np.isclose(qd_peak, qd_peak.max())) + 1    # 최대 속도를 내는 관절
hardest = np.flatnonzero(np.isclose(qdd_peak, qdd_peak.max())) + 1  # 최대 가속도를 내는 관절
claims.claim("ex-traj-big", "이 관절들이 운동 전체의 최대 속도",
             set(fastest) == set(big) == set(hardest), big=big, fastest=fastest, hardest=hardest)

glue("traj_T", fixed(tf["duration"], 4), display=False)
glue("traj_samples", len(t), display=False)
glue("traj_dt_ms", fixed(float(1000 * (t[1] - t[0])), 4), display=False)
glue("traj_peak_qdd", fixed(tf["peak_qdd"], 2), display=False)  # 본문은 두 자리까지 보인다
glue("traj_peak_qd", fixed(tf["peak_qd"], 2), display=False)
glue("traj_big_dq", fixed(float(np.abs(dq).max()), 4), display=False)
glue("traj_big_joints", " · ".join(str(j) for j in big), display=False)
print(f"T = {tf['duration']} s, 표본 {len(t)}개, 최대 속도 {fixed(tf['peak_qd'], 5)} rad/s, "
      f"최대 가속도 {fixed(tf['peak_qdd'], 5)} rad/s^2, 가장 큰 변위 관절 {big.tolist()}")

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
md_table(
    ["관절 $j$", r"$q^{\mathrm{s}}_j$ [rad]", r"$q^{\mathrm{e}}_j$ [rad]", r"$\Delta q_j$ [rad]",
     r"최대 $\lvert\dot q_j\rvert$ [rad/s]", r"최대 $\lvert\ddot q_j\rvert$ [rad/s²]"],
    [[j + 1, f"{q_start[j]:.2f}", f"{q_goal[j]:.2f}", f"{dq[j]:.2f}", f"{qd_peak[j]:.3f}",
      f"{qdd_peak[j]:.3f}"] for j in range(6)],
    "예제 운동의 관절별 시작·끝 자세와 최대 속도·가속도", "tab-ex-arm6r-motion",
)

# %% [markdown]
# 운동 시간은 $t_{\mathrm f} =$ {glue:text}`traj_T:g` s이고 {glue:text}`traj_samples`개의 시각(간격
# {glue:text}`traj_dt_ms:g` ms)에서 계산한다.
#
# % claim: ex-traj-big
#
# 변위가 가장 큰 것은 {glue:text}`traj_big_joints`번 관절로
# 각각 {glue:text}`traj_big_dq:g` rad을 움직이며, 이 관절들이 운동 전체의 최대 속도
# {glue:text}`traj_peak_qd:.2f` rad/s와 최대 가속도 {glue:text}`traj_peak_qdd:.2f` rad/s²를 낸다
# ({numref}`tab-ex-arm6r-motion`). 아래 그림({numref}`fig-ex-arm6r-pose`)은 $q=0$, 시작 자세,
# 끝 자세를 `chaindyn.forward_kinematics`로 계산한 링크 좌표계의 원점을 이어 그린 것이다.

# %% tags=["hide-input"]
def skeleton(q):
    """Base, the link-frame origins and the elbow corner of the 6R arm at pose q, in {0} (m)."""
    T = chaindyn.forward_kinematics(arm, q)                   # T_{0,i}, i = 1..6
    elbow = T[2] @ np.array([arm_rows[3]["a"], 0.0, 0.0, 1.0])  # 팔꿈치 오프셋의 끝
    pts = [np.zeros(3), T[0, :3, 3], T[1, :3, 3], T[2, :3, 3], elbow[:3], T[3, :3, 3],
           T[5, :3, 3]]
    return np.array(pts)


poses = [(np.zeros(6), "$q = 0$", "0.55", "--"),
         (q_start, "시작 자세 ($t = 0$)", "C0", "-"),
         (q_goal, "끝 자세 ($t = T$)", "C3", "-")]
fig = plt.figure(figsize=(9.6, 4.6))
ax = fig.add_subplot(1, 2, 1, projection="3d")
top = fig.add_subplot(1, 2, 2)
ax.set_proj_type("ortho")
for q_pose, label, color, ls in poses:
    P = skeleton(q_pose)
    ax.plot(P[:, 0], P[:, 1], P[:, 2], ls, color=color, lw=2.5, marker="o", ms=4, label=label)
    top.plot(P[:, 0], P[:, 1], ls, color=color, lw=2.5, marker="o", ms=4, label=label)
ax.plot([0, 0], [0, 0], [0, 0.8], ":", color="0.3", lw=1.0, label="관절 1의 축 (수직)")
for a_ in (ax, top):
    a_.plot(0, 0, "ks", ms=7, label="기저 {0}의 원점")
ax.set_xlim(-0.2, 0.6)
ax.set_ylim(-0.4, 0.6)
ax.set_zlim(0.0, 0.8)
ax.set_xticks([-0.2, 0.0, 0.2, 0.4, 0.6])
ax.set_yticks([-0.2, 0.2, 0.6])  # 모서리에서 x 눈금과 겹치지 않게 줄였다
ax.set_box_aspect((0.8, 1.0, 0.8))
ax.set_xlabel("$x_0$ [m]")
ax.set_ylabel("$y_0$ [m]")
ax.set_zlabel("$z_0$ [m]")
ax.view_init(elev=24, azim=-52)
ax.set_title("입체 보기", fontsize=11)
top.set_aspect("equal")
top.set_xlim(-0.2, 0.7)
top.set_ylim(-0.4, 0.6)
top.set_xlabel("$x_0$ [m]")
top.set_ylabel("$y_0$ [m]")
top.set_title("위에서 본 모습 ($z_0$축 방향)", fontsize=11)
top.legend(fontsize=9, loc="upper left")
fig.suptitle("예제 6R 팔의 자세")
fig.tight_layout()
glue("fig_arm_pose", fig, display=False)
plt.close(fig)

# %% [markdown]
# ```{glue:figure} fig_arm_pose
# :name: fig-ex-arm6r-pose
# :figwidth: 95%
#
# 예제 6R 팔을 링크 좌표계 원점을 잇는 선으로 그린 것(왼쪽: 입체, 오른쪽: 위에서 본 모습). 회색
# 파선은 $q = 0$, 파란 선은 시작 자세, 빨간 선은 끝 자세이다. 원점이 겹치는 관절 4와 5는 점 하나로
# 보이며, 마지막 점은 플랜지이다. 위에서 보면 관절 1이 팔 전체를 수직축에 대해 돌린 것이 보인다.
# ```

# %% [markdown]
# ## 3.2.5.3 예제 ① 평면 2R 닫힌 식과 무작위 사슬의 항등식
#
# ### 3.2.5.3.1 닫힌 식과의 비교
#
# 첫 질문은 가장 기본적인 것이다. 이 장의 부호와 좌표 규약(트위스트 성분 순서 $(\omega, v)$,
# 중력을 기저 가속도 $\dot V_0 = (0, -\mathfrak{g})$로 넣는 방식, $\mathrm{ad}$ 항의 부호)이 맞다면,
# 손으로 유도한 운동방정식과 같은 토크가 나와야 한다. 비교 대상은 수직면에서 움직이는 평면 2R 팔의
# 닫힌 식, 곧 Modern Robotics 식 (8.9) {cite:p}`lynch2017modern`이다. 그 식은 각 링크의 질량이
# 링크 끝의 점에 모여 있다고 본다. 여기서는 링크 $i$의 질량 중심이 관절에서 $r_i$ 떨어져 있고
# 질량 중심에 대한 관성 모멘트 $I_i$(평면에 수직인 축)가 있는 경우로 넓힌 식을 쓴다.
# 그러면
#
# $$
# \begin{aligned}
# M_{11} &= I_1 + I_2 + m_1 r_1^2 + m_2\left(L_1^2 + r_2^2 + 2 L_1 r_2 \cos q_2\right), \qquad
# M_{12} = I_2 + m_2\left(r_2^2 + L_1 r_2 \cos q_2\right), \qquad M_{22} = I_2 + m_2 r_2^2, \\
# \tau_1 &= M_{11}\ddot q_1 + M_{12}\ddot q_2
#   - m_2 L_1 r_2 \sin q_2\left(2\dot q_1\dot q_2 + \dot q_2^2\right)
#   + \left(m_1 r_1 + m_2 L_1\right)\mathrm{g}\cos q_1 + m_2 r_2\,\mathrm{g}\cos(q_1 + q_2), \\
# \tau_2 &= M_{12}\ddot q_1 + M_{22}\ddot q_2 + m_2 L_1 r_2 \sin q_2\,\dot q_1^2
#   + m_2 r_2\,\mathrm{g}\cos(q_1 + q_2)
# \end{aligned}
# $$ (eq-ex-2r-closed)
#
# 이다. 여기서 스칼라 $\mathrm{g} = \lVert\mathfrak{g}\rVert$는 중력 가속도의 크기이고, $q_1$은 수평에서
# 잰다. $r_i = L_i$, $I_i = 0$이면 Modern Robotics 식 (8.9) 그대로이다. 이 식은 `models.planar_2r_closed_form`에
# 있고, RNEA와는 코드를 전혀 공유하지 않는다. `ch32.closed_form_check()`는 무작위 상태
# $(q, \dot q, \ddot q)$ 여러 개에서 두 값을 비교한다.

# %% tags=["hide-input"]
cf = ch32.closed_form_check()
p2r = ch32.PLANAR_2R
ex = cf["example"]
glue("cf_samples", cf["samples"], display=False)
glue("cf_m1", p2r["masses"][0], display=False)
glue("cf_m2", p2r["masses"][1], display=False)
glue("cf_L1", p2r["lengths"][0], display=False)
glue("cf_L2", p2r["lengths"][1], display=False)
glue("cf_I1", p2r["izz"][0], display=False)
glue("cf_I2", p2r["izz"][1], display=False)
glue("cf_max_torque", fixed(cf["max_torque"], 4), display=False)
for k in range(2):
    glue(f"cf_ex_q{k + 1}", fixed(float(ex["q"][k]), 4), display=False)
    glue(f"cf_ex_qd{k + 1}", fixed(float(ex["qd"][k]), 4), display=False)
    glue(f"cf_ex_qdd{k + 1}", fixed(float(ex["qdd"][k]), 4), display=False)
    glue(f"cf_ex_rnea{k + 1}", fixed(float(ex["rnea"][k]), 4), display=False)
    glue(f"cf_ex_closed{k + 1}", fixed(float(ex["closed"][k]), 4), display=False)
print("q   =", fixed(ex["q"], 4), " qd =", fixed(ex["qd"], 4), " qdd =", fixed(ex["qdd"], 4))
print("RNEA   tau =", fixed(ex["rnea"], 4), "N·m")
print("닫힌 식 tau =", fixed(ex["closed"], 4), "N·m")
print(f"{cf['samples']}개 상태의 최대 |tau| = {cf['max_torque']:.4f} N·m")

# %% tags=["hide-input", "nbval-ignore-output"]
# 반올림 오차 수준의 값: 끝자리가 기계마다 다르므로 nbval이 비교하지 않는다. 한계는 미리 정한 값이다.
CF_BOUND = 1e-13  # N·m
EPS = np.finfo(float).eps
glue("cf_err", sci(cf["max_error"]), display=False)
glue("cf_bound", sci(CF_BOUND, 1), display=False)
claims.within("ex-cf", "차이는 최대 {glue:text}`cf_err` N·m이다", cf["max_error"], CF_BOUND)
claims.within("ex-sum-cf", "닫힌 식의 차이는 최대 {glue:text}`cf_err` N·m이다(한계 {glue:text}`cf_bound`)",
              cf["max_error"], CF_BOUND)
# 반올림 오차 수준: 기계 엡실론에 토크 크기를 곱한 값의 100배 안
claims.within("ex-cf-level", "토크의 크기(최대 {glue:text}`cf_max_torque:.2f` N·m)에 비하면 반올림 오차 수준이고",
              cf["max_error"], 100 * EPS * cf["max_torque"])
print(f"최대 |tau_RNEA - tau_닫힌식| = {cf['max_error']:.1e} N·m  (한계 {CF_BOUND:.0e} N·m)")

# %% [markdown]
# 팔은 $m_1 =$ {glue:text}`cf_m1:g` kg, $m_2 =$ {glue:text}`cf_m2:g` kg, $L_1 =$ {glue:text}`cf_L1:g` m,
# $L_2 =$ {glue:text}`cf_L2:g` m이고 질량 중심은 링크 끝($r_i = L_i$), $I_1 =$ {glue:text}`cf_I1:g` kg·m²,
# $I_2 =$ {glue:text}`cf_I2:g` kg·m²이다. 예를 들어 $q$ = ({glue:text}`cf_ex_q1:.4f`,
# {glue:text}`cf_ex_q2:.4f`) rad, $\dot q$ = ({glue:text}`cf_ex_qd1:.4f`, {glue:text}`cf_ex_qd2:.4f`) rad/s,
# $\ddot q$ = ({glue:text}`cf_ex_qdd1:.4f`, {glue:text}`cf_ex_qdd2:.4f`) rad/s²인 상태에서 RNEA는
# $\tau$ = ({glue:text}`cf_ex_rnea1:.4f`, {glue:text}`cf_ex_rnea2:.4f`) N·m,
# {eq}`eq-ex-2r-closed`는 $\tau$ = ({glue:text}`cf_ex_closed1:.4f`, {glue:text}`cf_ex_closed2:.4f`)
# N·m를 준다.
#
# % claim: ex-cf, ex-cf-level
#
# {glue:text}`cf_samples`개 상태 전체에서 차이는 최대 {glue:text}`cf_err` N·m이다. 토크의 크기(최대
# {glue:text}`cf_max_torque:.2f` N·m)에 비하면 반올림 오차 수준이고, 미리 정한 한계
# {glue:text}`cf_bound` N·m 안에 있다.
#
# ```{figure} figures/ch32_planar_2r.png
# :name: fig-ex-planar-2r
# :width: 90%
#
# 이 예제의 평면 2R 팔을 위 예시 상태(무작위 상태 가운데 첫째)에서 그린 것
# (`figsrc/fig_32_planar_2r.py`). 좌표계 $\{1\}$과 $\{2\}$는 각 관절 축 위에 있고 링크와 함께 돈다.
# 보라색은 `chaindyn.inverse_dynamics.link_twists`가 준 트위스트로, $V_i$의 각속도 $\omega_i$(관절 둘레의 화살표)와
# $V_2$의 선속도 $v_2$($\{2\}$ 원점의 속도, $\{0\}$의 축으로 돌려 그림)이다. 중력은 $\{0\}$의 $-y_0$
# 방향이다. 주황색 $f_{\mathrm{tip}}$은 말단 렌치 인자가 어디로 들어가는지 보이려고 넣은 예시 값이다. 이
# 사슬의 말단 좌표계 $\{n\}$은 $\{2\}$이므로 `f_tip`은 $\{2\}$의 원점에 대한 (모멘트, 힘)을 $\{2\}$의
# 축으로 적는다. 위의 닫힌 식 비교는 $F_{\mathrm{tip}} = 0$으로 계산했다.
# ```
#
# 그림({numref}`fig-ex-planar-2r`)에서 보듯 이 모델의 $\{2\}$는 링크 2의 끝이 아니라 관절 2에 있다.
# 링크 끝의 점에서 환경을 미는 힘 $f$를 넣으려면 그 힘이 $\{2\}$의 원점에 만드는 모멘트
# $p \times f$($p = (L_2, 0, 0)$은 $\{2\}$에서 본 링크 끝)를 모멘트 성분에 함께 적어야 한다.
#
# 이 일치가 보여 주는 것은 규약의 정합성이다. 성분 순서를 $(v, \omega)$로 착각하는 실수, 중력의
# 부호를 반대로 넣는 실수, $-\mathrm{ad}_{V_i}^{\mathsf T}(\mathcal{G}_i V_i)$ 항의 부호를 틀리는 실수를 생각해
# 보자. 이 가운데 하나라도 있으면 차이는 토크와 같은 크기로 나타난다. 다만 평면 운동에서는 각속도가 늘 한 축 방향이어서 3차원 자이로스코프 항
# $\omega \times I\omega$가 사라지고 직동 관절도 없다. 그래서 다음 검사가 필요하다.
#
# ### 3.2.5.3.2 무작위 사슬에서의 항등식
#
# `ch32.identity_table()`은 관절 수 $n$마다 무작위 사슬 하나를 만들고(`models.random_chain`: 자세,
# 관절 축, 질량, 관성이 모두 무작위이고, 관절마다 직동일 확률이 {glue:text}`id_p_prismatic:.0%`),
# 무작위 상태 {glue:text}`id_states`개에서 다섯 가지 항등식을 검사한다. 중력은 $\{0\}$의 $-z$
# 방향이다.
#
# 1. **공간 형태 대 3차원 벡터 형태.** 같은 입력을 {doc}`ch3_2_rnea`의 공간 형태 `chaindyn.rnea`와
#    고전적 3차원 벡터 재귀 `chaindyn.rnea_classic` {cite:p}`luh1980online`에 넣어 토크를 비교한다.
#    두 구현은 중간 변수가 다르다(좌표계 원점에 대한 6차원 트위스트·렌치 대 질량 중심의 3차원
#    가속도와 뉴턴·오일러 식). 일치하면 $\mathrm{Ad}$, $\mathrm{ad}$, 공간 관성으로 적은 식이 질량 중심
#    기준의 고전 식과 같은 물리를 표현한다는 뜻이다.
# 2. **$M\ddot q + h$ 대 RNEA.** 질량 행렬 $M(q)$를 RNEA $n$번($\dot q = 0$, 중력 없음,
#    $\ddot q = e_j$)으로, 바이어스 힘 $h(q,\dot q)$를 RNEA 한 번($\ddot q = 0$)으로 만든 뒤
#    $M\ddot q + h$를 RNEA 한 번의 $\tau$와 비교한다. 같은 함수로 만든 값이므로 독립 검사는 아니다.
#    그래도 $q$와 $\dot q$를 고정하면 $\tau$가 $\ddot q$의 일차식에 상수를 더한 꼴,
#    곧 $\tau = M(q)\ddot q + h(q,\dot q)$여야 한다는 요구를 시험할 수 있다. 구현이 $\ddot q$를 속도
#    항과 섞어 쓰는 실수가 있으면 여기서 드러난다.
# 3. **$M$의 대칭.** 열 단위로 만든 $M$은 만드는 방법상 대칭일 이유가 없다. 대칭은
#    $M = \sum_i J_b^{(i)\mathsf T}\mathcal{G}_i J_b^{(i)}$($J_b^{(i)}$는 사슬을 링크 $i$에서 끊고 만든
#    물체 야코비안, 2.8.6절)라는 물리적 구조에서 나오는 성질이다. 따라서 대칭이면
#    후방 순환이 힘을 올바른 좌표계로 옮긴다는 증거가 된다.
# 4. **촐레스키 피벗.** $M = LL^{\mathsf T}$의 대각 원소가 모두 양수이면 $M$이 양의 정부호, 곧 0이 아닌
#    모든 $\dot q$에서 운동 에너지가 양수이다. 피벗의 크기는 사슬의 질량과 치수에 따라 정해지므로
#    반올림 오차가 아닌 결정적인 값이다.
# 5. **운동 에너지.** $\tfrac12\dot q^{\mathsf T}M\dot q$를 링크 트위스트에서 직접 구한
#    $\sum_i \tfrac12 V_i^{\mathsf T}\mathcal{G}_i V_i$(`chaindyn.kinetic_energy`, 전방 순환의 속도 부분만
#    사용)와 비교한다. 상대 차이로 적는다. 일치하면 RNEA로 만든 $M$이 링크 관성과 속도 전파에서
#    나오는 에너지를 정확히 표현한다는 뜻이다 {cite:p}`lynch2017modern`.
#
# 아래 첫 셀은 결정적인 열(관절 구성, 최소 피벗, 최대 토크)을 출력하고 반올림 수준의 열을 한계와
# 비교한다. 둘째 셀이 반올림 수준의 열을 계산된 그대로 표로 보여 준다.

# %% tags=["hide-input"]
ids = ch32.identity_table()
ID_BOUNDS = ch32.IDENTITY_BOUNDS  # 반올림 오차의 한계: 토크 크기(수백 N·m)에 배정밀도 오차 수백 배의 여유
for row in ids:
    print(f"n = {row['n']}  관절 {row['joints']:<8} 최소 피벗 {row['min_cholesky_pivot']:.4f}  "
          f"최대 |tau| {row['max_torque']:.4f}")
rows_within = all(row[key] <= bound for row in ids for key, bound in ID_BOUNDS.items())
claims.claim("ex-id-rows", "모든 행에서 네 값이 한계 안에 있다", rows_within,
             worst={key: max(r[key] for r in ids) for key in ID_BOUNDS}, bounds=ID_BOUNDS)
claims.claim("ex-sum-id", "네 값 모두 미리 정한 한계 안에 있다", rows_within,
             worst={key: max(r[key] for r in ids) for key in ID_BOUNDS}, bounds=ID_BOUNDS)
pivots = [r["min_cholesky_pivot"] for r in ids]
claims.claim("ex-id-pivot", "가장 작은 촐레스키 피벗도 양수이다", min(pivots) > 0, pivots=pivots)
claims.claim("ex-sum-pivot", "가장 작은 촐레스키 피벗도 양수이다", min(pivots) > 0, pivots=pivots)
mixed = [r["joints"] for r in ids if "P" in r["joints"] and "R" in r["joints"]]
claims.claim("ex-id-mixed", "직동 관절이 섞인 사슬({glue:text}`id_mixed`)에서도", len(mixed) > 0,
             joints=[r["joints"] for r in ids])
print("회전과 직동 관절이 섞인 사슬:", ", ".join(mixed))
glue("id_mixed", ", ".join(mixed), display=False)

glue("id_n_min", ids[0]["n"], display=False)
glue("id_n_max", ids[-1]["n"], display=False)
glue("id_states", ch32.STATES_PER_CHAIN, display=False)
glue("id_p_prismatic", inspect.signature(ch32.identity_table).parameters["prismatic"].default,
     display=False)
glue("id_pivot_min", fixed(min(r["min_cholesky_pivot"] for r in ids), 4), display=False)
glue("id_torque_max", fixed(max(r["max_torque"] for r in ids), 4), display=False)
for key, bound in ID_BOUNDS.items():
    glue(f"id_bound_{key}", sci(bound, 1), display=False)

# %% mystnb={"markdown_format": "myst"} tags=["hide-input", "nbval-ignore-output"]
# 반올림 오차 수준의 열은 기계마다 끝자리가 다르다: 이 셀의 출력은 nbval이 비교하지 않는다.
glue("id_classic_max", sci(max(r["spatial_vs_classic"] for r in ids)), display=False)
glue("id_mqh_max", sci(max(r["mass_matrix_vs_rnea"] for r in ids)), display=False)
glue("id_asym_max", sci(max(r["asymmetry"] for r in ids)), display=False)
glue("id_energy_max", sci(max(r["energy_error"] for r in ids)), display=False)
# 토크 차이를 (기계 엡실론 × 그 사슬의 최대 토크)로 나눈 값
eps_ratio = max(max(r["spatial_vs_classic"], r["mass_matrix_vs_rnea"])
                / (np.finfo(float).eps * r["max_torque"]) for r in ids)
EPS_FACTOR = 100  # 반올림 수준이라고 부를 배수
glue("id_eps_ratio", f"{eps_ratio:.1f}", display=False)
glue("id_eps_factor", EPS_FACTOR, display=False)
claims.claim("ex-id-level", "그 사슬의 최대 토크를 곱한 값의 {glue:text}`id_eps_factor`배보다 작다",
             eps_ratio < EPS_FACTOR, eps_ratio=eps_ratio)
md_table(
    ["$n$", "관절", "공간 대 벡터", r"$M\ddot q + h$ 대 RNEA", "$M$의 비대칭", "최소 촐레스키 피벗",
     "에너지 상대 차이", r"최대 $\lvert\tau\rvert$"],
    [[r["n"], r["joints"], sci(r["spatial_vs_classic"]), sci(r["mass_matrix_vs_rnea"]),
      sci(r["asymmetry"]), f"{r['min_cholesky_pivot']:.4f}", sci(r["energy_error"]),
      f"{r['max_torque']:.2f}"] for r in ids],
    "무작위 사슬의 항등식 (R은 회전, P는 직동 관절). 토크 차이의 단위는 N·m(직동 관절은 N)이다.",
    "tab-ex-identities", "ccrrrrrr",
)

# %% [markdown]
# % claim: ex-id-rows, ex-id-level, ex-id-pivot, ex-id-mixed
#
# {numref}`tab-ex-identities`의 모든 행에서 네 값이 한계 안에 있다. 공간 형태와 벡터 형태의 차이는
# 최대 {glue:text}`id_classic_max`(한계 {glue:text}`id_bound_spatial_vs_classic`)이고, $M\ddot q + h$와
# RNEA의 차이는 최대 {glue:text}`id_mqh_max`(한계 {glue:text}`id_bound_mass_matrix_vs_rnea`)이다.
# $M$의 비대칭은 최대 {glue:text}`id_asym_max`(한계 {glue:text}`id_bound_asymmetry`), 에너지의 상대
# 차이는 최대 {glue:text}`id_energy_max`(한계 {glue:text}`id_bound_energy_error`)이다. 토크는 최대
# {glue:text}`id_torque_max:.1f` N·m까지 커진다. 두 토크 차이는 어느 사슬에서나 배정밀도의 기계
# 엡실론에 그 사슬의 최대 토크를 곱한 값의 {glue:text}`id_eps_factor`배보다 작다(가장 큰 것이
# {glue:text}`id_eps_ratio`배).
# 반올림 수준이라는 뜻이다. 가장 작은 촐레스키 피벗도 양수이다({glue:text}`id_pivot_min:.4f`). 직동
# 관절이 섞인 사슬({glue:text}`id_mixed`)에서도 같은 한계 안에 있으므로, 같은 식이 두 관절 종류에 모두
# 맞게 작동한다.
#
# 이 표가 보이지 않는 것도 있다. 시험한 사슬은 {glue:text}`id_n_max`관절까지이고, 링크의 질량과
# 치수도 비슷한 범위에서 뽑았다. 그래서 관절이 훨씬 많거나 링크 질량이 몇 자릿수씩 차이 나는 사슬에서
# 반올림 오차가 어떻게 자라는지는 이 표로 알 수 없다. 그 범위는 3.2.10.5절이 관절 64개의 사슬과
# 질량비 $10^{6}$의 사슬로 따로 잰다({ref}`sec-closing-range`). 또 항등식은 어디까지나 이 책의
# 구현들끼리 맞춰 본 것이다. 외부 라이브러리와의 대조는 예제 ⑥에서 한다.

# %% [markdown]
# ## 3.2.5.4 예제 ② 정적 검사: 말단 렌치와 총중량
#
# 두 번째 질문은 속도와 가속도가 모두 0일 때, 곧 힘의 평형만 남을 때에도 RNEA가 옳은 답을 내는지이다.
# 팔이 정지해 있고($\dot q = \ddot q = 0$) 중력이 없을 때 말단이 환경에 렌치 $F_{\mathrm{tip}}$을 가하고
# 있다면, 관절 토크는 물체 야코비안의 전치로
#
# $$
# \tau = J_b(q)^{\mathsf T} F_{\mathrm{tip}}
# $$ (eq-ex-jtf)
#
# 이어야 한다 {cite:p}`lynch2017modern`. 여기서 $F_{\mathrm{tip}}$은 **말단이 환경에 가하는** 렌치로,
# 모멘트($\{n\}$의 원점에 대한 것)와 힘을 이 순서로 쌓아 $\{n\}$의 축으로 적은 것이다. 환경은
# 작용·반작용에 따라 말단에 $-F_{\mathrm{tip}}$을 가한다. 팔이 정지 상태를 유지하려면 관절이 이
# 반작용을 이겨야 하므로 토크는 $+J_b^{\mathsf T}F_{\mathrm{tip}}$이 된다. 후방 순환의 시작값을
# $F_{n+1} = F_{\mathrm{tip}}$으로 두는 것도 같은 이유이다. 라이브러리 가운데에는 외력을 반대 방향,
# 곧 환경이 몸체에 가하는 렌치로 받는 것이 있다(Pinocchio의 `fext`). 그런 인자에는
# $-F_{\mathrm{tip}}$을 넘겨야 한다(예제 ⑥).
#
# 또 하나는 중력만 있는 정지 자세에서 관절 1이 전달하는 렌치의 힘 성분이다. 팔 전체가 정지해
# 있으므로 관절 1은 팔의 무게 전부를 받쳐야 한다. 관절 1의 렌치 $F_1 = (n_1, f_1)$(모멘트 $n_1$, 힘
# $f_1$)은 $\{1\}$에서 표현되므로 기저로 돌려서 비교한다.
#
# $$
# R_{01}\, f_1 = -\,m_{\mathrm{tot}}\,\mathfrak{g}
# $$ (eq-ex-weight)
#
# `ch32.static_checks()`는 예제 6R 팔의 무작위 자세와 무작위 말단 렌치 여러 개에서 두 식을 검사한다.
# {eq}`eq-ex-jtf`의 왼쪽은 `chaindyn.tip_wrench_torque`(RNEA 한 번), 오른쪽은
# `chaindyn.body_jacobian`으로 만든 $J_b$로 계산하며, {eq}`eq-ex-weight`의 $f_1$은
# `chaindyn.joint_wrenches`, $R_{01}$은 `chaindyn.forward_kinematics`에서 얻는다.

# %% tags=["hide-input"]
st = ch32.static_checks()
glue("st_samples", st["samples"], display=False)
glue("st_mass", fixed(st["mass"], 4), display=False)
glue("st_weight", fixed(st["weight"], 4), display=False)
glue("st_g", chaindyn.STANDARD_GRAVITY, display=False)
print(f"자세 {st['samples']}개, 총질량 {st['mass']:.4f} kg, 총중량 {st['weight']:.4f} N")
print("예: F_tip =", fixed(st["example"]["f_tip"], 4), "(N·m, N)")
print("    RNEA     tau =", fixed(st["example"]["rnea"], 4), "N·m")
print("    J_b^T F_tip  =", fixed(st["example"]["jtf"], 4), "N·m")

# %% tags=["hide-input", "nbval-ignore-output"]
# 반올림 오차 수준의 값 (nbval 비교 제외). 한계는 미리 정한 값이다.
JTF_BOUND, WEIGHT_BOUND = 1e-13, 1e-12  # N·m, N
glue("st_jtf_err", sci(st["jtf_error"]), display=False)
glue("st_weight_err", sci(st["weight_error"]), display=False)
glue("st_jtf_bound", sci(JTF_BOUND, 1), display=False)
glue("st_weight_bound", sci(WEIGHT_BOUND, 1), display=False)
claims.within("ex-st-jtf", "차이는 최대 {glue:text}`st_jtf_err` N·m(한계 {glue:text}`st_jtf_bound` N·m)이다",
              st["jtf_error"], JTF_BOUND)
claims.within("ex-st-weight", "차이는 벡터 성분별 최대 {glue:text}`st_weight_err` N(한계 "
              "{glue:text}`st_weight_bound` N)이다", st["weight_error"], WEIGHT_BOUND)
claims.claim("ex-sum-st", "두 값 모두 미리 정한 한계 안에 있다",
             st["jtf_error"] <= JTF_BOUND and st["weight_error"] <= WEIGHT_BOUND,
             jtf_error=st["jtf_error"], weight_error=st["weight_error"])
print(f"max |RNEA - J_b^T F_tip| = {st['jtf_error']:.1e} N·m   (한계 {JTF_BOUND:.0e})")
print(f"max |R_01 f_1 - m g|     = {st['weight_error']:.1e} N     (한계 {WEIGHT_BOUND:.0e})")

# %% [markdown]
# % claim: ex-st-jtf, ex-st-weight
#
# {glue:text}`st_samples`개의 자세에서 RNEA로 얻은 토크와 $J_b^{\mathsf T}F_{\mathrm{tip}}$의 차이는 최대
# {glue:text}`st_jtf_err` N·m(한계 {glue:text}`st_jtf_bound` N·m)이다. 또 팔의 총질량은
# {glue:text}`st_mass:g` kg, 총중량은 {glue:text}`st_mass:g` kg × {glue:text}`st_g` m/s² =
# {glue:text}`st_weight:.2f` N이다. 관절 1이 받치는 힘과의 차이는 벡터 성분별 최대
# {glue:text}`st_weight_err` N(한계 {glue:text}`st_weight_bound` N)이다.
#
# 말단 렌치를 넣은 두 계산이 반올림 수준에서 같으므로 부호와 좌표계의 처리가 옳다. 보통은 야코비안을
# 만들어 계산하는 $J^{\mathsf T}F$를 RNEA 한 번이 야코비안 없이 대신할 수 있다는 뜻이다. 총중량의
# 비교는 관절 1의 $F_1$이 팔 전체의 무게를 떠받친다는 것을 보인다. 후방 순환이 링크에서 링크로 넘기는 렌치는 토크를 얻기 위한 보조량에 그치지
# 않고, 관절을 통해 실제로 오가는 힘과 모멘트라는 뜻이다. 예제 ⑤는 이 렌치를 움직이는 팔에서 읽는다.

# %% [markdown]
# ## 3.2.5.5 예제 ③ 곱셈 횟수
#
# 세 번째 질문은 연산량이다. `chaindyn.opcount.count`가 함수를 한 번 실제로 실행하며 곱셈을 세고,
# 이 절의 기본 규칙은 {numref}`tab-count-rules`의 `"products"`이다. `ch32.multiplication_counts()`는
# 모든 관절이 회전인 사슬과 모두 직동인 사슬에서 $n$을 바꿔 가며 RNEA 한 번과 질량 행렬 열 구성의
# 곱셈을 센다.

# %%
oc = ch32.multiplication_counts()
ns = oc["n"]
per_rev, per_pri = oc["rnea"][0] // ns[0], oc["rnea_prismatic"][0] // ns[0]
linear = (all(c == per_rev * n for n, c in zip(ns, oc["rnea"]))
          and all(c == per_pri * n for n, c in zip(ns, oc["rnea_prismatic"])))
claims.claim("ex-ops-linear", "회전 관절 링크 하나의 곱셈은 언제나 {glue:text}`ops_rev`번이다", linear,
             n=ns, revolute=oc["rnea"], prismatic=oc["rnea_prismatic"])
claims.claim("ex-sum-ops", "링크 하나의 몫은 관절 수와 상관없이", linear,
             n=ns, revolute=oc["rnea"], prismatic=oc["rnea_prismatic"])
claims.claim("ex-ops-mm", "{glue:text}`ops_rev`$\\,n^2$번이며",
             all(c == per_rev * n * n for n, c in zip(ns, oc["mass_matrix"]) if c is not None),
             n=ns, mass_matrix=oc["mass_matrix"])
n_mm = [n for n, c in zip(ns, oc["mass_matrix"]) if c is not None]

# 링크 하나의 몫을 조각별로 센다 (같은 패키지 함수를 count에 직접 넘긴다).
A_rev, A_pri = np.array([0, 0, 1.0, 0, 0, 0]), np.array([0, 0, 0, 0, 0, 1.0])
R, p = spatial.screw_exp(A_rev, 0.3)
six, vec6 = np.eye(6), np.ones(6)
parts = {
    "exp": opcount.count(spatial.screw_exp, A_rev, 0.3),
    # count는 (R, p) 튜플 안의 배열을 계측하지 못하므로 배열 네 개로 풀어 넘긴다.
    "pose": opcount.count(lambda Ra, pa, Rb, pb: spatial.pose_mul((Ra, pa), (Rb, pb)), R, p, R, p),
    "Ad": opcount.count(spatial.Ad_rp, R, p),
    "mv6": opcount.count(np.matmul, six, vec6),
    "dot6": opcount.count(np.dot, vec6, vec6),
}
exp_pri = opcount.count(spatial.screw_exp, A_pri, 0.3)
N_MV6 = 3 + 4  # 6x6 행렬-벡터 곱: 전방 Ad·V, ad(V)·A, Ad·V' / 후방 G·V', G·V, ad^T·(GV), Ad^T·F
claims.claim("ex-ops-parts", "이 조각들을 더하면 `rnea`를 센 링크당 값과 같다",
             parts["exp"] + parts["pose"] + parts["Ad"] + N_MV6 * parts["mv6"] + parts["dot6"]
             == per_rev, parts=parts, n_mv6=N_MV6, per_link=per_rev)
claims.claim("ex-ops-pri", "링크당 {glue:text}`ops_pri`번이 된다", per_rev - per_pri == parts["exp"] - exp_pri,
             revolute=per_rev, prismatic=per_pri, exp=parts["exp"], exp_prismatic=exp_pri)

glue("ops_rev", per_rev, display=False)
glue("ops_pri", per_pri, display=False)
glue("ops_n_big", ns[-1], display=False)
glue("ops_at_big", oc["rnea"][-1], display=False)
glue("ops_mm_n", n_mm[-1], display=False)
glue("ops_mm_at_n", oc["mass_matrix"][ns.index(n_mm[-1])], display=False)
# chaindyn.mass_matrix: the same n columns in one batched pass (the joint steps once per link)
mm_pass = oc["mass_matrix_pass"][ns.index(n_mm[-1])]
mm_shared, rem = divmod(oc["mass_matrix"][ns.index(n_mm[-1])] - mm_pass, n_mm[-1] * (n_mm[-1] - 1))
claims.claim("ex-ops-batch", "관절 변환(링크당 {glue:text}`ops_mm_shared`번)을 열마다가 아니라 링크마다 한 번만 만들고",
             rem == 0 and mm_shared == parts["exp"] + parts["pose"] + parts["Ad"],
             columns=oc["mass_matrix"], batch=oc["mass_matrix_pass"], shared=mm_shared)
glue("ops_mm_pass_at_n", mm_pass, display=False)
glue("ops_mm_shared", mm_shared, display=False)
glue("ops_all_rev", oc["rnea_all"][0] // ns[0], display=False)
glue("ops_all_big", oc["rnea_all"][-1], display=False)
glue("ops_classic_big", oc["classic_all"][-1], display=False)
glue("ops_classic_ratio", fixed(oc["classic_all"][-1] / oc["rnea_all"][-1], 4), display=False)
claims.claim("ex-ops-classic", "벡터 형태의 산술이 더 적다는 예상이 맞다",
             all(c < s for c, s in zip(oc["classic_all"], oc["rnea_all"])),
             classic=oc["classic_all"], spatial=oc["rnea_all"])
for k, v in parts.items():
    glue(f"ops_part_{k}", v, display=False)
glue("ops_n_mv6", N_MV6, display=False)
glue("ops_exp_pri", exp_pri, display=False)
print("n            :", ns)
print("RNEA (R)     :", oc["rnea"])
print("RNEA (P)     :", oc["rnea_prismatic"])
print("M 열 구성 (R):", oc["mass_matrix"])
print("M 한 번의 배치 (R):", oc["mass_matrix_pass"])
print("모든 곱셈, 공간 형태 :", oc["rnea_all"])
print("모든 곱셈, 벡터 형태 :", oc["classic_all"])
print("링크 하나의 조각:", parts, " 직동 관절의 exp:", exp_pri)

# %% [markdown]
# % claim: ex-ops-linear, ex-ops-parts, ex-ops-pri
#
# 회전 관절 링크 하나의 곱셈은 언제나 {glue:text}`ops_rev`번이다. 구현이 $6\times6$ 행렬의 희소성을
# 쓰지 않기 때문에 내역이 단순하다. 관절 변환의 지수 사상 $e^{-[A_i]q_i}$에 {glue:text}`ops_part_exp`번,
# 홈 자세와의 곱에 {glue:text}`ops_part_pose`번, $\mathrm{Ad}_{T_{i,i-1}}$을 만드는 데
# {glue:text}`ops_part_Ad`번이 든다. $6\times6$ 행렬과 6차원 벡터의 곱({glue:text}`ops_part_mv6`번)은 전방에서
# $\mathrm{Ad}\,V$, $\mathrm{ad}_{V_i}A_i$, $\mathrm{Ad}\,\dot V$, 후방에서 $\mathcal{G}_i\dot V_i$,
# $\mathcal{G}_iV_i$, $\mathrm{ad}_{V_i}^{\mathsf T}(\cdot)$, $\mathrm{Ad}^{\mathsf T}F_i$로 모두
# {glue:text}`ops_n_mv6`번 나온다. 마지막으로 $\tau_i = F_i^{\mathsf T}A_i$에 {glue:text}`ops_part_dot6`번이다.
# 이 조각들을 더하면 `rnea`를 센 링크당 값과 같다. 직동 관절은 지수 사상이 평행 이동뿐이어서 곱셈이
# {glue:text}`ops_exp_pri`번이므로 링크당 {glue:text}`ops_pri`번이 된다.
#
# % claim: ex-ops-mm, ex-ops-batch, ex-ops-classic
#
# 전방·후방 순환은 링크를 하나씩 방문하며 방문할 때마다 똑같은 계산을 되풀이한다. 그러니 RNEA 한
# 번의 곱셈은 링크 하나의 몫에 $n$을 곱한 {glue:text}`ops_rev`$\,n$번이다. $n =$
# {glue:text}`ops_n_big`이면 {glue:text}`ops_at_big:,`번이다. 질량 행렬을 RNEA $n$번으로 만들면
# {glue:text}`ops_rev`$\,n^2$번이며($n =$ {glue:text}`ops_mm_n`에서 {glue:text}`ops_mm_at_n:,`번), 세는 데
# 시간이 드는 더 큰 $n$은 생략했다. 패키지의 `mass_matrix`는 같은 $n$개의 열을 한 번의 배치로 함께
# 통과시킨다. 그래서 $q$에만 달린 관절 변환(링크당 {glue:text}`ops_mm_shared`번)을 열마다가 아니라
# 링크마다 한 번만 만들고, 같은 $n$에서 {glue:text}`ops_mm_pass_at_n:,`번을 쓴다. 규칙을
# `"all"`({numref}`tab-count-rules`)로 바꿔 원소별 곱셈까지 세면 공간 형태는 링크당
# {glue:text}`ops_all_rev`번이다. 같은 규칙으로 센 3차원 벡터 형태(`rnea_classic`)는 $n =$
# {glue:text}`ops_n_big`에서 {glue:text}`ops_classic_big:,`번으로, 공간 형태
# {glue:text}`ops_all_big:,`번의 {glue:text}`ops_classic_ratio:.0%`이다. 이 장의 두 구현에 대해서는
# 벡터 형태의 산술이 더 적다는 예상이 맞다. 다만 어느 쪽도 희소성을 활용하도록 최적화한 구현이
# 아니다. 그러므로 문헌에 보고된 최적화 구현의 횟수와 비교할 수 있는 값은 아니며, 그 비교는 부록
# B({ref}`sec-b-published`)에 있다.
#
# ```{figure} figures/ch32_opcount.png
# :name: fig-ex-opcount
# :width: 85%
#
# 링크 수에 따른 스칼라 곱셈 횟수(양 축 로그 눈금). RNEA 한 번(회전 관절, 직동 관절)은 $n$에
# 비례하는 회색 실선과 나란하고, 질량 행렬 열 구성은 $n^2$에 비례하는 회색 파선 위에 놓인다. 점선
# 두 개는 원소별 곱셈까지 센 공간 형태와 3차원 벡터 형태이다.
# ```
#
# {numref}`fig-ex-opcount`의 값은 **곱셈 횟수이지 실행 시간이 아니다.** 실제 시간은 메모리 접근,
# 파이썬 호출 부담, 벡터화 방식에 크게 좌우된다. 같은 구현들의 시간을 링크 수에 따라 잰 결과는 부록
# B의 {ref}`sec-b-growth`에 있다. 아래 셀은 그 표(`data/bench_growth.csv`, 한 기계에서 잰 값)에서
# $n \ge$ {glue:text}`ops_fit_nmin`인 점들로 시간 $\propto n^{k}$의 지수 $k$를 맞춘다.

# %% tags=["hide-input"]
with open(Path("..") / "data" / "bench_growth.csv", encoding="utf-8") as fh:
    growth = list(csv.DictReader(fh))
FIT_NMIN = 16  # 부록 B.5와 같은 맞춤 구간: n >= 16
slopes = {}
for col in ("rnea_us", "mass_matrix_us"):
    pts = [(float(r["n"]), float(r[col])) for r in growth if r[col] and float(r["n"]) >= FIT_NMIN]
    slopes[col] = float(np.polyfit(np.log([n for n, _ in pts]), np.log([t for _, t in pts]), 1)[0])
    slopes[col + "_points"] = len(pts)
glue("ops_fit_nmin", FIT_NMIN, display=False)
glue("ops_k_rnea", fixed(slopes["rnea_us"], 2), display=False)
glue("ops_k_mm", fixed(slopes["mass_matrix_us"], 2), display=False)
glue("ops_k_rnea_pts", slopes["rnea_us_points"], display=False)
glue("ops_k_mm_pts", slopes["mass_matrix_us_points"], display=False)
claims.claim("ex-ops-time", "RNEA의 시간은 $n$에 거의 비례해 늘고",
             0.8 <= slopes["rnea_us"] <= 1.2, k=slopes["rnea_us"])
claims.claim("ex-ops-time-mm", "질량 행렬의 시간은 $n^2$에 가깝게 는다",
             1.7 <= slopes["mass_matrix_us"] <= 2.3, k=slopes["mass_matrix_us"])
print({k: (fixed(v, 2) if isinstance(v, float) else v) for k, v in slopes.items()})

# %% [markdown]
# % claim: ex-ops-time, ex-ops-time-mm
#
# 맞춘 지수는 RNEA가 {glue:text}`ops_k_rnea`(점 {glue:text}`ops_k_rnea_pts`개), 열마다 RNEA를 부르는
# 질량 행렬이 {glue:text}`ops_k_mm`(점 {glue:text}`ops_k_mm_pts`개)이다. 곧 RNEA의 시간은 $n$에 거의
# 비례해 늘고, 질량 행렬의 시간은 $n^2$에 가깝게 는다. 시간에서도 곱셈 횟수와 같은 차수가 보이지만,
# 이것은 한 기계에서 잰 이 구현들의 값이다.

# %% [markdown]
# ## 3.2.5.6 예제 ④ 6R 팔의 궤적 토크 분해
#
# 네 번째 질문은 실제 운동에서 토크가 어디서 오는지이다. 자세 $q$를 고정하면 RNEA의 토크는 세 입력의
# 몫이 따로따로 더해진 꼴이다. 가속도와 중력 벡터는 일차로 들어가고, 속도는 속도끼리의 곱으로만
# 들어가며, 서로 섞이는 항이 없다. 그래서 입력 일부를 0으로 둔 세 번의 호출로 토크를 세 항으로
# 나눌 수 있다({doc}`ch3_2_rnea`의 RNEA로 얻는 양).
#
# $$
# \tau = \underbrace{M(q)\ddot q}_{\text{관성항}} + \underbrace{C(q,\dot q)\dot q}_{\text{속도곱항}}
#        + \underbrace{g(q)}_{\text{중력항}}
# $$ (eq-ex-split)
#
# 관성항은 `chaindyn.inertial_torque`($\dot q = 0$, 중력 없음), 속도곱항(코리올리·원심)은
# `chaindyn.coriolis_torque`($\ddot q = 0$, 중력 없음), 중력항은 `chaindyn.gravity_torque`
# ($\dot q = \ddot q = 0$)이다. `ch32.trajectory_terms()`가 예제 운동의 모든 시각에서 네 값(전체와
# 세 항)을 계산하고, `ch32.trajectory_findings()`가 관절별 최댓값과 그 시각을 뽑는다.
#
# ```{figure} figures/ch32_torque_split.png
# :name: fig-ex-torque-split
# :width: 95%
#
# 예제 6R 팔이 5차 다항식 궤적을 따라 움직일 때 관절별 토크(검은 선)와 세 항: 중력항(파랑),
# 속도곱항(주황), 관성항(초록). 관절 1의 중력항은 모든 시각에서 0이다.
# ```

# %% mystnb={"markdown_format": "myst"} tags=["hide-input"]
ZERO = 1e-9  # N·m: 이보다 작은 최댓값은 반올림 오차뿐인 0으로 보고 시각을 적지 않는다


def peak(row, key):
    """The maximum of one term, or "0" when only roundoff is left."""
    return sig4(row[f"{key}_max"]) if row[f"{key}_max"] > ZERO else "0"


def when(row, key):
    """The time of that maximum (s), or a dash when the term is zero."""
    return f"{row[f't_{key}_max']:.3f}" if row[f"{key}_max"] > ZERO else "—"


rows = [[r["joint"], peak(r, "tau"), when(r, "tau"), peak(r, "gravity"), when(r, "gravity"),
         peak(r, "velocity"), when(r, "velocity"), peak(r, "inertial"), when(r, "inertial"),
         peak(r, "nongravity")] for r in tf["table"]]
torque_table = md_table(
    ["관절", r"$\lvert\tau\rvert$", "시각", r"$\lvert g\rvert$", "시각", r"$\lvert C\dot q\rvert$", "시각",
     r"$\lvert M\ddot q\rvert$", "시각", r"$\lvert\tau - g\rvert$"],
    rows,
    "예제 궤적에서 관절별 토크와 세 항의 절댓값 최댓값(N·m)과 그 시각(s). "
    "0은 반올림 오차만 남는 항이다.",
    "tab-ex-torque-maxima", "c" + "r" * 9,
)

T1, T2, T3 = tf["table"][:3]
iov = tf["inertial_over_velocity"]
# 관절 2: 전체 토크가 가장 큰 시각의 세 항 (두 최댓값은 서로 다른 시각에 나온다)
k2 = int(np.argmax(np.abs(traj["tau"][:, 1])))
tau2_peak, g2_peak = float(traj["tau"][k2, 1]), float(traj["gravity"][k2, 1])
assert abs(abs(tau2_peak) - T2["tau_max"]) < 1e-12 and t[k2] == T2["t_tau_max"]  # 표와 같은 표본
others2 = [abs(float(traj[key][k2, 1])) for key in ("velocity", "inertial")]
claims.claim("ex-j2-gravity", "관절 2는 중력이 가장 큰 몫이다",
             T2["gravity_max"] > max(T2["velocity_max"], T2["inertial_max"])
             and abs(g2_peak) > max(others2),
             maxima=(T2["gravity_max"], T2["velocity_max"], T2["inertial_max"]),
             at_peak=(g2_peak, *others2))
claims.claim("ex-j2-sign", "그 순간 중력항은 같은 부호로", bool(np.sign(g2_peak) == np.sign(tau2_peak)),
             gravity=g2_peak, tau=tau2_peak)
claims.claim("ex-j2-end", "끝 자세(시각 {glue:text}`j2_t_gravity:.3f` s)에서",
             T2["t_gravity_max"] == float(t[-1]), t_gravity_max=T2["t_gravity_max"], t_end=float(t[-1]))
claims.claim("ex-sum-j2", "중력항 자신의 최댓값", T2["t_gravity_max"] != T2["t_tau_max"],
             t_gravity_max=T2["t_gravity_max"], t_tau_max=T2["t_tau_max"])
claims.claim("ex-j3", "무게만의 몫 {glue:text}`j3_gravity_max:.2f` N·m보다 작다",
             T3["gravity_max"] > T3["nongravity_max"], gravity=T3["gravity_max"],
             rest=T3["nongravity_max"])
claims.claim("ex-iov", "관절 1–3에서는 관성항이 속도곱항보다 크다", all(x > 1 for x in iov[:3]), ratios=iov[:3])
# 같은 경로를 s배 빨리: qd -> s qd, qdd -> s^2 qdd 이면 두 항의 최댓값의 비는 그대로이다
S_FAST = 2.0
fast_in = np.abs(chaindyn.inertial_torque(arm, traj["q"], S_FAST**2 * traj["qdd"])).max(axis=0)
fast_cv = np.abs(chaindyn.coriolis_torque(arm, traj["q"], S_FAST * traj["qd"])).max(axis=0)
claims.claim("ex-iov-scale", "관성항과 속도곱항은 함께 $s^2$배로 커지고 그 비는 그대로이다",
             bool(np.allclose(fast_in[:3] / fast_cv[:3], iov[:3], rtol=1e-9, atol=0.0)),
             ratio_fast=(fast_in / fast_cv)[:3], ratio=iov[:3])
claims.claim("ex-sum-iov", "가속에서 오는 몫이 속도에서 오는 몫을 앞선다", all(x > 1 for x in iov[:3]),
             ratios=iov[:3])
# 관절 1: 속도곱항은 속도가 가장 큰 가운데 시각 근처, 관성항은 감속 구간(뒤쪽 절반)에서 가장 크다
t_mid = 0.5 * float(t[-1])
k1 = int(np.flatnonzero(t == T1["t_inertial_max"])[0])
v1, a1 = float(traj["velocity"][k1, 0]), float(traj["inertial"][k1, 0])
claims.claim("ex-j1-times", "관성항은 감속 구간인",
             T1["t_inertial_max"] > t_mid and abs(T1["t_velocity_max"] - t_mid) < 0.1 * float(t[-1]),
             t_velocity_max=T1["t_velocity_max"], t_inertial_max=T1["t_inertial_max"], t_mid=t_mid)
claims.claim("ex-j1-sum", "실제 최대 토크 {glue:text}`j1_tau_max:.2f` N·m",
             T1["inertial_max"] > T1["tau_max"], inertial_max=T1["inertial_max"], tau_max=T1["tau_max"])
claims.claim("ex-j1-cancel", "그 시각에 속도곱항이 반대 부호로 일부를 상쇄하기 때문이다",
             bool(np.sign(v1) == -np.sign(a1)), velocity=v1, inertial=a1)
glue("j2_g_at_peak", fixed(abs(g2_peak), 4), display=False)
glue("j2_g_at_peak_share", fixed(g2_peak / tau2_peak, 4), display=False)
glue("j2_tau_max", fixed(T2["tau_max"], 4), display=False)
glue("j2_t_tau", fixed(T2["t_tau_max"], 4), display=False)
glue("j2_gravity_max", fixed(T2["gravity_max"], 4), display=False)
glue("j2_t_gravity", fixed(T2["t_gravity_max"], 4), display=False)
glue("j2_nongravity_max", fixed(T2["nongravity_max"], 4), display=False)
glue("j2_gravity_share", fixed(tf["gravity_share_j2"], 4), display=False)
glue("j1_tau_max", fixed(T1["tau_max"], 4), display=False)
glue("j1_t_tau", fixed(T1["t_tau_max"], 4), display=False)
glue("j1_velocity_max", fixed(T1["velocity_max"], 4), display=False)
glue("j1_t_velocity", fixed(T1["t_velocity_max"], 4), display=False)
glue("j1_inertial_max", fixed(T1["inertial_max"], 4), display=False)
glue("j1_t_inertial", fixed(T1["t_inertial_max"], 4), display=False)
glue("j1_peak_sum", fixed(T1["velocity_max"] + T1["inertial_max"], 4), display=False)
glue("j3_gravity_max", fixed(T3["gravity_max"], 4), display=False)
glue("j3_nongravity_max", fixed(T3["nongravity_max"], 4), display=False)
for j in range(3):
    glue(f"iov_j{j + 1}", fixed(iov[j], 4), display=False)
glue("iov_min", fixed(min(iov[:3]), 4), display=False)
glue("iov_max", fixed(max(iov[:3]), 4), display=False)
print("관성/속도곱 최댓값 비:", fixed(iov, 4))
print(f"관절 2: t = {t[k2]:.3f} s에서 tau = {tau2_peak:.4f} N·m, 중력항 = {g2_peak:.4f} N·m")
torque_table

# %% [markdown]
# 위 표({numref}`tab-ex-torque-maxima`)와 그림({numref}`fig-ex-torque-split`)에서 이 팔과 이 운동에
# 대해 다음을 읽을 수 있다.
#
# % claim: ex-j2-gravity, ex-j2-sign, ex-j2-end, ex-j3, ex-j1-zero, ex-iov, ex-iov-scale, ex-j1-times, ex-j1-sum, ex-j1-cancel
#
# - **관절 2는 중력이 가장 큰 몫이다.** 관절 2의 토크는 시각 {glue:text}`j2_t_tau:.3f` s에 크기
#   {glue:text}`j2_tau_max:.2f` N·m로 가장 크고, 그 순간 중력항은 같은 부호로
#   {glue:text}`j2_g_at_peak:.2f` N·m, 곧 전체의 {glue:text}`j2_g_at_peak_share:.1%`를 차지한다. 그
#   순간에도, 항별 최댓값으로 보아도 세 항 가운데 중력항이 가장 크다. 중력항 자신은 운동이 끝나는
#   끝 자세(시각 {glue:text}`j2_t_gravity:.3f` s)에서 {glue:text}`j2_gravity_max:.2f` N·m로 가장
#   크다. 그러니 표의 두 최댓값을 나눈 비
#   {glue:text}`j2_gravity_share:.1%`는 한 순간의 몫이 아니라 서로 다른 두 시각의 값을 견준 것이다.
#   중력을 뺀 부분의 최댓값은 {glue:text}`j2_nongravity_max:.2f` N·m이다. 팔꿈치(관절 3)도 사정이
#   비슷하다. 무게를 떼어 낸 나머지가 가장 커도 {glue:text}`j3_nongravity_max:.2f` N·m로, 무게만의 몫
#   {glue:text}`j3_gravity_max:.2f` N·m보다 작다. 어깨와 팔꿈치의 토크는 상당 부분이 중력 보상만으로
#   설명된다는 뜻이다.
# - **관절 1은 중력 토크가 없다.** 연직인 관절 1의 축에 대해 무게는 돌림힘을 만들지 못한다. 관절 1이
#   내는 토크는 모두 팔을 가속하고 감속하는 데 쓰인다. 계산된 중력항의 최댓값
#   {glue:text}`j1_gravity_max` N·m는 반올림 오차일 뿐이다(한계 {glue:text}`j1_gravity_bound` N·m).
# - **관절 1–3에서는 관성항이 속도곱항보다 크다.** 최댓값의 비(관성/속도곱)는 관절 1, 2, 3에서
#   {glue:text}`iov_j1:.2f`, {glue:text}`iov_j2:.2f`, {glue:text}`iov_j3:.2f`배이다. 최대 가속도
#   {glue:text}`traj_peak_qdd:.1f` rad/s², 최대 속도 {glue:text}`traj_peak_qd:.2f` rad/s인 이 운동에서
#   속도곱항을 무시하면 안 될 만큼은 크지만 관성항이 우세하다. 같은 경로를 시간만 줄여 $s$배 빨리
#   지나면 가속도와 속도의 제곱이 모두 $s^2$배가 된다. 따라서 관성항과 속도곱항은 함께 $s^2$배로 커지고 그
#   비는 그대로이다. 달라지는 것은 두 항에 대한 중력항의 몫이다.
# - **항마다 최댓값의 시각이 다르다.** 관절 1에서 속도곱항은 최대 속도 근처인
#   {glue:text}`j1_t_velocity:.3f` s에 {glue:text}`j1_velocity_max:.2f` N·m, 관성항은 감속 구간인
#   {glue:text}`j1_t_inertial:.3f` s에 {glue:text}`j1_inertial_max:.2f` N·m로 가장 크다. 두 최댓값의
#   합 {glue:text}`j1_peak_sum:.2f` N·m는 실제 최대 토크 {glue:text}`j1_tau_max:.2f` N·m(시각
#   {glue:text}`j1_t_tau:.3f` s)보다 크고, 관성항의 최댓값 하나가 이미 전체 최댓값보다 크다.
#   그 시각에 속도곱항이 반대 부호로 일부를 상쇄하기 때문이다. 항별 최댓값을 더해 구동기를 고르면
#   과하게 잡게 되며, 같은 시각의 값을 더해야 한다.
#
# 분해가 근사가 아니라는 것도 보인다. 아래 셀은 모든 시각, 모든 관절에서 세 항의 합과 RNEA 한
# 번의 $\tau$의 차이를 구한다.

# %% tags=["hide-input", "nbval-ignore-output"]
# 반올림 오차 수준의 값 (nbval 비교 제외). 한계는 미리 정한 값이다.
SPLIT_BOUND, GRAVITY_ZERO_BOUND = 1e-12, 1e-12  # N·m
err_t = traj["split_error_per_sample"]
glue("split_err", sci(traj["split_error"]), display=False)
glue("split_bound", sci(SPLIT_BOUND, 1), display=False)
glue("split_zero_samples", int(np.count_nonzero(err_t == 0)), display=False)
glue("j1_gravity_max", sci(T1["gravity_max"]), display=False)
glue("j1_gravity_bound", sci(GRAVITY_ZERO_BOUND, 1), display=False)
claims.within("ex-split", "차이는 궤적 전체에서 최대 {glue:text}`split_err` N·m이고, 한계 "
              "{glue:text}`split_bound` N·m 안에 있다", traj["split_error"], SPLIT_BOUND)
claims.within("ex-j1-zero", "반올림 오차일 뿐이다(한계 {glue:text}`j1_gravity_bound` N·m)",
              T1["gravity_max"], GRAVITY_ZERO_BOUND)
claims.within("ex-sum-j1-zero", "축이 수직인 관절 1에는 중력 토크가 없다", T1["gravity_max"],
              GRAVITY_ZERO_BOUND)
print(f"max |g + Cqd + Mqdd - tau| = {traj['split_error']:.1e} N·m  (한계 {SPLIT_BOUND:.0e})")
print(f"차이가 정확히 0인 시각: {np.count_nonzero(err_t == 0)}개 / {err_t.size}개")
print(f"관절 1의 중력항 최댓값 = {T1['gravity_max']:.1e} N·m")

fig, ax = plt.subplots(figsize=(8.4, 4.4))
nz = err_t > 0
ax.semilogy(t[nz], err_t[nz], ".", ms=6, color="C0", label="시각별 최대 차이 (0이 아닌 값)")
ax.axhline(SPLIT_BOUND, color="C3", ls="--", lw=1.5, label="정한 한계")
ax.axhline(np.finfo(float).eps * np.abs(traj["tau"]).max(), color="0.4", ls=":", lw=1.5,
           label=r"$\epsilon_{\mathrm{mach}}\cdot\max|\tau|$")
ax.set_xlabel("시간 t [s]", fontsize=11)
ax.set_ylabel(r"$\max_j |g + C\dot q + M\ddot q - \tau|$ [N·m]", fontsize=11)
ax.set_ylim(1e-17, 1e-11)
ax.tick_params(labelsize=10)
# 눈금을 일반 글자 "1e-14"로 적는다 (수식 글꼴의 빼기 기호가 한글 글꼴에 없어 경고가 난다).
ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:.0e}"))
# 범례는 그림 영역 아래에 두어 점을 가리지 않게 한다.
ax.legend(fontsize=10, loc="upper center", bbox_to_anchor=(0.5, -0.18), ncol=3, frameon=False)
fig.tight_layout()
glue("fig_split_error", fig, display=False)
plt.close(fig)

# %% [markdown]
# % claim: ex-split
#
# 세 항의 합과 $\tau$의 차이는 궤적 전체에서 최대 {glue:text}`split_err` N·m이고, 한계
# {glue:text}`split_bound` N·m 안에 있다({numref}`fig-ex-split-error`). 책을 만든 기계에서는
# {glue:text}`traj_samples`개 시각 가운데 {glue:text}`split_zero_samples`개에서 차이가 정확히 0이었다
# (로그 축에 그릴 수 없어 그림에서 빠진 점). 분해는 모든 시각에서 반올림 오차 안에서 정확하다.
#
# ```{glue:figure} fig_split_error
# :name: fig-ex-split-error
# :figwidth: 95%
#
# 시각별로 여섯 관절 가운데 가장 큰 분해 오차 $|g + C\dot q + M\ddot q - \tau|$(로그 눈금). 빨간 파선은
# 이 절에서 정한 한계, 회색 점선은 배정밀도 기계 엡실론에 최대 토크를 곱한 값이다.
# ```
#
# 이 분해에서 나온 두 비, 곧 관절 2에서 중력항이 차지하는 몫과 다음 예제의 관절 1 전도 모멘트 대 구동
# 토크는 {ref}`부록 C.2절의 재현표 <sec-closing-repro>`에도 한 행씩 올라 있다. 그 표는 두 비가 뜻하는
# 정성적 진술도 함께 적는다.

# %% [markdown]
# ## 3.2.5.7 예제 ⑤ 관절 반력 렌치
#
# 다섯 번째 질문은 설계자를 위한 것이다. 후방 순환이 관절 $i$마다 구하는 $F_i = (n_i, f_i)$(모멘트
# $n_i$, 힘 $f_i$)는 링크 $i-1$이 관절 $i$를 통해 링크 $i$에 전달하는 렌치 전체이다. 예제 ②에서
# 확인했듯이 이것은 실제 반력이다. 이 렌치는 $\{i\}$의 축으로 표현되고, 모멘트 $n_i$는 $\{i\}$의
# 원점에 대한 것이며, 이 원점은 관절 축 위에 있다. 관절 축의 단위 벡터를 $\hat w_i$($\{i\}$의 $z$축)라 하면 렌치를 축에 나란한 성분과
# 수직인 성분으로 나눌 수 있다.
#
# $$
# \tau_i = n_i\cdot\hat w_i, \qquad
# n_i^{\perp} = \left\lVert n_i - (n_i\cdot\hat w_i)\,\hat w_i \right\rVert, \qquad
# f_i^{\parallel} = f_i\cdot\hat w_i, \qquad
# f_i^{\perp} = \left\lVert f_i - (f_i\cdot\hat w_i)\,\hat w_i \right\rVert
# $$ (eq-ex-reaction-split)
#
# - **구동 토크** $\tau_i$: 축 방향 모멘트. 원점이 축 위에 있으므로 $A_i = (\hat w_i, 0)$이고
#   $\tau_i = F_i^{\mathsf T}A_i$와 같다. 모터와 감속기가 공급하는 유일한 성분이다.
# - **전도 모멘트** $n_i^{\perp}$: 축에 수직인 모멘트의 크기. 관절을 축에서 꺾으려는 굽힘 모멘트로,
#   베어링 쌍과 하우징이 지탱한다.
# - **축 방향 힘** $f_i^{\parallel}$: 축을 따라 미는 힘. 스러스트 하중이다.
# - **반경 방향 힘** $f_i^{\perp}$: 축에 수직인 힘의 크기. 레이디얼 하중이다.
#
# 구동 토크를 뺀 $F_i$의 여섯 성분 가운데 나머지(축에 수직인 모멘트 두 성분, 축 방향 힘 한 성분, 축에
# 수직인 힘 두 성분)에는 모터가 관여하지 않는다. 관절이 축 둘레의 회전만 허용하도록 베어링과 하우징이
# 만들어 내는 구속 렌치이다. `ch32.reaction_loads()`가 `chaindyn.joint_wrenches`로 예제 궤적의 모든
# 시각에서 위의 네 값을 구하고, `ch32.reaction_findings()`가 관절별 최댓값과 비를 정리한다.
#
# ```{figure} figures/ch32_reactions.png
# :name: fig-ex-reactions
# :width: 95%
#
# 예제 궤적에서 관절 1–3의 반력 렌치. 왼쪽은 구동 토크의 크기(검정)와 전도 모멘트(빨강), 오른쪽은
# 축 방향 힘의 크기(파랑)와 반경 방향 힘(주황)이다. 관절 1의 회색 점선은 팔의 총중량이다.
# ```

# %% mystnb={"markdown_format": "myst"} tags=["hide-input"]
rf = ch32.reaction_findings()
rl = ch32.reaction_loads()
reaction_table = md_table(
    ["관절", r"구동 $\lvert\tau_i\rvert$ [N·m]", r"전도 $n_i^{\perp}$ [N·m]",
     r"축 방향 $\lvert f_i^{\parallel}\rvert$ [N]",
     r"반경 방향 $f_i^{\perp}$ [N]"],
    [[r["joint"], sig4(r["drive_max"]), sig4(r["tipping_max"]), sig4(r["axial_max"]),
      sig4(r["radial_max"])] for r in rf["table"]],
    "예제 궤적에서 관절 반력 렌치 네 성분의 최댓값", "tab-ex-reaction-maxima", "crrrr",
)
R1, R2 = rf["table"][:2]
axial1 = np.abs(rl["axial"][:, 0])
claims.claim("ex-r-axial", "정하중인 무게만으로 스러스트 베어링을 고르면 부족하다",
             rf["j1_axial_over_weight"] > 1, ratio=rf["j1_axial_over_weight"])
claims.claim("ex-r-axial-min", "아래로 가속할 때는 덜 받친다", float(axial1.min()) < rf["weight"],
             axial_min=float(axial1.min()), weight=rf["weight"])
claims.claim("ex-r-tipping", "같은 관절을 축에서 꺾으려는 모멘트는", rf["j1_tipping_over_drive"] > 1,
             ratio=rf["j1_tipping_over_drive"])
claims.claim("ex-r-radial", "축 방향 힘 최댓값 {glue:text}`r_j2_axial:.1f` N의", rf["j2_radial_over_axial"] > 1,
             ratio=rf["j2_radial_over_axial"])
claims.claim("ex-sum-reac", "축 방향 힘보다 커서", rf["j2_radial_over_axial"] > 1
             and rf["j1_axial_over_weight"] > 1 and rf["j1_tipping_over_drive"] > 1,
             ratios={k: v for k, v in rf.items() if k != "table"})
glue("r_weight", fixed(rf["weight"], 4), display=False)
glue("r_j1_axial", fixed(R1["axial_max"], 4), display=False)
glue("r_j1_axial_min", fixed(float(np.abs(rl["axial"][:, 0]).min()), 4), display=False)
glue("r_j1_tipping", fixed(R1["tipping_max"], 4), display=False)
glue("r_j1_drive", fixed(R1["drive_max"], 4), display=False)
glue("r_j1_radial", fixed(R1["radial_max"], 4), display=False)
glue("r_j2_radial", fixed(R2["radial_max"], 4), display=False)
glue("r_j2_axial", fixed(R2["axial_max"], 4), display=False)
glue("r_j2_tipping", fixed(R2["tipping_max"], 4), display=False)
glue("r_j2_drive", fixed(R2["drive_max"], 4), display=False)
glue("r_j1_axial_over_weight", fixed(rf["j1_axial_over_weight"], 4), display=False)
glue("r_j1_tip_over_drive", fixed(rf["j1_tipping_over_drive"], 4), display=False)
glue("r_j2_rad_over_ax", fixed(rf["j2_radial_over_axial"], 4), display=False)
print({k: fixed(v, 4) for k, v in rf.items() if k != "table"})
print(f"관절 1 축 방향 힘의 범위: {np.abs(rl['axial'][:, 0]).min():.4f} – "
      f"{np.abs(rl['axial'][:, 0]).max():.4f} N")
reaction_table

# %% [markdown]
# 위 표({numref}`tab-ex-reaction-maxima`)와 그림({numref}`fig-ex-reactions`)에서 세 가지를 비교한다.
#
# % claim: ex-r-axial, ex-r-axial-min, ex-r-tipping, ex-r-radial
#
# - **관절 1의 축 방향 힘 대 총중량.** 관절 1의 축 방향 힘은 최대 {glue:text}`r_j1_axial:.1f` N으로
#   팔의 총중량 {glue:text}`r_weight:.1f` N의 {glue:text}`r_j1_axial_over_weight:.2f`배이다. 정지해
#   있다면 두 값은 같다(예제 ②). 두 값을 벌려 놓는 것은 링크 질량 중심들의 연직 가속도이다. 질량
#   중심들이 평균적으로 위로 가속할 때는 관절 1이 무게보다 더 밀어 올려야 하고, 아래로 가속할 때는 덜
#   받친다. 그래서 이 운동 동안 축 방향 힘은 {glue:text}`r_j1_axial_min:.1f` N에서
#   {glue:text}`r_j1_axial:.1f` N 사이를 오간다. 정하중인 무게만으로 스러스트 베어링을 고르면 부족하다.
# - **관절 1의 전도 모멘트 대 구동 토크.** 관절 1의 모터가 내는 토크는 가장 클 때
#   {glue:text}`r_j1_drive:.2f` N·m인데, 같은 관절을 축에서 꺾으려는 모멘트는
#   {glue:text}`r_j1_tipping:.2f` N·m까지 올라간다. 비로는 {glue:text}`r_j1_tip_over_drive:.2f`배이다.
#   팔이 옆으로 뻗어 있으면 무게와 관성력이 수직 축을 꺾으려 하고, 이 모멘트는 모터가 아니라 베어링이
#   받는다. 모터 토크만 보고 관절 1의 구조를
#   설계하면 가장 큰 하중을 놓친다.
# - **관절 2의 반경 방향 힘 대 축 방향 힘.** 관절 2의 반경 방향 힘 최댓값
#   {glue:text}`r_j2_radial:.1f` N은 축 방향 힘 최댓값 {glue:text}`r_j2_axial:.1f` N의
#   {glue:text}`r_j2_rad_over_ax:.2f`배이다. 어깨 축은 수평이어서 팔의 무게가 대부분 축에 수직으로
#   걸리기 때문이다.
#
# 세 부등호(축 방향 힘 > 총중량, 전도 모멘트 > 구동 토크, 어깨의 반경 방향 힘 > 축 방향 힘)의
# 수치는 이 팔과 이 운동의 것이다. 첫째 부등호는 위에서 본 대로 질량 중심들의
# 연직 가속도에서 나오고, 뒤의 둘은 팔의 구조에서 나온다. 연직 축인 관절 1에는 무게가 토크를 만들지
# 못하는 대신 축을 기울이는 모멘트를 만들고, 수평 축인 관절 2에는 무게가 축을 가로질러 걸린다.
#
# **설계자에게 주는 결론.** 세 비교가 가리키는 곳은 하나이다. 이 팔에서 관절 부품이 견뎌야 하는 가장 큰
# 하중은 모터가 내는 축 방향 토크 $\tau_i$가 아니라, 모터가 관여하지 않는 나머지 성분 $n_i^{\perp}$,
# $f_i^{\parallel}$, $f_i^{\perp}$에서 나온다. 그러니 베어링을 고르고 하우징을 설계할 때 출발점은 모터
# 토크 사양이 아니라 이 성분들의 시간 이력이어야 한다. 그리고 이 이력은 이미 손에 있다.
# 토크를 내기 위해 후방 순환이 이미 $F_i$ 전체를 만들었고, `chaindyn.joint_wrenches`는 그것을 버리지
# 않고 돌려줄 뿐이다. 다만 다음은 이 절이 다루지 않았다.
#
# - 모멘트의 기준점. $n_i$는 $\{i\}$의 원점에 대한 값이다. 수정 DH에서 이 원점은 공통 법선이 축과
#   만나는 점이지 실제 베어링 위치가 아니다. 축을 따라 $\delta\,\hat w_i$만큼 떨어진 베어링 중심에
#   대한 모멘트는 $n_i - \delta\,\hat w_i \times f_i$로 옮겨야 하며, 그러면 전도 모멘트가 반경 방향 힘에 비례해
#   바뀐다.
# - 동시성. 표의 값은 성분별 최댓값이고 서로 다른 시각에 나타난다. 베어링의 등가 하중은 같은 시각의
#   성분을 조합해 구한다.
# - 안전계수, 피로(하중 이력과 수명), 충돌·비상 정지의 충격 하중, 마찰·감속기·케이블 힘. 이 수치는
#   강체·무마찰 모델과 이 책의 예제 운동에서만 유효하다.

# %% [markdown]
# ## 3.2.5.8 예제 ⑥ 라이브러리 대조
#
# 마지막 질문은 이 책의 구현이 널리 쓰이는 다른 구현과 같은 답을 내는지이다. 예제 ①의 항등식은 모두
# `chaindyn` 안에서 두 계산을 맞춰 본 것이어서, 두 계산이 같은 규약을 똑같이 잘못 이해했다면 잡아내지
# 못한다. 그래서 알고리즘의 정식화도, 구현 언어도, 입력 규약도 서로 다른 네 라이브러리를 기준으로
# 삼는다.
#
# - **Pinocchio** {cite:p}`carpentier2019pinocchio`: C++로 구현된 강체 동역학 라이브러리(파이썬 바인딩).
#   공간 벡터 알고리즘을 쓴다.
# - **MuJoCo** {cite:p}`todorov2012mujoco`: 물리 시뮬레이터. 역동역학 `mj_inverse`와 순동역학
#   `mj_forward`를 제공한다.
# - **modern_robotics**: Modern Robotics 교과서 {cite:p}`lynch2017modern`의 참조 코드(순수 파이썬).
#   이 장과 같은 스크루 이론 표기를 쓰지만 링크 좌표계를 질량 중심에 둔다.
# - **Robotics Toolbox for Python** {cite:p}`corke2021toolbox`: DH 매개변수로 로봇을 기술하고
#   컴파일된 확장 모듈로 `rne`를 계산한다.
#
# 대조 전체는 `chaindyn_book.crosscheck.library_agreement()` 한 번의 호출이며, 이 페이지를 빌드할 때마다 다시
# 실행된다. 각 라이브러리의 모델은 `chaindyn.interop`의 어댑터가 같은 `Chain`에서 만든다. 어떤 버전과
# 비교했는지는 아래 셀이 빌드할 때 설치된 배포판에서 읽는다({numref}`tab-ex-lib-versions`).

# %% mystnb={"markdown_format": "myst"} tags=["hide-input"]
import importlib.metadata

import modern_robotics as mr
import mujoco
import pinocchio as pin
import roboticstoolbox as rtb

from chaindyn import interop, urdf
from chaindyn_book import crosscheck

DISTRIBUTIONS = {  # 본문에서 부르는 이름: 설치된 배포판의 이름
    "Pinocchio": "pin",
    "MuJoCo": "mujoco",
    "modern_robotics": "modern_robotics",
    "Robotics Toolbox": "roboticstoolbox-python",
    "example-robot-data": "example-robot-data",
    "yourdfpy": "yourdfpy",
}
versions = {lib: importlib.metadata.version(dist) for lib, dist in DISTRIBUTIONS.items()}
for key, lib in (("pin", "Pinocchio"), ("mujoco", "MuJoCo"), ("mr", "modern_robotics"),
                 ("rtb", "Robotics Toolbox"), ("erd", "example-robot-data"),
                 ("yourdfpy", "yourdfpy")):
    glue(f"ver_{key}", versions[lib], display=False)
md_table(
    ["라이브러리", "배포판", "버전"],
    [[lib, f"`{dist}`", versions[lib]] for lib, dist in DISTRIBUTIONS.items()],
    "대조에 쓴 라이브러리와 로봇 모델 패키지. 버전은 책을 만들 때 "
    "importlib.metadata.version으로 읽었다.",
    "tab-ex-lib-versions", "lll",
)

# %% [markdown]
# ### 3.2.5.8.1 무엇을, 어떻게 비교하는가
#
# 라이브러리마다 이 장의 함수와 짝이 되는 함수를 골라 같은 입력에서 부른다.
#
# - **Pinocchio** {glue:text}`ver_pin`: 역동역학 `rnea`(말단 렌치 없이, 그리고 외력 인자 `fext`로 말단
#   렌치를 넣어서), 질량 행렬 `crba`, 바이어스 힘 `nonLinearEffects`, 중력항
#   `computeGeneralizedGravity`, `rnea` 뒤에 `data.f`에 남는 관절 렌치(예제 ⑤의 반력과 비교), 그리고
#   순동역학 `aba`의 왕복.
# - **MuJoCo** {glue:text}`ver_mujoco`: `mj_inverse`(부를 때마다 `qacc`를 먼저 채운다), 질량 행렬
#   `mj_fullM`, `mj_rnePostConstraint` 뒤의 `cfrc_int`(관절 렌치), 그리고 `mj_forward`의 왕복.
# - **modern_robotics** {glue:text}`ver_mr`: 말단 렌치 `Ftip`을 넣은 `InverseDynamics`, `MassMatrix`,
#   `GravityForces`, 그리고 `ForwardDynamics`의 왕복.
# - **Robotics Toolbox** {glue:text}`ver_rtb`: 수정 DH로 만든 `DHRobot`의 `rne`(말단 렌치 없이, 그리고
#   `fext`로 넣어서), 질량 행렬 `inertia`, 중력항 `gravload`. 모터 회전자 관성과 마찰 항은 0으로 둔다.
#
# **순동역학 왕복**은 이 장의 RNEA로 구한 토크 $\tau$(말단 렌치 포함)를 라이브러리의 순동역학에 넣어
# 가속도 $\ddot q_{\mathrm{lib}}$을 받고, 처음의 $\ddot q$와 비교하는 검사이다. 결과는 두 가지로 적는다.
# 하나는 가속도의 차이 $\ddot q_{\mathrm{lib}} - \ddot q$이고, 다른 하나는 받은 가속도를 다시 RNEA에
# 넣었을 때의 토크 잔차 $\mathrm{RNEA}(q, \dot q, \ddot q_{\mathrm{lib}}) - \tau$이다. 앞의 것은 질량 행렬의
# 조건수만큼 커질 수 있고, 뒤의 것(수치해석에서 말하는 후방 오차)은 그렇지 않다.
#
# 비교하는 사슬은 예제 6R 팔과, $n =$ {glue:text}`lib_n_min`–{glue:text}`lib_n_max`마다 두 개씩 만든
# 무작위 사슬이다. 하나는 `models.random_chain`의 스크루 사슬이고, 다른 하나는 같은 관절 종류(회전과
# 직동이 섞임)의 무작위 수정 DH 사슬이다. 모두 {glue:text}`lib_chains`개이며, DH 표가 있어야 하는
# Robotics Toolbox는 그 가운데 {glue:text}`lib_mdh_chains`개(6R 팔과 수정 DH 사슬)와 비교한다.
# 사슬마다 무작위 상태 {glue:text}`lib_states`개를 뽑는다. 범위는 $q_j \in [-\pi, \pi]$,
# $\dot q_j \in [-2, 2]$, $\ddot q_j \in [-5, 5]$(회전 관절은 rad 단위, 직동 관절은 m 단위)이고, 말단 렌치의
# 여섯 성분은 정규분포 $\mathcal{N}(0, 10^2)$에서 뽑는다. 중력은 어느 축과도 나란하지 않은
# {glue:text}`lib_gravity` m/s²로 둔다. 중력이 $-z$ 방향이면 축을 하나 잘못 읽어도 결과가 우연히 맞을
# 수 있기 때문이다.
#
# % no-claim: 상대 차이와 한계의 정의
#
# 차이는 상대값으로 판정한다. 한 사슬에서 어떤 양(예: 토크)의 **규모**를 그 사슬의 모든 상태에서
# `chaindyn`이 낸 그 양의 최대 절댓값으로 정하고, 최대 절대 차이를 규모로 나눈 것이 **상대 차이**이다.
# 한계는 토크·질량 행렬·바이어스 힘·중력항·관절 렌치·토크 잔차에 {glue:text}`lib_bound`,
# 순동역학 왕복의 가속도 차이에 {glue:text}`fwd_bound`이다(후자의 규모는 최대 $|\ddot q|$). 표의
# 한 행은 라이브러리 하나의 양 하나이고, 상대 차이가 가장 큰 사슬의 값을 보인다.

# %% tags=["hide-input"]
lib_rows = crosscheck.library_agreement()
lib_arm = [r for r in crosscheck.library_agreement(per_model=True) if r["model"] == "arm6r"]
defaults = inspect.signature(crosscheck.library_agreement).parameters
lib_sizes = list(defaults["sizes"].default)
lib_chain_list = crosscheck.agreement_models()
n_mdh = sum(1 for _, _, mdh in lib_chain_list if mdh is not None)
for r in lib_rows:
    assert r["version"] == versions[r["library"]], (r["library"], r["version"])
    assert r["models"] == (n_mdh if r["library"] == "Robotics Toolbox" else len(lib_chain_list))
glue("lib_states", defaults["states"].default, display=False)
glue("lib_n_min", lib_sizes[0], display=False)
glue("lib_n_max", lib_sizes[-1], display=False)
glue("lib_chains", len(lib_chain_list), display=False)
glue("lib_mdh_chains", n_mdh, display=False)
glue("lib_rows", len(lib_rows), display=False)
glue("lib_gravity", "(" + ", ".join(f"{x:g}" for x in crosscheck.GRAVITY) + ")", display=False)
glue("lib_bound", sci(crosscheck.TORQUE_BOUND, 1), display=False)
glue("fwd_bound", sci(crosscheck.FORWARD_BOUND, 1), display=False)
by_lib = {}
for r in lib_rows:
    by_lib.setdefault(r["library"], []).append(r["quantity"])
for lib, quantities in by_lib.items():
    print(f"{lib} {versions[lib]}: {len(quantities)}개 항목 — " + ", ".join(quantities))
print(f"사슬 {len(lib_chain_list)}개 (수정 DH {n_mdh}개), 사슬마다 상태 "
      f"{defaults['states'].default}개, 표의 행 {len(lib_rows)}개")

# %% [markdown]
# ### 3.2.5.8.2 결과
#
# 아래 표({numref}`tab-ex-lib-agreement`)의 차이는 반올림 오차 수준이어서 기계마다 끝자리가 다르다.
# 표는 계산된 값을 그대로 보이고, 행마다 미리 정한 한계를 나란히 적는다.

# %% mystnb={"markdown_format": "myst"} tags=["hide-input", "nbval-ignore-output"]
# 반올림 오차 수준의 값: nbval이 비교하지 않는 셀.
lib_within = all(r["holds"] and r["rel_diff"] <= r["bound"] for r in lib_rows)
outside = [(r["library"], r["quantity"]) for r in lib_rows if not r["holds"]]
claims.claim("ex-lib-all", "{glue:text}`lib_rows`개 행이 모두 한계 안에 있다", lib_within, outside=outside)
claims.claim("ex-sum-lib", "모든 항목이 한계 안에 든다", lib_within, outside=outside)
is_qdd = [r["bound"] == crosscheck.FORWARD_BOUND for r in lib_rows]
torque_like = [r for r, f in zip(lib_rows, is_qdd) if not f]
qdd_rows = [r for r, f in zip(lib_rows, is_qdd) if f]
assert all(r["bound"] == crosscheck.TORQUE_BOUND for r in torque_like)
worst = max(torque_like, key=lambda r: r["max_abs_diff"])
mr_fwd = next(r for r in qdd_rows if r["library"] == "modern_robotics")
pin_rnea = next(r for r in lib_rows if (r["library"], r["quantity"]) == ("Pinocchio", "rnea"))
resid = [r for r in torque_like if "residual" in r["quantity"]]
arm_torque_like = [r for r in lib_arm if r["bound"] == crosscheck.TORQUE_BOUND]
arm_mr_fwd = next(r for r in lib_arm if r["library"] == "modern_robotics"
                  and r["bound"] == crosscheck.FORWARD_BOUND)
glue("lib_max_rel", sci(max(r["rel_diff"] for r in torque_like)), display=False)
glue("lib_max_abs", sci(worst["max_abs_diff"]), display=False)
glue("lib_max_abs_scale", worst["scale"], display=False)
glue("pin_rnea_abs", sci(pin_rnea["max_abs_diff"]), display=False)
glue("pin_rnea_rel", sci(pin_rnea["rel_diff"]), display=False)
glue("fwd_max_rel", sci(max(r["rel_diff"] for r in qdd_rows)), display=False)
glue("fwd_max_abs", sci(max(r["max_abs_diff"] for r in qdd_rows)), display=False)
glue("resid_max_rel", sci(max(r["rel_diff"] for r in resid)), display=False)
glue("mr_fwd_abs", sci(mr_fwd["max_abs_diff"]), display=False)
glue("mr_fwd_rel", sci(mr_fwd["rel_diff"]), display=False)
glue("arm_lib_max_abs", sci(max(r["max_abs_diff"] for r in arm_torque_like)), display=False)
glue("arm_mr_fwd_abs", sci(arm_mr_fwd["max_abs_diff"]), display=False)
arm_scale = max(r["scale"] for r in arm_torque_like if r["quantity"] == worst["quantity"]
                and r["library"] == worst["library"])
claims.claim("ex-lib-arm", "토크의 규모가 큰 사슬에서 나온 것이다",
             worst["model"] != "arm6r" and worst["scale"] > arm_scale,
             worst_model=worst["model"], worst_scale=worst["scale"], arm_scale=arm_scale)
EPS = np.finfo(float).eps
max_rel = max(r["rel_diff"] for r in torque_like)
qdd_min_rel = min(r["rel_diff"] for r in qdd_rows)
tip_rows = [r for r in torque_like if any(s in r["quantity"] for s in ("fext", "Ftip", "F_tip"))]
claims.claim("ex-lib-far", "{glue:text}`lib_max_rel`이고, 한계 {glue:text}`lib_bound`보다 두 자릿수 이상 작다",
             max_rel < crosscheck.TORQUE_BOUND / 100, max_rel=max_rel, bound=crosscheck.TORQUE_BOUND)
claims.claim("ex-lib-tip", "말단 렌치를 넣은 행", max(r["rel_diff"] for r in tip_rows) < 1000 * EPS,
             tip_rows={r["library"] + " " + r["quantity"]: r["rel_diff"] for r in tip_rows})
claims.claim("ex-lib-fwd", "다른 행보다 크지만", qdd_min_rel > max_rel, qdd_min=qdd_min_rel, others=max_rel)
claims.claim("ex-sum-fwd", "순동역학 왕복의 가속도 상대 차이는 다른 항목보다 커서", qdd_min_rel > max_rel,
             qdd_min=qdd_min_rel, others=max_rel)
claims.claim("ex-lib-resid", "토크 잔차는 최대 {glue:text}`resid_max_rel`이고, 다른 행과 같은 반올림 수준이다",
             max(r["rel_diff"] for r in resid) < 1000 * EPS, resid=[r["rel_diff"] for r in resid])
md_table(
    ["라이브러리", "비교 항목", "최대 절대 차이", "규모", "상대 차이", "한계", "가장 큰 사슬",
     "한계 안"],
    [[r["library"], r["quantity"], sci(r["max_abs_diff"]), f"{r['scale']:.4g}",
      sci(r["rel_diff"]), sci(r["bound"], 1), r["model"], "예" if r["holds"] else "아니오"]
     for r in lib_rows],
    "chaindyn과 네 라이브러리의 차이. 절대 차이와 규모의 단위는 그 양의 단위"
    "(토크 N·m 또는 N, 질량 행렬 kg·m² 등, 가속도 rad/s² 또는 m/s²)이고, "
    "상대 차이 = 최대 절대 차이 / 규모이다. 행마다 상대 차이가 가장 큰 사슬의 값을 보인다.",
    "tab-ex-lib-agreement", "llrrrrlc",
)

# %% [markdown]
# % claim: ex-lib-all, ex-lib-far, ex-lib-tip
#
# {glue:text}`lib_rows`개 행이 모두 한계 안에 있다. 역동역학, 질량 행렬, 바이어스 힘, 중력항, 관절 렌치,
# 토크 잔차의 상대 차이는 가장 큰 것이 {glue:text}`lib_max_rel`이고, 한계 {glue:text}`lib_bound`보다 두
# 자릿수 이상 작다. 예를 들어 Pinocchio의 `rnea`와의 차이는 절대값으로 최대 {glue:text}`pin_rnea_abs`,
# 상대값으로 {glue:text}`pin_rnea_rel`이다. 말단 렌치를 넣은 행(Pinocchio의 `fext`, Robotics Toolbox의
# `fext`, modern_robotics의 `Ftip`, MuJoCo의 $J^{\mathsf T}F$)도 같은 반올림 수준이다. 외력의 부호와
# 성분 순서를 라이브러리마다 맞게 바꿔 넣었다는 뜻이다. 절대 차이가 가장 큰 행은
# {glue:text}`lib_max_abs`인데, 그 사슬의 규모가 {glue:text}`lib_max_abs_scale:.4g`이므로 상대적으로는
# 역시 배정밀도의 반올림 수준이다. 사슬마다 토크의 크기가 크게 다르므로 절대값으로 판정하면 큰 사슬이
# 불리해진다. 상대값으로 판정하는 이유이다.
#
# % claim: ex-lib-fwd, ex-lib-resid, ex-lib-cond
#
# 순동역학 왕복의 가속도 차이는 상대값으로 최대 {glue:text}`fwd_max_rel`(절대값
# {glue:text}`fwd_max_abs`)이다. 다른 행보다 크지만 한계 {glue:text}`fwd_bound` 안이다. 같은 왕복의
# 토크 잔차는 최대 {glue:text}`resid_max_rel`이고, 다른 행과 같은 반올림 수준이다. 곧 라이브러리가
# 돌려준 가속도는 주어진 토크를 반올림 수준으로 정확히 재현한다. 가속도를 얻으려면 질량 행렬을 계수로
# 하는 연립방정식을 풀어야 하고, 이 풀이는 입력에 섞인 반올림 오차를 많게는 질량 행렬의 조건수만큼
# 부풀린다. 가속도 차이만 다른 행보다 큰 까닭이 여기에 있다. 가속도 차이가 가장 큰 사슬은 세
# 라이브러리 모두 예제 6R 팔이다. 그 팔의 질량 행렬은 관절각을 $[-\pi, \pi]$에서 고르게 뽑은 자세
# {glue:text}`cond_poses:,`개에서 조건수가 {glue:text}`cond_min:,.0f`–{glue:text}`cond_max:,.0f`이다(아래
# 셀). 배정밀도의 기계 엡실론에 이 값을 곱하면
# {glue:text}`cond_eps_bound_min`–{glue:text}`cond_eps_bound_max`이고, 위의 가속도 차이와 같은
# 자릿수이다. 토크 잔차가 작고 가속도 차이가 조건수만큼 큰 것, 이 두 측정이 함께 이 설명을
# 뒷받침한다.
#
# % claim: ex-lib-arm
#
# **예제 6R 팔만 보면.** 사슬을 예제 팔 하나로 좁히면, 가속도 왕복을 뺀 모든 항목의 절대 차이 가운데
# 가장 큰 것이 {glue:text}`arm_lib_max_abs`이다. modern_robotics 순동역학 왕복의 가속도 차이는
# {glue:text}`arm_mr_fwd_abs` rad/s²이다. 무작위 사슬까지 넣은 전체의 최대 절대 차이
# {glue:text}`lib_max_abs`은 토크의 규모가 큰 사슬에서 나온 것이다. 그래서 다음 절
# {doc}`부록 C <appendix_reproduction>`의 재현표도 라이브러리 행을 상대 차이로 적는다.

# %% tags=["hide-input"]
COND_POSES = 1000                              # 조건수를 살펴볼 무작위 자세의 수
q_rand = np.random.default_rng(ch32.SEED).uniform(-np.pi, np.pi, (COND_POSES, arm.n))
cond_M = np.linalg.cond(chaindyn.mass_matrix(arm, q_rand))
glue("cond_poses", COND_POSES, display=False)
glue("cond_min", fixed(float(cond_M.min()), 0), display=False)
glue("cond_max", fixed(float(cond_M.max()), 0), display=False)
# ε κ(M)는 M으로 선형 방정식을 풀 때의 상대 오차 한계이다(잰 오차가 아니라 한계). 한 자리로
# 줄여 붙인다(조건수의 끝자리는 기계마다 다를 수 있다).
glue("cond_eps_bound_min", sci(fixed_sig(np.finfo(float).eps * cond_M.min(), 1), 1), display=False)
glue("cond_eps_bound_max", sci(fixed_sig(np.finfo(float).eps * cond_M.max(), 1), 1), display=False)
# 가속도 차이의 자릿수가 eps·cond(M)의 자릿수 범위 안에 있는지 (가장 큰 차이는 모두 6R 팔에서)
fwd_rel = max(r["rel_diff"] for r in lib_rows if r["bound"] == crosscheck.FORWARD_BOUND)
worst_models = {r["model"] for r in lib_rows if r["bound"] == crosscheck.FORWARD_BOUND}
decade = np.floor(np.log10([fwd_rel, np.finfo(float).eps * cond_M.min(), np.finfo(float).eps * cond_M.max()]))
claims.claim("ex-lib-cond", "위의 가속도 차이와 같은 자릿수이다",
             worst_models == {"arm6r"} and decade[1] <= decade[0] <= decade[2],
             worst_models=worst_models, decades=decade.tolist())
print(f"무작위 자세 {COND_POSES}개에서 M의 조건수: {fixed(cond_M.min(), 0):,.0f} – "
      f"{fixed(cond_M.max(), 0):,.0f}")

# %% [markdown]
# ### 3.2.5.8.3 어댑터가 메운 규약의 차이
#
# 네 라이브러리는 같은 물리를 계산하지만 입력과 출력을 적는 방식이 모두 다르다. 어댑터
# (`chaindyn.interop`)가 메운 차이를 간추리면 다음과 같다. 라이브러리마다 성분 순서, 좌표계, 관성의
# 기준점, 말단 렌치의 부호, 중력, 관절 종류를 항목별로 정리하고, 항목마다 라이브러리에 직접 물어
# 확인한 전체 표는 {doc}`appendix_conventions`에 있다.
#
# - **Pinocchio.** 공간 벡터의 성분 순서가 (선형, 각)으로 이 장의 $(\omega, v)$, $(n, f)$와 반대이다.
#   관절은 자기 좌표계의 원점을 지나는 축으로 돌므로, 축이 원점을 지나지 않는 스크루 축은 관절 좌표계를
#   축 위의 점으로 옮겨 표현한다. 외력 `fext`는 **몸체에 가해지는** 렌치를 관절 좌표계에서 받고, `rnea`는
#   $\mathrm{ID} - \sum J^{\mathsf T} f_{\mathrm{ext}}$를 돌려준다. 그래서 말단이 환경에 가하는 $F_{\mathrm{tip}}$은
#   부호와 순서를 바꾸고 좌표계를 옮겨서 넣는다(`interop.pinocchio_fext`). 기본 중력은 표준
#   중력과 다른 값이다.
# - **MuJoCo.** 본체를 위치와 사원수 $(w, x, y, z)$로 놓고 관성은 질량 중심에 대한 `fullinertia`로
#   준다. `cvel`·`cfrc_int` 같은 양은 (각, 선형) 순서이지만 `xfrc_applied`는 (힘, 토크) 순서이다.
#   `cfrc_int`의 모멘트는 각 몸체가 아니라 **나무 전체에 하나인 점**(뿌리 몸체의 부분 나무 질량 중심)에
#   대한 것이고 축은 세계 좌표계이다. `mj_inverse`는 `xfrc_applied`를 보지 않으므로 역동역학의 말단
#   렌치는 `mj_applyFT`로 $J^{\mathsf T}F$를 따로 더한다(`interop.mujoco_tip_qfrc`). 또 `mj_inverse`는 가속도를
#   인자가 아니라 데이터 버퍼의 `qacc`에서 읽으므로, `mj_forward`가 덮어쓴 값이 남지 않도록 부를 때마다
#   채운다.
# - **modern_robotics.** 링크 좌표계를 **질량 중심**에 둔다. `Mlist`는 질량 중심 좌표계 사이의 홈 자세,
#   `Glist`는 그 좌표계의 $\mathrm{diag}(I_c, m\mathbf{1})$, `Slist`는 기저 좌표계의 스크루 축이다. 말단 렌치
#   `Ftip`은 이 장과 같이 말단이 가하는 (모멘트, 힘)이지만 마지막 `Mlist`가 가리키는 도구 좌표계에서
#   적는다.
# - **Robotics Toolbox.** 로봇을 수정 DH 행으로 만든다(`Chain`은 DH 표를 보관하지 않으므로 어댑터는
#   `Chain.from_mdh`와 같은 인자를 받는다). `rne`의 `fext`는 (힘, 모멘트) 순서이고, `rne`는 링크의
#   모터 회전자 관성 $J_m G^2 \ddot q$와 점성·쿨롱 마찰을 더하므로 어댑터가 이 값들을 0으로 둔다.
#
# ### 3.2.5.8.4 규약을 하나 잘못 옮기면
#
# % no-claim: 이 예제의 입력과 방법을 적는다
#
# 두 구현의 답이 반올림 수준 이상으로 다를 때, 먼저 의심할 곳은 알고리즘보다 입력이다. RNEA는 짧아서
# 한 줄씩 검증할 수 있지만, 같은 물리를 라이브러리에 넘기는 방식은 라이브러리마다 다르다. 어댑터가 메운
# 차이(3.2.5.8.3절)가 모두 이런 규약이고, 그 가운데 하나만 놓쳐도 결과가 크게 틀린다. 얼마나 틀리는지
# 보기 위해 아래 셀은 흔한 실수를 하나씩 일부러 저지르고, 결과가 올바른 값에서 벗어난 크기를 잰다.
# 상태는 예제 궤적의 한 시각이고({glue:text}`mis_t:.3f` s), 말단은 $\{6\}$의 $z$축 방향으로
# {glue:text}`mis_force:g` N의 힘과 $x$축 둘레로 {glue:text}`mis_moment:g` N·m의 모멘트를 환경에
# 가한다. 중력은 표준 중력이다. 셀은 먼저 올바른 변환이 반올림 수준에서 같은 값을 내는지 확인하고,
# 그다음 각 실수의 차이를 계산한다.

# %% mystnb={"markdown_format": "myst"}
k_mid = len(t) // 2                            # 예제 궤적의 가운데 시각
q_m, qd_m, qdd_m = traj["q"][k_mid], traj["qd"][k_mid], traj["qdd"][k_mid]
# 말단이 환경에 가하는 렌치 (모멘트 N·m, 힘 N), {6}의 축과 원점 기준
F_TIP = np.array([2.0, 0.0, 0.0, 0.0, 0.0, 20.0])
G_STD = np.array([0.0, 0.0, -chaindyn.STANDARD_GRAVITY])
tau_m = chaindyn.rnea(arm, q_m, qd_m, qdd_m, G_STD, F_TIP)
F_m = chaindyn.joint_wrenches(arm, q_m, qd_m, qdd_m, G_STD, F_TIP)
OK = 1e-12 * np.abs(tau_m).max()               # 올바른 변환의 한계 (토크 규모 대비 1e-12)


def off(x, ref):
    """The largest absolute difference, N·m (or N)."""
    return float(np.abs(np.asarray(x) - ref).max())


mistakes = []
# Pinocchio
pm = interop.to_pinocchio(arm, G_STD)
pdat = pm.createData()
fext = interop.pinocchio_fext(arm, pm, F_TIP)
correct = {}  # 올바른 변환의 차이 / 한계
correct["Pinocchio"] = off(pin.rnea(pm, pdat, q_m, qd_m, qdd_m, fext), tau_m) / OK
fext_swapped = fext[:-1] + [pin.Force(fext[-1].angular, fext[-1].linear)]
mistakes += [
    ("Pinocchio", "`fext`에 $F_{\\mathrm{tip}}$을 부호 그대로 넣음", "관절 토크",
     off(pin.rnea(pm, pdat, q_m, qd_m, qdd_m, interop.pinocchio_fext(arm, pm, -F_TIP)), tau_m)),
    ("Pinocchio", "`pin.Force`에 (모멘트, 힘) 순서로 넣음", "관절 토크",
     off(pin.rnea(pm, pdat, q_m, qd_m, qdd_m, fext_swapped), tau_m)),
]
pm.gravity = pin.Model().gravity               # 기본 중력을 바꾸지 않은 모델
mistakes.append(("Pinocchio", "기본 중력을 그대로 둠", "관절 토크",
                 off(pin.rnea(pm, pdat, q_m, qd_m, qdd_m, fext), tau_m)))
# MuJoCo
mjm = mujoco.MjModel.from_xml_string(interop.to_mujoco(arm, G_STD))
mjd = mujoco.MjData(mjm)
mjd.qpos[:], mjd.qvel[:], mjd.qacc[:] = q_m, qd_m, qdd_m
mujoco.mj_inverse(mjm, mjd)
mjd.xfrc_applied[-1] = interop.mujoco_xfrc_tip(mjm, mjd, F_TIP)
mjd.qacc[:] = qdd_m
mujoco.mj_inverse(mjm, mjd)
correct["MuJoCo"] = off(mjd.qfrc_inverse + interop.mujoco_tip_qfrc(mjm, mjd, F_TIP), tau_m) / OK
mistakes.append(("MuJoCo", "말단 렌치를 `xfrc_applied`에만 넣고 `mj_inverse`를 믿음", "관절 토크",
                 off(mjd.qfrc_inverse, tau_m)))
mujoco.mj_rnePostConstraint(mjm, mjd)
correct["MuJoCo cfrc_int"] = off(interop.mujoco_joint_wrenches(arm, mjm, mjd), F_m) / (1e-12 * np.abs(F_m).max())
R_b = mjd.xmat[1:].reshape(-1, 3, 3)
m_unmoved = np.einsum("bji,bj->bi", R_b, mjd.cfrc_int[1:, :3])  # 축만 돌리고 기준점은 그대로
mistakes.append(("MuJoCo", "`cfrc_int`의 모멘트 기준점을 옮기지 않음", "관절 렌치의 모멘트",
                 off(m_unmoved, F_m[:, :3])))
# modern_robotics
Mlist, Glist, Slist = interop.to_modern_robotics(arm)
Ftip_mr = interop.mr_ftip(F_TIP)
correct["modern_robotics"] = off(mr.InverseDynamics(q_m, qd_m, qdd_m, G_STD, Ftip_mr, Mlist, Glist, Slist),
                                 tau_m) / OK
T_home = chaindyn.forward_kinematics(arm, np.zeros(arm.n))       # 링크 좌표계 {i}의 홈 자세
M_links = [T_home[0]] + [np.linalg.inv(T_home[i - 1]) @ T_home[i] for i in range(1, arm.n)]
M_links.append(np.eye(4))
mistakes.append(("modern_robotics", "`Mlist`에 질량 중심이 아닌 링크 좌표계의 자세를 넣음",
                 "관절 토크",
                 off(mr.InverseDynamics(q_m, qd_m, qdd_m, G_STD, Ftip_mr, M_links, Glist, Slist),
                     tau_m)))
# Robotics Toolbox
robot = interop.to_rtb(**models.mdh_arguments(arm_rows), gravity=G_STD)
correct["Robotics Toolbox"] = off(robot.rne(q_m, qd_m, qdd_m, gravity=G_STD, fext=interop.rtb_fext(F_TIP)),
                                  tau_m) / OK
mistakes.append(("Robotics Toolbox", "`fext`에 $F_{\\mathrm{tip}}$을 (모멘트, 힘) 순서 그대로 넣음",
                 "관절 토크", off(robot.rne(q_m, qd_m, qdd_m, gravity=G_STD, fext=F_TIP), tau_m)))
puma = rtb.models.DH.Puma560()                 # 도구상자에 들어 있는 Puma 560 모델
for link, drive in zip(robot.links, puma.links):
    link.Jm, link.G, link.B, link.Tc = drive.Jm, drive.G, drive.B, drive.Tc
mistakes.append(("Robotics Toolbox", "Puma 560 모델의 모터 관성·마찰 값이 남아 있음", "관절 토크",
                 off(robot.rne(q_m, qd_m, qdd_m, gravity=G_STD, fext=interop.rtb_fext(F_TIP)),
                     tau_m)))

glue("mis_t", fixed(float(t[k_mid]), 4), display=False)
glue("mis_force", float(F_TIP[5]), display=False)
glue("mis_moment", float(F_TIP[0]), display=False)
glue("mis_tau_max", fixed(float(np.abs(tau_m).max()), 4), display=False)
mis = {f"mis_{k}": fixed(e, 4) for k, (*_, e) in enumerate(mistakes)}
for key, value in mis.items():
    glue(key, value, display=False)
# 마지막 행(Puma 560의 구동 항)은 규약 변환의 실수가 아니라 다른 모델이다: 규약 실수의 최댓값에서 뺀다.
assert "Puma 560" in mistakes[-1][1]
conv = {key: value for key, value in mis.items() if key != f"mis_{len(mistakes) - 1}"}
glue("mis_min", min(conv.values()), display=False)
glue("mis_conv_max", max(conv.values()), display=False)
glue("mis_drive", mis[f"mis_{len(mistakes) - 1}"], display=False)
mis_orders = int(np.floor(np.log10(min(mis.values()) / OK)))
claims.claim("ex-mis-correct", "올바르게 변환하면 차이가 반올림 수준이다",
             all(v < 1 for v in correct.values()), difference_over_bound=correct)
claims.claim("ex-mis-orders", "{glue:text}`mis_orders` 자릿수 이상 크다", mis_orders >= 6,
             smallest=min(mis.values()), ok=OK)
claims.claim("ex-mis-min", "차이가 가장 작은 실수(Pinocchio의 기본 중력을 그대로 둔 것",
             min(mis, key=mis.get) == "mis_2", differences=mis)
claims.claim("ex-mis-max", "규약 실수 가운데 가장 큰 차이이며", max(conv, key=conv.get) == "mis_4",
             differences=conv)
claims.claim("ex-mis-drive", "어느 규약 실수보다 큰 차이지만",
             mis[f"mis_{len(mistakes) - 1}"] > max(conv.values()), differences=mis)
glue("mis_orders", mis_orders, display=False)
print("올바른 τ =", fixed(tau_m, 4), "N·m")
mistake_table = md_table(
    ["라이브러리", "실수", "종류", "비교한 양", "최대 차이 [N·m]"],
    [[lib, what, "모델 차이" if k == len(mistakes) - 1 else "규약 변환", quantity, sig4(e)]
     for k, (lib, what, quantity, e) in enumerate(mistakes)],
    "규약 변환의 전형적인 실수와 그 결과(예제 6R 팔, 예제 궤적의 가운데 시각). 마지막 행은 규약이 "
    "아니라 모델이 다른 경우이다. 올바른 변환의 차이는 반올림 수준이다.",
    "tab-ex-lib-mistakes", "llllr",
)
mistake_table

# %% [markdown]
# % claim: ex-mis-correct, ex-mis-orders, ex-mis-min
#
# 올바르게 변환하면 차이가 반올림 수준이다({numref}`tab-ex-lib-agreement`). 그러나 규약 변환을 하나
# 틀리면 차이가 {glue:text}`mis_min:.4f`에서 {glue:text}`mis_conv_max:.2f` N·m까지 벌어진다
# ({numref}`tab-ex-lib-mistakes`; 이 상태의 최대 토크는 {glue:text}`mis_tau_max:.2f` N·m). 차이가 가장
# 작은 실수(Pinocchio의 기본 중력을 그대로 둔 것, {glue:text}`mis_2:.4f` N·m)조차 올바른 변환에 허용한
# 한계(토크 규모의 {glue:text}`lib_bound`)보다 {glue:text}`mis_orders` 자릿수 이상 크다. 여기서
# 실무에 쓸 수 있는 규칙이 나온다. **두 구현의 차이가 반올림 수준보다 뚜렷이 크면
# 먼저 규약 변환을 의심한다.** 특히 다음은 어댑터가 메운 차이마다 숨어 있는 함정이다.
#
# % claim: ex-mis-max
#
# - Pinocchio의 외력은 몸체가 **받는** 렌치이고 (선형, 각) 순서이다. 부호를 그대로 두면 말단 렌치 항이
#   두 배로 틀린다({glue:text}`mis_0:.2f` N·m). 순서를 바꾸지 않으면 모멘트와 힘이 섞인다
#   ({glue:text}`mis_1:.2f` N·m).
# - MuJoCo의 `mj_inverse`는 `xfrc_applied`를 무시하므로, 말단 렌치를 거기에만 넣으면 말단 렌치 항이 통째로
#   빠진다({glue:text}`mis_3:.2f` N·m). 또 `cfrc_int`의 모멘트는 나무 전체에 하나인 점에 대한 것이어서,
#   각 관절 좌표계의 원점으로 옮기지 않으면 반력 모멘트가 {glue:text}`mis_4:.2f` N·m까지 틀린다. 규약
#   실수 가운데 가장 큰 차이이며, 예제 ⑤처럼 베어링 하중을 읽을 때 특히 조심해야 한다.
# - modern_robotics는 질량 중심 좌표계를 전제한다. 링크 좌표계의 자세를 그대로 넣으면 관성이 엉뚱한
#   점에 놓여 토크가 {glue:text}`mis_5:.2f` N·m까지 틀린다.
# - Robotics Toolbox의 `fext`는 (힘, 모멘트) 순서이다({glue:text}`mis_6:.2f` N·m).
#
# % claim: ex-mis-drive
#
# 표의 마지막 행은 성격이 다르다. 도구상자에 들어 있는 로봇 모델(여기서는 Puma 560)은 감속비, 모터
# 관성, 마찰 값을 가지고 있어서, 그 값이 남은 채로 강체 동역학을 비교하면
# {glue:text}`mis_drive:.2f` N·m까지 차이가 난다. 어느 규약 실수보다 큰 차이지만, 규약을 잘못 옮긴
# 것이 아니라 모터와 마찰이 붙은 다른 모델을 계산한 것이므로 위의 최댓값에는 넣지 않았다. 강체
# 동역학끼리 비교할 때는 이 값들을 0으로 두어야 한다.
#
# 말단 렌치가 0인 입력에서는 말단 렌치의 부호와 성분 순서에 관한 실수가 드러나지 않는다. 중력이
# 좌표축과 나란한 입력에서는 축을 잘못 읽는 실수가 우연히 가려질 수 있다. 위의 대조가 무작위 말단
# 렌치와 축에서 벗어난 중력을 쓰는 이유이다. 각 규약을 라이브러리에 직접 물어 확인하는 작은 계산은
# {doc}`appendix_conventions`에 모아 두었다. 라이브러리의 새 버전이 규약을 바꾸면, 책을 만들 때 그
# 부록의 해당 항목이 어긋남을 드러낸다.
#
# ### 3.2.5.8.5 실제 로봇: UR5, Panda, Talos의 왼팔
#
# 지금까지의 사슬은 모두 이 책이 만든 것이다. 마지막으로 실제 로봇의 URDF 파일을 읽어 본다. 파일은
# example-robot-data {glue:text}`ver_erd` 패키지에 들어 있는 것을 쓴다.
#
# - **UR5**: 6축 산업용 팔. 끝 링크는 `tool0`(플랜지)이다.
# - **Panda**: 7축 협동 로봇 팔. 끝 링크는 `panda_hand`이다. 두 손가락 관절은 0에 고정하고 손가락을
#   마지막 몸체에 합친다.
# - **Talos의 왼팔**: 인간형 로봇 Talos의 팔 모델. 끝 링크는 `gripper_left_base_link`이고, 그리퍼 관절을
#   0에 고정해 합친다.
#
# `urdf.chain_from_urdf`(`chaindyn.urdf`, 파일은 yourdfpy(버전 {glue:text}`ver_yourdfpy`)로 읽는다)가 기저에서 끝
# 링크까지의 경로를 사슬로 만든다. 경로 위의 고정 관절로 붙은 링크와 경로 밖의 가지는 해당 몸체에 질량과
# 관성을 합친다. URDF의 관성은 `<inertial><origin>`의 축으로 적은 질량 중심 기준 값이므로 링크 축으로
# $R I R^{\mathsf T}$만큼 돌려서 합친다. 비교 기준은 Pinocchio 자신의 URDF 파서이다. 같은 파일을 Pinocchio로 읽고,
# 같은 관절을 `buildReducedModel`로 0에 고정한 뒤, 무작위 상태에서 말단 렌치를 넣은 역동역학, 질량 행렬,
# 중력항, 끝 링크의 자세를 비교한다(`crosscheck.urdf_agreement()`).

# %% mystnb={"markdown_format": "myst"} tags=["hide-input"]
robot_names = list(crosscheck.ROBOTS)
loaded = {}
for name in robot_names:
    path, tip = crosscheck.robot_urdf(name)
    loaded[name] = (path, urdf.load(path, tip_link=tip))
    chain = urdf.chain_from_urdf(path, tip_link=tip)
    assert np.array_equal(chain.inertias, loaded[name][1].chain.inertias)
glue("robots_n", len(robot_names), display=False)
md_table(
    ["로봇", "URDF 파일", "끝 링크", "관절 수", "0에 고정한 관절", "움직이는 몸체의 질량 [kg]"],
    [[name, f"`{crosscheck.ROBOTS[name][0]}`", f"`{u.tip_link}`", u.chain.n,
      ", ".join(f"`{j}`" for j in u.locked) or "없음", f"{u.chain.mass:.4f}"]
     for name, (_, u) in loaded.items()],
    "URDF에서 읽은 실제 로봇 세 대(example-robot-data의 파일). 질량은 기저에 붙은 링크를 뺀, "
    "움직이는 몸체들의 합이다.",
    "tab-ex-robots", "lllrll",
)

# %% [markdown]
# ```{figure} figures/ch32_urdf_robots.png
# :name: fig-ex-robots
# :width: 100%
#
# {numref}`tab-ex-robots`의 세 로봇을 URDF에서 읽은 사슬(`urdf.chain_from_urdf`)과
# `forward_kinematics`로 그린 막대 그림(`figsrc/fig_32_urdf_robots.py`). 굵은 선은 아래 중력 토크 표
# ({numref}`tab-ex-robots-gravity`)의 자세에서 링크 좌표계 원점을 이은 것이고, 각 원점의 짧은 세 선분이
# $\{i\}$의 축, 검은 선분이 관절 축 $A_i$이다. 회색 파선은 같은 로봇의 $q = 0$이다. 메시는 읽지 않으므로
# 링크의 실제 모양은 보이지 않는다.
# ```
#
# URDF의 링크 좌표계는 DH 규약처럼 관절 축을 $z$축에 맞추지 않는다({numref}`fig-ex-robots`). UR5의
# 어깨·팔꿈치 축은 $y$축이고, Talos 팔은 관절마다 축이 $x$, $y$, $z$로 바뀐다. 이 책의 사슬은 관절 축을
# 스크루 축 $A_i$로 따로 적으므로 어느 경우든 그대로 읽는다.

# %% mystnb={"markdown_format": "myst"} tags=["hide-input", "nbval-ignore-output"]
# 반올림 오차 수준의 값: nbval이 비교하지 않는 셀.
urdf_rows = crosscheck.urdf_agreement()
urdf_within = all(r["holds"] and r["rel_diff"] <= r["bound"] for r in urdf_rows)
claims.claim("ex-urdf", "세 로봇 모두 모든 항목의 상대 차이가 한계 {glue:text}`urdf_bound` 안에 있고",
             urdf_within, rows=[(r["quantity"], r["rel_diff"]) for r in urdf_rows])
claims.claim("ex-sum-urdf", "URDF를 Pinocchio의 파서와 함께 읽은 결과의 상대 차이는 최대", urdf_within,
             rows=[(r["quantity"], r["rel_diff"]) for r in urdf_rows])
assert {r["version"] for r in urdf_rows} == {versions["Pinocchio"]}
glue("urdf_bound", sci(max(r["bound"] for r in urdf_rows), 1), display=False)
glue("urdf_max_rel", sci(max(r["rel_diff"] for r in urdf_rows)), display=False)
md_table(
    ["비교 항목", "최대 절대 차이", "규모", "상대 차이", "한계", "한계 안"],
    [[r["quantity"], sci(r["max_abs_diff"]), f"{r['scale']:.4g}", sci(r["rel_diff"]),
      sci(r["bound"], 1), "예" if r["holds"] else "아니오"] for r in urdf_rows],
    "chaindyn의 URDF 읽기와 Pinocchio의 URDF 파서의 차이. 자세의 규모는 1로 "
    "두었다(회전 행렬 원소와 m 단위 위치).",
    "tab-ex-urdf-agreement", "lrrrrc",
)

# %% [markdown]
# % claim: ex-urdf
#
# 세 로봇 모두 모든 항목의 상대 차이가 한계 {glue:text}`urdf_bound` 안에 있고, 가장 큰 것이
# {glue:text}`urdf_max_rel`이다({numref}`tab-ex-urdf-agreement`). 두 읽기 방식은 코드를 공유하지
# 않으므로, 이 일치는 URDF의 `rpy` 순서, 관절 좌표계, 관성 회전 $R I R^{\mathsf T}$, 고정한 관절의 병합이 모두
# 맞게 처리되었다는 증거이다.
#
# **중력 보상 토크.** 제어 엔지니어가 이 로봇들에 가장 먼저 쓸 양은 중력항 $g(q)$, 곧 로봇을 자세 $q$에
# 정지시켜 두는 데 드는 관절 토크일 것이다. 아래 표({numref}`tab-ex-robots-gravity`)는 로봇마다 정한 자세
# 하나에서 `chaindyn.gravity_torque`로 계산한 값이다. 자세는 다음과 같다(각도는 rad).
#
# % claim: ex-poses
#
# - **UR5**: $q = (0, -\pi/2, \pi/2, -\pi/2, -\pi/2, 0)$. 상완이 수직으로 서고 전완이 수평으로 뻗은 자세.
# - **Panda**: $q = (0, -\pi/4, 0, -3\pi/4, 0, \pi/2, \pi/4)$. 흔히 준비 자세로 쓰는 구부린 자세.
# - **Talos의 왼팔**: $q = (\pi/8, 0, -\pi/2, 0, 0, 0)$. 어깨를 조금 벌리고 팔꿈치를 직각으로 굽힌 자세.
#
# % claim: ex-talos-axes, ex-pose-limits
#
# 중력은 각 파일의 뿌리 링크 좌표계에서 $-z$ 방향의 표준 중력이다. UR5(`world`)와 Panda(`panda_link0`)는
# 뿌리 좌표계가 기저이다. Talos 팔 파일의 뿌리는 어깨 링크 `arm_left_1_link`인데, 같은 패키지의 전신
# 모델(`talos_reduced.urdf`)에서 몸통 관절과 `arm_left_1_joint`가 0이면 이 링크의 축이 로봇 기저의 축과
# 나란하다(몸통이 서 있는 자세에서 $z$축이 연직). 세 자세는 모두 URDF의 관절 범위 안에 있다.

# %% mystnb={"markdown_format": "myst"} tags=["hide-input"]
GRAVITY_POSES = crosscheck.GRAVITY_POSES  # 로봇마다 정한 자세 (rad), 위 목록과 같은 값
PI = np.pi
poses_in_text = {"UR5": [0, -PI / 2, PI / 2, -PI / 2, -PI / 2, 0],
                 "Panda": [0, -PI / 4, 0, -3 * PI / 4, 0, PI / 2, PI / 4],
                 "Talos left arm": [PI / 8, 0, -PI / 2, 0, 0, 0]}
claims.claim("ex-poses", "흔히 준비 자세로 쓰는 구부린 자세",
             all(np.allclose(GRAVITY_POSES[k], v) for k, v in poses_in_text.items()),
             poses={k: np.asarray(v).tolist() for k, v in GRAVITY_POSES.items()})
# Talos: 전신 모델에서 arm_left_1_link의 축이 기저와 나란한지 (몸통과 arm_left_1_joint가 0일 때)
talos_body = urdf.load(Path(crosscheck.robots_dir()) / "talos_data/robots/talos_reduced.urdf",
                       base_link="base_link", tip_link="arm_left_1_link")
R_shoulder = chaindyn.forward_kinematics(talos_body.chain, np.zeros(talos_body.chain.n))[-1, :3, :3]
claims.claim("ex-talos-axes", "이 링크의 축이 로봇 기저의 축과 나란하다",
             bool(np.abs(R_shoulder - np.eye(3)).max() < 1e-12), joints=talos_body.joints,
             R=R_shoulder)
in_limits = {}

gq_rows = []
top_share = {}  # 로봇마다 가장 큰 |g_j| / 토크 한계
for name, q_pose in GRAVITY_POSES.items():
    path, u = loaded[name]
    pmodel = crosscheck.pinocchio_urdf_model(path, u.joints)  # 관절 범위와 토크 한계를 읽는다
    in_limits[name] = bool(np.all(q_pose >= pmodel.lowerPositionLimit)
                           and np.all(q_pose <= pmodel.upperPositionLimit))
    g_pose = chaindyn.gravity_torque(u.chain, q_pose, G_STD)
    effort = np.asarray(pmodel.effortLimit)
    share = np.abs(g_pose) / effort
    for j, joint in enumerate(u.joints):
        gq_rows.append([name if j == 0 else "", f"`{joint}`", f"{q_pose[j] + 0.0:.4f}",
                        f"{fixed(g_pose[j], 4) + 0.0:.4f}", f"{effort[j]:g}",
                        f"{share[j]:.1%}"])
    key = {"UR5": "ur5", "Panda": "panda", "Talos left arm": "talos"}[name]
    j_max = int(np.argmax(np.abs(g_pose)))
    if name == "Talos left arm":  # 본문은 이 관절을 팔꿈치라고 부른다
        assert u.joints[j_max] == "arm_left_4_joint"
    if name != "UR5":  # UR5: 두 관절이 같은 최댓값을 내므로 관절 이름은 본문에 적는다
        glue(f"g_{key}_joint", u.joints[j_max], display=False)
    glue(f"g_{key}_max", fixed(float(g_pose[j_max]), 4), display=False)
    glue(f"g_{key}_share", fixed(float(share[j_max]), 4), display=False)
    top_share[name] = float(share[j_max])
    print(name, "g(q) =", fixed(g_pose, 4) + 0.0, "N·m")
    if name == "UR5":  # 상완이 연직: 어깨와 팔꿈치의 중력 토크가 같다
        claims.claim("ex-ur5-equal", "`shoulder_lift_joint`(어깨)와 `elbow_joint`(팔꿈치)가 같은 값",
                     bool(abs(g_pose[1] - g_pose[2]) < 1e-9 and int(np.argmax(np.abs(g_pose))) in (1, 2)),
                     g=g_pose)
claims.claim("ex-pose-limits", "세 자세는 모두 URDF의 관절 범위 안에 있다", all(in_limits.values()),
             in_limits=in_limits)
claims.claim("ex-talos-share", "세 로봇 가운데 한계 대비 비가 가장 크다",
             max(top_share, key=top_share.get) == "Talos left arm", shares=top_share)
md_table(
    ["로봇", "관절", "$q_j$ [rad]", "$g_j(q)$ [N·m]", "URDF 토크 한계 [N·m]", "한계 대비"],
    gq_rows,
    "정한 자세에서의 중력 보상 토크 $g(q)$(표준 중력, 뿌리 링크의 $-z$ 방향). 토크 한계는 URDF의 "
    "effort 값이다.",
    "tab-ex-robots-gravity", "llrrrr",
)

# %% tags=["hide-input", "nbval-ignore-output"]
# 같은 자세의 g(q)를 Pinocchio의 URDF 모델로도 계산해 비교한다 (반올림 수준: nbval 비교 제외).
for name, q_pose in GRAVITY_POSES.items():
    path, u = loaded[name]
    pmodel = crosscheck.pinocchio_urdf_model(path, u.joints)
    pmodel.gravity = pin.Motion(np.concatenate([G_STD, np.zeros(3)]))
    g_pin = pin.computeGeneralizedGravity(pmodel, pmodel.createData(), q_pose)
    g_cd = chaindyn.gravity_torque(u.chain, q_pose, G_STD)
    err = float(np.abs(g_pin - g_cd).max())
    assert err < crosscheck.TORQUE_BOUND * np.abs(g_cd).max()
    print(f"{name}: max |g_Pinocchio - g_chaindyn| = {err:.1e} N·m")

# %% [markdown]
# {numref}`tab-ex-robots-gravity`에서 로봇마다 크기가 가장 큰 중력 토크는 다음과 같다.
#
# % claim: ex-ur5-equal, ex-talos-share
#
# - **UR5**: `shoulder_lift_joint`(어깨)와 `elbow_joint`(팔꿈치)가 같은 값
#   {glue:text}`g_ur5_max:.2f` N·m를 낸다(토크 한계의 {glue:text}`g_ur5_share:.1%`). 상완이 연직으로 서
#   있어 상완의 무게는 어깨 축에 대한 모멘트를 만들지 않으므로, 두 관절이 받치는 것은 똑같이 팔꿈치
#   바깥쪽의 무게이다.
# - **Panda**: 관절 {glue:text}`g_panda_joint`의 {glue:text}`g_panda_max:.2f` N·m로, 토크 한계의
#   {glue:text}`g_panda_share:.1%`이다.
# - **Talos의 왼팔**: 관절 {glue:text}`g_talos_joint`(팔꿈치)의 {glue:text}`g_talos_max:.2f` N·m로,
#   토크 한계의 {glue:text}`g_talos_share:.1%`이다. 작은 팔이어서 한계도 작으므로, 세 로봇 가운데 한계
#   대비 비가 가장 크다. 정지 자세를 유지하는 데만 한계의 상당 부분을 쓰는 셈이다.
#
# 이 값들은 **URDF 파일에 적힌 질량과 관성의 모델**이 내는 토크이다. 파일의 관성 값이 CAD에서 온
# 것인지 식별 실험으로 얻은 것인지, 실제 로봇의 측정 토크와 얼마나 맞는지는 이 책이 확인하지 않았다.
# 이 책이 보인 것은 같은 파일을 두 독립 구현이 같은 동역학으로 읽는다는 것까지이다. 실제 로봇의 중력
# 보상에는 식별된 파라미터({doc}`3.7장 <ch3_7_identification>`)와 마찰 모델이 더 필요하다.

# %% [markdown]
# ## 3.2.5.9 이 절에서 확인하지 않은 것
#
# - 실행 시간과 메모리 사용량. 예제 ③이 센 것은 곱셈 횟수이다. 같은 함수들의 실행 시간과 메모리는
#   부록 B가 한 기계에서 잰 값으로 따로 보인다({ref}`sec-b-single`, {ref}`sec-b-batch`).
# - 문헌의 연산량. 희소성을 살린 구현 하나(`rnea_structured`)의 곱셈은 부록 B가 세고
#   ({ref}`sec-b-counts`), 문헌에 실린 최적화 구현의 식과도 그곳에서 나란히 놓는다
#   ({ref}`sec-b-published`). 예제 ③의 횟수는 이 책의 밀집 구현에만 해당한다.
# - 큰 사슬의 수치 거동. 이 절의 무작위 사슬은 {glue:text}`id_n_max`관절까지였다. 관절 64개의 사슬과
#   링크 질량이 $10^{6}$배씩 엇갈리는 사슬은 3.2.10.5절이 잰다({ref}`sec-closing-range`). 그 밖의 구조,
#   예를 들어 특이 자세에 가까운 사슬은 보지 않았다.
# - 강체가 아닌 효과. 예제 ④와 ⑤의 토크와 반력에는 마찰, 모터 회전자의 관성, 감속기의 탄성이 들어
#   있지 않다.
# - 실제 로봇과의 대응. 예제 6R 팔은 이 책이 지어낸 팔이므로, 그 수치로 어떤 제품의 토크나 하중을
#   짐작해서는 안 된다.
