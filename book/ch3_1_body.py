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
# # 3.1 한 강체 — 질량 성질, 공간 관성, 뉴턴-오일러 방정식
#
# 로봇 팔의 동역학은 링크 하나하나의 동역학을 이어 붙인 것이다. 그래서 제3부는 강체 하나에서
# 시작한다. 이 장은 세 가지 물음에 답한다. 링크의 질량 분포에서 동역학에 필요한 것은 무엇인가?
# 그 숫자들이 실제 물체의 것인지는 어떻게 아는가? 렌치를 받은 강체는 어떻게 움직이는가?
#
# - 질량, 질량 중심, 회전 관성을 정의하고, 평행축 정리와 주축을 다룬다. 기본 입체의 관성을 닫힌
#   형식으로 구하고, 삼각형 메시를 적분한 값과 맞대어 본다(3.1.1절).
# - 어떤 관성이 물리적인 물체의 것일 수 있는지를 묻는다. 답은 $4\times4$ 유사 관성 행렬의 양의
#   정부호성이다. 공개된 로봇 모델의 관성을 모두 이 조건으로 검사한다(3.1.2절).
# - 열 개의 관성 파라미터를 $6\times6$ 공간 관성 $\mathcal{G}$ 하나로 묶는다. 그 좌표 변환
#   $X^{\mathsf T}\mathcal{G}X$를 운동 에너지에서 유도한다(3.1.3절).
# - 질량 중심에서 쓴 뉴턴 방정식과 오일러 방정식에서 임의의 좌표계에서 쓰는 뉴턴-오일러 방정식
#   $F = \mathcal{G}\dot V - \mathrm{ad}_V^{\mathsf T}\mathcal{G}V$를 유도한다(3.1.4절).
# - 토크 없이 도는 상자의 중간 축 불안정과 팽이의 세차 운동을 계산하고 눈으로 본다
#   ({doc}`3.1.5–3.1.8 <ch3_1_motion>`).
#
# **앞뒤 장과의 관계.** 3.2장의 RNEA는 링크마다 이 장의 식 {eq}`eq-31-ne`을 한 번 쓴다. 3.3장의 운동
# 에너지 $\tfrac12 V^{\mathsf T}\mathcal{G}V$와 3.5장의 합성 관성 $X^{\mathsf T}\mathcal{G}X$도 이 장에서
# 나온다. 표기는 {doc}`notation`에 모은 것을 따른다. 트위스트는 $V = (\omega, v)$, 렌치는 $F = (n, f)$로
# 각 성분을 앞에 둔다 {cite:p}`lynch2017modern`.

# %% tags=["remove-input"]
import csv
import sys
from pathlib import Path

import numpy as np
from myst_nb import glue

from chaindyn import Chain, body
from chaindyn.spatial import inertia_parts
from chaindyn_book import ch31, claims

sys.path.insert(0, str(Path("..").resolve() / "figsrc"))
import ch31_tables  # noqa: E402
from _numbers import fixed, sci  # noqa: E402
from _tables import md_table  # noqa: E402

DATA = Path("..").resolve() / "data"


