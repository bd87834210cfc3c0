/**
 * The lab marker catalog's data: the partner labs and the lab accounts that gate them, the
 * analytes (real LOINC codes) and panels, each lab's test codes, prices and offer, and the
 * named lab tests. Plain tables only; catalog.ts builds the markers and lab tests from them
 * and searches them.
 */

// ---------------------------------------------------------------------------
// Labs, lab accounts
// ---------------------------------------------------------------------------

export interface Lab {
  readonly id: number;
  readonly slug: string;
  readonly name: string;
}

export interface LabAccount {
  readonly id: string;
  readonly name: string;
  readonly lab_ids: readonly number[];
}

export const LABS: readonly Lab[] = Object.freeze([
  Object.freeze({ id: 1, slug: 'labcorp', name: 'Labcorp' }),
  Object.freeze({ id: 2, slug: 'quest', name: 'Quest Diagnostics' }),
  Object.freeze({ id: 3, slug: 'bioreference', name: 'BioReference' }),
  Object.freeze({ id: 4, slug: 'sonora_quest', name: 'Sonora Quest Laboratories' }),
]);

export type LabSlug = 'labcorp' | 'quest' | 'bioreference' | 'sonora_quest';

export const LAB_ACCOUNTS: readonly LabAccount[] = Object.freeze([
  Object.freeze({
    id: 'ded08b93-faf3-4085-a0d0-fb8215ac17d2',
    name: 'National account (Labcorp and Quest)',
    lab_ids: Object.freeze([1, 2]),
  }),
  Object.freeze({
    id: 'c4d6923f-369e-4aca-b9ba-fa747bab55ce',
    name: 'BioReference direct account',
    lab_ids: Object.freeze([3]),
  }),
  Object.freeze({
    id: 'efd41b97-d5f6-4a9a-bd9f-16f8bb0535b5',
    name: 'Southwest regional account (Sonora Quest and Quest)',
    lab_ids: Object.freeze([2, 4]),
  }),
]);

// ---------------------------------------------------------------------------
// Analyte table (real analytes, real LOINC codes)
// ---------------------------------------------------------------------------

export interface AnalyteDef {
  readonly key: string;
  readonly name: string;
  readonly loinc: string;
  readonly loincName: string;
  readonly unit: string | null;
  /** Base list price in USD (Labcorp); other labs apply a multiplier. */
  readonly price: number;
  readonly description: string;
  /** Calculated or reflex-only results are not orderable on their own. */
  readonly alaCarte?: boolean;
}

type Row = readonly [key: string, name: string, loinc: string, loincName: string, unit: string | null,
  price: number, description: string, alaCarte?: boolean];

const SP = 'in Serum or Plasma';

