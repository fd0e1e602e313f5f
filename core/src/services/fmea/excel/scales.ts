/**
 * The DFMEA rating scales of the AIAG & VDA FMEA Handbook (2019), tables
 * D1 (severity), D2 (occurrence) and D3 (detection), as short texts in both
 * languages for sheet 3 of the form workbook. Paraphrased, not the
 * handbook's full wording.
 */
export interface ScaleEntry {
  readonly rating: number;
  readonly en: string;
  readonly zh: string;
}

export const SEVERITY_SCALE: readonly ScaleEntry[] = [
  { rating: 10, en: 'Affects safe operation of the vehicle or others; health of driver, passengers or others', zh: '影响车辆或他人安全运行、驾乘人员或他人的健康' },
  { rating: 9, en: 'Noncompliance with regulations', zh: '不符合法规' },
  { rating: 8, en: 'Loss of primary vehicle function necessary for normal driving during expected service life', zh: '预期使用寿命内正常驾驶所需的主要功能丧失' },
  { rating: 7, en: 'Degradation of primary vehicle function necessary for normal driving', zh: '正常驾驶所需的主要功能降级' },
  { rating: 6, en: 'Loss of secondary vehicle function', zh: '次要功能丧失' },
  { rating: 5, en: 'Degradation of secondary vehicle function', zh: '次要功能降级' },
  { rating: 4, en: 'Very objectionable appearance, sound, vibration, harshness or haptics', zh: '外观、声音、振动、粗糙度或触感令人非常不适' },
  { rating: 3, en: 'Moderately objectionable appearance, sound, vibration, harshness or haptics', zh: '外观、声音、振动、粗糙度或触感令人中度不适' },
  { rating: 2, en: 'Slightly objectionable appearance, sound, vibration, harshness or haptics', zh: '外观、声音、振动、粗糙度或触感令人轻微不适' },
  { rating: 1, en: 'No discernible effect', zh: '没有可察觉的影响' },
];

export const OCCURRENCE_SCALE: readonly ScaleEntry[] = [
  { rating: 10, en: 'Extremely high: new technology with no history, or no prevention controls', zh: '极高：无经验的新技术，或无预防控制' },
  { rating: 9, en: 'Very high: first use of a design with technical innovations or materials in the company', zh: '非常高：公司内首次使用含技术创新或新材料的设计' },
  { rating: 8, en: 'Very high: first use of a design in a new application; prevention controls not proven', zh: '非常高：设计首次用于新应用，预防控制未经验证' },
  { rating: 7, en: 'High: new design based on similar technology; controls not targeted to this design', zh: '高：基于类似技术的新设计，控制并非针对本设计' },
  { rating: 6, en: 'High: similar to previous designs; standards exist but did not always prevent failures', zh: '高：与以往设计类似，有标准但未能始终防止失效' },
  { rating: 5, en: 'Moderate: detail changes to a previous design with known issues; controls partly effective', zh: '中：对有已知问题的既有设计作细节更改，控制部分有效' },
  { rating: 4, en: 'Moderate: almost identical design with short field exposure; controls effective', zh: '中：几乎相同的设计，现场使用时间短，控制有效' },
  { rating: 3, en: 'Low: detail changes to a known design; best practices followed and effective', zh: '低：对已知设计的细节更改，遵循最佳实践且有效' },
  { rating: 2, en: 'Very low: almost identical mature design; prevention proven effective', zh: '很低：几乎相同的成熟设计，预防控制被证明有效' },
  { rating: 1, en: 'Extremely low: failure eliminated through prevention controls', zh: '极低：通过预防控制消除了失效' },
];

export const DETECTION_SCALE: readonly ScaleEntry[] = [
  { rating: 10, en: 'Very low: test procedure yet to be developed', zh: '很低：测试程序尚未开发' },
  { rating: 9, en: 'Very low: test method not designed to detect the failure mode or cause', zh: '很低：测试方法并非为探测该失效模式或起因而设计' },
  { rating: 8, en: 'Low: new test method, not proven', zh: '低：新的测试方法，未经验证' },
  { rating: 7, en: 'Low: proven method for function or durability; pass-fail, too late for tooling release', zh: '低：经验证的功能或耐久测试方法，通过/不通过，晚于模具放行' },
  { rating: 6, en: 'Moderate: proven method, test to failure, too late for tooling release', zh: '中：经验证的方法，测试至失效，晚于模具放行' },
  { rating: 5, en: 'Moderate: proven method, degradation testing, too late for tooling release', zh: '中：经验证的方法，退化测试，晚于模具放行' },
  { rating: 4, en: 'High: proven method, pass-fail, before tooling release', zh: '高：经验证的方法，通过/不通过，早于模具放行' },
  { rating: 3, en: 'High: proven method, test to failure, before tooling release', zh: '高：经验证的方法，测试至失效，早于模具放行' },
  { rating: 2, en: 'High: proven method, degradation testing, before tooling release', zh: '高：经验证的方法，退化测试，早于模具放行' },
  { rating: 1, en: 'Very high: failure cannot occur, or detection proven always to work', zh: '很高：失效不可能发生，或探测方法被证明总能探测到' },
];

