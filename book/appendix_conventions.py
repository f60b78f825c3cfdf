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
# # 부록 A. 규약 변환표
#
# 강체 동역학 라이브러리들은 같은 물리를 계산하지만, 속도와 힘을 벡터로 적는 순서, 벡터를 표현하는
# 좌표계, 모멘트와 관성을 재는 기준점, 외력의 부호, 중력을 건네는 방법, 관절을 나타내는 방식이 저마다
# 다르다. 3.2.5.8절({doc}`ch3_2_examples`의 예제 ⑥)에서 보았듯이 이 가운데 하나만 잘못 옮겨도 토크가
# 반올림 오차와는 비교할 수 없을 만큼 틀린다({numref}`tab-ex-lib-mistakes`). 그 차이만 보아서는
# 알고리즘의 오류와 구별하기 어렵다. 이 부록은 이 책의 규약과
# Pinocchio {cite:p}`carpentier2019pinocchio`, MuJoCo {cite:p}`todorov2012mujoco`, modern_robotics
# {cite:p}`lynch2017modern`, Robotics Toolbox for Python {cite:p}`corke2021toolbox`, 그리고 로봇 기술
# 형식 URDF의 규약을 항목별로 나란히 적은 변환표이다. 관성 항목에는 라이브러리가 아닌 책 하나,
# Featherstone의 *Rigid Body Dynamics Algorithms*(RBDA) {cite:p}`featherstone2008rigid`의 공간 관성도
# 함께 적는다.
#
# 표의 각 행은 그 라이브러리로 해 본 작은 계산으로 정했다. 대부분은 어댑터(`chaindyn.interop`)를 거치지
# 않고 라이브러리에 직접 묻는다. 예를 들어 한 관절짜리 모델에 축 방향 모멘트만 가해 토크의 부호를
# 보거나, 벡터를 만들어 앞 세 성분이 무엇인지 읽는다. 나머지 몇 행은 어댑터를 거친 수치 대조
# (3.2.5.8절), URDF 파일 읽기, 이 책의 구현에 대한 손 계산으로 정했다. RBDA의 행은 그 책의 식을 옮겨
# 적어 이 책의 구현과 견주는 계산으로 정했다. 계산의 목록은 A.8절에 있다. 라이브러리의 새 버전이 규약을
# 바꾸면 그 계산의 결과가 달라지므로, 그때는 이 표의 해당 행을 고쳐야 한다. 표는 아래 버전의
# 라이브러리로 확인했다({numref}`tab-a-versions`; 빌드할 때 설치된 배포판에서 읽음).

# %% mystnb={"markdown_format": "myst"} tags=["hide-input"]
import ast
import importlib.metadata
import importlib.util
import inspect
import sys
import tempfile
from pathlib import Path

import mujoco
import numpy as np
import pinocchio as pin
import roboticstoolbox as rtb
from myst_nb import glue

import chaindyn
from chaindyn_book import claims, crosscheck

sys.path.insert(0, str(Path("..").resolve() / "figsrc"))
from _numbers import fixed, fixed_sig  # noqa: E402  (figsrc/_numbers.py: rounding checked against roundoff)
from _tables import md_table  # noqa: E402  (figsrc/_tables.py: numbered Markdown tables)

TESTS = Path("..").resolve() / "tests" / "library"  # the computations of A.8: library tests
sys.path.insert(0, str(TESTS))  # their helpers _refs (reference libraries) and _robots (URDF)

DISTRIBUTIONS = {"chaindyn (이 책)": "chaindyn", "Pinocchio": "pin", "MuJoCo": "mujoco",
                 "modern_robotics": "modern_robotics",
                 "Robotics Toolbox": "roboticstoolbox-python", "yourdfpy (URDF 읽기)": "yourdfpy"}
md_table(
    ["라이브러리", "배포판", "버전"],
    [[lib, f"`{dist}`", importlib.metadata.version(dist)] for lib, dist in DISTRIBUTIONS.items()],
    "이 부록의 규약을 확인한 라이브러리 버전", "tab-a-versions", align="lll",
)

# %% [markdown]
# ## A.1 표를 읽는 법
#
# 기준은 이 책의 규약이다. `chaindyn`은 Modern Robotics {cite:p}`lynch2017modern`의 표기를 따르되, 링크
# 좌표계를 질량 중심이 아닌 임의의 점에 둘 수 있게 넓혔다. 요약하면 다음과 같다.
#
# - 트위스트 $V = (\omega, v)$, 렌치 $F = (n, f)$. 링크 $i$의 양은 링크 좌표계 $\{i\}$의 축으로 적고,
#   선속도 $v$와 모멘트 $n$은 $\{i\}$의 원점에 대한 것이다.
# - 공간 관성 $\mathcal{G}_i$는 $\{i\}$의 원점에 대한 6×6 행렬이다(회전 블록이 먼저).
# - 말단 렌치 $F_{\mathrm{tip}}$은 말단이 **환경에 가하는** 렌치를 $\{n\}$에서 적은 것이고,
#   $\tau = M(q)\ddot q + h(q, \dot q) + J_b^{\mathsf T}F_{\mathrm{tip}}$이다.
# - 중력은 기저 $\{0\}$에서 적은 중력 벡터 $\mathfrak{g}$이고, 기저의 가속도 $\dot V_0 = (0, -\mathfrak{g})$로
#   넣는다.
#
# 아래 여섯 개의 표는 항목마다 라이브러리별로 세 가지를 적는다. **규약**은 그 라이브러리가 값을 어떻게
# 읽고 내놓는지이다. **이 책의 규약으로**는 `chaindyn.interop`의 어댑터가 그 차이를 어떻게 메우는지이다.
# **확인한 계산**은 그 행을 뒷받침하는 계산의 번호이며, 각 계산이 무엇을 하는지는 A.8절의 표에 있다.
# URDF는 벡터를 주고받는 라이브러리가 아니라 파일 형식이므로 해당하는 항목에만 나온다. RBDA는 책이므로
# 관성 항목에만 나온다.
#
# 기본 중력처럼 라이브러리에 들어 있는 값은 손으로 옮겨 적지 않고, 아래 셀이 빌드할 때 각 라이브러리에서
# 읽어 표에 넣는다.

# %% tags=["hide-input"]
def vec(v):
    """A vector as "(x, y, z)" with the digits the library holds."""
    return "(" + ", ".join(f"{float(x):g}" for x in v) + ")"