const ANALYTE_ROWS: readonly Row[] = [
  // --- Metabolic / chemistry
  ['glucose', 'Glucose', '2345-7', `Glucose [Mass/volume] ${SP}`, 'mg/dL', 8, 'Blood sugar level, used to screen for and monitor diabetes.'],
  ['hba1c', 'Hemoglobin A1c', '4548-4', 'Hemoglobin A1c/Hemoglobin.total in Blood', '%', 15, 'Average blood sugar over the past two to three months.'],
  ['eag', 'Estimated Average Glucose', '27353-2', 'Glucose mean value [Mass/volume] in Blood Estimated from glycated hemoglobin', 'mg/dL', 5, 'Average glucose calculated from the hemoglobin A1c result.', false],
  ['bun', 'Blood Urea Nitrogen (BUN)', '3094-0', `Urea nitrogen [Mass/volume] ${SP}`, 'mg/dL', 8, 'Waste product cleared by the kidneys, used to assess kidney function.'],
  ['creatinine', 'Creatinine', '2160-0', `Creatinine [Mass/volume] ${SP}`, 'mg/dL', 8, 'Muscle waste product filtered by the kidneys, used to estimate kidney function.'],
  ['egfr', 'eGFR (CKD-EPI 2021)', '98979-8', 'Glomerular filtration rate/1.73 sq M.predicted [Volume Rate/Area] in Serum, Plasma or Blood by Creatinine-based formula (CKD-EPI 2021)', 'mL/min/1.73m2', 5, 'Estimated kidney filtration rate calculated from creatinine, age and sex.', false],
  ['bun_creatinine_ratio', 'BUN/Creatinine Ratio', '3097-3', `Urea nitrogen/Creatinine [Mass Ratio] ${SP}`, null, 5, 'Ratio that helps distinguish kidney from non-kidney causes of abnormal BUN.', false],
  ['sodium', 'Sodium', '2951-2', `Sodium [Moles/volume] ${SP}`, 'mmol/L', 8, 'Main extracellular electrolyte, reflecting fluid balance.'],
  ['potassium', 'Potassium', '2823-3', `Potassium [Moles/volume] ${SP}`, 'mmol/L', 8, 'Electrolyte essential for heart rhythm and muscle function.'],
  ['chloride', 'Chloride', '2075-0', `Chloride [Moles/volume] ${SP}`, 'mmol/L', 8, 'Electrolyte that helps maintain fluid and acid-base balance.'],
  ['carbon_dioxide', 'Carbon Dioxide, Total', '2028-9', `Carbon dioxide, total [Moles/volume] ${SP}`, 'mmol/L', 8, 'Bicarbonate level, reflecting the acid-base balance of the blood.'],
  ['anion_gap', 'Anion Gap', '33037-3', `Anion gap ${SP}`, 'mmol/L', 5, 'Calculated difference between measured cations and anions, used to investigate acidosis.', false],
  ['calcium', 'Calcium', '17861-6', `Calcium [Mass/volume] ${SP}`, 'mg/dL', 8, 'Total blood calcium, important for bones, nerves and muscles.'],
  ['ionized_calcium', 'Calcium, Ionized', '1994-3', 'Calcium.ionized [Moles/volume] in Blood', 'mmol/L', 22, 'Free, biologically active calcium in the blood.'],
  ['total_protein', 'Protein, Total', '2885-2', `Protein [Mass/volume] ${SP}`, 'g/dL', 8, 'Total amount of albumin and globulins in the blood.'],
  ['albumin', 'Albumin', '1751-7', `Albumin [Mass/volume] ${SP}`, 'g/dL', 8, 'Main blood protein made by the liver, reflecting nutrition and liver function.'],
  ['globulin', 'Globulin', '10834-0', 'Globulin [Mass/volume] in Serum by calculation', 'g/dL', 5, 'Calculated non-albumin protein fraction, including antibodies.', false],
  ['ag_ratio', 'Albumin/Globulin Ratio', '1759-0', `Albumin/Globulin [Mass Ratio] ${SP}`, null, 5, 'Ratio of albumin to globulin, used to flag liver or immune disorders.', false],
  ['bilirubin_total', 'Bilirubin, Total', '1975-2', `Bilirubin.total [Mass/volume] ${SP}`, 'mg/dL', 8, 'Breakdown product of red blood cells, used to assess liver function.'],
  ['bilirubin_direct', 'Bilirubin, Direct', '1968-7', `Bilirubin.direct [Mass/volume] ${SP}`, 'mg/dL', 9, 'Conjugated bilirubin, elevated in bile duct and liver disorders.'],
  ['bilirubin_indirect', 'Bilirubin, Indirect', '1971-1', `Bilirubin.indirect [Mass/volume] ${SP}`, 'mg/dL', 5, 'Unconjugated bilirubin calculated from total and direct bilirubin.', false],
  ['alp', 'Alkaline Phosphatase', '6768-6', `Alkaline phosphatase [Enzymatic activity/volume] ${SP}`, 'U/L', 8, 'Enzyme from liver and bone, elevated in bile duct and bone disorders.'],
  ['ast', 'AST (SGOT)', '1920-8', `Aspartate aminotransferase [Enzymatic activity/volume] ${SP}`, 'U/L', 8, 'Liver and muscle enzyme, elevated with liver cell injury.'],
  ['alt', 'ALT (SGPT)', '1742-6', `Alanine aminotransferase [Enzymatic activity/volume] ${SP}`, 'U/L', 8, 'Liver enzyme, the most specific routine marker of liver cell injury.'],
  ['ggt', 'Gamma-Glutamyl Transferase (GGT)', '2324-2', `Gamma glutamyl transferase [Enzymatic activity/volume] ${SP}`, 'U/L', 10, 'Liver enzyme sensitive to bile duct disease and alcohol use.'],
  ['ldh', 'Lactate Dehydrogenase (LD)', '2532-0', `Lactate dehydrogenase [Enzymatic activity/volume] ${SP}`, 'U/L', 10, 'Enzyme released with tissue damage or hemolysis.'],
  ['phosphorus', 'Phosphorus', '2777-1', `Phosphate [Mass/volume] ${SP}`, 'mg/dL', 8, 'Mineral working with calcium in bone and energy metabolism.'],
  ['magnesium', 'Magnesium', '19123-9', `Magnesium [Mass/volume] ${SP}`, 'mg/dL', 10, 'Mineral needed for muscle, nerve and heart function.'],
  ['uric_acid', 'Uric Acid', '3084-1', `Urate [Mass/volume] ${SP}`, 'mg/dL', 9, 'Purine breakdown product, elevated in gout and kidney disease.'],
  ['amylase', 'Amylase', '1798-8', `Amylase [Enzymatic activity/volume] ${SP}`, 'U/L', 12, 'Digestive enzyme, elevated in pancreatitis.'],
  ['lipase', 'Lipase', '3040-3', `Triacylglycerol lipase [Enzymatic activity/volume] ${SP}`, 'U/L', 12, 'Pancreatic enzyme, the preferred marker of acute pancreatitis.'],
  ['ck', 'Creatine Kinase (CK), Total', '2157-6', `Creatine kinase [Enzymatic activity/volume] ${SP}`, 'U/L', 10, 'Muscle enzyme, elevated with muscle injury or statin myopathy.'],
  ['cystatin_c', 'Cystatin C', '33863-2', `Cystatin C [Mass/volume] ${SP}`, 'mg/L', 35, 'Kidney function marker independent of muscle mass.'],
  ['osmolality', 'Osmolality', '2692-2', 'Osmolality of Serum or Plasma', 'mOsm/kg', 15, 'Concentration of dissolved particles in the blood.'],
  ['fructosamine', 'Fructosamine', '15069-8', `Fructosamine [Moles/volume] ${SP}`, 'umol/L', 18, 'Glycated proteins reflecting average glucose over two to three weeks.'],
  ['insulin', 'Insulin', '20448-7', `Insulin [Units/volume] ${SP}`, 'uIU/mL', 20, 'Fasting insulin level, used to assess insulin resistance.'],
  ['c_peptide', 'C-Peptide', '1986-9', `C peptide [Mass/volume] ${SP}`, 'ng/mL', 30, "Marker of the pancreas's own insulin production."],
  ['prealbumin', 'Prealbumin', '14338-8', `Prealbumin [Mass/volume] ${SP}`, 'mg/dL', 20, 'Short-lived transport protein reflecting recent nutritional status.'],
  // --- Lipids and cardiovascular
  ['cholesterol_total', 'Cholesterol, Total', '2093-3', `Cholesterol [Mass/volume] ${SP}`, 'mg/dL', 8, 'Total blood cholesterol, a core cardiovascular risk marker.'],
  ['hdl', 'HDL Cholesterol', '2085-9', `Cholesterol in HDL [Mass/volume] ${SP}`, 'mg/dL', 10, 'High-density lipoprotein cholesterol, the protective fraction.'],
  ['ldl_calc', 'LDL Cholesterol, Calculated', '13457-7', `Cholesterol in LDL [Mass/volume] ${SP} by calculation`, 'mg/dL', 5, 'Low-density lipoprotein cholesterol calculated from the lipid panel.', false],
  ['ldl_direct', 'LDL Cholesterol, Direct', '18262-6', `Cholesterol in LDL [Mass/volume] ${SP} by Direct assay`, 'mg/dL', 18, 'Directly measured LDL cholesterol, useful when triglycerides are high.'],
  ['triglycerides', 'Triglycerides', '2571-8', `Triglyceride [Mass/volume] ${SP}`, 'mg/dL', 9, 'Blood fats raised by excess calories, sugar and alcohol.'],
  ['vldl_calc', 'VLDL Cholesterol, Calculated', '13458-5', `Cholesterol in VLDL [Mass/volume] ${SP} by calculation`, 'mg/dL', 5, 'Very-low-density lipoprotein cholesterol estimated from triglycerides.', false],
  ['non_hdl', 'Non-HDL Cholesterol', '43396-1', `Cholesterol non HDL [Mass/volume] ${SP}`, 'mg/dL', 5, 'Total cholesterol minus HDL, capturing all atherogenic particles.', false],
  ['chol_hdl_ratio', 'Cholesterol/HDL Ratio', '9830-1', `Cholesterol.total/Cholesterol in HDL [Mass Ratio] ${SP}`, null, 5, 'Ratio of total to HDL cholesterol used in risk estimation.', false],
  ['apob', 'Apolipoprotein B', '1884-6', `Apolipoprotein B [Mass/volume] ${SP}`, 'mg/dL', 25, 'Count of atherogenic lipoprotein particles, a strong cardiovascular risk marker.'],
  ['apoa1', 'Apolipoprotein A-1', '1869-7', `Apolipoprotein A-I [Mass/volume] ${SP}`, 'mg/dL', 25, 'Main protein of HDL particles.'],
  ['lpa', 'Lipoprotein(a)', '43583-4', `Lipoprotein a [Moles/volume] ${SP}`, 'nmol/L', 30, 'Genetically determined lipoprotein that raises cardiovascular risk.'],
  ['hs_crp', 'C-Reactive Protein, Cardiac (hs-CRP)', '30522-7', `C reactive protein [Mass/volume] ${SP} by High sensitivity method`, 'mg/L', 18, 'Low-grade inflammation marker used in cardiovascular risk assessment.'],
  ['crp', 'C-Reactive Protein (CRP)', '1988-5', `C reactive protein [Mass/volume] ${SP}`, 'mg/L', 12, 'General marker of acute inflammation or infection.'],
  ['homocysteine', 'Homocysteine', '13965-9', `Homocysteine [Moles/volume] ${SP}`, 'umol/L', 30, 'Amino acid linked to B-vitamin status and vascular risk.'],
  ['esr', 'Sedimentation Rate (ESR)', '30341-2', 'Erythrocyte sedimentation rate', 'mm/h', 8, 'Nonspecific marker of inflammation.'],
  ['fibrinogen', 'Fibrinogen Activity', '3255-7', 'Fibrinogen [Mass/volume] in Platelet poor plasma by Coagulation assay', 'mg/dL', 20, 'Clotting protein that also rises with inflammation.'],
  ['nt_probnp', 'NT-proBNP', '33762-6', `Natriuretic peptide.B prohormone N-Terminal [Mass/volume] ${SP}`, 'pg/mL', 45, 'Heart strain marker used to evaluate heart failure.'],
  ['bnp', 'B-Type Natriuretic Peptide (BNP)', '30934-4', `Natriuretic peptide B [Mass/volume] ${SP}`, 'pg/mL', 45, 'Hormone released by stretched heart muscle.'],
  // --- Iron, vitamins, minerals
  ['iron', 'Iron', '2498-4', `Iron [Mass/volume] ${SP}`, 'ug/dL', 9, 'Circulating iron bound to transferrin.'],
  ['tibc', 'Iron Binding Capacity, Total (TIBC)', '2500-7', `Iron binding capacity [Mass/volume] ${SP}`, 'ug/dL', 10, 'Capacity of transferrin to carry iron, raised in iron deficiency.'],
  ['uibc', 'Unsaturated Iron Binding Capacity (UIBC)', '2501-5', `Iron binding capacity.unsaturated [Mass/volume] ${SP}`, 'ug/dL', 10, 'Transferrin capacity not yet occupied by iron.'],
  ['iron_saturation', 'Iron Saturation', '2502-3', `Iron saturation [Mass Fraction] ${SP}`, '%', 5, 'Percentage of transferrin carrying iron.', false],
  ['ferritin', 'Ferritin', '2276-4', `Ferritin [Mass/volume] ${SP}`, 'ng/mL', 15, 'Iron storage protein, the best single marker of iron stores.'],
  ['transferrin', 'Transferrin', '3034-6', `Transferrin [Mass/volume] ${SP}`, 'mg/dL', 15, 'Main iron transport protein in the blood.'],
  ['vitamin_b12', 'Vitamin B12', '2132-9', `Cobalamin (Vitamin B12) [Mass/volume] ${SP}`, 'pg/mL', 15, 'Vitamin needed for nerve function and red blood cell production.'],
  ['folate', 'Folate, Serum', '2284-8', `Folate [Mass/volume] ${SP}`, 'ng/mL', 15, 'B vitamin needed for cell division and red blood cell production.'],
  ['vitamin_d', 'Vitamin D, 25-Hydroxy', '62292-8', `25-Hydroxyvitamin D2+25-Hydroxyvitamin D3 [Mass/volume] ${SP}`, 'ng/mL', 30, 'Best measure of vitamin D status.'],
  ['mma', 'Methylmalonic Acid', '13964-2', `Methylmalonate [Moles/volume] ${SP}`, 'nmol/L', 40, 'Sensitive functional marker of vitamin B12 deficiency.'],
  ['zinc', 'Zinc', '5763-8', `Zinc [Mass/volume] ${SP}`, 'ug/dL', 20, 'Trace mineral needed for immunity and wound healing.'],
  ['copper', 'Copper', '5631-7', `Copper [Mass/volume] ${SP}`, 'ug/dL', 20, 'Trace mineral involved in iron metabolism and connective tissue.'],
  ['ceruloplasmin', 'Ceruloplasmin', '2064-4', `Ceruloplasmin [Mass/volume] ${SP}`, 'mg/dL', 25, 'Copper-carrying protein, low in Wilson disease.'],
  ['haptoglobin', 'Haptoglobin', '4542-7', `Haptoglobin [Mass/volume] ${SP}`, 'mg/dL', 20, 'Protein that binds free hemoglobin, low in hemolysis.'],
  ['lead', 'Lead, Blood', '5671-3', 'Lead [Mass/volume] in Blood', 'ug/dL', 25, 'Blood lead level, used to detect lead exposure.'],
  // --- Thyroid
  ['tsh', 'TSH', '3016-3', `Thyrotropin [Units/volume] ${SP}`, 'uIU/mL', 15, 'Pituitary hormone that is the first-line screen of thyroid function.'],
  ['free_t4', 'Free T4 (Thyroxine, Free)', '3024-7', `Thyroxine (T4) free [Mass/volume] ${SP}`, 'ng/dL', 15, 'Unbound thyroxine, the main circulating thyroid hormone.'],
  ['total_t4', 'T4 (Thyroxine), Total', '3026-2', `Thyroxine (T4) [Mass/volume] ${SP}`, 'ug/dL', 10, 'Total thyroxine, bound and free.'],
  ['free_t3', 'Free T3 (Triiodothyronine, Free)', '3051-0', `Triiodothyronine (T3) Free [Mass/volume] ${SP}`, 'pg/mL', 20, 'Unbound triiodothyronine, the active thyroid hormone.'],
  ['total_t3', 'T3 (Triiodothyronine), Total', '3053-6', `Triiodothyronine (T3) [Mass/volume] ${SP}`, 'ng/dL', 15, 'Total triiodothyronine, bound and free.'],
  ['reverse_t3', 'Reverse T3', '3052-8', `Triiodothyronine (T3).reverse [Mass/volume] ${SP}`, 'ng/dL', 40, 'Inactive form of T3, raised in illness and stress.'],
  ['t3_uptake', 'T3 Uptake', '3050-2', `Triiodothyronine resin uptake (T3RU) ${SP}`, '%', 10, 'Indirect measure of thyroid hormone binding proteins.'],
  ['fti', 'Free Thyroxine Index (T7)', '32215-6', `Thyroxine free index ${SP} by calculation`, null, 5, 'Estimate of free thyroxine calculated from total T4 and T3 uptake.', false],
  ['tpo_ab', 'Thyroid Peroxidase (TPO) Antibodies', '8099-4', `Thyroperoxidase Ab [Units/volume] ${SP}`, 'IU/mL', 25, "Autoantibodies indicating Hashimoto's thyroiditis or Graves' disease."],
  ['tg_ab', 'Thyroglobulin Antibodies', '8098-6', `Thyroglobulin Ab [Units/volume] ${SP}`, 'IU/mL', 25, 'Autoantibodies against thyroglobulin, seen in autoimmune thyroid disease.'],
  ['thyroglobulin', 'Thyroglobulin', '3013-0', `Thyroglobulin [Mass/volume] ${SP}`, 'ng/mL', 35, 'Thyroid protein used to monitor thyroid cancer after treatment.'],
  // --- Hormones
  ['testosterone_total', 'Testosterone, Total', '2986-8', `Testosterone [Mass/volume] ${SP}`, 'ng/dL', 25, 'Main male sex hormone, also measured in women.'],
  ['testosterone_free', 'Testosterone, Free', '2991-8', `Testosterone Free [Mass/volume] ${SP}`, 'pg/mL', 30, 'Unbound, biologically active testosterone.'],
  ['testosterone_bioavailable', 'Testosterone, Bioavailable', '2990-0', `Testosterone.free+weakly bound [Mass/volume] ${SP}`, 'ng/dL', 40, 'Free plus albumin-bound testosterone available to tissues.'],
  ['shbg', 'Sex Hormone Binding Globulin (SHBG)', '13967-5', `Sex hormone binding globulin [Moles/volume] ${SP}`, 'nmol/L', 25, 'Protein that binds sex hormones and regulates their availability.'],
  ['estradiol', 'Estradiol', '2243-4', `Estradiol (E2) [Mass/volume] ${SP}`, 'pg/mL', 25, 'Main estrogen, used to assess ovarian function and hormone therapy.'],
  ['estrone', 'Estrone', '2258-2', `Estrone (E1) [Mass/volume] ${SP}`, 'pg/mL', 45, 'Estrogen that predominates after menopause.'],
  ['progesterone', 'Progesterone', '2839-9', `Progesterone [Mass/volume] ${SP}`, 'ng/mL', 20, 'Hormone used to confirm ovulation and support early pregnancy.'],
  ['lh', 'Luteinizing Hormone (LH)', '10501-5', `Lutropin [Units/volume] ${SP}`, 'mIU/mL', 20, 'Pituitary hormone that triggers ovulation and testosterone production.'],
  ['fsh', 'Follicle-Stimulating Hormone (FSH)', '15067-2', `Follitropin [Units/volume] ${SP}`, 'mIU/mL', 20, 'Pituitary hormone regulating egg and sperm production.'],
  ['prolactin', 'Prolactin', '2842-3', `Prolactin [Mass/volume] ${SP}`, 'ng/mL', 20, 'Pituitary hormone that stimulates milk production.'],
  ['dhea_s', 'DHEA-Sulfate', '2191-5', `Dehydroepiandrosterone sulfate (DHEA-S) [Mass/volume] ${SP}`, 'ug/dL', 25, 'Adrenal androgen precursor.'],
  ['cortisol', 'Cortisol', '2143-6', `Cortisol [Mass/volume] ${SP}`, 'ug/dL', 20, 'Adrenal stress hormone, usually measured in the morning.'],
  ['acth', 'ACTH', '2141-0', 'Corticotropin [Mass/volume] in Plasma', 'pg/mL', 40, 'Pituitary hormone that drives cortisol production.'],
  ['igf1', 'IGF-1 (Insulin-Like Growth Factor I)', '2484-4', `Insulin-like growth factor-I [Mass/volume] ${SP}`, 'ng/mL', 40, 'Growth hormone mediator reflecting average growth hormone secretion.'],
  ['growth_hormone', 'Growth Hormone', '2963-7', `Somatotropin [Mass/volume] ${SP}`, 'ng/mL', 30, 'Pituitary hormone regulating growth and metabolism.'],
  ['pth', 'PTH, Intact', '2731-8', `Parathyrin.intact [Mass/volume] ${SP}`, 'pg/mL', 35, 'Parathyroid hormone that regulates blood calcium.'],
  ['aldosterone', 'Aldosterone', '1763-2', `Aldosterone [Mass/volume] ${SP}`, 'ng/dL', 45, 'Adrenal hormone controlling sodium, potassium and blood pressure.'],
  ['hydroxyprogesterone', '17-Hydroxyprogesterone', '1668-3', `17-Hydroxyprogesterone [Mass/volume] ${SP}`, 'ng/dL', 40, 'Steroid precursor used to screen for congenital adrenal hyperplasia.'],
  ['androstenedione', 'Androstenedione', '1854-9', `Androstenedione [Mass/volume] ${SP}`, 'ng/dL', 40, 'Androgen precursor made by the adrenals and gonads.'],
  ['hcg_beta', 'hCG, Beta, Quantitative', '21198-7', `Choriogonadotropin.beta subunit [Units/volume] ${SP}`, 'mIU/mL', 20, 'Pregnancy hormone measured quantitatively.'],
  ['calcitonin', 'Calcitonin', '1992-7', `Calcitonin [Mass/volume] ${SP}`, 'pg/mL', 40, 'Thyroid C-cell hormone used to detect medullary thyroid cancer.'],
  // --- Tumor markers
  ['psa_total', 'Prostate-Specific Antigen (PSA)', '2857-1', `Prostate specific Ag [Mass/volume] ${SP}`, 'ng/mL', 20, 'Prostate protein used to screen for prostate cancer.'],
  ['psa_free', 'PSA, Free', '10886-0', `Prostate Specific Ag Free [Mass/volume] ${SP}`, 'ng/mL', 25, 'Unbound PSA, helps interpret a borderline total PSA.'],
  ['psa_free_percent', 'PSA, Percent Free', '12841-3', `Prostate Specific Ag Free/Prostate specific Ag.total ${SP}`, '%', 5, 'Share of PSA that is free; lower values raise cancer probability.', false],
  ['cea', 'Carcinoembryonic Antigen (CEA)', '2039-6', `Carcinoembryonic Ag [Mass/volume] ${SP}`, 'ng/mL', 25, 'Tumor marker used to monitor colorectal cancer.'],
  ['ca125', 'CA 125', '10334-1', `Cancer Ag 125 [Units/volume] ${SP}`, 'U/mL', 35, 'Tumor marker used to monitor ovarian cancer.'],
  ['afp', 'Alpha-Fetoprotein (AFP), Tumor Marker', '1834-1', `Alpha-1-Fetoprotein [Mass/volume] ${SP}`, 'ng/mL', 30, 'Tumor marker for liver and germ cell cancers.'],
  ['ca19_9', 'CA 19-9', '24108-3', `Cancer Ag 19-9 [Units/volume] ${SP}`, 'U/mL', 35, 'Tumor marker used to monitor pancreatic cancer.'],
  ['ca15_3', 'CA 15-3', '6875-9', `Cancer Ag 15-3 [Units/volume] ${SP}`, 'U/mL', 35, 'Tumor marker used to monitor breast cancer.'],
  ['beta2_microglobulin', 'Beta-2 Microglobulin', '1952-1', `Beta-2-Microglobulin [Mass/volume] ${SP}`, 'mg/L', 30, 'Cell surface protein used as a prognostic marker in myeloma and lymphoma.'],
  // --- Immunology and infectious disease
  ['rf', 'Rheumatoid Factor', '11572-5', `Rheumatoid factor [Units/volume] ${SP}`, 'IU/mL', 15, 'Autoantibody associated with rheumatoid arthritis.'],
  ['ana', 'Antinuclear Antibodies (ANA) Screen', '8061-4', 'Nuclear Ab [Presence] in Serum', null, 20, 'Screen for autoantibodies seen in lupus and related diseases.'],
  ['ttg_iga', 'Tissue Transglutaminase (tTG) Antibody, IgA', '31017-7', 'Tissue transglutaminase IgA Ab [Units/volume] in Serum', 'U/mL', 35, 'First-line blood test for celiac disease.'],
  ['iga', 'Immunoglobulin A (IgA)', '2458-8', `IgA [Mass/volume] ${SP}`, 'mg/dL', 15, 'Antibody class protecting mucosal surfaces; checked with celiac testing.'],
  ['igg', 'Immunoglobulin G (IgG)', '2465-3', `IgG [Mass/volume] ${SP}`, 'mg/dL', 15, 'Most abundant antibody class in the blood.'],
  ['igm', 'Immunoglobulin M (IgM)', '2472-9', `IgM [Mass/volume] ${SP}`, 'mg/dL', 15, 'First antibody class produced in a new infection.'],
  ['ige', 'Immunoglobulin E (IgE), Total', '19113-0', `IgE [Units/volume] ${SP}`, 'IU/mL', 20, 'Antibody class involved in allergy.'],
  ['hbsag', 'Hepatitis B Surface Antigen', '5196-1', 'Hepatitis B virus surface Ag [Presence] in Serum', null, 15, 'Detects current hepatitis B infection.'],
  ['hbsab', 'Hepatitis B Surface Antibody, Quantitative', '16935-9', 'Hepatitis B virus surface Ab [Units/volume] in Serum', 'mIU/mL', 20, 'Measures immunity to hepatitis B from vaccination or past infection.'],
  ['hcv_ab', 'Hepatitis C Antibody', '16128-1', 'Hepatitis C virus Ab [Presence] in Serum', null, 20, 'Screen for past or present hepatitis C infection.'],
  ['hiv', 'HIV-1/2 Antigen/Antibody, Fourth Generation', '56888-1', 'HIV 1+2 Ab+HIV1 p24 Ag [Presence] in Serum or Plasma by Immunoassay', null, 20, 'Screen for HIV infection detecting both antibodies and p24 antigen.'],
  ['rpr', 'RPR (Syphilis Screen)', '20507-0', 'Reagin Ab [Presence] in Serum by RPR', null, 10, 'Nontreponemal screening test for syphilis.'],
  ['abo', 'ABO Group', '883-9', 'ABO group [Type] in Blood', null, 10, 'Blood group A, B, AB or O.'],
  ['rh', 'Rh Type', '10331-7', 'Rh [Type] in Blood', null, 10, 'Rh(D) positive or negative blood type.'],
  // --- Hematology
  ['wbc', 'White Blood Cell Count (WBC)', '6690-2', 'Leukocytes [#/volume] in Blood by Automated count', '10^3/uL', 6, 'Number of white blood cells, raised in infection and inflammation.'],
  ['rbc', 'Red Blood Cell Count (RBC)', '789-8', 'Erythrocytes [#/volume] in Blood by Automated count', '10^6/uL', 6, 'Number of red blood cells.'],
  ['hemoglobin', 'Hemoglobin', '718-7', 'Hemoglobin [Mass/volume] in Blood', 'g/dL', 6, 'Oxygen-carrying protein of red blood cells, low in anemia.'],
  ['hematocrit', 'Hematocrit', '4544-3', 'Hematocrit [Volume Fraction] of Blood by Automated count', '%', 6, 'Share of blood volume made of red blood cells.'],
  ['mcv', 'MCV', '787-2', 'MCV [Entitic volume] by Automated count', 'fL', 4, 'Average red blood cell size.', false],
  ['mch', 'MCH', '785-6', 'MCH [Entitic mass] by Automated count', 'pg', 4, 'Average amount of hemoglobin per red blood cell.', false],
  ['mchc', 'MCHC', '786-4', 'MCHC [Mass/volume] by Automated count', 'g/dL', 4, 'Average hemoglobin concentration in red blood cells.', false],
  ['rdw', 'RDW', '788-0', 'Erythrocyte distribution width [Ratio] by Automated count', '%', 4, 'Variation in red blood cell size.', false],
  ['platelets', 'Platelet Count', '777-3', 'Platelets [#/volume] in Blood by Automated count', '10^3/uL', 6, 'Number of platelets, the cells that start blood clotting.'],
  ['mpv', 'Mean Platelet Volume (MPV)', '32623-1', 'Platelet mean volume [Entitic volume] in Blood by Automated count', 'fL', 4, 'Average platelet size.', false],
  ['neutrophils_pct', 'Neutrophils', '770-8', 'Neutrophils/100 leukocytes in Blood by Automated count', '%', 4, 'Share of white blood cells that are neutrophils.', false],
  ['lymphocytes_pct', 'Lymphocytes', '736-9', 'Lymphocytes/100 leukocytes in Blood by Automated count', '%', 4, 'Share of white blood cells that are lymphocytes.', false],
  ['monocytes_pct', 'Monocytes', '5905-5', 'Monocytes/100 leukocytes in Blood by Automated count', '%', 4, 'Share of white blood cells that are monocytes.', false],
  ['eosinophils_pct', 'Eosinophils', '713-8', 'Eosinophils/100 leukocytes in Blood by Automated count', '%', 4, 'Share of white blood cells that are eosinophils.', false],
  ['basophils_pct', 'Basophils', '706-2', 'Basophils/100 leukocytes in Blood by Automated count', '%', 4, 'Share of white blood cells that are basophils.', false],
  ['neutrophils_abs', 'Neutrophils (Absolute)', '751-8', 'Neutrophils [#/volume] in Blood by Automated count', '10^3/uL', 4, 'Absolute neutrophil count, key to infection risk.', false],
  ['lymphocytes_abs', 'Lymphocytes (Absolute)', '731-0', 'Lymphocytes [#/volume] in Blood by Automated count', '10^3/uL', 4, 'Absolute lymphocyte count.', false],
  ['monocytes_abs', 'Monocytes (Absolute)', '742-7', 'Monocytes [#/volume] in Blood by Automated count', '10^3/uL', 4, 'Absolute monocyte count.', false],
  ['eosinophils_abs', 'Eosinophils (Absolute)', '711-2', 'Eosinophils [#/volume] in Blood by Automated count', '10^3/uL', 4, 'Absolute eosinophil count, raised in allergy and parasitic infection.', false],
  ['basophils_abs', 'Basophils (Absolute)', '704-7', 'Basophils [#/volume] in Blood by Automated count', '10^3/uL', 4, 'Absolute basophil count.', false],
  ['reticulocytes', 'Reticulocyte Count', '4679-7', 'Reticulocytes/100 erythrocytes in Blood', '%', 12, 'Young red blood cells, reflecting bone marrow output.'],
  // --- Coagulation
  ['pt', 'Prothrombin Time (PT)', '5902-2', 'Prothrombin time (PT)', 's', 10, 'Clotting time of the extrinsic pathway, used to monitor warfarin.'],
  ['inr', 'INR', '6301-6', 'INR in Platelet poor plasma by Coagulation assay', null, 5, 'Standardized prothrombin time ratio.', false],
  ['ptt', 'Activated Partial Thromboplastin Time (aPTT)', '14979-9', 'aPTT in Platelet poor plasma by Coagulation assay', 's', 12, 'Clotting time of the intrinsic pathway, used to monitor heparin.'],
  ['d_dimer', 'D-Dimer, Quantitative', '48065-7', 'Fibrin D-dimer FEU [Mass/volume] in Platelet poor plasma', 'ng/mL FEU', 30, 'Fibrin breakdown product used to rule out blood clots.'],
  // --- Urine
  ['urine_color', 'Color, Urine', '5778-6', 'Color of Urine', null, 2, 'Visual color of the urine sample.', false],
  ['urine_appearance', 'Appearance, Urine', '5767-9', 'Appearance of Urine', null, 2, 'Clarity of the urine sample.', false],
  ['urine_specific_gravity', 'Specific Gravity, Urine', '5811-5', 'Specific gravity of Urine by Test strip', null, 2, 'Urine concentration, reflecting hydration and kidney concentrating ability.', false],
  ['urine_ph', 'pH, Urine', '5803-2', 'pH of Urine by Test strip', null, 2, 'Acidity of the urine.', false],
  ['urine_protein', 'Protein, Urine (Dipstick)', '5804-0', 'Protein [Mass/volume] in Urine by Test strip', 'mg/dL', 2, 'Dipstick protein, a screen for kidney damage.', false],
  ['urine_glucose', 'Glucose, Urine (Dipstick)', '5792-7', 'Glucose [Mass/volume] in Urine by Test strip', 'mg/dL', 2, 'Dipstick glucose, present when blood sugar is high.', false],
  ['urine_ketones', 'Ketones, Urine', '5797-6', 'Ketones [Mass/volume] in Urine by Test strip', 'mg/dL', 2, 'Fat breakdown products, present in fasting or diabetic ketoacidosis.', false],
  ['urine_blood', 'Occult Blood, Urine', '5794-3', 'Hemoglobin [Presence] in Urine by Test strip', null, 2, 'Dipstick blood, a screen for urinary tract bleeding.', false],
  ['urine_nitrite', 'Nitrite, Urine', '5802-4', 'Nitrite [Presence] in Urine by Test strip', null, 2, 'Product of bacteria, suggesting urinary tract infection.', false],
  ['urine_leukocyte_esterase', 'Leukocyte Esterase, Urine', '5799-2', 'Leukocyte esterase [Presence] in Urine by Test strip', null, 2, 'White blood cell enzyme, suggesting urinary tract infection.', false],
  ['urine_bilirubin', 'Bilirubin, Urine', '5770-3', 'Bilirubin.total [Presence] in Urine by Test strip', null, 2, 'Urine bilirubin, present in liver and bile duct disease.', false],
  ['urine_urobilinogen', 'Urobilinogen, Urine', '5818-0', 'Urobilinogen [Mass/volume] in Urine by Test strip', 'mg/dL', 2, 'Bilirubin breakdown product excreted in urine.', false],
  ['urine_albumin', 'Microalbumin, Urine', '14957-5', 'Microalbumin [Mass/volume] in Urine', 'mg/L', 15, 'Small amounts of albumin in urine, an early sign of kidney damage.'],
  ['urine_creatinine', 'Creatinine, Urine', '2161-8', 'Creatinine [Mass/volume] in Urine', 'mg/dL', 10, 'Urine creatinine used to normalize random urine measurements.'],
  ['uacr', 'Albumin/Creatinine Ratio, Urine', '14959-1', 'Microalbumin/Creatinine [Mass Ratio] in Urine', 'mg/g', 5, 'Urine albumin normalized to creatinine, the standard kidney damage screen.', false],
];

