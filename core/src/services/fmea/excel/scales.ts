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