g_book = inspect.signature(chaindyn.rnea).parameters["gravity"].default
g_pin = pin.Model().gravity.linear
g_pin_urdf = pin.buildModelFromUrdf(crosscheck.robot_urdf("UR5")[0]).gravity.linear
g_mj = mujoco.MjModel.from_xml_string("<mujoco/>").opt.gravity
g_rtb = rtb.DHRobot([rtb.RevoluteMDH()]).gravity
assert np.array_equal(g_pin, g_mj) and np.array_equal(g_pin, g_rtb)
assert np.array_equal(g_pin, g_pin_urdf)
assert tuple(g_book) == (0.0, 0.0, -chaindyn.STANDARD_GRAVITY)
DEFAULT_G = {"book": vec(g_book), "pin": vec(g_pin), "mj": vec(g_mj), "rtb": vec(g_rtb)}
glue("g_std", chaindyn.STANDARD_GRAVITY, display=False)
glue("g_lib", float(-g_pin[2]), display=False)
g_rel = float((-g_pin[2] - chaindyn.STANDARD_GRAVITY) / chaindyn.STANDARD_GRAVITY)
glue("g_rel", fixed(g_rel, 6), display=False)
G_REF_TORQUE = 10  # N m, a gravity torque of the size of chapter 3.2's arms
g_gap = G_REF_TORQUE * abs(g_rel)  # the torque that the two defaults alone change
glue("g_ref_torque", G_REF_TORQUE, display=False)
glue("g_gap_Nm", fixed_sig(g_gap, 1), display=False)
claims.claim("a-gravity-gap", "반올림 수준보다 훨씬 큰 차이이다", g_gap > 1e-9 * G_REF_TORQUE,
             torque_difference_Nm=g_gap)
for key, value in DEFAULT_G.items():
    print(f"기본 중력 {key:5s}: {value}")

# %% [markdown]
# 아래 셀의 `CONVENTIONS`가 변환표 전체이다. 행 하나는 (항목, 라이브러리, 규약, 이 책의 규약으로 바꾸는
# 법, 확인한 계산) 다섯 칸이다. 마지막 칸은 계산을 담은 함수의 이름이고, 표에는 그 번호가 나온다.

# %% tags=["hide-input"]
FILES = {"conv": "test_conventions.py", "interop": "test_interop.py", "urdf": "test_urdf.py",
         "core": "test_core.py", "body": "test_body.py"}
BOOK, PIN, MJ, MR, RTB, URDF = ("이 책 (chaindyn)", "Pinocchio", "MuJoCo", "modern_robotics",
                                "Robotics Toolbox", "URDF")
RBDA = "RBDA (Featherstone, 책)"
def row(aspect, lib, rule, how, *tests):
    """One row of the table: (aspect, library, convention, how to convert, computations)."""
    return (aspect, lib, " ".join(rule), " ".join(how), list(tests))