def read_csv(name):
    with open(DATA / name, encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


# %% [markdown]
# (sec-31-mass)=
# ## 3.1.1 질량 성질
#
# ### 3.1.1.1 질량, 질량 중심, 회전 관성
#
# 강체가 차지하는 영역을 $B$, 밀도를 $\rho(x)$라 하자. 위치 $x$는 몸체에 붙은 좌표계 $\{b\}$에서 잰다.
# 동역학에 필요한 질량 분포의 정보는 세 가지 적분에 다 들어 있다.
#
# $$
# m = \int_B \rho\,dV,\qquad
# c = \frac{1}{m}\int_B \rho\,x\,dV,\qquad
# I_o = \int_B \rho\,\big(x^{\mathsf T}x\,\mathbf 1 - x x^{\mathsf T}\big)\,dV
#     = -\int_B \rho\,[x]^2\,dV
# $$ (eq-31-moments)
#
# $m$은 질량, $c$는 질량 중심, $I_o$는 좌표계 원점 $o$에 대한 회전 관성이다. 회전 관성의
# 대각 성분 $\int\rho\,(y^2+z^2)\,dV$ 등은 각 축에 대한 관성 모멘트이다. 비대각 성분
# $-\int\rho\,xy\,dV$ 등은 관성곱이다. 질량 중심을 원점으로 잡은 회전 관성을 $I_c$로 적는다.
# 세 적분은 밀도의 0차, 1차, 2차 모멘트이다. 모두 합쳐 독립인 숫자는 $1 + 3 + 6 = 10$개이다. 운동방정식의
# 성질을 다루는 {doc}`3.4장 <ch3_4_properties>`과 식별을 다루는 {doc}`3.7장 <ch3_7_identification>`에서 관성 파라미터라고 부르는 것이 이
# 열 개이다.
#
# **평행축 정리.** $x = c + y$로 두면 $\int\rho\,y\,dV = 0$이다. 그래서 식 {eq}`eq-31-moments`의
# 2차 적분에서 교차항이 사라지고 두 방향의 식이 나온다.
#
# $$
# I_o = I_c - m[c]^2 = I_c + m\big(c^{\mathsf T}c\,\mathbf 1 - cc^{\mathsf T}\big),
# \qquad I_c = I_o + m[c]^2
# $$ (eq-31-parallel)
#
# 거꾸로 쓸 때 조심할 점이 있다. 질량 중심이 아닌 두 점 사이를 옮기려면 질량 중심을 거쳐야 한다.
# 코드는 `chaindyn.spatial.parallel_axis`이고, 질량에 $-m$을 넣으면 거꾸로 옮긴다.
#
# **축을 바꾸기.** 같은 점에 대한 관성을 다른 축으로 적으면 $I' = R I R^{\mathsf T}$이다($R$은 옛
# 축을 새 축으로 보내는 회전). URDF의 `<inertial><origin rpy>`가 바로 이 $R$을 준다.
#
# **주축과 주관성 모멘트.** $I_c$는 대칭 행렬이므로 직교 행렬로 대각화된다.
#
# $$
# I_c = R_p\,\mathrm{diag}(I_1, I_2, I_3)\,R_p^{\mathsf T},\qquad I_1 \le I_2 \le I_3
# $$ (eq-31-principal)
#
# $R_p$의 열이 주축이고 $I_1, I_2, I_3$이 주관성 모멘트이다. 고윳값 분해는 축의 순서와 부호를 정해
# 주지 않는다. `chaindyn.body.principal_axes`는 모멘트를 오름차순으로 놓고 $\det R_p = +1$로 만든다.
# 부호 규칙은 그 함수의 설명에 있다. 같은 모멘트가 겹치면(구, 원기둥의 두 축) 주축은 하나로 정해지지
# 않는다. 그때 돌려주는 축은 가능한 선택 가운데 하나이다.

# %% [markdown]
# ### 3.1.1.2 기본 입체
#
# 밀도가 고른 기본 입체는 식 {eq}`eq-31-moments`를 손으로 적분할 수 있다. 질량 중심에 놓인 주축
# 좌표계에서 세 모멘트는 {numref}`tab-31-primitives`와 같다. `chaindyn.body`의 다섯 함수가 이 식을
# 그대로 옮긴 것이다.
#
# ```{list-table} 밀도가 고른 기본 입체의 주관성 모멘트(질량 중심, 주축)
# :header-rows: 1
# :name: tab-31-primitives
# :widths: 22 30 30 18
#
# * - 입체
#   - 치수
#   - $(I_{xx}, I_{yy}, I_{zz})$
#   - 함수
# * - 직육면체
#   - 모서리 $\ell_x, \ell_y, \ell_z$
#   - $\tfrac{m}{12}(\ell_y^2+\ell_z^2,\ \ell_x^2+\ell_z^2,\ \ell_x^2+\ell_y^2)$
#   - `box_inertia`
# * - 원기둥 ($z$축)
#   - 반지름 $r$, 길이 $\ell$
#   - $\tfrac{m}{12}(3r^2+\ell^2,\ 3r^2+\ell^2,\ 6r^2)$
#   - `cylinder_inertia`
# * - 구
#   - 반지름 $r$
#   - $\tfrac{2m}{5}(r^2,\ r^2,\ r^2)$
#   - `sphere_inertia`
# * - 타원체
#   - 지름 $\ell_x, \ell_y, \ell_z$ (반축의 두 배)
#   - $\tfrac{m}{20}(\ell_y^2+\ell_z^2,\ \ell_x^2+\ell_z^2,\ \ell_x^2+\ell_y^2)$
#   - `ellipsoid_inertia` (반축을 받는다)
# * - 가는 막대 ($z$축)
#   - 길이 $\ell$
#   - $\tfrac{m}{12}(\ell^2,\ \ell^2,\ 0)$
#   - `rod_inertia`
# ```
#
# 닫힌 형식을 독립적으로 확인하는 방법이 있다. 입체를 닫힌 삼각형 메시로 근사하고 그 부피에 대해
# 밀도를 적분하는 것이다. 발산 정리를 쓰면 부피 적분이 삼각형마다의 면적분으로 바뀐다. trimesh의
# `mass_properties`가 이 계산을 한다. 메시가 곡면을 다각형으로 자르는 만큼의 차이는 남는다. 그 차이는
# 메시를 잘게 나눌수록 줄어야 한다.

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
header, rows, align = ch31_tables.primitives_table()
md_table(header, rows, "밀도가 고른 기본 입체(질량 2 kg)의 닫힌 형식과 닫힌 메시의 적분. 상대 오차는 "
         "관성 성분의 가장 큰 차이를 닫힌 형식의 가장 큰 성분으로 나눈 것이다", "tab-31-meshes",
         align=align)

# %% tags=["remove-input"]
prim = read_csv("ch31_primitives.csv")
curved = [r for r in prim if r["rel_error"] != "roundoff"]
claims.claim("c31-prim-bound", "모든 메시의 오차가 그 한계 안에 있다",
             all(float(r["rel_error"]) <= float(r["bound"]) for r in curved)
             and all(r["within"] == "True" for r in prim), rows=len(prim))
cyl = [float(r["rel_error"]) for r in prim if r["shape"] == "cylinder"]
cyl_ratio = [a / b for a, b in zip(cyl, cyl[1:])]
claims.claim("c31-prim-rate", "단면의 변 수를 두 배로 할 때마다 오차가 약 4분의 1로 준다",
             all(3.5 < q < 4.5 for q in cyl_ratio), ratios=cyl_ratio)
glue("c31_cyl_ratio_lo", fixed(min(cyl_ratio), 2), display=False)
glue("c31_cyl_ratio_hi", fixed(max(cyl_ratio), 2), display=False)
sph = [r for r in prim if r["shape"] == "sphere"]
glue("c31_sph_err", f"{float(sph[-1]['rel_error']) * 100:.3f}", display=False)
glue("c31_sph_faces", sph[-1]["faces"], display=False)

# %% [markdown]
# 다각형으로 곡면을 근사한 메시는 원래 입체보다 조금 작다. 그래서 메시의 관성이 늘 조금 작게 나온다.
# 원기둥의 단면을 정 $k$각형으로 자르면 관성의 상대 오차는 $\sin^2(\pi/k)$ 정도이다. 구를 정이십면체에서
# 나눈 메시는 안쪽 구의 반지름 $r_{	ext{in}}$으로 정한 $1 - (r_{	ext{in}}/r)^2$이 한계이다.
# {numref}`tab-31-meshes`의 상자는 면이 평면이어서 반올림 수준에서 맞는다.
#
# % claim: c31-prim-bound, c31-prim-rate
#
# 곡면이 있는 입체는 모든 메시의 오차가 그 한계 안에 있다. 원기둥은 단면의 변 수를 두 배로 할 때마다
# 오차가 약 4분의 1로 준다. 측정한 비는 {glue:text}`c31_cyl_ratio_lo`에서 {glue:text}`c31_cyl_ratio_hi`
# 사이이다({numref}`fig-31-mesh-convergence`). 면이 {glue:text}`c31_sph_faces`개인 구의 오차는
# {glue:text}`c31_sph_err` %이다.
#
# ```{figure} figures/ch31_mesh_convergence.png
# :name: fig-31-mesh-convergence
# :width: 80%
#
# 메시의 삼각형 수에 따른 관성의 상대 오차(점)와 그 한계(선): 원기둥과 구. 볼 것은 오차가 한계를 따라
# 같은 기울기로 줄어든다는 점이다. 관성의 닫힌 형식은 메시가 아니라 입체의 적분이다.
# ```

# %% [markdown]
# ### 3.1.1.3 예제: L자 브래킷
#
# 알루미늄(밀도 {glue:text}`c31_rho` kg/m³) 브래킷 하나를 이 장의 예제로 쓴다. $x$축을 따라 놓인 팔
# ({glue:text}`c31_box1`, m)의 끝에 기둥({glue:text}`c31_box2`, m)이 서 있다. $\{b\}$의 원점은 팔의
# 한쪽 끝 단면의 중심이다. 두 상자의 질량 성질을 표의 식으로 구한 뒤 하나로 합친다. 합치는 식은
# 질량 중심 $c = \sum_k m_kc_k/m$와, 각 상자의 관성을 평행축 정리로 $c$까지 옮겨 더한
# $I_c = \sum_k \big(I_{c,k} - m_k[c_k - c]^2\big)$이다. 계산은 3.1.3절의 식 {eq}`eq-31-sum`으로 했다.

# %% tags=["remove-input"]
parts = ch31.bracket_parts()
G_br = ch31.bracket_inertia()
m_br, c_br, Ic_br = inertia_parts(G_br)
m_mesh, c_mesh, Ic_mesh = ch31.bracket_mesh_properties()
moments_br, Rp_br = body.principal_axes(Ic_br)
glue("c31_rho", fixed(ch31.ALUMINIUM, 0), display=False)
for k, (size, _) in enumerate(ch31.BRACKET_BOXES, start=1):
    glue(f"c31_box{k}", " × ".join(f"{fixed(s, 2):.2f}" for s in size), display=False)
    glue(f"c31_m{k}", fixed(parts[k - 1][0], 4), display=False)
glue("c31_m", fixed(m_br, 4), display=False)
glue("c31_c", "(" + ", ".join(f"{v:.4f}" for v in fixed(c_br, 4) + 0.0) + ")", display=False)
glue("c31_Ic_diag", "(" + ", ".join(f"{v:.3f}" for v in fixed(np.diag(Ic_br) * 1e4, 3)) + ")",
     display=False)
glue("c31_Ic_xz", f"{fixed(Ic_br[0, 2] * 1e4, 3):.3f}".replace("-", "−"), display=False)
claims.claim("c31-symmetric-y", "$xy$, $yz$ 관성곱은 0이다",
             bool(abs(Ic_br[0, 1]) < 1e-15 and abs(Ic_br[1, 2]) < 1e-15), Ic=Ic_br)
glue("c31_moments", ", ".join(f"{v:.3f}" for v in fixed(moments_br * 1e4, 3)), display=False)
tilt = float(np.degrees(np.arccos(abs(Rp_br[0, 0]))))  # the axis of least inertia against x
glue("c31_tilt", fixed(tilt, 1), display=False)
BOUND_MESH = 1e-12
err_m = abs(m_mesh - m_br) / m_br
err_c = float(np.max(np.abs(c_mesh - c_br))) / 0.3
err_I = float(np.max(np.abs(Ic_mesh - Ic_br))) / float(np.max(np.abs(Ic_br)))
glue("c31_bound_mesh", sci(BOUND_MESH, 1), display=False)

# %% tags=["nbval-ignore-output"]
print("브래킷: 메시 적분과 닫힌 형식의 상대 차이 — 질량", sci(err_m), "| 질량 중심", sci(err_c),
      "| I_c", sci(err_I))

# %% tags=["remove-input"]
claims.within("c31-mesh", "메시 적분과 닫힌 형식의 상대 차이는", max(err_m, err_c, err_I),
              BOUND_MESH)

# %% [markdown]
# % claim: c31-symmetric-y
#
# 두 상자의 질량은 {glue:text}`c31_m1` kg과 {glue:text}`c31_m2` kg이다. 브래킷 전체의 질량은
# $m =$ {glue:text}`c31_m` kg이고, 질량 중심은 $c =$ {glue:text}`c31_c` m이다. 질량 중심에 대한 관성의
# 대각 성분은 $(I_{xx}, I_{yy}, I_{zz}) =$ {glue:text}`c31_Ic_diag` ($\times10^{-4}$ kg·m²)이다. 브래킷은
# $xz$평면에 대해 대칭이므로 $xy$, $yz$ 관성곱은 0이다. 남은 관성곱은 $-\int\rho\,xz\,dV =$
# {glue:text}`c31_Ic_xz` ($\times10^{-4}$ kg·m²)이다. 이 관성곱 때문에 주축 두 개가
# $x$, $z$축에서 기울어 있다. 주관성 모멘트는 {glue:text}`c31_moments` ($\times10^{-4}$ kg·m²)이다.
# 가장 작은 모멘트의 주축은 팔의 방향인 $x$축에서 {glue:text}`c31_tilt`° 기울어 있다.
#
# % claim: c31-mesh
#
# 같은 두 상자를 닫힌 삼각형 메시로 만들어 trimesh로 적분해도 같은 값이 나온다. 상자의 면은 평면이라
# 메시가 입체를 정확히 나타낸다. 그래서 메시 적분과 닫힌 형식의 상대 차이는 반올림 수준이고, 한계
# {glue:text}`c31_bound_mesh` 안에 있다(위 셀의 출력).

# %% [markdown]
# ### 3.1.1.4 실제 링크의 메시와 URDF의 관성
#
# 로봇 모델은 링크마다 `<inertial>`에 질량, 질량 중심, 관성을 적는다. 같은 모델에 링크의 겉모양
# 메시가 들어 있으면 메시를 적분해 볼 수 있다. 밀도가 고르다고 놓고 URDF의 질량을 메시의 부피에
# 나누어 준다.

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
header, rows, align = ch31_tables.mesh_link_table()
md_table(header, rows, "example-robot-data의 링크 메시(밀도가 고르다고 보고 URDF의 질량을 준 것)와 URDF의 "
         "관성. 크기는 메시를 감싸는 상자의 대각선, 관성 상대 차이는 두 $3\\times3$ 관성의 차의 "
         "스펙트럼 노름을 URDF 쪽 노름으로 나눈 것이다", "tab-31-mesh-link", align=align)

# %% tags=["remove-input"]
mesh_rows = read_csv("ch31_mesh_link.csv")
rel = {(r["robot"].removesuffix("_description"), r["link"]): float(r["inertia_rel"])
       for r in mesh_rows}
close = [k for k, v in rel.items() if v < 0.1]
far = [k for k, v in rel.items() if v > 0.25]
glue("c31_mesh_n", len(mesh_rows), display=False)
glue("c31_mesh_close", len(close), display=False)
glue("c31_mesh_far", len(far), display=False)
glue("c31_knee_pct", fixed(rel[("g1", "left_knee_link")] * 100, 1), display=False)
glue("c31_hip_pct", fixed(rel[("g1", "left_hip_roll_link")] * 100, 0), display=False)
hip = next(r for r in mesh_rows if r["link"] == "left_hip_roll_link")
glue("c31_hip_com", fixed(float(hip["com_distance_mm"]), 1), display=False)
dens = [float(r["density"]) for r in mesh_rows]
glue("c31_dens_lo", f"{min(dens):.0f}", display=False)
glue("c31_dens_hi", f"{max(dens):.0f}", display=False)
allegro = [r for r in mesh_rows if r["robot"].startswith("allegro")]
glue("c31_close_pct", 10, display=False)
glue("c31_far_pct", 25, display=False)
glue("c31_allegro_pct", 85, display=False)
claims.claim("c31-mesh-split", "두 경우가 모두 있다",
             bool(close) and bool(far), close=close, far=far)
claims.claim("c31-density", "밀도가 물보다 작거나 강철보다 큰 값이 나오는 것은",
             min(dens) < 1000.0 and max(dens) > 7850.0, lo=min(dens), hi=max(dens))
claims.claim("c31-allegro", "Allegro 손의 링크는 세 개 모두",
             all(float(r["inertia_rel"]) > 0.85 for r in allegro) and len(allegro) == 3,
             rel=[r["inertia_rel"] for r in allegro])
claims.claim("c31-allegro-tri", "그 가운데 둘은 URDF 쪽이 삼각형 부등식을 어긴다",
             sum(r["urdf_condition"] == "triangle" for r in allegro) == 2,
             conditions=[r["urdf_condition"] for r in allegro])

# %% [markdown]
# % claim: c31-mesh-split
#
# {numref}`tab-31-mesh-link`은 메시가 닫혀 있는 링크 {glue:text}`c31_mesh_n`개를 비교한 것이다. 메시와
# URDF의 관성 차이가 {glue:text}`c31_close_pct` % 안인 링크가 {glue:text}`c31_mesh_close`개이고,
# {glue:text}`c31_far_pct` %보다 큰 링크가 {glue:text}`c31_mesh_far`개이다. 두 경우가 모두 있다. G1의 무릎 링크는
# {glue:text}`c31_knee_pct` %만 다르다. 같은 로봇의 엉덩이 롤 링크는 {glue:text}`c31_hip_pct` %가 다르고
# 질량 중심도 {glue:text}`c31_hip_com` mm 떨어져 있다. URDF의 질량을 메시의 부피로 나눈 밀도는
# {glue:text}`c31_dens_lo`에서 {glue:text}`c31_dens_hi` kg/m³까지 퍼져 있다.
#
# 차이가 크다고 URDF가 틀렸다는 뜻은 아니다. 밀도가 고르다는 가정부터가 하나의 모형이다. 링크 안의
# 모터와 감속기는 알루미늄 덮개보다 훨씬 무겁다. 겉모양 메시에는 속이 빈 부분도 들어 있지 않다.
#
# % claim: c31-density
#
# 밀도가 물보다 작거나 강철보다 큰 값이 나오는 것은 그 때문이다. 메시 적분은 URDF 값의 크기와 질량 중심의
# 대략적인 자리를 확인하는 데 쓸모가 있다. 몇 배씩 다르면 어느 한쪽이 틀렸을 가능성이 크다.
#
# % claim: c31-allegro, c31-allegro-tri
#
# Allegro 손의 링크는 세 개 모두 {glue:text}`c31_allegro_pct` %가 넘게 다르다. 이 URDF에는 `<inertial><origin>`이 없어서 질량 중심이
# 링크 좌표계의 원점에 놓인다. 그 가운데 둘은 URDF 쪽이 삼각형 부등식을 어긴다. 같은 링크의 메시는
# 물리적인 관성을 준다.

# %% [markdown]
# ```{exercise} 원기둥의 관성
# :label: ex-31-cylinder
#
# 반지름 $r$, 길이 $\ell$, 질량 $m$인 원기둥의 $z$축(중심축)과 $x$축(질량 중심을 지나고 중심축에 수직)에
# 대한 관성 모멘트를 식 {eq}`eq-31-moments`로 적분해 구하라. $\ell = \sqrt3\,r$이면 무엇이 특별한가?
# ```
#
# ```{solution-start} ex-31-cylinder
# :label: sol-31-cylinder
# :class: dropdown
# ```
#
# 반지름 방향의 적분 변수를 $r'$, 각을 $\phi$로 쓰면 $\rho = m/(\pi r^2\ell)$이고
# $I_{zz} = \rho\int_0^{\ell}\!\int_0^{2\pi}\!\int_0^r r'^2\,r'\,dr'\,d\phi\,dz = \rho\,\pi r^4\ell/2 = mr^2/2$이다.
# $x$축에 대해서는 $y^2 + z^2$을 적분한다. 단면의
# 대칭으로 $\int\rho\,y^2 = \tfrac12\int\rho\,r'^2 = mr^2/4$이고, $\int\rho\,z^2 = m\ell^2/12$이다($z$를
# $-\ell/2..\ell/2$로 잡는다). 그래서 $I_{xx} = m(3r^2 + \ell^2)/12$이다. $\ell = \sqrt3\,r$이면
# $I_{xx} = I_{zz} = mr^2/2$가 되어 세 주관성 모멘트가 모두 같다. 이 원기둥은 관성만으로는 구와
# 구별되지 않고, 어느 축이든 주축이다.
#
# ```{solution-end}
# ```
#
# ```{exercise} 평행축 정리를 거꾸로
# :label: ex-31-parallel
#
# 어떤 링크의 관성이 점 $a$에 대해 $I_a$로 주어졌다. 질량 중심 $c$와 질량 $m$도 안다. 다른 점 $b$에 대한
# 관성 $I_b$를 구하라. $I_b = I_a - m[b - a]^2$은 왜 틀렸는가?
# ```
#
# ```{solution-start} ex-31-parallel
# :label: sol-31-parallel
# :class: dropdown
# ```
#
# 식 {eq}`eq-31-parallel`은 한쪽 끝이 질량 중심일 때만 성립한다. 그 유도에서 $\int\rho\,y\,dV = 0$을
# 썼기 때문이다. 그래서 먼저 $I_c = I_a + m[c - a]^2$으로 질량 중심까지 옮긴다. 다음에
# $I_b = I_c - m[c - b]^2$으로 $b$까지 옮긴다. 두 식을 합치면
# $I_b = I_a + m\big([c-a]^2 - [c-b]^2\big)$이다. 이 식이 $I_a - m[b-a]^2$ 꼴이 되는 것은 $a$가 질량
# 중심일 때이다. $b$가 질량 중심이면 부호가 반대인 $I_a + m[b-a]^2$이 된다.
#
# ```{solution-end}
# ```

# %% [markdown]
# (sec-31-physical)=
# ## 3.1.2 어떤 관성이 물리적인가
#
# URDF 파일에는 아무 숫자나 적을 수 있다. 질량이 0인 링크, 관성이 음수인 링크, 또는 어떤 실제 물체도 가질
# 수 없는 관성이 들어가도 파일은 읽힌다. 그런 숫자는 시뮬레이션을 발산시키거나 질량 행렬을 양의
# 정부호가 아니게 만든다. 그러면 촐레스키 분해(3.5장)도 실패한다. 이 절은 열 개의 숫자가 실제 밀도
# 분포에서 나올 수 있는 조건을 약한 것부터 차례로 모은다.
#
# ### 3.1.2.1 양의 정부호만으로는 모자라다
#
# 첫 조건은 $m > 0$이다. 다음으로, 회전 운동 에너지 $\tfrac12\omega^{\mathsf T}I_c\omega$는 어떤 각속도에서도
# 양수이다. 그래서 $I_c$는 양의 정부호이다. 그러나 이것으로 끝이 아니다. 주축 좌표계에서 질량 중심에
# 대한 **2차 모멘트** $s_k = \int\rho\,y_k^2\,dV \ge 0$을 쓰자. 식 {eq}`eq-31-moments`의 정의에서
#
# $$
# I_1 = s_2 + s_3,\qquad I_2 = s_1 + s_3,\qquad I_3 = s_1 + s_2
# \quad\Longrightarrow\quad
# I_1 + I_2 - I_3 = 2s_3 \ge 0
# $$ (eq-31-triangle)
#
# 이다. 곧 주관성 모멘트는 **삼각형 부등식**을 만족한다. 어느 두 모멘트의 합도 나머지 하나보다
# 작지 않다. 예를 들어 $\mathrm{diag}(1, 1, 3)$은 양의 정부호이지만 어떤 물체의 관성도 아니다.
# $s_3 = (1 + 1 - 3)/2 < 0$이 되어야 하기 때문이다. 등호는 $s_3 = 0$일 때, 곧 질량이 한 평면에 몰려 있을
# 때 성립한다. 얇은 판의 수직축 정리 $I_3 = I_1 + I_2$가 그 경우이다. 삼각형 부등식은 $I_c$의 양의
# 정부호성을 이미 담고 있다. 모멘트 하나가 0이하이면 나머지 두 부등식 가운데 하나가 깨진다.
#
# ### 3.1.2.2 유사 관성 행렬
#
# 조건을 하나의 행렬로 모으는 방법이 있다. 동차 좌표 $\bar x = (x, 1)$로 밀도의 2차 모멘트를 적으면
# 원점이 어디이든
#
# $$
# \mathcal{J} = \int_B \rho\,\bar x\bar x^{\mathsf T}\,dV
# = \begin{bmatrix} \Sigma & mc \\ mc^{\mathsf T} & m \end{bmatrix},\qquad
# \Sigma = \int_B\rho\,xx^{\mathsf T}\,dV = \tfrac12\operatorname{tr}(I_o)\,\mathbf 1 - I_o
# $$ (eq-31-pseudo)
#
# 이다. 이것이 **유사 관성 행렬**(pseudo-inertia)이다. 둘째 식은 식 {eq}`eq-31-moments`에서
# $I_o = \operatorname{tr}(\Sigma)\,\mathbf 1 - \Sigma$를 $\Sigma$에 대해 푼 것이다. $\mathcal{J}$는 벡터
# $\bar x$의 바깥곱을 양의 무게로 더한 것이므로 양의 준정부호이다. 거꾸로 $m > 0$이면 슈어 보수로
#
# $$
# \mathcal{J} \succeq 0 \iff \Sigma - m\,cc^{\mathsf T} = \Sigma_c = \tfrac12\operatorname{tr}(I_c)\,\mathbf 1 - I_c
# \succeq 0
# $$ (eq-31-schur)
#
# 이다. $\Sigma_c$의 고윳값은 $\tfrac12(I_2 + I_3 - I_1)$ 등, 곧 식 {eq}`eq-31-triangle`의 $s_k$이다.
# 그러므로 $\mathcal{J}\succeq 0$은 삼각형 부등식과 같은 조건이다. 그렇다면 왜 $\mathcal{J}$를 쓰는가?
# $\mathcal{J}$는 열 개의 관성 파라미터 $(m, mc, I_o)$에 대해 **선형**이다. 그래서
# $\mathcal{J}\succeq 0$은 선형 행렬 부등식이 되고, 관성 파라미터를 측정에서 추정하는 식별 문제({doc}`3.7장 <ch3_7_identification>`)에 볼록 제약으로 들어간다
# {cite:p}`wensing2018lmi`. 삼각형 부등식은 주축을 구해야 쓸 수 있어서 그렇게 쓰이지 못한다.
#
# 등호가 성립하는 경계에도 뜻이 있다. 부피가 있는 물체이면 $\mathcal{J} \succ 0$이다.
# $\mathcal{J}$의 랭크가 3이면 질량이 한 평면에 있다. 랭크가 2이면 직선 위에, 1이면 한 점에 있다. 3.1.1.2절의 가는 막대는
# 랭크 2이다. `chaindyn.body.realizability`는 이런 경우를 *퇴화*로 따로 보고한다.
#
# ### 3.1.2.3 크기가 정해진 몸체
#
# 삼각형 부등식은 어떤 밀도 분포가 *있기만 하면* 된다는 조건이다. 그 분포가 링크의 모양 안에 들어가야
# 한다는 요구는 담지 않는다. 질량이 작고 관성이 큰 링크는 질량을 멀리 펼쳐야만 만들 수 있다.
# 몸체가 반지름 $r$인 공 $\lVert x - c\rVert \le r$ 안에 있다면 $\operatorname{tr}\Sigma_c = \int\rho\,\lVert x-c\rVert^2
# \le mr^2$이다. $\operatorname{tr}\Sigma_c = \tfrac12\operatorname{tr}I_c$이므로
#
# $$
# r \ \ge\ r_{\min} = \sqrt{\frac{\operatorname{tr} I_c}{2m}}
# $$ (eq-31-ball)
#
# 이다. 일반적인 타원체 $E = \{x : (x - x_E)^{\mathsf T}S\,(x - x_E) \le 1\}$에 대해서도 같은 논리가
# 선다. $\int\rho\,\big(1 - (x-x_E)^{\mathsf T}S(x-x_E)\big)\,dV \ge 0$이고, 이 적분은 $\mathcal{J}$에
# 대해 선형인 $\operatorname{tr}(\mathcal{J}\,Q_E) \ge 0$이다. 여기서 $Q_E$는 $S$와 $x_E$로 만든
# $4\times4$ 대칭 행렬이다 {cite:p}`wensing2018lmi`. `realizability`에 타원체를 주면 이 조건을 마지막
# 단계로 검사한다. 이 조건이 필요조건이라는 것은 위의 적분이 보여 준다. 논문의 초록은 이런 경계
# 부피 조건을 고전적인 모멘트 문제와 연결해 얻었다고 밝힌다. 타원체의 경우 이 조건이 충분조건이기도
# 하다는 결과는 이 책이 원문에서 직접 확인하지 못했다.

# %% [markdown]
# ### 3.1.2.4 검사의 사다리
#
# {numref}`tab-31-cases`는 몇 가지 관성을 `chaindyn.body.realizability`로 검사한 결과이다. 함수는 조건을
# 약한 것부터 차례로 본다. 대칭, 질량, 강체 구조($m\mathbf 1$ 블록과 반대칭 결합 블록), 양의 정부호,
# 삼각형 부등식의 순서이고, 타원체를 주면 타원체 조건이 마지막이다. 처음 깨진 조건과 조건마다의 여유를
# 돌려준다. 여유는 단위가 없는 수이다. 허용 오차도 몸체 자신의 질량과 관성 크기에 비례한다. 그래서
# $10^{-6}$ kg의 손가락 마디도 $10^{6}$ kg의 크레인과 똑같이 엄격하게 검사된다.

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
CASES = ch31.realizability_cases()


def moments_text(moments):
    return "(" + ", ".join(f"{v:.4g}".replace("-", "−") for v in fixed(moments, 6) + 0.0) + ")"


def margin_text(x):
    return "—" if x is None else f"{fixed(x, 3) + 0.0:.3f}".replace("-", "−")


case_rows = [[c["name"], f"{fixed(c['mass'], 3):g}", moments_text(c["moments"]),
              "—" if c["ball"] is None else f"{fixed(c['ball'], 3):.3f}",
              "—" if c["r_min"] is None else f"{fixed(c['r_min'], 3):.3f}",
              margin_text(c["result"].triangle),
              ch31.CONDITION_NAMES[c["result"].condition],
              "예" if c["result"].degenerate else "아니오"] for c in CASES]
md_table(["관성", "$m$ (kg)", "주관성 모멘트 (kg·m²)", "공의 반지름 (m)", "$r_{\\min}$ (m)",
          "$(I_1+I_2-I_3)/I_3$", "처음 깨진 조건", "퇴화"], case_rows,
         "관성 몇 가지의 검사 결과. 공은 질량 중심을 중심으로 준 타원체이다", "tab-31-cases",
         align="lrrrrrll")

# %% tags=["remove-input"]
by_name = {c["name"]: c for c in CASES}
big = by_name["같은 링크, 반지름 0.1 m인 공 안"]
claims.claim("c31-big-ball", "인 공 안에서는 타원체 조건이 깨진다",
             big["result"].condition == "ellipsoid" and big["r_min"] > 0.1,
             condition=big["result"].condition, r_min=big["r_min"])
free = by_name["질량은 작고 관성은 큰 링크"]
claims.claim("c31-big-free", "크기를 묻지 않으면 통과한다", free["result"].realizable,
             condition=free["result"].condition)
glue("c31_rmin_big", fixed(big["r_min"], 2), display=False)
br = by_name["브래킷, 감싸는 공 안"]
claims.claim("c31-bracket-ball", "브래킷은 자신을 감싸는 공 안에서도 모든 조건을 만족한다",
             br["result"].realizable and br["r_min"] < br["ball"], r_min=br["r_min"], ball=br["ball"])
glue("c31_ball_br", fixed(br["ball"], 3), display=False)
glue("c31_rmin_br", fixed(br["r_min"], 3), display=False)
rod, plate = by_name["가는 막대"], by_name["얇은 정사각형 판, 한 변 0.2 m"]
claims.claim("c31-degenerate", "판은 모든 조건을 만족하지만 퇴화로 표시되고, 막대는 양의 정부호 조건에서 멈춘다",
             plate["result"].realizable and plate["result"].degenerate
             and rod["result"].condition == "positive_definite" and rod["result"].degenerate,
             plate=plate["result"].message, rod=rod["result"].message)

# %% [markdown]
# % claim: c31-bracket-ball
#
# 브래킷은 자신을 감싸는 공 안에서도 모든 조건을 만족한다. 질량 중심에서 가장 먼 모서리까지가
# {glue:text}`c31_ball_br` m이고, 식 {eq}`eq-31-ball`의 하한은 {glue:text}`c31_rmin_br` m이다.
#
# % claim: c31-big-free, c31-big-ball
#
# 질량 $m = 0.2$ kg에 주관성 모멘트가 $I_1 = I_2 = I_3 = 0.1$ kg·m²인 링크는 삼각형 부등식을 넉넉히 만족한다. 크기를 묻지 않으면 통과한다.
# 그러나 이 관성을 내려면 질량 중심에서 질량 요소까지 거리의 제곱 평균이 $r_{\min}^2$이어야 한다(식
# {eq}`eq-31-ball`). 곧 질량이 평균적으로 {glue:text}`c31_rmin_big` m쯤 떨어져 있어야 한다. 반지름 $r = 0.1$ m인
# 공 안에서는 타원체 조건이 깨진다. URDF를 손으로 쓸 때 흔히 넣는 자리표시 관성이 이런
# 값이다.
#
# % claim: c31-degenerate
#
# 판은 모든 조건을 만족하지만 퇴화로 표시되고, 막대는 양의 정부호 조건에서 멈춘다. 막대는 축 둘레의
# 관성이 0이어서 공간 관성이 역행렬을 갖지 않기 때문이다. 음의 모멘트와 질량 0은 각각 자기 단계에서
# 걸린다.
#
# `Chain`도 같은 검사를 쓴다. 물리적이지 않은 관성을 받으면 어느 링크의 어느 조건이 깨졌는지를
# 말하는 `ValueError`를 낸다.

# %%
G_bad = np.zeros((6, 6))
G_bad[:3, :3] = np.diag([0.01, 0.01, 0.03])
G_bad[3:, 3:] = 0.5 * np.eye(3)
try:
    Chain(np.eye(4)[None], np.array([[0.0, 0, 1, 0, 0, 0]]), G_bad[None])
except ValueError as err:
    print(err)

# %% tags=["remove-input"]
totals = {r["counted"]: r for r in read_csv("ch31_realizability_totals.csv")}
dist, entries = totals["distinct inertials"], totals["link entries"]
failing = read_csv("ch31_failing_links.csv")
ellip = read_csv("ch31_ellipsoid.csv")
ellip_pk = read_csv("ch31_ellipsoid_packages.csv")


def n_pattern(pattern, condition):
    return sum(r["pattern"] == pattern and r["condition"] == condition for r in failing)


n_bad = int(dist["inertials"]) - int(dist["realizable"])
for key in ("files", "packages", "packages_failing", "inertials", "realizable", "mass_zero",
            "not_positive_definite", "triangle", "degenerate", "oversized", "tiny_mass"):
    glue(f"c31_a_{key}", int(dist[key]), display=False)
glue("c31_a_entries", int(entries["inertials"]), display=False)
glue("c31_a_bad", n_bad, display=False)
glue("c31_a_bad_pct", fixed(100 * n_bad / int(dist["inertials"]), 0), display=False)
glue("c31_a_zero", n_pattern("zero", "mass"), display=False)
glue("c31_a_massless", n_pattern("massless", "mass"), display=False)
glue("c31_a_point", n_pattern("point", "positive_definite"), display=False)
glue("c31_a_allequal", n_pattern("all-equal", "positive_definite"), display=False)
glue("c31_a_noise", n_pattern("near-point", "positive_definite")
     + n_pattern("near-point", "triangle"), display=False)
glue("c31_a_measured_tri", n_pattern("", "triangle"), display=False)
glue("c31_a_measured_pd", n_pattern("", "positive_definite"), display=False)
glue("c31_e_checked", sum(int(r["checked"]) for r in ellip_pk), display=False)
glue("c31_e_fail", len(ellip), display=False)
glue("c31_e_outside", sum(r["com_inside"] == "False" for r in ellip), display=False)
claims.claim("c31-a-sum", "나머지는 모두 질량, 양의 정부호, 삼각형 부등식 가운데 하나에서 걸린다",
             n_bad == int(dist["mass_zero"]) + int(dist["not_positive_definite"])
             + int(dist["triangle"]) and int(dist["mass_negative"]) == 0 and int(dist["other"]) == 0,
             dist=dist)
claims.claim("c31-a-zero", "거의 모두가 모든 성분이 0인 좌표계용 링크이다",
             n_pattern("zero", "mass") >= 0.95 * int(dist["mass_zero"]), zero=n_pattern("zero", "mass"))
claims.claim("c31-e-fail", "타원체 조건이 깨지는 링크가 적지 않다",
             len(ellip) >= 0.1 * sum(int(r["checked"]) for r in ellip_pk), failed=len(ellip))

# %% [markdown]
# ### 3.1.2.5 공개된 로봇 모델의 관성
#
# % no-claim: describes which files were read and how they were counted
#
# 실제로 쓰이는 모델은 어떨까? Pinocchio와 함께 쓰이는 모델 모음인 example-robot-data 6.0.0의 URDF
# {glue:text}`c31_a_files`개({glue:text}`c31_a_packages`개 패키지)에서 모든 링크의 `<inertial>`을 읽었다.
# 숫자는 파일에 적힌 그대로 읽고, 질량 중심에 대한 $\mathcal{G}$를 만들어 `realizability`로 검사했다
# (`chaindyn_book.ch31_audit`). 한 로봇이 여러 파일로 배포되면 같은 링크가 여러 번 나온다. 그래서 패키지와
# 링크 이름과 숫자가 모두 같은 관성은 한 번만 센다. 링크 항목 {glue:text}`c31_a_entries`개가 서로 다른
# 관성 {glue:text}`c31_a_inertials`개로 줄어든다.
#
# % claim: c31-a-sum
#
# 그 가운데 {glue:text}`c31_a_bad`개({glue:text}`c31_a_bad_pct` %)는 물리적인 물체의 관성이 아니다. 이런
# 관성이 있는 패키지는 {glue:text}`c31_a_packages`개 가운데 {glue:text}`c31_a_packages_failing`개이다.
# 질량이 음수인 링크는 없다. 나머지는 모두 질량, 양의 정부호, 삼각형 부등식 가운데 하나에서 걸린다.
# {numref}`tab-31-packages`는 패키지별 수이다.

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
header, rows, align = ch31_tables.packages_table()
md_table(header, rows, "example-robot-data 6.0.0의 서로 다른 링크 관성을 검사한 결과(패키지별, 문제가 있는 "
         "패키지만). 1 g 이하는 질량이 0보다 크고 1 g 이하인 링크, 과대는 회전 반지름 "
         "$\\sqrt{I_3/m}$이 0.5 m보다 큰 링크이다", "tab-31-packages", align=align,
         widths=(22, 7, 7, 9, 8, 10, 10, 7, 9, 7))

# %% [markdown]
# 검사에 걸린 관성은 대부분 모양이 뻔한 자리표시이다.
#
# % claim: c31-a-zero
#
# - **질량 0** ({glue:text}`c31_a_mass_zero`개): 거의 모두가 모든 성분이 0인 좌표계용 링크이다
#   ({glue:text}`c31_a_zero`개). 센서나 도구의 좌표계를 나타내려고 둔 것이다. 고정 관절로 무거운 링크에
#   붙어 있으면 URDF를 읽는 쪽이 둘을 합친다. 관성만 있고 질량이 0인 것은 {glue:text}`c31_a_massless`개이다.
# - **양의 정부호가 아님** ({glue:text}`c31_a_not_positive_definite`개): 질량만 있고 관성이 0인 점 질량이
#   {glue:text}`c31_a_point`개이다. 여섯 성분이 모두 같은 값인 자리표시가 {glue:text}`c31_a_allequal`개이다.
#   이 행렬은 랭크가 1이어서 고윳값 둘이 0이다. 내보내기에서 생긴 $10^{-18}$ kg·m² 이하의 잡음이
#   {glue:text}`c31_a_noise`개이다. 나머지 {glue:text}`c31_a_measured_pd`개에는 가는 막대 하나와, 잰 값처럼
#   보이지만 주관성 모멘트가 음수인 링크가 있다({numref}`tab-31-failures`).
# - **삼각형 부등식** ({glue:text}`c31_a_triangle`개): 자리표시의 흔적이 없는 것이
#   {glue:text}`c31_a_measured_tri`개이다. 카메라, 센서 마운트, 손가락처럼 작은 링크에 대각 성분만
#   어림으로 적은 경우가 많다.

# %% mystnb={"markdown_format": "myst"} tags=["remove-input"]
header, rows, align = ch31_tables.failures_table()
md_table(header, rows, "자리표시로 보이지 않는데 물리적이지 않은 링크 관성. 모멘트는 질량 중심에 대한 "
         "주관성 모멘트(kg·m²)이고, 마지막 두 열은 검사 함수가 돌려준 여유이다", "tab-31-failures",
         align=align)

# %% [markdown]
# % claim: c31-e-fail
#
# 통과한 관성에도 크기의 문제가 남는다. 모든 시각 메시 파일이 있는 링크 {glue:text}`c31_e_checked`개에서
# 메시를 감싸는 타원체를 만들고 3.1.2.3절의 타원체 조건을 검사했다(`figsrc/study_31_ellipsoid.py`). 타원체
# 조건이 깨지는 링크가 적지 않다. {glue:text}`c31_e_fail`개가 깨진다. 그 가운데
# {glue:text}`c31_e_outside`개는 URDF의 질량 중심이 타원체 밖에 있다. 이 경우는 관성의 크기보다 메시나
# 질량 중심의 자리가 어긋났을 가능성이 크다. 조건이 깨졌다는 것은 관성과 배포된 형상이 서로 맞지
# 않는다는 뜻이다. 어느 쪽이 틀렸는지까지 말해 주지는 않는다.
#
# **모델을 쓰는 사람이 할 일.** 모델을 읽자마자 모든 링크를 `realizability`로 검사한다. 좌표계용 링크는
# 고정 관절로 합쳐지는지 확인한다. 움직이는 관절에 달린 링크에 자리표시가 남아 있으면 값을 고친다.
# 모양과 무게를 알면 3.1.1.2절의 기본 입체를 겹쳐 만든 관성이 아무 값보다 낫다. CAD가 있으면 CAD의
# 질량 성질을 쓴다. 그러고 나서 타원체 조건으로 크기를 확인한다. 제어에 쓸 모델이면 {doc}`3.7장 <ch3_7_identification>`의
# 식별로 값을 다듬는다. 식별은 측정에 맞추는 일이라서 물리적이지 않은 관성을 낳기 쉽다. 그때
# $\mathcal{J}\succeq 0$을 제약으로 건다 {cite:p}`wensing2018lmi`. 물리적이지 않은 관성을 조용히 고쳐 쓰는
# 것은 해결이 아니다. `Chain`은 그런 관성을 받지 않고, 어느 링크의 어느 조건이 깨졌는지 알려 준다.

# %% [markdown]
# ```{exercise} 평면 위의 질량
# :label: ex-31-plate
#
# 질량 $m$인 얇은 정사각형 판(한 변 $\ell$, $xy$평면)의 세 주관성 모멘트를 구하고, 삼각형 부등식의 어느
# 것이 등호인지 말하라. 그 판의 유사 관성 행렬 $\mathcal{J}$의 랭크는 얼마인가?
# ```
#
# ```{solution-start} ex-31-plate
# :label: sol-31-plate
# :class: dropdown
# ```
#
# 질량 중심에서 $s_1 = s_2 = m\ell^2/12$이고, 판이 두께가 없으므로 $s_3 = 0$이다. 식 {eq}`eq-31-triangle`에서
# $I_1 = I_2 = s_1 + s_3 = m\ell^2/12$, $I_3 = s_1 + s_2 = m\ell^2/6$이다. $I_1 + I_2 = I_3$이 등호이다(수직축
# 정리). $\Sigma_c = \mathrm{diag}(s_1, s_2, 0)$의 랭크가 2이고, 식 {eq}`eq-31-schur`의 분해에서
# $\mathcal{J}$의 랭크는 $\Sigma_c$의 랭크에 1을 더한 3이다.
#
# ```{solution-end}
# ```
#
# ```{exercise} 식별된 관성이 맞는지
# :label: ex-31-identified
#
# 측정 데이터에서 식별해 얻은 어떤 링크의 파라미터가 $m = 2$ kg, $I_c = \mathrm{diag}(0.02, 0.03, 0.06)$ kg·m²이다.
# 이 링크가 반지름 $r = 0.15$ m인 공 안에 들어가는 부품이라면, 이 값을 믿을 수 있는가?
# ```
#
# ```{solution-start} ex-31-identified
# :label: sol-31-identified
# :class: dropdown
# ```
#
# 삼각형 부등식은 $0.02 + 0.03 = 0.05 < 0.06$으로 깨진다. 그러니 어떤 크기의 물체로도 만들 수 없다. 공의
# 조건을 볼 필요도 없다. 만약 $I_3 \le 0.05$ kg·m²였다면 식 {eq}`eq-31-ball`로
# $r_{\min} = \sqrt{0.10/4} \approx 0.158$ m를 얻는다. 이 값은 $r$보다 크므로 그 경우에도 값을 믿을 수
# 없다.
#
# ```{solution-end}
# ```

# %% [markdown]
# (sec-31-spatial)=
# ## 3.1.3 공간 관성
#
# ### 3.1.3.1 운동 에너지에서 공간 관성으로
#
# 몸체가 트위스트 $V = (\omega, v)$로 움직인다고 하자. $v$는 $\{b\}$의 원점에 있는 물체 점의 속도이다.
# 점 $x$의 속도는 $v + \omega\times x$이므로 운동 에너지는
#
# $$
# \tfrac12\int_B\rho\,\lVert v + \omega\times x\rVert^2\,dV
# = \tfrac12 m\,v^{\mathsf T}v + m\,v^{\mathsf T}(\omega\times c) + \tfrac12\omega^{\mathsf T}I_o\,\omega
# = \tfrac12 V^{\mathsf T}\mathcal{G}V
# $$ (eq-31-kinetic)
#
# 이다. 가운데 항은 $\int\rho\,x = mc$에서, 마지막 항은 $\lVert\omega\times x\rVert^2 =
# \omega^{\mathsf T}(x^{\mathsf T}x\,\mathbf 1 - xx^{\mathsf T})\omega$에서 나온다. 세 항을 $V$의 이차
# 형식으로 모으면 **공간 관성**
#
# $$
# \mathcal{G} = \begin{bmatrix} I_o & m[c] \\ -m[c] & m\mathbf 1\end{bmatrix}
# = \begin{bmatrix} I_c - m[c]^2 & m[c] \\ -m[c] & m\mathbf 1\end{bmatrix}
# $$ (eq-31-spatial)
#
# 을 얻는다. 같은 행렬이 운동량도 준다. $\mathcal{G}V = (I_o\omega + m\,c\times v,\ m(v + \omega\times c))$의
# 앞 세 성분은 원점에 대한 각운동량 $H$이고, 뒤 세 성분은 선운동량 $m v_c$이다. 이 6차원 벡터가
# **공간 운동량** $\mathcal{H} = \mathcal{G}V$이다. 운동량은 렌치와 같은
# 자리에 있는 양이다. 모멘트처럼 원점에 대해 적고, 좌표를 바꿀 때도 렌치처럼 옮겨진다.
# `chaindyn.spatial_inertia(m, c, I_c)`가 식 {eq}`eq-31-spatial`을 만든다. 3.2장의 `Chain`은 링크마다
# 이 행렬 하나를 받는다.
#
# 한 점에 대해 한 좌표계에서 적은 공간 관성은 **더해진다**. 식 {eq}`eq-31-kinetic`의 적분이 영역에 대해
# 더해지기 때문이다.
#
# $$
# \mathcal{G}_{B_1\cup B_2} = \mathcal{G}_{B_1} + \mathcal{G}_{B_2}
# $$ (eq-31-sum)
#
# 3.1.1.3절의 브래킷은 이 합으로 계산했다(`chaindyn_book.ch31.bracket_inertia`). 3.5장의 합성 관성도
# 같은 합이다.
#
# ### 3.1.3.2 좌표 변환 $X^{\mathsf T}\mathcal{G}X$
#
# 같은 몸체를 다른 좌표계 $\{a\}$에서 적으면 공간 관성은 어떻게 바뀌는가? 답은 운동 에너지가 좌표계와
# 상관없는 스칼라라는 데서 나온다. $\{a\}$에서 적은 트위스트 $V_a$는 $\{b\}$에서
# $V_b = \mathrm{Ad}_{T_{b,a}}V_a$이다. 그러므로 모든 $V_a$에 대해
#
# $$
# \tfrac12 V_a^{\mathsf T}\mathcal{G}_aV_a = \tfrac12 V_b^{\mathsf T}\mathcal{G}_bV_b
# = \tfrac12 V_a^{\mathsf T}\big(\mathrm{Ad}_{T_{b,a}}^{\mathsf T}\mathcal{G}_b\,\mathrm{Ad}_{T_{b,a}}\big)V_a
# $$
#
# 이다. 두 대칭 행렬의 이차 형식이 모든 벡터에서 같으면 두 행렬은 같다. 그래서
#
# $$
# \mathcal{G}_a = \mathrm{Ad}_{T_{b,a}}^{\mathsf T}\,\mathcal{G}_b\,\mathrm{Ad}_{T_{b,a}}
# $$ (eq-31-transform)
#
# 이다. Featherstone의 *Rigid Body Dynamics Algorithms*(RBDA)는 같은 규칙을 식 (2.66)(34쪽)으로 적는다
# {cite:p}`featherstone2008rigid`. 이 책은 $X = \mathrm{Ad}_{T_{b,a}}$로 줄여 $X^{\mathsf T}\mathcal{G}X$라고 쓴다. 3.3장의 운동
# 에너지와 3.5장의 합성 관성 순환이 이 식을 쓴다. 운동량 $\mathcal{G}_aV_a = X^{\mathsf T}(\mathcal{G}_bV_b)$도
# 렌치의 변환 규칙 그대로이다.

# %% tags=["remove-input"]
frames = ch31.bracket_frame_change()
scale_G = float(np.max(np.abs(frames["G_transform"])))
err_direct = float(np.max(np.abs(frames["G_transform"] - frames["G_direct"]))) / scale_G
err_pin = float(np.max(np.abs(frames["G_transform"] - frames["G_pinocchio"]))) / scale_G
err_ke = abs(frames["kinetic"][0] - frames["kinetic"][1]) / frames["kinetic"][0]
BOUND_FRAME = 1e-13
glue("c31_bound_frame", sci(BOUND_FRAME, 1), display=False)
glue("c31_ke", fixed(frames["kinetic"][0], 4), display=False)

# %% tags=["nbval-ignore-output"]
print("G_a: 식 (eq-31-transform)과 직접 만든 값의 상대 차이", sci(err_direct),
      "| Pinocchio se3Action과", sci(err_pin), "| 운동 에너지", sci(err_ke))

# %% tags=["remove-input"]
claims.within("c31-frame", "세 결과의 상대 차이는", max(err_direct, err_pin, err_ke), BOUND_FRAME)

# %% [markdown]
# % claim: c31-frame
#
# 브래킷의 $\mathcal{G}_b$를 $R_{a,b} = \mathrm{Rot}_z(50^\circ)\,\mathrm{Rot}_x(30^\circ)$로 돌리고 옮긴 좌표계 $\{a\}$로 세 가지 방법으로
# 옮겨 보았다. 식 {eq}`eq-31-transform`, 옮긴 $(m, c, I_c)$로 식 {eq}`eq-31-spatial`을 직접 만든 것,
# Pinocchio의 `Inertia.se3Action` {cite:p}`carpentier2019pinocchio`이다. 세 결과의 상대 차이는 한계
# {glue:text}`c31_bound_frame` 안에 있다(위 셀의 출력). 한 트위스트의 운동 에너지
# {glue:text}`c31_ke` J도 두 좌표계에서 같은 한계 안에서 같다.
#
# ### 3.1.3.3 다른 책과 라이브러리의 공간 관성
#
# 같은 물리량을 라이브러리마다 다르게 늘어놓는다. RBDA는 운동 벡터를 $(\omega, v)$ 순서로 쓰므로
# 행렬이 이 책과 같다. RBDA
# 식 (2.63)(33쪽)은 $\begin{bmatrix} I_c + m\,c\times c\times^{\mathsf T} & m\,c\times \\ m\,c\times^{\mathsf T} & m\mathbf 1\end{bmatrix}$이고,
# $c\times = [c]$, $c\times^{\mathsf T} = -[c]$이다. Pinocchio는 $(v, \omega)$ 순서여서
# `Inertia.matrix()`가 $\begin{bmatrix} m\mathbf 1 & -m[c] \\ m[c] & I_o\end{bmatrix}$이다. 블록의 자리를
# 맞바꾸면 식 {eq}`eq-31-spatial`이 된다. 위 셀의 비교가 그렇게 했다. 관성을 질량 중심 기준의 $3\times3$으로
# 받는 라이브러리와 URDF의 규약은 부록 A의 {numref}`tab-a-inertia`에 모았다.
#
# ```{exercise} 공간 관성의 고윳값
# :label: ex-31-eig
#
# $\mathcal{G}$는 양의 정부호인가? 운동 에너지 식 {eq}`eq-31-kinetic`로 답하라. 좌표계를 바꾸면 $\mathcal{G}$의
# 고윳값도 바뀌는가?
# ```
#
# ```{solution-start} ex-31-eig
# :label: sol-31-eig
# :class: dropdown
# ```
#
# $V\ne 0$이면 몸체의 어떤 점은 움직이므로 운동 에너지가 양수이다(부피가 있는 몸체에서). 그래서
# $\mathcal{G}\succ 0$이다. 고윳값은 바뀐다. $X = \mathrm{Ad}_T$는 직교 행렬이 아니기 때문이다. 식
# {eq}`eq-31-transform`은 닮음 변환이 아니라 합동 변환이다. 합동 변환은 대칭성과 양의 정부호성은 지키지만 고윳값은
# 지키지 않는다(RBDA 표 2.5, 34쪽). 원점을 질량 중심에서 멀리 옮기면 $I_o$가 커지므로 가장 큰 고윳값이 커진다.
#
# ```{solution-end}
# ```

# %% [markdown]
# (sec-31-newton-euler)=
# ## 3.1.4 한 강체의 뉴턴-오일러 방정식
#
# ### 3.1.4.1 질량 중심에서: 뉴턴과 오일러
#
# 몸체가 받는 모든 렌치의 합을 질량 중심에 대해 적자. 힘 $f$와 질량 중심에 대한 모멘트 $n_c$이다.
# 뉴턴의 둘째 법칙은 $f = m\,\ddot p_c$이다. $\ddot p_c$는 질량 중심이라는 **점**의 관성계에 대한 가속도이다.
# 질량 중심에 대한 각운동량 $H_c = I_c\omega$는 몸체 축으로 적으면 $I_c$가 상수이다. 그러나 그 축 자체가
# $\omega$로 돈다. 관성계에서 본 변화율은 몸체 성분의 변화율에 $\omega\times H_c$를 더한 것이다. 그래서 오일러
# 방정식은
#
# $$
# f = m\,\ddot p_c,\qquad n_c = I_c\,\dot\omega + \omega\times I_c\,\omega
# $$ (eq-31-com)
#
# 이다(`chaindyn.body.newton_euler_com`). $\omega\times I_c\omega$는 **자이로스코프 항**이다. $\omega$가
# 주축 방향이 아니면 $I_c\omega$가 $\omega$와 나란하지 않다. 그러면 일정한 속도로 돌기만 해도 모멘트가
# 필요하다.
#
# ### 3.1.4.2 임의의 좌표계에서: $F = \mathcal{G}\dot V - \mathrm{ad}_V^{\mathsf T}\mathcal{G}V$
#
# 3.2장의 링크 좌표계는 질량 중심에 있지 않다. 원점 $o$의 속도가 $v$인 좌표계에서 운동량
# $\mathcal{H} = \mathcal{G}V = (H, m v_c)$를 쓰자(3.1.3.1절). $H$는 $o$에 대한 각운동량이고 $mv_c$는
# 선운동량이다. 힘은 선운동량의 변화율이다. 움직이는 점 $o$에 대한 모멘트는 $H$의 변화율에
# $v\times mv_c$를 더한 것이다. 두 변화율은 모두 관성계에서 본 것이다. 몸체 축으로 적은 성분의 변화율에
# $\omega\times$를 더하면 관성계의 변화율이 된다. 그래서
#
# $$
# \begin{aligned}
# n &= \dot H + \omega\times H + v\times mv_c, \\
# f &= m\dot v_c + \omega\times mv_c
# \end{aligned}
# \qquad\Longleftrightarrow\qquad
# F = \dot{\mathcal{H}} - \mathrm{ad}_V^{\mathsf T}\mathcal{H}
# $$
#
# 이다. 여기서 $\dot H$, $\dot v_c$는 몸체 성분을 그대로 미분한 것이다. 둘째 식의
# $-\mathrm{ad}_V^{\mathsf T}\mathcal{H} = (\omega\times H + v\times mv_c,\ \omega\times mv_c)$는
# $\mathrm{ad}_V$의 정의({doc}`notation`)를 블록으로 풀어 쓴 것이다. 몸체 좌표계에서 $\mathcal{G}$는
# 상수이므로 $\dot{\mathcal{H}} = \mathcal{G}\dot V$이고
#
# $$
# F = \mathcal{G}\,\dot V - \mathrm{ad}_V^{\mathsf T}\,\mathcal{G}\,V
# $$ (eq-31-ne)
#
# 를 얻는다(Modern Robotics 8.2절 {cite:p}`lynch2017modern`). RBDA 식 (2.68)(35쪽)의
# $f = Ia + v\times^{*}Iv$가 같은 식이다 {cite:p}`featherstone2008rigid`. RBDA는 질량 중심을 원점으로 잡아
# 이 식을 풀어 쓰면 식 {eq}`eq-31-com`이 된다는 것도 보인다(예제 2.6, 식 (2.70)–(2.71), 36쪽). 코드는 `chaindyn.body.newton_euler(G, V, Vd)`이다. 앞에 쌓인 차원에
# 대해 한 번에 계산한다. 거꾸로 렌치에서 가속도를 구하는 식은
# $\dot V = \mathcal{G}^{-1}\big(F + \mathrm{ad}_V^{\mathsf T}\mathcal{G}V\big)$이다. 코드는
# `chaindyn.body.body_acceleration`이며, 역행렬 대신 선형 방정식을 푼다. 3.1.5절의 시뮬레이션이 이 식을
# 적분한다.
#
# **속도곱 항 읽기.** $-\mathrm{ad}_V^{\mathsf T}\mathcal{G}V$를 풀어 쓰면 물리적인 항들이 드러난다.
# 원점이 질량 중심이면($c = 0$) $v_c = v$이므로 $v\times mv_c = 0$이다. 그러면 모멘트 줄은 자이로스코프 항
# $\omega\times I_c\omega$, 힘 줄은 $m\,\omega\times v$이다. 이 힘 줄은 원심력이 아니라 좌표의 효과이다.
# $\dot v$는 몸체 축으로 적은 성분의 미분이고, 점의 가속도는 $\dot v + \omega\times v$이기 때문이다.
# 원점이 질량 중심에서 떨어져 있으면($c\ne0$) 힘 줄에 원심력 $m\,\omega\times(\omega\times c)$가 더해진다.
# 모멘트 줄에는 평행축 정리로 커진 관성의 자이로스코프 항과 $v\times mv_c$가 더해진다.
#
# ### 3.1.4.3 두 형식이 같은 렌치를 주는가
#
# 식 {eq}`eq-31-ne`와 식 {eq}`eq-31-com`이 같은 물리를 말한다면, 같은 운동에서 같은 렌치를 주어야 한다.
# 비교하려면 질량 중심의 가속도와 모멘트의 기준점을 맞춰야 한다. 질량 중심의 속도는 $v_c = v + \omega\times c$이고,
# 그 점의 가속도를 몸체 축으로 적으면
#
# $$
# \ddot p_c = \dot v + \dot\omega\times c + \omega\times(v + \omega\times c)
# $$ (eq-31-com-acc)
#
# 이다. 식 {eq}`eq-31-com`의 렌치를 원점에 대한 모멘트로 옮기면 $n = n_c + c\times f$이다.

# %% tags=["remove-input"]
ne = ch31.newton_euler_two_forms()
scale_F = float(np.max(np.abs(ne["F_spatial"])))
err_com = float(np.max(np.abs(ne["F_spatial"] - ne["F_com"]))) / scale_F
err_pin_ne = float(np.max(np.abs(ne["F_spatial"] - ne["F_pinocchio"]))) / scale_F
Vd_back = body.body_acceleration(G_br, ne["V"], ne["F_spatial"])
err_back = float(np.max(np.abs(Vd_back - ne["Vd"]))) / float(np.max(np.abs(ne["Vd"])))
BOUND_NE = 1e-13
glue("c31_bound_ne", sci(BOUND_NE, 1), display=False)
glue("c31_F", "(" + ", ".join(f"{v:.4f}".replace("-", "−")
                              for v in fixed(ne["F_spatial"], 4) + 0.0) + ")", display=False)

# %% tags=["nbval-ignore-output"]
print("뉴턴-오일러: 공간 형식과 질량 중심 형식의 상대 차이", sci(err_com), "| Pinocchio와",
      sci(err_pin_ne), "| body_acceleration으로 되돌린 V̇", sci(err_back))

# %% tags=["remove-input"]
claims.within("c31-ne", "세 값의 상대 차이는", max(err_com, err_pin_ne, err_back), BOUND_NE)

# %% [markdown]
# % claim: c31-ne
#
# 브래킷에 임의의 트위스트와 그 미분을 하나 골라 넣었다. 식 {eq}`eq-31-ne`의 렌치는
# $F =$ {glue:text}`c31_F` (N·m, N)이다. 식 {eq}`eq-31-com`과 {eq}`eq-31-com-acc`로 구해 원점으로 옮긴
# 렌치, Pinocchio의 $Ia + v\times^{*}Iv$와 견주었다. `body_acceleration`으로 이 렌치에서 되돌린
# $\dot V$도 함께 보았다. 세 값의 상대 차이는 한계 {glue:text}`c31_bound_ne` 안에 있다(위 셀의 출력).
#
# ### 3.1.4.4 적용: 주축이 아닌 축으로 도는 회전체의 베어링 하중
#
# 기구 설계자에게 식 {eq}`eq-31-ne`의 속도곱 항은 베어링 하중이다. 브래킷을 $\{b\}$의 $z$축에 고정하고
# 일정한 각속도 $\omega$로 돌린다고 하자. $V = (0, 0, \omega, 0, 0, 0)$, $\dot V = 0$이므로
# $F = -\mathrm{ad}_V^{\mathsf T}\mathcal{G}V$만 남는다. 풀어 쓰면
# $n = \omega^2\big(-(I_o)_{yz},\ (I_o)_{xz},\ 0\big)$과 $f = -m\omega^2(c_x, c_y, 0)$이다. 축이 몸체에
# 주는 이 렌치가 베어링이 견뎌야 하는 하중이다.

# %% tags=["remove-input"]
OMEGA_SPIN = 20.0
spin = ch31.spinning_bracket(OMEGA_SPIN)
err_spin = float(np.max(np.abs(spin["F"] - np.r_[spin["moment"], spin["force"]])))
err_spin /= float(np.max(np.abs(spin["F"])))
claims.within("c31-spin", "닫힌 형식과 같다", err_spin, BOUND_NE)
glue("c31_omega_spin", fixed(OMEGA_SPIN, 0), display=False)
glue("c31_spin_n", fixed(float(np.linalg.norm(spin["F"][:3])), 3), display=False)
glue("c31_spin_f", fixed(float(np.linalg.norm(spin["F"][3:])), 2), display=False)
glue("c31_Ixz", f"{fixed(spin['I_o'][0, 2] * 1e4, 3):.3f}".replace("-", "−"), display=False)

# %% [markdown]
# % claim: c31-spin
#
# $\omega =$ {glue:text}`c31_omega_spin` rad/s에서 `newton_euler`가 주는 모멘트의 크기는
# {glue:text}`c31_spin_n` N·m이고, 힘의 크기는 {glue:text}`c31_spin_f` N이다. 두 값 모두 위의 닫힌 형식과 같다.
# 모멘트는 원점에 대한 관성곱 $(I_o)_{xz} =$ {glue:text}`c31_Ixz` $\times10^{-4}$ kg·m²에서 나온다.
# 이 모멘트는 축을 기울이려는 하중이어서, 두 베어링이 서로 반대 방향의 반경 방향 힘으로 나누어 받는다.
# 회전체의 **동적 균형**(dynamic balancing)은 회전축을 주축으로 만드는 일이다. 힘을 없애려면 질량 중심을 축
# 위에 두어야 한다. 모멘트를 없애려면 관성곱 두 개를 0으로 만들어야 한다.
#
# ```{exercise} 회전 좌표계의 힘 줄
# :label: ex-31-force-row
#
# 질량 중심에 원점을 둔 좌표계($c = 0$)에서 식 {eq}`eq-31-ne`의 힘 줄은 $f = m(\dot v + \omega\times v)$이다.
# 몸체가 반지름 $R$인 원 위를 일정한 속력 $u$로 돌며, 몸체 축 $x$가 늘 진행 방향을 향한다고 하자. $v$,
# $\dot v$, $\omega$를 몸체 축으로 적고 $f$를 구하라.
# ```
#
# ```{solution-start} ex-31-force-row
# :label: sol-31-force-row
# :class: dropdown
# ```
#
# 몸체 축에서 $v = (u, 0, 0)$이 일정하므로 $\dot v = 0$이다. 원의 축을 몸체의 $z$축으로 두면
# $\omega = (0, 0, u/R)$이다. 그러면 $f = m\,\omega\times v = m(0, u^2/R, 0)$이다. 원의 중심을 향한
# 구심력 $mu^2/R$이 나온다. $\dot v = 0$이어도 점은 가속한다. 그 가속을 힘 줄의 $\omega\times v$가 담는다.
#
# ```{solution-end}
# ```