/**
 * The PFMEA rating scales of the handbook, tables P1 (severity: the impact
 * on your plant, on the ship-to plant and on the end user, one text), P2
 * (occurrence: by the type and effectiveness of the prevention control) and
 * P3 (detection: by the maturity of the detection method and how it
 * detects). Paraphrased, not the handbook's full wording.
 */
export const PFMEA_SEVERITY_SCALE: readonly ScaleEntry[] = [
  {
    rating: 10,
    en: 'Your plant: acute health or safety risk for the worker; ship-to plant: the same for its workers; end user: affects safe operation of the vehicle or the health of driver, passengers or others',
    zh: '本厂：对生产或装配工人有急性健康或安全风险；发运至工厂：对其工人同样；最终用户：影响车辆安全运行或驾乘人员及他人的健康',
  },
  {
    rating: 9,
    en: 'Your plant or ship-to plant: in-plant regulatory noncompliance; end user: noncompliance with regulations',
    zh: '本厂或发运至工厂：厂内不符合法规；最终用户：不符合法规',
  },
  {
    rating: 8,
    en: 'Your plant: 100% of the run may be scrapped; ship-to plant: line stop over a full shift, stop shipment, field repair or replacement possible; end user: loss of a primary vehicle function',
    zh: '本厂：100% 产品可能报废；发运至工厂：停线超过一个完整班次，可能停止发运、需现场返修或更换；最终用户：主要功能丧失',
  },
  {
    rating: 7,
    en: 'Your plant: product sorted and part of it scrapped, deviation from the primary process, slower line or added manpower; ship-to plant: line stop of 1 hour up to a full shift; end user: degradation of a primary vehicle function',
    zh: '本厂：产品需挑选且部分报废，偏离主要过程，降低线速或增加人力；发运至工厂：停线 1 小时至一个完整班次；最终用户：主要功能降级',
  },
  {
    rating: 6,
    en: 'Your plant: 100% of the run reworked off line and accepted; ship-to plant: line stop up to 1 hour; end user: loss of a secondary vehicle function',
    zh: '本厂：100% 产品需线下返工后接收；发运至工厂：停线不超过 1 小时；最终用户：次要功能丧失',
  },
  {
    rating: 5,
    en: 'Your plant: part of the run reworked off line and accepted; ship-to plant: under 100% affected, sorting needed, no line stop; end user: degradation of a secondary vehicle function',
    zh: '本厂：部分产品需线下返工后接收；发运至工厂：受影响少于 100%，需挑选，不停线；最终用户：次要功能降级',
  },
  {
    rating: 4,
    en: 'Your plant: 100% of the run reworked in station; ship-to plant: significant reaction plan, no sorting; end user: very objectionable appearance, sound, vibration, harshness or haptics',
    zh: '本厂：100% 产品需在工位内返工；发运至工厂：触发重大反应计划，无需挑选；最终用户：外观、声音、振动、粗糙度或触感令人非常不适',
  },
  {
    rating: 3,
    en: 'Your plant: part of the run reworked in station; ship-to plant: minor reaction plan, no sorting; end user: moderately objectionable appearance, sound, vibration, harshness or haptics',
    zh: '本厂：部分产品需在工位内返工；发运至工厂：触发轻微反应计划，无需挑选；最终用户：外观、声音、振动、粗糙度或触感令人中度不适',
  },
  {
    rating: 2,
    en: 'Your plant: slight inconvenience to process, operation or operator; ship-to plant: no reaction plan, feedback to the supplier; end user: slightly objectionable appearance, sound, vibration, harshness or haptics',
    zh: '本厂：对过程、操作或操作者略有不便；发运至工厂：无需反应计划，需向供应商反馈；最终用户：外观、声音、振动、粗糙度或触感令人轻微不适',
  },
  { rating: 1, en: 'No discernible effect (your plant, ship-to plant, end user)', zh: '没有可察觉的影响（本厂、发运至工厂、最终用户）' },
];