CONVENTIONS = [
    # ---------------------------------------------------------------- 성분 순서
    row("order", BOOK,
        [r"트위스트 $V = (\omega, v)$, 렌치 $F = (n, f)$: 각(회전) 성분이 먼저."], ["기준"],
        "conv::test_chaindyn_twist_is_angular_then_linear",
        "conv::test_chaindyn_wrench_is_moment_then_force_about_frame_origin"),
    row("order", PIN,
        ["`pin.Motion`, `pin.Force`와 그 `.vector`, `Inertia.matrix()`는 (선형, 각) 순서.",
         "`.linear`와 `.angular`로 나눠 읽을 수 있다."],
        ["앞뒤 세 성분을 맞바꾼다: `pin.Force(f, m)`."],
        "conv::test_pinocchio_spatial_vectors_are_linear_then_angular"),
    row("order", MJ,
        ["`cvel`과 `cfrc_int`는 (각, 선형). `xfrc_applied`는 (힘, 토크)."],
        ["`cvel`, `cfrc_int`는 순서가 같다. `xfrc_applied`는 맞바꾼다."],
        "conv::test_mujoco_cvel_is_angular_then_linear_at_subtree_com",
        "conv::test_mujoco_xfrc_applied_is_force_then_torque_at_com_in_world",
        "interop::test_mujoco"),
    row("order", MR,
        [r"$(\omega, v)$와 $(n, f)$: 이 책과 같다(`VecTose3`, `Ftip`)."], ["그대로."],
        "conv::test_mr_twist_is_angular_then_linear",
        "conv::test_mr_ftip_is_moment_then_force_applied_by_the_tip"),
    row("order", RTB,
        [r"야코비안 `jacob0`의 행은 $(v, \omega)$, `rne`의 `fext`는 (힘, 모멘트)."],
        ["맞바꾼다(`interop.rtb_fext`)."],
        "conv::test_rtb_jacobian_rows_are_linear_then_angular",
        "conv::test_rtb_fext_is_force_then_moment_applied_by_the_tip"),
    # ---------------------------------------------------------------- 좌표계와 기준점
    row("frame", BOOK,
        [r"링크 $i$의 양은 $\{i\}$의 축으로, 선속도와 모멘트는 $\{i\}$의 원점 기준.",
         r"$\{i\}$는 질량 중심이나 관절 축 위에 있을 필요가 없다.",
         r"홈 자세 $M_{i,i-1}$은 $\{i\}$에서 본 $\{i-1\}$."],
        ["기준"],
        "conv::test_chaindyn_twist_is_angular_then_linear",
        "conv::test_chaindyn_wrench_is_moment_then_force_about_frame_origin"),
    row("frame", PIN,
        ["관절 좌표계(관절 축이 원점을 지난다)의 축과 원점 기준: `data.f`, `fext`.",
         "`jointPlacements`는 부모 관절 좌표계에서 본 자식 관절 좌표계의 자세."],
        [r"관절 좌표계를 $\{i\}$에서 축 위의 점 $r_i$로 옮겨 두고(`interop.axis_points`),",
         r"렌치를 $\mathrm{Ad}^{\mathsf T}$로 옮긴다(`interop.pinocchio_joint_wrenches`)."],
        "conv::test_pinocchio_fext_acts_on_the_body_in_the_joint_frame",
        "interop::test_pinocchio", "interop::test_pinocchio_model_self_consistent"),
    row("frame", MJ,
        ["세계 좌표계의 축. `cvel`과 `cfrc_int`의 기준점은 나무(뿌리 몸체 아래 전체)마다",
         "하나인 `subtree_com[body_rootid]`, `xfrc_applied`의 기준점은 몸체의 질량 중심",
         r"`xipos`. 몸체는 `pos`와 사원수 `quat` $= (w, x, y, z)$로 놓는다.",
         "각도의 기본 단위는 도(°)."],
        [r"모멘트를 $n_o = n_c + (c - o)\times f$로 몸체 원점에 옮기고 `xmat`의 전치로",
         "돌린다(`interop.mujoco_joint_wrenches`). MJCF에 `angle=\"radian\"`."],
        "conv::test_mujoco_cvel_is_angular_then_linear_at_subtree_com",
        "conv::test_mujoco_defaults_gravity_and_degrees", "interop::test_mujoco",
        "interop::test_quaternion_helper_matches_mujoco"),
    row("frame", MR,
        ["링크 좌표계를 질량 중심에 둔다. `Mlist`는 질량 중심 좌표계 사이의 홈 자세",
         "(마지막은 도구 좌표계), `Slist`는 기저 좌표계에서 본 스크루 축."],
        [r"$\{i\}$를 질량 중심으로 옮긴 좌표계를 만든다(`interop.to_modern_robotics`)."],
        "interop::test_modern_robotics_lists_and_tool_frame",
        "conv::test_mr_inertia_in_com_frame_rotational_block_first"),
    row("frame", RTB,
        ["수정 DH 링크(`RevoluteMDH`, Craig의 규약)의 좌표계. `jacob0`은 기저 좌표계에서",
         "적는다. 표준 DH 링크(`RevoluteDH`)의 규약은 이 표에 없다(A.9절)."],
        [r"같은 수정 DH 행이면 $\{i\}$도 같다(`Chain.from_mdh`, `interop.to_rtb`)."],
        "interop::test_rtb", "conv::test_rtb_jacobian_rows_are_linear_then_angular"),
    row("frame", URDF,
        ["링크 좌표계 = 부모 관절의 좌표계. 관절의 `<origin xyz rpy>`가 $q = 0$에서",
         "자식 링크의 좌표계를 부모 링크의 좌표계에 놓는다.",
         r"`rpy`는 $R = R_z(y)R_y(p)R_x(r)$(고정축 x, y, z).",
         r"`<axis>`는 관절 좌표계에서 적고, 없으면 $(1, 0, 0)$."],
        [r"경로를 따라 $M_{i,i-1}$과 $A_i$를 만든다(`urdf.chain_from_urdf`)."],
        "conv::test_urdf_origin_rpy_is_fixed_axis_xyz", "conv::test_urdf_axis_defaults_to_x"),
    # ---------------------------------------------------------------- 관성
    row("inertia", BOOK,
        [r"공간 관성 $\mathcal{G}_i$(6×6)는 $\{i\}$의 원점 기준, 회전 블록이 먼저:",
         r"$\mathcal{G}_i = [[I_c - m[c]^2,\ m[c]],\ [-m[c],\ m\mathbf{1}]]$.",
         r"`Chain`은 $m$, $c$, $I_c$도 돌려준다."],
        ["기준"],
        "conv::test_chaindyn_inertia_is_about_the_frame_origin"),
    row("inertia", RBDA,
        [r"공간 관성 $I_O$(6×6)는 임의의 점 $O$에 둔 Plücker 좌표계에서 적고, 회전 성분이 먼저:",
         r"$I_O = [[\bar I_C + m\,c\times c\times^{\mathsf T},\ m\,c\times],\ [m\,c\times^{\mathsf T},\ m\mathbf{1}]]$",
         r"(식 (2.63), 33쪽; $c\times = [c]$). 좌표 변환은 ${}^B I = {}^B X_A^{*}\,{}^A I\,{}^A X_B$",
         "(식 (2.66), 34쪽)."],
        [r"그대로: $c\times^{\mathsf T} = -[c]$이므로 $\mathcal{G}$와 같은 행렬이고, 식 (2.66)은",
         r"$\mathcal{G}_a = \mathrm{Ad}_{T_{ba}}^{\mathsf T}\mathcal{G}_b\mathrm{Ad}_{T_{ba}}$이다."],
        "body::test_rbda_eq_2_63_and_2_66_are_the_books_spatial_inertia_and_frame_change"),
    row("inertia", PIN,
        [r"`pin.Inertia(m, lever, I_c)`: `lever`는 관절 좌표계에서 본 질량 중심,",
         r"$I_c$는 질량 중심에 대한 관성(관절 좌표계의 축).",
         r"`matrix()`는 관절 좌표계 원점에 대한 6×6을 (선형, 각) 순서로 준다:",
         r"$[[m\mathbf{1},\ -m[c]],\ [m[c],\ I_o]]$. `se3Action(M)`은 같은 관성을",
         "자세 `M`만큼 옮긴 좌표계에서 적는다."],
        [r"$c_i - r_i$와 $I_c$를 넣는다(관절 좌표계의 축이 $\{i\}$와 나란하다).",
         r"`matrix()`는 3×3 블록을 맞바꾸면 $\mathcal{G}$이다: $P\,\mathcal{G}\,P$,",
         r"$P = [[0, \mathbf{1}], [\mathbf{1}, 0]]$. 좌표계를 바꾸는 `se3Action(pin.SE3(R, p))`는",
         r"$\mathrm{Ad}_{T_{ba}}^{\mathsf T}\mathcal{G}_b\mathrm{Ad}_{T_{ba}}$에 해당한다."],
        "conv::test_pinocchio_inertia_is_lever_and_com_inertia",
        "conv::test_pinocchio_inertia_se3action_is_the_frame_change_of_the_6x6"),
    row("inertia", MJ,
        ["`<inertial pos mass fullinertia>`: 질량 중심에 대한 관성을 몸체 축으로,",
         "순서 `Ixx Iyy Izz Ixy Ixz Iyz`. 내부에는 주관성 `body_inertia`와 그 방향",
         "`body_iquat`로 저장한다. `fullinertia`와 `quat`는 함께 쓸 수 없다."],
        ["질량 중심과 $I_c$를 그대로 적는다(`interop.to_mujoco`)."],
        "conv::test_mujoco_fullinertia_is_about_the_com_in_body_axes",
        "interop::test_mujoco_mjcf_settings_and_kinematics"),
    row("inertia", MR,
        [r"$G_i = \mathrm{diag}(I_c, m\mathbf{1})$, 질량 중심 좌표계, 회전 블록이 먼저.",
         "$I_c$가 대각일 필요는 없다."],
        ["$I_c$와 $m$을 넣는다(`interop.to_modern_robotics`)."],
        "conv::test_mr_inertia_in_com_frame_rotational_block_first"),
    row("inertia", RTB,
        ["질량 `m`, 링크 좌표계의 질량 중심 `r`, 질량 중심에 대한 관성 `I`(3×3 또는",
         "6-벡터 `[Ixx Iyy Izz Ixy Iyz Ixz]`: MuJoCo의 `fullinertia`와 뒤 두 성분의",
         "순서가 다르다)."],
        ["$m$, $c_i$, 3×3 $I_c$를 넣는다(`interop.to_rtb`)."],
        "conv::test_rtb_inertia_vector_order"),
    row("inertia", URDF,
        ["`<inertial><origin>`이 질량 중심의 위치와 관성 텐서의 축을 정하고,",
         "`<inertia>`는 그 축으로 적은 질량 중심 기준 값."],
        [r"링크 축으로 $R I R^{\mathsf T}$만큼 돌린다(`chaindyn.urdf`)."],
        "urdf::test_case_g4_inertial_rotation_yaw", "urdf::test_case_g4_inertia_about_the_com"),
    # ---------------------------------------------------------------- 말단 렌치
    row("tip", BOOK,
        [r"`f_tip` $= F_{\mathrm{tip}} = (n, f)$는 말단이 **환경에 가하는** 렌치,",
         r"$\{n\}$의 축과 원점 기준. $\tau = \mathrm{ID} + J_b^{\mathsf T}F_{\mathrm{tip}}$."],
        ["기준"],
        "core::test_tip_wrench_sign_pushing_down"),
    row("tip", PIN,
        [r"`fext[j]`는 몸체 $j$가 **받는** 렌치, 관절 $j$의 좌표계, (선형, 각).",
         r"`rnea`는 $\mathrm{ID} - \sum_j J_j^{\mathsf T}f_j$를 돌려준다."],
        ["부호를 바꾸고, 순서를 바꾸고, 관절 좌표계로 옮긴다(`interop.pinocchio_fext`)."],
        "conv::test_pinocchio_fext_acts_on_the_body_in_the_joint_frame",
        "interop::test_pinocchio_model_self_consistent"),
    row("tip", MJ,
        ["역동역학에 말단 렌치 인자가 없다. `xfrc_applied`(몸체가 받는 (힘, 토크),",
         "세계 축, 질량 중심 기준)는 `mj_forward`와 `mj_rnePostConstraint`가 쓰고",
         "`mj_inverse`는 무시한다."],
        [r"`mj_inverse`의 결과에 `mj_applyFT`로 $J^{\mathsf T}F_{\mathrm{tip}}$을 더한다",
         "(`interop.mujoco_tip_qfrc`). 순동역학에는 `interop.mujoco_xfrc_tip`."],
        "conv::test_mujoco_xfrc_applied_is_force_then_torque_at_com_in_world",
        "conv::test_mujoco_inverse_reads_qacc_from_the_buffer",
        "interop::test_mujoco"),
    row("tip", MR,
        ["`Ftip`은 말단이 가하는 $(n, f)$, 도구 좌표계(`Mlist`의 마지막)에서 적는다."],
        [r"부호는 그대로. 도구 좌표계가 $\{n\}$이 아니면 $\mathrm{Ad}^{\mathsf T}$로 옮긴다",
         "(`interop.mr_ftip`)."],
        "conv::test_mr_ftip_is_moment_then_force_applied_by_the_tip",
        "interop::test_modern_robotics_lists_and_tool_frame"),
    row("tip", RTB,
        ["`rne(..., fext=W)`의 `W`는 말단이 가하는 (힘, 모멘트),",
         r"마지막 링크 좌표계 $\{n\}$."],
        ["절반을 맞바꾼다(`interop.rtb_fext`)."],
        "conv::test_rtb_fext_is_force_then_moment_applied_by_the_tip", "interop::test_rtb"),
    # ---------------------------------------------------------------- 중력
    row("gravity", BOOK,
        [rf"기저 $\{{0\}}$의 중력 벡터, 기본값 {DEFAULT_G['book']}.",
         r"기저 가속도 $\dot V_0 = (0, -\mathfrak{g})$로 넣는다."],
        ["기준"],
        "conv::test_chaindyn_default_gravity"),
    row("gravity", PIN,
        ["`model.gravity`(`pin.Motion`, 선형 부분이 중력 벡터),",
         f"기본값 {DEFAULT_G['pin']}. URDF 파서로 만든 모델도 같다."],
        ["`model.gravity = pin.Motion(g, 0)`(`interop.to_pinocchio`)."],
        "conv::test_pinocchio_default_gravity"),
    row("gravity", MJ,
        [f"`<option gravity>`(`model.opt.gravity`), 기본값 {DEFAULT_G['mj']}."],
        ["MJCF에 적는다(`interop.to_mujoco`)."],
        "conv::test_mujoco_defaults_gravity_and_degrees"),
    row("gravity", MR,
        ["함수마다 인자 `g`(중력 벡터 자체). 기본값이 없다."], ["그대로 건넨다."],
        "conv::test_mr_gravity_is_a_required_vector"),
    row("gravity", RTB,
        [f"`robot.gravity`, 기본값 {DEFAULT_G['rtb']}.",
         "`rne`, `gravload`의 `gravity` 인자도 중력 벡터 자체."],
        ["`DHRobot(..., gravity=g)`와 `rne(..., gravity=g)`(`interop.to_rtb`)."],
        "conv::test_rtb_gravity_argument_is_the_gravity_vector"),
    row("gravity", URDF,
        ["중력을 적는 요소가 없다. 파일을 읽는 쪽의 기본값이 들어간다",
         f"(Pinocchio의 URDF 파서는 {DEFAULT_G['pin']})."],
        ["읽은 뒤에 중력을 따로 정한다."],
        "conv::test_pinocchio_default_gravity"),
    # ---------------------------------------------------------------- 관절
    row("joint", BOOK,
        [r"1자유도 회전·직동 관절. 스크루 축 $A_i$의 $\omega \neq 0$이면 회전,",
         r"$\omega = 0$이면 직동. $n_q = n_v = n$."],
        ["기준"],
        "conv::test_chaindyn_joint_type_from_screw"),
    row("joint", PIN,
        ["`JointModelRX`·`RY`·`RZ`, `RevoluteUnaligned`, `PrismaticUnaligned` 등은",
         r"$n_q = n_v$. URDF의 `continuous`는 $(\cos q, \sin q)$로 나타내는 무한 회전",
         r"관절이 되어 $n_q = 2n_v$."],
        ["어댑터는 `RevoluteUnaligned`·`PrismaticUnaligned`를 쓰고, 생성하는 URDF에는",
         "한계가 넓은 `revolute`를 쓴다."],
        "urdf::test_continuous_joint_is_revolute", "interop::test_pinocchio"),
    row("joint", MJ,
        ["`hinge`(축이 `pos`를 지나는 회전)와 `slide`(직동). 관절의 `armature`는",
         "질량 행렬의 대각에, `damping`과 `stiffness`는 수동 힘 `qfrc_passive`에 들어간다."],
        ["`frictionloss`와 관절 범위까지 모두 0 또는 없음으로 둔다(`interop.to_mujoco`)."],
        "conv::test_mujoco_joint_terms_enter_the_dynamics",
        "interop::test_mujoco_mjcf_settings_and_kinematics", "interop::test_mujoco"),
    row("joint", MR,
        [r"`Slist`의 열이 관절: 회전 $(\omega, -\omega\times q)$, 직동 $(0, v)$."],
        [r"$\mathrm{Ad}_{T_{0,i}(0)}A_i$로 만든다(`interop.to_modern_robotics`)."],
        "interop::test_modern_robotics"),
    row("joint", RTB,
        ["`RevoluteMDH`·`PrismaticMDH`(수정 DH 링크).",
         r"`rne`는 모터 관성 $J_m G^2\ddot q$, 점성 마찰 $B G^2\dot q$, 쿨롱 마찰",
         r"$T_c G$를 더한다. 새로 만든 링크는 0이지만 도구상자의 로봇 모델",
         "(예: Puma 560)에는 값이 있다."],
        ["`Jm`, `B`, `Tc`를 0으로 둔다(`interop.to_rtb`)."],
        "conv::test_rtb_rne_adds_motor_inertia_and_friction", "interop::test_rtb"),
    row("joint", URDF,
        ["`revolute`, `continuous`, `prismatic`, `fixed`, `floating`, `planar`."],
        ["`continuous`는 회전 관절로 읽고, 기저–끝 경로 밖의 관절은 0에 고정해 몸체에",
         "합친다. `mimic`은 지원하지 않고, 한계·감쇠·마찰은 읽지 않는다(`chaindyn.urdf`)."],
        "urdf::test_continuous_joint_is_revolute",
        "urdf::test_branch_locked_at_zero_and_merged"),
]