export const ANALYTES: readonly AnalyteDef[] = ANALYTE_ROWS.map(
  ([key, name, loinc, loincName, unit, price, description, alaCarte]) => ({
    key, name, loinc, loincName, unit, price, description, ...(alaCarte === undefined ? {} : { alaCarte }),
  }),
);

// ---------------------------------------------------------------------------
// Panels
// ---------------------------------------------------------------------------

export interface PanelDef {
  readonly key: string;
  readonly name: string;
  readonly price: number;
  readonly description: string;
  readonly components: readonly string[];
}

const CBC_CORE = ['wbc', 'rbc', 'hemoglobin', 'hematocrit', 'mcv', 'mch', 'mchc', 'rdw', 'platelets', 'mpv'];
const CBC_DIFF = ['neutrophils_pct', 'lymphocytes_pct', 'monocytes_pct', 'eosinophils_pct', 'basophils_pct',
  'neutrophils_abs', 'lymphocytes_abs', 'monocytes_abs', 'eosinophils_abs', 'basophils_abs'];
const BMP = ['glucose', 'bun', 'creatinine', 'egfr', 'bun_creatinine_ratio', 'sodium', 'potassium', 'chloride',
  'carbon_dioxide', 'calcium'];

export const PANELS: readonly PanelDef[] = [
  { key: 'lipid_panel', name: 'Lipid Panel', price: 18, description: 'Total, HDL, LDL and VLDL cholesterol with triglycerides for cardiovascular risk.',
    components: ['cholesterol_total', 'hdl', 'triglycerides', 'ldl_calc', 'vldl_calc', 'non_hdl', 'chol_hdl_ratio'] },
  { key: 'cmp', name: 'Comprehensive Metabolic Panel (CMP)', price: 15, description: 'Glucose, kidney and liver function, electrolytes and proteins in one chemistry panel.',
    components: [...BMP, 'total_protein', 'albumin', 'globulin', 'ag_ratio', 'bilirubin_total', 'alp', 'ast', 'alt'] },
  { key: 'bmp', name: 'Basic Metabolic Panel (BMP)', price: 12, description: 'Glucose, kidney function and electrolytes.',
    components: BMP },
  { key: 'cbc_diff', name: 'CBC with Differential/Platelet', price: 12, description: 'Complete blood count with white cell differential and platelets.',
    components: [...CBC_CORE, ...CBC_DIFF] },
  { key: 'cbc', name: 'CBC without Differential', price: 10, description: 'Red cells, white cell count, hemoglobin, hematocrit, indices and platelets.',
    components: CBC_CORE },
  { key: 'thyroid_panel', name: 'Thyroid Panel with TSH', price: 28, description: 'TSH, total T4, T3 uptake and free thyroxine index.',
    components: ['tsh', 'total_t4', 't3_uptake', 'fti'] },
  { key: 'thyroid_antibodies', name: 'Thyroid Antibodies Panel', price: 45, description: 'TPO and thyroglobulin antibodies to detect autoimmune thyroid disease.',
    components: ['tpo_ab', 'tg_ab'] },
  { key: 'hepatic_panel', name: 'Hepatic Function Panel', price: 14, description: 'Liver enzymes, bilirubin and proteins to assess liver health.',
    components: ['total_protein', 'albumin', 'bilirubin_total', 'bilirubin_direct', 'alp', 'ast', 'alt'] },
  { key: 'iron_panel', name: 'Iron Panel with Ferritin', price: 30, description: 'Serum iron, binding capacity, saturation and ferritin to assess iron status.',
    components: ['iron', 'tibc', 'uibc', 'iron_saturation', 'ferritin'] },
  { key: 'renal_panel', name: 'Renal Function Panel', price: 15, description: 'Kidney function, electrolytes, phosphorus and albumin.',
    components: [...BMP, 'phosphorus', 'albumin'] },
  { key: 'electrolyte_panel', name: 'Electrolyte Panel', price: 12, description: 'Sodium, potassium, chloride, bicarbonate and anion gap.',
    components: ['sodium', 'potassium', 'chloride', 'carbon_dioxide', 'anion_gap'] },
  { key: 'urinalysis', name: 'Urinalysis, Complete', price: 10, description: 'Physical and chemical dipstick examination of urine.',
    components: ['urine_color', 'urine_appearance', 'urine_specific_gravity', 'urine_ph', 'urine_protein', 'urine_glucose',
      'urine_ketones', 'urine_blood', 'urine_nitrite', 'urine_leukocyte_esterase', 'urine_bilirubin', 'urine_urobilinogen'] },
  { key: 'testosterone_free_total', name: 'Testosterone, Free and Total', price: 45, description: 'Total testosterone with free testosterone.',
    components: ['testosterone_total', 'testosterone_free'] },
  { key: 'psa_total_free', name: 'PSA, Total and Free', price: 40, description: 'Total PSA with free PSA and percent free PSA.',
    components: ['psa_total', 'psa_free', 'psa_free_percent'] },
  { key: 'hba1c_eag', name: 'Hemoglobin A1c with eAG', price: 16, description: 'Hemoglobin A1c reported with the estimated average glucose.',
    components: ['hba1c', 'eag'] },
  { key: 'b12_folate', name: 'Vitamin B12 and Folate', price: 28, description: 'Vitamin B12 and serum folate to evaluate anemia and neuropathy.',
    components: ['vitamin_b12', 'folate'] },
  { key: 'pt_inr', name: 'Prothrombin Time with INR', price: 12, description: 'Prothrombin time with the international normalized ratio.',
    components: ['pt', 'inr'] },
  { key: 'uacr_panel', name: 'Microalbumin/Creatinine Ratio, Random Urine', price: 22, description: 'Urine albumin, urine creatinine and their ratio to screen for kidney damage.',
    components: ['urine_albumin', 'urine_creatinine', 'uacr'] },
  { key: 'lipoprotein_panel', name: 'Apolipoprotein Panel', price: 45, description: 'Apolipoprotein B and A-1 to refine cardiovascular risk.',
    components: ['apob', 'apoa1'] },
  { key: 'hepatitis_panel', name: 'Hepatitis B and C Screen', price: 35, description: 'Hepatitis B surface antigen and hepatitis C antibody.',
    components: ['hbsag', 'hcv_ab'] },
  { key: 'immunoglobulins_panel', name: 'Immunoglobulins (IgA, IgG, IgM)', price: 40, description: 'Quantitative IgA, IgG and IgM antibody levels.',
    components: ['iga', 'igg', 'igm'] },
];