export const PFMEA_OCCURRENCE_SCALE: readonly ScaleEntry[] = [
  { rating: 10, en: 'Extremely high: no prevention controls', zh: '极高：没有预防控制' },
  { rating: 9, en: 'Very high: behavioural or technical controls with little effect in preventing the cause', zh: '非常高：行为或技术控制，对防止起因几乎无效' },
  { rating: 8, en: 'Very high: behavioural or technical controls with little effect in preventing the cause', zh: '非常高：行为或技术控制，对防止起因几乎无效' },
  { rating: 7, en: 'High: behavioural or technical controls somewhat effective in preventing the cause', zh: '高：行为或技术控制，对防止起因有一定效果' },
  { rating: 6, en: 'High: behavioural or technical controls somewhat effective in preventing the cause', zh: '高：行为或技术控制，对防止起因有一定效果' },
  { rating: 5, en: 'Moderate: best practices, behavioural or technical; controls effective in preventing the cause', zh: '中：最佳实践（行为或技术），控制能有效防止起因' },
  { rating: 4, en: 'Moderate: best practices, behavioural or technical; controls effective in preventing the cause', zh: '中：最佳实践（行为或技术），控制能有效防止起因' },
  { rating: 3, en: 'Low: best practices, technical; controls highly effective in preventing the cause', zh: '低：最佳实践（技术），控制能高度有效地防止起因' },
  { rating: 2, en: 'Low: best practices, technical; controls highly effective in preventing the cause', zh: '低：最佳实践（技术），控制能高度有效地防止起因' },
  {
    rating: 1,
    en: 'Extremely low: technical controls extremely effective by design (part geometry) or process (fixture): the failure mode cannot be produced by this cause',
    zh: '极低：因设计（零件几何形状）或过程（夹具设计）而极其有效的技术控制，该起因不可能产生失效模式',
  },
];

export const PFMEA_DETECTION_SCALE: readonly ScaleEntry[] = [
  { rating: 10, en: 'Very low: no test or inspection method established or known', zh: '很低：尚未建立或不知道测试或检验方法' },
  { rating: 9, en: 'Very low: the method is unlikely to detect the failure mode or cause (random or sporadic audits)', zh: '很低：该方法不太可能探测到失效模式或起因（随机或零星审核）' },
  { rating: 8, en: 'Low: method not proven effective and reliable; human inspection (visual, tactile, audible) or manual gauging that should detect', zh: '低：方法未被证明有效可靠；人工检验（目视、触觉、听觉）或手动量具，应能探测' },
  { rating: 7, en: 'Low: method not proven; machine-based detection (with notification) or inspection equipment such as a CMM that should detect', zh: '低：方法未被证明；基于机器的探测（带报警）或三坐标等检验设备，应能探测' },
  { rating: 6, en: 'Moderate: proven method; human inspection or manual gauging (sample checks included) that will detect', zh: '中：经验证的方法；人工检验或手动量具（含抽样检查），能够探测' },
  { rating: 5, en: 'Moderate: proven method; machine-based detection (with notification) or inspection equipment such as a CMM that will detect', zh: '中：经验证的方法；基于机器的探测（带报警）或三坐标等检验设备，能够探测' },
  {
    rating: 4,
    en: 'High: proven system; automated detection downstream that stops further processing or moves the discrepant product to a controlled reject area',
    zh: '高：经验证的系统；下游的自动探测，阻止进一步加工或将不合格品自动移至受控的拒收区',
  },
  {
    rating: 3,
    en: 'High: proven system; automated detection in station that stops further processing or moves the discrepant product to a controlled reject area',
    zh: '高：经验证的系统；工位内的自动探测，阻止进一步加工或将不合格品自动移至受控的拒收区',
  },
  { rating: 2, en: 'High: machine-based detection of the cause that prevents the discrepant part from being produced', zh: '高：基于机器的起因探测，阻止不合格零件被生产出来' },
  { rating: 1, en: 'Very high: the failure mode cannot be produced as designed or processed, or detection proven always to detect it', zh: '很高：按设计或过程不可能产生失效模式，或探测方法被证明总能探测到' },
];