#: What each computation does, in words for the reader (the tables cite them by number, A.8).
CHECKS = {
    "conv::test_chaindyn_twist_is_angular_then_linear":
        r"관절 1만 돌린 두 링크 사슬의 `link_twists`를 읽는다. 링크 2의 앞 세 성분은 각속도, 뒤 세 성분은 $\{2\}$ 원점의 속도 $\omega\times r$이다.",
    "conv::test_chaindyn_wrench_is_moment_then_force_about_frame_origin":
        r"질량 중심이 원점 밖에 있는 링크 하나를 중력에 맞서 세워 두고 `joint_wrenches`를 읽는다. 앞 세 성분이 $\{1\}$ 원점에 대한 모멘트이다.",
    "conv::test_chaindyn_inertia_is_about_the_frame_origin":
        r"`spatial_inertia`의 네 블록을 평행축 정리의 식과 견주고, `Chain`이 $m$, $c$, $I_c$를 되돌려 주는지 본다.",
    "conv::test_chaindyn_default_gravity":
        r"`rnea` 등 네 함수의 `gravity` 기본값을 읽고, 수평 링크 하나의 중력 토크가 $m\mathrm{g}_0 r$인지 본다.",
    "conv::test_chaindyn_joint_type_from_screw":
        r"회전 관절과 직동 관절을 하나씩 둔 사슬의 `joint_types`와 토크 벡터의 길이를 본다.",
    "conv::test_pinocchio_spatial_vectors_are_linear_then_angular":
        r"`pin.Motion`과 `pin.Force`를 만들어 `.vector`의 앞 세 성분이 선형 부분인지 본다.",
    "conv::test_pinocchio_inertia_is_lever_and_com_inertia":
        r"`pin.Inertia(m, lever, I_c).matrix()`를 이 책의 $\mathcal{G}$에서 두 블록을 맞바꾼 행렬과 견준다.",
    "conv::test_pinocchio_inertia_se3action_is_the_frame_change_of_the_6x6":
        r"`pin.Inertia(...).se3Action(pin.SE3(R, p)).matrix()`를 이 책의 $\mathrm{Ad}_{T_{ba}}^{\mathsf T}\mathcal{G}_b\mathrm{Ad}_{T_{ba}}$에서 블록을 맞바꾼 행렬, 그리고 처음부터 새 좌표계에서 만든 `pin.Inertia`와 견준다.",
    "body::test_rbda_eq_2_63_and_2_66_are_the_books_spatial_inertia_and_frame_change":
        r"RBDA의 식 (2.63)과 변환 식 (2.25), (2.26), (2.66)을 그대로 옮겨 적어, `spatial_inertia`와 $\mathrm{Ad}_{T_{ba}}^{\mathsf T}\mathcal{G}_b\mathrm{Ad}_{T_{ba}}$, 그리고 새 좌표계에서 바로 만든 $\mathcal{G}_a$와 견준다. 라이브러리에 묻는 계산이 아니다.",
    "conv::test_pinocchio_fext_acts_on_the_body_in_the_joint_frame":
        r"축을 돌려 놓은 관절 하나에 `fext`로 순수 모멘트를 건다. 관절 좌표계의 축 방향 모멘트이면 토크가 $-1$이고, 다른 방향의 모멘트나 힘이면 0이다.",
    "conv::test_pinocchio_default_gravity":
        r"빈 `pin.Model()`과 URDF로 만든 모델의 `gravity`를 읽는다.",
    "conv::test_mujoco_cvel_is_angular_then_linear_at_subtree_com":
        r"두 몸체 모델의 `cvel`을 각속도, 그리고 `subtree_com`에 있는 몸체 점의 속도(수치 미분)와 견준다.",
    "conv::test_mujoco_xfrc_applied_is_force_then_torque_at_com_in_world":
        r"몸체 하나에 `xfrc_applied`로 힘과 토크를 따로 걸어 `mj_forward`의 가속도를 보고, `mj_inverse`가 그 외력을 쓰지 않는지 본다.",
    "conv::test_mujoco_inverse_reads_qacc_from_the_buffer":
        r"`mj_forward`를 부른 뒤 `qacc`를 채우지 않고 `mj_inverse`를 부른다. 버퍼에 남은 가속도의 토크가 나오므로, `mj_inverse` 앞에는 매번 `qacc`를 채운다.",
    "conv::test_mujoco_fullinertia_is_about_the_com_in_body_axes":
        r"`fullinertia`로 적은 관성을 `body_inertia`와 `body_iquat`에서 되살리고, `quat`와 함께 쓰면 거부되는지 본다.",
    "conv::test_mujoco_joint_terms_enter_the_dynamics":
        r"`armature`, `damping`, `stiffness`를 준 관절에서 질량 행렬의 대각과 `qfrc_passive`를 읽는다.",
    "conv::test_mujoco_defaults_gravity_and_degrees":
        r"빈 모델의 중력을 읽고, 단위를 적지 않은 관절 `range`가 도로 읽히는지 본다.",
    "conv::test_mr_twist_is_angular_then_linear":
        r"`VecTose3`가 앞 세 성분을 반대칭 행렬의 자리에 놓는지 본다.",
    "conv::test_mr_ftip_is_moment_then_force_applied_by_the_tip":
        r"링크 하나의 `InverseDynamics`에 `Ftip`으로 모멘트와 힘을 따로 넣어 토크의 부호와 크기를 본다.",
    "conv::test_mr_gravity_is_a_required_vector":
        r"`g`에 기본값이 없음을 함수 서명에서 보고, $-y$ 방향 중력에서 수평 링크의 `GravityForces`를 본다.",
    "conv::test_mr_inertia_in_com_frame_rotational_block_first":
        r"링크 하나의 `MassMatrix`가 $I_{zz} + m r^2$인지 본다.",
    "conv::test_rtb_jacobian_rows_are_linear_then_angular":
        r"두 링크 로봇의 `jacob0` 첫 열에서 선속도 성분이 먼저 오는지 본다.",
    "conv::test_rtb_fext_is_force_then_moment_applied_by_the_tip":
        r"링크 하나의 `rne`에 `fext`로 축 방향 모멘트와 축을 지나는 힘을 따로 넣는다.",
    "conv::test_rtb_inertia_vector_order":
        r"6-벡터로 준 `I`가 어떤 3×3 행렬이 되는지 읽고, 링크 하나의 `inertia`를 본다.",
    "conv::test_rtb_gravity_argument_is_the_gravity_vector":
        r"`robot.gravity`를 읽고, $-y$ 방향 중력에서 수평 링크의 `gravload`를 본다.",
    "conv::test_rtb_rne_adds_motor_inertia_and_friction":
        r"`Jm`, `B`, `Tc`를 하나씩 준 링크에서 `rne`가 더하는 토크를 보고, Puma 560 모델의 값을 읽는다.",
    "conv::test_urdf_origin_rpy_is_fixed_axis_xyz":
        r"`rpy`를 준 관절 하나를 이 책의 읽기와 Pinocchio의 파서로 읽어 $R_z R_y R_x$와 견준다.",
    "conv::test_urdf_axis_defaults_to_x":
        r"`<axis>`가 없는 관절을 이 책의 읽기와 Pinocchio의 파서로 읽어 축이 $x$인지 본다.",
    "interop::test_mujoco":
        r"어댑터로 옮긴 여러 사슬에서 토크, 질량 행렬, 관절 렌치를 MuJoCo와 대조한다(3.2.5.8절).",
    "interop::test_pinocchio":
        r"어댑터로 옮긴 여러 사슬에서 토크와 관절 렌치를 Pinocchio와 대조한다(3.2.5.8절).",
    "interop::test_pinocchio_model_self_consistent":
        r"어댑터가 만든 Pinocchio 모델의 중력, 질량, 링크 자세, 운동 에너지, 말단 렌치의 토크를 이 책의 계산과 견준다.",
    "interop::test_quaternion_helper_matches_mujoco":
        r"회전 행렬을 사원수로 바꾸는 어댑터의 도우미를 MuJoCo의 변환과 견준다.",
    "interop::test_modern_robotics_lists_and_tool_frame":
        r"어댑터가 만든 `Mlist`, `Glist`, `Slist`로 순기구학을 견주고, 도구 좌표계를 따로 둔 토크를 견준다.",
    "interop::test_modern_robotics":
        r"어댑터로 옮긴 여러 사슬에서 토크를 modern_robotics와 대조한다(3.2.5.8절).",
    "interop::test_rtb":
        r"같은 수정 DH 행으로 만든 로봇의 토크를 Robotics Toolbox와 대조한다(모터 관성과 마찰은 0).",
    "interop::test_mujoco_mjcf_settings_and_kinematics":
        r"어댑터가 쓴 MJCF의 설정(각도 단위, 접촉, 관절 항)과 몸체의 질량·자세를 본다.",
    "urdf::test_case_g4_inertial_rotation_yaw":
        r"관성의 축을 $z$축 둘레로 돌려 적은 링크 하나를 읽어, 정지에서 가속할 때의 토크를 본다.",
    "urdf::test_case_g4_inertia_about_the_com":
        r"질량 중심이 관절 밖에 있는 링크 하나를 읽어 질량 행렬이 $I_{zz} + m r^2$인지 본다.",
    "urdf::test_continuous_joint_is_revolute":
        r"`continuous` 관절을 회전 관절로 읽는지 보고, Pinocchio에서는 $n_q = 2n_v$가 되는지 본다.",
    "urdf::test_branch_locked_at_zero_and_merged":
        r"곁가지가 달린 URDF를 읽어 곁가지를 0에 고정해 합친 결과를 Pinocchio의 같은 처리와 견준다.",
    "core::test_tip_wrench_sign_pushing_down":
        r"수평 링크의 끝이 아래로 누를 때 관절이 내야 하는 토크의 부호를 손으로 푼 값과 견준다.",
}