// ---------------------------------------------------------------------------
// Per-lab availability, codes and prices
// ---------------------------------------------------------------------------

/** Sonora Quest (regional lab) offers a routine subset; panels follow their components. */
const SONORA_QUEST_KEYS: ReadonlySet<string> = new Set([
  'glucose', 'hba1c', 'eag', 'bun', 'creatinine', 'egfr', 'bun_creatinine_ratio', 'sodium', 'potassium', 'chloride',
  'carbon_dioxide', 'anion_gap', 'calcium', 'total_protein', 'albumin', 'globulin', 'ag_ratio', 'bilirubin_total',
  'bilirubin_direct', 'alp', 'ast', 'alt', 'ggt', 'phosphorus', 'magnesium', 'uric_acid', 'insulin',
  'cholesterol_total', 'hdl', 'ldl_calc', 'triglycerides', 'vldl_calc', 'non_hdl', 'chol_hdl_ratio', 'apob',
  'lpa', 'hs_crp', 'crp', 'esr', 'iron', 'tibc', 'uibc', 'iron_saturation', 'ferritin', 'vitamin_b12', 'folate',
  'vitamin_d', 'tsh', 'free_t4', 'total_t4', 'free_t3', 't3_uptake', 'fti', 'tpo_ab', 'testosterone_total',
  'testosterone_free', 'estradiol', 'progesterone', 'lh', 'fsh', 'prolactin', 'dhea_s', 'cortisol', 'psa_total',
  'psa_free', 'psa_free_percent', ...CBC_CORE, ...CBC_DIFF,
  'urine_color', 'urine_appearance', 'urine_specific_gravity', 'urine_ph', 'urine_protein', 'urine_glucose',
  'urine_ketones', 'urine_blood', 'urine_nitrite', 'urine_leukocyte_esterase', 'urine_bilirubin', 'urine_urobilinogen',
]);

