/**
 * CPT codes of the catalog's markers, by marker slug: the procedure codes labs bill the tests
 * under (the codes as commonly published in lab test directories). A panel without its own
 * entry is billed as its components, so its codes are theirs (compendium.ts). Calculated
 * results (ratios, indices, eGFR) have none: they are not billed.
 */
export const CPT_CODES: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  ['glucose', ['82947']], ['hba1c', ['83036']], ['bun', ['84520']], ['creatinine', ['82565']], ['sodium', ['84295']],
  ['potassium', ['84132']], ['chloride', ['82435']], ['carbon-dioxide', ['82374']], ['calcium', ['82310']],
  ['ionized-calcium', ['82330']], ['total-protein', ['84155']], ['albumin', ['82040']], ['bilirubin-total', ['82247']],
  ['bilirubin-direct', ['82248']], ['alp', ['84075']], ['ast', ['84450']], ['alt', ['84460']], ['ggt', ['82977']],
  ['ldh', ['83615']], ['phosphorus', ['84100']], ['magnesium', ['83735']], ['uric-acid', ['84550']], ['amylase', ['82150']],
  ['lipase', ['83690']], ['ck', ['82550']], ['cystatin-c', ['82610']], ['osmolality', ['83930']], ['fructosamine', ['82985']],
  ['insulin', ['83525']], ['c-peptide', ['84681']], ['prealbumin', ['84134']], ['cholesterol-total', ['82465']],
  ['hdl', ['83718']], ['ldl-direct', ['83721']], ['triglycerides', ['84478']], ['apob', ['82172']], ['apoa1', ['82172']],
  ['lpa', ['83695']], ['hs-crp', ['86141']], ['crp', ['86140']], ['homocysteine', ['83090']], ['esr', ['85652']],
  ['fibrinogen', ['85384']], ['nt-probnp', ['83880']], ['bnp', ['83880']], ['iron', ['83540']], ['tibc', ['83550']],
  ['uibc', ['83550']], ['ferritin', ['82728']], ['transferrin', ['84466']], ['vitamin-b12', ['82607']], ['folate', ['82746']],
  ['vitamin-d', ['82306']], ['mma', ['83921']], ['zinc', ['84630']], ['copper', ['82525']], ['ceruloplasmin', ['82390']],
  ['haptoglobin', ['83010']], ['lead', ['83655']], ['tsh', ['84443']], ['free-t4', ['84439']], ['total-t4', ['84436']],
  ['free-t3', ['84481']], ['total-t3', ['84480']], ['reverse-t3', ['84482']], ['t3-uptake', ['84479']], ['tpo-ab', ['86376']],
  ['tg-ab', ['86800']], ['thyroglobulin', ['84432']], ['testosterone-total', ['84403']], ['testosterone-free', ['84402']],
  ['testosterone-bioavailable', ['84410']], ['shbg', ['84270']], ['estradiol', ['82670']], ['estrone', ['82679']],
  ['progesterone', ['84144']], ['lh', ['83002']], ['fsh', ['83001']], ['prolactin', ['84146']], ['dhea-s', ['82627']],
  ['cortisol', ['82533']], ['acth', ['82024']], ['igf1', ['84305']], ['growth-hormone', ['83003']], ['pth', ['83970']],
  ['aldosterone', ['82088']], ['hydroxyprogesterone', ['83498']], ['androstenedione', ['82157']], ['hcg-beta', ['84702']],
  ['calcitonin', ['82308']], ['psa-total', ['84153']], ['psa-free', ['84154']], ['cea', ['82378']], ['ca125', ['86304']],
  ['afp', ['82105']], ['ca19-9', ['86301']], ['ca15-3', ['86300']], ['beta2-microglobulin', ['82232']], ['rf', ['86431']],
  ['ana', ['86038']], ['ttg-iga', ['86364']], ['iga', ['82784']], ['igg', ['82784']], ['igm', ['82784']], ['ige', ['82785']],
  ['hbsag', ['87340']], ['hbsab', ['86706']], ['hcv-ab', ['86803']], ['hiv', ['87389']], ['rpr', ['86592']], ['abo', ['86900']],
  ['rh', ['86901']], ['hemoglobin', ['85018']], ['hematocrit', ['85014']], ['platelets', ['85049']], ['reticulocytes', ['85045']],
  ['pt', ['85610']], ['ptt', ['85730']], ['d-dimer', ['85379']], ['urine-albumin', ['82043']], ['urine-creatinine', ['82570']],
  // Panels with a code of their own.
  ['lipid-panel', ['80061']], ['cmp', ['80053']], ['bmp', ['80048']], ['cbc-diff', ['85025']], ['cbc', ['85027']],
  ['hepatic-panel', ['80076']], ['renal-panel', ['80069']], ['electrolyte-panel', ['80051']], ['urinalysis', ['81003']],
  ['hepatitis-panel', ['80074']], ['pt-inr', ['85610']],
]);