# 확인한 계산이 모두 실제로 있는지, 이름이 파일 사이에서 겹치지 않는지, 모두 설명이 있는지 본다.
defined = {}
for short, fname in FILES.items():
    tree = ast.parse((TESTS / fname).read_text(encoding="utf-8"))
    defined[short] = {node.name for node in tree.body
                      if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")}
cited = sorted({t for *_, tests in CONVENTIONS for t in tests})
missing = [t for t in cited if t.split("::")[1] not in defined[t.split("::")[0]]]
assert not missing, missing
names = [t.split("::")[1] for t in cited]
assert len(names) == len(set(names)), "a test name is cited from two files"
ASPECTS = {"order": "성분 순서", "frame": "좌표계와 기준점", "inertia": "관성",
           "tip": "말단 렌치", "gravity": "중력", "joint": "관절"}
assert {a for a, *_ in CONVENTIONS} == set(ASPECTS)
assert set(CHECKS) == set(cited), sorted(set(CHECKS) ^ set(cited))
# 계산의 번호: 표에 처음 나오는 차례
NUMBER = {}
for *_, tests in CONVENTIONS:
    for t in tests:
        NUMBER.setdefault(t, len(NUMBER) + 1)
glue("a_rows", len(CONVENTIONS), display=False)
glue("a_checks", len(cited), display=False)
glue("a_direct", sum(t.startswith("conv::") for t in cited), display=False)
glue("a_rerun", len(defined["conv"]), display=False)
print(f"변환표 {len(CONVENTIONS)}행, 확인한 계산 {len(cited)}개")


def table(aspect, caption, name):
    rows = [[lib, rule, how, ", ".join(str(NUMBER[t]) for t in tests)]
            for a, lib, rule, how, tests in CONVENTIONS if a == aspect]
    return md_table(["라이브러리", "규약", "이 책의 규약으로", "확인한 계산"], rows, caption, name,
                    align="llll")


# %% [markdown]
# ## A.2 성분 순서
#
# 6차원 속도(트위스트)와 6차원 힘(렌치)을 벡터 하나로 적을 때 회전 성분과 병진 성분 가운데 어느 것을
# 앞에 두는지의 차이이다. 순서를 잘못 읽으면 각속도가 선속도로, 모멘트가 힘으로 들어가므로 단위조차 맞지
# 않는 값이 섞인다. 같은 라이브러리 안에서도 양에 따라 순서가 다를 수 있다는 점(MuJoCo의 `cvel`·
# `cfrc_int`와 `xfrc_applied`, Robotics Toolbox의 야코비안과 `fext`)에 주의한다.

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
table("order", "트위스트와 렌치의 성분 순서", "tab-a-order")

# %% [markdown]
# ## A.3 좌표계와 모멘트의 기준점
#
# 벡터의 성분을 어느 좌표계의 축으로 적는지, 그리고 선속도와 모멘트를 어느 점에 대해 재는지이다.
# 모멘트는 기준점을 $p_{\mathrm{old}}$에서 $p_{\mathrm{new}}$로 옮기면
# $n_{\mathrm{new}} = n_{\mathrm{old}} + (p_{\mathrm{old}} - p_{\mathrm{new}}) \times f$로 바뀐다. 그러므로 축을
# 맞게 돌려도 기준점이 다르면 값이 틀린다. MuJoCo의 `cfrc_int`가 대표적인 예이다.
# 모멘트가 각 몸체가 아니라 나무 전체에 하나인 점에 대한 것이어서, 관절 반력으로 읽으려면 관절마다
# 옮겨야 한다.

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
table("frame", "좌표계와 모멘트의 기준점", "tab-a-frame")

# %% [markdown]
# ## A.4 관성
#
# 관성은 세 가지가 다를 수 있다. 어느 점에 대한 값인지(질량 중심인지 좌표계 원점인지), 어느 축으로 적었는지,
# 그리고 성분을 어떤 순서로 늘어놓는지이다. 라이브러리 가운데 이 책만 임의의 좌표계 원점에 대한 6×6
# 공간 관성을 기본 양으로 쓴다. 책으로는 RBDA가 같은 행렬을 같은 (각, 선형) 순서로 쓴다(RBDA 식 (2.63),
# 33쪽). Pinocchio, MuJoCo, Robotics Toolbox는 질량 중심에 대한 3×3 관성과 질량 중심의 위치를 따로 받는다.
# 그 가운데 Pinocchio는 관절 좌표계 원점에 대한 6×6 행렬도 `matrix()`로 내준다. 다만 선형 성분이
# 먼저이므로 3×3 블록의 자리가 이 책과 반대이다. modern_robotics는 링크 좌표계를 질량 중심에 두므로
# 6×6 행렬이 $\mathrm{diag}(I_c, m\mathbf{1})$이 된다. 원점과 질량 중심 사이는 평행축 정리
# $I_o = I_c - m[c]^2$로 옮긴다. 6개 성분을 나열하는 순서가 MuJoCo와 Robotics Toolbox에서 다르다는 점도
# 실수하기 쉽다.
#
# 좌표계를 $\{b\}$에서 $\{a\}$로 바꿀 때는 6×6 행렬의 양쪽에 수반 행렬을 곱한다:
# $\mathcal{G}_a = \mathrm{Ad}_{T_{ba}}^{\mathsf T}\mathcal{G}_b\mathrm{Ad}_{T_{ba}}$. 이 식의 유도는
# 3.1.3절에 있다. RBDA의 식 (2.66)(34쪽)과 Pinocchio의 `se3Action`이 같은 변환을 한다. 아래 표의 RBDA와
# Pinocchio 행이 이 두 변환을 옮겨 적는다.

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
table("inertia", "관성을 적는 방식", "tab-a-inertia")

# %% [markdown]
# ## A.5 말단 렌치
#
# 말단이 환경과 힘을 주고받을 때의 렌치이다. 세 가지를 확인한다. 누가 누구에게 가하는 렌치인지(부호),
# 어느 좌표계와 기준점으로 적는지, 그리고 역동역학 함수가 그 렌치를 실제로 쓰는지이다. 이 책과
# modern_robotics, Robotics Toolbox는 말단이 **가하는** 렌치를 받고 토크에 $+J^{\mathsf T}F$를 더한다.
# Pinocchio는 몸체가 **받는** 렌치를 받으므로 부호가 반대이다. MuJoCo의 역동역학 `mj_inverse`는 외력을
# 아예 보지 않는다.

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
table("tip", "말단 렌치의 부호와 좌표계", "tab-a-tip")

# %% [markdown]
# ## A.6 중력
#
# 다섯 라이브러리 모두 중력을 "중력 가속도 벡터"로 받는다(위쪽 가속도가 아니라 아래를 향하는 벡터). 다른
# 것은 기본값과 건네는 방법이다. 이 책은 표준 중력 {glue:text}`g_std` m/s²를 쓰고, Pinocchio, MuJoCo,
# Robotics Toolbox의 기본값은 {glue:text}`g_lib` m/s²이다.
#
# % claim: a-gravity-gap
#
# 두 기본값의 상대 차이는 {glue:text}`g_rel:.3%`로 작다. 그래도 중력 토크가 {glue:text}`g_ref_torque` N·m인
# 관절에서는 기본값의 차이만으로 토크가 {glue:text}`g_gap_Nm` N·m 달라진다. 반올림 수준보다 훨씬 큰
# 차이이다(3.2.5.8.4절의 {numref}`tab-ex-lib-mistakes`). 대조할 때는 양쪽에 같은 중력 벡터를 명시적으로 준다.

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
table("gravity", "중력을 건네는 방법과 기본값(빌드할 때 각 라이브러리에서 읽은 값, m/s²)",
      "tab-a-gravity")

# %% [markdown]
# ## A.7 관절 종류
#
# 이 책의 사슬은 1자유도 회전·직동 관절만 가진다. 다른 라이브러리는 관절 종류가 더 많고, 관절에 동역학
# 이외의 항(모터 관성, 마찰, 스프링, 관절 한계의 구속력)을 붙일 수 있다. 강체 동역학끼리 비교하려면 그런
# 항을 모두 꺼야 한다. 또 Pinocchio가 URDF의 `continuous` 관절을 두 개의 위치 좌표로 나타내는 것처럼,
# 위치 좌표의 수 $n_q$와 속도 좌표의 수 $n_v$가 다를 수 있다.

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
table("joint", "관절 종류와 좌표 수", "tab-a-joint")

# %% [markdown]
# ## A.8 규약을 확인한 계산
#
# 여섯 표의 {glue:text}`a_rows`개 행은 모두 {glue:text}`a_checks`개의 계산으로 정했다. 아래 표는 그 계산을
# 번호 차례로 적고, 각 계산이 무엇을 하는지와 어느 행을 뒷받침하는지를 보인다. 그 가운데
# {glue:text}`a_direct`개는 어댑터를 거치지 않고 한 라이브러리에 직접 묻는 계산이다. 대개 링크 한두 개짜리
# 모델 하나를 만들고 값 하나를 읽는다. 나머지는 어댑터를 거친 대조, URDF 파일 읽기, 이 책의 구현에
# 대한 손 계산이다. RBDA의 식을 옮겨 적어 이 책의 구현과 견주는 계산도 여기에 든다.

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
supports = {}
for aspect, lib, *_, tests in CONVENTIONS:
    for t in tests:
        supports.setdefault(t, []).append(f"{lib}: {ASPECTS[aspect]}")
md_table(
    ["번호", "계산", "뒷받침하는 행"],
    [[NUMBER[t], CHECKS[t], "; ".join(supports[t])] for t in sorted(cited, key=NUMBER.get)],
    "변환표의 규약을 확인한 계산", "tab-a-tests", align="rll", widths=(8, 52, 40),
)

# %% [markdown]
# 아래 셀은 이 쪽을 만들 때 라이브러리에 직접 묻는 계산 {glue:text}`a_rerun`개를 차례로 다시 실행한다.

# %% tags=["hide-input"]
# 계산은 tests/library/test_conventions.py의 함수들이다; pytest 없이 차례로 부른다.
spec = importlib.util.spec_from_file_location("test_conventions", TESTS / "test_conventions.py")
conv = importlib.util.module_from_spec(spec)
spec.loader.exec_module(conv)
ran = []
for name in sorted(defined["conv"]):
    computation = getattr(conv, name)
    if "tmp_path" in inspect.signature(computation).parameters:
        with tempfile.TemporaryDirectory() as tmp:
            computation(tmp_path=Path(tmp))
    else:
        computation()
    ran.append(name)
assert len(ran) == len(defined["conv"])
uncited = sorted(set(defined["conv"]) - {t.split("::")[1] for t in cited if t.startswith("conv::")})
assert not uncited, uncited
print(f"라이브러리에 직접 묻는 계산 {len(ran)}개를 다시 실행했다")

# %% [markdown]
# 몇 가지는 결과를 눈으로 보는 편이 빠르다. 아래 셀은 Pinocchio와 Robotics Toolbox의 성분 순서, MuJoCo의
# `mj_inverse`가 `xfrc_applied`를 무시하는 모습을 보인다. MuJoCo 예는 $z$축 둘레로 도는 몸체 하나에
# 축 방향 토크를 외력으로 걸어 두고 역동역학을 부른 것이다. 같은 토크가 순동역학(`mj_forward`)에는
# 들어가므로 가속도가 생기지만, 그 가속도를 채운 채 부른 `mj_inverse`는 외력 없이 그 가속도를 내는 데
# 드는 토크를 돌려준다.

# %%
m = pin.Motion(np.array([1.0, 2.0, 3.0]), np.array([4.0, 5.0, 6.0]))
print("Pinocchio: Motion(linear=(1,2,3), angular=(4,5,6)).vector =", m.vector)
two = rtb.DHRobot([rtb.RevoluteMDH(), rtb.RevoluteMDH(a=1.0)])
print("Robotics Toolbox: jacob0의 첫 열 (관절 1, 관절 2가 x로 1 m 떨어짐) =",
      two.jacob0([0.0, 0.0])[:, 0] + 0.0)
xml = """<mujoco><compiler angle="radian" inertiafromgeom="false"/>
<option gravity="0 0 0"><flag contact="disable"/></option>
<worldbody><body><joint type="hinge" axis="0 0 1"/>
<inertial pos="0.5 0 0" mass="2" diaginertia="0.01 0.02 0.02"/></body></worldbody></mujoco>"""
mjm = mujoco.MjModel.from_xml_string(xml)
mjd = mujoco.MjData(mjm)
mjd.xfrc_applied[1] = [0, 0, 0, 0, 0, 1.0]   # (힘, 토크): z축 둘레 토크 1 N·m를 외력으로
mujoco.mj_forward(mjm, mjd)
print(f"MuJoCo: mj_forward의 가속도 qacc = {mjd.qacc[0]:.4f} rad/s² (외력 토크가 들어감)")
mujoco.mj_inverse(mjm, mjd)
print(f"MuJoCo: 같은 qacc로 mj_inverse → qfrc_inverse = {mjd.qfrc_inverse[0]:.4f} N·m "
      "(외력을 보지 않으므로, 그 가속도를 관절이 홀로 내는 토크)")

# %% [markdown]
# ## A.9 이 부록이 확인하지 않은 것
#
# - 여기 없는 라이브러리(KDL, RBDL, Drake 등)의 규약. 이 책은 그 라이브러리들을 실행하지 않았다.
# - RBDA의 관성 밖의 규약(관절 모델, 좌표계를 두는 법 등). 이 부록은 그 책에서 공간 관성과 그 좌표
#   변환의 식만 옮겨 적었다.
# - 부유 기저, 구면·자유 관절, 폐연쇄, 접촉. 표는 고정 기저의 직렬 사슬에 필요한 규약만 다룬다.
# - MuJoCo의 구속·접촉 힘(`qfrc_constraint`), `frictionloss`, 관절 범위의 구속력. `armature`, `damping`,
#   `stiffness`는 관절 하나에서 어떻게 들어가는지만 보았고, 대조에서는 모두 껐다.
# - Robotics Toolbox의 표준 DH 링크(`RevoluteDH`). 대조와 규약 확인은 수정 DH 링크로만 했다. 또 `rne`의
#   마찰 항은 링크 하나에서 정의를 확인했을 뿐, 감속비의 부호가 음수일 때의 쿨롱 마찰은 따로 보지 않았다.
# - URDF의 `<transmission>`, `<dynamics>`, `<limit>`, `mimic`. `chaindyn.urdf`는 이것들을 읽지 않는다.
# - 표에 적힌 버전({numref}`tab-a-versions`) 밖의 버전. 다른 버전에서는 A.8절의 계산을 먼저 다시 실행해 본다.