export interface LabProfile {
  readonly slug: LabSlug;
  /** Price multiplier applied to the base (Labcorp) price. */
  readonly priceFactor: number;
  /** Known / hand-assigned test codes by analyte or panel key. */
  readonly codes: Readonly<Record<string, string>>;
  /** Deterministic generator for the remaining codes (collisions are skipped). */
  readonly generate: (n: number) => string;
  readonly offers: (key: string) => boolean;
}

export const LAB_PROFILES: readonly LabProfile[] = [
  {
    slug: 'labcorp', priceFactor: 1,
    codes: {
      glucose: '001818', hba1c: '001453', tsh: '004259', free_t4: '001974', lipid_panel: '303756', cmp: '322000',
      bmp: '322758', cbc_diff: '005009', cbc: '027580', hepatic_panel: '322755', iron_panel: '001321',
      ferritin: '004598', vitamin_d: '081950', vitamin_b12: '001503', folate: '002014', b12_folate: '000810',
      hs_crp: '120766', homocysteine: '706994', insulin: '004333', lpa: '120188', apob: '167015',
      testosterone_total: '004226', testosterone_free: '144980', testosterone_free_total: '140103',
      estradiol: '004515', psa_total: '010322', magnesium: '001537', uric_acid: '001057', cortisol: '004051',
      dhea_s: '004020', progesterone: '004317', fsh: '004309', lh: '004283', prolactin: '004465', shbg: '082016',
      free_t3: '010389', total_t3: '002188', reverse_t3: '070104', tpo_ab: '006676', tg_ab: '006685',
      thyroid_panel: '000620', urinalysis: '003038', esr: '005215', crp: '006627', ast: '001123', alt: '001545',
      ggt: '001958', creatinine: '001370', bun: '001040', sodium: '001198', potassium: '001180', chloride: '001206',
      calcium: '001016', phosphorus: '001024', albumin: '001081', total_protein: '001073', alp: '001107',
      bilirubin_total: '001099', ldh: '001115', amylase: '001691', lipase: '001362', renal_panel: '322777',
      pt_inr: '005199', uacr_panel: '140285', hbsag: '006510', hcv_ab: '140659', hiv: '083935', rpr: '012005',
    },
    generate: (n) => String(500_003 + n * 17).padStart(6, '0'),
    offers: () => true,
  },
  {
    slug: 'quest', priceFactor: 1.1,
    codes: {
      glucose: '483', hba1c: '496', tsh: '899', free_t4: '866', lipid_panel: '7600', cmp: '10231', bmp: '10165',
      cbc_diff: '6399', hepatic_panel: '10256', iron_panel: '7573', ferritin: '457', vitamin_d: '17306',
      vitamin_b12: '927', folate: '466', hs_crp: '10124', homocysteine: '31789', insulin: '561', lpa: '34604',
      apob: '7024', testosterone_total: '15983', testosterone_free_total: '36170', estradiol: '30289',
      psa_total: '5363', magnesium: '622', uric_acid: '905', cortisol: '367', dhea_s: '402', progesterone: '745',
      fsh: '470', lh: '615', prolactin: '746', shbg: '30740', free_t3: '34429', total_t3: '859',
      reverse_t3: '90963', tpo_ab: '5081', tg_ab: '267', thyroid_panel: '7444', urinalysis: '5463', esr: '809',
      crp: '4420', ast: '822', alt: '823', ggt: '482', creatinine: '375', bun: '294', sodium: '836',
      potassium: '733', chloride: '330', calcium: '303', phosphorus: '718', albumin: '223', total_protein: '754',
      alp: '234', bilirubin_total: '287', ldh: '593', amylase: '243', lipase: '606', ck: '374', pt_inr: '8847',
      ptt: '763', uacr_panel: '6517', hbsag: '498', hcv_ab: '8472', hiv: '91431', rpr: '36126',
    },
    generate: (n) => String(92_011 + n * 23),
    offers: () => true,
  },
  {
    slug: 'bioreference', priceFactor: 0.9,
    codes: {},
    generate: (n) => String(1_004 + n * 7),
    offers: () => true,
  },
  {
    slug: 'sonora_quest', priceFactor: 0.85,
    codes: {},
    generate: (n) => `SQ${String(3_001 + n * 11)}`,
    offers: (key) => SONORA_QUEST_KEYS.has(key),
  },
];

// ---------------------------------------------------------------------------
// Lab tests (named panels of each lab; built in catalog.ts)
// ---------------------------------------------------------------------------

export interface LabTestDef {
  readonly id: string;
  readonly lab: LabSlug;
  readonly name: string;
  readonly keys: readonly string[];
}

const ESSENTIAL = ['cmp', 'lipid_panel', 'cbc_diff', 'hba1c', 'tsh'];
const HEART = ['lipid_panel', 'apob', 'lpa', 'hs_crp'];
const MENS = ['testosterone_free_total', 'estradiol', 'psa_total', 'shbg'];
const WOMENS = ['estradiol', 'progesterone', 'fsh', 'lh', 'tsh', 'ferritin'];
const THYROID = ['tsh', 'free_t4', 'free_t3', 'tpo_ab'];

export const LAB_TEST_DEFS: readonly LabTestDef[] = [
  { id: 'a10dadff-5984-40a9-b723-fa1fc9bab88a', lab: 'labcorp', name: 'Essential Health Panel', keys: ESSENTIAL },
  { id: '477de452-d4f9-43d4-94f4-66261d99a061', lab: 'labcorp', name: 'Heart Health Panel', keys: HEART },
  { id: 'bfdd6648-018f-48d1-baa3-18864358e979', lab: 'labcorp', name: "Men's Hormone Panel", keys: MENS },
  { id: 'c0788396-982a-4bd0-84cd-6fbcee9c30e8', lab: 'labcorp', name: "Women's Hormone Panel", keys: WOMENS },
  { id: 'df0ad278-f00a-4e06-a1b7-ea86ea826007', lab: 'labcorp', name: 'Thyroid Complete', keys: THYROID },
  { id: 'c691a459-566f-4d1b-8bbc-cd09b2b9e406', lab: 'quest', name: 'Essential Health Panel', keys: ESSENTIAL },
  { id: '65adc6ce-5999-4fa9-9f1e-f87cf63c9655', lab: 'quest', name: 'Heart Health Panel', keys: HEART },
  { id: '44ac6d86-4eee-429f-b02d-e11231e7b016', lab: 'quest', name: "Men's Hormone Panel", keys: MENS },
  { id: '275b1c3c-1e01-4291-a096-b6fd13ba7dd3', lab: 'quest', name: "Women's Hormone Panel", keys: WOMENS },
  { id: '63942bbd-cbc6-43dd-b2ad-058413a3ba06', lab: 'quest', name: 'Thyroid Complete', keys: THYROID },
  { id: '889076db-6363-4c71-9210-b03d83c41eb9', lab: 'bioreference', name: 'Essential Health Panel', keys: ESSENTIAL },
  { id: 'd6f94d83-cc1c-4186-85dd-e136e692e7cf', lab: 'bioreference', name: 'Heart Health Panel', keys: HEART },
  { id: '3860c036-5d66-4a20-9c14-f1deac9fd6f6', lab: 'bioreference', name: "Men's Hormone Panel", keys: MENS },
  { id: 'c3a1432b-f1bf-4f3f-9297-7ee2966e1f7f', lab: 'sonora_quest', name: 'Essential Health Panel', keys: ESSENTIAL },
  { id: '06b65bfd-84f1-405b-ae49-f53b022ab345', lab: 'sonora_quest', name: 'Thyroid Complete', keys: THYROID },
];
